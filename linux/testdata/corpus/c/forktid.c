/* A fork's CLONE_CHILD_SETTID word is written in the child's memory only
 * (Linux's schedule_tail writes it as the child's first act): glibc's
 * fork passes its own thread's tid field, which its locks use to name
 * their owner. A write-locked rwlock and an error-checking mutex held
 * across a fork are then still the parent's to unlock, and the child's
 * copy of the mutex is not the child's (its unlock is EPERM). cmake's
 * ctest (libuv takes a write lock around each fork) hung on its second
 * test when the runner wrote the child's tid in the parent. Compared with
 * qemu-user. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

int main(void) {
	setvbuf(stdout, NULL, _IOLBF, 0);
	pthread_mutex_t m;
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &ma);
	for (int round = 0; round < 3; round++) {
		int e1 = pthread_rwlock_wrlock(&rw);
		int e2 = pthread_mutex_lock(&m);
		pid_t c = fork();
		if (c == 0) {
			/* The child's copy of the mutex names the parent's
			 * thread as its owner, and the child's thread has the
			 * child's tid: EPERM, the exit status. */
			_exit(pthread_mutex_unlock(&m));
		}
		int st = 0;
		waitpid(c, &st, 0);
		int u1 = pthread_rwlock_unlock(&rw);
		int u2 = pthread_mutex_unlock(&m);
		int t1 = pthread_rwlock_trywrlock(&rw);
		if (t1 == 0)
			pthread_rwlock_unlock(&rw);
		int t2 = pthread_mutex_trylock(&m);
		if (t2 == 0)
			pthread_mutex_unlock(&m);
		printf("round %d: lock %d %d, child unlock %d, unlock %s %s, relock %s %s\n", round, e1, e2,
		       WIFEXITED(st) ? WEXITSTATUS(st) : -1, strerror(u1), strerror(u2), strerror(t1),
		       strerror(t2));
	}
	/* vfork and a thread's clone take the same words: the parent's
	 * locks still work after a vfork'd child exits. */
	pthread_rwlock_wrlock(&rw);
	pid_t v = vfork();
	if (v == 0)
		_exit(0);
	waitpid(v, NULL, 0);
	printf("after vfork: unlock %s\n", strerror(pthread_rwlock_unlock(&rw)));
	return 0;
}
