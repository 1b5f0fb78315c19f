/* smcshared: smc's test (issue 29) for code in a shared mapping
 * (MAP_SHARED|MAP_ANONYMOUS, read-write-execute) that a forked child
 * rewrites after the parent made it hot, while the parent waits in
 * waitpid: the parent's next calls run the child's code. The child follows
 * its stores with the ISA's instruction cache synchronisation
 * (__builtin___clear_cache: dcbst, sync, icbi, isync), and icbi invalidates
 * the block in the instruction caches of all processors (Power ISA Book II,
 * icbi, for storage that is Memory Coherence Required); the parent's system
 * calls are context synchronising.
 * qemu-user keeps running the code it translated before (it sees stores
 * to translated code only through its own process's page protection), so
 * the expected output (smcshared.expected) is written from Linux's. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define PG 65536 /* a multiple of the page size of every ppc64 kernel */
#define CALLS 1000

typedef long (*fn_t)(void);

/* put writes li r3,k; blr at p (in the program's byte order) and
 * synchronises the instruction cache. */
static void put(void *p, int k) {
	uint32_t *b = p;
	b[0] = 0x38600000u | (uint32_t)k; /* addi r3,0,k */
	b[1] = 0x4e800020u;                /* bclr 20,0 */
	__builtin___clear_cache((char *)p, (char *)p + 8);
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

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	char *q = mmap(NULL, PG, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int go[2];
	if (q == MAP_FAILED || pipe(go) != 0) {
		perror("mmap, pipe");
		return 1;
	}
	put(q, 7);
	pid_t pid = fork();
	if (pid == 0) {
		char c;
		if (read(go[0], &c, 1) != 1)
			_exit(1);
		put(q, 8);
		_exit(0);
	}
	/* Hot in the parent after the fork (fork itself changes its memory). */
	printf("shared, stored: %ld\n", calls(q));
	int st;
	if (pid < 0 || write(go[1], "x", 1) != 1 || waitpid(pid, &st, 0) != pid || st != 0)
		perror("fork");
	printf("shared, a child's store: %ld\n", calls(q));
	return 0;
}
