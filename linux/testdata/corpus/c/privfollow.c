/* A private file mapping's page the process has not written is the file's
 * page (Linux's page cache: do_read_fault maps it, do_cow_fault and
 * wp_page_copy copy it at the first write): a pwrite or write(2) through
 * another descriptor shows through it, also in a mapping of a descriptor
 * opened O_RDONLY; a page the process wrote is its own and no longer shows
 * the file; mprotect keeps a page the file's until it is written;
 * MADV_DONTNEED drops the process's copy, the file shows again; after
 * fork, parent and child both see the file in the pages neither wrote and
 * each copies its own on its own write; ftruncate makes the pages past the
 * new end SIGBUS (BUS_ADRERR), also a page the process wrote (its copy is
 * dropped), and the page holding it zeros past the end, and growing the
 * file again brings the file's zero pages back; mremap grows a mapping
 * with the file's next pages (SIGBUS past the end). Compared with
 * qemu-user, which maps the host file with the host kernel (Linux's
 * behaviour). The SIGBUS's address is not printed (qemu-ppc64 gives a
 * wrong si_addr, shmbus.c). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "busfile.h"
#include "res.h"

static void put(int fd, const char *b, long off) {
	if (pwrite(fd, b, 1, off) != 1)
		printf("pwrite at %ld failed\n", off);
}

int main(void) {
	long ps = sysconf(_SC_PAGESIZE);
	char path[64];
	int fd = scratch(path, "privfollow");
	if (fd < 0)
		return 1;
	int rfd = open(path, O_RDONLY);
	unlink(path);
	if (rfd < 0)
		return 1;
	/* Pages 'A', 'B', 'C', 'D'. */
	if (letter_pages(fd, 4, ps, ps) != 0)
		return 1;

	/* A reader's mapping of a descriptor opened O_RDONLY. */
	char *p = mmap(NULL, 4 * ps, PROT_READ, MAP_PRIVATE, rfd, 0);
	if (p == MAP_FAILED)
		return 1;
	touch("read-only mapping page 0", p);
	put(fd, "x", 0);
	touch("page 0 after a pwrite", p);
	touch("page 1", p + ps);
	res("lseek to page 1", lseek(fd, ps, SEEK_SET));
	res("write page 1", write(fd, "yy", 2));
	touch("page 1 after write(2)", p + ps + 1);

	/* mprotect, then the first store copies. */
	touch("page 2", p + 2 * ps);
	res("mprotect read-write", mprotect(p, 4 * ps, PROT_READ | PROT_WRITE));
	put(fd, "z", 2 * ps);
	touch("page 2 after mprotect and a pwrite", p + 2 * ps);
	p[2 * ps] = 'w';
	put(fd, "v", 2 * ps);
	touch("page 2 after the process wrote it and a pwrite", p + 2 * ps);
	char c;
	res("pread page 2", pread(fd, &c, 1, 2 * ps));
	printf("file page 2: %c\n", c);
	res("madvise MADV_DONTNEED page 2", madvise(p + 2 * ps, ps, MADV_DONTNEED));
	touch("page 2 after MADV_DONTNEED", p + 2 * ps);
	put(fd, "u", 2 * ps);
	touch("page 2 after MADV_DONTNEED and a pwrite", p + 2 * ps);

	/* fork: both see the file until each writes. */
	char *q = mmap(NULL, 4 * ps, PROT_READ, MAP_PRIVATE, fd, 0);
	if (q == MAP_FAILED)
		return 1;
	touch("parent: page 0 before fork", q);
	touch("parent: page 1 before fork", q + ps);
	int up[2], down[2];
	if (pipe(up) < 0 || pipe(down) < 0)
		return 1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		char go;
		if (mprotect(q, 4 * ps, PROT_READ | PROT_WRITE) < 0)
			_exit(1);
		q[0] = 'c';
		if (write(up[1], "w", 1) != 1 || read(down[0], &go, 1) != 1)
			_exit(1);
		touch("child: page 0 it wrote", q);
		touch("child: page 1 it did not", q + ps);
		fflush(stdout);
		_exit(0);
	}
	char go;
	if (read(up[0], &go, 1) != 1)
		return 1;
	put(fd, "P", 0);
	put(fd, "Q", ps);
	touch("parent: page 0 after the child wrote its own", q);
	touch("parent: page 1", q + ps);
	fflush(stdout);
	if (write(down[1], "g", 1) != 1)
		return 1;
	int st;
	waitpid(pid, &st, 0);
	printf("child status %#x\n", st);

	/* ftruncate: SIGBUS past the new end, zeros after it in its page. */
	touch("page 3", q + 3 * ps);
	p[3 * ps] = 'k';
	res("ftruncate to a page and a half", ftruncate(fd, ps + ps / 2));
	touch("page 3 after ftruncate", q + 3 * ps);
	touch("page 3 the process wrote, after ftruncate", p + 3 * ps);
	touch("page 1 before the new end", q + ps + ps / 2 - 1);
	touch("page 1 after the new end", q + ps + ps / 2);
	res("ftruncate to four pages", ftruncate(fd, 4 * ps));
	touch("page 3 after the file grew again", q + 3 * ps);
	touch("page 3 the process wrote, after the file grew again", p + 3 * ps);
	put(fd, "n", 3 * ps);
	touch("page 3 after a pwrite", q + 3 * ps);

	/* mremap grows a private file mapping with the file's next pages. */
	char *g = mmap(NULL, 2 * ps, PROT_READ, MAP_PRIVATE, fd, 0);
	if (g == MAP_FAILED)
		return 1;
	g = mremap(g, 2 * ps, 5 * ps, MREMAP_MAYMOVE);
	if (g == MAP_FAILED)
		return 1;
	touch("grown mapping page 3", g + 3 * ps);
	touch("grown mapping page 4, past the end", g + 4 * ps);
	return 0;
}
