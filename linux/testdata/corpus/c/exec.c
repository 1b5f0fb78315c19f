/* execve: the program re-executes itself (argv[0]) in a forked child and
   through posix_spawn; close-on-exec descriptors close, inherited ones
   stay (a pipe to the parent), caught signals return to the default, ignored
   ones stay ignored; a #! script runs its interpreter (this program) with
   the script's path; a file that is no program is ENOEXEC, a missing one
   ENOENT. Ordered by wait and pipes only. qemu-user runs a guest execve
   through the host kernel (binfmt_misc), so exec.expected is written from
   execve(2), not taken from qemu-user. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static void on_usr1(int s) { (void)s; }

static int child(int argc, char **argv) {
	int cl = atoi(argv[2]), keep = atoi(argv[3]);
	struct sigaction sa;
	sigaction(SIGUSR1, 0, &sa);
	printf("child: argc %d, cloexec fd %s, usr1 %s, ", argc,
	       fcntl(cl, F_GETFD) < 0 && errno == EBADF ? "closed" : "open",
	       sa.sa_handler == SIG_DFL ? "default" : "caught");
	sigaction(SIGUSR2, 0, &sa);
	printf("usr2 %s\n", sa.sa_handler == SIG_IGN ? "ignored" : "other");
	fflush(stdout);
	write(keep, "ok", 2);
	return 5;
}

int main(int argc, char **argv) {
	if (argc > 1 && strcmp(argv[1], "child") == 0) return child(argc, argv);
	if (argc > 1 && strcmp(argv[1], "script") == 0) {
		printf("script: argc %d, last %s\n", argc, argv[argc - 1]);
		return 6;
	}
	char self[PATH_MAX];
	if (!realpath(argv[0], self)) return 1;
	int p[2], st;
	if (pipe(p)) return 1;
	int cl = open("/dev/null", O_RDONLY | O_CLOEXEC);
	signal(SIGUSR1, on_usr1);
	signal(SIGUSR2, SIG_IGN);
	char a1[16], a2[16];
	snprintf(a1, sizeof a1, "%d", cl);
	snprintf(a2, sizeof a2, "%d", p[1]);
	char *cargv[] = {self, "child", a1, a2, 0};
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) { execve(self, cargv, environ); _exit(127); }
	char buf[3] = {0};
	read(p[0], buf, 2);
	waitpid(pid, &st, 0);
	printf("fork+exec: %s, exited %d\n", buf, WEXITSTATUS(st));

	if (posix_spawn(&pid, self, 0, 0, cargv, environ) != 0) return 1;
	memset(buf, 0, sizeof buf);
	read(p[0], buf, 2);
	waitpid(pid, &st, 0);
	printf("posix_spawn: %s, exited %d\n", buf, WEXITSTATUS(st));

	char script[] = "/tmp/ppc64emu-execXXXXXX";
	int fd = mkstemp(script);
	dprintf(fd, "#!%s script\n", self);
	fchmod(fd, 0755);
	close(fd);
	char *sargv[] = {script, "last-arg", 0};
	fflush(stdout);
	if ((pid = fork()) == 0) { execve(script, sargv, environ); _exit(127); }
	waitpid(pid, &st, 0);
	printf("script: exited %d\n", WEXITSTATUS(st));

	fd = open(script, O_WRONLY | O_TRUNC);
	write(fd, "plain text\n", 11);
	close(fd);
	printf("text file: %d %s\n", execve(script, sargv, environ), strerror(errno));
	unlink(script);
	printf("missing: %d %s\n", execve("/nonexistent/prog", sargv, environ), strerror(errno));
	return 0;
}
