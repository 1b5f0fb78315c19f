/* Many threads alive at once, each with the smallest stack glibc allows
   (PTHREAD_STACK_MIN, 128 KiB on powerpc64: 64 KiB fails): they start, wait
   together on a condition variable, and end when the main thread releases
   them. Arguments: the number of threads (default 100), and "wait": once
   all have started, print "started" and wait for a byte on stdin before
   releasing them (linux/threadcost_test.go measures the runner's memory
   there). */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER, all = PTHREAD_COND_INITIALIZER;
static int go, started;

static void *thread(void *arg) {
	pthread_mutex_lock(&mu);
	if (++started == (int)(long)arg)
		pthread_cond_signal(&all);
	while (!go)
		pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);
	return arg;
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 100;
	pthread_t *t = calloc(n, sizeof *t);
	pthread_attr_t at;
	pthread_attr_init(&at);
	if (!t || pthread_attr_setstacksize(&at, PTHREAD_STACK_MIN))
		return 1;
	for (int i = 0; i < n; i++)
		if (pthread_create(&t[i], &at, thread, (void *)(long)n)) {
			perror("pthread_create");
			return 1;
		}
	pthread_mutex_lock(&mu);
	while (started < n)
		pthread_cond_wait(&all, &mu);
	pthread_mutex_unlock(&mu);
	if (argc > 2 && strcmp(argv[2], "wait") == 0) {
		char c;
		printf("started\n");
		fflush(stdout);
		if (read(0, &c, 1) != 1)
			return 1;
	}
	pthread_mutex_lock(&mu);
	go = 1;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
	long sum = 0;
	for (int i = 0; i < n; i++) {
		void *r;
		pthread_join(t[i], &r);
		sum += (long)r;
	}
	printf("%d threads with %ld KiB stacks started and joined (%ld)\n", n, (long)PTHREAD_STACK_MIN >> 10, sum);
	return 0;
}
