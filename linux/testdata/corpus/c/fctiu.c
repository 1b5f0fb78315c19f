/* Unsigned float-to-integer conversions in a hot loop: (unsigned long)x
   and (unsigned)x (fctiduz, fctiwuz on POWER8 and later) of doubles in
   [0, 2^33): fractions, halves, values about 2^31 and 2^32 (below 2^32
   for (unsigned)), and their sums; then 2^63, the largest double below
   2^64, ±0 and values about 1 once each. For the native engine's fcti*
   (docs/performance.md, speed41). */
#include <stdio.h>

#define N 1000
static double v[N];

/* Scalar, not vectorised: the scalar conversions are the ones measured. */
__attribute__((noinline, optimize("no-tree-vectorize"))) static void sums(unsigned long *sl, unsigned long *sw) {
	unsigned long a = *sl, b = *sw;
	for (int i = 0; i < N; i++) {
		a += (unsigned long)v[i];
		b += (unsigned)(v[i] * 0.5);
	}
	*sl = a;
	*sw = b;
}

int main(void) {
	for (int i = 0; i < N; i++) {
		switch (i % 5) {
		case 0: v[i] = i * 0.37 + 0.5; break;
		case 1: v[i] = 4294967295.0 - i * 0.25; break;
		case 2: v[i] = i * 8e6 + 0.75; break;
		case 3: v[i] = 2147483648.0 + i + 0.5; break;
		default: v[i] = i / 7.0; break;
		}
	}
	unsigned long sl = 0, sw = 0;
	for (int rep = 0; rep < 3000; rep++)
		sums(&sl, &sw);
	printf("unsigned %lu %lu\n", sl, sw);
	volatile double big[] = {9223372036854775808.0, 18446744073709549568.0, 0.0, -0.0, 0.25, 4294967295.75};
	for (int i = 0; i < 6; i++)
		printf("%.17g %lu\n", big[i], (unsigned long)big[i]);
	for (int i = 2; i < 6; i++)
		printf("%.17g %u\n", big[i], (unsigned)big[i]);
	return 0;
}
