/* ITIMER_VIRTUAL and ITIMER_PROF: interval timers on the process's CPU
   time (Python's signal.setitimer, profilers). A one-shot ITIMER_VIRTUAL
   sends SIGVTALRM with si_code SI_KERNEL once the process has spent the
   time computing; a periodic ITIMER_PROF sends SIGPROF again and again;
   getitimer reports an armed timer's interval and a value left (right
   after setitimer more than was set: Linux's set_cpu_itimer arms it a
   scheduler tick later than asked), and
   nothing once it is disarmed (a zero value, or a NULL new value); the old
   value comes back from setitimer; a forked child starts with no timer
   while its parent's runs; a thread's CPU time counts for its process.
   Each wait is a loop of work until the handler's count changes, not a
   time. Compared with qemu-user, which passes the calls to the host. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static volatile int vt, prof, code;
static volatile unsigned long sink;

static void on_sig(int sig, siginfo_t *si, void *uc) {
	(void)uc;
	if (sig == SIGVTALRM) vt++;
	else prof++;
	code = si->si_code;
}

/* spin works until *count reaches n. */
static void spin(volatile int *count, int n) {
	while (*count < n)
		for (int i = 0; i < 10000; i++) sink += i;
}

static void show(const char *what, int which) {
	struct itimerval it;
	res(what, getitimer(which, &it));
	printf("  interval %ld.%06ld, %s\n", (long)it.it_interval.tv_sec, (long)it.it_interval.tv_usec,
	       it.it_value.tv_sec || it.it_value.tv_usec ? "armed" : "disarmed");
}

static void *worker(void *arg) {
	(void)arg;
	spin(&vt, 3);
	return NULL;
}

int main(void) {
	struct sigaction sa = {0};
	sa.sa_sigaction = on_sig;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigaction(SIGVTALRM, &sa, 0);
	sigaction(SIGPROF, &sa, 0);

	show("getitimer VIRTUAL never set", ITIMER_VIRTUAL);
	struct itimerval one = {{0, 0}, {0, 20000}}, old;
	res("setitimer VIRTUAL 20 ms", setitimer(ITIMER_VIRTUAL, &one, &old));
	printf("  old: %s\n", old.it_value.tv_sec || old.it_value.tv_usec ? "armed" : "disarmed");
	show("getitimer VIRTUAL", ITIMER_VIRTUAL);
	spin(&vt, 1);
	printf("SIGVTALRM %d, si_code SI_KERNEL %d\n", vt, code == SI_KERNEL);
	show("getitimer VIRTUAL after it fired", ITIMER_VIRTUAL);

	struct itimerval every = {{0, 10000}, {0, 10000}};
	res("setitimer PROF every 10 ms", setitimer(ITIMER_PROF, &every, NULL));
	show("getitimer PROF", ITIMER_PROF);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		show("child: getitimer PROF", ITIMER_PROF);
		fflush(stdout);
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	spin(&prof, 3);
	printf("SIGPROF at least 3: %d\n", prof >= 3);
	struct itimerval zero = {{0, 0}, {0, 0}};
	res("setitimer PROF 0", setitimer(ITIMER_PROF, &zero, &old));
	printf("  old interval %ld.%06ld\n", (long)old.it_interval.tv_sec, (long)old.it_interval.tv_usec);
	show("getitimer PROF disarmed", ITIMER_PROF);

	/* A thread's work counts: the main thread waits without spinning. */
	vt = 0;
	struct itimerval periodic = {{0, 10000}, {0, 10000}};
	res("setitimer VIRTUAL every 10 ms", setitimer(ITIMER_VIRTUAL, &periodic, NULL));
	pthread_t th;
	pthread_create(&th, NULL, worker, NULL);
	pthread_join(th, NULL);
	printf("SIGVTALRM from a thread's time at least 3: %d\n", vt >= 3);
	res("setitimer VIRTUAL NULL", syscall(SYS_setitimer, ITIMER_VIRTUAL, NULL, NULL));
	show("getitimer VIRTUAL disarmed", ITIMER_VIRTUAL);

	struct itimerval minute = {{0, 0}, {60, 0}}, now;
	res("setitimer PROF 60 s", setitimer(ITIMER_PROF, &minute, NULL));
	res("getitimer PROF", getitimer(ITIMER_PROF, &now));
	printf("  more than 60 s left: %d\n", now.it_value.tv_sec > 60 || (now.it_value.tv_sec == 60 && now.it_value.tv_usec > 0));
	res("setitimer PROF 0", setitimer(ITIMER_PROF, &zero, NULL));
	return 0;
}
