/* The runner's bounds over all its guest processes together. Without an
   argument (as the corpus runs it): three children each map and touch
   1 MiB and open 16 descriptors, then say so. TestRunBounds runs it:
   "mem MIB": the program maps and touches MIB MiB, then forks children
   that keep their copy (and write it) until fork fails, says how many
   and how fork failed, kills and reaps them; under Config.MaxMemory
   fork fails with ENOMEM once the copies would take the run's mapped
   memory beyond it. "fds K": K children, one after the other, open
   /dev/null until an open fails and say how it failed (or how fork
   failed); the parent opens once they are reaped.
   Every guest descriptor is one of the runner's host descriptors: the
   children together stop at the runner's table (ENFILE), short of the
   numbers the runner keeps for itself. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t kids[4096];

static void touch(char *p, size_t n) {
	for (size_t i = 0; i < n; i += 4096)
		p[i] = 1;
}

static int reap(int n) {
	for (int i = 0; i < n; i++)
		kill(kids[i], SIGKILL);
	int r = 0;
	while (wait(NULL) > 0)
		r++;
	return r;
}

static int mem(size_t mib) {
	size_t n = mib << 20;
	char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		printf("mmap: %s\n", strerror(errno));
		return 1;
	}
	touch(p, n);
	int k = 0, err = 0;
	while (k < (int)(sizeof kids / sizeof kids[0])) {
		int go[2];
		if (pipe(go))
			return 1;
		fflush(stdout);
		pid_t pid = fork();
		if (pid < 0) {
			err = errno;
			close(go[0]);
			close(go[1]);
			break;
		}
		if (pid == 0) {
			touch(p, n); /* its own copy */
			write(go[1], "x", 1);
			for (;;)
				pause();
		}
		char c;
		read(go[0], &c, 1);
		close(go[0]);
		close(go[1]);
		kids[k++] = pid;
	}
	printf("fork: %s after %d children\n", err ? strerror(err) : "no failure", k);
	printf("reaped %d\n", reap(k));
	return 0;
}

static int fds(int k) {
	for (int i = 0; i < k; i++) {
		int go[2];
		if (pipe(go))
			return 1;
		fflush(stdout);
		if ((kids[i] = fork()) < 0) {
			printf("fork %d: %s\n", i, strerror(errno));
			k = i;
			break;
		}
		if (kids[i] == 0) {
			int n = 0;
			while (open("/dev/null", O_RDONLY) >= 0)
				n++;
			printf("process %d: %s after %s\n", i, strerror(errno), n ? "some opens" : "no open");
			fflush(stdout);
			write(go[1], "x", 1);
			for (;;)
				pause();
		}
		char c;
		read(go[0], &c, 1);
		close(go[0]);
		close(go[1]);
	}
	printf("reaped %d\n", reap(k));
	int fd = open("/dev/null", O_RDONLY);
	printf("parent, after: %s\n", fd >= 0 ? "opened" : strerror(errno));
	return 0;
}

int main(int argc, char **argv) {
	if (argc > 2 && strcmp(argv[1], "mem") == 0)
		return mem(strtoul(argv[2], NULL, 10));
	if (argc > 2 && strcmp(argv[1], "fds") == 0)
		return fds(atoi(argv[2]));
	for (int i = 0; i < 3; i++) {
		fflush(stdout);
		pid_t pid = fork();
		if (pid == 0) {
			char *p = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (p == MAP_FAILED)
				_exit(1);
			touch(p, 1 << 20);
			for (int j = 0; j < 16; j++)
				if (open("/dev/null", O_RDONLY) < 0)
					_exit(2);
			printf("child %d: 1 MiB and 16 descriptors\n", i);
			fflush(stdout);
			_exit(0);
		}
		int st;
		waitpid(pid, &st, 0);
		printf("child %d exited %d\n", i, WEXITSTATUS(st));
	}
	return 0;
}
