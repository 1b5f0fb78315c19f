/* Single-precision float loops: a[i] = a[i]*s + b[i], sums of products
   and differences over arrays of 1,000 floats (GCC vectorises them on
   POWER8 and later: xvmaddasp, xvmulsp, xvaddsp, xvsubsp), and float bit
   patterns moved to and from integers (xscvdpspn, xscvspdpn), repeated;
   the sums printed. For the native engine's VSX single-precision ops
   (docs/performance.md, speed41). */
#include <stdio.h>
#include <string.h>

#define N 1000
static float a[N], b[N], c[N];

static unsigned asuint(float f) {
	unsigned u;
	memcpy(&u, &f, sizeof u);
	return u;
}

static float asfloat(unsigned u) {
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

int main(void) {
	for (int i = 0; i < N; i++) {
		a[i] = (float)(i % 17) * 0.25f + 1.0f;
		b[i] = (float)(i % 13) / 3.0f - 2.0f;
		c[i] = 0.0f;
	}
	for (int rep = 0; rep < 2000; rep++) {
		float s = rep % 2 ? 0.5f : 1.5f;
		for (int i = 0; i < N; i++)
			c[i] = a[i] * s + b[i];
		for (int i = 0; i < N; i++)
			b[i] = (c[i] - a[i]) * 0.75f;
		for (int i = 0; i < N; i++)
			a[i] = a[i] + b[i] * 0.001f;
	}
	double sa = 0, sb = 0, sc = 0;
	for (int i = 0; i < N; i++) {
		sa += a[i];
		sb += b[i];
		sc += c[i];
	}
	printf("vector %.9g %.9g %.9g\n", sa, sb, sc);
	unsigned h = 0;
	float f = 1.0f;
	for (int i = 0; i < 2000000; i++) {
		unsigned u = asuint(f * 1.0001f);
		h = h * 31 + u;
		f = asfloat((u & 0x807fffff) | 0x3f800000) + (float)(i & 7);
	}
	printf("bits %u %.9g\n", h, f);
	return 0;
}
