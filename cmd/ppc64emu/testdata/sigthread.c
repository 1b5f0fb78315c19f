// Signals a program's threads take under GDB (run_gdb_signal_test.go):
// a second thread raises SIGUSR1 while the first waits for it, then the
// first raises SIGUSR2 while the second waits; GDB is told of each with
// the thread that takes it.
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

static volatile sig_atomic_t got;
static pthread_barrier_t gate;

static void handler(int sig) { got = sig; }

static void *second(void *arg) {
	(void)arg;
	raise(SIGUSR1);
	printf("@@second %d\n", got);
	pthread_barrier_wait(&gate);
	pthread_barrier_wait(&gate);
	return NULL;
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	signal(SIGUSR1, handler);
	signal(SIGUSR2, handler);
	pthread_barrier_init(&gate, NULL, 2);
	pthread_t t;
	pthread_create(&t, NULL, second, NULL);
	pthread_barrier_wait(&gate);
	raise(SIGUSR2);
	printf("@@first %d\n", got);
	pthread_barrier_wait(&gate);
	pthread_join(t, NULL);
	return 0;
}
