/* Interval timers: alarm, setitimer and getitimer of ITIMER_REAL (perl's
 * alarm and Python's signal.setitimer call them). Compared with qemu-user,
 * which passes them to the host: alarm's rounding of the seconds left,
 * SIGALRM with si_code SI_KERNEL, a periodic timer's repeated signals
 * (waited for with sigsuspend, no timing), disarming with a zero value and
 * with a NULL new value, EINVAL for a bad timeval or which, and a forked
 * child that starts with no timer while its parent's runs. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static volatile int alarms, code;

static void on_alrm(int sig, siginfo_t *si, void *uc) {
	alarms++;
	code = si->si_code;
}

int main(void) {
	struct sigaction sa = {0};
	sa.sa_sigaction = on_alrm;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGALRM, &sa, 0);
	res("alarm(0) first", alarm(0));
	res("alarm(5)", alarm(5));
	res("alarm(2) returns the 5 s left, rounded", alarm(2));
	struct itimerval v;
	getitimer(ITIMER_REAL, &v);
	printf("getitimer: %ld s left (at most 2), interval %ld.%06ld\n", (long)v.it_value.tv_sec + (v.it_value.tv_usec > 0), (long)v.it_interval.tv_sec, (long)v.it_interval.tv_usec);
	res("alarm(0) returns 2", alarm(0));
	getitimer(ITIMER_REAL, &v);
	printf("disarmed: %ld %ld\n", (long)v.it_value.tv_sec, (long)v.it_value.tv_usec);

	/* A periodic timer: three signals, then disarm. */
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, SIGALRM);
	sigprocmask(SIG_BLOCK, &block, &old);
	struct itimerval p = {{0, 20000}, {0, 30000}}, o;
	res("setitimer periodic", setitimer(ITIMER_REAL, &p, &o));
	printf("old value %ld.%06ld\n", (long)o.it_value.tv_sec, (long)o.it_value.tv_usec);
	while (alarms < 3)
		sigsuspend(&old);
	printf("alarms %d, si_code SI_KERNEL %d\n", alarms, code == SI_KERNEL);
	getitimer(ITIMER_REAL, &v);
	printf("interval kept %ld.%06ld, armed %d\n", (long)v.it_interval.tv_sec, (long)v.it_interval.tv_usec, v.it_value.tv_sec > 0 || v.it_value.tv_usec > 0);
	struct itimerval zero = {{0, 0}, {0, 0}};
	res("setitimer zero", setitimer(ITIMER_REAL, &zero, &o));
	printf("old interval %ld.%06ld\n", (long)o.it_interval.tv_sec, (long)o.it_interval.tv_usec);
	getitimer(ITIMER_REAL, &v);
	printf("disarmed: %ld %ld %ld %ld\n", (long)v.it_value.tv_sec, (long)v.it_value.tv_usec, (long)v.it_interval.tv_sec, (long)v.it_interval.tv_usec);
	sigprocmask(SIG_SETMASK, &old, 0);

	/* A NULL new value disarms too. */
	struct itimerval ten = {{0, 0}, {10, 0}};
	setitimer(ITIMER_REAL, &ten, 0);
	res("setitimer NULL new value", syscall(SYS_setitimer, ITIMER_REAL, 0, &o));
	printf("it had 9 or 10 s: %d\n", o.it_value.tv_sec == 9 || o.it_value.tv_sec == 10);
	getitimer(ITIMER_REAL, &v);
	printf("now %ld %ld\n", (long)v.it_value.tv_sec, (long)v.it_value.tv_usec);

	struct itimerval bad = {{0, 0}, {0, 1000000}};
	res("setitimer usec 1000000", setitimer(ITIMER_REAL, &bad, 0));
	bad.it_value.tv_usec = -1;
	res("setitimer usec -1", setitimer(ITIMER_REAL, &bad, 0));
	res("setitimer which 7", setitimer(7, &ten, 0));
	res("getitimer which 7", getitimer(7, &v));

	/* fork: the child has no timer of its parent's. */
	setitimer(ITIMER_REAL, &ten, 0);
	pid_t c = fork();
	if (c == 0) {
		getitimer(ITIMER_REAL, &v);
		_exit(v.it_value.tv_sec == 0 && v.it_value.tv_usec == 0 ? 0 : 1);
	}
	int st;
	waitpid(c, &st, 0);
	printf("child had no timer: %d\n", WIFEXITED(st) && WEXITSTATUS(st) == 0);
	getitimer(ITIMER_REAL, &v);
	printf("parent's still armed: %d\n", v.it_value.tv_sec > 0);
	alarm(0);
	return 0;
}
