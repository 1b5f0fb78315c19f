// A handler GDB stops in, called for a signal the program raises from a
// nested function: GDB's backtrace from the handler crosses the signal
// frame ("<signal handler called>") into the interrupted code when it
// recognises the return trampoline (run_gdb_signal_test.go's
// TestRunGDBSignalBacktrace).
#include <signal.h>
#include <stdio.h>

static volatile sig_atomic_t got;

static void onusr1(int sig) { got = sig; }

__attribute__((noinline)) static void deep(void) { raise(SIGUSR1); }

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	signal(SIGUSR1, onusr1);
	deep();
	printf("@@usr1 %d\n", got);
	return 0;
}
