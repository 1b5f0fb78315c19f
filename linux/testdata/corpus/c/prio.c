/* Nice values and scheduling attributes as chrt, renice and nice use them:
 * sched_getattr and sched_setattr (size rules, policies with a nice value,
 * SCHED_FLAG_KEEP_POLICY and _KEEP_PARAMS, utilization clamps), a nice
 * value per thread (setpriority of a thread id, PRIO_PGRP over threads,
 * inherited by a new thread and a forked child, reset by
 * SCHED_RESET_ON_FORK), sched_setscheduler keeping the nice value, and
 * /proc/self/stat's and task/TID/stat's priority, nice, rt_priority and
 * policy; then, in a child that gives up root (if it can), RLIMIT_NICE
 * and RLIMIT_RTPRIO (raising them from a hard limit of 0 needs
 * CAP_SYS_RESOURCE), EACCES and EPERM. Compared with qemu-user, whose
 * calls act on its own host threads. Not printed: sched_runtime of a
 * SCHED_OTHER thread (Linux 6.12 and later report the thread's time
 * slice there, 6.1 reports 0) and nice(2)'s value on success (Linux
 * answers 0, qemu-user the new nice value). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

struct attr {
	uint32_t size, policy;
	uint64_t flags;
	int32_t nice;
	uint32_t prio;
	uint64_t runtime, deadline, period;
	uint32_t util_min, util_max;
	char extra[8];
};

static long getattr(pid_t pid, struct attr *a, unsigned size) {
	memset(a, 0xee, sizeof *a);
	return syscall(SYS_sched_getattr, pid, a, size, 0);
}

static long setattr(pid_t pid, uint32_t size, uint32_t policy, uint64_t flags, int nice, uint32_t prio) {
	struct attr a = {.size = size, .policy = policy, .flags = flags, .nice = nice, .prio = prio};
	return syscall(SYS_sched_setattr, pid, &a, 0);
}

static void showattr(const char *who, pid_t pid) {
	struct attr a;
	long r = getattr(pid, &a, sizeof a - sizeof a.extra);
	if (r < 0) {
		res(who, r);
		return;
	}
	printf("%s: size %u policy %u flags %#lx nice %d prio %u util %u %u\n", who, a.size, a.policy,
	       (unsigned long)a.flags, a.nice, a.prio, a.util_min, a.util_max);
}

/* The priority, nice, rt_priority and policy fields (18, 19, 40, 41) of a
 * stat file. */
static void statfields(const char *who, const char *path) {
	char buf[2048];
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);
	if (fd >= 0)
		close(fd);
	if (n <= 0) {
		printf("%s: cannot read %s\n", who, path);
		return;
	}
	buf[n] = 0;
	char *p = strrchr(buf, ')');
	long f[64] = {0};
	int i = 3;
	for (char *tok = strtok(p + 2, " "); tok && i < 64; tok = strtok(NULL, " "), i++)
		f[i] = strtol(tok, NULL, 10);
	printf("%s: stat priority %ld nice %ld rt_priority %ld policy %ld\n", who, f[18], f[19], f[40], f[41]);
}

static void show(const char *who) {
	char path[64];
	errno = 0;
	int nice = getpriority(PRIO_PROCESS, 0);
	printf("%s: nice %d (%s) policy %ld\n", who, nice, errno ? strerror(errno) : "ok",
	       syscall(SYS_sched_getscheduler, 0));
	showattr(who, 0);
	snprintf(path, sizeof path, "/proc/self/task/%ld/stat", (long)syscall(SYS_gettid));
	statfields(who, path);
}

static long prio(int which, int who) {
	errno = 0;
	long r = getpriority(which, who);
	return errno ? -100 - errno : r;
}

static pthread_barrier_t bar;
static long tid2;

static void *thread(void *arg) {
	tid2 = syscall(SYS_gettid);
	show("thread start");
	res("thread setpriority self 7", setpriority(PRIO_PROCESS, tid2, 7));
	pthread_barrier_wait(&bar); /* main looks */
	pthread_barrier_wait(&bar);
	return NULL;
}

static void *thread3(void *arg) {
	show("thread made at nice 2");
	return NULL;
}

static void unprivileged(void) {
	struct rlimit nice = {25, 25}, rtprio = {5, 5};
	res("setpgid", setpgid(0, 0));
	res("setrlimit nice 25", setrlimit(RLIMIT_NICE, &nice));
	res("setrlimit rtprio 5", setrlimit(RLIMIT_RTPRIO, &rtprio));
	res("setresuid 65534", setresuid(65534, 65534, 65534));
	show("nobody");
	res("setpriority -10 (limit 25)", setpriority(PRIO_PROCESS, 0, -10));
	res("setpriority -5 (limit 25)", setpriority(PRIO_PROCESS, 0, -5));
	res("setpriority 3", setpriority(PRIO_PROCESS, 0, 3));
	/* Not PRIO_PGRP: qemu-user's setresuid changes the calling host
	 * thread only, so its RCU thread, root's, is EPERM to the child. */
	res("setpriority parent", setpriority(PRIO_PROCESS, getppid(), 5));
	res("setscheduler parent", syscall(SYS_sched_setscheduler, getppid(), SCHED_BATCH, &(struct sched_param){0}));
	res("nice -15", syscall(SYS_nice, -15) < 0 ? -1 : 0);
	res("nice +1", syscall(SYS_nice, 1) < 0 ? -1 : 0);
	printf("nice now %ld\n", prio(PRIO_PROCESS, 0));
	res("setattr other nice -10", setattr(0, 48, SCHED_OTHER, 0, -10, 0));
	res("setattr other nice -4", setattr(0, 48, SCHED_OTHER, 0, -4, 0));
	res("setattr deadline", setattr(0, 48, SCHED_DEADLINE, 0, 0, 0));
	res("setattr fifo 3 (rtprio 5)", setattr(0, 48, SCHED_FIFO, 0, 0, 3));
	res("setattr fifo 6 (rtprio 5)", setattr(0, 48, SCHED_FIFO, 0, 0, 6));
	res("setattr other", setattr(0, 48, SCHED_OTHER, 0, 4, 0));
	res("setattr idle", setattr(0, 48, SCHED_IDLE, 0, 0, 0));
	struct rlimit low = {0, 0};
	res("setrlimit nice 0", setrlimit(RLIMIT_NICE, &low));
	res("setattr other from idle (limit 0)", setattr(0, 48, SCHED_OTHER, 0, 4, 0));
	res("setattr idle reset_on_fork", setattr(0, 48, SCHED_IDLE, 1, 0, 0));
	res("setattr idle without reset_on_fork", setattr(0, 48, SCHED_IDLE, 0, 0, 0));
	show("nobody end");
}

int main(void) {
	struct attr a;
	pthread_t th;
	int status;

	setvbuf(stdout, NULL, _IONBF, 0);
	setpgid(0, 0);
	res("setpriority 0", setpriority(PRIO_PROCESS, 0, 0));
	show("start");

	res("getattr size 48", getattr(0, &a, 48));
	printf("size %u\n", a.size);
	res("getattr size 64", getattr(0, &a, 64));
	printf("size %u\n", a.size);
	res("getattr size 47", getattr(0, &a, 47));
	res("getattr flags 1", syscall(SYS_sched_getattr, 0, &a, 56, 1));
	res("getattr pid -1", syscall(SYS_sched_getattr, -1, &a, 56, 0));
	res("getattr NULL", syscall(SYS_sched_getattr, 0, NULL, 56, 0));
	res("getattr bad pointer", syscall(SYS_sched_getattr, 0, (void *)0x1000, 56, 0));

	res("setattr batch nice 3 size 0", setattr(0, 0, SCHED_BATCH, 0, 3, 0));
	show("batch 3");
	memset(&a, 0, sizeof a);
	a.size = 40;
	res("setattr size 40", syscall(SYS_sched_setattr, 0, &a, 0));
	printf("size written back %u\n", a.size);
	memset(&a, 0, sizeof a);
	a.size = 64;
	a.extra[3] = 1;
	res("setattr size 64 nonzero tail", syscall(SYS_sched_setattr, 0, &a, 0));
	printf("size written back %u\n", a.size);
	a.extra[3] = 0;
	a.size = 64;
	a.nice = 1;
	res("setattr size 64 zero tail", syscall(SYS_sched_setattr, 0, &a, 0));
	show("other 1");
	res("setattr flags 1 to syscall", syscall(SYS_sched_setattr, 0, &a, 1));
	res("setattr NULL", syscall(SYS_sched_setattr, 0, NULL, 0));
	res("setattr pid -1", setattr(-1, 48, SCHED_OTHER, 0, 0, 0));
	res("setattr no such pid", setattr(0x7ffffff0, 48, SCHED_OTHER, 0, 0, 0));
	res("setattr policy -1", setattr(0, 48, -1, 0, 0, 0));
	res("setattr policy 4", setattr(0, 48, 4, 0, 0, 0));
	res("setattr reset_on_fork policy bit", setattr(0, 48, SCHED_OTHER | SCHED_RESET_ON_FORK, 0, 0, 0));
	res("setattr flag 0x80", setattr(0, 48, SCHED_OTHER, 0x80, 0, 0));
	res("setattr other priority 1", setattr(0, 48, SCHED_OTHER, 0, 0, 1));
	res("setattr fifo priority 0", setattr(0, 48, SCHED_FIFO, 0, 0, 0));
	res("setattr rr priority 100", setattr(0, 48, SCHED_RR, 0, 0, 100));
	res("setattr deadline no parameters", setattr(0, 48, SCHED_DEADLINE, 0, 0, 0));
	res("setattr util clamp size 48", setattr(0, 48, SCHED_OTHER, 0x20, 0, 0));
	res("setattr nice 30 (clamped)", setattr(0, 48, SCHED_OTHER, 0, 30, 0));
	show("nice 19");
	res("setattr nice -30 (clamped)", setattr(0, 48, SCHED_OTHER, 0, -30, 0));
	show("nice -20");
	res("setattr keep policy nice 2", setattr(0, 48, SCHED_IDLE, 0x08, 2, 0));
	show("keep policy");
	res("setattr idle keep params", setattr(0, 48, SCHED_IDLE, 0x10, 9, 0));
	show("keep params");
	res("setattr idle nice 5", setattr(0, 48, SCHED_IDLE, 0, 5, 0));
	show("idle");
	res("setattr fifo 10", setattr(0, 48, SCHED_FIFO, 0, 0, 10));
	show("fifo 10");
	res("setparam 20", syscall(SYS_sched_setparam, 0, &(struct sched_param){20}));
	showattr("fifo 20", 0);
	res("setscheduler other", syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, &(struct sched_param){0}));
	show("other again");
	res("setpriority 4", setpriority(PRIO_PROCESS, 0, 4));
	res("setscheduler batch", syscall(SYS_sched_setscheduler, 0, SCHED_BATCH, &(struct sched_param){0}));
	show("batch keeps nice");
	res("setscheduler other", syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, &(struct sched_param){0}));

	/* A nice value per thread. */
	res("setpriority 0", setpriority(PRIO_PROCESS, 0, 0));
	pthread_barrier_init(&bar, NULL, 2);
	pthread_create(&th, NULL, thread, NULL);
	pthread_barrier_wait(&bar);
	show("main while thread at 7");
	/* Not getpriority(PRIO_PGRP): under qemu-user the group holds its
	 * RCU thread too, whose nice value the guest never set. */
	printf("thread's nice %ld\n", prio(PRIO_PROCESS, tid2));
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%ld/stat", tid2);
	statfields("thread seen by main", path);
	/* The leader's task entry: qemu-user answers /proc/self/stat itself,
	 * with 0 in these fields. */
	snprintf(path, sizeof path, "/proc/self/task/%d/stat", getpid());
	statfields("leader", path);
	res("setpriority thread 9", setpriority(PRIO_PROCESS, tid2, 9));
	printf("thread's nice %ld\n", prio(PRIO_PROCESS, tid2));
	res("setpriority pgrp 6", setpriority(PRIO_PGRP, 0, 6));
	printf("after pgrp: main %ld thread %ld\n", prio(PRIO_PROCESS, 0), prio(PRIO_PROCESS, tid2));
	pthread_barrier_wait(&bar);
	pthread_join(th, NULL);
	res("setpriority 2", setpriority(PRIO_PROCESS, 0, 2));
	pthread_create(&th, NULL, thread3, NULL);
	pthread_join(th, NULL);

	/* Forked children: inherited, and reset by SCHED_RESET_ON_FORK. */
	if (fork() == 0) {
		show("child");
		exit(0);
	}
	wait(&status);
	res("setpriority -3", setpriority(PRIO_PROCESS, 0, -3));
	res("setattr other reset_on_fork", setattr(0, 48, SCHED_OTHER, 1, -3, 0));
	if (fork() == 0) {
		show("reset child");
		exit(0);
	}
	wait(&status);
	res("setattr rr 5 reset_on_fork", setattr(0, 48, SCHED_RR, 1, 0, 5));
	if (fork() == 0) {
		show("reset rr child");
		exit(0);
	}
	wait(&status);
	res("setattr other", setattr(0, 48, SCHED_OTHER, 0, 0, 0));
	show("parent");

	if (fork() == 0) {
		unprivileged();
		exit(0);
	}
	wait(&status);
	printf("child status %#x\n", status);
	return 0;
}
