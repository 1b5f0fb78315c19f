/* Restartable sequences as Linux 6.1 answers them (kernel/rseq.c): glibc
   registers its rseq area at start-up (__rseq_size 32), the kernel fills
   cpu_id_start and cpu_id, the registration checks (EBUSY, EPERM, EINVAL),
   unregistration resets cpu_id to RSEQ_CPU_ID_UNINITIALIZED, and a signal
   delivered inside a critical section moves the thread to the section's
   abort address and clears rseq_cs. qemu-user 7.2 answers rseq with
   ENOSYS, so rseq.expected is Linux's output, from kernel/rseq.c. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/rseq.h>
#include <sys/syscall.h>
#include <unistd.h>

static struct rseq own __attribute__((aligned(32)));
static struct rseq misaligned[2] __attribute__((aligned(32)));
static volatile int usr1;

static void on_usr1(int sig) { usr1++; }

static const char *res(long r) {
	if (r == 0)
		return "0";
	switch (errno) {
	case EBUSY: return "EBUSY";
	case EPERM: return "EPERM";
	case EINVAL: return "EINVAL";
	case ENOSYS: return "ENOSYS";
	}
	return strerror(errno);
}

static long rseq(void *area, unsigned len, int flags, unsigned sig) {
	return syscall(SYS_rseq, area, len, flags, sig);
}

/* Sets rs->rseq_cs to a critical section that sends SIGUSR1 to this
   process with kill and then commits (returns 0); its abort handler,
   after the signature, returns 1. */
static long signal_in_section(struct rseq *rs, long pid) {
	long r;
	__asm__ volatile(
		"b 7f\n"
		".balign 32\n"
		"5: .long 0, 0\n"
		".quad 1f, 2f - 1f, 3f\n"
		"7: bl 8f\n"
		"8: mflr 9\n"
		"addi 9, 9, 5b - 8b\n"
		"std 9, 8(%[rs])\n"
		"1: li 0, %[nr]\n"
		"mr 3, %[pid]\n"
		"li 4, %[sig]\n"
		"sc\n"
		"li %[r], 0\n"
		"b 4f\n"
		"2: .long 0x0fe5000b\n"
		"3: li %[r], 1\n"
		"4:\n"
		: [r] "=&r"(r)
		: [rs] "b"(rs), [pid] "r"(pid), [nr] "i"(SYS_kill), [sig] "i"(SIGUSR1)
		: "r0", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr", "ctr", "cr0", "memory");
	return r;
}

int main(void) {
	printf("glibc's registration: __rseq_size %u\n", __rseq_size);
	register char *tp __asm__("r13"); /* the thread pointer */
	struct rseq *g = (struct rseq *)(tp + __rseq_offset);
	if (__rseq_size) {
		printf("cpu_id set: %s\n", g->cpu_id == g->cpu_id_start && (int)g->cpu_id >= 0 ? "yes" : "no");
		printf("again: %s\n", res(rseq(g, 32, 0, RSEQ_SIG)));
		printf("again, other signature: %s\n", res(rseq(g, 32, 0, RSEQ_SIG + 1)));
		printf("again, other area: %s\n", res(rseq(&own, 32, 0, RSEQ_SIG)));
		printf("unknown flags: %s\n", res(rseq(g, 32, 2, RSEQ_SIG)));
		printf("unregister, other signature: %s\n", res(rseq(g, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG + 1)));
		printf("unregister, other length: %s\n", res(rseq(g, 64, RSEQ_FLAG_UNREGISTER, RSEQ_SIG)));
		printf("unregister: %s, cpu_id %d\n", res(rseq(g, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG)), (int)g->cpu_id);
		printf("unregister again: %s\n", res(rseq(g, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG)));
	}
	printf("register, length 64: %s\n", res(rseq(&own, 64, 0, RSEQ_SIG)));
	printf("register, misaligned: %s\n", res(rseq((char *)misaligned + 8, 32, 0, RSEQ_SIG)));
	own.cpu_id = 12345;
	long r = rseq(&own, 32, 0, RSEQ_SIG);
	printf("register own area: %s, cpu_id set: %s\n", res(r), own.cpu_id != 12345 && own.cpu_id == own.cpu_id_start ? "yes" : "no");
	if (r != 0)
		return 0;

	signal(SIGUSR1, on_usr1);
	long got = signal_in_section(&own, getpid());
	printf("signal in a critical section: %s, handler ran %d, rseq_cs %s\n", got == 1 ? "aborted" : "committed", usr1,
	       own.rseq_cs == 0 ? "cleared" : "left");
	own.rseq_cs = 0;
	kill(getpid(), SIGUSR1);
	printf("signal outside: handler ran %d\n", usr1);
	return 0;
}
