/* Float-to-integer conversions in a hot loop: (long)x and (int)x (fctidz,
   fctiwz), lrint and llrint (fctid, fctiw in the current rounding mode)
   and their sums over doubles of both signs, halves, values about 2^31
   and fractions, then the same under each rounding mode (fesetround). For
   the native engine's fcti* (docs/performance.md, speed39). */
#include <fenv.h>
#include <math.h>
#include <stdio.h>

#define N 1000
static double v[N];

int main(void) {
	for (int i = 0; i < N; i++) {
		double s = i % 2 ? -1.0 : 1.0;
		switch (i % 5) {
		case 0: v[i] = s * (i * 0.37 + 0.5); break;
		case 1: v[i] = s * (2147483647.0 - i * 0.25); break;
		case 2: v[i] = s * (i * 1e6 + 0.75); break;
		case 3: v[i] = s * (i + 0.5); break;
		default: v[i] = s * i / 7.0; break;
		}
	}
	long sl = 0, si = 0, sr = 0, sw = 0;
	for (int rep = 0; rep < 3000; rep++)
		for (int i = 0; i < N; i++) {
			sl += (long)v[i];
			si += (int)(v[i] * 0.5);
			sr += llrint(v[i]);
			sw += (int)lrint(v[i] * 0.25);
		}
	printf("trunc %ld %ld nearest %ld %ld\n", sl, si, sr, sw);
	static const int modes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
	static const char *names[] = {"nearest", "zero", "up", "down"};
	for (int k = 0; k < 4; k++) {
		fesetround(modes[k]);
		long a = 0, b = 0;
		for (int i = 0; i < N; i++) {
			a += llrint(v[i]);
			b += (int)lrint(v[i] * 0.5);
		}
		fesetround(FE_TONEAREST);
		printf("%s %ld %ld\n", names[k], a, b);
	}
	return 0;
}
