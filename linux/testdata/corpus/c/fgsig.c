/* A job in the foreground of the terminal the program runs on, as an
 * interactive shell puts one there: the child moves to a group of its own,
 * the parent makes it the terminal's foreground group (tcsetpgrp) and
 * waits; the INTR character typed then (TestTtyForeground writes it to the
 * master once the child says "ready") goes to the child's group only.
 * Without a terminal on descriptor 0 (TestCorpus) it says so. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include "ttyjob.h"

int main(void) {
	if (!tty_start(0))
		return 0;
	signal(SIGTTOU, SIG_IGN);
	pid_t p = fork();
	if (p == 0) {
		setpgid(0, 0);
		while (tcgetpgrp(0) != getpgrp())
			usleep(1000);
		printf("ready\n");
		while (!got)
			sigsuspend(&none);
		printf("child: SIGINT\n");
		_exit(5);
	}
	setpgid(p, p);
	if (tcsetpgrp(0, p) < 0)
		perror("tcsetpgrp");
	int st;
	waitpid(p, &st, 0);
	tcsetpgrp(0, getpgrp());
	printf("child exited %d; parent got SIGINT %d times\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1, got);
	return 0;
}
