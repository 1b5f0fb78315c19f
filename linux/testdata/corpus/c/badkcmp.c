/* kcmp between the calling process, one of its threads and a forked child
   (linux/kcmp.go): same or different files, address spaces, descriptor
   tables, file-system state, signal handlers, System V semaphore undo
   lists and epoll targets; bad descriptors, types, slots and ids; EPERM
   for a child that is not dumpable once the caller has no CAP_SYS_PTRACE
   (the program drops its effective capabilities first, so a run as root
   is a run without the privilege); a zombie and a reaped child. Which of
   1 and 2 two different objects give is Linux's secret (an obfuscated
   pointer order), so the program prints only "same" or "different" and
   checks that swapping the two gives the other order. The child waits on
   a pipe for each step: no timing.

   qemu-user 7.2 passes kcmp to its host, where it is not Linux's answer
   to the guest: a big-endian guest's struct kcmp_epoll_slot reaches the
   host unswapped (EBADF), and qemu's own threads (made with
   CLONE_SYSVSEM) give every process a semaphore undo list ("sysvsem
   neither" differs). So the reference, badkcmp.expected, is a native run
   on an x86-64 host (Linux 6.18; kernel/kcmp.c's checks are
   architecture-independent and as in 6.1). */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/kcmp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ipc.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "nocaps.h"

static long kc(long p1, long p2, long type, long i1, long i2) {
	errno = 0;
	return syscall(SYS_kcmp, p1, p2, type, i1, i2);
}

static void show(const char *what, long r) {
	printf("%s: %ld %s\n", what, r, r < 0 ? strerror(errno) : "");
}

/* cmp prints whether p1's and p2's objects are the same, and checks the
   order both ways. */
static void cmp(const char *what, long p1, long p2, long type, long i1, long i2) {
	long r = kc(p1, p2, type, i1, i2);
	if (r < 0) {
		show(what, r);
		return;
	}
	long s = kc(p2, p1, type, i2, i1);
	printf("%s: %s%s\n", what, r == 0 ? "same" : "different",
	       (r == 0 ? s == 0 : r + s == 3) ? "" : " (order not antisymmetric)");
}

static pid_t self;
static pid_t tid;
static int tgo[2], tback[2];

static void *thread(void *arg) {
	char c;
	tid = syscall(SYS_gettid);
	write(tback[1], "t", 1);
	read(tgo[0], &c, 1);
	return arg;
}

int main(void) {
	self = getpid();
	if (drop_caps() != 0)
		return 1;
	int p[2], dup1 = dup(1);
	if (pipe(p))
		return 1;
	cmp("file 1 and its dup", self, self, KCMP_FILE, 1, dup1);
	cmp("file pipe ends", self, self, KCMP_FILE, p[0], p[1]);
	show("file not open", kc(self, self, KCMP_FILE, 1, 999));
	show("file index above 32 bits", kc(self, self, KCMP_FILE, (1L << 32) | 1, dup1));
	show("type 8", kc(self, self, 8, 0, 0));
	show("type -1", kc(self, self, -1, 0, 0));
	show("no such pid 1", kc(0x3ffffff0, self, KCMP_VM, 0, 0));
	show("no such pid 2", kc(self, 0x3ffffff0, 99, 0, 0));
	cmp("vm self", self, self, KCMP_VM, 0, 0);
	cmp("io self", self, self, KCMP_IO, 0, 0);

	int ep = epoll_create1(0);
	struct epoll_event ev = {.events = EPOLLIN};
	epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev);
	struct kcmp_epoll_slot slot = {ep, p[0], 0};
	show("epoll target", kc(self, self, KCMP_EPOLL_TFD, p[0], (long)&slot));
	show("epoll target other file", kc(self, self, KCMP_EPOLL_TFD, p[1], (long)&slot) > 0);
	show("epoll bad slot", kc(self, self, KCMP_EPOLL_TFD, p[0], 8));
	show("epoll bad fd", kc(self, self, KCMP_EPOLL_TFD, 999, (long)&slot));
	struct kcmp_epoll_slot notep = {p[1], p[0], 0}, badep = {999, p[0], 0};
	struct kcmp_epoll_slot unreg = {ep, p[1], 0}, closed = {ep, 998, 0}, off = {ep, p[0], 1};
	show("epoll not an epoll", kc(self, self, KCMP_EPOLL_TFD, p[0], (long)&notep));
	show("epoll efd not open", kc(self, self, KCMP_EPOLL_TFD, p[0], (long)&badep));
	show("epoll target not registered", kc(self, self, KCMP_EPOLL_TFD, p[0], (long)&unreg));
	show("epoll target not open", kc(self, self, KCMP_EPOLL_TFD, p[0], (long)&closed));
	show("epoll target offset 1", kc(self, self, KCMP_EPOLL_TFD, p[0], (long)&off));

	pthread_t th;
	if (pipe(tgo) || pipe(tback) || pthread_create(&th, 0, thread, 0))
		return 1;
	char c;
	read(tback[0], &c, 1);
	cmp("thread vm", self, tid, KCMP_VM, 0, 0);
	cmp("thread files", self, tid, KCMP_FILES, 0, 0);
	cmp("thread fs", self, tid, KCMP_FS, 0, 0);
	cmp("thread sighand", self, tid, KCMP_SIGHAND, 0, 0);
	cmp("thread sysvsem", self, tid, KCMP_SYSVSEM, 0, 0);
	cmp("thread file", self, tid, KCMP_FILE, 1, dup1);
	write(tgo[1], "x", 1);
	pthread_join(th, 0);

	int go[2], back[2];
	if (pipe(go) || pipe(back))
		return 1;
	fflush(stdout);
	pid_t child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		read(go[0], &c, 1);
		_exit(0);
	}
	cmp("child vm", self, child, KCMP_VM, 0, 0);
	cmp("child files", self, child, KCMP_FILES, 0, 0);
	cmp("child fs", self, child, KCMP_FS, 0, 0);
	cmp("child sighand", self, child, KCMP_SIGHAND, 0, 0);
	cmp("child sysvsem (the thread made the parent's)", self, child, KCMP_SYSVSEM, 0, 0);
	cmp("child io", self, child, KCMP_IO, 0, 0);
	cmp("child file inherited", self, child, KCMP_FILE, p[0], p[0]);
	cmp("child file other", self, child, KCMP_FILE, p[0], p[1]);
	cmp("child vm itself", child, child, KCMP_VM, 0, 0);
	write(go[1], "e", 1);
	siginfo_t si;
	waitid(P_PID, child, &si, WEXITED | WNOWAIT);
	cmp("zombie vm", self, child, KCMP_VM, 0, 0);
	cmp("zombie files", self, child, KCMP_FILES, 0, 0);
	cmp("zombie vm itself", child, child, KCMP_VM, 0, 0);
	show("zombie file", kc(self, child, KCMP_FILE, 0, 0));
	waitpid(child, 0, 0);
	show("reaped", kc(self, child, KCMP_VM, 0, 0));

	/* A child that is not dumpable. */
	fflush(stdout);
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		prctl(PR_SET_DUMPABLE, 0);
		write(back[1], "d", 1);
		read(go[0], &c, 1);
		_exit(0);
	}
	read(back[0], &c, 1);
	show("not dumpable", kc(self, child, KCMP_VM, 0, 0));
	show("not dumpable, bad type", kc(child, self, 99, 0, 0));
	write(go[1], "e", 1);
	waitpid(child, 0, 0);

	/* A process without a thread: no undo list until SEM_UNDO. */
	fflush(stdout);
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		pid_t me = getpid();
		fflush(stdout);
		pid_t grandchild = fork();
		if (grandchild == 0) {
			read(go[0], &c, 1);
			_exit(0);
		}
		cmp("sysvsem neither", me, grandchild, KCMP_SYSVSEM, 0, 0);
		int sem = semget(IPC_PRIVATE, 1, 0600);
		struct sembuf op = {0, 1, SEM_UNDO};
		if (sem >= 0 && semop(sem, &op, 1) == 0)
			cmp("sysvsem after SEM_UNDO", me, grandchild, KCMP_SYSVSEM, 0, 0);
		if (sem >= 0)
			semctl(sem, 0, IPC_RMID);
		write(go[1], "e", 1);
		waitpid(grandchild, 0, 0);
		fflush(stdout);
		_exit(0);
	}
	waitpid(child, 0, 0);
	return 0;
}
