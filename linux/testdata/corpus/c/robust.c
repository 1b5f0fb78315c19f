/* Robust mutexes: a thread that exits holding one leaves it
   FUTEX_OWNER_DIED, and the next locker (one that was already waiting,
   or one that comes later) gets EOWNERDEAD; set_robust_list and
   get_robust_list as Linux answers them. Under qemu-user 7.2
   set_robust_list is ENOSYS, so glibc refuses robust mutexes (ENOTSUP):
   robust.expected is Linux's output, from kernel/futex/core.c
   (exit_robust_list, handle_futex_death) and glibc's
   pthread_mutex_lock(3). The handshakes use the futex word, not time. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static pthread_mutex_t m1, m2;
static volatile int b_started;

static const char *err(int e) {
	switch (e) {
	case 0: return "0";
	case EOWNERDEAD: return "EOWNERDEAD";
	case ENOTRECOVERABLE: return "ENOTRECOVERABLE";
	case ENOTSUP: return "ENOTSUP";
	case EINVAL: return "EINVAL";
	case ESRCH: return "ESRCH";
	}
	return strerror(e);
}

static void *die_holding(void *arg) {
	pthread_mutex_t *m = arg;
	pthread_mutex_lock(m);
	if (m == &m2) {
		/* Exit only once the waiter sleeps on the futex (glibc then
		   has set FUTEX_WAITERS in the lock word). */
		while ((m2.__data.__lock & 0x80000000u) == 0)
			sched_yield();
	}
	return NULL; /* exits holding m */
}

static void *wait_for(void *arg) {
	b_started = 1;
	int r = pthread_mutex_lock(&m2);
	printf("waiter: lock %s", err(r));
	if (r == EOWNERDEAD)
		printf(", consistent %s", err(pthread_mutex_consistent(&m2)));
	printf(", unlock %s\n", err(pthread_mutex_unlock(&m2)));
	return NULL;
}

int main(void) {
	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	printf("init: %s\n", err(pthread_mutex_init(&m1, &a)));
	pthread_mutex_init(&m2, &a);

	/* The owner dies; a later locker gets EOWNERDEAD. */
	pthread_t t;
	pthread_create(&t, NULL, die_holding, &m1);
	pthread_join(t, NULL);
	int r = pthread_mutex_lock(&m1);
	printf("after owner died: lock %s", err(r));
	if (r == EOWNERDEAD)
		printf(", consistent %s", err(pthread_mutex_consistent(&m1)));
	printf(", unlock %s", err(pthread_mutex_unlock(&m1)));
	printf(", lock again %s", err(pthread_mutex_lock(&m1)));
	printf(", unlock %s\n", err(pthread_mutex_unlock(&m1)));

	/* A live owner unlocks while another thread waits: an ordinary
	   hand-over. */
	pthread_t owner, waiter;
	pthread_mutex_lock(&m2);
	pthread_create(&waiter, NULL, wait_for, NULL);
	while (!b_started || (m2.__data.__lock & 0x80000000u) == 0)
		sched_yield();
	pthread_mutex_unlock(&m2);
	pthread_join(waiter, NULL);

	/* The owner dies while another thread waits on the futex: the
	   waiter is woken with EOWNERDEAD. The owner (die_holding on m2)
	   exits once the waiter sleeps. */
	pthread_mutex_destroy(&m2);
	pthread_mutex_init(&m2, &a);
	pthread_create(&owner, NULL, die_holding, &m2);
	while ((m2.__data.__lock & 0x3fffffff) == 0) /* the owner's tid */
		sched_yield();
	pthread_create(&waiter, NULL, wait_for, NULL);
	pthread_join(owner, NULL);
	pthread_join(waiter, NULL);

	/* A mutex left inconsistent (unlocked without
	   pthread_mutex_consistent) is not recoverable. */
	pthread_create(&t, NULL, die_holding, &m1);
	pthread_join(t, NULL);
	r = pthread_mutex_lock(&m1);
	printf("unlock without consistent: lock %s, unlock %s", err(r), err(pthread_mutex_unlock(&m1)));
	printf(", lock again %s\n", err(pthread_mutex_lock(&m1)));

	/* The system calls themselves. */
	void *head = NULL;
	size_t len = 0;
	long g = syscall(SYS_get_robust_list, 0, &head, &len);
	printf("get_robust_list: %ld, head %s, len %zu\n", g, head ? "set" : "NULL", len);
	long s = syscall(SYS_set_robust_list, head, len + 1);
	printf("set_robust_list with a bad length: %ld %s\n", s, s < 0 ? err(errno) : "");
	g = syscall(SYS_get_robust_list, 999999, &head, &len);
	printf("get_robust_list of no such thread: %ld %s\n", g, err(errno));
	return 0;
}
