/* sigqueue to another process: a forked child waits for SIGUSR1 with
   sigwaitinfo and prints what came with it (si_code SI_QUEUE, the value,
   the sender's pid); sigqueue with signal 0 checks that the child exists.
   Ordered by a pipe and wait only. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, 0);
	int p[2];
	if (pipe(p)) return 1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		close(p[0]);
		write(p[1], "r", 1);
		siginfo_t si;
		int sig = sigwaitinfo(&set, &si);
		printf("child: signal %d code SI_QUEUE %d value %d from parent %d\n", sig,
		       si.si_code == SI_QUEUE, si.si_value.sival_int, si.si_pid == getppid());
		return 0;
	}
	close(p[1]);
	char c;
	read(p[0], &c, 1);
	union sigval v = {.sival_int = 42};
	res("sigqueue(child, 0)", sigqueue(pid, 0, v));
	res("sigqueue(child, SIGUSR1, 42)", sigqueue(pid, SIGUSR1, v));
	int st;
	waitpid(pid, &st, 0);
	printf("child exit %d\n", WEXITSTATUS(st));
	return 0;
}
