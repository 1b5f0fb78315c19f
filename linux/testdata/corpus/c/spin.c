/* Signals reach a thread that spins without system calls.
   No argument: a POSIX timer's SIGALRM ends a busy loop through its handler.
   "int": a SIGINT handler is installed, the program writes one byte (the
   handshake), then spins until a handler ran and says which signal.
   "term": the same without a handler: the signal sent (SIGTERM, SIGHUP)
   kills the program by its default action.
   "daemon" and "stubborn": the first process forks and exits; its child
   (an orphan, in a session of its own) ignores SIGTERM ("daemon") or
   catches it and goes on ("stubborn", writing "h" after each handler, in
   sigsuspend for ever), writes "o" once it has seen the parent's end (EOF
   on a pipe only the parent held); the daemon then reads stdin until EOF.
   linux/hostsignal_test.go sends the signals after the handshake. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void on(int sig) { got = sig; }

/* orphan is the "daemon" and "stubborn" modes. */
static int orphan(int stubborn) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = stubborn ? on : SIG_IGN;
	int p[2];
	char c;
	if (pipe(p))
		return 1;
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid > 0)
		return 0;
	close(p[1]);
	sigset_t term, none;
	sigemptyset(&term);
	sigemptyset(&none);
	sigaddset(&term, SIGTERM);
	if (sigprocmask(SIG_BLOCK, stubborn ? &term : &none, NULL) || sigaction(SIGTERM, &sa, NULL) || setsid() < 0 ||
	    read(p[0], &c, 1) != 0 || write(1, "o", 1) != 1)
		_exit(1);
	if (!stubborn) {
		while (read(0, &c, 1) != 0)
			;
		_exit(0);
	}
	for (;;) { /* SIGTERM is taken only here: no signal is missed */
		sigsuspend(&none);
		if (got) {
			got = 0;
			if (write(1, "h", 1) != 1)
				_exit(1);
		}
	}
}

int main(int argc, char **argv) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on;
	if (argc > 1 && (strcmp(argv[1], "daemon") == 0 || strcmp(argv[1], "stubborn") == 0))
		return orphan(strcmp(argv[1], "stubborn") == 0);
	if (argc < 2) {
		struct sigevent ev;
		memset(&ev, 0, sizeof ev);
		ev.sigev_notify = SIGEV_SIGNAL;
		ev.sigev_signo = SIGALRM;
		timer_t tm;
		struct itimerspec its = {{0, 0}, {0, 10000000}};
		if (sigaction(SIGALRM, &sa, NULL) || timer_create(CLOCK_MONOTONIC, &ev, &tm) ||
		    timer_settime(tm, 0, &its, NULL)) {
			perror("timer");
			return 1;
		}
	} else {
		if (strcmp(argv[1], "int") == 0)
			sigaction(SIGINT, &sa, NULL);
		if (write(1, "r", 1) != 1)
			return 1;
	}
	while (!got)
		;
	printf("busy loop left by signal %d\n", got);
	return 0;
}
