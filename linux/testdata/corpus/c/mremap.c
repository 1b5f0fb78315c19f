/* mremap: shrinking, growing in place, moving (MREMAP_MAYMOVE), moving to a
 * fixed address (MREMAP_FIXED), the error cases, permissions kept across a
 * move, and glibc realloc of large blocks (which uses mremap). Output is
 * independent of the addresses chosen. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static long pg;
static int devnull;

/* mapped reports whether the page at p is readable (write(2) from it). */
static int mapped(void *p) {
	return write(devnull, p, 1) == 1 ? 1 : -errno;
}

static void fill(unsigned char *p, size_t n, int seed) {
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(i * 7 + seed);
}

static int same(unsigned char *p, size_t n, int seed) {
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)(i * 7 + seed))
			return 0;
	return 1;
}

static int zero(unsigned char *p, size_t n) {
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

static void err(const char *what, void *r) {
	if (r == MAP_FAILED)
		printf("%s: -1 %s\n", what, strerror(errno));
	else
		printf("%s: succeeded\n", what);
}

int main(void) {
	pg = sysconf(_SC_PAGESIZE);
	devnull = open("/dev/null", O_WRONLY);
	int rw = PROT_READ | PROT_WRITE, fl = MAP_PRIVATE | MAP_ANONYMOUS;

	/* Shrink: same address, the tail unmapped. */
	unsigned char *a = mmap(0, 4 * pg, rw, fl, -1, 0);
	fill(a, 4 * pg, 1);
	unsigned char *b = mremap(a, 4 * pg, 2 * pg, 0);
	printf("shrink: same=%d contents=%d tail=%d\n", b == a, same(b, 2 * pg, 1), mapped(a + 3 * pg));

	/* Grow in place into free space above. */
	a = mmap(0, 8 * pg, rw, fl, -1, 0);
	munmap(a + 4 * pg, 4 * pg);
	fill(a, 4 * pg, 2);
	b = mremap(a, 4 * pg, 8 * pg, 0);
	printf("grow in place: same=%d contents=%d new-zero=%d\n", b == a, same(b, 4 * pg, 2), zero(b + 4 * pg, 4 * pg));
	b[8 * pg - 1] = 1;

	/* Grow blocked by the next mapping: ENOMEM, or moved with MAYMOVE. */
	a = mmap(0, 3 * pg, rw, fl, -1, 0);
	mprotect(a + 2 * pg, pg, PROT_READ);
	fill(a, 2 * pg, 3);
	err("grow blocked", mremap(a, 2 * pg, 4 * pg, 0));
	b = mremap(a, 2 * pg, 6 * pg, MREMAP_MAYMOVE);
	printf("grow moved: moved=%d contents=%d new-zero=%d old=%d next-page=%d\n", b != a, same(b, 2 * pg, 3),
	       zero(b + 2 * pg, 4 * pg), mapped(a), mapped(a + 2 * pg));
	b[6 * pg - 1] = 1;

	/* Permissions move with the pages. */
	unsigned char *r = mremap(a + 2 * pg, pg, 3 * pg, MREMAP_MAYMOVE);
	int fds[2];
	pipe(fds);
	write(fds[1], "x", 1);
	printf("read-only moved: readable=%d read-into=%d\n", mapped(r) == 1 && zero(r, 3 * pg),
	       read(fds[0], r, 1) < 0 ? -errno : 0);

	/* MREMAP_FIXED onto an existing mapping replaces it. */
	unsigned char *src = mmap(0, 2 * pg, rw, fl, -1, 0);
	unsigned char *dst = mmap(0, 4 * pg, rw, fl, -1, 0);
	fill(src, 2 * pg, 4);
	fill(dst, 4 * pg, 9);
	b = mremap(src, 2 * pg, 3 * pg, MREMAP_MAYMOVE | MREMAP_FIXED, dst);
	printf("fixed: at=%d contents=%d grown-zero=%d rest-kept=%d src=%d\n", b == dst, same(b, 2 * pg, 4),
	       zero(b + 2 * pg, pg), dst[3 * pg] == (unsigned char)(3 * pg * 7 + 9), mapped(src));
	/* Shrinking while moving to a fixed address. */
	src = mmap(0, 3 * pg, rw, fl, -1, 0);
	fill(src, 3 * pg, 5);
	b = mremap(src, 3 * pg, pg, MREMAP_MAYMOVE | MREMAP_FIXED, dst);
	printf("fixed shrink: at=%d contents=%d src=%d src-tail=%d\n", b == dst, same(b, pg, 5), mapped(src),
	       mapped(src + 2 * pg));

	/* Errors. */
	a = mmap(0, 4 * pg, rw, fl, -1, 0);
	err("fixed without maymove", mremap(a, pg, pg, MREMAP_FIXED, a + 2 * pg));
	err("unknown flag", mremap(a, pg, pg, 8));
	err("unaligned address", mremap(a + 1, pg, pg, 0));
	/* A zero new size is EINVAL on Linux (mm/mremap.c) but ENOMEM under
	 * qemu-user 7.2: not compared here. */
	err("fixed overlapping", mremap(a, 2 * pg, 2 * pg, MREMAP_MAYMOVE | MREMAP_FIXED, a + pg));
	err("fixed unaligned target", mremap(a, pg, pg, MREMAP_MAYMOVE | MREMAP_FIXED, a + 2 * pg + 8));
	munmap(a + 2 * pg, 2 * pg);
	err("unmapped address", mremap(a + 2 * pg, pg, 2 * pg, MREMAP_MAYMOVE));
	err("range past the mapping", mremap(a, 3 * pg, 4 * pg, MREMAP_MAYMOVE));
	mprotect(a + pg, pg, PROT_READ);
	err("range over two protections", mremap(a, 2 * pg, 3 * pg, MREMAP_MAYMOVE));
	err("same size", mremap(a, pg, pg, 0));

	/* glibc realloc of mmapped blocks. */
	size_t n = 1 << 20;
	unsigned char *m = malloc(n);
	fill(m, n, 6);
	m = realloc(m, 4 * n);
	int ok = same(m, n, 6);
	memset(m + n, 0x5a, 3 * n);
	m = realloc(m, n / 2);
	ok &= same(m, n / 2, 6);
	m = realloc(m, 3 * n);
	ok &= same(m, n / 2, 6);
	free(m);
	printf("realloc: %d\n", ok);
	return 0;
}
