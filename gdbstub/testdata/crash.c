/* A program that dies of SIGSEGV, for the core file test (core_test.go). */
#include <stdio.h>

volatile int counter;

__attribute__((noinline)) void crash_here(int *p, int v)
{
	register unsigned long sp __asm__("r1");
	printf("r1=%#lx\n", sp);
	fflush(stdout);
	*p = v;
}

int main(void)
{
	int local = 1234;
	counter = 42;
	crash_here((int *)8, local);
	return local;
}
