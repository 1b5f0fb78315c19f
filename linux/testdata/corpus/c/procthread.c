/* /proc/self/task/TID/stat and status are the thread's: its CPU time
 * (utime, field 14 of stat), its blocked and pending signals (SigBlk,
 * SigPnd; stat's fields 31 and 32, the low 31 signals), while the
 * process's /proc/self/stat counts every thread's time and ShdPnd the
 * process's pending signals. A worker thread blocks SIGUSR2, gets one
 * sent to it with tgkill (pending), and works until its own utime is 3
 * ticks; the main thread, which blocks SIGUSR1 and only waits, then reads
 * both threads' files while the worker waits on a pipe. qemu-user passes
 * /proc/self/task/ to the host, whose threads are qemu's, so the expected
 * output (procthread.expected) is this program's, built for x86-64 with
 * the host's gcc and run natively on Linux 6.x. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

static char buf[4096];
static int ready[2], done[2];
static volatile pid_t worker_tid;
static volatile unsigned long sink;

static const char *slurp(const char *path) {
	int fd = open(path, O_RDONLY);
	long n = fd < 0 ? 0 : read(fd, buf, sizeof buf - 1);
	if (fd >= 0) close(fd);
	buf[n > 0 ? n : 0] = 0;
	return buf;
}

/* statField is field n (1-based) of a stat line, after the command name. */
static unsigned long long statField(const char *path, int n) {
	const char *s = strrchr(slurp(path), ')');
	if (!s) return ~0ULL;
	s += 2;
	for (int f = 3; f < n && s; f++) {
		s = strchr(s, ' ');
		if (s) s++;
	}
	return s ? strtoull(s, NULL, 10) : ~0ULL;
}

/* statusMask is the hexadecimal mask of a status line. */
static unsigned long long statusMask(const char *path, const char *key) {
	const char *s = strstr(slurp(path), key);
	return s ? strtoull(s + strlen(key) + 2, NULL, 16) : ~0ULL;
}

static void *worker(void *arg) {
	(void)arg;
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR2);
	pthread_sigmask(SIG_BLOCK, &s, NULL);
	pid_t tid = syscall(SYS_gettid);
	res("tgkill SIGUSR2 to itself, blocked", syscall(SYS_tgkill, getpid(), tid, SIGUSR2));
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
	while (statField(path, 14) < 3)
		for (int i = 0; i < 100000; i++) sink += i;
	worker_tid = tid;
	char c = 0;
	(void)!write(ready[1], &c, 1);
	(void)!read(done[0], &c, 1);
	int sig;
	sigwait(&s, &sig);
	return NULL;
}

int main(void) {
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &s, NULL);
	if (pipe(ready) || pipe(done)) return 1;
	pthread_t th;
	pthread_create(&th, NULL, worker, NULL);
	char c;
	(void)!read(ready[0], &c, 1);

	char wstat[64], wstatus[64], mstat[64], mstatus[64];
	snprintf(wstat, sizeof wstat, "/proc/self/task/%d/stat", worker_tid);
	snprintf(wstatus, sizeof wstatus, "/proc/self/task/%d/status", worker_tid);
	snprintf(mstat, sizeof mstat, "/proc/self/task/%d/stat", getpid());
	snprintf(mstatus, sizeof mstatus, "/proc/self/task/%d/status", getpid());
	unsigned long long usr1 = 1ULL << (SIGUSR1 - 1), usr2 = 1ULL << (SIGUSR2 - 1);

	unsigned long long wut = statField(wstat, 14), mut = statField(mstat, 14), put = statField("/proc/self/stat", 14);
	printf("worker utime at least 3 ticks: %d\n", wut >= 3 && wut != ~0ULL);
	printf("main thread utime below the worker's: %d\n", mut < wut);
	printf("process utime at least the worker's: %d\n", put >= wut && put != ~0ULL);
	printf("worker SigBlk: %#llx, SigPnd: %#llx\n", statusMask(wstatus, "SigBlk") & (usr1 | usr2),
	       statusMask(wstatus, "SigPnd") & (usr1 | usr2));
	printf("main SigBlk: %#llx, SigPnd: %#llx\n", statusMask(mstatus, "SigBlk") & (usr1 | usr2),
	       statusMask(mstatus, "SigPnd") & (usr1 | usr2));
	printf("process SigBlk: %#llx, ShdPnd: %#llx\n", statusMask("/proc/self/status", "SigBlk") & (usr1 | usr2),
	       statusMask("/proc/self/status", "ShdPnd") & (usr1 | usr2));
	printf("worker stat signal %#llx blocked %#llx\n", statField(wstat, 31) & (usr1 | usr2),
	       statField(wstat, 32) & (usr1 | usr2));
	printf("main stat signal %#llx blocked %#llx\n", statField(mstat, 31) & (usr1 | usr2),
	       statField(mstat, 32) & (usr1 | usr2));

	(void)!write(done[1], &c, 1);
	pthread_join(th, NULL);
	printf("joined\n");
	return 0;
}
