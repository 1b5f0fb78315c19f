/* ptrace(2)'s single steps at system calls and PEEKSIGINFO's early end.
 *
 * SYSEMU_SINGLESTEP: a traced child single-steps to getpid (SIGTRAP,
 * TRAP_TRACE after each instruction, no other stop), which stops as
 * PTRACE_SYSEMU's syscall-enter stop (SIGTRAP|0x80); the tracer sets the
 * result -ENOENT and steps again: the call does not run and the child's
 * getpid fails with ENOENT (powerpc's syscall_exit_prepare makes sc's r3
 * an errno and sets CR0[SO]).
 *
 * A PTRACE_SINGLESTEP over the system call instruction (getppid): without
 * a seccomp filter the step runs the call and the next instruction, then
 * SIGTRAP; with one (TIF_SECCOMP makes the call end through
 * do_syscall_trace_leave) SIGTRAP right after the call.
 *
 * DETACH during a group-stop: the child stays stopped, its parent told
 * once, till SIGCONT (Linux's __ptrace_unlink: JOBCTL_STOP_PENDING).
 *
 * PEEKSIGINFO: a tracer asks for three queued signals of its stopped
 * tracee; when its own tracer has sent it a signal at the call's
 * syscall-enter stop (signal_pending), it gets one.
 *
 * Each tracer waits for one process at a time; handshakes through pipes
 * and stops, no timing.
 *
 * qemu-user 7.2 has no ptrace (ENOSYS). ptrace4.expected is this program
 * built for the x86-64 host and run natively (Linux 6.18), but for three
 * lines ("after getpid: TRAP_TRACE, ..." and the two "the step over the
 * call" lines) written from Linux 6.1's powerpc sources: no trace
 * interrupt follows sc (Power ISA 3.1 7.5.15), and do_syscall_trace_leave
 * reports a step with user_single_step_report's TRAP_TRACE at the next
 * instruction, also after SYSEMU_SINGLESTEP's stop. x86-64 prints "at the
 * call's next instruction 0" and "TRAP_BRKPT, stopped right after it 1"
 * twice: it reports a step over syscall at once with TRAP_BRKPT and none
 * after SYSEMU_SINGLESTEP's stop (the generic entry's report_single_step).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include "ptracehelp.h"

#if defined(__powerpc64__)
#define SYSCALL_LEN 4
static int is_syscall(const unsigned char *b) {
	uint32_t w;
	memcpy(&w, b, 4);
	return w == 0x44000002 || w == 0x44000001; /* sc, scv 0 */
}
#else
#define SYSCALL_LEN 2
static int is_syscall(const unsigned char *b) { return b[0] == 0x0f && b[1] == 0x05; }
#endif

static int up[2];

static void wait_for(const char *what, pid_t pid) {
	int st = 0;
	pid_t w = waitpid(pid, &st, __WALL);
	status(what, w, st);
}

/* sysstatus prints a syscall stop (SIGTRAP|0x80) or what status does. */
static void sysstatus(const char *what, pid_t pid, int st) {
	if (pid > 0 && WIFSTOPPED(st) && WSTOPSIG(st) == (SIGTRAP | 0x80)) {
		printf("%s: syscall stop\n", what);
		fflush(stdout);
		return;
	}
	status(what, pid, st);
}

/* sysemu_step: SYSEMU_SINGLESTEP to getpid and over it. */
static void sysemu_step(void) {
	if (pipe(up))
		exit(97);
	pid_t c = fork();
	if (c == 0) {
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		kill(getpid(), SIGSTOP);
		long r = syscall(SYS_getpid);
		long res[2] = {r, errno};
		put(up[1], res, sizeof res);
		_exit(0);
	}
	wait_for("sysemu child", c);
	say("SETOPTIONS", ptrace(PTRACE_SETOPTIONS, c, 0, (void *)PTRACE_O_TRACESYSGOOD));
	int steps = 0, traces = 0, others = 0, st = 0;
	regs_t r;
	for (int i = 0; i < 100000; i++) {
		if (ptrace(PTRACE_SYSEMU_SINGLESTEP, c, 0, 0) < 0) {
			say("SYSEMU_SINGLESTEP", -1);
			_exit(96);
		}
		if (waitpid(c, &st, 0) != c || !WIFSTOPPED(st))
			break;
		if (WSTOPSIG(st) == (SIGTRAP | 0x80)) {
			struct __ptrace_syscall_info si;
			memset(&si, 0, sizeof si);
			ptrace(PTRACE_GET_SYSCALL_INFO, c, (void *)sizeof si, &si);
			if (si.op == PTRACE_SYSCALL_INFO_ENTRY && si.entry.nr == SYS_getpid)
				break;
			others++;
			continue;
		}
		steps++;
		traces += WSTOPSIG(st) == SIGTRAP && code_of(c) == TRAP_TRACE;
	}
	sysstatus("getpid's stop", c, st);
	printf("steps before it %d, each SIGTRAP TRAP_TRACE %d, other calls %d\n", steps > 0, traces == steps, others);
	getregs(c, &r);
	unsigned long pc = REG_PC(r);
	REG_RET(r) = -ENOENT;
	struct iovec iov = {&r, sizeof r};
	say("SETREGSET", ptrace(PTRACE_SETREGSET, c, (void *)NT_PRSTATUS, &iov));
	say("SYSEMU_SINGLESTEP", ptrace(PTRACE_SYSEMU_SINGLESTEP, c, 0, 0));
	wait_for("after getpid", c);
	siginfo_t si;
	memset(&si, 0, sizeof si);
	ptrace(PTRACE_GETSIGINFO, c, 0, &si);
	getregs(c, &r);
	printf("after getpid: %s, at the call's next instruction %d, si_addr the pc %d\n", code_name(si.si_code),
	       REG_PC(r) == pc, (unsigned long)si.si_addr == REG_PC(r));
	say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
	long res[2];
	get(up[0], res, sizeof res);
	printf("child's getpid: %ld %s\n", res[0], res[0] < 0 ? strerrorname_np(res[1]) : "");
	wait_for("sysemu child", c);
	close(up[0]);
	close(up[1]);
}

/* allow_all installs a seccomp filter that allows every call. */
static void allow_all(void) {
	struct sock_filter f[] = {BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)};
	struct sock_fprog prog = {1, f};
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
		_exit(95);
}

/* step_over: PTRACE_SINGLESTEP over getppid's system call instruction,
 * with a seccomp filter or without. */
static void step_over(const char *what, int filter) {
	pid_t c = fork();
	if (c == 0) {
		if (filter)
			allow_all();
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		kill(getpid(), SIGSTOP);
		syscall(SYS_getppid);
		_exit(0);
	}
	wait_for(what, c);
	regs_t r;
	int found = 0;
	for (int i = 0; i < 100000 && !found; i++) {
		getregs(c, &r);
		unsigned long pc = REG_PC(r);
		long w = ptrace(PTRACE_PEEKTEXT, c, (void *)pc, 0);
		found = is_syscall((unsigned char *)&w);
		int st;
		if (ptrace(PTRACE_SINGLESTEP, c, 0, 0) < 0 || waitpid(c, &st, 0) != c || !WIFSTOPPED(st)) {
			printf("%s: lost\n", what);
			_exit(94);
		}
		if (found) {
			status(what, c, st);
			int code = code_of(c);
			getregs(c, &r);
			printf("%s: the step over the call: %s, stopped right after it %d\n", what, code_name(code),
			       REG_PC(r) == pc + SYSCALL_LEN);
		}
	}
	say("KILL", ptrace(PTRACE_KILL, c, 0, 0));
	wait_for(what, c);
}

/* peek_pending: PEEKSIGINFO by a tracer with a signal pending. */
static void peek_pending(void) {
	pid_t t = fork();
	if (t == 0) {
		sigset_t chld;
		sigemptyset(&chld);
		sigaddset(&chld, SIGCHLD);
		sigprocmask(SIG_BLOCK, &chld, NULL); /* no stops for SIGCHLD */
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		pid_t u = fork();
		if (u == 0) {
			sigset_t s;
			sigemptyset(&s);
			sigaddset(&s, SIGRTMIN);
			sigprocmask(SIG_BLOCK, &s, NULL);
			ptrace(PTRACE_TRACEME, 0, 0, 0);
			for (int i = 0; i < 3; i++)
				syscall(SYS_tgkill, getpid(), gettid(), SIGRTMIN); /* the thread's queue */
			kill(getpid(), SIGSTOP);
			_exit(0);
		}
		int st;
		waitpid(u, &st, 0);
		kill(getpid(), SIGSTOP); /* the tracer's tracer's handshake */
		siginfo_t si[3];
		struct __ptrace_peeksiginfo_args a = {0, 0, 3};
		long n = ptrace(PTRACE_PEEKSIGINFO, u, &a, si);
		say("PEEKSIGINFO with a signal pending", n);
		say("PEEKSIGINFO", ptrace(PTRACE_PEEKSIGINFO, u, &a, si));
		kill(u, SIGKILL);
		waitpid(u, &st, 0);
		_exit(0);
	}
	wait_for("peeking tracer", t);
	say("SETOPTIONS", ptrace(PTRACE_SETOPTIONS, t, 0, (void *)PTRACE_O_TRACESYSGOOD));
	int st = 0;
	for (;;) {
		if (ptrace(PTRACE_SYSCALL, t, 0, 0) < 0 || waitpid(t, &st, 0) != t || !WIFSTOPPED(st)) {
			printf("peeking tracer: lost\n");
			_exit(93);
		}
		struct __ptrace_syscall_info si;
		memset(&si, 0, sizeof si);
		ptrace(PTRACE_GET_SYSCALL_INFO, t, (void *)sizeof si, &si);
		if (si.op == PTRACE_SYSCALL_INFO_ENTRY && si.entry.nr == SYS_ptrace && si.entry.args[0] == PTRACE_PEEKSIGINFO)
			break;
	}
	sysstatus("PEEKSIGINFO's enter", t, st);
	say("kill SIGUSR2", kill(t, SIGUSR2));
	say("SYSCALL", ptrace(PTRACE_SYSCALL, t, 0, 0));
	int w = waitpid(t, &st, 0);
	sysstatus("PEEKSIGINFO's exit", w, st);
	say("CONT", ptrace(PTRACE_CONT, t, 0, 0));
	wait_for("peeking tracer", t);
	long d = ptrace(PTRACE_DETACH, t, 0, 0); /* said once it has ended: it prints on */
	wait_for("peeking tracer", t);
	say("DETACH", d);
}

static int ypipe[2];

static void on_cont(int sig) {
	(void)sig;
	if (write(ypipe[1], "c", 1) != 1)
		_exit(92);
}

/* detach_stopped: a tracer detaches from a child in a group-stop, which
 * stays stopped till SIGCONT: its SIGCONT handler writes before the read
 * it stopped in returns the byte its parent wrote meanwhile. */
static void detach_stopped(void) {
	int x[2], z[2];
	if (pipe(x) || pipe(z) || pipe(ypipe))
		exit(97);
	pid_t c = fork();
	if (c == 0) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_cont;
		sa.sa_flags = SA_RESTART;
		sigaction(SIGCONT, &sa, NULL);
		put(ypipe[1], "s", 1); /* its handler is there */
		for (;;) {
			char b;
			if (read(x[0], &b, 1) == 1 && write(ypipe[1], "r", 1) != 1)
				_exit(92);
		}
	}
	char b;
	get(ypipe[0], &b, 1);
	pid_t t = fork();
	if (t == 0) {
		int st;
		say("ATTACH", ptrace(PTRACE_ATTACH, c, 0, 0));
		wait_for("detaching tracer: child", c);
		say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
		put(z[1], "a", 1);
		wait_for("detaching tracer: child", c);
		say("CONT SIGSTOP", ptrace(PTRACE_CONT, c, 0, (void *)SIGSTOP));
		wait_for("detaching tracer: child", c);
		say("DETACH", ptrace(PTRACE_DETACH, c, 0, 0));
		put(z[1], "d", 1);
		(void)st;
		_exit(0);
	}
	get(z[0], &b, 1);
	kill(c, SIGSTOP);
	int st = 0;
	pid_t w = waitpid(c, &st, WUNTRACED);
	get(z[0], &b, 1);
	int tst;
	waitpid(t, &tst, 0);
	status("parent: child", w, st);
	w = waitpid(c, &st, WUNTRACED | WNOHANG);
	printf("parent: a second stop report %d\n", w == c);
	put(x[1], "x", 1);
	kill(c, SIGCONT);
	char y[3] = {0};
	get(ypipe[0], y, 1); /* one at a time: a pipe's read returns what is there */
	get(ypipe[0], y + 1, 1);
	printf("parent: the child's order %s\n", y);
	kill(c, SIGKILL);
	wait_for("parent: child", c);
	close(x[0]);
	close(x[1]);
	close(z[0]);
	close(z[1]);
	close(ypipe[0]);
	close(ypipe[1]);
}

int main(void) {
	detach_stopped();
	sysemu_step();
	step_over("no filter", 0);
	step_over("a filter", 1);
	peek_pending();
	return 0;
}
