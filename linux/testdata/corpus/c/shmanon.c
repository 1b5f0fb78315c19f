/* MAP_SHARED|MAP_ANONYMOUS memory inherited over fork is the same memory in
 * parent and children: a counter incremented by four processes under a
 * process-shared pthread mutex, a ping-pong between two processes on
 * process-shared semaphores (sem_init pshared=1: futexes without
 * FUTEX_PRIVATE_FLAG on a shared page, which must wake across processes),
 * and a private page next to it that stays each process's own. Events are
 * ordered by the semaphores and by wait only. */
#define _GNU_SOURCE
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

struct shared {
	pthread_mutex_t mu;
	long counter;
	sem_t ping, pong;
	int turns[16];
};

int main(void) {
	struct shared *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int *priv = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED || priv == MAP_FAILED)
		return 1;
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(&s->mu, &ma);
	if (sem_init(&s->ping, 1, 0) || sem_init(&s->pong, 1, 0))
		return 1;
	*priv = 1;

	/* Four processes, 20000 increments each, under the mutex. */
	pid_t kids[3];
	for (int k = 0; k < 3; k++) {
		if ((kids[k] = fork()) == 0) {
			*priv = 100 + k; /* private: nobody else sees it */
			for (int i = 0; i < 20000; i++) {
				pthread_mutex_lock(&s->mu);
				s->counter++;
				pthread_mutex_unlock(&s->mu);
			}
			_exit(*priv == 100 + k ? 0 : 1);
		}
	}
	for (int i = 0; i < 20000; i++) {
		pthread_mutex_lock(&s->mu);
		s->counter++;
		pthread_mutex_unlock(&s->mu);
	}
	int bad = 0, st;
	for (int k = 0; k < 3; k++) {
		waitpid(kids[k], &st, 0);
		bad += !WIFEXITED(st) || WEXITSTATUS(st) != 0;
	}
	printf("counter: %ld (children failed: %d), private: %d\n", s->counter, bad, *priv);

	/* Ping-pong: each side blocks in sem_wait until the other posts. */
	pid_t pid = fork();
	if (pid == 0) {
		for (int i = 0; i < 8; i++) {
			sem_wait(&s->ping);
			s->turns[2 * i + 1] = s->turns[2 * i] + 1;
			sem_post(&s->pong);
		}
		_exit(0);
	}
	for (int i = 0; i < 8; i++) {
		s->turns[2 * i] = i == 0 ? 1 : s->turns[2 * i - 1] + 1;
		sem_post(&s->ping);
		sem_wait(&s->pong);
	}
	waitpid(pid, &st, 0);
	printf("turns:");
	for (int i = 0; i < 16; i++)
		printf(" %d", s->turns[i]);
	printf("\nchild: %d\n", WEXITSTATUS(st));

	/* A shared page written after fork by the child is seen by the parent;
	 * a later munmap in the child leaves the parent's mapping. */
	char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	if ((pid = fork()) == 0) {
		snprintf(page + 4096, 64, "written by the child");
		munmap(page, 8192);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	printf("page: %s\n", page + 4096);
	return 0;
}
