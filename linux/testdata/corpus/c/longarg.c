/* execve with long argument and environment strings: each may be up to
 * MAX_ARG_STRLEN (32 pages, its NUL included) long, a longer one is E2BIG,
 * and a string running into an unmapped page is EFAULT. A shell's `sh -c
 * SCRIPT` passes a script of several KiB as one argument (the Debian
 * corpus runs its cases so); the runner refused strings over 4 KiB with
 * EFAULT. The program re-executes itself (argv[0]) in a forked child,
 * which prints the lengths it got. qemu-user runs a guest execve through
 * the host kernel, so longarg.expected is its output under qemu-user
 * registered with binfmt_misc in a user namespace (unshare -Urm, as
 * scripts/debian-run.sh's reference), the same in both byte orders; the
 * runner before this change printed Bad address for every string over
 * 4 KiB. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static char self[4096];

static char *fill(size_t n, char c) {
	char *s = malloc(n + 1);
	memset(s, c, n);
	s[n] = 0;
	return s;
}

/* run execs self with arg and one environment string env in a child and
 * prints the outcome. */
static void run(const char *what, char *arg, char *env) {
	char *cargv[] = {self, "child", arg, NULL};
	char *cenv[] = {env, NULL};
	int p[2];
	pipe(p);
	pid_t pid = fork();
	if (pid == 0) {
		close(p[0]);
		execve(self, cargv, cenv);
		int e = errno;
		write(p[1], &e, sizeof e);
		_exit(127);
	}
	close(p[1]);
	int e = 0, st;
	if (read(p[0], &e, sizeof e) == sizeof e)
		printf("%s: -1 %s\n", what, strerror(e));
	close(p[0]);
	waitpid(pid, &st, 0);
	printf("%s: status %d\n", what, WEXITSTATUS(st));
}

int main(int argc, char **argv, char **envp) {
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 3 && !strcmp(argv[1], "child")) {
		size_t el = envp[0] ? strlen(envp[0]) : 0;
		printf("child: arg %zu env %zu last %c\n", strlen(argv[2]), el, el ? envp[0][el - 1] : '-');
		return 0;
	}
	if (!realpath(argv[0], self))
		return 1;
	long pg = 4096;
	run("5000", fill(5000, 'a'), "E=x");
	run("max-1", fill(32 * pg - 1, 'b'), "E=x");
	run("max", fill(32 * pg, 'c'), "E=x");
	char *env = fill(100000, 'd');
	memcpy(env, "BIG=", 4);
	run("env 100000", "x", env);
	char *env2 = fill(32 * pg, 'e');
	memcpy(env2, "BIG=", 4);
	run("env max", "x", env2);
	/* A string whose NUL would be past the end of a mapping. */
	char *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(m + pg, pg);
	memset(m, 'f', pg);
	run("unterminated", m + pg - 6000 % pg, "E=x");
	char *cargv[] = {self, "child", fill(32 * pg, 'g'), NULL};
	res("execve max in the caller", execve(self, cargv, envp));
	return 0;
}
