/* RLIMIT_CPU: past the soft limit (1 s of CPU time) the process gets
 * SIGXCPU, at the hard limit (2 s) SIGKILL (Linux's check_process_timers).
 * The limit and the time are the process's own: first a child sets the
 * limit, spins, says when SIGXCPU came and is killed, which its parent
 * (without a limit, not killed) reports; then the parent does the same.
 * Compared with qemu-user, whose host kernel enforces the limit it passes
 * on. */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static volatile sig_atomic_t xcpu;

static void onxcpu(int sig) {
	(void)sig;
	if (!xcpu)
		write(1, "SIGXCPU\n", 8);
	xcpu = 1;
}

static void spin(void) {
	struct rlimit r = {1, 2};
	res("setrlimit CPU", setrlimit(RLIMIT_CPU, &r));
	fflush(stdout);
	for (volatile unsigned long i = 0;; i++)
		;
}

int main(void) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onxcpu;
	sigaction(SIGXCPU, &sa, 0);
	pid_t pid = fork();
	if (pid == 0)
		spin();
	int st;
	waitpid(pid, &st, 0);
	printf("child: %s %d\n", WIFSIGNALED(st) ? "killed by signal" : "exited", WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
	struct rlimit r;
	getrlimit(RLIMIT_CPU, &r);
	res("parent's RLIMIT_CPU is infinite", r.rlim_cur == RLIM_INFINITY ? 0 : -1);
	spin();
}
