// Signals a program under GDB receives (run_gdb_signal_test.go): a
// handled SIGUSR1, a blocked SIGUSR2 taken when unblocked, SIGSTOP and
// SIGTSTP with their default actions, SIGALRM (GDB's default: nostop
// noprint pass), and a marker function GDB can give a signal at. With an
// argument (a recording replayed under GDB: replay_gdb test), no stop
// signals, and a SIGTERM whose default action ends the program before
// the marker.
#include <signal.h>
#include <stdio.h>

static volatile sig_atomic_t got;

static void handler(int sig) { got = sig; }

// marker is a place for a breakpoint.
__attribute__((noinline)) void marker(void) { __asm__ volatile("" ::: "memory"); }

int main(int argc, char **argv) {
	(void)argv;
	setvbuf(stdout, NULL, _IONBF, 0);
	signal(SIGUSR1, handler);
	signal(SIGUSR2, handler);
	signal(SIGALRM, handler);
	raise(SIGUSR1);
	printf("@@usr1 %d\n", got);
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR2);
	sigprocmask(SIG_BLOCK, &s, NULL);
	got = 0;
	raise(SIGUSR2);
	printf("@@usr2 blocked %d\n", got);
	sigprocmask(SIG_UNBLOCK, &s, NULL);
	printf("@@usr2 unblocked %d\n", got);
	if (argc == 1) {
		got = 0;
		raise(SIGSTOP);
		printf("@@stop %d\n", got);
		got = 0;
		raise(SIGTSTP);
		printf("@@tstp %d\n", got);
	}
	got = 0;
	raise(SIGALRM);
	printf("@@alrm %d\n", got);
	if (argc > 1)
		raise(SIGTERM);
	got = 0;
	marker();
	printf("@@marker %d\n", got);
	return 0;
}
