/* signalfd: reading the process's pending (blocked) signals as
 * signalfd_siginfo records, non-blocking and blocking, poll readiness,
 * changing the mask of an existing signalfd, and the error paths. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "res.h"

/* ssi_int is shown for little-endian only: on big-endian qemu-user 7.2
 * reports 0 where Linux copies sival_int (the first 4 bytes of the
 * sigval union, 42 and 43 here). */
static void show(struct signalfd_siginfo *s) {
	int v = 0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (s->ssi_code == SI_QUEUE)
		v = s->ssi_int;
#endif
	printf("  signo=%u code=%d pid-ok=%d int=%d\n", s->ssi_signo, s->ssi_code, s->ssi_pid == (unsigned)getpid(), v);
}

static int readable(int fd) {
	struct pollfd p = {fd, POLLIN, 0};
	return poll(&p, 1, 0);
}

static void *sender(void *arg) {
	struct timespec ts = {0, 20000000};
	nanosleep(&ts, 0);
	kill(getpid(), SIGUSR1);
	return arg;
}

static int rfd;

static void *reader(void *arg) {
	struct signalfd_siginfo si;
	res("other thread reads", read(rfd, &si, sizeof si));
	if (arg)
		show(&si);
	return 0;
}

int main(void) {
	sigset_t block, mask;
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigaddset(&block, SIGUSR2);
	sigaddset(&block, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &block, 0);
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	sigaddset(&mask, SIGRTMIN);
	int fd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	res("signalfd", fd);
	struct signalfd_siginfo si[3];
	res("read nothing pending", read(fd, si, sizeof si));
	printf("  readable=%d\n", readable(fd));

	raise(SIGUSR1);
	printf("  readable after raise=%d\n", readable(fd));
	res("read", read(fd, si, sizeof si));
	show(&si[0]);
	printf("  readable after read=%d\n", readable(fd));

	union sigval v;
	v.sival_int = 42;
	sigqueue(getpid(), SIGRTMIN, v);
	v.sival_int = 43;
	sigqueue(getpid(), SIGRTMIN, v);
	res("read two queued", read(fd, si, sizeof si));
	show(&si[0]);
	show(&si[1]);

	raise(SIGUSR2);
	res("read signal outside the mask", read(fd, si, sizeof si));
	sigset_t pend;
	sigpending(&pend);
	printf("  SIGUSR2 pending=%d\n", sigismember(&pend, SIGUSR2));
	sigaddset(&mask, SIGUSR2);
	res("signalfd new mask", signalfd(fd, &mask, 0));
	printf("  readable=%d\n", readable(fd));
	res("read", read(fd, si, sizeof si));
	show(&si[0]);
	sigpending(&pend);
	printf("  SIGUSR2 pending=%d\n", sigismember(&pend, SIGUSR2));

	/* A dup reads the same signals. */
	int d = dup(fd);
	raise(SIGUSR1);
	res("read through dup", read(d, si, sizeof si));
	show(&si[0]);
	close(d);

	/* Blocking read, woken by a signal another thread sends. */
	int bfd = signalfd(-1, &mask, 0);
	pthread_t th;
	pthread_create(&th, 0, sender, 0);
	res("blocking read", read(bfd, si, sizeof si[0]));
	show(&si[0]);
	pthread_join(th, 0);

	/* A process-directed signal is there for every thread's read; one
	 * sent to the main thread only for the main thread's. */
	rfd = fd;
	kill(getpid(), SIGUSR1);
	pthread_create(&th, 0, reader, &rfd);
	pthread_join(th, 0);
	pthread_kill(pthread_self(), SIGUSR2);
	pthread_create(&th, 0, reader, 0);
	pthread_join(th, 0);
	res("main thread reads", read(fd, si, sizeof si));
	show(&si[0]);

	/* Errors. */
	res("read short buffer", read(fd, si, 64));
	res("bad fd", signalfd(99, &mask, 0));
	int p[2];
	pipe(p);
	res("not a signalfd", signalfd(p[0], &mask, 0));
	res("bad flags", signalfd(-1, &mask, 0x10));
	res("bad mask pointer", syscall(SYS_signalfd4, -1, (void *)8, 8, 0));
	/* (A mask size other than 8: EINVAL on Linux, accepted by qemu-user
	 * 7.2.) */
	raise(SIGUSR1);
	void *volatile bad = (void *)8;
	res("read into bad buffer", read(fd, bad, sizeof si[0]));
	return 0;
}
