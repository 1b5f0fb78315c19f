/* ptrace(2): a single step into a signal handler.
 *
 * Linux 6.1's powerpc do_signal (arch/powerpc/kernel/signal.c) ends a
 * handler's delivery with signal_setup_done(ret, &ksig,
 * test_thread_flag(TIF_SINGLESTEP)); PTRACE_SINGLESTEP and
 * PTRACE_SINGLEBLOCK set that flag and every other resume clears it
 * (user_enable_single_step, user_disable_single_step:
 * arch/powerpc/kernel/ptrace/ptrace-noadv.c). kernel/signal.c's
 * signal_delivered blocks the handler's mask and then, stepping, calls
 * ptrace_notify(SIGTRAP, 0): the tracee stops (wait: stopped, SIGTRAP,
 * no event) with ptrace_do_notify's siginfo (si_signo and si_code SIGTRAP,
 * 5; si_pid the tracee, si_uid its uid), before the handler runs. On
 * powerpc64 with a vDSO it stops at the vDSO's sigtramp_rt64, whose bctrl
 * calls the handler in CTR (arch/powerpc/kernel/signal_64.c's
 * handle_rt_signal64), so one more step reaches the handler's entry.
 *
 * The child (PTRACE_TRACEME) raises SIGUSR1, whose handler sets ran; it
 * exits 3 if the handler ran, 4 if not. The tracer, at the SIGUSR1
 * signal-delivery-stop:
 * - "step child": resumes with PTRACE_SINGLESTEP and data SIGUSR1 (as
 *   GDB steps into a handler): the notify stop, then steps to the
 *   handler's entry, then PTRACE_CONT;
 * - "cont child": resumes with PTRACE_CONT and data SIGUSR1: no stop;
 * - "trap child": steps with data 0 (the signal discarded: a step
 *   trap, TRAP_TRACE), then at that stop steps with data SIGUSR1: the
 *   notify stop.
 * Handshakes are the stops themselves; no timing.
 *
 * qemu-user 7.2 has no ptrace (ENOSYS). ptrace7.expected is written from
 * the Linux 6.1 sources named above. Built for the x86-64 host (-static)
 * and run natively (Linux 6.x: x86's handle_signal also passes TIF_SINGLESTEP
 * to signal_setup_done) it prints the same but "steps to the handler's
 * entry", 0 there (x86 stops at the handler itself).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>

#include "ptracehelp.h"

static volatile long ran;

static void handler(int sig) {
	(void)sig;
	ran = 1;
}

/* entry_of is where a call of f starts: for ELFv1 (big-endian powerpc64)
 * the code address in the descriptor f names. */
static unsigned long entry_of(void (*f)(int)) {
	unsigned long e = (unsigned long)f;
#if defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF == 1)
	e = *(unsigned long *)e;
#endif
	return e;
}

static pid_t child(void) {
	pid_t c = fork();
	if (c == 0) {
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = handler;
		sigaction(SIGUSR1, &sa, NULL);
		raise(SIGUSR1);
		_exit(ran ? 3 : 4);
	}
	return c;
}

/* wait_for waits for c and prints its status; it reports whether c is
 * stopped. */
static int wait_for(const char *what, pid_t c) {
	int st = 0;
	pid_t w = waitpid(c, &st, 0);
	status(what, w, st);
	return w == c && WIFSTOPPED(st);
}

/* notified prints what the tracer sees at c's stop after a step into the
 * handler. */
static void notified(const char *what, pid_t c) {
	siginfo_t si;
	memset(&si, 0, sizeof si);
	say("GETSIGINFO", ptrace(PTRACE_GETSIGINFO, c, 0, &si));
	printf("%s: si_signo %d si_code %d, si_pid the child %d, si_uid ours %d\n", what, si.si_signo,
	       si.si_code, si.si_pid == c, si.si_uid == getuid());
	sigset_t m;
	sigemptyset(&m);
	ptrace(PTRACE_GETSIGMASK, c, (void *)sizeof(long), &m);
	errno = 0;
	long r = ptrace(PTRACE_PEEKDATA, c, (void *)&ran, 0);
	printf("%s: SIGUSR1 blocked %d, the handler has run %ld\n", what, sigismember(&m, SIGUSR1),
	       errno ? -1 : r);
}

/* to_handler steps c until it is at the handler's entry and prints how
 * many steps that took. */
static void to_handler(const char *what, pid_t c) {
	int n = 0;
	regs_t r;
	for (; n < 4 && getregs(c, &r) == 0 && REG_PC(r) != entry_of(handler); n++) {
		int st = 0;
		if (ptrace(PTRACE_SINGLESTEP, c, 0, 0) < 0 || waitpid(c, &st, 0) != c || !WIFSTOPPED(st) ||
		    WSTOPSIG(st) != SIGTRAP || code_of(c) != TRAP_TRACE) {
			printf("%s: step lost\n", what);
			return;
		}
	}
	printf("%s: steps to the handler's entry %d, there %d\n", what, n, REG_PC(r) == entry_of(handler));
}

static void finish(const char *what, pid_t c) {
	say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
	wait_for(what, c);
}

int main(void) {
	pid_t c = child();
	if (wait_for("step child", c)) {
		say("SINGLESTEP SIGUSR1", ptrace(PTRACE_SINGLESTEP, c, 0, (void *)SIGUSR1));
		if (wait_for("step child", c)) {
			notified("step child", c);
			to_handler("step child", c);
			finish("step child", c);
		}
	}

	c = child();
	if (wait_for("cont child", c)) {
		say("CONT SIGUSR1", ptrace(PTRACE_CONT, c, 0, (void *)SIGUSR1));
		wait_for("cont child", c);
	}

	c = child();
	if (wait_for("trap child", c)) {
		say("SINGLESTEP", ptrace(PTRACE_SINGLESTEP, c, 0, 0));
		if (wait_for("trap child", c)) {
			printf("trap child: %s\n", code_name(code_of(c)));
			say("SINGLESTEP SIGUSR1", ptrace(PTRACE_SINGLESTEP, c, 0, (void *)SIGUSR1));
			if (wait_for("trap child", c)) {
				notified("trap child", c);
				finish("trap child", c);
			}
		}
	}
	return 0;
}
