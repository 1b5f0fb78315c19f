/* Signals and priorities to process groups with no guest process in them.
   The program leaves its first process group (the runner's, where the
   runner and the test that started it are) with setpgid(0, 0); that group
   is then one it cannot see, as in a pid namespace: kill(-pgid, 0),
   killpg and getpriority(PRIO_PGRP) answer ESRCH (kernel/signal.c's
   __kill_pgrp_info and kernel/sys.c's getpriority find no task), and no
   signal reaches the runner. A group that a host program the program
   started leads (/bin/sh, which calls setsid(1), which calls setsid()
   and execs sleep) is the program's own: killpg of it kills the sleep,
   and waitpid reports the death by SIGTERM. qemu-user runs the program as
   host processes, which see every host group, so killpgrp.expected is
   written from those rules. Ordered by a pipe and wait only. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	pid_t first = getpgrp();
	res("setpgid(0, 0)", setpgid(0, 0));
	printf("own group: %s\n", getpgrp() == getpid() ? "yes" : "no");
	res("kill(-first group, 0)", kill(-first, 0));
	res("killpg(first group, 0)", killpg(first, 0));
	errno = 0;
	int prio = getpriority(PRIO_PGRP, first);
	res("getpriority(PRIO_PGRP, first group)", prio == -1 && errno ? -1 : 0);
	res("kill(-(1 << 22), 0)", kill(-(1 << 22), 0));

	int fd[2];
	if (pipe(fd) != 0) return 1;
	fflush(stdout);
	pid_t child = fork();
	if (child == 0) {
		dup2(fd[1], 1);
		close(fd[0]);
		close(fd[1]);
		/* The inner shell writes its pid (the outer one's: exec) once
		   setsid has made it a group leader. */
		execl("/bin/sh", "sh", "-c", "exec setsid sh -c 'echo $$; exec sleep 60'", (char *)0);
		_exit(127);
	}
	close(fd[1]);
	char buf[32] = {0};
	ssize_t n = read(fd[0], buf, sizeof buf - 1);
	if (n <= 0) return 1;
	pid_t host = atoi(buf);
	res("killpg(host program's group, SIGTERM)", killpg(host, SIGTERM));
	int st;
	res("waitpid", waitpid(child, &st, 0) == child ? 0 : -1);
	if (WIFSIGNALED(st)) printf("child: killed by %d\n", WTERMSIG(st));
	else printf("child: exited %d\n", WEXITSTATUS(st));
	return 0;
}
