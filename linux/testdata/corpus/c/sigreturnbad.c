/* sigreturnbad: rt_sigreturn given a frame it cannot read. Linux 6.1's
 * powerpc64 rt_sigreturn (arch/powerpc/kernel/signal_64.c) checks the
 * ucontext at r1 against the user address space, reads its signal mask
 * and sets it, then reads the registers; where any of that fails it
 * forces SIGSEGV (force_sig: si_code SI_KERNEL, no address), which a
 * handler may catch: here one on an alternate stack, since r1 is the bad
 * frame. The call itself returns 0. A blocked SIGSEGV is unblocked and
 * made the default, so the process dies of it.
 *
 * Cases: r1 in a PROT_NONE page (nothing read, the mask unchanged); r1
 * placed so that only uc_sigmask (offset 40, 8 bytes) is readable, the
 * registers in the PROT_NONE page after it (the mask is set: SIGUSR2,
 * which the caller had not blocked, is blocked in the handler); r1 above
 * the user address space; and, in a child, the same call with SIGSEGV
 * blocked (killed by SIGSEGV).
 *
 * sigreturnbad.expected is written from Linux 6.1's sources: qemu-user
 * 7.2's do_rt_sigreturn locks the whole frame before it sets the mask, so
 * in the second case it leaves SIGUSR2 unblocked. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static sigjmp_buf jb;
static volatile int code, usr2, segvblocked;
static volatile uintptr_t addr;

static void onsegv(int sig, siginfo_t *si, void *uc) {
	sigset_t cur;
	(void)sig;
	(void)uc;
	sigprocmask(SIG_SETMASK, NULL, &cur);
	code = si->si_code;
	addr = (uintptr_t)si->si_addr;
	usr2 = sigismember(&cur, SIGUSR2);
	segvblocked = sigismember(&cur, SIGSEGV);
	siglongjmp(jb, 1);
}

/* badreturn calls rt_sigreturn with r1 = uc. It does not return: the
 * SIGSEGV handler jumps out, or the process dies. */
static void badreturn(uintptr_t uc) {
	__asm__ volatile("mr 1,%0\n\tli 0,%1\n\tsc\n\t.long 0" : : "r"(uc), "i"(SYS_rt_sigreturn) : "r0", "memory");
}

static void run(const char *name, uintptr_t uc) {
	code = -1;
	usr2 = -1;
	if (sigsetjmp(jb, 1) == 0) {
		badreturn(uc);
		printf("%s: rt_sigreturn returned\n", name);
		return;
	}
	printf("%s: SIGSEGV si_code %d (SI_KERNEL %d) si_addr %#lx, SIGUSR2 blocked in the handler %d, SIGSEGV %d\n",
	       name, code, SI_KERNEL, (unsigned long)addr, usr2, segvblocked);
	sigset_t cur;
	sigprocmask(SIG_SETMASK, NULL, &cur);
	printf("%s: after the jump SIGUSR2 blocked %d\n", name, sigismember(&cur, SIGUSR2));
}

int main(void) {
	long pg = sysconf(_SC_PAGESIZE);
	static char altstack[1 << 16];
	stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack};
	if (sigaltstack(&ss, NULL) != 0) {
		perror("sigaltstack");
		return 1;
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = onsegv;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigaction(SIGSEGV, &sa, NULL);

	char *p = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	if (mprotect(p + pg, pg, PROT_NONE) != 0) {
		perror("mprotect");
		return 1;
	}
	run("unreadable", (uintptr_t)(p + pg + 256));

	/* uc_sigmask is the 8 bytes at 40: the last 8 of the readable page. */
	uintptr_t uc = (uintptr_t)(p + pg - 48);
	uint64_t mask = 1ull << (SIGUSR2 - 1);
	memcpy((void *)(uc + 40), &mask, sizeof mask);
	run("mask only", uc);

	run("kernel address", (uintptr_t)0xc000000000001000ull);

	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		sigset_t s;
		sigemptyset(&s);
		sigaddset(&s, SIGSEGV);
		sigprocmask(SIG_BLOCK, &s, NULL);
		badreturn((uintptr_t)(p + pg + 256));
		_exit(3);
	}
	int st;
	if (waitpid(pid, &st, 0) != pid) {
		perror("waitpid");
		return 1;
	}
	if (WIFSIGNALED(st))
		printf("blocked SIGSEGV: child killed by signal %d\n", WTERMSIG(st));
	else
		printf("blocked SIGSEGV: child exited %d\n", WEXITSTATUS(st));
	return 0;
}
