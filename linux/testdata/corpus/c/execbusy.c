/* execve of a file some process holds open for writing fails with ETXTBSY
 * (Linux's deny_write_access in do_open_execat), whoever holds it: the
 * caller itself (close-on-exec or not: the check comes before the
 * descriptors close), its parent, the file's program or a script's
 * interpreter; the last close lifts it. The other order: while a process
 * runs the file, opening it for writing is ETXTBSY, until it ends. The
 * program copies itself to a temporary file and runs the copy, which
 * says it runs ("child") or waits for its standard input to end
 * ("wait"). execbusy.expected is the output of this program built for
 * x86-64 and run natively (on a Linux 6.18 host, whose do_open_execat
 * denies write access as 6.1's does): qemu-user's execve of a guest
 * program asks the host for it, which cannot run a powerpc64 file
 * without binfmt_misc. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static char copy[] = "/tmp/ppc64emu-execbusy-XXXXXX";
static char script[] = "/tmp/ppc64emu-execbusy-sh-XXXXXX";

/* run execs path with argument arg in a child: the child's exec errno
 * ("exec: -1 ...") or how the program ended. */
static void run(const char *what, const char *path, const char *arg) {
	int p[2];
	if (pipe(p) != 0) return;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		close(p[0]);
		fcntl(p[1], F_SETFD, FD_CLOEXEC);
		char *argv[] = {(char *)path, (char *)arg, 0};
		execv(path, argv);
		int e = errno;
		write(p[1], &e, sizeof e);
		_exit(127);
	}
	close(p[1]);
	int e = 0, st = 0;
	long n = read(p[0], &e, sizeof e);
	close(p[0]);
	waitpid(pid, &st, 0);
	if (n == sizeof e)
		printf("%s: -1 %s\n", what, strerror(e));
	else
		printf("%s: exit %d\n", what, WEXITSTATUS(st));
}

/* selfexec execs path in a child that holds wfd itself (close-on-exec
 * if cloexec). */
static void selfexec(const char *what, const char *path, int cloexec) {
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		int fd = open(path, O_WRONLY | (cloexec ? O_CLOEXEC : 0));
		if (fd < 0) _exit(2);
		char *argv[] = {(char *)path, "child", 0};
		execv(path, argv);
		printf("%s: -1 %s\n", what, strerror(errno));
		fflush(stdout);
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	if (WEXITSTATUS(st) != 0) printf("%s: exit %d\n", what, WEXITSTATUS(st));
}

static void opened(const char *what, int fd) {
	if (fd >= 0) {
		close(fd);
		fd = 0;
	}
	res(what, fd);
}

int main(int argc, char **argv) {
	if (argc > 1 && strcmp(argv[1], "child") == 0) {
		printf("  the copy runs\n");
		return 3;
	}
	if (argc > 2 && strcmp(argv[2], "child") == 0) {
		printf("  the copy runs the script\n");
		return 5;
	}
	if (argc > 1 && strcmp(argv[1], "wait") == 0) {
		char c;
		while (read(0, &c, 1) > 0) {
		}
		return 4;
	}
	int in = open("/proc/self/exe", O_RDONLY);
	int wfd = mkstemp(copy);
	if (in < 0 || wfd < 0) return 1;
	char buf[65536];
	long n;
	while ((n = read(in, buf, sizeof buf)) > 0)
		if (write(wfd, buf, n) != n) return 1;
	close(in);
	fchmod(wfd, 0755);

	/* The file open for writing by this process (the parent). */
	run("exec while the parent writes it", copy, "child");
	int rfd = open(copy, O_RDONLY);
	run("exec while the parent writes it, read open too", copy, "child");
	close(rfd);
	int dup = fcntl(wfd, F_DUPFD, 10);
	close(wfd);
	run("exec while a dup is open", copy, "child");
	close(dup);
	run("exec after the last close", copy, "child");

	/* Held by the exec'ing process itself. */
	selfexec("exec by its own writer", copy, 0);
	selfexec("exec by its own close-on-exec writer", copy, 1);

	/* A script whose interpreter, or which, is open for writing. */
	int sfd = mkstemp(script);
	if (sfd < 0) return 1;
	dprintf(sfd, "#!%s\n", copy);
	fchmod(sfd, 0755);
	run("exec a script while it is open for writing", script, "child");
	close(sfd);
	run("exec the script", script, "child");
	wfd = open(copy, O_RDWR);
	run("exec the script while its interpreter is open for writing", script, "child");
	close(wfd);

	/* The other order: the copy runs, waiting. */
	int p[2];
	if (pipe(p) != 0) return 1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(p[0], 0);
		close(p[0]);
		close(p[1]);
		char *av[] = {copy, "wait", 0};
		execv(copy, av);
		_exit(127);
	}
	close(p[0]);
	/* Until the child has exec'd: its exe names the copy. */
	char link[64], target[4096];
	snprintf(link, sizeof link, "/proc/%d/exe", (int)pid);
	for (int i = 0; i < 10000; i++) {
		long m = readlink(link, target, sizeof target - 1);
		if (m > 0) {
			target[m] = 0;
			if (strcmp(target, copy) == 0) break;
		}
		usleep(1000);
	}
	opened("open the running copy O_WRONLY", open(copy, O_WRONLY));
	opened("open the running copy O_RDONLY", open(copy, O_RDONLY));
	close(p[1]);
	int st;
	waitpid(pid, &st, 0);
	printf("the waiting copy: exit %d\n", WEXITSTATUS(st));
	opened("open the copy O_WRONLY after it ended", open(copy, O_WRONLY));
	unlink(script);
	unlink(copy);
	return 0;
}
