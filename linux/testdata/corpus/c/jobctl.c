/* Job control of child processes: a stop signal stops the whole process,
 * its parent gets SIGCHLD with CLD_STOPPED and wait with WUNTRACED (or
 * waitid with WSTOPPED, WNOWAIT leaving it to report again) reports it
 * once; SIGCONT continues it, wait with WCONTINUED (waitid: CLD_CONTINUED)
 * reports that once, and the child's SIGCONT handler runs after it
 * continues; SIGTSTP stops a child in its own process group (not orphaned:
 * its parent is in another group of the session); SIGKILL ends a stopped
 * child. That a stopped child did not run is checked by a byte the parent
 * writes to a pipe before it continues the child, which the child's
 * non-blocking read finds. Every stop is the child's own raise, and
 * SIGCHLD stays blocked (sigwaitinfo takes it), so that no call is
 * interrupted at a moment that depends on timing: the instruction counts
 * are the same on every run. (SA_NOCLDSTOP is not tested: qemu-user's host
 * handler does not set it, so its guests get the SIGCHLDs Linux leaves
 * out.)
 *
 * jobctl.expected is qemu-user 7.2's output (qemu-ppc64le and qemu-ppc64
 * alike), stored rather than run at each test: qemu-user at times leaves
 * the child stopped and never ends under a loaded machine (the clean
 * clone's CI at 811385e waited 26 minutes on it, and one in two runs of
 * TestCorpus/c-jobctl.le on 2026-12-05 timed out at 120 s), though every
 * run that ends prints this. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t cont_n;

static void on_cont(int sig) {
	(void)sig;
	cont_n++;
}

static void show(const char *what, pid_t r, pid_t pid, int st) {
	printf("%s: %s", what, r == pid ? "child" : "other");
	if (WIFSTOPPED(st))
		printf(" stopped by %d", WSTOPSIG(st));
	else if (WIFCONTINUED(st))
		printf(" continued");
	else if (WIFEXITED(st))
		printf(" exited %d", WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		printf(" killed by %d", WTERMSIG(st));
	printf(" (status %#x)\n", st);
}

int main(void) {
	sigset_t chld;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	int p[2], st;
	if (pipe(p) || fcntl(p[0], F_SETFL, O_NONBLOCK))
		return 1;

	/* The child stops itself; it runs again only after SIGCONT. */
	pid_t pid = fork();
	if (pid == 0) {
		signal(SIGCONT, on_cont);
		raise(SIGSTOP);
		char c = 0;
		ssize_t n = read(p[0], &c, 1);
		printf("child: read %zd %c, SIGCONT handler ran %d\n", n, c, (int)cont_n);
		exit(4);
	}
	show("WUNTRACED", waitpid(pid, &st, WUNTRACED), pid, st);
	siginfo_t si;
	memset(&si, 0, sizeof si);
	sigwaitinfo(&chld, &si);
	printf("SIGCHLD: code %d status %d pid %s\n", si.si_code, si.si_status, si.si_pid == pid ? "child" : "other");
	printf("WNOHANG|WUNTRACED again: %d\n", (int)waitpid(pid, &st, WNOHANG | WUNTRACED));
	write(p[1], "x", 1);
	kill(pid, SIGCONT);
	show("WCONTINUED", waitpid(pid, &st, WCONTINUED), pid, st);
	show("exit", waitpid(pid, &st, 0), pid, st);

	/* waitid: WSTOPPED with WNOWAIT reports again; WCONTINUED; a second
	 * stop; SIGKILL ends the stopped child. */
	if ((pid = fork()) == 0) {
		raise(SIGSTOP);
		raise(SIGSTOP);
		_exit(1);
	}
	for (int i = 0; i < 2; i++) {
		memset(&si, 0, sizeof si);
		int r = waitid(P_PID, pid, &si, WSTOPPED | (i == 0 ? WNOWAIT : 0));
		printf("waitid WSTOPPED%s: %d pid %s code %d status %d\n", i == 0 ? "|WNOWAIT" : "", r,
		       si.si_pid == pid ? "child" : "other", si.si_code, si.si_status);
	}
	memset(&si, 0, sizeof si);
	printf("waitid WSTOPPED|WNOHANG: %d pid %d\n", waitid(P_PID, pid, &si, WSTOPPED | WNOHANG), (int)si.si_pid);
	kill(pid, SIGCONT);
	memset(&si, 0, sizeof si);
	int r = waitid(P_PID, pid, &si, WCONTINUED);
	printf("waitid WCONTINUED: %d code %d status %d\n", r, si.si_code, si.si_status);
	show("stopped again", waitpid(pid, &st, WUNTRACED), pid, st);
	kill(pid, SIGKILL);
	show("SIGKILL", waitpid(pid, &st, 0), pid, st);

	/* SIGTSTP with its default action, in the child's own group. */
	if ((pid = fork()) == 0) {
		setpgid(0, 0);
		raise(SIGTSTP);
		_exit(6);
	}
	show("SIGTSTP", waitpid(pid, &st, WUNTRACED), pid, st);
	kill(pid, SIGCONT);
	show("continued", waitpid(pid, &st, WCONTINUED), pid, st);
	show("end", waitpid(pid, &st, 0), pid, st);
	return 0;
}
