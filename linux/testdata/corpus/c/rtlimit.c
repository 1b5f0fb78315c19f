/* RLIMIT_SIGPENDING bounds the queued real-time signals: with a limit of
   3, three sigqueue calls queue and the next ones fail with EAGAIN; the
   three are delivered in order. Linux counts the queued signals of the
   user, qemu-user leaves them to the host kernel, where other processes
   of the same user count too, so its output varies with the machine: the
   expected output is rtlimit.expected (a user with no other pending
   signals), not a qemu-user run. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static int vals[8], n;
static void handler(int sig, siginfo_t *si, void *uc) {
	if (n < 8) vals[n++] = si->si_value.sival_int;
}

int main(void) {
	int sig = SIGRTMIN + 1;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(sig, &sa, NULL);
	struct rlimit rl;
	getrlimit(RLIMIT_SIGPENDING, &rl);
	rl.rlim_cur = 3;
	printf("setrlimit: %d\n", setrlimit(RLIMIT_SIGPENDING, &rl));
	struct rlimit got;
	getrlimit(RLIMIT_SIGPENDING, &got);
	printf("getrlimit: cur=%lu max_kept=%d\n", (unsigned long)got.rlim_cur, got.rlim_max == rl.rlim_max);
	rl.rlim_cur = rl.rlim_max + 1;
	errno = 0;
	printf("cur > max: %d %s\n", setrlimit(RLIMIT_SIGPENDING, &rl), errno == EINVAL ? "EINVAL" : "?");
	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_BLOCK, &set, &old);
	for (int i = 0; i < 5; i++) {
		union sigval v = {.sival_int = 600 + i};
		errno = 0;
		int rc = sigqueue(getpid(), sig, v);
		printf("sigqueue %d: %d%s\n", i, rc, rc < 0 && errno == EAGAIN ? " EAGAIN" : "");
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	printf("delivered:");
	for (int i = 0; i < n; i++) printf(" %d", vals[i]);
	printf("\n");
	return 0;
}
