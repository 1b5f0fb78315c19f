/* The patch helpers of the self-modifying-code programs smc.c and
 * smcshared.c: code writes a function returning k, put writes it at p
 * and synchronises the instruction cache, calls calls it CALLS times. */
#include <stdint.h>

#define PG 65536 /* a multiple of the page size of every ppc64 kernel */
#define CALLS 1000

typedef long (*fn_t)(void);

/* code writes li r3,k; blr into b (in the program's byte order). */
static void code(uint32_t *b, int k) {
	b[0] = 0x38600000u | (uint32_t)k; /* addi r3,0,k */
	b[1] = 0x4e800020u;                /* bclr 20,0 */
}

/* calls calls the function at p CALLS times and returns the sum. */
static long calls(void *p) {
#if defined(_CALL_ELF) && _CALL_ELF == 2
	fn_t f = (fn_t)p;
#else
	/* ELFv1: a function pointer is a descriptor (entry, TOC, environment). */
	static void *desc[3];
	desc[0] = p;
	fn_t f = (fn_t)(void *)desc;
#endif
	fn_t volatile fv = f;
	long s = 0;
	for (int i = 0; i < CALLS; i++)
		s += fv();
	return s;
}

/* put writes the function returning k at p and synchronises the
 * instruction cache. */
static void put(void *p, int k) {
	code(p, k);
	__builtin___clear_cache((char *)p, (char *)p + 8);
}
