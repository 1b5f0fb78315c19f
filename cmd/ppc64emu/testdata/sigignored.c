// Signals whose action ignores them when they are sent (replay_gdb test:
// TestReplayGDBIgnored): Linux discards them at once for a process no one
// traces, but a traced one (under GDB) queues them and stops at each, as
// replay -gdb of a plain recording must. SIGUSR1 set to SIG_IGN and
// raised (thread-directed), SIGUSR2 set to SIG_IGN and sent with kill
// (process-directed), a real-time signal set to SIG_IGN and queued twice
// (each instance stops), SIGUSR1 blocked and unblocked (queued whether
// traced or not), and SIGWINCH, ignored by default (GDB's default: nostop
// noprint pass).
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

// marker is a place for a breakpoint.
__attribute__((noinline)) void marker(void) { __asm__ volatile("" ::: "memory"); }

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	signal(SIGUSR1, SIG_IGN);
	raise(SIGUSR1);
	printf("@@usr1\n");
	signal(SIGUSR2, SIG_IGN);
	kill(getpid(), SIGUSR2);
	printf("@@usr2\n");
	int rt = SIGRTMIN + 2;
	signal(rt, SIG_IGN);
	union sigval v = {.sival_int = 7};
	sigqueue(getpid(), rt, v);
	sigqueue(getpid(), rt, v);
	printf("@@rt\n");
	raise(SIGWINCH);
	printf("@@winch\n");
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	sigprocmask(SIG_BLOCK, &s, NULL);
	raise(SIGUSR1);
	marker();
	sigprocmask(SIG_UNBLOCK, &s, NULL);
	printf("@@unblocked\n");
	return 0;
}
