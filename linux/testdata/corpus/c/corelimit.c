/* RLIMIT_CORE and the parent's view of a child's core dump: a child killed
 * by SIGSEGV with RLIMIT_CORE 0 dumps no core (wait status without
 * WCOREDUMP's 0x80, SIGCHLD's si_code CLD_KILLED); with its soft limit at
 * the hard one (when that is at least a megabyte) it does (0x80,
 * CLD_DUMPED), as Linux's do_coredump with a core_pattern naming a file.
 * The second child runs in a directory of its own under /tmp, which the
 * parent empties and removes: a host core file lands there (qemu-user
 * leaves the host's core of its own process, with the bit; the runner
 * writes none and sets the bit). Compared with qemu-user 7.2, which
 * measured the same as a native x86-64 run for both limits. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "coredir.h"

static void child(const char *what, rlim_t soft, const char *dir) {
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		struct rlimit r;
		getrlimit(RLIMIT_CORE, &r);
		r.rlim_cur = soft;
		if (setrlimit(RLIMIT_CORE, &r) < 0 || (dir && chdir(dir) < 0))
			_exit(1);
		*(volatile int *)0 = 1;
		_exit(2);
	}
	siginfo_t si;
	memset(&si, 0, sizeof si);
	waitid(P_PID, pid, &si, WEXITED | WNOWAIT);
	int st;
	waitpid(pid, &st, 0);
	printf("%s: signaled %d signal %d core %d, si_code %s\n", what, WIFSIGNALED(st), WTERMSIG(st),
	       WCOREDUMP(st) != 0, si.si_code == CLD_DUMPED ? "CLD_DUMPED" : si.si_code == CLD_KILLED ? "CLD_KILLED" : "other");
}

int main(void) {
	struct rlimit r;
	getrlimit(RLIMIT_CORE, &r);
	child("RLIMIT_CORE 0", 0, 0);
	if (r.rlim_max != RLIM_INFINITY && r.rlim_max < (1 << 20)) {
		printf("hard RLIMIT_CORE below a megabyte: no dump to see\n");
		return 0;
	}
	char dir[] = "/tmp/corelimitXXXXXX";
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	child("RLIMIT_CORE hard", r.rlim_max, dir);
	emptydir(dir);
	return 0;
}
