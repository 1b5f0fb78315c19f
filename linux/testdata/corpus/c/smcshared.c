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

#include "smc.h"

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
