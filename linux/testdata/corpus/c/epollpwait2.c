/* epoll_pwait2(2) (Linux 5.11; qemu-user 7.2 answers ENOSYS): epoll_pwait
 * with a struct __kernel_timespec timeout. A zero timeout and a short one
 * find nothing ready (0); a NULL one waits until another thread writes to
 * the watched pipe, which it does once the waiter has told it (through a
 * second pipe) that it is about to wait, and the event is reported; the
 * signal mask is the call's own: a SIGUSR1 blocked in the thread and sent
 * to it before the call is delivered in it, whose handler runs (EINTR),
 * and the thread's mask is its own again afterwards.
 *
 * epollpwait2.expected is a native run of this program on x86-64 Linux
 * 6.18 (the call is architecture-independent; no output depends on when
 * the threads run). */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

#ifndef SYS_epoll_pwait2
#define SYS_epoll_pwait2 441
#endif

static int ep, data[2], tell[2], go[2];
static volatile sig_atomic_t ran;

static void handler(int sig) { ran = sig; }

static long pwait2(struct epoll_event *ev, const struct timespec *ts, const sigset_t *mask) {
	return syscall(SYS_epoll_pwait2, ep, ev, 4, ts, mask, mask ? 8 : 0);
}

static void *waiter(void *arg) {
	(void)arg;
	struct epoll_event ev[4];
	write(tell[1], "w", 1);
	long n = pwait2(ev, NULL, NULL);
	res("NULL timeout, written by the other thread", n);
	if (n == 1)
		printf("event %#x for fd %s\n", ev[0].events, ev[0].data.fd == data[0] ? "data[0]" : "?");
	return NULL;
}

static void *sigwaiter(void *arg) {
	(void)arg;
	sigset_t usr1, none, now;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigemptyset(&none);
	pthread_sigmask(SIG_BLOCK, &usr1, NULL);
	write(tell[1], "s", 1);
	char c;
	read(go[0], &c, 1); /* the signal is pending */
	struct epoll_event ev[4];
	res("NULL timeout, SIGUSR1 unblocked by the call's mask", pwait2(ev, NULL, &none));
	printf("handler ran: %d\n", ran == SIGUSR1);
	pthread_sigmask(SIG_BLOCK, NULL, &now);
	printf("SIGUSR1 blocked again: %d\n", sigismember(&now, SIGUSR1));
	return NULL;
}

int main(void) {
	ep = epoll_create1(0);
	pipe(data);
	pipe(tell);
	pipe(go);
	struct epoll_event e = {.events = EPOLLIN, .data.fd = data[0]}, ev[4];
	epoll_ctl(ep, EPOLL_CTL_ADD, data[0], &e);
	struct timespec zero = {0, 0}, short_ = {0, 2000000};
	res("zero timeout", pwait2(ev, &zero, NULL));
	res("2 ms timeout", pwait2(ev, &short_, NULL));
	pthread_t th;
	pthread_create(&th, NULL, waiter, NULL);
	char c;
	read(tell[0], &c, 1);
	write(data[1], "x", 1);
	pthread_join(th, NULL);
	res("zero timeout, still ready", pwait2(ev, &zero, NULL));
	read(data[0], &c, 1);

	struct sigaction sa = {.sa_handler = handler};
	sigaction(SIGUSR1, &sa, NULL);
	pthread_create(&th, NULL, sigwaiter, NULL);
	read(tell[0], &c, 1);
	pthread_kill(th, SIGUSR1);
	write(go[1], "p", 1);
	pthread_join(th, NULL);
	return 0;
}
