/* Reverse execution under ppc64emu replay -gdb (TestReplayGDBSteps):
   calls to step over and out of, and a global read and written on known
   lines. Built at test time with -O0 -g. */
#include <stdio.h>

long total;

long square(long v) {
	long r = v * v;
	return r;
}

void add(long v) {
	total += square(v); /* reads total, then writes it */
}

int main(void) {
	long seen;
	add(2);
	seen = total; /* reads total */
	add(3);
	printf("%ld %ld\n", seen, total); /* reads total */
	return 0;
}
