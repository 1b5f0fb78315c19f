/* ptrace(2)'s PTRACE_SINGLESTEP over a successful execve, and
 * PTRACE_SINGLEBLOCK.
 *
 * A tracer takes its child to execve's syscall-enter stop (PTRACE_SYSCALL)
 * and resumes it with PTRACE_SINGLESTEP; the child execs this program
 * again, which exits 7 at once.
 *
 * Linux 6.1's powerpc start_thread (arch/powerpc/kernel/process.c) gives
 * the new program a fresh MSR (MSR_USER), so MSR_SE is gone and no step
 * trap follows its first instruction; and with no syscall-trace flag set
 * (_TIF_SYSCALL_DOTRACE does not hold TIF_SINGLESTEP:
 * arch/powerpc/include/asm/thread_info.h) the call's end does not report
 * the step either (do_syscall_trace_leave is not called). So:
 *
 * - a PTRACE_TRACEME child stops once, for the SIGTRAP that exec sends a
 *   tracee not seized (kernel/ptrace.c's ptrace_event: SI_USER), at the
 *   new program's entry, and runs to its end after PTRACE_CONT;
 * - a PTRACE_SEIZEd child (no PTRACE_O_TRACEEXEC: no SIGTRAP) does not
 *   stop again: the new program runs to its end.
 *
 * The tracer checks the stop's pc against its own AT_ENTRY (the child
 * execs /proc/self/exe, a static program). Handshakes through a pipe and
 * stops, no timing.
 *
 * PTRACE_SINGLEBLOCK (powerpc's 0x100: user_enable_block_step sets
 * MSR_BE, arch/powerpc/kernel/ptrace/ptrace-noadv.c): a trace interrupt
 * after each branch instruction completes, taken or not (Power ISA 3.1
 * Book III, MSR[BE]), which single_step_exception (traps.c) reports as
 * SIGTRAP, TRAP_TRACE, si_addr the next instruction. The tracer points a
 * stopped child at a block of code (blk_start below) and block-steps it:
 * past a compare to a conditional branch not taken (stop at blk_nt), an
 * unconditional one (blk_t), a bl (blk_f), through an sc (getpid: not a
 * branch) to the blr (blk_ret), then its trap instruction's SIGTRAP.
 *
 * qemu-user 7.2 has no ptrace (ENOSYS). ptrace5.expected is written from
 * the Linux 6.1 powerpc sources named above. Built for the x86-64 host
 * (-static) and run natively (Linux 6.18) it prints the same (but the
 * block steps, powerpc's only) but for the seized child, which stops once more, with SIGTRAP, TRAP_BRKPT, at the
 * new program's entry, before its exit: x86's generic entry reports a
 * step over a system call at its end (kernel/entry/common.c's
 * report_single_step).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <elf.h>

#include "ptracehelp.h"

/* entry_pc is where this program starts: AT_ENTRY, or for ELFv1
 * (big-endian powerpc64) the code address in the function descriptor it
 * names, as start_thread loads it. */
static unsigned long entry_pc(void) {
	unsigned long e = getauxval(AT_ENTRY);
#if defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF == 1)
	e = *(unsigned long *)e;
#endif
	return e;
}

static void newprog(void) {
	char *argv[] = {"ptrace5", "new", NULL};
	char *envp[] = {NULL};
	execve("/proc/self/exe", argv, envp);
	_exit(95);
}

/* to_execve resumes c with PTRACE_SYSCALL until execve's syscall-enter
 * stop; it reports whether it got there. */
static int to_execve(const char *what, pid_t c) {
	for (int i = 0; i < 100; i++) {
		int st;
		if (ptrace(PTRACE_SYSCALL, c, 0, 0) < 0 || waitpid(c, &st, 0) != c || !WIFSTOPPED(st)) {
			printf("%s: lost\n", what);
			return 0;
		}
		struct __ptrace_syscall_info si;
		memset(&si, 0, sizeof si);
		ptrace(PTRACE_GET_SYSCALL_INFO, c, (void *)sizeof si, &si);
		if (si.op == PTRACE_SYSCALL_INFO_ENTRY && si.entry.nr == SYS_execve)
			return 1;
	}
	printf("%s: no execve\n", what);
	return 0;
}

/* step_exec steps c over execve and prints what the tracer sees, then
 * lets it run to its end. */
static void step_exec(const char *what, pid_t c) {
	if (!to_execve(what, c)) {
		kill(c, SIGKILL);
		waitpid(c, NULL, 0);
		return;
	}
	say("SINGLESTEP", ptrace(PTRACE_SINGLESTEP, c, 0, 0));
	int st = 0;
	pid_t w = waitpid(c, &st, 0);
	status(what, w, st);
	if (w == c && WIFSTOPPED(st)) {
		regs_t r;
		getregs(c, &r);
		printf("%s: %s, at the new program's entry %d\n", what, code_name(code_of(c)),
		       REG_PC(r) == entry_pc());
		say("CONT", ptrace(PTRACE_CONT, c, 0, 0));
		w = waitpid(c, &st, 0);
		status(what, w, st);
	}
}

#if defined(__powerpc64__)
/* blk_start..blk_end is run only by the block-stepped child, its pc set by
 * the tracer; it never returns. */
__asm__(".text\n"
	".globl blk_start, blk_nt, blk_t, blk_f, blk_ret, blk_end\n"
	"blk_start:\n"
	"	li 3,0\n"
	"	cmpdi 3,1\n"
	"	beq blk_end\n"
	"blk_nt:\n"
	"	li 4,2\n"
	"	b blk_t\n"
	"	trap\n"
	"blk_t:\n"
	"	addi 3,3,1\n"
	"	bl blk_f\n"
	"blk_ret:\n"
	"	trap\n"
	"blk_f:\n"
	"	li 0,20\n" /* getpid */
	"	sc\n"
	"	addi 4,4,1\n"
	"	blr\n"
	"blk_end:\n"
	"	trap\n");
extern char blk_start[], blk_nt[], blk_t[], blk_f[], blk_ret[], blk_end[];

static const char *label(unsigned long pc) {
	static const struct {
		const char *name;
		char *at;
	} l[] = {{"blk_start", blk_start}, {"blk_nt", blk_nt}, {"blk_t", blk_t},
		 {"blk_f", blk_f},         {"blk_ret", blk_ret}, {"blk_end", blk_end}};
	for (size_t i = 0; i < sizeof l / sizeof l[0]; i++)
		if (pc == (unsigned long)l[i].at)
			return l[i].name;
	return "elsewhere";
}

/* block_steps block-steps a child through blk_start's code. */
static void block_steps(void) {
	pid_t c = fork();
	if (c == 0) {
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		kill(getpid(), SIGSTOP);
		_exit(97);
	}
	int st = 0;
	pid_t w = waitpid(c, &st, 0);
	status("block child", w, st);
	regs_t r;
	getregs(c, &r);
	REG_PC(r) = (unsigned long)blk_start;
	setregs(c, &r);
	for (int i = 0; i < 6; i++) {
		if (ptrace(PTRACE_SINGLEBLOCK, c, 0, 0) < 0) {
			say("SINGLEBLOCK", -1);
			break;
		}
		w = waitpid(c, &st, 0);
		status("block child", w, st);
		if (w != c || !WIFSTOPPED(st))
			return;
		siginfo_t si;
		memset(&si, 0, sizeof si);
		ptrace(PTRACE_GETSIGINFO, c, 0, &si);
		getregs(c, &r);
		printf("block child: %s at %s, si_addr the pc %d, r3 its pid (getpid ran) %d\n",
		       code_name(si.si_code), label(REG_PC(r)), (unsigned long)si.si_addr == REG_PC(r),
		       (pid_t)r.gpr[3] == c);
		if (si.si_code != TRAP_TRACE)
			break;
	}
	say("KILL", ptrace(PTRACE_KILL, c, 0, 0));
	w = waitpid(c, &st, 0);
	status("block child", w, st);
}
#endif

int main(int argc, char **argv) {
	if (argc > 1 && strcmp(argv[1], "new") == 0)
		return 7;

	pid_t c = fork();
	if (c == 0) {
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		kill(getpid(), SIGSTOP);
		newprog();
	}
	int st = 0;
	pid_t w = waitpid(c, &st, 0);
	status("traceme child", w, st);
	say("SETOPTIONS", ptrace(PTRACE_SETOPTIONS, c, 0, (void *)PTRACE_O_TRACESYSGOOD));
	step_exec("traceme child", c);

	int go[2];
	pipe(go);
	c = fork();
	if (c == 0) {
		char b;
		close(go[1]);
		if (read(go[0], &b, 1) != 1)
			_exit(96);
		newprog();
	}
	close(go[0]);
	say("SEIZE", ptrace(PTRACE_SEIZE, c, 0, (void *)PTRACE_O_TRACESYSGOOD));
	say("INTERRUPT", ptrace(PTRACE_INTERRUPT, c, 0, 0));
	w = waitpid(c, &st, 0);
	status("seized child", w, st);
	write(go[1], "g", 1);
	step_exec("seized child", c);
#if defined(__powerpc64__)
	block_steps();
#endif
	return 0;
}
