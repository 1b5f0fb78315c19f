/* Real-time signals are queued: every sigqueue instance is delivered, in
   the order sent, with its si_value; standard signals coalesce while
   blocked. Checked through a SA_SIGINFO handler and sigwaitinfo /
   sigtimedwait, to the process (sigqueue) and to a thread
   (pthread_sigqueue, rt_tgsigqueueinfo). */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static int seen[64], nseen;
static int vals[64];
static int codes[64];

static void handler(int sig, siginfo_t *si, void *uc) {
	if (nseen < 64) {
		seen[nseen] = sig;
		vals[nseen] = si->si_value.sival_int;
		codes[nseen] = si->si_code;
		nseen++;
	}
}

static void show(const char *what) {
	printf("%s:", what);
	for (int i = 0; i < nseen; i++)
		/* si_value only for SI_QUEUE: for tkill qemu-user leaves stale
		   bytes there, where Linux has zeros. */
		printf(" %s%d/%d/%s", seen[i] >= SIGRTMIN ? "RTMIN+" : "", seen[i] >= SIGRTMIN ? seen[i] - SIGRTMIN : seen[i],
		       codes[i] == SI_QUEUE ? vals[i] : -1, codes[i] == SI_QUEUE ? "SI_QUEUE" : codes[i] == SI_TKILL ? "SI_TKILL" : codes[i] == SI_USER ? "SI_USER" : "?");
	printf("\n");
	nseen = 0;
}

int main(void) {
	int r1 = SIGRTMIN + 1, r3 = SIGRTMIN + 3;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, r1);
	sigaddset(&set, r3);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	/* Handlers block every test signal, so that they run one after the
	   other in delivery order instead of nesting. */
	sa.sa_mask = set;
	sigaction(r1, &sa, NULL);
	sigaction(r3, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigprocmask(SIG_BLOCK, &set, &old);

	/* Queued while blocked, delivered on unblock: lowest number first,
	   each RT instance in the order sent with its value. (Standard and
	   RT signals are unblocked separately: qemu-user's order between a
	   signal it queues itself, from tgkill, and one the host queued for
	   it, from sigqueue, varies from run to run.) */
	for (int i = 0; i < 3; i++) {
		union sigval v = {.sival_int = 100 + i};
		sigqueue(getpid(), r3, v);
		v.sival_int = 200 + i;
		sigqueue(getpid(), r1, v);
	}
	sigset_t pend;
	sigpending(&pend);
	printf("pending: rt1=%d rt3=%d usr1=%d\n", sigismember(&pend, r1), sigismember(&pend, r3), sigismember(&pend, SIGUSR1));
	sigprocmask(SIG_SETMASK, &old, NULL);
	show("handled rt");
	/* Standard signals coalesce: one delivery, the first one's value. */
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (int i = 0; i < 3; i++) {
		union sigval v = {.sival_int = 300 + i};
		sigqueue(getpid(), SIGUSR1, v);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	show("handled usr1");
	sigprocmask(SIG_BLOCK, &set, NULL);
	raise(SIGUSR2);
	raise(SIGUSR2);
	sigprocmask(SIG_SETMASK, &old, NULL);
	show("handled usr2");

	/* sigwaitinfo takes them one at a time. */
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (int i = 0; i < 3; i++) {
		union sigval v = {.sival_int = 400 + i};
		sigqueue(getpid(), r3, v);
	}
	union sigval v = {.sival_int = 500};
	pthread_sigqueue(pthread_self(), r1, v);
	for (int i = 0; i < 4; i++) {
		siginfo_t si;
		int s = sigwaitinfo(&set, &si);
		printf("sigwaitinfo: RTMIN+%d value=%d code=%s pid_ok=%d\n", s - SIGRTMIN, si.si_value.sival_int,
		       si.si_code == SI_QUEUE ? "SI_QUEUE" : "?", si.si_pid == getpid());
	}
	struct timespec ts = {0, 50 * 1000 * 1000};
	siginfo_t si;
	int s = sigtimedwait(&set, &si, &ts);
	printf("sigtimedwait on nothing: %d %s\n", s, s < 0 && errno == EAGAIN ? "EAGAIN" : "?");
	ts.tv_nsec = 0;
	s = sigtimedwait(&set, &si, &ts);
	printf("sigtimedwait poll: %d %s\n", s, s < 0 && errno == EAGAIN ? "EAGAIN" : "?");

	/* An ignored signal is discarded, a blocked one is kept until its
	   action becomes "ignore". */
	signal(SIGUSR2, SIG_IGN);
	sigprocmask(SIG_SETMASK, &old, NULL);
	raise(SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigpending(&pend);
	printf("ignored usr2 pending: %d\n", sigismember(&pend, SIGUSR2));
	sigaction(SIGUSR2, &sa, NULL);
	raise(SIGUSR2);
	sigpending(&pend);
	printf("blocked usr2 pending: %d\n", sigismember(&pend, SIGUSR2));
	signal(SIGUSR2, SIG_IGN);
	sigpending(&pend);
	printf("after SIG_IGN pending: %d\n", sigismember(&pend, SIGUSR2));

	/* The kernel refuses a forged si_code for another process. */
	memset(&si, 0, sizeof si);
	si.si_signo = r1;
	si.si_code = SI_USER;
	long rc = syscall(SYS_rt_sigqueueinfo, getppid(), r1, &si);
	printf("forged SI_USER to parent: %ld %s\n", rc, rc < 0 && errno == EPERM ? "EPERM" : "?");
	sigprocmask(SIG_SETMASK, &old, NULL);
	show("end");
	return 0;
}
