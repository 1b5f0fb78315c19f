/* A run of more than 10^9 instructions for reverse execution under
   ppc64emu replay -gdb (TestReplayGDBLong): marker is written twice at the
   start, then the loop computes without touching it until the end, where
   it is read once. */
#include <stdio.h>

volatile long marker;

int main(void) {
	marker = 1;
	marker = 2;
	unsigned long x = 1, n = 0;
	for (long i = 0; i < 200000000; i++) {
		x = x * 6364136223846793005UL + 1442695040888963407UL;
		n += x >> 60;
	}
	printf("%lu %ld\n", n, marker);
	return 0;
}
