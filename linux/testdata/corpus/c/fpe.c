/* Enabled floating-point exceptions. feenableexcept sets the FPSCR enable
   bits and calls prctl(PR_SET_FPEXC) to set MSR[FE0,FE1]; an enabled
   exception then raises SIGFPE with Linux's si_code (FPE_FLTDIV, FLTOVF,
   FLTUND, FLTRES, FLTINV), si_addr = the instruction, and the handler runs
   with FPSCR = 0 (arch/powerpc/kernel/traps.c and signal_64.c). Enable bits
   without the prctl (mode 0) trap nothing.
   QEMU 7.2 implements neither PR_GET_FPEXC nor PR_SET_FPEXC (EINVAL) and
   traps whenever an enable bit is set, so this program's expected output is
   fpe.expected, written from the Linux sources, not a qemu-user run. */
#define _GNU_SOURCE
#include <fenv.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <ucontext.h>

static sigjmp_buf env;
static volatile int code, flagsInHandler, fixup;
static void *volatile addr;

static void onfpe(int sig, siginfo_t *si, void *ucv) {
	code = si->si_code;
	addr = si->si_addr;
	flagsInHandler = fetestexcept(FE_ALL_EXCEPT);
	if (fixup) {
		/* Return into the instruction with the enables cleared in the
		   saved FPSCR: it then completes without a trap. */
		ucontext_t *uc = ucv;
		union { double d; unsigned long l; } u;
		u.d = uc->uc_mcontext.fp_regs[32];
		u.l &= ~0xf8UL;
		uc->uc_mcontext.fp_regs[32] = u.d;
		return;
	}
	siglongjmp(env, 1);
}

/* Each operation is one instruction at a global label, so that si_addr can
   be checked exactly; the target starts as 42, which an enabled invalid or
   zero-divide exception leaves unaltered (Power ISA 4.4). */
#define OP(name, insn)                                                        \
	extern char name##_at[] __attribute__((visibility("hidden")));             \
	static __attribute__((noinline)) double name(double a, double b) {    \
		double r = 42;                                                \
		__asm__ volatile(".globl " #name "_at\n" #name "_at: " insn " %0,%1,%2" \
		                 : "+d"(r) : "d"(a), "d"(b));                 \
		return r;                                                     \
	}
OP(fdivop, "fdiv")
OP(fmulop, "fmul")
extern char fsqrtop_at[] __attribute__((visibility("hidden")));
static __attribute__((noinline)) double fsqrtop(double a, double b) {
	double r = 42;
	__asm__ volatile(".globl fsqrtop_at\nfsqrtop_at: fsqrt %0,%1" : "+d"(r) : "d"(a));
	return r;
}

static const char *codename(int c) {
	switch (c) {
	case FPE_FLTDIV: return "FPE_FLTDIV";
	case FPE_FLTOVF: return "FPE_FLTOVF";
	case FPE_FLTUND: return "FPE_FLTUND";
	case FPE_FLTRES: return "FPE_FLTRES";
	case FPE_FLTINV: return "FPE_FLTINV";
	}
	return "other";
}

static void run(const char *name, int exc, double (*f)(double, double), char *at, double a, double b) {
	feclearexcept(FE_ALL_EXCEPT);
	fedisableexcept(FE_ALL_EXCEPT);
	feenableexcept(exc);
	unsigned int mode = 99;
	prctl(PR_GET_FPEXC, &mode);
	code = 0;
	addr = 0;
	if (sigsetjmp(env, 1) == 0) {
		double r = f(a, b);
		printf("%-12s mode=%u no signal, r=%g\n", name, mode, r);
	} else {
		printf("%-12s mode=%u SIGFPE %s si_addr=%s flags in handler=%#x\n", name, mode, codename(code),
		       addr == at ? "insn" : "WRONG", flagsInHandler);
	}
	fedisableexcept(FE_ALL_EXCEPT);
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = onfpe;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGFPE, &sa, NULL);

	unsigned int mode = 99;
	int rc = prctl(PR_GET_FPEXC, &mode);
	printf("initial: rc=%d mode=%u\n", rc, mode);
	run("divbyzero", FE_DIVBYZERO, fdivop, fdivop_at, 1.0, 0.0);
	run("overflow", FE_OVERFLOW, fmulop, fmulop_at, 1e308, 1e308);
	run("underflow", FE_UNDERFLOW, fmulop, fmulop_at, 1e-308, 1e-308);
	run("inexact", FE_INEXACT, fdivop, fdivop_at, 1.0, 3.0);
	run("invalid", FE_INVALID, fdivop, fdivop_at, 0.0, 0.0);
	run("sqrt(-1)", FE_INVALID, fsqrtop, fsqrtop_at, -1.0, 0.0);
	run("not enabled", FE_OVERFLOW, fdivop, fdivop_at, 1.0, 0.0);

	/* Return from the handler with the enables cleared in the frame. */
	fixup = 1;
	feclearexcept(FE_ALL_EXCEPT);
	feenableexcept(FE_DIVBYZERO);
	double r = fdivop(1.0, 0.0);
	printf("fixed up: r=%g code=%s si_addr=%s zx=%d enabled now=%#x\n", r, codename(code),
	       addr == fdivop_at ? "insn" : "WRONG", fetestexcept(FE_DIVBYZERO) != 0, fegetexcept());
	fixup = 0;

	/* Enable bits without the prctl: mode 0 ignores them (glibc's
	   fesetenv would call the prctl itself, so mtfsb1 sets ZE). */
	fedisableexcept(FE_ALL_EXCEPT);
	rc = prctl(PR_SET_FPEXC, PR_FP_EXC_DISABLED);
	feclearexcept(FE_ALL_EXCEPT);
	__asm__ volatile("mtfsb1 27"); /* FPSCR[ZE] */
	mode = 99;
	prctl(PR_GET_FPEXC, &mode);
	code = 0;
	r = fdivop(1.0, 0.0);
	printf("ZE without prctl: rc=%d mode=%u r=%g signal=%s zx=%d ze=%#x\n", rc, mode, r, code ? "yes" : "no",
	       fetestexcept(FE_DIVBYZERO) != 0, fegetexcept());
	printf("PR_SET_FPEXC(4)=%d PR_SET_FPEXC(SW_ENABLE)=%d\n", prctl(PR_SET_FPEXC, 4),
	       prctl(PR_SET_FPEXC, PR_FP_EXC_SW_ENABLE));
	printf("async mode: %d", prctl(PR_SET_FPEXC, PR_FP_EXC_ASYNC));
	mode = 99;
	prctl(PR_GET_FPEXC, &mode);
	printf(" -> %u\n", mode);
	return 0;
}
