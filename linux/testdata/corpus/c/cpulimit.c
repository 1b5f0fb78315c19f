/* RLIMIT_CPU: past the soft limit (1 s of CPU time) the process gets
 * SIGXCPU, at the hard limit (2 s) SIGKILL (Linux's check_process_timers).
 * The program spins, saying when SIGXCPU came, and is killed. Compared
 * with qemu-user, whose host kernel enforces the limit it passes on. */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "res.h"

static volatile sig_atomic_t xcpu;

static void onxcpu(int sig) {
	(void)sig;
	if (!xcpu)
		write(1, "SIGXCPU\n", 8);
	xcpu = 1;
}

int main(void) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onxcpu;
	sigaction(SIGXCPU, &sa, 0);
	struct rlimit r = {1, 2};
	res("setrlimit CPU", setrlimit(RLIMIT_CPU, &r));
	fflush(stdout);
	for (volatile unsigned long i = 0;; i++)
		;
}
