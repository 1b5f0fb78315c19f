/* A private file mapping (MAP_PRIVATE) shows the file as it is when a page
 * is first touched, and the mapping's own writes after that: a page not
 * touched yet shows a pwrite made after mmap; a page the program wrote
 * keeps its bytes when the file changes, and read(2) of the file does not
 * see them; the rest of the file's last page reads as zeros; a page wholly
 * beyond the file's end is SIGBUS (BUS_ADRERR at the byte accessed), also
 * after ftruncate shrank the file under an untouched page; MADV_DONTNEED
 * drops a written page, which then reads the file again; mincore says the
 * file's pages are in memory, touched or not, and the page beyond the end
 * is not; a forked child reads the parent's writes and the file's pages it
 * had not touched as the file is then, and its own writes stay its own.
 * privmap.expected is the output of this program built for x86-64 and run
 * natively on Linux 6.1, the same as qemu-ppc64le 7.2's (which maps the
 * host file the descriptor names); qemu-ppc64 reports a wrong si_addr for
 * the SIGBUS (as shmbus.c says), so the big-endian build is compared with
 * the expected output, not with it. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "busfile.h"
#include "res.h"

int main(void) {
	long ps = sysconf(_SC_PAGESIZE);
	char path[64];
	int fd = scratch(path, "privmap");
	if (fd < 0)
		return 1;
	unlink(path);
	/* Pages 'A', 'B', 'C' and 100 bytes of 'D'. */
	if (letter_pages(fd, 4, ps, 100) != 0)
		return 1;
	char *p = mmap(NULL, 5 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		return 1;
	res("pwrite page 1 before it is touched", pwrite(fd, "b", 1, ps));
	touch_at("page 1", p + ps);
	touch_at("page 0", p);
	p[0] = 'x';
	res("pwrite page 0 after the mapping wrote it", pwrite(fd, "a", 1, 0));
	touch_at("page 0", p);
	char c;
	res("pread page 0", pread(fd, &c, 1, 0));
	printf("file page 0: %c\n", c);
	touch_at("last byte of the file", p + 3 * ps + 99);
	touch_at("after the file's end", p + 3 * ps + 100);
	touch_at("page beyond the end", p + 4 * ps + 8);
	unsigned char vec[5];
	res("mincore", mincore(p, 5 * ps, vec));
	printf("mincore: %d %d %d %d %d\n", vec[0] & 1, vec[1] & 1, vec[2] & 1, vec[3] & 1, vec[4] & 1);
	res("madvise MADV_DONTNEED page 0", madvise(p, ps, MADV_DONTNEED));
	touch_at("page 0 after MADV_DONTNEED", p);

	/* A fresh mapping: the file shrinks under an untouched page. */
	char *q = mmap(NULL, 4 * ps, PROT_READ, MAP_PRIVATE, fd, 0);
	if (q == MAP_FAILED)
		return 1;
	res("ftruncate to one page", ftruncate(fd, ps));
	touch_at("untouched page 2 after ftruncate", q + 2 * ps + 1);
	touch_at("page 0 of the shrunk file", q);
	res("ftruncate to four pages", ftruncate(fd, 4 * ps));
	touch_at("page 2 after the file grew again", q + 2 * ps + 1);

	/* fork: the child sees the parent's writes and the file as it is
	 * for pages neither touched. */
	char *r = mmap(NULL, 4 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (r == MAP_FAILED)
		return 1;
	r[0] = 'p';
	int sync[2];
	if (pipe(sync) < 0)
		return 1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		char go;
		if (read(sync[0], &go, 1) != 1)
			_exit(1);
		touch_at("child: page 0", r);
		touch_at("child: page 3 (the file changed after fork)", r + 3 * ps);
		r[ps] = 'c';
		touch_at("child: page 1 after its write", r + ps);
		fflush(stdout);
		_exit(0);
	}
	res("pwrite page 3 after fork", pwrite(fd, "z", 1, 3 * ps));
	if (write(sync[1], "g", 1) != 1)
		return 1;
	int st;
	waitpid(pid, &st, 0);
	printf("child status %#x\n", st);
	touch_at("parent: page 1 after the child's write", r + ps);
	return 0;
}
