/* The start of the terminal programs fgsig.c and ttygroup.c, which catch
 * the INTR character's SIGINT on the terminal they run on. Shared by the
 * programs that include it (each is one static translation unit). */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t got; /* the SIGINTs caught */
static sigset_t none;             /* no signal blocked: sigsuspend's mask */

static void on_int(int sig) {
	(void)sig;
	got++;
}

/* tty_start says whether descriptor 0 is a terminal, printing "not a
 * terminal" when it is not (TestCorpus). On one it line-buffers stdout,
 * catches SIGINT with on_int and blocks SIGINT and also (unless 0), for
 * the program's sigsuspend(&none) to take them. */
static int tty_start(int also) {
	if (!isatty(0)) {
		printf("not a terminal\n");
		return 0;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_int;
	sigaction(SIGINT, &sa, NULL);
	sigset_t set;
	sigemptyset(&set);
	sigemptyset(&none);
	sigaddset(&set, SIGINT);
	if (also)
		sigaddset(&set, also);
	sigprocmask(SIG_BLOCK, &set, NULL);
	return 1;
}
