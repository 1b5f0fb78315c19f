/* Guest processes: fork, vfork, clone(CLONE_VM|CLONE_VFORK), wait4/waitpid/
   waitid with exit codes and deaths by signal, WNOHANG, SIGCHLD with its
   siginfo, SIG_IGN reaping, getppid, kill to a child, a pipe handshake.
   Events are ordered by pipes only. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t chld_code, chld_status, chld_pid_ok;
static pid_t expect_pid;

static void on_chld(int sig, siginfo_t *si, void *uc) {
	(void)sig; (void)uc;
	chld_code = si->si_code;
	chld_status = si->si_status;
	chld_pid_ok = si->si_pid == expect_pid;
}

static void show(const char *what, int st) {
	if (WIFEXITED(st)) printf("%s: exited %d\n", what, WEXITSTATUS(st));
	else if (WIFSIGNALED(st)) printf("%s: killed by %d%s\n", what, WTERMSIG(st), WCOREDUMP(st) ? " (core)" : "");
	else printf("%s: status %#x\n", what, st);
}

static char stack[65536];
static volatile int shared_word;

static int spawned(void *arg) {
	shared_word = 42; /* CLONE_VM: the parent sees it */
	_exit(*(int *)arg);
}

int main(void) {
	int st, p[2], q[2];
	char c;
	pid_t me = getpid();

	/* fork + exit code; the child's getppid is the parent. */
	pid_t pid = fork();
	if (pid == 0) _exit(getppid() == me ? 7 : 1);
	printf("waitpid: %s\n", waitpid(pid, &st, 0) == pid ? "child" : "other");
	show("fork", st);
	printf("again: %d errno %s\n", (int)waitpid(pid, &st, 0), strerror(errno));

	/* Copied memory: the child's write stays its own. */
	int local = 1;
	if ((pid = fork()) == 0) { local = 2; _exit(local); }
	waitpid(pid, &st, 0);
	printf("copy: parent %d child %d\n", local, WEXITSTATUS(st));

	/* A pipe handshake, then death by a signal another process sends. */
	if (pipe(p) || pipe(q)) return 1;
	if ((pid = fork()) == 0) {
		close(p[1]); close(q[0]);
		read(p[0], &c, 1);
		c++;
		write(q[1], &c, 1);
		for (;;) pause();
	}
	close(p[0]); close(q[1]);
	c = 'a';
	write(p[1], &c, 1);
	read(q[0], &c, 1);
	printf("handshake: %c\n", c);
	printf("WNOHANG: %d\n", (int)waitpid(pid, &st, WNOHANG));
	kill(pid, SIGTERM);
	waitpid(pid, &st, 0);
	show("killed", st);
	close(p[1]); close(q[0]);

	/* A crash; SIGCHLD with its siginfo. */
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_chld;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigaction(SIGCHLD, &sa, 0);
	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &old);
	if ((pid = fork()) == 0) { signal(SIGSEGV, SIG_DFL); *(volatile int *)8 = 0; _exit(0); }
	expect_pid = pid;
	sigsuspend(&old);
	sigprocmask(SIG_SETMASK, &old, 0);
	printf("SIGCHLD: code %d status %d pid %s\n", (int)chld_code, (int)chld_status, chld_pid_ok ? "ok" : "wrong");
	siginfo_t si;
	memset(&si, 0, sizeof si);
	waitid(P_PID, pid, &si, WEXITED);
	printf("waitid: signo %d code %d status %d pid %s\n", si.si_signo, si.si_code, si.si_status, si.si_pid == pid ? "ok" : "wrong");
	signal(SIGCHLD, SIG_DFL);

	/* wait4(-1) with two children; exit codes in order of their ends. */
	if (pipe(p)) return 1;
	pid_t a = fork();
	if (a == 0) _exit(3);
	pid_t b = fork();
	if (b == 0) _exit(4);
	int sum = 0;
	for (int i = 0; i < 2; i++) {
		pid_t w = wait(&st);
		sum += WEXITSTATUS(st) + (w == a || w == b);
	}
	printf("wait(-1): %d, then %s\n", sum, wait(&st) < 0 && errno == ECHILD ? "ECHILD" : "more");

	/* vfork: the parent waits until the child ends. */
	shared_word = 0;
	if ((pid = vfork()) == 0) { shared_word = 5; _exit(9); }
	waitpid(pid, &st, 0);
	show("vfork", st);

	/* clone(CLONE_VM|CLONE_VFORK) as posix_spawn does. */
	shared_word = 0;
	int code = 11;
	pid = clone(spawned, stack + sizeof stack, CLONE_VM | CLONE_VFORK | SIGCHLD, &code);
	waitpid(pid, &st, 0);
	show("clone", st);

	/* SIGCHLD ignored: no zombie, wait finds no child. */
	signal(SIGCHLD, SIG_IGN);
	if (pipe(p)) return 1;
	if ((pid = fork()) == 0) { close(p[0]); _exit(0); }
	close(p[1]);
	read(p[0], &c, 1); /* EOF: the child has ended (its end closes p[1]) */
	/* The child may still be ending; a blocking wait returns ECHILD once it has. */
	printf("ignored: %d %s\n", (int)waitpid(pid, &st, 0), strerror(errno));
	return 0;
}
