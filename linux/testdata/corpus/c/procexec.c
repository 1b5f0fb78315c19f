/* execve keeps the process's core dump filter (an mm flag Linux's
 * mm_init copies into the new mm), the thread's timer slack and its
 * default, and the I/O counters (task_io_accounting lives in the task,
 * which execve keeps). Compared with procexec.expected, the output of a
 * native run on x86-64 (the behaviour is architecture-independent):
 * qemu-user cannot run it (its execve of a ppc64 program needs a
 * binfmt_misc registration on the host). Re-executes itself once, with
 * an argument that stops it there. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>
#include "res.h"

static char buf[4096];

static long slurp(const char *path) {
	int fd = open(path, O_RDONLY);
	if (fd < 0) return -1;
	long n = read(fd, buf, sizeof buf - 1);
	close(fd);
	buf[n > 0 ? n : 0] = 0;
	return n;
}

static unsigned long long rchar(void) {
	slurp("/proc/self/io");
	return strtoull(buf + strlen("rchar: "), 0, 10);
}

int main(int argc, char **argv) {
	if (argc > 2 && strcmp(argv[1], "exec") == 0) {
		slurp("/proc/self/coredump_filter");
		printf("after execve: coredump_filter %s", buf);
		printf("after execve: slack %ld\n", (long)prctl(PR_GET_TIMERSLACK));
		prctl(PR_SET_TIMERSLACK, 0);
		printf("after execve: default slack kept: %s\n", prctl(PR_GET_TIMERSLACK) == strtol(argv[2], 0, 10) ? "yes" : "no");
		printf("after execve: rchar kept: %s\n", rchar() >= 3000 ? "yes" : "no");
		return 0;
	}
	long slack0 = prctl(PR_GET_TIMERSLACK);
	int fd = open("/proc/self/coredump_filter", O_WRONLY);
	res("write coredump_filter", write(fd, "0x5", 3));
	close(fd);
	res("set slack", prctl(PR_SET_TIMERSLACK, 3333));
	int p[2];
	pipe(p);
	static char data[1000];
	for (int i = 0; i < 3; i++) {
		write(p[1], data, sizeof data);
		read(p[0], data, sizeof data);
	}
	char arg[32];
	snprintf(arg, sizeof arg, "%ld", slack0);
	fflush(stdout);
	execl("/proc/self/exe", argv[0], "exec", arg, (char *)0);
	perror("execl");
	return 1;
}
