/* sigsuspend ends only when a handler runs (Linux's sys_rt_sigsuspend
 * returns -ERESTARTNOHAND): a pending signal whose action is to be ignored
 * (SIGCHLD's default) and a stop and continue (SIGSTOP, SIGCONT) restart it
 * with the caller's mask, and the SIGUSR1 that follows ends it with EINTR
 * after its handler. A child stops and continues the parent while it waits
 * (handshakes: a pipe, then the parent's state in /proc/<ppid>/stat). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static volatile int usr1;
static void onusr1(int sig) {
	(void)sig;
	usr1++;
}

/* state returns the state letter of process pid. */
static char state(pid_t pid) {
	char path[64], buf[512];
	snprintf(path, sizeof path, "/proc/%d/stat", pid);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return '?';
	long n = read(fd, buf, sizeof buf - 1);
	close(fd);
	buf[n > 0 ? n : 0] = 0;
	char *p = strrchr(buf, ')');
	return p && p[1] ? p[2] : '?';
}

static void waitstate(pid_t pid, char want) {
	while (state(pid) != want)
		sched_yield();
}

int main(void) {
	signal(SIGUSR1, onusr1);
	sigset_t block, empty, now;
	sigemptyset(&block);
	sigaddset(&block, SIGCHLD);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, NULL);
	sigemptyset(&empty);

	/* A child that has ended: SIGCHLD pending, blocked, default action. */
	pid_t c1 = fork();
	if (c1 == 0)
		_exit(0);
	siginfo_t si;
	res("waitid WNOWAIT", waitid(P_PID, c1, &si, WEXITED | WNOWAIT));
	sigpending(&now);
	printf("SIGCHLD pending: %d\n", sigismember(&now, SIGCHLD));

	int go[2];
	if (pipe(go) != 0)
		return 1;
	pid_t parent = getpid();
	fflush(stdout);
	pid_t c2 = fork();
	if (c2 == 0) {
		char c;
		if (read(go[0], &c, 1) != 1)
			_exit(1);
		/* The parent is about to wait (or waits): stop it, see it
		 * stopped, continue it, see it run again, then SIGUSR1. */
		kill(parent, SIGSTOP);
		waitstate(parent, 'T');
		kill(parent, SIGCONT);
		while (state(parent) == 'T')
			sched_yield();
		kill(parent, SIGUSR1);
		_exit(0);
	}
	if (write(go[1], "g", 1) != 1)
		return 1;
	int r = sigsuspend(&empty);
	int e = errno;
	printf("sigsuspend: %d %s, SIGUSR1 handled %d\n", r, strerror(e), usr1);
	sigprocmask(SIG_SETMASK, NULL, &now);
	printf("mask back: SIGCHLD %d, SIGUSR1 %d\n", sigismember(&now, SIGCHLD), sigismember(&now, SIGUSR1));
	int st;
	res("reap c1", waitpid(c1, &st, 0) == c1);
	res("reap c2", waitpid(c2, &st, 0) == c2 && WIFEXITED(st) && WEXITSTATUS(st) == 0);
	return 0;
}
