/* The resource limits the runner only kept the host's of before
 * (getrlimit read the host's, setrlimit accepted and forgot): RLIMIT_STACK,
 * RLIMIT_CORE, RLIMIT_RSS, RLIMIT_LOCKS, RLIMIT_MSGQUEUE and RLIMIT_RTTIME
 * soft limits set and read back (the hard ones kept), inherited by a
 * child, cur > max EINVAL; and
 * RLIMIT_STACK's bound on the main stack's growth (mm/mmap.c
 * acct_stack_growth): a child that lowers it to 256 KiB and then uses a
 * megabyte of stack dies of SIGSEGV, one that keeps 8 MiB does not. The
 * expected output is a native x86-64 run (Linux 6.18, checked against
 * 6.1's kernel/sys.c do_prlimit and mm/mmap.c): qemu-user 7.2 ignores
 * setrlimit of RLIMIT_STACK (and AS, DATA) and reads the host's back. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static const struct {
	int res;
	const char *name;
} lims[] = {
	{RLIMIT_STACK, "STACK"}, {RLIMIT_CORE, "CORE"}, {RLIMIT_RSS, "RSS"},
	{RLIMIT_LOCKS, "LOCKS"}, {RLIMIT_MSGQUEUE, "MSGQUEUE"}, {RLIMIT_RTTIME, "RTTIME"},
};

static struct rlimit start[6];

static void show(const char *who) {
	for (unsigned i = 0; i < sizeof lims / sizeof lims[0]; i++) {
		struct rlimit rl;
		getrlimit(lims[i].res, &rl);
		printf("%s %s cur %llu, max %s\n", who, lims[i].name, (unsigned long long)rl.rlim_cur,
		       rl.rlim_max == start[i].rlim_max ? "as it was" : "changed");
	}
}

/* Uses about n KiB of stack the compiler cannot drop. */
static int deep(int n) {
	volatile char buf[1024];
	buf[0] = (char)n;
	buf[1023] = 1;
	if (n == 0)
		return buf[0] + buf[1023];
	return deep(n - 1) + buf[0];
}

static void stackchild(rlim_t lim, int kib) {
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		struct rlimit rl;
		getrlimit(RLIMIT_STACK, &rl);
		rl.rlim_cur = lim;
		if (setrlimit(RLIMIT_STACK, &rl))
			perror("setrlimit STACK");
		_exit(deep(kib) == -1);
	}
	int st;
	waitpid(pid, &st, 0);
	if (WIFSIGNALED(st))
		printf("stack %llu KiB, %d KiB used: killed by %s\n", (unsigned long long)lim / 1024, kib, strsignal(WTERMSIG(st)));
	else
		printf("stack %llu KiB, %d KiB used: exit %d\n", (unsigned long long)lim / 1024, kib, WEXITSTATUS(st));
}

int main(void) {
	for (unsigned i = 0; i < sizeof lims / sizeof lims[0]; i++) {
		getrlimit(lims[i].res, &start[i]);
		/* A soft limit below any hard one: 2 MiB of stack, 4 KiB steps. */
		struct rlimit rl = {i == 0 ? 2 << 20 : 4096 * i, start[i].rlim_max};
		if (rl.rlim_cur > rl.rlim_max)
			rl.rlim_cur = rl.rlim_max;
		if (setrlimit(lims[i].res, &rl))
			printf("setrlimit %s: %s\n", lims[i].name, strerror(errno));
	}
	show("parent");
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		show("child");
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, NULL, 0);
	struct rlimit bad = {8192, 4096};
	int r = setrlimit(RLIMIT_CORE, &bad);
	printf("cur > max: %d %s\n", r, strerror(errno));
	stackchild(256 << 10, 1024);
	stackchild(8 << 20, 1024);
	return 0;
}
