/* A store through a MAP_SHARED mapping of a file, in another process,
 * shows through a private mapping's page of the file this process has not
 * written, read before the store (on Linux both map the page cache's page);
 * a page it wrote stays its own. Compared with qemu-user, which maps the host file with the host
 * kernel (Linux's behaviour). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "busfile.h"
#include "res.h"

int main(void) {
	long ps = sysconf(_SC_PAGESIZE);
	char path[64];
	int fd = scratch(path, "privshared");
	if (fd < 0)
		return 1;
	unlink(path);
	if (letter_pages(fd, 2, ps, ps) != 0)
		return 1;
	char *p = mmap(NULL, 2 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		return 1;
	p[ps] = 'w';
	if (mprotect(p, ps, PROT_READ) < 0)
		return 1;
	printf("page 0 before: %c\n", p[0]);
	int up[2], down[2];
	if (pipe(up) < 0 || pipe(down) < 0)
		return 1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		char go;
		char *s = mmap(NULL, 2 * ps, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (s == MAP_FAILED)
			_exit(1);
		s[0] = 'S';
		s[ps] = 'T';
		if (write(up[1], "s", 1) != 1 || read(down[0], &go, 1) != 1)
			_exit(1);
		s[0] = 'U';
		if (write(up[1], "s", 1) != 1)
			_exit(1);
		_exit(0);
	}
	char go;
	if (read(up[0], &go, 1) != 1)
		return 1;
	printf("page 0 after the other process's shared store: %c\n", p[0]);
	printf("page 1, written before: %c\n", p[ps]);
	if (write(down[1], "g", 1) != 1 || read(up[0], &go, 1) != 1)
		return 1;
	printf("page 0 after another shared store: %c\n", p[0]);
	int st;
	waitpid(pid, &st, 0);
	printf("child status %#x\n", st);
	char c;
	res("pread page 1", pread(fd, &c, 1, ps));
	printf("file page 1: %c\n", c);
	return 0;
}
