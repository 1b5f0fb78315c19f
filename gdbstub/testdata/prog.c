/* A small program for the GDB stub tests (gdb_test.go): a loop writing a
   global array, a function storing to a watched global, and a second
   thread calling the same function. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

volatile long counter;
long data[8];

__attribute__((noinline)) long work(long n)
{
	long s = 0;
	for (long i = 0; i < n; i++) {
		s += i * 3;
		data[i & 7] = s;
	}
	return s;
}

__attribute__((noinline)) void poke(long v)
{
	counter = v;
}

__attribute__((noinline)) void *thread_main(void *arg)
{
	poke((long)arg);
	return 0;
}

int main(int argc, char **argv)
{
	long r = work(10);
	poke(r);
	poke(r + 1);
	if (argc > 3)
		*(volatile long *)8 = r; /* SIGSEGV */
	if (argc > 2) {
		/* The interrupt test waits for this line: the loop is running. */
		write(1, "spinning\n", 9);
		for (;;)
			poke(counter + 1);
	}
	if (argc > 1) {
		pthread_t t;
		pthread_create(&t, 0, thread_main, (void *)1000);
		pthread_join(t, 0);
	}
	printf("%ld %ld\n", r, counter);
	return 0;
}
