/* Vector-heavy: VMX/VSX arithmetic on 4x32-bit float and integer vectors
   (vec_madd, vec_add, vec_xor, vec_sl, vec_perm, vec_max, vector loads
   and stores), compiled for POWER8. For the speed comparison with
   qemu-user (scripts/bench-runner.sh; issue 29). */
#pragma GCC target("cpu=power8")
#include <altivec.h>
#include <stdio.h>

#define LEN 1024
static float a[LEN] __attribute__((aligned(16))), b[LEN] __attribute__((aligned(16)));
static unsigned u[LEN] __attribute__((aligned(16)));

int main(void) {
	for (int i = 0; i < LEN; i++) {
		a[i] = (float)(i % 17) * 0.25f;
		b[i] = 1.0f / (float)(1 + i % 5);
		u[i] = 2654435761u * (unsigned)i;
	}
	vector float acc = vec_splats(0.0f), k = vec_splats(0.999f);
	vector unsigned h = vec_splats(0x9e3779b9u), one = vec_splats(1u);
	const vector unsigned char rot = {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3};
	for (int round = 0; round < 3000; round++) {
		for (int i = 0; i < LEN; i += 4) {
			vector float va = vec_xl(0, &a[i]), vb = vec_xl(0, &b[i]);
			acc = vec_madd(acc, k, vec_mul(va, vb));
			vector float s = vec_add(va, vb);
			vec_xst(vec_max(s, vec_mul(s, k)), 0, &a[i]);
			vector unsigned vu = vec_xl(0, &u[i]);
			h = vec_add(vec_xor(h, vu), vec_sl(h, one));
			h = vec_perm(h, h, rot);
		}
	}
	float fa[4] __attribute__((aligned(16)));
	unsigned ha[4] __attribute__((aligned(16)));
	vec_xst(acc, 0, fa);
	vec_xst(h, 0, ha);
	printf("acc=%.6e %.6e %.6e %.6e h=%08x %08x %08x %08x a0=%.6e\n", fa[0], fa[1], fa[2], fa[3], ha[0], ha[1], ha[2], ha[3], a[5]);
	return 0;
}
