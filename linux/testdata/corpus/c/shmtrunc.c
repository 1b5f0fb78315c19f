/* A file MAP_SHARED page the guest has already used, whose file is then
 * truncated under it: the next access is SIGBUS, as on Linux. With a
 * handler the program sees si_code BUS_ADRERR; without one the process
 * is killed by SIGBUS (the parent sees it through wait). The runner must
 * not crash: it maps the host file itself, so the host raises the SIGBUS
 * inside it. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile char *map(const char *path) {
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || ftruncate(fd, 8192) != 0)
		exit(2);
	volatile char *m = mmap(0, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		exit(3);
	m[0] = 'a'; /* the page is in use */
	if (ftruncate(fd, 0) != 0)
		exit(4);
	close(fd);
	return m;
}

int main(void) {
	char path[64];
	snprintf(path, sizeof path, "/tmp/ppc64emu-shmtrunc-%d", (int)getpid());
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		volatile char *m = map(path);
		printf("child: touching the truncated page\n");
		fflush(stdout);
		m[1] = 'b';
		printf("child: not reached\n");
		_exit(0);
	}
	int st;
	if (waitpid(pid, &st, 0) != pid)
		return 5;
	unlink(path);
	printf("child: signaled %d, signal %s\n", WIFSIGNALED(st), WIFSIGNALED(st) && WTERMSIG(st) == SIGBUS ? "SIGBUS" : "other");
	printf("parent: still running\n");
	return 0;
}
