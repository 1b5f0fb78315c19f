/* The INTR character reaches every process of the terminal's foreground
 * group, as Linux's line discipline sends it (kill_pgrp): the program,
 * on the terminal it runs on, forks a child that stays in its group and
 * one that moves to a group of its own (setpgid, no tcsetpgrp: the
 * foreground group stays the program's); once both catch SIGINT it says
 * "ready", and the ^C TestTtyGroup then writes to the master must reach
 * the program and the first child and not the second, which the program
 * then asks (SIGUSR1) how many it got. Under qemu-user the three are
 * host processes of which the first two are in the terminal's foreground
 * group; under the runner the host's SIGINT reaches the runner alone, with
 * si_code SI_KERNEL, and the runner gives it to the guest's foreground
 * group. Without a terminal on descriptor 0 (TestCorpus) it says so. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "ttyjob.h"

static volatile sig_atomic_t asked;
static void on_usr1(int sig) {
	(void)sig;
	asked = 1;
}

int main(void) {
	if (!tty_start(SIGUSR1))
		return 0;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	int up[2];
	if (pipe(up))
		return 1;
	pid_t same = fork();
	if (same == 0) {
		write(up[1], "s", 1);
		while (!got)
			sigsuspend(&none);
		_exit(5);
	}
	pid_t other = fork();
	if (other == 0) {
		setpgid(0, 0);
		write(up[1], "o", 1);
		while (!asked)
			sigsuspend(&none);
		_exit(got);
	}
	setpgid(other, other);
	char c[2];
	if (read(up[0], c, 1) != 1 || read(up[0], c + 1, 1) != 1)
		return 1;
	printf("ready\n");
	while (!got)
		sigsuspend(&none);
	int st;
	waitpid(same, &st, 0);
	printf("parent: SIGINT %d; same group child exited %d\n", (int)got, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	kill(other, SIGUSR1);
	waitpid(other, &st, 0);
	printf("own group child: SIGINT %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	return 0;
}
