/* System V semaphore undo lists as Linux keeps them (ipc/sem.c: a struct
   sem_undo_list per task, shared by clone with CLONE_SYSVSEM, let go of
   by exit_sem at the task's end and at unshare(CLONE_SYSVSEM), applied by
   whoever lets go of it last):
   - threads made with CLONE_SYSVSEM (pthread_create) share the list: one
     thread's end applies nothing while another holds it;
   - unshare(CLONE_SYSVSEM) in a process of two threads leaves the shared
     list (applied only when the other thread ends) and starts a new one;
   - a thread made without CLONE_SYSVSEM has its own list, applied when
     that thread ends;
   - fork with CLONE_SYSVSEM shares the list across processes: applied
     when the last of them ends, whichever it is;
   - execve keeps the list; the threads execve ends let go of theirs;
   - exit_sem clamps each value to 0..SEMVMX, credits the semaphore to the
     process that applied it, skips a removed set;
   - a SEM_UNDO semop makes the list even when it fails (EINVAL), as
     find_alloc_undo does (kcmp KCMP_SYSVSEM tells).
   Every wait is a handshake (a pipe, waitpid, a semaphore); a semtimedop
   wait has a long timeout only so that a wrong answer cannot hang.

   qemu-user 7.2 refuses a thread without CLONE_SYSVSEM and a fork with it
   (do_fork's flag checks: EINVAL) and cannot execve a guest program
   without binfmt_misc, so semundo2.expected is a native run on an x86-64
   host (Linux 6.18; ipc/sem.c's undo lists are architecture-independent
   and as in 6.1). The program re-executes itself only with "exec" as its
   first argument, once. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/kcmp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int val(int id, int n) { return semctl(id, n, GETVAL); }

static const char *pidname(int id, int n) {
	int p = semctl(id, n, GETPID);
	return p == getpid() ? "this process" : p > 0 ? "another process" : "none";
}

static void res(const char *what, long r) {
	if (r < 0)
		printf("%s: -1 %s\n", what, strerror(errno));
	else
		printf("%s: %ld\n", what, r);
}

static int op(int id, int n, int delta, int flg) {
	struct sembuf b = {n, delta, flg};
	return semop(id, &b, 1);
}

/* opval does op, then prints its result and the semaphore's value. */
static void opval(const char *what, int id, int n, int delta, int flg) {
	int r = op(id, n, delta, flg);
	printf("%s: %d, value %d\n", what, r, val(id, n));
}

/* waitop is semop with a long timeout (a wrong answer must not hang). */
static int waitop(int id, int n, int delta) {
	struct sembuf b = {n, delta, 0};
	struct timespec ts = {30, 0};
	return semtimedop(id, &b, 1, &ts);
}

static long sysvsem(pid_t a, pid_t b) { return syscall(SYS_kcmp, a, b, KCMP_SYSVSEM, 0, 0); }

static const char *same(long r) { return r == 0 ? "same" : r > 0 ? "different" : "error"; }

static int newset(int n) { return semget(IPC_PRIVATE, n, IPC_CREAT | 0600); }

/* Case 1: threads sharing the list; unshare in one of them. Semaphore 0
   has the shared list's adjustments, semaphore 1 main's after it left. */
static int set1;
static int go1[2], ready1[2];
static pid_t tid1;

static void *thread1(void *arg) {
	(void)arg;
	tid1 = syscall(SYS_gettid);
	printf("thread: +2 SEM_UNDO: %d\n", op(set1, 0, 2, SEM_UNDO));
	char c = 0;
	if (write(ready1[1], &c, 1) != 1 || read(go1[0], &c, 1) != 1)
		return 0;
	return 0;
}

static void case1(void) {
	printf("-- threads share the list (CLONE_SYSVSEM)\n");
	set1 = newset(2);
	if (set1 < 0 || pipe(go1) || pipe(ready1)) {
		perror("setup");
		exit(1);
	}
	opval("main: +1 SEM_UNDO", set1, 0, 1, SEM_UNDO);
	pthread_t th;
	pthread_create(&th, 0, thread1, 0);
	char c;
	if (read(ready1[0], &c, 1) != 1)
		exit(1);
	printf("value with both: %d\n", val(set1, 0));
	printf("kcmp main, thread: %s\n", same(sysvsem(getpid(), tid1)));
	res("main: unshare(CLONE_SYSVSEM) with two threads", unshare(CLONE_SYSVSEM));
	printf("value (the thread still holds the list): %d\n", val(set1, 0));
	printf("kcmp main, thread after unshare: %s\n", same(sysvsem(getpid(), tid1)));
	opval("main: +4 SEM_UNDO on another semaphore", set1, 1, 4, SEM_UNDO);
	printf("kcmp main, thread with a new list: %s\n", same(sysvsem(getpid(), tid1)));
	if (write(go1[1], &c, 1) != 1)
		exit(1);
	pthread_join(th, 0);
	/* do_exit wakes pthread_join (exit_mm's clear_child_tid) before it
	   runs exit_sem: wait for the value the shared list's end gives. */
	printf("wait for 0 (the shared list applied): %d\n", waitop(set1, 0, 0));
	printf("value after the thread ended: %d, credited to %s\n", val(set1, 0), pidname(set1, 0));
	printf("main's semaphore: %d\n", val(set1, 1));
	res("main: unshare(CLONE_SYSVSEM) alone", unshare(CLONE_SYSVSEM));
	printf("main's semaphore (its new list applied): %d\n", val(set1, 1));
	res("main: unshare(CLONE_SYSVSEM) without a list", unshare(CLONE_SYSVSEM));
	semctl(set1, 0, IPC_RMID);
}

/* Case 2: a thread made without CLONE_SYSVSEM. Semaphore 0 has its
   adjustment, 1 says it made it, 2 has main's. */
static int set2;

static int thread2(void *arg) {
	(void)arg;
	/* The raw call leaves errno (main's: the thread shares its TLS) alone. */
	struct sembuf b[2] = {{0, 5, SEM_UNDO}, {1, 1, 0}};
	syscall(SYS_semtimedop, set2, b, 2, 0);
	return 0;
}

static void case2(void) {
	printf("-- a thread without CLONE_SYSVSEM\n");
	set2 = newset(3);
	opval("main: +1 SEM_UNDO", set2, 2, 1, SEM_UNDO);
	size_t sz = 1 << 16;
	char *stack = malloc(sz);
	pid_t ptid = 0;
	int r = clone(thread2, stack + sz, CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_PARENT_SETTID, 0, &ptid);
	printf("clone thread without CLONE_SYSVSEM: %s\n", r > 0 ? "ok" : strerror(errno));
	if (r <= 0)
		return;
	printf("thread ran: %d\n", waitop(set2, 1, -1));
	/* Its own list is applied when it ends; main's is untouched. */
	printf("wait for 0 (the thread's list applied): %d\n", waitop(set2, 0, 0));
	printf("value: %d, credited to %s\n", val(set2, 0), pidname(set2, 0));
	printf("main's semaphore: %d\n", val(set2, 2));
	res("main: unshare(CLONE_SYSVSEM)", unshare(CLONE_SYSVSEM));
	printf("main's semaphore (its list applied): %d\n", val(set2, 2));
	semctl(set2, 0, IPC_RMID);
}

/* Case 3: processes sharing the list (clone(CLONE_SYSVSEM|SIGCHLD)). */
static pid_t forksem(void) { return syscall(SYS_clone, CLONE_SYSVSEM | SIGCHLD, 0, 0, 0, 0); }

static void case3(void) {
	printf("-- fork with CLONE_SYSVSEM\n");
	int s = newset(1);
	printf("parent: +1 SEM_UNDO: %d\n", op(s, 0, 1, SEM_UNDO));
	fflush(stdout);
	pid_t c = forksem();
	if (c == 0) {
		op(s, 0, 3, SEM_UNDO);
		_exit(0);
	}
	printf("clone(CLONE_SYSVSEM|SIGCHLD): %s\n", c > 0 ? "ok" : strerror(errno));
	if (c < 0)
		return;
	int st;
	waitpid(c, &st, 0);
	printf("value after the child ended (the parent holds the list): %d\n", val(s, 0));
	res("parent: unshare(CLONE_SYSVSEM)", unshare(CLONE_SYSVSEM));
	printf("value (both adjustments applied): %d, credited to %s\n", val(s, 0), pidname(s, 0));

	/* The first holder ends first: a child with a list shares it with a
	   grandchild that outlives it. */
	int go[2];
	if (pipe(go))
		exit(1);
	fflush(stdout);
	pid_t a = fork();
	if (a == 0) {
		op(s, 0, 2, SEM_UNDO);
		pid_t b = forksem();
		if (b == 0) {
			char ch;
			close(go[1]);
			op(s, 0, 5, SEM_UNDO);
			if (read(go[0], &ch, 1) < 0)
				_exit(1);
			_exit(0);
		}
		/* Exit once the grandchild made its +5 (the value is 7). */
		struct sembuf w = {0, -7, 0};
		struct timespec ts = {30, 0};
		semtimedop(s, &w, 1, &ts);
		w.sem_op = 7;
		semop(s, &w, 1);
		_exit(0);
	}
	close(go[0]);
	waitpid(a, &st, 0);
	printf("value after the child ended (the grandchild holds the list): %d\n", val(s, 0));
	close(go[1]);
	printf("wait for 0 after the grandchild ends: %d\n", waitop(s, 0, 0));
	printf("value: %d\n", val(s, 0));
	semctl(s, 0, IPC_RMID);
}

/* Case 4: execve keeps the list; a thread execve ends lets go of its own. */
static int set4;
static int ready4[2];

static void *thread4(void *arg) {
	(void)arg;
	unshare(CLONE_SYSVSEM);
	op(set4, 0, 1, SEM_UNDO);
	char c = 0;
	if (write(ready4[1], &c, 1) != 1)
		return 0;
	for (;;)
		pause();
}

static void case4(const char *self) {
	printf("-- execve\n");
	set4 = newset(1);
	if (pipe(ready4))
		exit(1);
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		op(set4, 0, 2, SEM_UNDO);
		pthread_t th;
		pthread_create(&th, 0, thread4, 0);
		char ch;
		if (read(ready4[0], &ch, 1) != 1)
			_exit(1);
		printf("child: value before execve: %d\n", val(set4, 0));
		fflush(stdout);
		char id[16];
		snprintf(id, sizeof id, "%d", set4);
		execl(self, self, "exec", id, (char *)0);
		perror("execl");
		_exit(1);
	}
	int st;
	waitpid(c, &st, 0);
	printf("value after the child ended: %d, credited to %s\n", val(set4, 0), pidname(set4, 0));
	semctl(set4, 0, IPC_RMID);
}

static void execed(int id) {
	/* The thread execve ended applied its own +1; the +2 is still held. */
	printf("after execve: value %d\n", val(id, 0));
	opval("after execve: -2 without undo", id, 0, -2, IPC_NOWAIT);
	/* Exiting now applies the kept list's -2: clamped at 0. */
}

/* Case 5: clamping, a removed set, a failed SEM_UNDO semop. */
static void case5(void) {
	printf("-- clamping and removed sets\n");
	int s = newset(2), r = newset(1);
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		op(s, 0, 5, SEM_UNDO); /* adjustment -5 */
		op(s, 1, 3, 0);
		op(s, 1, -3, SEM_UNDO); /* adjustment +3 */
		op(r, 0, 1, SEM_UNDO);
		semctl(r, 0, IPC_RMID);
		struct sembuf b[2] = {{0, -3, 0}, {1, 32767, 0}};
		semop(s, b, 2); /* 2 and 32767 */
		printf("child: values %d %d\n", val(s, 0), val(s, 1));
		_exit(0);
	}
	int st;
	waitpid(c, &st, 0);
	printf("values after the child ended: %d %d\n", val(s, 0), val(s, 1));
	semctl(s, 0, IPC_RMID);

	/* A process with no list gets one from a SEM_UNDO semop on a set
	   that does not exist (find_alloc_undo makes the list first). */
	fflush(stdout);
	c = fork();
	if (c == 0) {
		int p[2];
		if (pipe(p))
			_exit(1);
		pid_t g = fork();
		if (g == 0) {
			char ch;
			close(p[1]);
			if (read(p[0], &ch, 1) < 0)
				_exit(1);
			_exit(0);
		}
		printf("no lists: %s\n", same(sysvsem(getpid(), g)));
		struct sembuf b = {0, 1, SEM_UNDO};
		res("SEM_UNDO semop on a removed set", semop(r, &b, 1));
		printf("after it: %s\n", same(sysvsem(getpid(), g)));
		close(p[1]);
		waitpid(g, &st, 0);
		_exit(0);
	}
	waitpid(c, &st, 0);
}

int main(int argc, char **argv) {
	if (argc == 3 && strcmp(argv[1], "exec") == 0) {
		execed(atoi(argv[2]));
		return 0;
	}
	setvbuf(stdout, 0, _IOLBF, 0);
	case1();
	case2();
	case3();
	case4("/proc/self/exe");
	case5();
	return 0;
}
