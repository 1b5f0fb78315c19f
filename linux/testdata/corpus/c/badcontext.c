/* powerpc64 Linux's own context calls, through syscall(2) (glibc uses
 * neither): swapcontext(2) (249) and switch_endian(2) (363). Compared with
 * badcontext.expected, written from Linux 6.1's sources
 * (arch/powerpc/kernel/signal_64.c sys_swapcontext, setup_sigcontext,
 * restore_sigcontext; syscalls.c sys_switch_endian; interrupt.c's
 * syscall_exit_prepare under TIF_RESTOREALL; interrupt_64.S clears CR0[SO]
 * at entry):
 *  - swapcontext(old, new, size): EFAULT if new's MSR cannot be read;
 *    EINVAL if size is below the ucontext without its 32 VSX doublewords
 *    (glibc's ucontext_t, 1440 bytes), or below the whole one (1696) while
 *    new's MSR has MSR_VSX; the size is a long compared unsigned, so -1
 *    passes and fails access_ok (EFAULT) only where a context is given;
 *    old gets the sigcontext (signal 0, handler 0, regs, gp_regs with
 *    SOFTE 1 and MSR_VEC, MSR_VSX only with room for the VSX doublewords,
 *    v_regs 16-byte aligned in vmx_reserve) and uc_sigmask, nothing else;
 *    new must be readable for size bytes (EFAULT after old is written);
 *    loading new keeps r13 and the MSR (its LE bit too), zeroes the vector
 *    registers whose MSR_VEC is clear, and returns into it with its r3;
 *    the saved context resumes after the sc with r3 = old and CR0[SO]
 *    clear. qemu-user 7.2 is no reference here: it refuses any size
 *    below its full ucontext (EINVAL for glibc's 1440) and takes any
 *    above it (-1 too); of the sigcontext it writes the registers only
 *    (not signal, handler, regs, orig_r3, trap, softe); it fails an
 *    assertion (rcu_read_unlock) on a new context with size -1; the
 *    switch to B dies of SIGSEGV (it loads r13); with B's r13 left as it
 *    is, its switching lines are these. MSR_VEC, MSR_VSX and the areas
 *    they announce assume the thread has used VMX and VSX (Linux's
 *    used_vr, used_vsr), as glibc's memset and string functions make it.
 *  - switch_endian flips the thread's MSR[LE] and returns with r3 as it
 *    was: the next words run in the other byte order, loads and stores
 *    too; a signal handler runs in the kernel's order, and rt_sigreturn
 *    returns to the other one. qemu-user 7.2: ENOSYS (the program dies of
 *    SIGILL).
 * Both byte orders print the same. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#define PT_R1 1
#define PT_R3 3
#define PT_R12 12
#define PT_R13 13
#define PT_NIP 32
#define PT_MSR 33
#define PT_ORIG_R3 34
#define PT_CCR 38
#define PT_SOFTE 39
#define PT_TRAP 40
#define MSR_LE 1UL
#define MSR_VEC (1UL << 25)
#define MSR_VSX (1UL << 23)

/* The address of function f's code (ELFv1: its descriptor's entry). */
#if _CALL_ELF == 2
#define CODE(f) ((unsigned long)(f))
#else
#define CODE(f) (((unsigned long *)(f))[0])
#endif

/* A whole kernel ucontext: glibc's and the VSX doublewords after it. */
struct fullctx {
	ucontext_t uc;
	unsigned long vsx[32];
} __attribute__((aligned(16)));

#define NOVSX ((long)sizeof(ucontext_t))
#define FULL ((long)sizeof(struct fullctx))

static long swapctx(void *old, void *new, long size) {
	return syscall(SYS_swapcontext, old, new, size);
}

static void res(const char *what, long r) {
	if (r < 0)
		printf("%s: -1 %s\n", what, strerrorname_np(errno));
	else
		printf("%s: %ld\n", what, r);
}

static int allbytes(const void *p, size_t n, unsigned char c) {
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		if (b[i] != c)
			return 0;
	return 1;
}

static struct fullctx A, B, S;
static volatile int resumed;
static volatile long resumedR3;
static volatile unsigned long entryVR[2];
static volatile int entryBlocked, entryArg;
static char stack[64 << 10] __attribute__((aligned(16)));

/* The entry of context B: it reads v20 before anything else can change
 * it, reports what it sees and goes back to A. */
static void entry(long arg) {
	unsigned long v[2] __attribute__((aligned(16)));
	__asm__ volatile("stvx 20,0,%0" : : "r"(v) : "memory");
	entryVR[0] = v[0];
	entryVR[1] = v[1];
	sigset_t cur;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	entryBlocked = sigismember(&cur, SIGUSR1);
	entryArg = (int)arg;
	swapctx(NULL, &A, FULL);
	printf("returned from the swap to A\n");
	_exit(1);
}

static void setv20(unsigned int x) {
	unsigned int v[4] __attribute__((aligned(16))) = {x, x, x, x};
	__asm__ volatile("lvx 20,0,%0" : : "r"(v) : "v20", "memory");
}

static void badargs(void) {
	printf("-- swapcontext: bad arguments\n");
	res("no contexts, size 0", swapctx(NULL, NULL, 0));
	res("no contexts, size 1439", swapctx(NULL, NULL, NOVSX - 1));
	res("no contexts, size 1440", swapctx(NULL, NULL, NOVSX));
	res("no contexts, size -1", swapctx(NULL, NULL, -1));
	res("old unwritable", swapctx((void *)8, NULL, FULL));
	res("new unreadable", swapctx(NULL, (void *)8, FULL));
	res("old, size -1", swapctx(&S, NULL, -1));
	res("new, size -1", swapctx(NULL, &A, -1));
	res("old beyond the address space", swapctx((void *)-4096L, NULL, FULL));

	/* new's MSR has MSR_VSX but size has no room: EINVAL, old untouched. */
	memset(&S, 0xa5, sizeof S);
	memset(&B, 0, sizeof B);
	B.uc.uc_mcontext.gp_regs[PT_MSR] = MSR_VSX;
	res("MSR_VSX, size 1440", swapctx(&S, &B, NOVSX));
	printf("old untouched: %d\n", allbytes(&S, sizeof S, 0xa5));

	/* new readable for 1440 bytes, not 1696: EFAULT, old written. */
	long pg = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(m + pg, pg);
	ucontext_t *tail = (ucontext_t *)(m + pg - NOVSX);
	memset(tail, 0, NOVSX);
	memset(&S, 0xa5, sizeof S);
	res("new short of size", swapctx(&S, tail, FULL));
	printf("old written: %d\n", S.uc.uc_mcontext.signal == 0);
	munmap(m, pg);
}

static unsigned long tp(void) {
	unsigned long r;
	__asm__("mr %0,13" : "=r"(r));
	return r;
}

static void saved(void) {
	printf("-- swapcontext: what it saves\n");
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (int full = 0; full <= 1; full++) {
		memset(&S, 0xa5, sizeof S);
		res(full ? "save, size 1696" : "save, size 1440", swapctx(&S, NULL, full ? FULL : NOVSX));
		mcontext_t *mc = &S.uc.uc_mcontext;
		unsigned long *g = mc->gp_regs;
		unsigned long vr = ((unsigned long)mc->vmx_reserve + 15) & ~15UL;
		printf("uc_flags, uc_link, uc_stack untouched: %d\n",
		       allbytes(&S.uc, offsetof(ucontext_t, uc_sigmask), 0xa5));
		printf("uc_sigmask: SIGUSR2 %d, SIGUSR1 %d, rest untouched %d\n",
		       sigismember(&S.uc.uc_sigmask, SIGUSR2), sigismember(&S.uc.uc_sigmask, SIGUSR1),
		       allbytes((char *)&S.uc.uc_sigmask + 8, sizeof(sigset_t) - 8, 0xa5));
		printf("reserved, pad, oldmask untouched: %d %d %d\n",
		       allbytes(mc->__glibc_reserved, sizeof mc->__glibc_reserved, 0xa5),
		       allbytes((char *)&mc->signal + 4, 4, 0xa5), allbytes(&mc->oldmask, 8, 0xa5));
		printf("signal %d, handler %lu, regs is gp_regs %d, v_regs aligned in vmx_reserve %d\n",
		       mc->signal, mc->handler, (void *)mc->regs == (void *)g, (unsigned long)mc->v_regs == vr);
		printf("r3 and orig_r3 are old %d %d, trap %#lx, softe %lu, CR0[SO] %lu\n",
		       g[PT_R3] == (unsigned long)&S, g[PT_ORIG_R3] == (unsigned long)&S, g[PT_TRAP],
		       g[PT_SOFTE], g[PT_CCR] >> 28 & 1);
		printf("MSR_VEC %d, MSR_VSX %d, MSR_LE as the program's %d\n", !!(g[PT_MSR] & MSR_VEC),
		       !!(g[PT_MSR] & MSR_VSX), !!(g[PT_MSR] & MSR_LE) == (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__));
		printf("r13 is the thread pointer %d, nip in the text %d\n",
		       g[PT_R13] == tp(),
		       g[PT_NIP] > CODE(saved) - (1 << 24) && g[PT_NIP] < CODE(saved) + (1 << 24));
		/* The VRSAVE word and the bytes after it. */
		unsigned char *q33 = (unsigned char *)vr + 33 * 16;
		printf("vrsave quadword's tail untouched %d, VSX area written %d\n", allbytes(q33 + 4, 12, 0xa5),
		       !allbytes(q33 + 16, 32 * 8, 0xa5));
	}
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

static void swaps(void) {
	printf("-- swapcontext: switching\n");
	long r = swapctx(&A, NULL, FULL);
	/* A resumes here, after the sc. */
	if (resumed) {
		resumedR3 = r;
		goto back;
	}
	res("saved A", r);

	/* B: A's registers, running entry(42) on its own stack, with
	 * SIGUSR1 blocked, r13 0 and MSR[LE] flipped (both kept by Linux),
	 * and MSR_VEC clear (the vector registers zeroed). */
	B = A;
	unsigned long *g = B.uc.uc_mcontext.gp_regs;
	g[PT_NIP] = CODE(entry);
	g[PT_R12] = CODE(entry);
#if _CALL_ELF != 2
	g[2] = ((unsigned long *)entry)[1];
#endif
	g[PT_R1] = (unsigned long)(stack + sizeof stack - 128);
	g[PT_R3] = 42;
	g[PT_R13] = 0;
	g[PT_MSR] ^= MSR_LE;
	g[PT_MSR] &= ~(MSR_VEC | MSR_VSX);
	sigaddset(&B.uc.uc_sigmask, SIGUSR1);
	B.uc.uc_mcontext.v_regs = (void *)(((unsigned long)B.uc.uc_mcontext.vmx_reserve + 15) & ~15UL);
	setv20(0x77777777);
	resumed = 1;
	r = swapctx(&S, &B, FULL);
	printf("swap to B returned %ld\n", r);
	_exit(1);
back:
	printf("A resumed with r3 = A %d\n", resumedR3 == (long)&A);
	printf("entry: arg %d, SIGUSR1 blocked %d, v20 zeroed %d\n", entryArg, entryBlocked,
	       entryVR[0] == 0 && entryVR[1] == 0);
	sigset_t cur;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	printf("back in A: SIGUSR1 blocked %d\n", sigismember(&cur, SIGUSR1));

	/* The same with MSR_VEC set: v20 from B's v_regs. */
	resumed = 0;
	r = swapctx(&A, NULL, FULL);
	if (resumed)
		goto back2;
	/* (g and the other locals set after A was saved are not A's.) */
	B.uc.uc_mcontext.gp_regs[PT_MSR] |= MSR_VEC;
	unsigned int *vr = (unsigned int *)B.uc.uc_mcontext.v_regs;
	for (int i = 0; i < 4; i++)
		vr[20 * 4 + i] = 0x12345678;
	resumed = 1;
	swapctx(NULL, &B, FULL);
	_exit(1);
back2:
	printf("MSR_VEC set: v20 from v_regs %d\n", entryVR[0] == 0x1234567812345678UL && entryVR[1] == entryVR[0]);
}

/* switch_endian */

static volatile int handlerOther = -1;

static void onusr1(int sig, siginfo_t *si, void *ctx) {
	ucontext_t *uc = ctx;
	int le = !!(uc->uc_mcontext.gp_regs[PT_MSR] & MSR_LE);
	handlerOther = le != (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__);
}

/* An instruction word in the other byte order. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define OTHER(w) ".byte (" #w ">>24)&255, (" #w ">>16)&255, (" #w ">>8)&255, " #w "&255\n"
#else
#define OTHER(w) ".byte " #w "&255, (" #w ">>8)&255, (" #w ">>16)&255, (" #w ">>24)&255\n"
#endif

static void endian(void) {
	printf("-- switch_endian\n");
	struct sigaction sa = {.sa_sigaction = onusr1, .sa_flags = SA_SIGINFO};
	sigaction(SIGUSR1, &sa, NULL);
	static uint32_t data[4] = {0x11223344, 0, 0, 0};
	unsigned long r3out, r30out;
	register unsigned long r30 __asm__("r30") = (unsigned long)data;
	__asm__ volatile(
		"mr 3,30\n"
		"li 0,%[nr]\n"
		"sc\n" /* (no arguments: r4-r8 hold whatever they hold) */
		/* the other byte order from here */
		OTHER(0x80830000) /* lwz r4,0(r3) */
		OTHER(0x90830004) /* stw r4,4(r3) */
		OTHER(0x38a00102) /* li r5,0x102 */
		OTHER(0xb0a3000c) /* sth r5,12(r3) */
		OTHER(0x3bc30000) /* addi r30,r3,0 */
		OTHER(0x38000014) /* li r0,20 (getpid) */
		OTHER(0x44000002) /* sc */
		OTHER(0x3880000a) /* li r4,10 (SIGUSR1) */
		OTHER(0x38000025) /* li r0,37 (kill) */
		OTHER(0x44000002) /* sc: the handler runs */
		OTHER(0x7fc3f378) /* mr r3,r30 */
		OTHER(0x80830000) /* lwz r4,0(r3) */
		OTHER(0x3800016b) /* li r0,363 */
		OTHER(0x44000002) /* sc */
		/* this byte order again */
		"stw 4,8(3)\n"
		"mr %0,3\n"
		"mr %1,30\n"
		: "=r"(r3out), "=r"(r30out), "+r"(r30)
		: [nr] "i"(SYS_switch_endian)
		: "r0", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "ctr", "cr0", "memory");
	printf("r3 kept across both switches: %d\n", r3out == (unsigned long)data && r30out == r3out);
	printf("word loaded in the other order: %#x\n", data[2]);
	printf("stored back in the other order: %#x\n", data[1]);
	uint16_t h;
	memcpy(&h, (char *)data + 12, 2);
	printf("halfword stored in the other order: %#x\n", h);
	printf("handler ran: %d, interrupted in the other order: %d\n", handlerOther >= 0, handlerOther == 1);
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	badargs();
	saved();
	swaps();
	endian();
	return 0;
}
