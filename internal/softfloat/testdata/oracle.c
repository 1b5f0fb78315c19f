/* Reference results for internal/softfloat from the host compiler's
 * floating point: GCC's __float128 and _Float16 (libgcc soft-fp, which
 * honours the <fenv.h> rounding mode and raises the IEEE flags) and the
 * host's float/double arithmetic. Built and driven by oracle_test.go.
 *
 * Input lines:  FMT OP MODE A_HI A_LO B_HI B_LO C_HI C_LO  (hex words)
 *   FMT  h (binary16), s (binary32), d (binary64), q (binary128)
 *   MODE 0 nearest-even, 1 toward zero, 2 up, 3 down
 *   OP   add sub mul div sqrt fma         FMT op FMT
 *        cvth cvts cvtd cvtq              FMT -> the named format
 *        rint                             round to integral in MODE
 *        fix32 fixu32 fix64 fixu64 fix128 fixu128  C cast (truncates)
 *        lrint                            llrint: signed 64-bit in MODE
 *        flt64 fltu64 flt128 fltu128      integer A -> FMT
 *        cmpq cmps                        quiet / signalling compare
 * Output lines: R_HI R_LO FLAGS (hex; FLAGS: the x86 fenv bits).
 */
#define _GNU_SOURCE
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef unsigned __int128 u128;
typedef __int128 i128;

static const int modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};

/* Every value goes through a volatile __float128 or integer so that the
 * compiler cannot fold or reorder the operations across fesetround. */
static __float128 toq(char f, u128 x) {
	volatile __float128 q;
	switch (f) {
	case 'h': { _Float16 h; uint16_t v = (uint16_t)x; memcpy(&h, &v, 2); q = h; break; }
	case 's': { float s; uint32_t v = (uint32_t)x; memcpy(&s, &v, 4); q = s; break; }
	case 'd': { double d; uint64_t v = (uint64_t)x; memcpy(&d, &v, 8); q = d; break; }
	default: { __float128 t; memcpy(&t, &x, 16); q = t; }
	}
	return q;
}

static u128 fromq(char f, __float128 q) {
	u128 r = 0;
	switch (f) {
	case 'h': { volatile _Float16 h = (_Float16)q; uint16_t v; _Float16 t = h; memcpy(&v, &t, 2); r = v; break; }
	case 's': { volatile float s = (float)q; uint32_t v; float t = s; memcpy(&v, &t, 4); r = v; break; }
	case 'd': { volatile double d = (double)q; uint64_t v; double t = d; memcpy(&v, &t, 8); r = v; break; }
	default: { __float128 t = q; memcpy(&r, &t, 16); }
	}
	return r;
}

int main(void) {
	char fmt[4], op[16];
	int mode;
	unsigned long long w[6];
	while (scanf("%3s %15s %d %llx %llx %llx %llx %llx %llx", fmt, op, &mode,
		     &w[0], &w[1], &w[2], &w[3], &w[4], &w[5]) == 9) {
		char f = fmt[0];
		u128 ai = (u128)w[0] << 64 | w[1], bi = (u128)w[2] << 64 | w[3], ci = (u128)w[4] << 64 | w[5];
		u128 r = 0;
		/* Operands are loaded (widened exactly) before the mode is set. */
		fesetround(FE_TONEAREST);
		volatile __float128 a = toq(f, ai), b = toq(f, bi), c = toq(f, ci);
		volatile float as, bs, cs;
		volatile double ad, bd, cd;
		{ float t; uint32_t v = (uint32_t)ai; memcpy(&t, &v, 4); as = t; v = (uint32_t)bi; memcpy(&t, &v, 4); bs = t; v = (uint32_t)ci; memcpy(&t, &v, 4); cs = t; }
		{ double t; uint64_t v = (uint64_t)ai; memcpy(&t, &v, 8); ad = t; v = (uint64_t)bi; memcpy(&t, &v, 8); bd = t; v = (uint64_t)ci; memcpy(&t, &v, 8); cd = t; }
		feclearexcept(FE_ALL_EXCEPT);
		fesetround(modes[mode & 3]);
		if (f == 's' && (!strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul") || !strcmp(op, "div") || !strcmp(op, "sqrt") || !strcmp(op, "fma"))) {
			/* The host's binary32 arithmetic (SSE, and glibc's fmaf). */
			volatile float x;
			if (!strcmp(op, "add")) x = as + bs;
			else if (!strcmp(op, "sub")) x = as - bs;
			else if (!strcmp(op, "mul")) x = as * bs;
			else if (!strcmp(op, "div")) x = as / bs;
			else if (!strcmp(op, "sqrt")) x = sqrtf(as);
			else x = fmaf(as, bs, cs);
			float t = x; uint32_t v; memcpy(&v, &t, 4); r = v;
		} else if (f == 'd' && (!strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul") || !strcmp(op, "div") || !strcmp(op, "sqrt") || !strcmp(op, "fma"))) {
			volatile double x;
			if (!strcmp(op, "add")) x = ad + bd;
			else if (!strcmp(op, "sub")) x = ad - bd;
			else if (!strcmp(op, "mul")) x = ad * bd;
			else if (!strcmp(op, "div")) x = ad / bd;
			else if (!strcmp(op, "sqrt")) x = sqrt(ad);
			else x = fma(ad, bd, cd);
			double t = x; uint64_t v; memcpy(&v, &t, 8); r = v;
		} else if (!strcmp(op, "add")) r = fromq(f, a + b);
		/* binary16: the binary128 operation on binary16 operands is exact
		 * (+, −, ×, fma) or correctly rounded to 113 bits (÷, √), so one
		 * conversion to _Float16 (__trunctfhf2) gives the binary16 result. */
		else if (!strcmp(op, "sub")) r = fromq(f, a - b);
		else if (!strcmp(op, "mul")) r = fromq(f, a * b);
		else if (!strcmp(op, "div")) r = fromq(f, a / b);
		else if (!strcmp(op, "sqrt")) r = fromq(f, sqrtf128(a));
		else if (!strcmp(op, "fma")) r = fromq(f, fmaf128(a, b, c));
		else if (!strncmp(op, "cvt", 3)) {
			/* a is exact in binary128; converting to q is exact. */
			char to = op[3];
			if (f == 'h' && to == 's') { _Float16 h; uint16_t v = (uint16_t)ai; memcpy(&h, &v, 2); volatile float x = h; float t = x; uint32_t o; memcpy(&o, &t, 4); r = o; }
			else if (f == 'h' && to == 'd') { _Float16 h; uint16_t v = (uint16_t)ai; memcpy(&h, &v, 2); volatile double x = h; double t = x; uint64_t o; memcpy(&o, &t, 8); r = o; }
			else if (f == 's' && to == 'h') { volatile _Float16 x = (_Float16)as; _Float16 t = x; uint16_t o; memcpy(&o, &t, 2); r = o; }
			else if (f == 'd' && to == 'h') { volatile _Float16 x = (_Float16)ad; _Float16 t = x; uint16_t o; memcpy(&o, &t, 2); r = o; }
			else if (f == 'd' && to == 's') { volatile float x = (float)ad; float t = x; uint32_t o; memcpy(&o, &t, 4); r = o; }
			else if (f == 's' && to == 'd') { volatile double x = (double)as; double t = x; uint64_t o; memcpy(&o, &t, 8); r = o; }
			else r = fromq(to, a);
		} else if (!strcmp(op, "rint")) r = fromq(f, rintf128(a));
		else if (!strcmp(op, "fix32")) r = (u128)(i128)(int32_t)a;
		else if (!strcmp(op, "fixu32")) r = (uint32_t)a;
		else if (!strcmp(op, "fix64")) r = (u128)(i128)(int64_t)a;
		else if (!strcmp(op, "fixu64")) r = (uint64_t)a;
		else if (!strcmp(op, "fix128")) r = (u128)(i128)a;
		else if (!strcmp(op, "fixu128")) r = (u128)a;
		else if (!strcmp(op, "lrint")) r = (u128)(i128)llrintf128(a);
		else if (!strcmp(op, "flt64")) { volatile int64_t i = (int64_t)(uint64_t)ai;
			if (f == 'q') { volatile __float128 x = (__float128)i; r = fromq('q', x); }
			if (f == 'd') { volatile double x = (double)i; double t = x; uint64_t o; memcpy(&o, &t, 8); r = o; }
			if (f == 's') { volatile float x = (float)i; float t = x; uint32_t o; memcpy(&o, &t, 4); r = o; }
			if (f == 'h') { volatile _Float16 x = (_Float16)i; _Float16 t = x; uint16_t o; memcpy(&o, &t, 2); r = o; } }
		else if (!strcmp(op, "fltu64")) { volatile uint64_t i = (uint64_t)ai;
			if (f == 'q') { volatile __float128 x = (__float128)i; r = fromq('q', x); }
			if (f == 'd') { volatile double x = (double)i; double t = x; uint64_t o; memcpy(&o, &t, 8); r = o; }
			if (f == 's') { volatile float x = (float)i; float t = x; uint32_t o; memcpy(&o, &t, 4); r = o; }
			if (f == 'h') { volatile _Float16 x = (_Float16)i; _Float16 t = x; uint16_t o; memcpy(&o, &t, 2); r = o; } }
		else if (!strcmp(op, "flt128") || !strcmp(op, "fltu128")) {
			volatile i128 si = (i128)ai; volatile u128 ui = ai; int s = op[3] != 'u';
			if (f == 'q') { volatile __float128 x = s ? (__float128)si : (__float128)ui; r = fromq('q', x); }
			if (f == 'd') { volatile double x = s ? (double)si : (double)ui; double t = x; uint64_t o; memcpy(&o, &t, 8); r = o; }
			if (f == 's') { volatile float x = s ? (float)si : (float)ui; float t = x; uint32_t o; memcpy(&o, &t, 4); r = o; }
			if (f == 'h') { volatile _Float16 x = s ? (_Float16)si : (_Float16)ui; _Float16 t = x; uint16_t o; memcpy(&o, &t, 2); r = o; } }
		else if (!strcmp(op, "cmpq") || !strcmp(op, "cmps")) {
			volatile int lt, eq, gt, un;
			if (op[3] == 's') { lt = a < b; gt = a > b; eq = a <= b && !lt; un = !lt && !gt && !eq; }
			else { un = __builtin_isunordered(a, b); eq = a == b; lt = __builtin_isless(a, b); gt = __builtin_isgreater(a, b); }
			r = un ? 3 : lt ? 0 : eq ? 1 : 2;
			(void)gt;
		} else { fprintf(stderr, "unknown op %s\n", op); return 2; }
		int fl = fetestexcept(FE_ALL_EXCEPT);
		fesetround(FE_TONEAREST);
		printf("%016llx %016llx %x\n", (unsigned long long)(r >> 64), (unsigned long long)r, fl);
	}
	return 0;
}
