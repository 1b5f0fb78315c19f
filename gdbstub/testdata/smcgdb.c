/* smcgdb: code that the debugger rewrites while the program is stopped
 * (TestGDBWritesCode). A two-word function (li r3,1; blr) on a read-only
 * executable page is called often enough for the runner's block and native
 * engines to translate it; at the stop in mark, GDB writes li r3,2 over its
 * first word; the program then calls it as often again and exits with the
 * sum modulo 256 (1000 + 2000: 184; 2000 if the old code ran: 208). */
#include <stdint.h>
#include <sys/mman.h>

#define CALLS 1000

typedef long (*fn_t)(void);

uint32_t *volatile code;

static long calls(void) {
#if defined(_CALL_ELF) && _CALL_ELF == 2
	fn_t f = (fn_t)(void *)code;
#else
	/* ELFv1: a function pointer is a descriptor (entry, TOC, environment). */
	static void *desc[3];
	desc[0] = (void *)code;
	fn_t f = (fn_t)(void *)desc;
#endif
	fn_t volatile fv = f;
	long s = 0;
	for (int i = 0; i < CALLS; i++)
		s += fv();
	return s;
}

void __attribute__((noinline)) mark(void) { __asm__ volatile("" ::: "memory"); }

int main(void) {
	uint32_t *p = mmap(0, 65536, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return 1;
	p[0] = 0x38600001u; /* addi r3,0,1 */
	p[1] = 0x4e800020u; /* bclr 20,0 */
	if (mprotect(p, 65536, PROT_READ | PROT_EXEC) != 0)
		return 1;
	__builtin___clear_cache((char *)p, (char *)p + 8);
	code = p;
	long s = calls();
	mark();
	s += calls();
	return (int)(s % 256);
}
