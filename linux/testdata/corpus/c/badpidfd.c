/* pidfd_open, pidfd_send_signal and pidfd_getfd with bad arguments: flags, pids that
   are not processes, descriptors that are not pidfds, signal numbers,
   a bad siginfo pointer. Compared with qemu-user. */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	res("pidfd_open pid -1", syscall(SYS_pidfd_open, -1, 0));
	res("pidfd_open pid 0", syscall(SYS_pidfd_open, 0, 0));
	res("pidfd_open flags 1", syscall(SYS_pidfd_open, getpid(), 1));
	res("pidfd_open unused pid", syscall(SYS_pidfd_open, 0x3ffffff0, 0));
	int fd = syscall(SYS_pidfd_open, getpid(), 0);
	int p[2];
	pipe(p);
	res("pidfd_send_signal fd -1", syscall(SYS_pidfd_send_signal, -1, 0, 0, 0));
	res("pidfd_send_signal closed fd", syscall(SYS_pidfd_send_signal, 99, 0, 0, 0));
	res("pidfd_send_signal a pipe", syscall(SYS_pidfd_send_signal, p[0], 0, 0, 0));
	/* Linux 6.9 gave meaning to flags 1, 2 and 4 (PIDFD_SIGNAL_*); 0x100 is
	   invalid to all. */
	res("pidfd_send_signal flags 0x100", syscall(SYS_pidfd_send_signal, fd, 0, 0, 0x100));
	res("pidfd_send_signal signal 99", syscall(SYS_pidfd_send_signal, fd, 99, 0, 0));
	res("pidfd_send_signal signal -1", syscall(SYS_pidfd_send_signal, fd, -1, 0, 0));
	res("pidfd_send_signal bad siginfo", syscall(SYS_pidfd_send_signal, fd, SIGUSR1, (void *)16, 0));
	res("pidfd_getfd flags 1", syscall(SYS_pidfd_getfd, fd, 0, 1));
	res("pidfd_getfd fd -1", syscall(SYS_pidfd_getfd, -1, 0, 0));
	res("pidfd_getfd a pipe", syscall(SYS_pidfd_getfd, p[0], 0, 0));
	res("pidfd_getfd target -1", syscall(SYS_pidfd_getfd, fd, -1, 0));
	res("pidfd_getfd target 999", syscall(SYS_pidfd_getfd, fd, 999, 0));
	return 0;
}
