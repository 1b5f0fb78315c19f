/* sigsender: the siginfo of a signal from another process names the
 * sender (si_code SI_USER, si_pid its pid, si_uid its real user id), also
 * when the sender is outside the run: under qemu-user, where each guest
 * process is a host process, the host's siginfo is passed on. With an
 * argument (TestRunnerSignalSender), the process blocks SIGUSR1, writes
 * "ready" and takes the SIGUSR1 its parent (the test) sends with
 * sigwaitinfo; without one (TestCorpus), it sends SIGUSR1 to itself with
 * kill and to a child that waits for it. It prints whether si_pid and
 * si_uid name the sender. */
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static void report(const char *what, pid_t sender) {
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	siginfo_t si;
	if (sigwaitinfo(&s, &si) != SIGUSR1) {
		perror("sigwaitinfo");
		return;
	}
	printf("%s: si_code SI_USER %s, si_pid the sender's %s, si_uid the sender's %s\n", what,
	       si.si_code == SI_USER ? "yes" : "no", si.si_pid == sender ? "yes" : "no",
	       si.si_uid == getuid() ? "yes" : "no");
	fflush(stdout);
}

int main(int argc, char **argv) {
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	sigprocmask(SIG_BLOCK, &s, 0);
	if (argc > 1) {
		printf("ready\n");
		fflush(stdout);
		report("from the parent", getppid());
		return 0;
	}
	kill(getpid(), SIGUSR1);
	report("from itself", getpid());
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		report("child, from its parent", getppid());
		_exit(0);
	}
	kill(pid, SIGUSR1);
	waitpid(pid, 0, 0);
	return 0;
}
