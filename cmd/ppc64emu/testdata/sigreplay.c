// Signals a recorded program takes, for replay -gdb
// (replay_gdb_signal_test.go): a handled SIGUSR1, a blocked SIGUSR2
// taken when unblocked, SIGALRM (GDB's default: nostop noprint pass) and
// a SIGTERM whose default action ends the program.
#include <signal.h>
#include <stdio.h>

static volatile sig_atomic_t got;

static void handler(int sig) { got = sig; }

int main(void) {
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
	got = 0;
	raise(SIGALRM);
	printf("@@alrm %d\n", got);
	raise(SIGTERM);
	printf("@@not reached\n");
	return 0;
}
