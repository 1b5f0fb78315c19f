/* coredump FILTER FILE maps one of each kind of mapping coredump_filter
 * chooses between, prints their addresses, sets /proc/self/coredump_filter
 * to FILTER and aborts, for TestCoreDumpFilter to read the core file's
 * program headers: anonymous private written (a), anonymous private never
 * touched (u, read-only so that it stays a mapping of its own), anonymous
 * shared written (s), a private mapping of the data file FILE (made, not
 * removed: a deleted file's shared mapping counts as anonymous) read (f), a private
 * mapping of the program's own file from offset 0 read (e: its ELF
 * header), a shared mapping of the data file read (m). Each anonymous one
 * sits between inaccessible pages, so that it merges with nothing.
 * Without an argument it prints a line and exits. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { N = 2 };
static long ps;

/* guarded maps N pages with prot and flags between two PROT_NONE pages. */
static char *guarded(int prot, int flags) {
	char *g = mmap(NULL, (N + 2) * ps, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g == MAP_FAILED)
		exit(1);
	char *p = mmap(g + ps, N * ps, prot, flags | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	if (p == MAP_FAILED)
		exit(1);
	return p;
}

int main(int argc, char **argv) {
	if (argc < 3) {
		printf("coredump: no filter and file given, no dump\n");
		return 0;
	}
	ps = sysconf(_SC_PAGESIZE);
	char *a = guarded(PROT_READ | PROT_WRITE, MAP_PRIVATE);
	char *u = guarded(PROT_READ, MAP_PRIVATE);
	char *s = guarded(PROT_READ | PROT_WRITE, MAP_SHARED);
	memset(a, 1, N * ps);
	memset(s, 2, N * ps);
	int fd = open(argv[2], O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return 1;
	char *buf = calloc(N, ps);
	memset(buf, 'd', N * ps);
	if (write(fd, buf, N * ps) != N * ps)
		return 1;
	int exe = open("/proc/self/exe", O_RDONLY);
	char *f = mmap(NULL, N * ps, PROT_READ, MAP_PRIVATE, fd, 0);
	char *e = mmap(NULL, N * ps, PROT_READ, MAP_PRIVATE, exe, 0);
	char *m = mmap(NULL, N * ps, PROT_READ, MAP_SHARED, fd, 0);
	if (f == MAP_FAILED || e == MAP_FAILED || m == MAP_FAILED)
		return 1;
	volatile char sum = f[0] + f[ps] + e[0] + m[0] + m[ps];
	(void)sum;
	printf("a %lx %lx\nu %lx %lx\ns %lx %lx\nf %lx %lx\ne %lx %lx\nm %lx %lx\n",
	       (unsigned long)a, N * ps, (unsigned long)u, N * ps, (unsigned long)s, N * ps,
	       (unsigned long)f, N * ps, (unsigned long)e, N * ps, (unsigned long)m, N * ps);
	fflush(stdout);
	int cf = open("/proc/self/coredump_filter", O_WRONLY);
	if (cf < 0 || write(cf, argv[1], strlen(argv[1])) < 0)
		return 1;
	close(cf);
	abort();
}
