/* POSIX timers: SIGEV_SIGNAL to a handler, overruns of a blocked periodic
 * timer, SIGEV_THREAD_ID, glibc's SIGEV_THREAD, SIGEV_NONE, the default
 * sigevent, TIMER_ABSTIME, and the error paths. Output does not depend on
 * timing or on the timer ids chosen. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "res.h"

static volatile sig_atomic_t got, gcode, gval;

static void handler(int sig, siginfo_t *si, void *uc) {
	got = sig;
	gcode = si->si_code;
	gval = si->si_value.sival_int;
	(void)uc;
}

static volatile int tcalled, tval;

static void thread_fn(union sigval v) {
	tval = v.sival_int;
	tcalled = 1;
}

static void ms(long n) {
	struct timespec ts = {n / 1000, (n % 1000) * 1000000};
	nanosleep(&ts, 0);
}

int main(void) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, 0);

	/* SIGEV_SIGNAL to a handler. */
	struct sigevent sev;
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGUSR1;
	sev.sigev_value.sival_int = 77;
	timer_t t1;
	res("timer_create", timer_create(CLOCK_MONOTONIC, &sev, &t1));
	struct itimerspec cur;
	res("gettime disarmed", timer_gettime(t1, &cur));
	printf("  %lld %ld %lld %ld\n", (long long)cur.it_interval.tv_sec, cur.it_interval.tv_nsec,
	       (long long)cur.it_value.tv_sec, cur.it_value.tv_nsec);
	struct itimerspec its = {{2, 500000000}, {100, 0}}, old;
	res("settime periodic", timer_settime(t1, 0, &its, 0));
	res("gettime", timer_gettime(t1, &cur));
	printf("  interval %lld.%09ld value-in-range %d\n", (long long)cur.it_interval.tv_sec, cur.it_interval.tv_nsec,
	       cur.it_value.tv_sec >= 90 && cur.it_value.tv_sec <= 100);
	struct itimerspec one = {{0, 0}, {0, 10000000}};
	res("settime one-shot", timer_settime(t1, 0, &one, &old));
	printf("  old interval %lld.%09ld value-set %d\n", (long long)old.it_interval.tv_sec, old.it_interval.tv_nsec,
	       old.it_value.tv_sec > 0);
	for (int i = 0; i < 200 && !got; i++)
		ms(10);
	printf("  handler: sig=%d code=%d value=%d\n", got, gcode, gval);
	res("gettime expired", timer_gettime(t1, &cur));
	printf("  %lld %ld\n", (long long)cur.it_value.tv_sec, cur.it_value.tv_nsec);
	res("timer_delete", timer_delete(t1));

	/* A blocked periodic timer overruns. */
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGALRM);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, 0);
	sev.sigev_signo = SIGUSR2;
	sev.sigev_value.sival_int = 5;
	timer_t t2;
	res("timer_create periodic", timer_create(CLOCK_MONOTONIC, &sev, &t2));
	struct itimerspec fast = {{0, 1000000}, {0, 1000000}};
	timer_settime(t2, 0, &fast, 0);
	ms(60);
	siginfo_t si;
	sigset_t one2;
	sigemptyset(&one2);
	sigaddset(&one2, SIGUSR2);
	res("sigwaitinfo", sigwaitinfo(&one2, &si));
	int ov = si.si_overrun;
	printf("  code=%d value=%d overrun>=10 %d getoverrun-same %d\n", si.si_code, si.si_value.sival_int, ov >= 10,
	       timer_getoverrun(t2) == ov);
	res("timer_delete", timer_delete(t2));

	/* SIGEV_THREAD_ID to this thread. */
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGRTMIN;
	sev.sigev_value.sival_int = 9;
	sev._sigev_un._tid = gettid();
	timer_t t3;
	res("timer_create SIGEV_THREAD_ID", timer_create(CLOCK_MONOTONIC, &sev, &t3));
	timer_settime(t3, 0, &one, 0);
	sigemptyset(&one2);
	sigaddset(&one2, SIGRTMIN);
	res("sigwaitinfo", sigwaitinfo(&one2, &si) == SIGRTMIN);
	printf("  code=%d value=%d overrun=%d\n", si.si_code, si.si_value.sival_int, si.si_overrun);
	timer_delete(t3);

	/* glibc's SIGEV_THREAD: the function runs in a helper thread. */
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_THREAD;
	sev.sigev_notify_function = thread_fn;
	sev.sigev_value.sival_int = 31;
	timer_t t4;
	res("timer_create SIGEV_THREAD", timer_create(CLOCK_MONOTONIC, &sev, &t4));
	timer_settime(t4, 0, &one, 0);
	for (int i = 0; i < 200 && !tcalled; i++)
		ms(10);
	printf("  called=%d value=%d\n", tcalled, tval);
	timer_delete(t4);

	/* SIGEV_NONE: no signal, the time left can be read. */
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_NONE;
	timer_t t5;
	res("timer_create SIGEV_NONE", timer_create(CLOCK_MONOTONIC, &sev, &t5));
	struct itimerspec tenms = {{0, 0}, {0, 20000000}};
	timer_settime(t5, 0, &tenms, 0);
	timer_gettime(t5, &cur);
	printf("  armed=%d\n", cur.it_value.tv_nsec > 0 && cur.it_value.tv_nsec <= 20000000);
	ms(40);
	timer_gettime(t5, &cur);
	printf("  after=%lld %ld\n", (long long)cur.it_value.tv_sec, cur.it_value.tv_nsec);
	timer_delete(t5);

	/* Default sigevent: SIGALRM carrying the timer id; absolute time. */
	timer_t t6;
	res("timer_create default", timer_create(CLOCK_REALTIME, 0, &t6));
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	now.tv_nsec += 5000000;
	if (now.tv_nsec >= 1000000000) {
		now.tv_sec++;
		now.tv_nsec -= 1000000000;
	}
	struct itimerspec abs = {{0, 0}, now};
	res("settime absolute", timer_settime(t6, TIMER_ABSTIME, &abs, 0));
	sigemptyset(&one2);
	sigaddset(&one2, SIGALRM);
	res("sigwaitinfo", sigwaitinfo(&one2, &si));
	printf("  code=%d value-is-id=%d\n", si.si_code, si.si_value.sival_int == (int)(intptr_t)t6);
	timer_delete(t6);

	/* Errors (raw system calls where glibc would check first). */
	timer_t te;
	res("create bad clock", timer_create(99, 0, &te));
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = 7;
	res("create bad notify", syscall(SYS_timer_create, CLOCK_MONOTONIC, &sev, &te));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = 0;
	res("create bad signal", syscall(SYS_timer_create, CLOCK_MONOTONIC, &sev, &te));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGUSR1;
	sev._sigev_un._tid = 1;
	res("create bad tid", syscall(SYS_timer_create, CLOCK_MONOTONIC, &sev, &te));
	res("create bad sigevent", syscall(SYS_timer_create, CLOCK_MONOTONIC, (void *)8, &te));
	res("settime bad id", syscall(SYS_timer_settime, 12345, 0, &one, 0));
	res("gettime bad id", syscall(SYS_timer_gettime, 12345, &cur));
	res("getoverrun bad id", syscall(SYS_timer_getoverrun, 12345));
	res("delete bad id", syscall(SYS_timer_delete, 12345));
	timer_t t7;
	timer_create(CLOCK_MONOTONIC, 0, &t7);
	struct itimerspec bad = {{0, 0}, {0, 1000000000}};
	res("settime bad nsec", timer_settime(t7, 0, &bad, 0));
	res("settime bad pointer", syscall(SYS_timer_settime, (long)(intptr_t)t7, 0, (void *)8, 0));
	res("delete", timer_delete(t7));
	res("delete again", syscall(SYS_timer_delete, (long)(intptr_t)t7));
	return 0;
}
