// frontstop: job control of the process a caller started (TestRunnerStop).
// Under Linux, and qemu-user, a stop signal sent to it stops it, its
// caller's wait with WUNTRACED sees it stopped, and SIGCONT continues it;
// so when it stops itself, or another process continues it.
//
// With a mode, the process forks a watcher and writes "ready" once the
// watcher runs. The watcher reads its parent's state in /proc/PPID/stat:
// it prints "child: parent stopped" once it is T, "child: parent
// continued" once it is not, then exits. The parent waits for it and
// prints how many SIGCONTs its handler got (one: a continue is one
// SIGCONT), then exits 0 once its standard input has a byte or ends. Modes: "kill": the caller stops and continues
// the process (kill -STOP, -TSTP, -TTIN, -TTOU, then -CONT). "raise SIG":
// the process stops itself with SIG (a number); the caller continues it.
// "child SIG": so, but the watcher continues it (kill(getppid(),
// SIGCONT)) once it reads a byte from its standard input (the caller's
// wait has seen the stop, which a continue before would have hidden).
// "late SIG": as "raise SIG", but the watcher exits once it has seen the
// stop (the process then stops alone: TestRunnerStopAlone).
// "bounce SIG": as "raise SIG", but the watcher continues the process as
// soon as it sees it stopped (TestRunnerStopBounce); once it has reaped
// the watcher the process writes its line, then waits for a SIGUSR1,
// writes "parent: SIGUSR1" and exits 0.
//
// "alone SIG": no watcher; the process writes "ready", stops itself with
// SIG, and once continued prints how many SIGCONTs its handler got, then
// exits 0 once its standard input has a byte or ends (TestRunnerStopAlone:
// ppc64emu run as one process).
//
// "both SIG": no watcher; a child stops itself (SIGSTOP), and once the
// process has seen it stopped (waitpid WUNTRACED) it writes "ready" and
// stops itself with SIG: every process of the run is stopped then
// (TestRunnerStopAlone: ppc64emu run as one process stops at once).
// Once continued it continues the child, reaps it and prints its status
// and how many SIGCONTs its handler got, then exits 0 once its standard
// input has a byte or ends.
//
// No mode (TestCorpus): a child stops itself with SIGSTOP; the process
// sees it stopped (waitpid WUNTRACED), continues it (WCONTINUED) and
// reaps it once it has seen that.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t conts, usr1;
static void on_cont(int sig) { (void)sig; conts++; }
static void on_usr1(int sig) { (void)sig; usr1 = 1; }

#include "taskstate.h"

static void await(pid_t pid, int stopped) {
	struct timespec ms = {0, 1000000};
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	while ((statstate(path) == 'T') != stopped)
		nanosleep(&ms, 0);
}

int main(int argc, char **argv) {
	if (argc < 2) {
		int hold[2];
		if (pipe(hold) < 0)
			return 1;
		pid_t pid = fork();
		if (pid < 0)
			return 1;
		if (pid == 0) {
			char c;
			close(hold[1]);
			raise(SIGSTOP);
			(void)!read(hold[0], &c, 1); // until the parent has seen it continue
			_exit(3);
		}
		close(hold[0]);
		int st;
		if (waitpid(pid, &st, WUNTRACED) != pid || !WIFSTOPPED(st))
			return 1;
		printf("child stopped by %d\n", WSTOPSIG(st));
		kill(pid, SIGCONT);
		if (waitpid(pid, &st, WCONTINUED) != pid || !WIFCONTINUED(st))
			return 1;
		printf("child continued\n");
		close(hold[1]);
		if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
			return 1;
		printf("child exit %d\n", WEXITSTATUS(st));
		return 0;
	}
	const char *mode = argv[1];
	int sig = argc > 2 ? atoi(argv[2]) : 0;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_cont;
	sigaction(SIGCONT, &sa, 0);
	char c;
	if (strcmp(mode, "alone") == 0) {
		printf("ready\n");
		fflush(stdout);
		raise(sig);
		printf("parent: continued, SIGCONT %d\n", (int)conts);
		fflush(stdout);
		(void)!read(0, &c, 1);
		return 0;
	}
	if (strcmp(mode, "both") == 0) {
		fflush(stdout);
		pid_t pid = fork();
		if (pid < 0)
			return 1;
		if (pid == 0) {
			raise(SIGSTOP);
			_exit(0);
		}
		int st;
		if (waitpid(pid, &st, WUNTRACED) != pid || !WIFSTOPPED(st))
			return 1;
		printf("ready\n");
		fflush(stdout);
		raise(sig);
		kill(pid, SIGCONT);
		while (waitpid(pid, &st, 0) < 0)
			;
		printf("parent: child exit %d, SIGCONT %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1, (int)conts);
		fflush(stdout);
		(void)!read(0, &c, 1);
		return 0;
	}
	int ready[2];
	if (pipe(ready) < 0)
		return 1;
	fflush(stdout);
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		close(ready[0]);
		close(ready[1]);
		await(parent, 1);
		printf("child: parent stopped\n");
		fflush(stdout);
		if (strcmp(mode, "late") == 0)
			return 0;
		if (strcmp(mode, "child") == 0) {
			char c;
			(void)!read(0, &c, 1); // the caller has seen the stop
			kill(parent, SIGCONT);
		}
		if (strcmp(mode, "bounce") == 0)
			kill(parent, SIGCONT);
		await(parent, 0);
		printf("child: parent continued\n");
		return 0;
	}
	close(ready[1]);
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	if (strcmp(mode, "bounce") == 0) { // SIGUSR1 comes in sigsuspend only
		sa.sa_handler = on_usr1;
		sigaction(SIGUSR1, &sa, 0);
		sigprocmask(SIG_BLOCK, &block, &old);
	}
	(void)!read(ready[0], &c, 1); // the watcher runs
	printf("ready\n");
	fflush(stdout);
	if (strcmp(mode, "raise") == 0 || strcmp(mode, "child") == 0 || strcmp(mode, "late") == 0 || strcmp(mode, "bounce") == 0)
		raise(sig);
	int st;
	while (waitpid(pid, &st, 0) < 0)
		;
	printf("parent: child exit %d, SIGCONT %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1, (int)conts);
	fflush(stdout);
	if (strcmp(mode, "bounce") == 0) {
		while (!usr1)
			sigsuspend(&old);
		printf("parent: SIGUSR1\n");
		return 0;
	}
	(void)!read(0, &c, 1); // the caller has seen the continue (once the process has ended its wait sees the end instead)
	return 0;
}
