/* A signal sent to a process group reaches each of its processes, and
   each one's handler runs. The parent forks two children; each catches
   the signal (its handler writes the child's number on a pipe and exits)
   and then says it is ready (a byte on another pipe). Once both are, the
   parent, which catches the signal too, lets it come:
   - no argument (the corpus run): the parent leads a group of its own
     (setpgid(0, 0), before the forks) and sends SIGTERM to it, kill(0);
   - "outside SIG" (SIG one of TERM, INT, USR1, HUP; linux/hostsignal_test.go's
     TestRunnerGroupSignal): the parent, in the group it was started in,
     writes "ready" and waits; the test then makes the GNU timeout that
     started the program (or its runner) expire, and timeout sends SIG to
     the pid it started and to its own process group (kill(0)), of which
     every process of the program is a member under Linux and qemu-user
     (TestTtyHangup: the test hangs up the terminal of the shell that
     started the program, and the kernel sends SIGHUP to the foreground
     group when that session leader dies);
   - "ignore SIG": the same, but every process ignores SIG; timeout -k's
     SIGKILL then ends them all;
   - "pid SIG": as "outside", for a kill(2) of the parent's pid alone (the
     test's, from the program's group); once its handler has run the
     parent ends its children with SIGKILL and prints what they reported
     before: nothing, as the signal reached the parent alone.
   The parent then reads the children's reports, waits for both and
   prints who got the signal. Expected outputs: qemu-ppc64le's and
   qemu-ppc64's (the corpus run); TestRunnerGroupSignal compares the
   runner's outside runs with qemu-ppc64le's and with this program built
   for the host and run natively (which processes a signal reaches is the
   kernel's business, not the architecture's). Ordered by pipes,
   sigsuspend and wait only; it never executes itself. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int report = -1; /* a child's end of the report pipe */
static char who;        /* a child's number, '1' or '2' */
static volatile sig_atomic_t got;

static void child_on(int sig) {
	(void)sig;
	(void)!write(report, &who, 1);
	_exit(0);
}

static void parent_on(int sig) { got = sig; }

static void catch(int sig, void (*fn)(int)) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sa.sa_flags = SA_RESTART; /* the parent's second arrival (timeout's kill(0)) may come in a read */
	sigaction(sig, &sa, NULL);
}

static const char *name(int sig) {
	return sig == SIGINT ? "SIGINT" : sig == SIGUSR1 ? "SIGUSR1" : sig == SIGHUP ? "SIGHUP" : "SIGTERM";
}

int main(int argc, char **argv) {
	int sig = SIGTERM, outside = 0, ignore = 0, pid = 0;
	if (argc == 3 && (!strcmp(argv[1], "outside") || !strcmp(argv[1], "ignore") || !strcmp(argv[1], "pid"))) {
		outside = 1;
		ignore = argv[1][0] == 'i';
		pid = argv[1][0] == 'p';
		sig = !strcmp(argv[2], "INT") ? SIGINT : !strcmp(argv[2], "USR1") ? SIGUSR1 : !strcmp(argv[2], "HUP") ? SIGHUP : SIGTERM;
	} else if (argc != 1) {
		fprintf(stderr, "usage: pgsig [outside|ignore|pid TERM|INT|USR1|HUP]\n");
		return 2;
	}
	if (!outside && setpgid(0, 0)) {
		perror("setpgid");
		return 1;
	}
	int ready[2], rep[2];
	if (pipe(ready) || pipe(rep)) {
		perror("pipe");
		return 1;
	}
	/* sig stays blocked in the parent until it waits for it. */
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, sig);
	sigprocmask(SIG_BLOCK, &block, &old);
	pid_t kids[2];
	for (int i = 0; i < 2; i++) {
		kids[i] = fork();
		if (kids[i] < 0) {
			perror("fork");
			return 1;
		}
		if (kids[i] == 0) {
			close(ready[0]);
			close(rep[0]);
			report = rep[1];
			who = '1' + i;
			catch(sig, ignore ? SIG_IGN : child_on);
			sigprocmask(SIG_SETMASK, &old, NULL);
			(void)!write(ready[1], "c", 1);
			for (;;)
				pause();
		}
	}
	close(ready[1]);
	close(rep[1]);
	catch(sig, ignore ? SIG_IGN : parent_on);
	char c;
	for (int i = 0; i < 2; i++)
		if (read(ready[0], &c, 1) != 1) {
			fprintf(stderr, "a child was not ready\n");
			return 1;
		}
	if (outside) {
		printf("ready\n");
		fflush(stdout);
	} else if (kill(0, sig)) {
		perror("kill");
		return 1;
	}
	while (!got)
		sigsuspend(&old);
	sigprocmask(SIG_SETMASK, &old, NULL);
	printf("parent got %s\n", name(got));
	int seen[2] = {0, 0};
	if (pid) {
		/* EOF once both children are gone. */
		for (int i = 0; i < 2; i++)
			kill(kids[i], SIGKILL);
		while (read(rep[0], &c, 1) == 1)
			if (c == '1' || c == '2')
				seen[c - '1'] = 1;
	} else
		for (int i = 0; i < 2; i++) {
			if (read(rep[0], &c, 1) != 1 || (c != '1' && c != '2')) {
				fprintf(stderr, "a child did not report\n");
				return 1;
			}
			seen[c - '1'] = 1;
		}
	for (int i = 0; i < 2; i++)
		if (seen[i])
			printf("child %d got %s\n", i + 1, name(sig));
	for (int i = 0; i < 2; i++) {
		int st;
		if (waitpid(kids[i], &st, 0) != kids[i]) {
			perror("waitpid");
			return 1;
		}
		printf("child %d: exit %d\n", i + 1, WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
	}
	return 0;
}
