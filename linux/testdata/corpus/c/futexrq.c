/* FUTEX_CMP_REQUEUE and the waiters it moves: a waiter requeued from f1 to
 * f2 is woken by FUTEX_WAKE on f2; one with a timeout that expires after
 * the requeue leaves f2's queue (a later wake of f2 finds nobody), as
 * Linux's futex_wait_queue unqueues it from the queue it is in. The main
 * thread requeues until the call reports the waiter moved (the waiter is
 * queued by then), so no ordering depends on time; the timed waiter waits
 * again until told it was moved, in case its wait ended before. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

static uint32_t f1, f2;
static volatile int moved, timedout, woke;

static long futex(uint32_t *uaddr, int op, uint32_t val, const struct timespec *ts, uint32_t *uaddr2, uint32_t val3) {
	return syscall(SYS_futex, uaddr, op | FUTEX_PRIVATE_FLAG, val, ts, uaddr2, val3);
}

static void *plain(void *arg) {
	(void)arg;
	long r;
	do
		r = futex(&f1, FUTEX_WAIT, 0, NULL, NULL, 0);
	while (!moved);
	woke = r == 0;
	return NULL;
}

static void *timed(void *arg) {
	(void)arg;
	struct timespec ts = {0, 200 * 1000 * 1000};
	long r;
	int e;
	do {
		r = futex(&f1, FUTEX_WAIT, 0, &ts, NULL, 0);
		e = errno;
	} while (!moved);
	timedout = r == -1 && e == ETIMEDOUT;
	return NULL;
}

/* requeue moves the one waiter of f1 to f2, retrying until it is queued. */
static void requeue(void) {
	long r;
	while ((r = futex(&f1, FUTEX_CMP_REQUEUE, 0, (const struct timespec *)(uintptr_t)1, &f2, 0)) == 0)
		sched_yield();
	printf("requeue: %ld\n", r);
	moved = 1;
}

int main(void) {
	pthread_t a;
	pthread_create(&a, NULL, plain, NULL);
	requeue();
	res("wake f1 after the requeue", futex(&f1, FUTEX_WAKE, 1, NULL, NULL, 0));
	long r;
	while ((r = futex(&f2, FUTEX_WAKE, 1, NULL, NULL, 0)) == 0)
		sched_yield(); /* the waiter may have left to wait again */
	printf("wake f2: %ld\n", r);
	pthread_join(a, NULL);
	printf("requeued waiter woken: %d\n", woke);

	moved = 0;
	pthread_create(&a, NULL, timed, NULL);
	requeue();
	pthread_join(a, NULL);
	printf("requeued waiter timed out: %d\n", timedout);
	res("wake f2 after the timeout", futex(&f2, FUTEX_WAKE, 1, NULL, NULL, 0));
	res("wake f1 after the timeout", futex(&f1, FUTEX_WAKE, 1, NULL, NULL, 0));
	return 0;
}
