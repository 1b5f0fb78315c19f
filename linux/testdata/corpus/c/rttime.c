/* RLIMIT_RTTIME: a SCHED_FIFO thread that runs without sleeping past the
 * soft limit (microseconds of CPU time) gets SIGXCPU and the soft limit
 * grows by a second (kernel/time/posix-cpu-timers.c, check_thread_timers);
 * at the hard limit SIGKILL; a sleep starts the count again (sched/rt.c,
 * enqueue_task_rt); a SCHED_OTHER thread is not limited. Each case runs
 * in a child, and nothing printed says when a signal came. Compared with
 * qemu-user, which passes sched_setscheduler and setrlimit to the host;
 * SCHED_FIFO needs CAP_SYS_NICE (or RLIMIT_RTPRIO): without it the
 * program says so and stops, under qemu-user and the runner alike. */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "res.h"
#include "inchild.h"

static volatile sig_atomic_t xcpu;

static void onxcpu(int sig) {
	(void)sig;
	xcpu++;
}

static long long threadns(void) {
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* spin runs for ns nanoseconds of the thread's CPU time, or until
 * SIGXCPU if stop. */
static void spin(long long ns, int stop) {
	long long end = threadns() + ns;
	while (threadns() < end && !(stop && xcpu))
		;
}

static void setsoft(int which, rlim_t cur) {
	struct rlimit r;
	getrlimit(which, &r);
	r.rlim_cur = cur;
	res("setrlimit", setrlimit(which, &r));
}

static void soft(void) {
	setsoft(RLIMIT_RTTIME, 20000);
	spin(1000000000000LL, 1);
	struct rlimit r;
	getrlimit(RLIMIT_RTTIME, &r);
	printf("SIGXCPU %d, soft limit now %llu\n", xcpu, (unsigned long long)r.rlim_cur);
}

static void hard(void) {
	struct rlimit r = {20000, 40000};
	res("setrlimit 20 ms, 40 ms", setrlimit(RLIMIT_RTTIME, &r));
	fflush(stdout);
	for (;;)
		spin(1000000000LL, 0);
}

static void sleeps(void) {
	setsoft(RLIMIT_RTTIME, 50000);
	for (int i = 0; i < 20; i++) {
		spin(5000000, 0);
		usleep(1000);
	}
	printf("100 ms in runs of 5 ms: SIGXCPU %d\n", xcpu);
}

static void other(void) {
	struct sched_param sp = {0};
	res("SCHED_OTHER", sched_setscheduler(0, SCHED_OTHER, &sp));
	setsoft(RLIMIT_RTTIME, 10000);
	spin(50000000, 0);
	printf("50 ms under SCHED_OTHER: SIGXCPU %d\n", xcpu);
}

int main(void) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onxcpu;
	sigaction(SIGXCPU, &sa, 0);
	struct sched_param sp = {.sched_priority = 1};
	if (sched_setscheduler(0, SCHED_FIFO, &sp) < 0) {
		printf("SCHED_FIFO: %s\n", strerror(errno));
		return 0;
	}
	report_child("soft", soft);
	report_child("hard", hard);
	report_child("sleeps", sleeps);
	report_child("other", other);
	return 0;
}
