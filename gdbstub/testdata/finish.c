/* A small program for the finish and reverse-finish tests (gdb_test.go):
   calls from a loop of a function that uses no global (one entry point on
   ppc64le) and of one that does (two: global and local). */
#include <stdio.h>

long total;

__attribute__((noinline)) long square(long x)
{
	return x * x;
}

__attribute__((noinline)) void add(long v)
{
	total += v;
}

int main(void)
{
	for (long i = 1; i <= 3; i++)
		add(square(i));
	printf("%ld\n", total);
	return 0;
}
