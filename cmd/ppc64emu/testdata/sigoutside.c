// Signals sent to a program under GDB from outside (run_gdb_outside_test.go):
// it writes its pid to the file argv[1] names, then, at each call of
// ready, waits for a signal it handles and prints which it got, its
// si_code, whether si_pid is its parent's (a tracer's, which Linux gives a
// signal the tracer replaced) and whether si_uid is its own user's.
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static volatile sig_atomic_t got, code, parent, user;

static void handler(int sig, siginfo_t *si, void *uc) {
	(void)uc;
	got = sig;
	code = si->si_code;
	parent = si->si_pid == getppid();
	user = si->si_uid == getuid();
}

// ready is a place for a breakpoint: the program waits for a signal after
// it.
__attribute__((noinline)) void ready(void) { __asm__ volatile("" ::: "memory"); }

int main(int argc, char **argv) {
	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc < 2) {
		return 2;
	}
	FILE *f = fopen(argv[1], "w");
	if (f == NULL) {
		return 2;
	}
	fprintf(f, "%d\n", (int)getpid());
	fclose(f);
	struct sigaction sa = {.sa_sigaction = handler, .sa_flags = SA_SIGINFO};
	sigset_t block, none;
	sigemptyset(&block);
	sigemptyset(&none);
	int sigs[] = {SIGUSR1, SIGUSR2, SIGINT};
	for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		sigaction(sigs[i], &sa, NULL);
		sigaddset(&block, sigs[i]);
	}
	// Those sent while GDB has it stopped at ready are taken in
	// sigsuspend, their stops there.
	sigaddset(&block, SIGTSTP);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_BLOCK, &block, NULL);
	for (int i = 0; i < 3; i++) {
		got = 0;
		ready();
		while (!got) {
			sigsuspend(&none);
		}
		printf("@@got %d code %d parent %d user %d\n", got, code, parent, user);
	}
	// SIGTERM's default action ends it (SIGTSTP's stops it, then a SIGUSR1
	// above ends its wait).
	ready();
	sigsuspend(&none);
	printf("@@not ended\n");
	return 0;
}
