#include <stdio.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
static jmp_buf jb;
static sigjmp_buf sjb;
static volatile int usr1;
static char altstack[65536];
static void onusr1(int sig) { usr1++; }
static void onsegv(int sig, siginfo_t *si, void *uc) {
	stack_t ss;
	sigaltstack(NULL, &ss);
	printf("SIGSEGV code=%d addr=%p onstack=%d\n", si->si_code, si->si_addr, (ss.ss_flags & SS_ONSTACK) != 0);
	siglongjmp(sjb, 1);
}
static void ontrap(int sig, siginfo_t *si, void *uc) {
	printf("SIGTRAP code=%d\n", si->si_code);
	siglongjmp(sjb, 2);
}
static void deep(int n) { if (n == 0) longjmp(jb, 42); deep(n - 1); }
int main(void) {
	int r = setjmp(jb);
	if (r == 0) deep(10);
	printf("longjmp returned %d\n", r);
	signal(SIGUSR1, onusr1);
	raise(SIGUSR1);
	kill(getpid(), SIGUSR1);
	printf("usr1=%d\n", usr1);
	stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack};
	sigaltstack(&ss, NULL);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = onsegv;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigaction(SIGSEGV, &sa, NULL);
	sa.sa_sigaction = ontrap;
	sigaction(SIGTRAP, &sa, NULL);
	if (sigsetjmp(sjb, 1) == 0) { *(volatile int *)0x10 = 1; }
	printf("after segv\n");
	if (sigsetjmp(sjb, 1) == 0) { __builtin_trap(); }
	printf("after trap\n");
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	raise(SIGUSR1);
	sigset_t pend;
	sigpending(&pend);
	printf("pending=%d usr1=%d\n", sigismember(&pend, SIGUSR1), usr1);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	printf("usr1=%d\n", usr1);
	return 7;
}
