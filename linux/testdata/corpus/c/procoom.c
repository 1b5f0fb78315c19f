/* The OOM killer's files of /proc/PID, as choom(1) and service managers
 * use them: oom_score_adj and the older oom_adj read the process's
 * adjustment (oom_adj on its -17..15 scale) and set it (a number with C's
 * base prefixes and blanks around it; out of range EINVAL, past an int
 * ERANGE); without CAP_SYS_RESOURCE a process may not lower
 * oom_score_adj below its minimum (0 unless a capable writer set one) nor
 * oom_adj below the adjustment (EACCES). fork copies the adjustment, and
 * a parent sets its child's through /proc/PID. oom_score grows with the
 * adjustment (from at least 1332 for 1000: Linux's proc_oom_score). Runs
 * with CAP_SYS_RESOURCE dropped from its effective set; expects to start
 * with adjustment 0. Compared with qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/capability.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static long readnum(const char *path) {
	char b[32] = {0};
	int fd = open(path, O_RDONLY);
	if (fd < 0) return -1000000;
	long n = read(fd, b, sizeof b - 1);
	close(fd);
	return n > 0 ? strtol(b, 0, 10) : -2000000;
}

static void put(const char *path, const char *v) {
	char what[96], shown[40];
	size_t n = 0;
	for (const char *p = v; *p && n < sizeof shown - 3; p++) {
		if (*p == '\n') {
			shown[n++] = '\\';
			shown[n++] = 'n';
		} else
			shown[n++] = *p;
	}
	shown[n] = 0;
	snprintf(what, sizeof what, "write %s \"%s\"", strrchr(path, '/') + 1, shown);
	int fd = open(path, O_WRONLY);
	if (fd < 0) {
		res(what, -1);
		return;
	}
	res(what, write(fd, v, strlen(v)));
	close(fd);
}

static void show(const char *who) {
	printf("%s: oom_score_adj %ld oom_adj %ld\n", who, readnum("/proc/self/oom_score_adj"),
	       readnum("/proc/self/oom_adj"));
}

int main(void) {
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2];
	syscall(SYS_capget, &h, d);
	d[CAP_SYS_RESOURCE / 32].effective &= ~(1u << (CAP_SYS_RESOURCE % 32));
	res("capset without CAP_SYS_RESOURCE", syscall(SYS_capset, &h, d));

	const char *adj = "/proc/self/oom_score_adj", *old = "/proc/self/oom_adj";
	show("start");
	long s0 = readnum("/proc/self/oom_score");
	printf("oom_score at 0 in 666..1332: %d\n", s0 >= 666 && s0 < 1332);
	put(adj, "1000");
	long s1 = readnum("/proc/self/oom_score");
	printf("oom_score at 1000 at least 1332: %d, above the one at 0: %d\n", s1 >= 1332, s1 > s0);
	show("after 1000");
	put(adj, "500");
	show("after 500");
	put(adj, "  0x10\n");
	show("after 0x10");
	put(adj, "017");
	show("after 017");
	put(adj, "-1");
	put(adj, "1001");
	put(adj, "abc");
	put(adj, "12 3");
	put(adj, "");
	put(adj, "99999999999");
	put(adj, "+200");
	show("after +200");
	put(old, "3");
	show("after oom_adj 3");
	put(old, "2");
	put(old, "16");
	put(old, "-17");
	put(old, "15");
	show("after oom_adj 15");
	put(adj, "0000000000000000300");
	show("after 13 bytes");

	int go[2], done[2];
	if (pipe(go) || pipe(done)) return 1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		char c;
		show("child");
		fflush(stdout);
		if (write(done[1], "x", 1) != 1 || read(go[0], &c, 1) != 1) _exit(1);
		show("child after its parent wrote");
		fflush(stdout);
		_exit(0);
	}
	char c, path[64];
	if (read(done[0], &c, 1) != 1) return 1;
	snprintf(path, sizeof path, "/proc/%d/oom_score_adj", (int)pid);
	put(path, "700");
	fflush(stdout);
	if (write(go[1], "x", 1) != 1) return 1;
	int st;
	waitpid(pid, &st, 0);
	printf("child status %d\n", WEXITSTATUS(st));
	show("parent");
	return 0;
}
