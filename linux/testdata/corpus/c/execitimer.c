/* execve keeps the process's ITIMER_REAL and deletes its POSIX timers
 * (Linux's begin_new_exec calls exit_itimers; the interval timers live in
 * signal_struct, which execve keeps). Compared with execitimer.expected,
 * written from those sources: qemu-user cannot run it (its execve of a
 * ppc64 program needs a binfmt_misc registration on the host). */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

int main(int argc, char **argv) {
	struct itimerval v;
	struct itimerspec its = {{0, 0}, {10, 0}};
	if (argc > 2) {
		timer_t id = (timer_t)strtol(argv[2], 0, 10);
		res("after execve: timer_gettime", timer_gettime(id, &its));
		getitimer(ITIMER_REAL, &v);
		printf("after execve: ITIMER_REAL armed %d\n", v.it_value.tv_sec > 0);
		alarm(0);
		return 0;
	}
	struct itimerval ten = {{0, 0}, {10, 0}};
	res("setitimer", setitimer(ITIMER_REAL, &ten, 0));
	timer_t id;
	struct sigevent ev = {.sigev_notify = SIGEV_NONE};
	res("timer_create", timer_create(CLOCK_MONOTONIC, &ev, &id));
	res("timer_settime", timer_settime(id, 0, &its, 0));
	res("timer_gettime before", timer_gettime(id, &its));
	char arg[32];
	snprintf(arg, sizeof arg, "%ld", (long)id);
	fflush(stdout);
	execl("/proc/self/exe", argv[0], "exec", arg, (char *)0);
	perror("execl");
	return 1;
}
