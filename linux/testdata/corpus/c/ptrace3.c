/* ptrace(2)'s PTRACE_LISTEN, PTRACE_PEEKSIGINFO and every thread's exit
 * event.
 *
 * PEEKSIGINFO: a PTRACE_SEIZE'd child blocks some signals, the tracer
 * sends them (sigqueue, kill, tgkill) and reads the queues at an INTERRUPT
 * stop: the process's queue in the order sent (a second SIGUSR2 is not
 * queued, real-time signals are, each with its value), the thread's own
 * one, a part of it (off, nr), and the EINVAL and EFAULT cases.
 *
 * LISTEN: at a PTRACE_EVENT_STOP (INTERRUPT's, a group-stop's) the tracee
 * stays stopped, its tracer's wait does not report it and other requests
 * are ESRCH; SIGCONT or INTERRUPT ends it with a new PTRACE_EVENT_STOP
 * (SIGTRAP once continued, the stop signal while the group is stopped);
 * LISTEN at a signal-delivery-stop is EIO, and with PTRACE_ATTACH too.
 *
 * Exit events: a seized process with PTRACE_O_TRACECLONE|TRACEEXIT starts
 * two threads that block; its main thread then ends the process with
 * exit_group (or takes SIGTERM): each of the three threads stops with
 * PTRACE_EVENT_EXIT, its message the process's status, as each passes
 * through Linux's do_exit, then ends with that status.
 *
 * PTRACE_EVENT_SECCOMP: a child's seccomp filter answers getppid with
 * SECCOMP_RET_TRACE | 0x42; with PTRACE_O_TRACESECCOMP each call stops
 * with the event (GETEVENTMSG 0x42), then runs as the tracer leaves it:
 * unchanged, skipped (the number -1, the result the tracer's -EPERM),
 * another call (getpid); its untraced child's getppid fails with ENOSYS.
 *
 * The tracer waits for one thread at a time, so the order in which the
 * stops come does not matter (Linux gives none). Handshakes through
 * pipes, no timing.
 *
 * qemu-user 7.2 has no ptrace (ENOSYS), so ptrace3.expected is this
 * program built for the x86-64 host and run natively (Linux 6.18, no
 * Yama): nothing printed depends on the architecture or on the ids.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ptracehelp.h"

#ifndef PTRACE_LISTEN
#define PTRACE_LISTEN 0x4208
#endif
#ifndef PTRACE_PEEKSIGINFO
#define PTRACE_PEEKSIGINFO 0x4209
#endif

/* struct ptrace_peeksiginfo_args (uapi linux/ptrace.h). */
struct peek_args {
	uint64_t off;
	uint32_t flags;
	int32_t nr;
};

static int up[2], dn[2], hold[2];

/* wait_for waits for pid's next stop or end (__WALL) and prints it. */
static void wait_for(const char *what, pid_t pid) {
	int st = 0;
	pid_t w = waitpid(pid, &st, __WALL);
	status(what, w, st);
}

static void signame(char *b, size_t n, int sig) {
	if (sig >= SIGRTMIN)
		snprintf(b, n, "RTMIN+%d", sig - SIGRTMIN);
	else
		snprintf(b, n, "%s", sigabbrev_np(sig));
}

/* peek prints PTRACE_PEEKSIGINFO's answer for off, nr and flags. */
static void peek(const char *what, pid_t pid, uint64_t off, int nr, uint32_t flags) {
	siginfo_t si[8];
	memset(si, 0, sizeof si);
	struct peek_args a = {off, flags, nr};
	long n = ptrace(PTRACE_PEEKSIGINFO, pid, &a, si);
	say(what, n);
	for (long i = 0; i < n && i < 8; i++) {
		char name[32];
		signame(name, sizeof name, si[i].si_signo);
		printf("  %s code %d", name, si[i].si_code);
		if (si[i].si_code == SI_QUEUE)
			printf(" value %d", si[i].si_value.sival_int);
		printf(" from the tracer %d\n", si[i].si_pid == getpid());
	}
	fflush(stdout);
}

/* listener is the seized child of the PEEKSIGINFO and LISTEN parts: it
 * blocks some signals and waits till it is told to end. */
static void listener(void) {
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	sigaddset(&s, SIGUSR2);
	sigaddset(&s, SIGRTMIN);
	sigaddset(&s, SIGRTMIN + 2);
	sigprocmask(SIG_BLOCK, &s, NULL);
	char x = 'r';
	put(up[1], &x, 1);
	get(dn[0], &x, 1);
	_exit(5);
}

static void nohang(const char *what, pid_t pid) {
	int st = 0;
	pid_t w = waitpid(pid, &st, __WALL | WNOHANG);
	if (w == 0)
		printf("%s: nothing to report\n", what);
	else
		status(what, w, st);
	fflush(stdout);
}

static void listen_and_peek(void) {
	pid_t pid = fork();
	if (pid == 0)
		listener();
	char x;
	get(up[0], &x, 1);
	say("SEIZE", ptrace(PTRACE_SEIZE, pid, 0, 0));
	union sigval v;
	v.sival_int = 1;
	sigqueue(pid, SIGRTMIN + 2, v);
	kill(pid, SIGUSR2);
	v.sival_int = 2;
	sigqueue(pid, SIGRTMIN, v);
	v.sival_int = 3;
	sigqueue(pid, SIGRTMIN + 2, v);
	kill(pid, SIGUSR1);
	kill(pid, SIGUSR2);
	syscall(SYS_tgkill, pid, pid, SIGUSR1);
	say("INTERRUPT", ptrace(PTRACE_INTERRUPT, pid, 0, 0));
	wait_for("listener", pid);

	peek("PEEKSIGINFO shared", pid, 0, 8, PTRACE_PEEKSIGINFO_SHARED);
	peek("PEEKSIGINFO own", pid, 0, 8, 0);
	peek("PEEKSIGINFO shared off 2 nr 2", pid, 2, 2, PTRACE_PEEKSIGINFO_SHARED);
	peek("PEEKSIGINFO shared off 4 nr 8", pid, 4, 8, PTRACE_PEEKSIGINFO_SHARED);
	peek("PEEKSIGINFO shared off 5", pid, 5, 8, PTRACE_PEEKSIGINFO_SHARED);
	peek("PEEKSIGINFO nr 0", pid, 0, 0, PTRACE_PEEKSIGINFO_SHARED);
	peek("PEEKSIGINFO nr -1", pid, 0, -1, PTRACE_PEEKSIGINFO_SHARED);
	peek("PEEKSIGINFO flags 2", pid, 0, 1, 2);
	say("PEEKSIGINFO args NULL", ptrace(PTRACE_PEEKSIGINFO, pid, NULL, NULL));
	struct peek_args a = {0, PTRACE_PEEKSIGINFO_SHARED, 1};
	say("PEEKSIGINFO data NULL", ptrace(PTRACE_PEEKSIGINFO, pid, &a, NULL));
	a.off = 9;
	say("PEEKSIGINFO data NULL past the end", ptrace(PTRACE_PEEKSIGINFO, pid, &a, NULL));

	/* LISTEN at INTERRUPT's stop, ended by INTERRUPT. */
	say("LISTEN", ptrace(PTRACE_LISTEN, pid, 0, 0));
	nohang("listening", pid);
	siginfo_t si;
	say("GETSIGINFO listening", ptrace(PTRACE_GETSIGINFO, pid, 0, &si));
	say("LISTEN listening", ptrace(PTRACE_LISTEN, pid, 0, 0));
	say("INTERRUPT listening", ptrace(PTRACE_INTERRUPT, pid, 0, 0));
	wait_for("listener", pid);

	/* A group-stop, LISTEN, SIGCONT. */
	kill(pid, SIGSTOP);
	say("CONT", ptrace(PTRACE_CONT, pid, 0, 0));
	wait_for("listener", pid);
	say("LISTEN at a signal-delivery-stop", ptrace(PTRACE_LISTEN, pid, 0, 0));
	say("CONT SIGSTOP", ptrace(PTRACE_CONT, pid, 0, SIGSTOP));
	wait_for("listener", pid);
	say("LISTEN", ptrace(PTRACE_LISTEN, pid, 0, 0));
	nohang("listening", pid);
	kill(pid, SIGCONT);
	wait_for("listener after SIGCONT", pid);
	memset(&si, 0, sizeof si);
	say("GETSIGINFO", ptrace(PTRACE_GETSIGINFO, pid, 0, &si));
	printf("siginfo SIGTRAP %d, code PTRACE_EVENT_STOP's %d\n", si.si_signo == SIGTRAP,
	       si.si_code == (SIGTRAP | PTRACE_EVENT_STOP << 8));
	say("CONT", ptrace(PTRACE_CONT, pid, 0, 0));
	wait_for("listener", pid);
	say("CONT", ptrace(PTRACE_CONT, pid, 0, 0));

	/* A group-stop, LISTEN, INTERRUPT: the group stays stopped. */
	kill(pid, SIGSTOP);
	wait_for("listener", pid);
	say("CONT SIGSTOP", ptrace(PTRACE_CONT, pid, 0, SIGSTOP));
	wait_for("listener", pid);
	say("LISTEN", ptrace(PTRACE_LISTEN, pid, 0, 0));
	say("INTERRUPT listening", ptrace(PTRACE_INTERRUPT, pid, 0, 0));
	wait_for("listener", pid);
	say("CONT", ptrace(PTRACE_CONT, pid, 0, 0));
	x = 'e';
	put(dn[1], &x, 1);
	wait_for("listener", pid);

	/* LISTEN needs PTRACE_SEIZE. */
	pid = fork();
	if (pid == 0)
		listener();
	get(up[0], &x, 1);
	say("ATTACH", ptrace(PTRACE_ATTACH, pid, 0, 0));
	wait_for("attached", pid);
	say("LISTEN after ATTACH", ptrace(PTRACE_LISTEN, pid, 0, 0));
	say("KILL", ptrace(PTRACE_KILL, pid, 0, 0));
	wait_for("attached", pid);
}

static void *sleeper(void *arg) {
	(void)arg;
	char x;
	get(hold[0], &x, 1); /* never written: the process's end ends it */
	return NULL;
}

/* group_exit: the process's main thread ends it with exit_group(3)
 * (how 0) or takes SIGTERM (how 1) while its two threads block. */
static void group_exit(int how) {
	static const char *names[] = {"exit_group", "SIGTERM"};
	printf("-- %s\n", names[how]);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		char x;
		get(dn[0], &x, 1);
		pthread_t th;
		pthread_create(&th, NULL, sleeper, NULL);
		pthread_create(&th, NULL, sleeper, NULL);
		if (how == 1)
			raise(SIGTERM);
		_exit(3);
	}
	say("SEIZE", ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_TRACECLONE | PTRACE_O_TRACEEXIT));
	char x = 'g';
	put(dn[1], &x, 1);
	pid_t tid[3];
	for (int i = 0; i < 2; i++) {
		wait_for("main", pid);
		unsigned long msg = 0;
		ptrace(PTRACE_GETEVENTMSG, pid, 0, &msg);
		tid[i] = msg;
		wait_for("new thread", tid[i]);
		say("CONT thread", ptrace(PTRACE_CONT, tid[i], 0, 0));
		say("CONT main", ptrace(PTRACE_CONT, pid, 0, 0));
	}
	tid[2] = pid;
	int code = 3 << 8;
	if (how == 1) {
		wait_for("main", pid);
		say("CONT main SIGTERM", ptrace(PTRACE_CONT, pid, 0, SIGTERM));
		code = SIGTERM;
	}
	static const char *who[] = {"thread 1", "thread 2", "main"};
	for (int i = 0; i < 3; i++) {
		wait_for(who[i], tid[i]);
		unsigned long msg = 0;
		say("GETEVENTMSG", ptrace(PTRACE_GETEVENTMSG, tid[i], 0, &msg));
		printf("%s: exit event message is the process's status %d\n", who[i], msg == (unsigned long)code);
		fflush(stdout);
	}
	for (int i = 0; i < 3; i++)
		say("CONT", ptrace(PTRACE_CONT, tid[i], 0, 0));
	for (int i = 0; i < 3; i++)
		wait_for(who[i], tid[i]);
}

/* seccomp_child installs the filter, makes its three getppid calls and
 * its child's one (sent back through p), and sends the results up. */
static void seccomp_child(int p[2]) {
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getppid, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE | 0x42),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {sizeof f / sizeof f[0], f};
	sigset_t chld;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL); /* its child's end makes no signal-delivery-stop */
	char x;
	get(dn[0], &x, 1);
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog))
		_exit(94);
	long res[7];
	res[0] = syscall(SYS_getppid);
	res[1] = syscall(SYS_getppid);
	res[2] = errno;
	res[3] = syscall(SYS_getppid);
	res[4] = getpid();
	pid_t g = fork();
	if (g == 0) {
		long r[2] = {syscall(SYS_getppid), errno};
		put(p[1], r, sizeof r);
		_exit(0);
	}
	get(p[0], res + 5, 2 * sizeof(long));
	waitpid(g, NULL, 0);
	put(up[1], res, sizeof res);
	_exit(0);
}

/* seccomp_stop waits for the child's PTRACE_EVENT_SECCOMP stop and
 * prints its message. */
static void seccomp_stop(const char *what, pid_t pid) {
	wait_for(what, pid);
	unsigned long msg = 0;
	say("GETEVENTMSG", ptrace(PTRACE_GETEVENTMSG, pid, 0, &msg));
	printf("%s: the filter's data %d\n", what, msg == 0x42);
	fflush(stdout);
}

static void seccomp_trace(void) {
	printf("-- seccomp\n");
	fflush(stdout);
	int p[2];
	if (pipe(p))
		return;
	pid_t pid = fork();
	if (pid == 0)
		seccomp_child(p);
	say("SEIZE", ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_TRACESECCOMP));
	char x = 's';
	put(dn[1], &x, 1);
	seccomp_stop("getppid", pid);
	say("CONT", ptrace(PTRACE_CONT, pid, 0, 0));

	seccomp_stop("getppid skipped", pid);
	regs_t r;
	struct iovec iov = {&r, sizeof r};
	say("GETREGSET", ptrace(PTRACE_GETREGSET, pid, (void *)NT_PRSTATUS, &iov));
	REG_NR(r) = -1;
	REG_RET(r) = -EPERM;
	say("SETREGSET", ptrace(PTRACE_SETREGSET, pid, (void *)NT_PRSTATUS, &iov));
	say("CONT", ptrace(PTRACE_CONT, pid, 0, 0));

	seccomp_stop("getppid made getpid", pid);
	say("GETREGSET", ptrace(PTRACE_GETREGSET, pid, (void *)NT_PRSTATUS, &iov));
	REG_NR(r) = SYS_getpid;
	say("SETREGSET", ptrace(PTRACE_SETREGSET, pid, (void *)NT_PRSTATUS, &iov));
	say("CONT", ptrace(PTRACE_CONT, pid, 0, 0));

	long res[7];
	get(up[0], res, sizeof res);
	printf("getppid: the tracer's pid %d\n", res[0] == getpid());
	printf("skipped: -1 %d, EPERM %d\n", res[1] == -1, res[2] == EPERM);
	printf("made getpid: its pid %d\n", res[3] == res[4]);
	printf("untraced child's getppid: -1 %d, ENOSYS %d\n", res[5] == -1, res[6] == ENOSYS);
	wait_for("seccomp child", pid);
	close(p[0]);
	close(p[1]);
}

int main(void) {
	if (pipe(up) || pipe(dn) || pipe(hold))
		return 1;
	listen_and_peek();
	group_exit(0);
	group_exit(1);
	seccomp_trace();
	return 0;
}
