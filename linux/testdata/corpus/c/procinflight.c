/* A /proc file's descriptor in flight: sent in an SCM_RIGHTS message and
 * closed by its sender, then many other /proc files opened and closed
 * (a runner that keeps a table of its stand-ins for /proc files may sweep
 * it meanwhile), then received. The received descriptor is still the
 * /proc file: fstat's mode and size, fstatfs's PROC_SUPER_MAGIC, the
 * same inode as a stat of the path, readlink of its /proc/self/fd link,
 * and its content (status's first field, stat's pid). Done for two files
 * at once in one message, and once across a fork (the child receives).
 * procinflight.expected is a native run's on x86-64 (Linux 6.18; these
 * answers are fs/proc's and af_unix's since well before 6.1): qemu-user
 * 7.2 answers a process's own /proc/PID/stat from a file of its own,
 * which fstat shows (mode 0777, its size, not proc). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scmrights.h"

/* churn opens and closes many /proc files. */
static void churn(void) {
	const char *names[] = {"/proc/self/status", "/proc/self/stat", "/proc/self/maps", "/proc/self/environ"};
	for (int i = 0; i < 400; i++) {
		int fd = open(names[i % 4], O_RDONLY);
		if (fd >= 0) close(fd);
	}
}

static void check(const char *who, int fd, const char *path) {
	struct stat st, pst;
	struct statfs sf;
	char link[64], got[256], want[256], buf[64];
	if (fstat(fd, &st) != 0 || stat(path, &pst) != 0 || fstatfs(fd, &sf) != 0) {
		printf("%s: fstat failed\n", who);
		return;
	}
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, got, sizeof got - 1);
	got[n < 0 ? 0 : n] = 0;
	snprintf(want, sizeof want, "%s", path);
	ssize_t r = pread(fd, buf, sizeof buf - 1, 0);
	buf[r < 0 ? 0 : r] = 0;
	/* status starts with its Name: field, stat with the pid. */
	char pid[32];
	snprintf(pid, sizeof pid, "%s", path + 6);
	*strchr(pid, '/') = 0;
	int content = strncmp(buf, "Name:", 5) == 0 || (strncmp(buf, pid, strlen(pid)) == 0 && buf[strlen(pid)] == ' ');
	printf("%s: mode %04o size %lld proc %d same inode %d link is path %d content %d\n", who, st.st_mode & 07777,
	       (long long)st.st_size, sf.f_type == 0x9fa0, st.st_ino == pst.st_ino && st.st_dev == pst.st_dev,
	       strcmp(got, want) == 0, content);
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	int sv[2], go[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0 || pipe(go) != 0) return 1;
	char status[64], statf[64];
	snprintf(status, sizeof status, "/proc/%d/status", getpid());
	snprintf(statf, sizeof statf, "/proc/%d/stat", getpid());

	/* One process: send, close, churn, receive. */
	int fds[2] = {open(status, O_RDONLY), open(statf, O_RDONLY)};
	sendfds(sv[0], fds, 2);
	close(fds[0]);
	close(fds[1]);
	churn();
	int got[4];
	int n = recvfds(sv[1], got, 4);
	printf("received %d\n", n);
	if (n == 2) {
		check("status", got[0], status);
		check("stat", got[1], statf);
		close(got[0]);
		close(got[1]);
	}

	/* Across a fork: the parent sends and closes, the child churns and
	   receives. */
	pid_t c = fork();
	if (c == 0) {
		close(sv[0]);
		close(go[1]);
		char b;
		read(go[0], &b, 1); /* the parent has sent and closed */
		churn();
		int g[4];
		int k = recvfds(sv[1], g, 4);
		char ps[64];
		snprintf(ps, sizeof ps, "/proc/%d/status", getppid());
		printf("child received %d\n", k);
		if (k == 1) check("child: parent's status", g[0], ps);
		_exit(0);
	}
	int fd = open(status, O_RDONLY);
	sendfds(sv[0], &fd, 1);
	close(fd);
	churn();
	write(go[1], "g", 1);
	int st;
	waitpid(c, &st, 0);
	return 0;
}
