/* pidfd_send_signal through a descriptor of a /proc/PID directory, which
 * Linux takes as a pidfd of that process (psmisc's killall signals so): a
 * forked child is killed by SIGTERM sent that way, and the caller lives
 * on; a /proc/PID/task directory is not a pidfd (EBADF). Compared with
 * qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif

int main(void) {
	setvbuf(stdout, NULL, _IOLBF, 0);
	int p[2];
	pipe(p);
	pid_t c = fork();
	if (c == 0) {
		close(p[0]);
		write(p[1], "r", 1);
		for (;;)
			pause();
	}
	char ch, path[64];
	read(p[0], &ch, 1);
	snprintf(path, sizeof path, "/proc/%d/task", (int)c);
	int task = open(path, O_RDONLY | O_DIRECTORY);
	res("a task directory", syscall(SYS_pidfd_send_signal, task, SIGTERM, NULL, 0));
	snprintf(path, sizeof path, "/proc/%d", (int)c);
	int fd = open(path, O_RDONLY | O_DIRECTORY);
	res("signal 0", syscall(SYS_pidfd_send_signal, fd, 0, NULL, 0));
	res("SIGTERM", syscall(SYS_pidfd_send_signal, fd, SIGTERM, NULL, 0));
	int st;
	waitpid(c, &st, 0);
	printf("child killed by %d\n", WIFSIGNALED(st) ? WTERMSIG(st) : -1);
	res("after the reap", syscall(SYS_pidfd_send_signal, fd, 0, NULL, 0));
	printf("caller still here\n");
	return 0;
}
