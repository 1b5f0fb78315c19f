/* Processes of a dynamically linked big-endian program: fork, execl of a
   dynamic program (this one again, by its path), waitpid's
   status for an exit code and for a death by signal, vfork+exec,
   posix_spawn, a pipe between parent and child, system() and popen()
   through /bin/sh (the static big-endian busybox shell of the root
   scripts/be-corpus.sh assembles). Built with powerpc64-linux-gnu-gcc
   without -static; run under qemu-ppc64 (chroot, binfmt_misc) and
   ppc64emu run -L ROOT, outputs compared byte for byte. */
#define _GNU_SOURCE
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void status(const char *what, int st) {
	if (WIFEXITED(st))
		printf("%s: exited %d\n", what, WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		printf("%s: killed by signal %d\n", what, WTERMSIG(st));
	else
		printf("%s: status %#x\n", what, st);
}

int main(int argc, char **argv) {
	if (argc > 2 && strcmp(argv[1], "child") == 0) {
		printf("child %s: argc %d, ppid is the parent: %s\n", argv[2], argc,
		       getenv("PARENT") && atoi(getenv("PARENT")) == getppid() ? "yes" : "no");
		return atoi(argv[2]);
	}
	setvbuf(stdout, NULL, _IONBF, 0);
	char pid[32];
	snprintf(pid, sizeof pid, "%d", getpid());
	setenv("PARENT", pid, 1);

	/* fork + execl + waitpid. */
	pid_t c = fork();
	if (c == 0) {
		execl(argv[0], argv[0], "child", "7", (char *)NULL);
		_exit(127);
	}
	int st;
	waitpid(c, &st, 0);
	status("fork+exec", st);

	/* A child killed by a signal. */
	c = fork();
	if (c == 0) {
		raise(SIGTERM);
		_exit(0);
	}
	waitpid(c, &st, 0);
	status("raise(SIGTERM)", st);

	/* A pipe from a forked child. */
	int fd[2];
	if (pipe(fd) != 0)
		return 1;
	c = fork();
	if (c == 0) {
		close(fd[0]);
		for (int i = 0; i < 3; i++)
			dprintf(fd[1], "line %d from the child\n", i);
		_exit(0);
	}
	close(fd[1]);
	char buf[256];
	ssize_t n, tot = 0;
	while ((n = read(fd[0], buf + tot, sizeof buf - 1 - tot)) > 0)
		tot += n;
	buf[tot] = 0;
	close(fd[0]);
	waitpid(c, &st, 0);
	printf("pipe read %zd bytes:\n%s", tot, buf);
	status("pipe child", st);

	/* vfork + exec. */
	c = vfork();
	if (c == 0) {
		execl(argv[0], argv[0], "child", "3", (char *)NULL);
		_exit(127);
	}
	waitpid(c, &st, 0);
	status("vfork+exec", st);

	/* posix_spawn (clone(CLONE_VM|CLONE_VFORK) in glibc). */
	char *sargv[] = {argv[0], "child", "5", NULL};
	if (posix_spawn(&c, argv[0], NULL, NULL, sargv, environ) != 0)
		return 1;
	waitpid(c, &st, 0);
	status("posix_spawn", st);

	/* system() and popen() through /bin/sh. */
	status("system(exit 4)", system("exit 4"));
	status("system(echo)", system("echo system says hello"));
	FILE *p = popen("echo one two three | tr a-z A-Z; echo second line", "r");
	while (p && fgets(buf, sizeof buf, p))
		printf("popen: %s", buf);
	if (p)
		status("pclose", pclose(p));
	p = popen("wc -c", "w");
	if (p) {
		fputs("twelve chars", p);
		status("pclose(w)", pclose(p));
	}
	return 0;
}
