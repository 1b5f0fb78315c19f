/* Reverse execution across an mmap, a signal, thread creation and a
   munmap (TestRunGDBAcross): stage is written at each step, once by the
   signal handler and once by the new thread. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>

volatile long stage;
long *page;

static void handler(int sig) {
	(void)sig;
	stage = 20;
}

static void *worker(void *arg) {
	stage = 30;
	return arg;
}

int main(void) {
	stage = 1;
	page = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	page[0] = 42;
	stage = 2;
	signal(SIGUSR1, handler);
	raise(SIGUSR1);
	stage = 3;
	pthread_t th;
	pthread_create(&th, 0, worker, 0);
	pthread_join(th, 0);
	stage = 4;
	munmap(page, 4096);
	stage = 5;
	printf("%ld\n", stage);
	return 0;
}
