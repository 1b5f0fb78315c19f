/* The maximum resident size (ru_maxrss) of ended children: wait4's
 * rusage, waitid's and getrusage(RUSAGE_CHILDREN) report the largest of
 * the reaped children's (and, through them, their descendants'), as
 * Linux 6.1's wait_task_zombie and getrusage do. A child that wrote 8 MiB
 * had at least 8192 kB resident. ppc64emu reported 0 for children that
 * ran inside the runner (Python's resource.getrusage(RUSAGE_CHILDREN)
 * after a fork). No CPU times are printed: they are timing. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define MIB8 (8 << 20)

/* touch writes n bytes of fresh anonymous memory. */
static void touch(size_t n) {
	char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		_exit(99);
	}
	memset(p, 1, n);
}

static long children_maxrss(void) {
	struct rusage ru;
	if (getrusage(RUSAGE_CHILDREN, &ru) != 0) {
		perror("getrusage");
		exit(1);
	}
	return ru.ru_maxrss;
}

int main(void) {
	struct rusage ru;
	int st;
	setvbuf(stdout, NULL, _IONBF, 0); /* nothing buffered is copied by fork */
	printf("before any child: children maxrss %s\n", children_maxrss() == 0 ? "0" : "nonzero");

	/* A child that writes 8 MiB and exits 3. */
	pid_t pid = fork();
	if (pid == 0) {
		touch(MIB8);
		_exit(3);
	}
	memset(&ru, 0, sizeof ru);
	if (wait4(pid, &st, 0, &ru) != pid) {
		perror("wait4");
		return 1;
	}
	printf("wait4: status %d, maxrss >= 8 MiB %d\n", WEXITSTATUS(st), ru.ru_maxrss >= 8192);
	printf("children maxrss >= 8 MiB %d\n", children_maxrss() >= 8192);

	/* A child killed by a signal after writing 8 MiB: waitid's rusage
	 * (the raw call: glibc's waitid has no rusage argument). */
	pid = fork();
	if (pid == 0) {
		touch(MIB8);
		raise(SIGKILL);
		_exit(0);
	}
	siginfo_t si;
	memset(&ru, 0, sizeof ru);
	memset(&si, 0, sizeof si);
	if (syscall(SYS_waitid, P_PID, pid, &si, WEXITED, &ru) != 0) {
		perror("waitid");
		return 1;
	}
	printf("waitid: code %d status %d, maxrss >= 8 MiB %d\n", si.si_code, si.si_status, ru.ru_maxrss >= 8192);

	/* A grandchild's usage reaches the grandparent through the child
	 * that reaped it; with WNOWAIT nothing is reaped or counted. */
	pid = fork();
	if (pid == 0) {
		pid_t g = fork();
		if (g == 0) {
			touch(2 * MIB8);
			_exit(0);
		}
		if (waitpid(g, &st, 0) != g)
			_exit(98);
		printf("child: its children maxrss >= 16 MiB %d\n", children_maxrss() >= 16384);
		_exit(4);
	}
	long before = children_maxrss();
	if (waitid(P_PID, pid, &si, WEXITED | WNOWAIT) != 0) {
		perror("waitid WNOWAIT");
		return 1;
	}
	printf("after WNOWAIT: children maxrss unchanged %d\n", children_maxrss() == before);
	memset(&ru, 0, sizeof ru);
	if (wait4(pid, &st, 0, &ru) != pid) {
		perror("wait4");
		return 1;
	}
	printf("wait4: status %d, maxrss >= 16 MiB %d\n", WEXITSTATUS(st), ru.ru_maxrss >= 16384);
	printf("children maxrss >= 16 MiB %d\n", children_maxrss() >= 16384);

	/* RUSAGE_SELF's maxrss is never 0 for a running process. */
	if (getrusage(RUSAGE_SELF, &ru) != 0) {
		perror("getrusage self");
		return 1;
	}
	printf("self maxrss > 0 %d\n", ru.ru_maxrss > 0);
	return 0;
}
