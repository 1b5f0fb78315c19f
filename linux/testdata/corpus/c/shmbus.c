/* A SIGBUS handler for a file MAP_SHARED page the program has used and
 * whose file was then truncated: the handler runs with si_code BUS_ADRERR,
 * si_addr the byte accessed, and the faulting instruction's registers as
 * they were before it (NIP at it, the base register of a load with update
 * not updated); siglongjmp leaves it and the program goes on. A system
 * call reading from the page fails with EFAULT; once the file is extended
 * again the page reads zeros. shmbus.expected is qemu-user's output for the
 * little-endian build (qemu-ppc64le 7.2); qemu-ppc64 reports a wrong
 * si_addr for this SIGBUS (far outside the mapping) where Linux reports
 * the address accessed (the DAR), so the program is not compared with it. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include "res.h"

static sigjmp_buf env;
static volatile int signo, code, at_insn, base_kept;
static volatile uintptr_t addr;
static volatile char *m;
extern char fault_insn[];

static void onbus(int sig, siginfo_t *si, void *ctx) {
	ucontext_t *uc = ctx;
	signo = sig;
	code = si->si_code;
	addr = (uintptr_t)si->si_addr;
	at_insn = uc->uc_mcontext.gp_regs[32] == (unsigned long)(uintptr_t)fault_insn;
	base_kept = uc->uc_mcontext.gp_regs[3] == (unsigned long)(uintptr_t)m;
	siglongjmp(env, 1);
}

int main(void) {
	char path[64];
	snprintf(path, sizeof path, "/tmp/ppc64emu-shmbus-%d", (int)getpid());
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, 8192) != 0)
		return 2;
	m = mmap(0, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return 3;
	m[8] = 'a'; /* the page is in use */
	struct sigaction sa = {0};
	sa.sa_sigaction = onbus;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGBUS, &sa, NULL);
	res("ftruncate 0", ftruncate(fd, 0));
	if (sigsetjmp(env, 1) == 0) {
		register unsigned long r3 asm("r3") = (unsigned long)(uintptr_t)m;
		asm volatile(".globl fault_insn\nfault_insn:\n\tldu 4,8(3)" : "+r"(r3) : : "r4", "memory");
		printf("load: not faulted\n");
	}
	printf("handler: signal %s, BUS_ADRERR %d, si_addr is the byte %d, NIP at the load %d, base register kept %d\n",
	       signo == SIGBUS ? "SIGBUS" : "other", code == BUS_ADRERR, addr == (uintptr_t)(m + 8), at_insn, base_kept);
	signo = 0;
	if (sigsetjmp(env, 1) == 0) {
		m[4096] = 'x';
		printf("store: not faulted\n");
	}
	printf("store to the second page: signal %s, si_addr is the byte %d\n", signo == SIGBUS ? "SIGBUS" : "other",
	       addr == (uintptr_t)(m + 4096));
	int p[2];
	if (pipe(p) != 0)
		return 4;
	res("write from the page", write(p[1], (const char *)m, 1));
	res("ftruncate 8192", ftruncate(fd, 8192));
	printf("after extending: %d %d\n", m[8], m[4096]);
	return 0;
}
