/* Entries read through a descriptor of another process's /proc/PID
 * directory (psmisc's killall opens /proc/PID, then openat(fd, "stat")):
 * a child's stat and status, a thread-free child's task directory, and
 * the caller's own through /proc/self, each printed only as relations (the
 * pid and ppid fields against fork's and getpid's answers, the state of a
 * child stopped in pause), so qemu-user, which passes the lookups to the
 * host's /proc, and the runner, which answers for guest processes, print
 * the same. Before the runner kept which process a /proc/PID descriptor
 * names, the lookups through it answered for the caller. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* field reads stat's field n (1: pid, 3: state, 4: ppid) through dirfd. */
static long field(int dirfd, const char *entry, int n, char *state) {
	char b[1024];
	int f = openat(dirfd, entry, O_RDONLY);
	if (f < 0)
		return -1;
	ssize_t k = read(f, b, sizeof b - 1);
	close(f);
	if (k <= 0)
		return -1;
	b[k] = 0;
	if (n == 1)
		return atol(b);
	char *p = strrchr(b, ')');
	if (!p)
		return -1;
	p += 2; /* the state */
	if (n == 3) {
		*state = *p;
		return 0;
	}
	return atol(p + 2); /* ppid */
}

static long statusPid(int dirfd) {
	char b[4096];
	int f = openat(dirfd, "status", O_RDONLY);
	if (f < 0)
		return -1;
	ssize_t k = read(f, b, sizeof b - 1);
	close(f);
	if (k <= 0)
		return -1;
	b[k] = 0;
	char *p = strstr(b, "\nPid:");
	return p ? atol(p + 5) : -1;
}

int main(void) {
	int ready[2];
	if (pipe(ready) < 0)
		return 1;
	pid_t c = fork();
	if (c == 0) {
		close(ready[0]);
		write(ready[1], "x", 1);
		pause();
		_exit(0);
	}
	char x, st = '?', path[64];
	read(ready[0], &x, 1);
	usleep(100000); /* into pause: the state is S (sleeping) */
	snprintf(path, sizeof path, "/proc/%d", c);
	int d = open(path, O_RDONLY | O_DIRECTORY);
	printf("open /proc/CHILD: %s\n", d >= 0 ? "ok" : "failed");
	printf("stat pid is the child's: %d\n", field(d, "stat", 1, &st) == c);
	printf("stat ppid is ours: %d\n", field(d, "stat", 4, &st) == getpid());
	field(d, "stat", 3, &st);
	printf("stat state: %c\n", st);
	printf("status Pid is the child's: %d\n", statusPid(d) == c);
	int dd = dup(d);
	printf("through a dup: %d\n", field(dd, "stat", 1, &st) == c);
	snprintf(path, sizeof path, "task/%d/stat", c);
	printf("task/CHILD/stat pid: %d\n", field(d, path, 1, &st) == c);
	int self = open("/proc/self", O_RDONLY | O_DIRECTORY);
	printf("self stat pid is ours: %d\n", field(self, "stat", 1, &st) == getpid());
	kill(c, SIGKILL);
	waitpid(c, NULL, 0);
	printf("after the child is reaped: %s\n", openat(d, "stat", O_RDONLY) < 0 ? "refused" : "opened");
	return 0;
}
