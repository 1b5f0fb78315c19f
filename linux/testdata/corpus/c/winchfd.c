/* A window size change of a session's terminal (TIOCSWINSZ on the
 * pseudo-terminal master) reaches the foreground group of the session as
 * SIGWINCH: here a session leader, not the runner's first process, that
 * blocks every signal and waits in poll on a signalfd of SIGWINCH, as
 * util-linux's script(1) does (the signalfd readable, no EINTR), then in
 * sigtimedwait for a second change, as Python's signal.sigwait (SIGWINCH
 * is ignored by default, but not while sigtimedwait waits for it: Linux's
 * real_blocked). Compared with qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>
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
	int up[2], down[2];
	pipe(up);
	pipe(down);
	pid_t c = fork();
	if (c == 0) {
		sigset_t all, w;
		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, NULL);
		setsid();
		int s = open(ptsname(m), O_RDWR);
		sigemptyset(&w);
		sigaddset(&w, SIGWINCH);
		sigaddset(&w, SIGCHLD);
		int sfd = signalfd(-1, &w, SFD_CLOEXEC);
		write(up[1], "r", 1);
		struct pollfd p[2] = {{.fd = down[0], .events = POLLIN}, {.fd = sfd, .events = POLLIN}};
		res("child: poll", poll(p, 2, 10000));
		printf("child: revents %#x %#x\n", p[0].revents, p[1].revents);
		struct signalfd_siginfo si;
		res("child: read signalfd", read(sfd, &si, sizeof si));
		printf("child: ssi_signo %s, code %d\n", si.ssi_signo == SIGWINCH ? "SIGWINCH" : "other", si.ssi_code);
		struct winsize ws;
		ioctl(s, TIOCGWINSZ, &ws);
		printf("child: size %dx%d\n", ws.ws_row, ws.ws_col);
		write(up[1], "r", 1);
		struct timespec ts = {10, 0};
		siginfo_t info;
		int r = sigtimedwait(&w, &info, &ts);
		res("child: sigtimedwait", r);
		printf("child: %s, si_code %d\n", r == SIGWINCH ? "SIGWINCH" : r == SIGCHLD ? "SIGCHLD" : "other", info.si_code);
		ioctl(s, TIOCGWINSZ, &ws);
		printf("child: size %dx%d\n", ws.ws_row, ws.ws_col);
		_exit(0);
	}
	/* The parent prints after the child ends: one writer at a time. */
	char b;
	read(up[0], &b, 1);
	struct winsize ws = {.ws_row = 30, .ws_col = 100};
	int r1 = ioctl(m, TIOCSWINSZ, &ws);
	read(up[0], &b, 1);
	ws.ws_row = 40;
	int r2 = ioctl(m, TIOCSWINSZ, &ws);
	int st;
	waitpid(c, &st, 0);
	res("parent: TIOCSWINSZ", r1);
	res("parent: TIOCSWINSZ again", r2);
	printf("parent: child status %#x\n", st);
	return 0;
}
