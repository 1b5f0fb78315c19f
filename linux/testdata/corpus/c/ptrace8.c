/* ptrace(2): what a tracer sees of a system call a signal interrupted, at
 * the signal-delivery-stop, and what follows from what it does there.
 *
 * Linux 6.1 on powerpc: syscall_exit_prepare (arch/powerpc/kernel/
 * interrupt.c) leaves a call's -ERESTART* code in r3 with CR0[SO] set and
 * the pc after the sc; the return to user space runs do_signal
 * (arch/powerpc/kernel/signal.c), whose get_signal (kernel/signal.c)
 * makes the signal-delivery-stop, and only after it returns does
 * check_syscall_restart decide, from the registers as they are then:
 * ERESTARTSYS (512, a pipe read) restarts the call (pc back at the sc, r3
 * orig_gpr3) if no handler runs or the handler has SA_RESTART, else the
 * call fails with EINTR; ERESTARTNOHAND (514, pause) restarts only if no
 * handler runs; a result that is no -ERESTART* code (the tracer set r3 to
 * 7 and cleared SO) is returned as it is. A signal the tracer suppresses
 * (resumes with data 0) leaves get_signal with none, so the call
 * restarts; PTRACE_SYSCALL from there shows the restarted call's entry.
 *
 * A relative nanosleep, a futex wait with a timeout and poll return
 * ERESTART_RESTARTBLOCK (516; kernel/time/hrtimer.c's do_nanosleep and
 * hrtimer_nanosleep, kernel/futex/waitwake.c's futex_wait, fs/select.c's
 * sys_poll), with the current restart block set to go on to the same
 * end (hrtimer_nanosleep_restart, futex_wait_restart, do_restart_poll);
 * nanosleep writes the time left to rem at each interruption. Restarted,
 * the call is restart_syscall (check_syscall_restart sets r0 to
 * __NR_restart_syscall, x86 rax to its own number), so a syscall-enter
 * stop shows that number; with a handler such a call fails with EINTR.
 * restart_syscall with no restart block set (a new process's, or one
 * rt_sigreturn reset) runs do_no_restart_syscall: EINTR. ppoll (like
 * select and pselect6) returns ERESTARTNOHAND (fs/select.c's
 * do_sys_poll and poll_select_finish, which writes the time left back),
 * so restarted it is ppoll again; select and pselect6 (core_sys_select)
 * too, and with a handler, SA_RESTART or not, they fail with EINTR.
 * A tracer that writes -1 to the trap word (PTRACE_POKEUSER at PT_TRAP,
 * as GDB's ppc_linux_write_pc does when it moves the pc; ptrace-view.c's
 * set_user_trap keeps only the norestart bit of the old value) makes
 * TRAP(regs) no system call's, so check_syscall_restart leaves the call's
 * -ERESTART* code as its result: the call returns -1 with errno 512. The
 * x86-64 equivalent is orig_rax -1 (syscall_get_nr below 0).
 * x86-64 shows the same (rax -512 or -514 at the stop, rip after the
 * syscall; arch/x86/kernel/signal.c decides after get_signal too), so
 * ptrace8.expected, written from those sources, is also what this program
 * prints built for the x86-64 host (-static) and run natively. qemu-user
 * 7.2 has no ptrace (ENOSYS).
 *
 * Handshakes: the tracer signals the child once /proc shows it asleep (it
 * sleeps nowhere else before the call), then the stops themselves.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <time.h>

#include "ptracehelp.h"

static volatile int ran;
static int data[2], res[2];
static int *word; /* a futex word shared with the children */
static struct timespec rem;

static void handler(int sig) {
	(void)sig;
	ran = 1;
}

/* after_sc reports whether pc is just after a system call instruction
 * (the child's code is the parent's: a fork of one static program). */
static int after_sc(unsigned long pc) {
#if defined(__powerpc64__)
	return *(unsigned *)(pc - 4) == 0x44000002; /* sc */
#else
	return ((unsigned char *)pc)[-2] == 0x0f && ((unsigned char *)pc)[-1] == 0x05; /* syscall */
#endif
}

/* error is the error a call's registers show (an errno or -ERESTART*
 * code), 0 if none. */
static long error(regs_t *r) {
#if defined(__powerpc64__)
	return r->ccr & 0x10000000 ? (long)r->gpr[3] : 0;
#else
	long v = (long)r->rax;
	return v < 0 && v > -4096 ? -v : 0;
#endif
}

/* asleep reports whether process c is asleep, as /proc's stat says. */
static int asleep(pid_t c) {
	char path[64], buf[256];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)c);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	char *p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] == 'S';
}

enum { READ, PAUSE, SLEEP, FUTEX, POLL, PPOLL, SELECT, PSELECT };

static const char *names[] = {"read", "pause", "nanosleep", "futex", "poll", "ppoll", "select", "pselect6"};

/* TRAP_OFFSET is the ptrace user area offset of the word that says which
 * system call (if any) the thread is in: powerpc's trap, x86-64's
 * orig_rax. */
#if defined(__powerpc64__)
#define TRAP_OFFSET (PT_TRAP * 8)
#else
#define TRAP_OFFSET offsetof(struct user_regs_struct, orig_rax)
#endif

/* NR_SELECT is select(2)'s number: powerpc64's is _newselect (142; its
 * select, 82, is sys_ni_syscall for 64-bit tasks, syscall.tbl). */
#if defined(SYS__newselect)
#define NR_SELECT SYS__newselect
#else
#define NR_SELECT SYS_select
#endif

/* call makes the child's call that a signal interrupts. */
static long call(int which) {
	char b[8];
	struct timespec ten = {10, 0};
	struct pollfd pfd = {data[0], POLLIN, 0};
	struct timeval tv = {10, 0};
	fd_set rd;
	FD_ZERO(&rd);
	FD_SET(data[0], &rd);
	switch (which) {
	case PAUSE:
		return pause();
	case SLEEP:
		return nanosleep(&ten, &rem);
	case FUTEX:
		return syscall(SYS_futex, word, FUTEX_WAIT, 0, &ten, NULL, 0);
	case POLL:
		return poll(&pfd, 1, 10000);
	case PPOLL:
		return ppoll(&pfd, 1, &ten, NULL);
	case SELECT:
		return syscall(NR_SELECT, data[0] + 1, &rd, NULL, NULL, &tv);
	case PSELECT:
		return syscall(SYS_pselect6, data[0] + 1, &rd, NULL, NULL, &ten, NULL);
	}
	return read(data[0], b, sizeof b);
}

/* child starts a traced child that calls read on the pipe (or pause)
 * with SIGUSR1's handler installed with flags and sends the outcome on
 * res; it returns once the child sleeps in the call. */
static pid_t child(int which, int flags) {
	pipe(data);
	pipe(res);
	pid_t c = fork();
	if (c == 0) {
		close(data[1]);
		close(res[0]);
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = handler;
		sa.sa_flags = flags;
		sigaction(SIGUSR1, &sa, NULL);
		long n = call(which);
		int e = errno;
		char line[80];
		char err[32] = "";
		if (n < 0)
			snprintf(err, sizeof err, e == EINTR ? " EINTR" : " errno %d", e);
		int len = snprintf(line, sizeof line, "%s=%ld%s, the handler ran %d", names[which], n, err, ran);
		put(res[1], line, len);
		_exit(0);
	}
	close(data[0]);
	close(res[1]);
	struct timespec pace = {0, 1000000};
	while (!asleep(c))
		nanosleep(&pace, NULL);
	return c;
}

/* interrupt sends c SIGUSR1 and prints its signal-delivery-stop and what
 * its registers show; it reports whether c stopped. */
static int interrupt(const char *what, pid_t c, regs_t *r) {
	kill(c, SIGUSR1);
	int st = 0;
	pid_t w = waitpid(c, &st, 0);
	status(what, w, st);
	if (w != c || !WIFSTOPPED(st) || getregs(c, r) < 0)
		return 0;
	printf("%s: pc after the sc %d, error %ld\n", what, after_sc(REG_PC(*r)), error(r));
	return 1;
}

/* finish prints the outcome c sent and how it ended. */
/* left is the time left in c's rem, in ns (-1 if unreadable). */
static long left(pid_t c) {
	errno = 0;
	long s = ptrace(PTRACE_PEEKDATA, c, (void *)&rem.tv_sec, 0);
	long ns = ptrace(PTRACE_PEEKDATA, c, (void *)&rem.tv_nsec, 0);
	return errno ? -1 : s * 1000000000L + ns;
}

/* restarted resumes c with PTRACE_SYSCALL from a stop where it suppresses
 * the signal and prints the syscall-enter stop that follows: call nr
 * (name) or not. */
static void restarted(const char *what, pid_t c, long nr, const char *name) {
	regs_t r;
	say("SYSCALL", ptrace(PTRACE_SYSCALL, c, 0, 0));
	int st = 0;
	pid_t p = waitpid(c, &st, 0);
	status(what, p, st);
	if (p == c && WIFSTOPPED(st) && getregs(c, &r) == 0)
		printf("%s: entry of %s %d, pc after the sc %d\n", what, name, (long)REG_NR(r) == nr,
		       after_sc(REG_PC(r)));
	say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
}

/* wake wakes the child waiting on word once it waits. */
static void wake(void) {
	struct timespec pace = {0, 1000000};
	while (syscall(SYS_futex, word, FUTEX_WAKE, 1, NULL, NULL, 0) == 0)
		nanosleep(&pace, NULL);
}

static void finish(const char *what, pid_t c) {
	char line[80];
	ssize_t n = read(res[0], line, sizeof line - 1);
	printf("%s: child: %.*s\n", what, (int)(n > 0 ? n : 0), line);
	close(res[0]);
	int st = 0;
	pid_t w = waitpid(c, &st, 0);
	status(what, w, st);
	close(data[1]);
}

int main(void) {
	regs_t r;
	const char *w = "read, suppressed";
	pid_t c = child(READ, 0);
	if (interrupt(w, c, &r)) {
		say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
		put(data[1], "x", 1);
	}
	finish(w, c);

	w = "read, delivered";
	c = child(READ, 0);
	if (interrupt(w, c, &r))
		say("CONT SIGUSR1", ptrace(PTRACE_CONT, c, 0, (void *)SIGUSR1));
	finish(w, c);

	w = "read, delivered, SA_RESTART";
	c = child(READ, SA_RESTART);
	if (interrupt(w, c, &r)) {
		say("CONT SIGUSR1", ptrace(PTRACE_CONT, c, 0, (void *)SIGUSR1));
		put(data[1], "x", 1);
	}
	finish(w, c);

	w = "read, result set";
	c = child(READ, SA_RESTART);
	if (interrupt(w, c, &r)) {
		REG_RET(r) = 7;
		REG_OK(r);
		setregs(c, &r);
		say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
	}
	finish(w, c);

	w = "read, suppressed, PTRACE_SYSCALL";
	c = child(READ, 0);
	if (interrupt(w, c, &r)) {
		say("SYSCALL", ptrace(PTRACE_SYSCALL, c, 0, 0));
		int st = 0;
		pid_t p = waitpid(c, &st, 0);
		status(w, p, st);
		if (p == c && WIFSTOPPED(st) && getregs(c, &r) == 0)
			printf("%s: entry of read again %d, pc after the sc %d\n", w, REG_NR(r) == SYS_read,
			       after_sc(REG_PC(r)));
		say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
		put(data[1], "x", 1);
	}
	finish(w, c);

	w = "pause, suppressed then delivered";
	c = child(PAUSE, SA_RESTART);
	if (interrupt(w, c, &r)) {
		say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
		while (!asleep(c)) {
			struct timespec pace = {0, 1000000};
			nanosleep(&pace, NULL);
		}
		if (interrupt(w, c, &r))
			say("CONT SIGUSR1", ptrace(PTRACE_CONT, c, 0, (void *)SIGUSR1));
	}
	finish(w, c);

	errno = 0;
	long n = syscall(SYS_restart_syscall);
	printf("restart_syscall, no restart block: %ld %s\n", n, n < 0 && errno == EINTR ? "EINTR" : "other");

	w = "nanosleep, suppressed then delivered";
	c = child(SLEEP, 0);
	if (interrupt(w, c, &r)) {
		long l1 = left(c);
		printf("%s: rem below 10 s %d\n", w, l1 > 0 && l1 < 10000000000L);
		restarted(w, c, SYS_restart_syscall, "restart_syscall");
		while (!asleep(c)) {
			struct timespec pace = {0, 1000000};
			nanosleep(&pace, NULL);
		}
		if (interrupt(w, c, &r)) {
			long l2 = left(c);
			printf("%s: rem below the first %d\n", w, l2 > 0 && l2 < l1);
			say("CONT SIGUSR1", ptrace(PTRACE_CONT, c, 0, (void *)SIGUSR1));
		}
	}
	finish(w, c);

	word = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	w = "futex wait with a timeout, suppressed";
	c = child(FUTEX, 0);
	if (interrupt(w, c, &r)) {
		restarted(w, c, SYS_restart_syscall, "restart_syscall");
		wake();
	}
	finish(w, c);

	w = "poll with a timeout, suppressed";
	c = child(POLL, 0);
	if (interrupt(w, c, &r)) {
		restarted(w, c, SYS_restart_syscall, "restart_syscall");
		put(data[1], "x", 1);
	}
	finish(w, c);

	w = "ppoll with a timeout, suppressed";
	c = child(PPOLL, 0);
	if (interrupt(w, c, &r)) {
		restarted(w, c, SYS_ppoll, "ppoll again");
		put(data[1], "x", 1);
	}
	finish(w, c);

	static const struct {
		int which;
		long nr;
		const char *again;
	} sel[] = {{SELECT, NR_SELECT, "select again"}, {PSELECT, SYS_pselect6, "pselect6 again"}};
	for (int i = 0; i < 2; i++) {
		char what[80];
		snprintf(what, sizeof what, "%s with a timeout, suppressed", names[sel[i].which]);
		c = child(sel[i].which, 0);
		if (interrupt(what, c, &r)) {
			restarted(what, c, sel[i].nr, sel[i].again);
			put(data[1], "x", 1);
		}
		finish(what, c);

		snprintf(what, sizeof what, "%s with a timeout, delivered, SA_RESTART", names[sel[i].which]);
		c = child(sel[i].which, SA_RESTART);
		if (interrupt(what, c, &r))
			say("CONT SIGUSR1", ptrace(PTRACE_CONT, c, 0, (void *)SIGUSR1));
		finish(what, c);
	}

	w = "read, trap set to -1, suppressed";
	c = child(READ, SA_RESTART);
	if (interrupt(w, c, &r)) {
		say("POKEUSER trap -1", ptrace(PTRACE_POKEUSER, c, (void *)TRAP_OFFSET, (void *)-1L));
		say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
	}
	finish(w, c);
	return 0;
}
