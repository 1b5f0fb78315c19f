/* bigvec: one readv, writev, preadv, pwritev, preadv2 or pwritev2 of more
 * than a MiB on a regular file moves it all, as Linux does (up to
 * MAX_RW_COUNT; bigio.c has read, write, pread and pwrite): the runner
 * moved the first MiB only (its scratch buffer) for the reads. Then
 * buffers that run into a page the call may not access after more than a
 * MiB (a partial count up to that page: Linux's copy stops there), and a
 * writev cut short by RLIMIT_FSIZE and one at the limit (EFBIG, SIGXFSZ
 * ignored). bigvec.expected is the output of this program built for
 * x86-64 and run on this host's Linux (6.18); qemu-user 7.2 stops before
 * the first buffer with a page it may not access (lock_iovec) and prints
 * 524288 for the four faulting calls. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/uio.h>
#include <unistd.h>

#include "bigbuf.h"

int main(void) {
	unsigned char *w, *r;
	int fd = bigfile("bigvec", &w, &r);
	long n = 3 * MB + 5;
	struct iovec wv[3] = {{w, MB / 2}, {w + MB / 2, 0}, {w + MB / 2, n - MB / 2}};
	printf("writev %ld\n", (long)writev(fd, wv, 3));
	printf("lseek %ld\n", (long)lseek(fd, 0, SEEK_SET));
	memset(r, 0, 4 * MB);
	struct iovec rv[2] = {{r, MB + 3}, {r + MB + 3, 3 * MB - 3}};
	long got = readv(fd, rv, 2);
	printf("readv %ld same %d sum %08x pos %ld\n", got, memcmp(r, w, n) == 0, sum(r, got), (long)lseek(fd, 0, SEEK_CUR));
	struct iovec pv[2] = {{w + 1, MB}, {w + 2 * MB, MB + 1}};
	printf("pwritev %ld\n", (long)pwritev(fd, pv, 2, 100));
	got = pwritev2(fd, pv, 2, -1, 0);
	printf("pwritev2 %ld pos %ld\n", got, (long)lseek(fd, 0, SEEK_CUR));
	memset(r, 0, 4 * MB);
	struct iovec qv[2] = {{r, 2 * MB}, {r + 2 * MB, 2 * MB}};
	got = preadv(fd, qv, 2, 0);
	printf("preadv %ld sum %08x\n", got, sum(r, got));
	got = preadv2(fd, qv, 2, 10, 0);
	printf("preadv2 %ld sum %08x\n", got, sum(r, got));
	printf("lseek %ld\n", (long)lseek(fd, 1, SEEK_SET));
	got = preadv2(fd, qv, 2, -1, 0);
	printf("preadv2 at pos %ld sum %08x pos %ld\n", got, sum(r, got), (long)lseek(fd, 0, SEEK_CUR));

	/* 3 MiB mapped, the third page-aligned MiB made inaccessible. */
	unsigned char *m = mmap(0, 3 * MB, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	mprotect(m + 2 * MB, MB, PROT_NONE);
	lseek(fd, 0, SEEK_SET);
	struct iovec fv[2] = {{m, MB / 2}, {m + MB / 2, 2 * MB}};
	got = readv(fd, fv, 2);
	printf("readv to a fault %ld sum %08x pos %ld\n", got, sum(m, got > 0 ? got : 0), (long)lseek(fd, 0, SEEK_CUR));
	got = preadv(fd, fv, 2, 7);
	printf("preadv to a fault %ld sum %08x\n", got, sum(m, got > 0 ? got : 0));
	char other[] = "bigvecXXXXXX";
	int fd2 = mkstemp(other);
	unlink(other);
	got = writev(fd2, fv, 2);
	printf("writev from a fault %ld size %ld\n", got, (long)lseek(fd2, 0, SEEK_END));
	got = pwritev(fd2, fv, 2, 3);
	printf("pwritev from a fault %ld size %ld\n", got, (long)lseek(fd2, 0, SEEK_END));

	signal(SIGXFSZ, SIG_IGN);
	struct rlimit rl = {5 * MB / 2, RLIM_INFINITY};
	setrlimit(RLIMIT_FSIZE, &rl);
	ftruncate(fd2, 0);
	lseek(fd2, 0, SEEK_SET);
	got = writev(fd2, wv, 3);
	printf("writev past RLIMIT_FSIZE %ld size %ld\n", got, (long)lseek(fd2, 0, SEEK_END));
	got = writev(fd2, wv, 3);
	printf("writev at RLIMIT_FSIZE %ld %m\n", got);
	got = pwritev(fd2, pv, 2, 2 * MB);
	printf("pwritev past RLIMIT_FSIZE %ld\n", got);
	return 0;
}
