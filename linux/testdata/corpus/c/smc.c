/* smc: code written between two runs of it by something other than the
 * program's own stores (issue 29: the runner keeps its decoded blocks across
 * system calls and quanta while nothing can have written code). A two-word
 * function (li r3,K; blr) is made hot (called often enough for the runner's
 * block and native engines to translate it), then replaced by
 *   - read(2) from a pipe into its page,
 *   - mprotect to read-write, a store, mprotect back to read-execute,
 *   - mmap MAP_FIXED of a file over it, then munmap and mmap of another file,
 *   - another thread's stores while this one waits in pthread_join,
 * and called again: each line prints what the calls returned in all. The
 * program's own stores are followed by the ISA's instruction cache
 * synchronisation (__builtin___clear_cache: dcbst, sync, icbi, isync); a
 * system call's write into code is not (POWER9 and later keep the
 * instruction cache coherent with stores; qemu-user and the runner must see
 * it regardless). smcshared is the same for a forked process's stores into
 * a shared mapping. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "smc.h"

static void *thread(void *p) {
	put(p, 6);
	return NULL;
}

static int file(int k) {
	char name[] = "/tmp/smcXXXXXX";
	int fd = mkstemp(name);
	if (fd < 0) {
		perror("mkstemp");
		exit(1);
	}
	unlink(name);
	static uint32_t b[PG / 4];
	code(b, k);
	if (write(fd, b, PG) != PG) {
		perror("write");
		exit(1);
	}
	return fd;
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	int f4 = file(4), f5 = file(5);
	char *p = mmap(NULL, PG, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	put(p, 1);
	printf("stored: %ld\n", calls(p));

	int fds[2];
	uint32_t b[2];
	code(b, 2);
	if (pipe(fds) != 0 || write(fds[1], b, 8) != 8 || read(fds[0], p, 8) != 8) {
		perror("pipe");
		return 1;
	}
	printf("read(2) into it: %ld\n", calls(p));

	if (mprotect(p, PG, PROT_READ | PROT_WRITE) != 0)
		perror("mprotect");
	put(p, 3);
	if (mprotect(p, PG, PROT_READ | PROT_EXEC) != 0)
		perror("mprotect");
	printf("mprotect, store, mprotect: %ld\n", calls(p));

	if (mmap(p, PG, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_FIXED, f4, 0) != p)
		perror("mmap over");
	printf("mmap of a file over it: %ld\n", calls(p));
	if (munmap(p, PG) != 0 || mmap(p, PG, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_FIXED, f5, 0) != p)
		perror("munmap, mmap");
	printf("munmap, mmap of another file: %ld\n", calls(p));

	if (mmap(p, PG, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != p)
		perror("mmap anonymous");
	put(p, 5);
	calls(p);
	pthread_t th;
	if (pthread_create(&th, NULL, thread, p) != 0 || pthread_join(th, NULL) != 0)
		perror("pthread");
	printf("another thread's store: %ld\n", calls(p));

	return 0;
}
