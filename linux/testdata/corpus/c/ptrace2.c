/* ptrace(2)'s events: a PTRACE_TRACEME child with PTRACE_O_TRACEFORK,
 * TRACEVFORK, TRACECLONE, TRACEVFORKDONE, TRACEEXEC and TRACEEXIT forks,
 * vforks, starts a thread, clones with CLONE_UNTRACED and CLONE_PTRACE and
 * execs itself: each event's stop (SIGTRAP | PTRACE_EVENT_x << 8), its
 * siginfo (ptrace_do_notify's: SIGTRAP, the stop's code, the tracee as the
 * sender) and PTRACE_GETEVENTMSG (the new child's or thread's id, the
 * exit status at PTRACE_EVENT_EXIT, the former id at PTRACE_EVENT_EXEC);
 * the new children and the thread traced by the same tracer, each first
 * stopping with SIGSTOP (inheriting the options: their exit events), their
 * ends reported to the tracer, which is not their parent and reaps the
 * forked child's end before its parent can (the parent's wait WNOHANG
 * finds nothing till then); the child of a
 * PTRACE_SEIZE'd process first stopping with PTRACE_EVENT_STOP;
 * PTRACE_O_EXITKILL: a tracer's end kills its tracee; GETSIGMASK and
 * SETSIGMASK, GET_SYSCALL_INFO at a signal stop and at a call's enter and
 * exit stops (its size, kind, AUDIT_ARCH_*, number, argument, result),
 * PTRACE_SYSEMU (the call does not run: the result is the one the tracer
 * sets). The tracer waits for
 * one process at a time, so the order in which a new child's first stop
 * and its parent's event stop come does not matter (Linux gives no order).
 * Handshakes through pipes, no timing.
 *
 * qemu-user 7.2 has no ptrace (ENOSYS), so ptrace2.expected is this
 * program built for the x86-64 host and run natively (Linux 6.18, no
 * Yama): nothing printed depends on the architecture or on the ids.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <linux/audit.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ptracehelp.h"

#ifndef CLONE_UNTRACED
#define CLONE_UNTRACED 0x00800000
#endif

static int up[2], dn[2];

/* wait_for waits for pid's next stop or end (__WALL) and prints it. */
static void wait_for(const char *what, pid_t pid) {
	int st = 0;
	pid_t w = waitpid(pid, &st, __WALL);
	status(what, w, st);
}

/* event prints the event stop's message as what it should be and its
 * siginfo as ptrace_do_notify makes it; it returns the message. */
static unsigned long event(const char *what, pid_t pid, int ev) {
	unsigned long msg = 0;
	siginfo_t si;
	memset(&si, 0, sizeof si);
	if (ptrace(PTRACE_GETEVENTMSG, pid, 0, &msg) < 0)
		printf("%s: GETEVENTMSG -1 %s\n", what, strerror(errno));
	if (ptrace(PTRACE_GETSIGINFO, pid, 0, &si) < 0)
		printf("%s: GETSIGINFO -1 %s\n", what, strerror(errno));
	printf("%s: siginfo SIGTRAP %d, code is the stop's %d, sender the tracee %d\n", what,
	       si.si_signo == SIGTRAP, si.si_code == (SIGTRAP | ev << 8), si.si_pid == pid);
	fflush(stdout);
	return msg;
}

/* ended waits for pid's exit event (the message its exit code), lets it
 * end and waits for its end. */
static void ended(const char *what, pid_t pid, int code) {
	char s[64];
	snprintf(s, sizeof s, "%s's end", what);
	wait_for(s, pid);
	printf("exit event message is its status %d\n", event("exit event", pid, PTRACE_EVENT_EXIT) == (unsigned long)code << 8);
	snprintf(s, sizeof s, "CONT %s", what);
	say(s, ptrace(PTRACE_CONT, pid, 0, 0));
	wait_for(what, pid);
}

static void *thread_main(void *arg) {
	(void)arg;
	pid_t tid = syscall(SYS_gettid);
	put(up[1], &tid, sizeof tid);
	return NULL;
}

/* traced is the PTRACE_TRACEME child's part. */
static void traced(const char *self) {
	sigset_t chld;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL); /* its children's ends make no signal-delivery-stops */
	ptrace(PTRACE_TRACEME, 0, 0, 0);
	raise(SIGSTOP);
	pid_t b = fork();
	if (b == 0)
		_exit(4);
	put(up[1], &b, sizeof b);
	char x;
	get(dn[0], &x, 1);
	int r = waitpid(b, NULL, WNOHANG); /* ended, not yet reaped by the tracer */
	put(up[1], &r, sizeof r);
	get(dn[0], &x, 1);
	int st = 0;
	r = waitpid(b, &st, 0) == b;
	put(up[1], &r, sizeof r);
	put(up[1], &st, sizeof st);
	pid_t c = vfork();
	if (c == 0)
		_exit(7);
	put(up[1], &c, sizeof c);
	waitpid(c, NULL, 0);
	pthread_t th;
	pthread_create(&th, NULL, thread_main, NULL);
	pthread_join(th, NULL);
	pid_t d = syscall(SYS_clone, CLONE_UNTRACED | SIGCHLD, 0, 0, 0, 0);
	if (d == 0)
		_exit(8);
	waitpid(d, &st, 0);
	put(up[1], &d, sizeof d);
	put(up[1], &st, sizeof st);
	raise(SIGSTOP); /* the tracer changes the options */
	pid_t e = syscall(SYS_clone, CLONE_PTRACE | SIGCHLD, 0, 0, 0, 0);
	if (e == 0)
		_exit(9);
	put(up[1], &e, sizeof e);
	waitpid(e, NULL, 0);
	execl(self, self, "exec", (char *)NULL);
	_exit(93);
}

static void trace_events(const char *self) {
	if (pipe(up) || pipe(dn))
		exit(92);
	pid_t a = fork();
	if (a == 0)
		traced(self);
	wait_for("traced child", a);
	say("SETOPTIONS", ptrace(PTRACE_SETOPTIONS, a, 0,
	                         (void *)(PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE |
	                                  PTRACE_O_TRACEVFORKDONE | PTRACE_O_TRACEEXEC | PTRACE_O_TRACEEXIT)));
	say("CONT", ptrace(PTRACE_CONT, a, 0, 0));

	wait_for("fork", a);
	pid_t b = event("fork event", a, PTRACE_EVENT_FORK);
	wait_for("fork child", b);
	say("CONT fork child", ptrace(PTRACE_CONT, b, 0, 0));
	say("CONT", ptrace(PTRACE_CONT, a, 0, 0));
	pid_t got;
	get(up[0], &got, sizeof got);
	printf("fork event message is the child %d\n", got == b);
	/* The child's end is its tracer's to reap before its parent's. */
	wait_for("fork child's end", b);
	printf("exit event message is its status %d\n", event("exit event", b, PTRACE_EVENT_EXIT) == 4 << 8);
	say("CONT fork child", ptrace(PTRACE_CONT, b, 0, 0));
	siginfo_t si;
	memset(&si, 0, sizeof si);
	say("waitid WNOWAIT", waitid(P_PID, b, &si, WEXITED | WNOWAIT | __WALL));
	printf("fork child ended: exited %d with %d\n", si.si_code == CLD_EXITED, si.si_status);
	int r, st;
	put(dn[1], "x", 1);
	get(up[0], &r, sizeof r);
	printf("its parent's wait WNOHANG before the tracer's: %d\n", r);
	wait_for("fork child", b);
	put(dn[1], "x", 1);
	get(up[0], &r, sizeof r);
	get(up[0], &st, sizeof st);
	printf("its parent's wait after: the child %d, exited %d with %d\n", r, WIFEXITED(st), WEXITSTATUS(st));

	wait_for("vfork", a);
	pid_t c = event("vfork event", a, PTRACE_EVENT_VFORK);
	wait_for("vfork child", c);
	say("CONT vfork child", ptrace(PTRACE_CONT, c, 0, 0));
	ended("vfork child", c, 7);
	say("CONT", ptrace(PTRACE_CONT, a, 0, 0));
	wait_for("vfork done", a);
	printf("vfork done message is the child %d\n", event("vfork done event", a, PTRACE_EVENT_VFORK_DONE) == (unsigned long)c);
	say("CONT", ptrace(PTRACE_CONT, a, 0, 0));
	get(up[0], &got, sizeof got);
	printf("vfork event message is the child %d\n", got == c);

	wait_for("thread", a);
	pid_t t = event("clone event", a, PTRACE_EVENT_CLONE);
	wait_for("new thread", t);
	say("CONT thread", ptrace(PTRACE_CONT, t, 0, 0));
	say("CONT", ptrace(PTRACE_CONT, a, 0, 0));
	get(up[0], &got, sizeof got);
	printf("clone event message is the thread %d\n", got == t);
	ended("thread", t, 0);

	pid_t d;
	get(up[0], &d, sizeof d);
	get(up[0], &st, sizeof st);
	printf("CLONE_UNTRACED child exited %d with %d\n", WIFEXITED(st), WEXITSTATUS(st));
	say("wait CLONE_UNTRACED child", waitpid(d, &st, __WALL | WNOHANG));
	wait_for("options", a);
	say("SETOPTIONS", ptrace(PTRACE_SETOPTIONS, a, 0, (void *)(PTRACE_O_TRACEEXEC | PTRACE_O_TRACEEXIT)));
	say("CONT", ptrace(PTRACE_CONT, a, 0, 0));
	pid_t e;
	get(up[0], &e, sizeof e);
	wait_for("CLONE_PTRACE child", e);
	say("CONT CLONE_PTRACE child", ptrace(PTRACE_CONT, e, 0, 0));
	ended("CLONE_PTRACE child", e, 9);

	wait_for("exec", a);
	printf("exec event message is the former id %d\n", event("exec event", a, PTRACE_EVENT_EXEC) == (unsigned long)a);
	say("CONT", ptrace(PTRACE_CONT, a, 0, 0));
	ended("traced child", a, 3);
	close(up[0]);
	close(up[1]);
	close(dn[0]);
	close(dn[1]);
}

/* seized: the child of a PTRACE_SEIZE'd process starts seized, its first
 * stop PTRACE_EVENT_STOP. */
static void seized(void) {
	int down[2];
	if (pipe(down))
		exit(94);
	pid_t d = fork();
	if (d == 0) {
		sigset_t chld;
		sigemptyset(&chld);
		sigaddset(&chld, SIGCHLD);
		sigprocmask(SIG_BLOCK, &chld, NULL);
		char x;
		get(down[0], &x, 1);
		pid_t f = fork();
		if (f == 0)
			_exit(5);
		waitpid(f, NULL, 0);
		_exit(0);
	}
	say("SEIZE", ptrace(PTRACE_SEIZE, d, 0, (void *)PTRACE_O_TRACEFORK));
	put(down[1], "x", 1);
	wait_for("seized fork", d);
	pid_t f = event("fork event", d, PTRACE_EVENT_FORK);
	wait_for("seized fork child", f);
	event("first stop", f, PTRACE_EVENT_STOP);
	say("CONT seized fork child", ptrace(PTRACE_CONT, f, 0, 0));
	say("CONT", ptrace(PTRACE_CONT, d, 0, 0));
	wait_for("seized fork child", f);
	wait_for("seized child", d);
	close(down[0]);
	close(down[1]);
}

/* exitkill: a tracer's end kills the tracee it seized with
 * PTRACE_O_EXITKILL. */
static void exitkill(void) {
	int hold[2], ok[2];
	if (pipe(hold) || pipe(ok))
		exit(95);
	pid_t g = fork();
	if (g == 0) {
		char x;
		close(hold[1]);
		read(hold[0], &x, 1); /* never written: ends at the tracer's end */
		_exit(6);
	}
	pid_t m = fork();
	if (m == 0) {
		long r = ptrace(PTRACE_SEIZE, g, 0, (void *)PTRACE_O_EXITKILL);
		put(ok[1], &r, sizeof r);
		_exit(0);
	}
	long r;
	get(ok[0], &r, sizeof r);
	say("SEIZE by a sibling with EXITKILL", r);
	wait_for("tracer", m);
	wait_for("tracee", g);
	close(hold[0]);
	close(hold[1]);
	close(ok[0]);
	close(ok[1]);
}

/* syscall_info prints what PTRACE_GET_SYSCALL_INFO says of pid's stop
 * (op is the kind it should be) and returns it. */
static struct __ptrace_syscall_info syscall_info(const char *what, pid_t pid, int op, size_t size) {
	struct __ptrace_syscall_info si;
	memset(&si, 0, sizeof si);
	long n = ptrace(PTRACE_GET_SYSCALL_INFO, pid, (void *)size, &si);
#if defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	unsigned arch = AUDIT_ARCH_PPC64LE;
#elif defined(__powerpc64__)
	unsigned arch = AUDIT_ARCH_PPC64;
#else
	unsigned arch = AUDIT_ARCH_X86_64;
#endif
	printf("%s: size %ld, op %d, this architecture's %d, pointers %d\n", what, n, si.op == op,
	       si.arch == (size >= 8 ? arch : 0), si.instruction_pointer != 0 && si.stack_pointer != 0);
	fflush(stdout);
	return si;
}

/* sysstop resumes pid with req until the syscall-enter stop of call
 * nr, printing only that stop. */
static void sysstop(const char *what, pid_t pid, int req, long nr) {
	for (;;) {
		int st;
		if (ptrace(req, pid, 0, 0) < 0 || waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st)) {
			printf("%s: lost\n", what);
			_exit(96);
		}
		struct __ptrace_syscall_info si;
		memset(&si, 0, sizeof si);
		ptrace(PTRACE_GET_SYSCALL_INFO, pid, (void *)sizeof si, &si);
		if (si.op == PTRACE_SYSCALL_INFO_ENTRY && (long)si.entry.nr == nr) {
			status(what, pid, st);
			return;
		}
	}
}

/* requests: GETSIGMASK, SETSIGMASK, GET_SYSCALL_INFO at syscall stops
 * and at another, PTRACE_SYSEMU (the call does not run: its result is
 * the tracer's). */
static void requests(void) {
	if (pipe(up))
		exit(97);
	pid_t c = fork();
	if (c == 0) {
		sigset_t s;
		sigemptyset(&s);
		sigaddset(&s, SIGUSR1);
		sigprocmask(SIG_BLOCK, &s, NULL);
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		kill(getpid(), SIGSTOP); /* not raise: glibc's may restore its mask after the stop */
		sigprocmask(SIG_BLOCK, NULL, &s);
		int m[3] = {sigismember(&s, SIGUSR1), sigismember(&s, SIGUSR2), sigismember(&s, SIGSTOP)};
		put(up[1], m, sizeof m);
		long r = syscall(SYS_close, 12345);
		long e = errno;
		long p = syscall(SYS_getpid);
		long res[3] = {r, e, p};
		put(up[1], res, sizeof res);
		_exit(0);
	}
	wait_for("requests child", c);
	uint64_t mask = 0;
	say("GETSIGMASK bad size", ptrace(PTRACE_GETSIGMASK, c, (void *)4, &mask));
	say("GETSIGMASK", ptrace(PTRACE_GETSIGMASK, c, (void *)sizeof mask, &mask));
	printf("SIGUSR1 blocked %d, SIGUSR2 %d\n", (int)(mask >> (SIGUSR1 - 1) & 1), (int)(mask >> (SIGUSR2 - 1) & 1));
	mask = 1ULL << (SIGUSR2 - 1) | 1ULL << (SIGSTOP - 1);
	say("SETSIGMASK", ptrace(PTRACE_SETSIGMASK, c, (void *)sizeof mask, &mask));
	syscall_info("info at a signal stop", c, PTRACE_SYSCALL_INFO_NONE, sizeof(struct __ptrace_syscall_info));
	say("SETOPTIONS", ptrace(PTRACE_SETOPTIONS, c, 0, (void *)PTRACE_O_TRACESYSGOOD));
	sysstop("close enter", c, PTRACE_SYSCALL, SYS_close);
	struct __ptrace_syscall_info si = syscall_info("info at close's enter", c, PTRACE_SYSCALL_INFO_ENTRY, sizeof si);
	printf("close's number %d, its argument %d\n", si.entry.nr == SYS_close, si.entry.args[0] == 12345);
	syscall_info("info in 8 bytes", c, PTRACE_SYSCALL_INFO_ENTRY, 8);
	say("SYSCALL", ptrace(PTRACE_SYSCALL, c, 0, 0));
	wait_for("close exit", c);
	si = syscall_info("info at close's exit", c, PTRACE_SYSCALL_INFO_EXIT, sizeof si);
	printf("close's result EBADF %d, an error %d\n", si.exit.rval == -EBADF, si.exit.is_error);
	sysstop("getpid under SYSEMU", c, PTRACE_SYSEMU, SYS_getpid);
	regs_t r;
	struct iovec iov = {&r, sizeof r};
	say("GETREGSET", ptrace(PTRACE_GETREGSET, c, (void *)NT_PRSTATUS, &iov));
	REG_RET(r) = 4242;
	REG_OK(r);
	say("SETREGSET", ptrace(PTRACE_SETREGSET, c, (void *)NT_PRSTATUS, &iov));
	say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
	int m[3];
	long res[3];
	get(up[0], m, sizeof m);
	get(up[0], res, sizeof res);
	printf("child's mask: SIGUSR1 %d, SIGUSR2 %d, SIGSTOP %d\n", m[0], m[1], m[2]);
	printf("child's close -1 %d EBADF %d, getpid the tracer's result %d\n", res[0] == -1, res[1] == EBADF, res[2] == 4242);
	wait_for("requests child", c);
	close(up[0]);
	close(up[1]);
}

int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "exec"))
		return 3;
	trace_events(argv[0]);
	seized();
	exitkill();
	requests();
	return 0;
}
