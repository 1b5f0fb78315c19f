/* sigtrampsp: where a handler's return leaves the stack pointer. A
 * PTRACE_TRACEME child runs a SIGUSR1 handler that notes the ucontext it
 * was given; its tracer steps it from call to call (PTRACE_SYSCALL) and,
 * at the entry of the rt_sigreturn that ends the handler, compares the
 * child's stack pointer with that ucontext's address: Linux's rt_sigreturn
 * reads the ucontext at the stack pointer on both x86-64 (the restorer's
 * stack after the return address is popped) and powerpc64 (the vDSO
 * trampoline's addi r1,r1,__SIGNAL_FRAMESIZE, arch/powerpc/kernel/vdso/
 * sigtramp64.S, before li r0,__NR_rt_sigreturn; sc). Also that the
 * handler's return resumes the program with its registers and mask.
 *
 * qemu-user 7.2 has no ptrace (ENOSYS), so sigtrampsp.expected is this
 * program built for the x86-64 host and run natively (Linux 6.18): nothing
 * printed depends on the architecture or the ids. Handshakes by ptrace's
 * stops, no timing. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include "ptracehelp.h"

static volatile uintptr_t ucaddr;
static volatile int handled;

static void onusr1(int sig, siginfo_t *si, void *uc) {
	(void)sig;
	(void)si;
	ucaddr = (uintptr_t)uc;
	handled++;
}

static int child(void) {
	if (ptrace(PTRACE_TRACEME, 0, 0, 0) != 0)
		return 80;
	raise(SIGSTOP);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = onusr1;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, 0);
	volatile long keep = 0x1234;
	raise(SIGUSR1);
	sigset_t now;
	sigprocmask(SIG_BLOCK, 0, &now);
	/* After the handler: its count, a local kept, SIGUSR1 unblocked. */
	return handled == 1 && keep == 0x1234 && !sigismember(&now, SIGUSR1) ? 0 : 81;
}

int main(void) {
	int pid = fork();
	if (pid == 0)
		_exit(child());
	int st;
	int w = waitpid(pid, &st, 0);
	status("first stop", w, st);
	say("SETOPTIONS TRACESYSGOOD", ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD));
	int sig = 0, entry = 1, seen = 0;
	for (;;) {
		if (ptrace(PTRACE_SYSCALL, pid, 0, sig) != 0) {
			say("PTRACE_SYSCALL", -1);
			break;
		}
		sig = 0;
		if (waitpid(pid, &st, 0) != pid) {
			say("waitpid", -1);
			break;
		}
		if (!WIFSTOPPED(st)) {
			status("end", pid, st);
			break;
		}
		if (WSTOPSIG(st) != (SIGTRAP | 0x80)) {
			status("signal stop", pid, st);
			sig = WSTOPSIG(st); /* delivered on resuming */
			continue;
		}
		if (entry) {
			regs_t r;
			if (ptrace(PTRACE_GETREGS, pid, 0, &r) != 0) {
				say("GETREGS", -1);
				break;
			}
			if (REG_NR(r) == SYS_rt_sigreturn) {
				errno = 0;
				long uc = ptrace(PTRACE_PEEKDATA, pid, (void *)&ucaddr, 0);
				printf("rt_sigreturn entry: ucontext noted %s, stack pointer is it %s\n",
				       errno == 0 && uc != 0 ? "yes" : "no", (uintptr_t)REG_SP(r) == (uintptr_t)uc ? "yes" : "no");
				fflush(stdout);
				seen++;
			}
		}
		entry = !entry;
	}
	printf("rt_sigreturn entries seen: %d\n", seen);
	return 0;
}
