/* A process forks while a page of its shared file mapping lies past the
 * end of the file (the file was truncated after the page was written):
 * the fork copies the address space with that mapping, the child's access
 * to the page is SIGBUS as on Linux, the parent's page below the end is
 * still shared with the child. Recording (record, run -gdb) takes an image
 * of the address space at the fork: the page past the end must not crash
 * the runner (a host SIGBUS outside the guest's access). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
	char tmp[] = "/tmp/ppc64emu-shmtruncfork-XXXXXX";
	int fd = mkstemp(tmp);
	unlink(tmp);
	if (fd < 0 || ftruncate(fd, 8192) != 0)
		return 1;
	volatile char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return 1;
	p[0] = 1;
	p[4096] = 2;
	if (ftruncate(fd, 4096) != 0)
		return 1;
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		p[0] = 7; /* seen by the parent: the mapping is shared */
		printf("child reads page 1: ");
		fflush(stdout);
		printf("%d\n", p[4096]); /* past the end: SIGBUS */
		_exit(0);
	}
	int st = 0;
	waitpid(c, &st, 0);
	printf("\nchild: %s %d; parent sees page 0 = %d\n", WIFSIGNALED(st) ? "signal" : "exit",
	       WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st), p[0]);
	return 0;
}
