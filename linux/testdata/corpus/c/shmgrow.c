/* mremap grows a file's MAP_SHARED mapping past the length it was mapped
 * with (MREMAP_MAYMOVE): the new pages are the file's next pages, shared
 * with the file (a store shows in pread), and a page past the file's end
 * is SIGBUS, as on Linux. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include "busfile.h"
#include "res.h"

int main(void) {
	long pg = sysconf(_SC_PAGESIZE);
	char path[64];
	int fd = scratch(path, "shmgrow");
	if (fd < 0)
		return 1;
	unlink(path);
	char *buf = calloc(4, pg);
	for (int i = 0; i < 4; i++)
		buf[i * pg] = 'a' + i;
	if (write(fd, buf, 4 * pg) != 4 * pg)
		return 2;
	char *m = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return 3;
	printf("mapped: %c\n", m[0]);
	/* Something right after it (if the page is free), so that growing
	 * must move it. */
	mmap(m + pg, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	char *p = mremap(m, pg, 3 * pg, MREMAP_MAYMOVE);
	if (p == MAP_FAILED) {
		res("mremap", -1);
		return 4;
	}
	printf("moved: %d, pages: %c %c %c\n", p != m, p[0], p[pg], p[2 * pg]);
	p[2 * pg + 1] = 'X';
	char c = 0;
	res("pread", pread(fd, &c, 1, 2 * pg + 1));
	printf("the file has the store: %c\n", c);
	char *q = mremap(p, 3 * pg, 6 * pg, MREMAP_MAYMOVE);
	printf("grown to 6 pages: %d, page 3: %c\n", q != MAP_FAILED, q[3 * pg]);
	char c4;
	if (bus_read(q + 4 * pg, &c4) == 0)
		printf("page 4 (past the end): %d\n", c4);
	else
		printf("page 4 (past the end): signal SIGBUS\n");
	return 0;
}
