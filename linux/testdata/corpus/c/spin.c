/* Signals reach a thread that spins without system calls.
   No argument: a POSIX timer's SIGALRM ends a busy loop through its handler.
   "int": a SIGINT handler is installed, the program writes one byte (the
   handshake), then spins until a handler ran and says which signal.
   "term": the same without a handler: the signal sent (SIGTERM, SIGHUP)
   kills the program by its default action.
   linux/hostsignal_test.go sends the signals after the handshake. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void on(int sig) { got = sig; }

int main(int argc, char **argv) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on;
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
