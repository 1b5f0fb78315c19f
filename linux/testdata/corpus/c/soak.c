/* Soak: rounds of threads that start and end, map, touch and unmap memory
   and take signals, while a POSIX timer signals the process every
   millisecond. Each round prints "round N" (a handshake: the runner's test
   reads the host's memory use there, linux/soak_test.go); the program
   checks what it can itself (mapped bytes, handler counts) and prints the
   totals. Argument: the number of rounds (default 20). */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

enum { THREADS = 8, MAPLEN = 256 << 10, SIGS = 3 };

static __thread int usr1;
static volatile sig_atomic_t alarms;
static int bad;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void onusr1(int sig) { usr1++; }
static void onalrm(int sig) { alarms++; }

static void fail(const char *what) {
	pthread_mutex_lock(&mu);
	bad++;
	fprintf(stderr, "soak: %s\n", what);
	pthread_mutex_unlock(&mu);
}

static void *worker(void *arg) {
	long id = (long)arg;
	unsigned char *p = mmap(NULL, MAPLEN, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		fail("mmap");
		return NULL;
	}
	for (int i = 0; i < MAPLEN; i += 4096)
		p[i] = (unsigned char)(id + i / 4096);
	for (int i = 0; i < SIGS; i++)
		pthread_kill(pthread_self(), SIGUSR1);
	for (int i = 0; i < MAPLEN; i += 4096)
		if (p[i] != (unsigned char)(id + i / 4096))
			fail("mapped bytes changed");
	if (usr1 != SIGS)
		fail("SIGUSR1 count");
	if (munmap(p, MAPLEN))
		fail("munmap");
	return NULL;
}

int main(int argc, char **argv) {
	int rounds = argc > 1 ? atoi(argv[1]) : 20;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_flags = SA_RESTART;
	sa.sa_handler = onusr1;
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_handler = onalrm;
	sigaction(SIGALRM, &sa, NULL);
	struct sigevent ev;
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGALRM;
	timer_t tm;
	struct itimerspec its = {{0, 1000000}, {0, 1000000}};
	if (timer_create(CLOCK_MONOTONIC, &ev, &tm) || timer_settime(tm, 0, &its, NULL)) {
		perror("timer");
		return 1;
	}
	for (int r = 0; r < rounds; r++) {
		pthread_t t[THREADS];
		for (long i = 0; i < THREADS; i++)
			if (pthread_create(&t[i], NULL, worker, (void *)(r * THREADS + i))) {
				perror("pthread_create");
				return 1;
			}
		for (int i = 0; i < THREADS; i++)
			pthread_join(t[i], NULL);
		/* The main thread maps, grows and unmaps too. */
		void *p = mmap(NULL, MAPLEN, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED || mprotect(p, MAPLEN / 2, PROT_READ) || munmap(p, MAPLEN))
			fail("main mmap");
		printf("round %d\n", r);
		fflush(stdout);
	}
	timer_delete(tm);
	printf("%d rounds of %d threads, %d failures\n", rounds, THREADS, bad);
	return bad != 0;
}
