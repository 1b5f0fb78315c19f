/* CPU time per process and per thread, as a guest sees it: a forked child
 * that spins 200 ms of its own CPU time does not add to its parent's
 * CLOCK_PROCESS_CPUTIME_ID, getrusage(RUSAGE_SELF) or times() (it adds to
 * RUSAGE_CHILDREN and tms_cutime once reaped), and the parent reads the
 * child's clock through clock_getcpuclockid while it waits; a thread that
 * spins 200 ms of its own CLOCK_THREAD_CPUTIME_ID adds to the process's
 * clock, not to the main thread's, and its clock is read through
 * pthread_getcpuclockid. Every comparison is between CPU times the
 * program measures (no wall-clock times): the spinning ends when the
 * spinner's own clock says 200 ms. Compared with qemu-user, where each
 * guest process is a host process and each thread a host thread. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

#define MS 1000000L

static long ns(clockid_t c) {
	struct timespec ts;
	if (clock_gettime(c, &ts) != 0)
		return -1;
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static long rusage_ns(int who) {
	struct rusage ru;
	getrusage(who, &ru);
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000L +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000L;
}

static volatile unsigned long sink;

/* spin runs until clock c has advanced by d nanoseconds. */
static void spin(clockid_t c, long d) {
	long start = ns(c);
	while (ns(c) - start < d)
		for (int i = 0; i < 10000; i++)
			sink += i;
}

static pthread_barrier_t bar;

static void *spinner(void *arg) {
	spin(CLOCK_THREAD_CPUTIME_ID, 200 * MS);
	pthread_barrier_wait(&bar); /* main reads the clocks */
	pthread_barrier_wait(&bar);
	return NULL;
}

int main(void) {
	int go[2], done[2], status;
	char c;
	struct timespec rs;
	struct tms tms;
	long ticks = sysconf(_SC_CLK_TCK);

	setvbuf(stdout, NULL, _IONBF, 0);
	printf("getres process %d %ld\n", clock_getres(CLOCK_PROCESS_CPUTIME_ID, &rs), rs.tv_nsec);
	printf("getres thread %d %ld\n", clock_getres(CLOCK_THREAD_CPUTIME_ID, &rs), rs.tv_nsec);

	long before = ns(CLOCK_PROCESS_CPUTIME_ID);
	pipe(go);
	pipe(done);
	pid_t pid = fork();
	if (pid == 0) {
		spin(CLOCK_PROCESS_CPUTIME_ID, 200 * MS);
		printf("child: rusage self >= 200 ms %d, thread clock >= 200 ms %d\n",
		       rusage_ns(RUSAGE_SELF) >= 200 * MS, ns(CLOCK_THREAD_CPUTIME_ID) >= 200 * MS);
		write(done[1], "x", 1);
		read(go[0], &c, 1);
		exit(0);
	}
	read(done[0], &c, 1);
	clockid_t cc;
	res("getcpuclockid child", clock_getcpuclockid(pid, &cc) == 0 ? 0 : -1);
	printf("child's clock >= 200 ms %d\n", ns(cc) >= 200 * MS);
	printf("child's clock getres %d %ld\n", clock_getres(cc, &rs), rs.tv_nsec);
	/* The child's thread through a per-thread clock id of another
	 * process: EINVAL (posix-cpu-timers.c lookup_task). */
	clockid_t ct = (~(clockid_t)pid << 3) | 4 | 2;
	struct timespec ts;
	res("child's thread clock from the parent", clock_gettime(ct, &ts));
	res("clock 7 of the child", clock_gettime((~(clockid_t)pid << 3) | 7, &ts));
	long mine = ns(CLOCK_PROCESS_CPUTIME_ID) - before;
	printf("parent's clock grew < 100 ms while the child spun %d\n", mine < 100 * MS);
	write(go[1], "x", 1);
	waitpid(pid, &status, 0);
	printf("parent: rusage self < 150 ms %d, children >= 200 ms %d\n", rusage_ns(RUSAGE_SELF) < 150 * MS,
	       rusage_ns(RUSAGE_CHILDREN) >= 200 * MS);
	times(&tms);
	/* Ticks: Linux truncates user and system time apart, so 200 ms may
	 * read as 190. */
	printf("times: self < 150 ms %d, children >= 150 ms %d\n", (tms.tms_utime + tms.tms_stime) * 1000 / ticks < 150,
	       (tms.tms_cutime + tms.tms_cstime) * 1000 / ticks >= 150);

	pthread_t th;
	pthread_barrier_init(&bar, NULL, 2);
	long main0 = ns(CLOCK_THREAD_CPUTIME_ID), proc0 = ns(CLOCK_PROCESS_CPUTIME_ID);
	pthread_create(&th, NULL, spinner, NULL);
	pthread_barrier_wait(&bar);
	clockid_t tc;
	res("pthread_getcpuclockid", pthread_getcpuclockid(th, &tc) == 0 ? 0 : -1);
	printf("thread's clock >= 200 ms %d\n", ns(tc) >= 200 * MS);
	printf("main thread's clock grew < 100 ms %d\n", ns(CLOCK_THREAD_CPUTIME_ID) - main0 < 100 * MS);
	printf("process clock grew >= 200 ms %d\n", ns(CLOCK_PROCESS_CPUTIME_ID) - proc0 >= 200 * MS);
	struct rusage ru;
	getrusage(RUSAGE_THREAD, &ru);
	printf("rusage thread (main) < 150 ms %d\n", ru.ru_utime.tv_sec * 1000 + ru.ru_utime.tv_usec / 1000 +
	                                                     ru.ru_stime.tv_sec * 1000 + ru.ru_stime.tv_usec / 1000 < 150);
	pthread_barrier_wait(&bar);
	pthread_join(th, NULL);
	printf("rusage self >= 200 ms %d\n", rusage_ns(RUSAGE_SELF) >= 200 * MS);
	return 0;
}
