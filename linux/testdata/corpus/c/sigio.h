/* The signal-driven I/O programs' way of taking a signal (sigio.c,
 * sigioout.c, sigio2.c): rtsig is the F_SETSIG signal, blocked, taken
 * with sigwaitinfo (a handshake, nothing timed) and printed with its
 * si_code, si_band and whether si_fd is the descriptor expected; own
 * makes a descriptor signal-driven with it. Shared
 * by the programs that include it (each is one static translation unit). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include "res.h"

static int rtsig;

/* take waits for rtsig (blocked) and prints its siginfo, fd named as
 * which descriptor it is. */
static void take(const char *what, int fd) {
	sigset_t set;
	siginfo_t si;
	sigemptyset(&set);
	sigaddset(&set, rtsig);
	if (sigwaitinfo(&set, &si) < 0) {
		printf("%s: sigwaitinfo: %s\n", what, strerror(errno));
		return;
	}
	printf("%s: sig=RTMIN+%d code=%d band=%#lx fd=%s\n", what, si.si_signo - SIGRTMIN, si.si_code,
	       (long)si.si_band, si.si_fd == fd ? "ok" : "other");
}

/* pending prints whether rtsig is pending. */
static void pending(const char *what) {
	sigset_t set;
	sigpending(&set);
	printf("%s: pending=%d\n", what, sigismember(&set, rtsig));
}

/* own makes this process fd's owner, rtsig its signal, and sets O_ASYNC
 * and O_NONBLOCK. */
static void own(const char *what, int fd) {
	char b[96];
	snprintf(b, sizeof b, "%s: F_SETOWN", what);
	res(b, fcntl(fd, F_SETOWN, getpid()));
	fcntl(fd, F_SETSIG, rtsig);
	snprintf(b, sizeof b, "%s: F_SETFL O_ASYNC", what);
	res(b, fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC | O_NONBLOCK));
}
