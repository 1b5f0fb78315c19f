/* Per-process working directory and umask, and process groups and
   sessions: a child's chdir, fchdir and umask do not move its parent's;
   setpgid/getpgid/getpgrp, setsid/getsid with Linux's errors; kill to a
   process group (-pgid) and to the caller's own (0). Pids are printed only
   as relations. Events are ordered by pipes and wait. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char base[4096];

static const char *rel(const char *dir) {
	/* dir relative to the starting directory. */
	size_t n = strlen(base);
	return strncmp(dir, base, n) == 0 ? dir + n : dir;
}

static void show(const char *what, int st) {
	if (WIFEXITED(st)) printf("%s: exited %d\n", what, WEXITSTATUS(st));
	else if (WIFSIGNALED(st)) printf("%s: killed by %d\n", what, WTERMSIG(st));
}

static mode_t mode_of(const char *path) {
	struct stat st;
	return stat(path, &st) == 0 ? st.st_mode & 0777 : 01000;
}

int main(void) {
	char tmpl[] = "/tmp/procgroup.XXXXXX", buf[4096];
	int st, p[2];
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!mkdtemp(tmpl)) return 1;
	if (chdir(tmpl) != 0 || !getcwd(base, sizeof base)) return 1;
	mkdir("sub", 0755);
	mkdir("sub/deeper", 0755);
	fflush(stdout);

	/* chdir in a child stays in the child. */
	pid_t pid = fork();
	if (pid == 0) {
		if (chdir("sub") != 0) _exit(1);
		FILE *f = fopen("made-by-child", "w"); /* relative: in sub */
		if (!f) _exit(2);
		fclose(f);
		printf("child cwd: %s\n", rel(getcwd(buf, sizeof buf)));
		int d = open("deeper", O_RDONLY | O_DIRECTORY);
		if (fchdir(d) != 0) _exit(3);
		printf("child after fchdir: %s\n", rel(getcwd(buf, sizeof buf)));
		umask(077);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	show("chdir child", st);
	printf("parent cwd: %s\n", rel(getcwd(buf, sizeof buf)));
	printf("relative stat of sub/made-by-child: %d\n", access("sub/made-by-child", F_OK));
	printf("chdir to a file: %d %s\n", chdir("sub/made-by-child"), strerror(errno));
	printf("chdir to nothing: %d %s\n", chdir("nothing"), strerror(errno));
	printf("fchdir bad fd: %d %s\n", fchdir(99), strerror(errno));

	/* umask is per process too. */
	umask(022);
	pid = fork();
	if (pid == 0) {
		umask(077);
		int fd = open("child-file", O_CREAT | O_WRONLY, 0666);
		close(fd);
		mkdir("child-dir", 0777);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	int fd = open("parent-file", O_CREAT | O_WRONLY, 0666);
	close(fd);
	printf("umask after child: %03o\n", umask(022));
	printf("modes: child-file %03o child-dir %03o parent-file %03o\n",
	       mode_of("child-file"), mode_of("child-dir"), mode_of("parent-file"));

	/* Process groups. */
	pid_t me = getpid(), pg0 = getpgrp();
	printf("getpgid(0)==getpgrp: %d\n", getpgid(0) == pg0);
	printf("getsid(0)==getsid(me): %d\n", getsid(0) == getsid(me));
	printf("setpgid(-1): %d %s\n", setpgid(0, -1), strerror(errno));
	printf("setpgid(not a child): %d %s\n", setpgid(1, 0), strerror(errno));
	if (pipe(p) != 0) return 1;
	pid = fork();
	if (pid == 0) {
		char c;
		close(p[1]);
		read(p[0], &c, 1); /* until the parent has moved us */
		printf("child pgid is own pid: %d\n", getpgrp() == getpid());
		printf("child sid is parent's: %d\n", getsid(0) == getsid(getppid()));
		fflush(stdout);
		/* kill(0, …): our own new group only. */
		signal(SIGUSR1, SIG_DFL);
		kill(0, SIGUSR1);
		_exit(9);
	}
	close(p[0]);
	printf("setpgid(child, 0): %d\n", setpgid(pid, 0));
	printf("getpgid(child)==child: %d\n", getpgid(pid) == pid);
	printf("setpgid(child, no such group): %d %s\n", setpgid(pid, pid + 1000), strerror(errno));
	write(p[1], "x", 1);
	close(p[1]);
	waitpid(pid, &st, 0);
	show("kill(0) child", st);
	printf("getpgid(reaped): %d %s\n", getpgid(pid), strerror(errno));

	/* kill(-pgid): two children in one group, the first leading it. */
	int ready[2];
	if (pipe(ready) != 0) return 1;
	pid_t a = fork();
	if (a == 0) {
		setpgid(0, 0);
		write(ready[1], "a", 1);
		for (;;) pause();
	}
	setpgid(a, a);
	pid_t b = fork();
	if (b == 0) {
		setpgid(0, a);
		write(ready[1], "b", 1);
		for (;;) pause();
	}
	setpgid(b, a);
	char c2[2];
	read(ready[0], c2, 1);
	read(ready[0], c2 + 1, 1);
	printf("b joined a's group: %d\n", getpgid(b) == a);
	printf("kill(-a, SIGTERM): %d\n", kill(-a, SIGTERM));
	waitpid(a, &st, 0);
	show("group member a", st);
	waitpid(b, &st, 0);
	show("group member b", st);
	printf("kill(-a) again: %d %s\n", kill(-a, SIGTERM), strerror(errno));

	/* Sessions: a group leader cannot setsid; a fresh child can. */
	pid = fork();
	if (pid == 0) {
		pid_t s = setsid();
		int ok = s == getpid() && getsid(0) == s && getpgrp() == s;
		int again = setsid();
		int e = errno;
		int moved = setpgid(0, pg0);
		int e2 = errno;
		printf("setsid child: ok %d, again %d %s, setpgid out %d %s\n", ok, again, strerror(e), moved, strerror(e2));
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		int r = setsid();
		printf("setsid as group leader: %d %s\n", r, strerror(errno));
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	printf("parent pgid unchanged: %d\n", getpgrp() == pg0);

	/* Clean up. */
	unlink("sub/made-by-child");
	rmdir("sub/deeper");
	rmdir("sub");
	unlink("child-file");
	rmdir("child-dir");
	unlink("parent-file");
	chdir("/");
	printf("cleanup: %d\n", rmdir(tmpl));
	return 0;
}
