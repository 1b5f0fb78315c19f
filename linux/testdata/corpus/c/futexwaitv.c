/* futex_waitv(2) (Linux 5.16; qemu-user 7.2 answers ENOSYS): one thread
 * waits on three futex words, the middle one private; the main thread
 * wakes that one with FUTEX_WAKE_PRIVATE, repeating the wake until it
 * woke a waiter (the handshake: no sleep), and the call returns its
 * index, 1; then the same with the last, shared word and FUTEX_WAKE (2).
 * A word that differs is EAGAIN; an absolute deadline already past on
 * CLOCK_MONOTONIC or CLOCK_REALTIME, or 2 ms ahead, is ETIMEDOUT. A signal
 * restarts the wait as ERESTARTSYS does: with an SA_RESTART handler the
 * wait goes on (and is woken, index 0), without SA_RESTART it fails with
 * EINTR (the main thread sends the signal until the wait has ended).
 *
 * futexwaitv.expected is a native run of this program on x86-64 Linux
 * 6.18 (the call is architecture-independent; no output depends on when
 * the threads run). */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

#ifndef SYS_futex_waitv
#define SYS_futex_waitv 449
#endif

struct waitv {
	uint64_t val, uaddr;
	uint32_t flags, reserved;
};

static uint32_t words[3];
static struct waitv w[3];
static volatile sig_atomic_t seen;
static volatile int done;

static void handler(int sig) { seen = sig; }

static long waitv(int n, const struct timespec *ts, int clock) {
	return syscall(SYS_futex_waitv, w, n, 0, ts, clock);
}

static void *waiter(void *arg) {
	long r = waitv(3, NULL, 0);
	printf("%s: ", (const char *)arg);
	res("futex_waitv", r);
	done = 1;
	return NULL;
}

static long wake(int i, int private) {
	return syscall(SYS_futex, &words[i], FUTEX_WAKE | (private ? FUTEX_PRIVATE_FLAG : 0), 1, NULL, NULL, 0);
}

/* run starts a waiter and wakes word i once it is queued. */
static void run(const char *what, int i, int private) {
	pthread_t th;
	pthread_create(&th, NULL, waiter, (void *)what);
	while (wake(i, private) != 1)
		sched_yield();
	pthread_join(th, NULL);
}

/* interrupted starts a waiter and sends it SIGUSR1: with SA_RESTART
   until its handler has run, then it wakes word 0 until the waiter
   returns; without, until the waiter returns (a signal that came before
   the wait began is not the one that ends it). */
static void interrupted(const char *what, int flags) {
	struct sigaction sa = {.sa_handler = handler, .sa_flags = flags};
	sigaction(SIGUSR1, &sa, NULL);
	seen = done = 0;
	pthread_t th;
	pthread_create(&th, NULL, waiter, (void *)what);
	while (flags ? !seen : !done) {
		pthread_kill(th, SIGUSR1);
		sched_yield();
	}
	while (!done) {
		wake(0, 0);
		sched_yield();
	}
	pthread_join(th, NULL);
}

int main(void) {
	for (int i = 0; i < 3; i++) {
		words[i] = 10 + i;
		w[i] = (struct waitv){.val = 10 + i, .uaddr = (uintptr_t)&words[i], .flags = FUTEX_32};
	}
	w[1].flags |= FUTEX_PRIVATE_FLAG;
	run("woken at index 1 (private)", 1, 1);
	run("woken at index 2 (shared)", 2, 0);
	words[2] = 99;
	res("a word differs", waitv(3, NULL, 0));
	words[2] = 12;
	struct timespec ts = {0, 1};
	res("CLOCK_MONOTONIC deadline past", waitv(3, &ts, CLOCK_MONOTONIC));
	res("CLOCK_REALTIME deadline past", waitv(3, &ts, CLOCK_REALTIME));
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_nsec += 2000000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	res("CLOCK_MONOTONIC deadline 2 ms ahead", waitv(3, &ts, CLOCK_MONOTONIC));
	interrupted("SA_RESTART, then woken at index 0", SA_RESTART);
	interrupted("no SA_RESTART", 0);
	return 0;
}
