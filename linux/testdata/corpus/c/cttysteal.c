/* TIOCSCTTY's steal (tiocsctty): a session leader of another session
 * takes a terminal a session already controls with arg 1 when it has
 * CAP_SYS_ADMIN (arg 0: EPERM), and every process of the old session loses
 * it. Root's output (the runner's rootOnly list): another user gets EPERM
 * for arg 1 too. Compared with qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(20);
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	grantpt(m);
	unlockpt(m);
	pid_t a = fork();
	if (a == 0) {
		setsid();
		signal(SIGHUP, SIG_IGN);
		int s = open(ptsname(m), O_RDWR);
		printf("A holds it: %d\n", tcgetpgrp(s) == getpgrp());
		pid_t b = fork();
		if (b == 0) {
			setsid();
			signal(SIGHUP, SIG_IGN);
			res("B: TIOCSCTTY 0", ioctl(s, TIOCSCTTY, 0));
			res("B: TIOCSCTTY 1", ioctl(s, TIOCSCTTY, 1));
			printf("B: in the foreground %d\n", tcgetpgrp(s) == getpgrp());
			_exit(0);
		}
		waitpid(b, NULL, 0);
		res("A: tcgetpgrp after the steal", tcgetpgrp(s));
		res("A: open /dev/tty", open("/dev/tty", O_RDWR));
		_exit(0);
	}
	waitpid(a, NULL, 0);
	return 0;
}
