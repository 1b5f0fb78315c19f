/* unshare(2) (kernel/fork.c, ksys_unshare): no flags is 0; an unknown
 * flag (or a bit of the upper half) EINVAL; CLONE_THREAD, CLONE_SIGHAND
 * and CLONE_VM are 0 with nothing to unshare and EINVAL when another
 * thread exists (thread_group_empty), when the signal handlers are shared
 * with another process (clone CLONE_SIGHAND|CLONE_VM) or when the memory
 * is (a vfork child's, a CLONE_VM child's); CLONE_FILES gives a process
 * that shared its table with a clone(CLONE_FILES) child, or a thread with
 * its process, a copy of its own; CLONE_SYSVSEM applies the SEM_UNDO
 * adjustments (exit_sem); CLONE_NEWUSER in a multi-threaded process is
 * EINVAL (it implies CLONE_THREAD); namespace flags without CAP_SYS_ADMIN
 * are EPERM. Ordered by wait, pthread_join and a pipe only.
 *
 * Not here: namespaces with CAP_SYS_ADMIN, and CLONE_NEWUSER in a
 * single-threaded process (the runner has no namespaces to give and
 * answers EINVAL, as a kernel built without them; Linux makes one);
 * CLONE_FS in a multi-threaded process (unsharefs.c), and CLONE_SYSVSEM
 * there (semundo2.c).
 *
 * unshare.expected is a native run of this program as root on x86-64
 * Linux (the calls are architecture-independent), not qemu-user's:
 * qemu-user 7.2 passes unshare to the host kernel, where its own threads
 * make CLONE_THREAD, CLONE_SIGHAND and CLONE_VM EINVAL for a
 * single-threaded guest. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
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
#include <unistd.h>

static const char *result(long r) {
	static char buf[64];
	if (r < 0)
		snprintf(buf, sizeof buf, "-1 %s", strerror(errno));
	else
		snprintf(buf, sizeof buf, "%ld", r);
	return buf;
}

static long unshare_(unsigned long flags) { return syscall(SYS_unshare, flags); }

static void try(const char *what, unsigned long flags) { printf("%s: %s\n", what, result(unshare_(flags))); }

static int isopen(int fd) { return fcntl(fd, F_GETFD) >= 0; }

static char stack[1 << 16] __attribute__((aligned(16)));
static volatile long child_r[2];
static volatile int child_e[2];

/* filesChild runs with its parent's table: it opens a descriptor the
 * parent sees (the lowest free number), unshares, and opens one the
 * parent does not (the next). */
static int filesChild(void *arg) {
	(void)arg;
	if (open("/dev/null", O_RDONLY) < 0 || unshare_(CLONE_FILES) < 0 || open("/dev/null", O_RDONLY) < 0)
		_exit(1);
	_exit(0);
}

/* sighandChild shares its parent's memory and signal handlers. */
static int sighandChild(void *arg) {
	(void)arg;
	child_r[0] = unshare_(CLONE_SIGHAND);
	child_e[0] = errno;
	child_r[1] = unshare_(CLONE_VM);
	child_e[1] = errno;
	_exit(0);
}

static int pipefd[2], gofd[2];
static volatile int newfd = -1;

static void *thread(void *arg) {
	(void)arg;
	char c;
	if (read(gofd[0], &c, 1) != 1)
		return (void *)1;
	/* The main thread unshared CLONE_FILES and opened newfd since. */
	printf("thread: main thread's new descriptor %s, shared pipe %s\n", isopen(newfd) ? "open" : "closed",
	       isopen(pipefd[1]) ? "open" : "closed");
	return 0;
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	try("no flags", 0);
	try("CLONE_PTRACE", CLONE_PTRACE);
	try("upper half", 1UL << 32);
	try("CLONE_NEWUSER|CLONE_PTRACE", CLONE_NEWUSER | CLONE_PTRACE);
	try("CLONE_THREAD, one thread", CLONE_THREAD);
	try("CLONE_SIGHAND, one thread", CLONE_SIGHAND);
	try("CLONE_VM, one thread", CLONE_VM);
	try("CLONE_FS, one thread", CLONE_FS);
	try("CLONE_FILES, not shared", CLONE_FILES);
	try("CLONE_SYSVSEM, no adjustments", CLONE_SYSVSEM);

	/* SEM_UNDO adjustments are applied. */
	int sem = semget(IPC_PRIVATE, 1, 0600);
	struct sembuf up = {0, 2, SEM_UNDO};
	semop(sem, &up, 1);
	printf("semaphore after +2 with SEM_UNDO: %d\n", semctl(sem, 0, GETVAL));
	try("CLONE_SYSVSEM", CLONE_SYSVSEM);
	printf("semaphore after unshare: %d\n", semctl(sem, 0, GETVAL));
	semop(sem, &up, 1);
	try("CLONE_SYSVSEM again", CLONE_SYSVSEM);
	printf("semaphore after a second unshare: %d\n", semctl(sem, 0, GETVAL));
	semctl(sem, 0, IPC_RMID);

	/* A vfork child shares the parent's memory. */
	pid_t c = vfork();
	if (c == 0)
		_exit(unshare_(CLONE_VM) < 0 ? errno : 0);
	int st;
	waitpid(c, &st, 0);
	printf("vfork child CLONE_VM: %s\n", WEXITSTATUS(st) ? strerror(WEXITSTATUS(st)) : "0");

	/* A clone(CLONE_FILES) child's unshare. */
	int low = dup(0);
	close(low);
	c = clone(filesChild, stack + sizeof stack, CLONE_FILES | SIGCHLD, NULL);
	waitpid(c, &st, 0);
	printf("CLONE_FILES child: status %d, its first descriptor %s here, its second %s here\n", WEXITSTATUS(st),
	       isopen(low) ? "open" : "closed", isopen(low + 1) ? "open" : "closed");
	close(low);

	/* A clone(CLONE_SIGHAND|CLONE_VM) child (a process, not a thread). */
	c = clone(sighandChild, stack + sizeof stack, CLONE_VM | CLONE_SIGHAND | SIGCHLD, NULL);
	waitpid(c, &st, 0);
	errno = child_e[0];
	printf("CLONE_SIGHAND child CLONE_SIGHAND: %s\n", result(child_r[0]));
	errno = child_e[1];
	printf("CLONE_SIGHAND child CLONE_VM: %s\n", result(child_r[1]));

	/* Two threads. */
	pipe(pipefd);
	pipe(gofd);
	pthread_t th;
	pthread_create(&th, NULL, thread, NULL);
	try("CLONE_THREAD, two threads", CLONE_THREAD);
	try("CLONE_SIGHAND, two threads", CLONE_SIGHAND);
	try("CLONE_VM, two threads", CLONE_VM);
	try("CLONE_NEWUSER, two threads", CLONE_NEWUSER);
	try("CLONE_FILES, two threads", CLONE_FILES);
	newfd = open("/dev/null", O_RDONLY);
	printf("main: new descriptor %s\n", isopen(newfd) ? "open" : "closed");
	write(gofd[1], "g", 1);
	void *tr;
	pthread_join(th, &tr);
	printf("thread returned %ld\n", (long)tr);

	/* Namespaces without CAP_SYS_ADMIN, in a child. */
	c = fork();
	if (c == 0) {
		struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
		struct __user_cap_data_struct d[2];
		memset(d, 0, sizeof d);
		syscall(SYS_capget, &h, d);
		d[CAP_SYS_ADMIN / 32].effective &= ~(1u << (CAP_SYS_ADMIN % 32));
		printf("drop CAP_SYS_ADMIN: %s\n", result(syscall(SYS_capset, &h, d)));
		try("CLONE_NEWNS", CLONE_NEWNS);
		try("CLONE_NEWUTS", CLONE_NEWUTS);
		try("CLONE_NEWIPC", CLONE_NEWIPC);
		try("CLONE_NEWNET", CLONE_NEWNET);
		try("CLONE_NEWPID", CLONE_NEWPID);
		try("CLONE_NEWCGROUP", CLONE_NEWCGROUP);
		try("CLONE_NEWTIME", 0x80);
		try("CLONE_NEWUTS|CLONE_FILES", CLONE_NEWUTS | CLONE_FILES);
		_exit(0);
	}
	waitpid(c, &st, 0);
	printf("done, child status %d\n", WEXITSTATUS(st));
	return 0;
}
