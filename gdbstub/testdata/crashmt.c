/* Two threads; the main one dies of SIGSEGV once the worker is blocked in
   pause (core_test.go). */
#include <pthread.h>
#include <unistd.h>

volatile int ready;

static void *worker(void *arg)
{
	ready = 1;
	for (;;)
		pause();
	return arg;
}

__attribute__((noinline)) void crash_here(int *p, int v)
{
	*p = v;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, 0, worker, 0);
	while (!ready)
		;
	crash_here((int *)8, 1234);
	return 0;
}
