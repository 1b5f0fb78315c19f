/* A stopped child in its own process group, orphaned by its parent's end:
 * the group becomes orphaned with a stopped member, so it gets SIGHUP and
 * then SIGCONT (Linux's kill_orphaned_pgrp) and runs again instead of
 * staying stopped forever. The parent ends after wait reports the stop. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t hup, cont;

static void on_hup(int sig) { (void)sig; hup++; }
static void on_cont(int sig) { (void)sig; cont++; }

int main(void) {
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		setpgid(0, 0);
		signal(SIGHUP, on_hup);
		signal(SIGCONT, on_cont);
		raise(SIGSTOP);
		printf("child: running again, SIGHUP %d, SIGCONT %d\n", (int)hup, (int)cont);
		exit(0);
	}
	int st;
	if (waitpid(pid, &st, WUNTRACED) != pid || !WIFSTOPPED(st))
		return 1;
	printf("parent: child stopped by %d; exiting\n", WSTOPSIG(st));
	fflush(stdout);
	return 2;
}
