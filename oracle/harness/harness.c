// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026, The ppc64emu Authors
//
// harness.c: runs single powerpc64 instructions under QEMU user mode
// (qemu-ppc64le / qemu-ppc64, -cpu power10) and prints reference traces in
// the format of trace-format.md (version 2).
//
// Input: vector lines on stdin. Output: one line on stdout per input line,
// flushed (written with one write(2)) as soon as it is complete:
//   - a vector line     -> "VECTOR => RESULT" (VECTOR is the input line with
//                          its "# comment" and surrounding blanks removed;
//                          a trace line is accepted as input: everything
//                          from " => " on is dropped, so a trace file can be
//                          replayed through the harness and diffed)
//   - a "#" line        -> echoed unchanged
//   - a blank line      -> echoed as an empty line
// so a line-synchronous driver always gets exactly one line back per line.
// Before the first input line three header lines are printed:
//   # format=2
//   # order=le|be
//   # reference=qemu-7.2 cpu=power10
//
// Output conventions (all hex is lower case, zero padded, without 0x):
//   sig=XX  code=XX                2 digits (si_code printed as unsigned;
//                                  a negative si_code would show 8 digits)
//   addr=  nip=                    16 digits
//   r0..r31 xer lr ctr fpscr       16 digits (fpscr: all 64 bits)
//   tar ppr                        16 digits
//   cr vscr vrsave                 8 digits
//   vs0..vs63                      32 digits, doubleword 0 first; FPRs and
//                                  VRs are never printed as f/v, always as vs
//   m@OFF=HEX                      OFF 4 digits (offset into scratch); HEX
//                                  the bytes in address order, whole 8-byte
//                                  aligned blocks, consecutive changed blocks
//                                  merged into one run
//   c@ADDR=HEX                     ADDR 8 digits (absolute address in the
//                                  code page), whole 4-byte aligned words,
//                                  consecutive changed words merged
// Registers are printed in the order r0..r31 cr xer lr ctr fpscr vscr tar
// vrsave ppr vs0..vs63, and only those that differ from the vector's input (with -full:
// all of them, for every status except skip and error).
//
// Statuses: SIGTRAP at CIA -> trap, elsewhere -> ok; SIGSEGV at CIA -> segv,
// elsewhere -> ok (a branch to an unmapped or non-executable target; addr is
// then nip, QEMU's si_addr being stale); SIGILL ill; SIGBUS bus; SIGFPE fpe;
// SIGALRM loop. Refused vectors (st=skip why=...) are listed in refuse();
// malformed lines (st=error err=...) in parse_vector(); see also README.md.
//
// How it works (no register save/restore code of our own): the harness runs
// a "trap" instruction; its SIGTRAP handler, on an alternate signal stack at
// a fixed address, saves the harness's own context found in the signal frame
// and overwrites the frame with the vector's state (NIP = CIA). The handler's
// return (rt_sigreturn) loads that state and jumps to the instruction under
// test. It is surrounded by trap words, so whatever it does ends with a
// signal; that second handler invocation copies the resulting state out of
// the frame, puts the harness's context back, and returns to the harness
// right after its trap. An interval timer (SIGALRM) catches instructions that
// branch to themselves (status loop, after 100-200 ms). VRSAVE travels in its
// frame slot; TAR and PPR, which no frame carries and signals do not touch,
// are moved with mtspr/mfspr in the handler. QEMU's rt_sigreturn loads only
// the low word of FPSCR, so a vector with a non-zero DRN starts at a two-word
// prologue (mtfsfi 7,DRN,1; b CIA) instead of at CIA; the frame's FPSCR
// slot, on the way out, has all 64 bits.

#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/ucontext.h>
#include <time.h>
#include <unistd.h>

#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define ORDER_NAME "be"
#define IS_LE 0
#else
#define ORDER_NAME "le"
#define IS_LE 1
#endif

typedef unsigned __int128 u128;

// ---------------------------------------------------------------- layout

#define CODE_BASE 0x40000000UL
#define CODE_SIZE 0x00100000UL
#define CIA 0x40080000UL
#define CPAGE_BASE 0x40080000UL
#define CPAGE_SIZE 0x1000UL
#define SCRATCH_BASE 0x50000000UL
#define SCRATCH_SIZE 0x2000UL
#define SIGSTK_BASE 0x5e000000UL
#define SIGSTK_SIZE 0x10000UL
// DRN prologues: rt_sigreturn loads only the low word of FPSCR, so a vector
// with a non-zero DRN starts at PROLOGUE_BASE + 16*DRN, which holds
// "mtfsfi 7,DRN,1; b CIA". Within branch range of CIA, outside the format's
// regions; branches and accesses that could reach it are refused.
//
// Any signal that returns into the running test (the watchdog's SIGALRM
// ticks) goes through rt_sigreturn too, which would clear DRN again: such a
// return is redirected through a resume trampoline in the next page,
// RESUME_BASE, rewritten for each such return as "mtfsfi 7,DRN,1; b NIP".
#define PROLOGUE_BASE 0x41f00000UL
#define RESUME_BASE 0x41f01000UL
#define PROLOGUE_SIZE 0x2000UL // both pages: the fixed prologues and the resume trampoline
#define FPSCR_DRN 0x0000000700000000ULL

#define TRAP_WORD 0x7fe00008u

// Indices into the gp_regs array of the 64-bit signal frame (see
// <asm/ptrace.h>): 0..31 GPRs, then NIP, MSR, orig r3, CTR, LR, XER, CR.
enum { GP_NIP = 32, GP_MSR = 33, GP_CTR = 35, GP_LNK = 36, GP_XER = 37, GP_CCR = 38, NGP = 48 };
#define NFP 33            // FPR0..31 + FPSCR
#define VR_AREA (34 * 16) // VR0..31, the VSCR quadword, the VRSAVE quadword
#define VSX_AREA (32 * 8) // doubleword 1 of VSR0..31, right after VR_AREA
#define VEC_BYTES (VR_AREA + VSX_AREA)

// ---------------------------------------------------------------- state

struct state {
	uint64_t gpr[32];
	uint64_t cr, xer, lr, ctr, fpscr, vscr, tar, vrsave, ppr;
	uint64_t vs[64][2]; // [i][0] = doubleword 0, [i][1] = doubleword 1
};

// Register table used for comparing and printing, in output order.
enum { RK_GPR, RK_CR, RK_XER, RK_LR, RK_CTR, RK_FPSCR, RK_VSCR, RK_TAR, RK_VRSAVE, RK_PPR, RK_VS };

// ---------------------------------------------------------------- handler data

enum { PH_IDLE, PH_ARMED, PH_RUNNING, PH_DONE };

static volatile int phase;
static volatile int ticks;      // SIGALRM ticks seen while the test ran
static uint64_t tick_cpu;       // process CPU time at the first such tick
#define LOOP_CPU_NS 50000000ULL

static uint64_t cpu_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}
static uint64_t harness_tp;     // thread pointer (r13) of the harness
static struct state in_st;      // state written into the frame
static struct state out_st;     // state read back
static int out_sig, out_code;
static uint64_t out_addr, out_nip;

static uint64_t saved_gp[NGP];
static uint64_t saved_fp[NFP];
static unsigned char saved_vec[VEC_BYTES] __attribute__((aligned(16)));
static uint32_t saved_vscr;

static inline uint32_t read_vscr(void)
{
	u128 q __attribute__((aligned(16)));
	__asm__ volatile("mfvscr 0\n\tstvx 0,0,%0" : : "r"(&q) : "v0", "memory");
	return (uint32_t)q; // the VSCR is the low-order word of the quadword
}

static inline void write_vscr(uint32_t v)
{
	u128 q __attribute__((aligned(16))) = v;
	__asm__ volatile("lvx 0,0,%0\n\tmtvscr 0" : : "r"(&q) : "v0", "memory");
}

// TAR (815) and PPR (896) are not in the signal frame; QEMU's signal
// delivery and rt_sigreturn leave them alone, so the handler moves them
// directly. (VRSAVE has a frame slot, which QEMU 7.2 fills and loads.)
#define DEF_SPR(name, n)                                                              \
	static inline uint64_t mf_##name(void)                                        \
	{                                                                             \
		uint64_t v;                                                           \
		__asm__ volatile("mfspr %0," #n : "=r"(v));                           \
		return v;                                                             \
	}                                                                             \
	static inline void mt_##name(uint64_t v) { __asm__ volatile("mtspr " #n ",%0" : : "r"(v)); }
DEF_SPR(tar, 815)
DEF_SPR(ppr, 896)
// The transactional-memory SPRs TFHAR (128), TFIAR (129), TEXASR (130) and
// TEXASRU (131): QEMU 7.2 fails every tbegin. at once and records why in
// them. No frame carries them and the format has no key for them, so the
// handler sets them back to their initial 0 before each vector; otherwise
// an mfspr of one would read what a tbegin. of an earlier vector left
// there. (mtspr to them is refused: spr-uncaptured.)
DEF_SPR(tfhar, 128)
DEF_SPR(tfiar, 129)
DEF_SPR(texasr, 130)
DEF_SPR(texasru, 131)

static inline uint64_t get64(const void *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

static inline void put64(void *p, uint64_t v) { memcpy(p, &v, 8); }

// Bring QEMU's hidden floating-point status in line with the FPSCR control
// bits the vector asks for: a real mtfsf of the control bits only (no
// exception bits, so nothing can be raised) updates the rounding mode and the
// overflow/underflow rebias settings, and an exact addition clears any
// pending softfloat flags. rt_sigreturn then loads the full FPSCR.
static inline void sync_fp_control(uint64_t fpscr)
{
	union { uint64_t u; double d; } c = { .u = fpscr & 0xff };
	double one = 1.0, r;
	__asm__ volatile("mtfsf 0xff,%1\n\tfadd %0,%2,%2" : "=d"(r) : "d"(c.d), "d"(one));
	(void)r;
}

// Leave no load reservation behind, so store-conditional vectors always see
// the same (none) reservation whatever ran before.
static uint64_t resv_dummy __attribute__((aligned(8)));
static inline void drop_reservation(void)
{
	uint64_t t;
	__asm__ volatile("ldarx %0,0,%1\n\tstdcx. %0,0,%1" : "=&r"(t) : "r"(&resv_dummy) : "cr0", "memory");
}

static void fatal_in_handler(const char *msg)
{
	ssize_t n = write(2, msg, strlen(msg));
	(void)n;
	_exit(3);
}

static void flush_icache(void *start, size_t len);
static int fp_enabled_exception(uint64_t f);
static uint64_t resumes_drn; // returns into a test through the resume trampoline

// mtfsfi 7,drn,1: sets FPSCR's DRN field only.
static uint32_t mtfsfi_drn(uint32_t drn) { return 0xfc00010cu | 7u << 23 | 1u << 16 | drn << 12; }

// A signal handler that returns into the running test (a watchdog tick)
// must keep the test's DRN: rt_sigreturn loads only the low word of FPSCR
// and clears the high word. The frame's FPSCR slot has all 64 bits on the
// way in, so when DRN is non-zero the return goes through the resume
// trampoline "mtfsfi 7,DRN,1; b NIP", which puts DRN back and continues at
// the interrupted instruction. (Without this, a tick landing between the
// prologue and the instruction under test, or between the instruction and
// the trap after it, reported FPSCR's high word as 0: about 1 vector in
// 7,000 of those with a non-zero DRN.)
static void keep_drn_on_return(unsigned long *gp, const double *fp)
{
	uint64_t f;
	memcpy(&f, &fp[32], 8);
	uint32_t drn = (uint32_t)((f & FPSCR_DRN) >> 32);
	if (drn == 0)
		return;
	uint64_t nip = gp[GP_NIP];
	int64_t off = (int64_t)(nip - (RESUME_BASE + 4));
	if (off < -0x2000000 || off >= 0x2000000 || fp_enabled_exception(f))
		fatal_in_handler("harness: fatal: cannot keep DRN across a signal return\n");
	volatile uint32_t *t = (volatile uint32_t *)RESUME_BASE;
	t[0] = mtfsfi_drn(drn);
	t[1] = 0x48000000u | ((uint32_t)off & 0x03fffffcu); // b NIP
	flush_icache((void *)RESUME_BASE, 8);
	gp[GP_NIP] = RESUME_BASE;
	resumes_drn++;
}

static void __attribute__((noinline)) on_signal(int sig, siginfo_t *si, void *ctx)
{
	// The test may have left any value in r13; the harness's code (and
	// libc) expects the thread pointer there. This must come first.
	__asm__ volatile("mr 13,%0" : : "r"(harness_tp));

	ucontext_t *uc = ctx;
	mcontext_t *mc = &uc->uc_mcontext;
	unsigned long *gp = mc->gp_regs;
	double *fp = mc->fp_regs;
	unsigned char *vec = (unsigned char *)mc->v_regs;

	int ph = phase;
	if (ph == PH_ARMED) {
		if (sig != SIGTRAP)
			return; // e.g. a stray timer tick before our trap
		// Save the harness's own context.
		memcpy(saved_gp, gp, sizeof saved_gp);
		memcpy(saved_fp, fp, sizeof saved_fp);
		memcpy(saved_vec, vec, VEC_BYTES);
		saved_vscr = read_vscr();

		// Write the vector's state.
		const struct state *s = &in_st;
		for (int i = 0; i < 32; i++)
			gp[i] = s->gpr[i];
		gp[GP_NIP] = CIA;
		if (s->fpscr & FPSCR_DRN)
			gp[GP_NIP] = PROLOGUE_BASE + 16 * ((s->fpscr & FPSCR_DRN) >> 32);
		gp[GP_CTR] = s->ctr;
		gp[GP_LNK] = s->lr;
		gp[GP_XER] = s->xer;
		gp[GP_CCR] = s->cr;
		for (int i = 0; i < 32; i++)
			put64(&fp[i], s->vs[i][0]);
		put64(&fp[32], s->fpscr);
		for (int i = 0; i < 32; i++) {
			u128 q = ((u128)s->vs[32 + i][0] << 64) | s->vs[32 + i][1];
			memcpy(vec + 16 * i, &q, 16);
		}
		{
			u128 q = (uint32_t)s->vscr; // VSCR slot (QEMU ignores it)
			memcpy(vec + 16 * 32, &q, 16);
			uint32_t vrsave = (uint32_t)s->vrsave; // VRSAVE: first word of slot 33
			memset(vec + 16 * 33, 0, 16);
			memcpy(vec + 16 * 33, &vrsave, 4);
		}
		for (int i = 0; i < 32; i++)
			put64(vec + VR_AREA + 8 * i, s->vs[i][1]);

		ticks = 0;
		phase = PH_RUNNING;
		drop_reservation();
		write_vscr((uint32_t)s->vscr);
		mt_tar(s->tar);
		mt_ppr(s->ppr);
		mt_tfhar(0);
		mt_tfiar(0);
		mt_texasr(0);
		mt_texasru(0);
		sync_fp_control(s->fpscr);
		return;
	}
	if (ph == PH_RUNNING) {
		if (sig == SIGALRM) {
			// A branch to itself keeps the CPU busy: call it a loop only
			// once this process has used LOOP_CPU_NS of CPU time since
			// the first tick that found the test running. (Wall time
			// alone misfires when the host deschedules us.)
			uint64_t now = cpu_ns();
			if (ticks++ == 0) {
				tick_cpu = now;
				keep_drn_on_return(gp, fp);
				return;
			}
			if (now - tick_cpu < LOOP_CPU_NS) {
				keep_drn_on_return(gp, fp);
				return;
			}
		}
		uint32_t vscr_now = read_vscr();
		out_st.tar = mf_tar();
		out_st.ppr = mf_ppr();
		{
			uint32_t vrsave;
			memcpy(&vrsave, vec + 16 * 33, 4);
			out_st.vrsave = vrsave;
		}
		struct state *o = &out_st;
		for (int i = 0; i < 32; i++)
			o->gpr[i] = gp[i];
		o->ctr = gp[GP_CTR];
		o->lr = gp[GP_LNK];
		o->xer = gp[GP_XER];
		o->cr = (uint32_t)gp[GP_CCR];
		for (int i = 0; i < 32; i++)
			o->vs[i][0] = get64(&fp[i]);
		o->fpscr = get64(&fp[32]);
		for (int i = 0; i < 32; i++) {
			u128 q;
			memcpy(&q, vec + 16 * i, 16);
			o->vs[32 + i][0] = (uint64_t)(q >> 64);
			o->vs[32 + i][1] = (uint64_t)q;
		}
		for (int i = 0; i < 32; i++)
			o->vs[i][1] = get64(vec + VR_AREA + 8 * i);
		o->vscr = vscr_now;
		out_sig = sig;
		out_code = si->si_code;
		out_addr = (uint64_t)(uintptr_t)si->si_addr;
		out_nip = gp[GP_NIP];

		// Put the harness back and resume after its trap.
		memcpy(gp, saved_gp, sizeof saved_gp);
		gp[GP_NIP] += 4;
		memcpy(fp, saved_fp, sizeof saved_fp);
		memcpy(vec, saved_vec, VEC_BYTES);
		write_vscr(saved_vscr);
		drop_reservation();
		phase = PH_DONE;
		return;
	}
	if (sig == SIGALRM)
		return; // timer ticks between vectors
	fatal_in_handler("harness: fatal: unexpected signal outside a test\n");
}

// ---------------------------------------------------------------- memory

static uint32_t *code_page = (uint32_t *)CPAGE_BASE;
static uint32_t code_expect[CPAGE_SIZE / 4]; // what the code page should hold
static int scratch_is_fill; // scratch holds exactly seed_fill
static unsigned char *scratch = (unsigned char *)SCRATCH_BASE;
static unsigned char scratch_init[SCRATCH_SIZE] __attribute__((aligned(16)));
static unsigned char seed_fill[SCRATCH_SIZE] __attribute__((aligned(16)));
static uint64_t seed_fill_seed;
static int seed_fill_valid;

static void flush_icache(void *start, size_t len)
{
	__builtin___clear_cache((char *)start, (char *)start + len);
}

static void set_code(uint32_t w0, uint32_t w1)
{
	if (w0 == code_expect[0] && w1 == code_expect[1])
		return;
	code_page[0] = code_expect[0] = w0;
	code_page[1] = code_expect[1] = w1;
	flush_icache(code_page, 8);
}

static void fill_seed(unsigned char *dst, uint64_t seed)
{
	uint64_t st = seed;
	for (size_t k = 0; k < SCRATCH_SIZE / 8; k++) {
		st += 0x9e3779b97f4a7c15ULL;
		uint64_t z = st;
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		z ^= z >> 31;
#if !IS_LE
		z = __builtin_bswap64(z); // bytes in little-endian order in memory
#endif
		memcpy(dst + 8 * k, &z, 8);
	}
}

static int map_fixed(unsigned long addr, unsigned long size, int prot)
{
	void *p = mmap((void *)addr, size, prot, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	return p == (void *)addr ? 0 : -1;
}

// Mappings that were present at start-up, apart from our own fixed regions:
// branch targets inside them are refused.
#define MAX_MAPS 64
static struct { uint64_t lo, hi; } maps[MAX_MAPS];
static int nmaps;

static void read_maps(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	if (!f)
		return;
	char line[512];
	while (fgets(line, sizeof line, f) && nmaps < MAX_MAPS) {
		unsigned long lo, hi;
		if (sscanf(line, "%lx-%lx", &lo, &hi) != 2)
			continue;
		if (lo >= CODE_BASE && hi <= CODE_BASE + CODE_SIZE)
			continue;
		if (lo >= SCRATCH_BASE && hi <= SCRATCH_BASE + SCRATCH_SIZE)
			continue;
		maps[nmaps].lo = lo;
		maps[nmaps].hi = hi;
		nmaps++;
	}
	fclose(f);
	// Leave room for the heap (brk) to grow: QEMU does not label it, it is
	// the mapping that follows the executable's data.
	int top = -1;
	for (int i = 0; i < nmaps; i++)
		if (maps[i].hi < CODE_BASE && (top < 0 || maps[i].hi > maps[top].hi))
			top = i;
	if (top >= 0)
		maps[top].hi += 16UL << 20;
}

static int in_harness_maps(uint64_t a)
{
	if (a >= SIGSTK_BASE && a < SIGSTK_BASE + SIGSTK_SIZE)
		return 1;
	if (a >= PROLOGUE_BASE && a < PROLOGUE_BASE + PROLOGUE_SIZE)
		return 1;
	for (int i = 0; i < nmaps; i++)
		if (a >= maps[i].lo && a < maps[i].hi)
			return 1;
	return 0;
}

// ---------------------------------------------------------------- output

static char *ob;      // output buffer
static size_t ocap, olen;

static void oreserve(size_t n)
{
	if (olen + n <= ocap)
		return;
	while (olen + n > ocap)
		ocap = ocap ? 2 * ocap : 65536;
	ob = realloc(ob, ocap);
	if (!ob) {
		perror("harness: realloc");
		exit(2);
	}
}

static void oputs(const char *s, size_t n)
{
	oreserve(n);
	memcpy(ob + olen, s, n);
	olen += n;
}

static void ostr(const char *s) { oputs(s, strlen(s)); }

static const char hexdig[] = "0123456789abcdef";

static void ohex(uint64_t v, int digits)
{
	oreserve(digits);
	for (int i = digits - 1; i >= 0; i--) {
		ob[olen + i] = hexdig[v & 15];
		v >>= 4;
	}
	olen += digits;
}

static void ohexmin(uint64_t v, int digits) // at least `digits` digits
{
	int n = 1;
	while (n < 16 && (v >> (4 * n)) != 0)
		n++;
	ohex(v, n > digits ? n : digits);
}

static void obytes(const unsigned char *p, size_t n)
{
	oreserve(2 * n);
	for (size_t i = 0; i < n; i++) {
		ob[olen++] = hexdig[p[i] >> 4];
		ob[olen++] = hexdig[p[i] & 15];
	}
}

static void oflush(void)
{
	size_t off = 0;
	while (off < olen) {
		ssize_t n = write(1, ob + off, olen - off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			exit(1); // reader went away
		}
		off += (size_t)n;
	}
	olen = 0;
}

// ---------------------------------------------------------------- parsing

struct moverride {
	unsigned off, len;
	size_t src; // offset into the line of the hex bytes
};

#define MAX_MOV 256
static struct moverride movs[MAX_MOV];

struct vector {
	uint32_t w0, w1;
	int has_suffix;
	uint64_t mseed;
	int nmov;
};

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

// Parse [p, e) as hex, at most maxd significant digits, into a 128-bit value.
static const char *parse_hex(const char *p, const char *e, int maxd, u128 *out)
{
	if (p == e)
		return "empty-value";
	u128 v = 0;
	int sig = 0;
	for (; p < e; p++) {
		int d = hexval(*p);
		if (d < 0)
			return "bad-hex";
		if (sig || d) {
			if (++sig > maxd)
				return "value-too-long";
		}
		v = (v << 4) | (unsigned)d;
	}
	*out = v;
	return NULL;
}

static int parse_dec(const char *p, const char *e, int max)
{
	if (p == e || e - p > 2 || (e - p == 2 && *p == '0'))
		return -1;
	int v = 0;
	for (; p < e; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		v = v * 10 + (*p - '0');
	}
	return v < max ? v : -1;
}

static int is_blank(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Parse one vector line (without comment) into v and in_st. Returns NULL or
// an error reason.
static const char *parse_vector(const char *line, const char *end, struct vector *v)
{
	const char *p = line;
	memset(&in_st, 0, sizeof in_st);
	in_st.vscr = 0x10000;
	v->w0 = v->w1 = TRAP_WORD;
	v->has_suffix = 0;
	v->mseed = 0;
	v->nmov = 0;
	int have_insn = 0;

	// ID
	while (p < end && !is_blank(*p)) {
		if (*p == '=')
			return "missing-id";
		p++;
	}
	for (;;) {
		while (p < end && is_blank(*p))
			p++;
		if (p >= end)
			break;
		const char *k = p, *eq = NULL;
		while (p < end && !is_blank(*p)) {
			if (*p == '=' && !eq)
				eq = p;
			p++;
		}
		if (!eq)
			return "missing-equals";
		const char *ke = eq, *vb = eq + 1, *ve = p;
		size_t kl = (size_t)(ke - k);
		u128 val;
		const char *err;
		int n;
		switch (k[0]) {
		case 'r':
			n = parse_dec(k + 1, ke, 32);
			if (n < 0)
				return "unknown-key";
			if ((err = parse_hex(vb, ve, 16, &val)))
				return err;
			in_st.gpr[n] = (uint64_t)val;
			continue;
		case 'c':
			if (kl == 2 && k[1] == 'r') {
				if ((err = parse_hex(vb, ve, 8, &val)))
					return err;
				in_st.cr = (uint64_t)val;
				continue;
			}
			if (kl == 3 && k[1] == 't' && k[2] == 'r') {
				if ((err = parse_hex(vb, ve, 16, &val)))
					return err;
				in_st.ctr = (uint64_t)val;
				continue;
			}
			return "unknown-key";
		case 'x':
			if (kl == 3 && k[1] == 'e' && k[2] == 'r') {
				if ((err = parse_hex(vb, ve, 16, &val)))
					return err;
				in_st.xer = (uint64_t)val;
				continue;
			}
			return "unknown-key";
		case 'l':
			if (kl == 2 && k[1] == 'r') {
				if ((err = parse_hex(vb, ve, 16, &val)))
					return err;
				in_st.lr = (uint64_t)val;
				continue;
			}
			return "unknown-key";
		case 'f':
			if (kl == 5 && memcmp(k, "fpscr", 5) == 0) {
				if ((err = parse_hex(vb, ve, 16, &val)))
					return err;
				in_st.fpscr = (uint64_t)val;
				continue;
			}
			n = parse_dec(k + 1, ke, 32);
			if (n < 0)
				return "unknown-key";
			if ((err = parse_hex(vb, ve, 16, &val)))
				return err;
			in_st.vs[n][0] = (uint64_t)val;
			continue;
		case 't':
			if (kl == 3 && k[1] == 'a' && k[2] == 'r') {
				if ((err = parse_hex(vb, ve, 16, &val)))
					return err;
				in_st.tar = (uint64_t)val;
				continue;
			}
			return "unknown-key";
		case 'p':
			if (kl == 3 && k[1] == 'p' && k[2] == 'r') {
				if ((err = parse_hex(vb, ve, 16, &val)))
					return err;
				in_st.ppr = (uint64_t)val;
				continue;
			}
			return "unknown-key";
		case 'v':
			if (kl == 6 && memcmp(k, "vrsave", 6) == 0) {
				if ((err = parse_hex(vb, ve, 8, &val)))
					return err;
				in_st.vrsave = (uint64_t)val;
				continue;
			}
			if (kl == 4 && memcmp(k, "vscr", 4) == 0) {
				if ((err = parse_hex(vb, ve, 8, &val)))
					return err;
				in_st.vscr = (uint64_t)val;
				continue;
			}
			if (kl >= 3 && k[1] == 's') {
				n = parse_dec(k + 2, ke, 64);
				if (n < 0)
					return "unknown-key";
			} else {
				n = parse_dec(k + 1, ke, 32);
				if (n < 0)
					return "unknown-key";
				n += 32;
			}
			if ((err = parse_hex(vb, ve, 32, &val)))
				return err;
			in_st.vs[n][0] = (uint64_t)(val >> 64);
			in_st.vs[n][1] = (uint64_t)val;
			continue;
		case 'm':
			if (kl == 5 && memcmp(k, "mseed", 5) == 0) {
				if ((err = parse_hex(vb, ve, 16, &val)))
					return err;
				v->mseed = (uint64_t)val;
				continue;
			}
			if (kl >= 3 && k[1] == '@') {
				if ((err = parse_hex(k + 2, ke, 4, &val)))
					return err;
				size_t nd = (size_t)(ve - vb);
				if (nd == 0)
					return "empty-value";
				if (nd & 1)
					return "odd-hex-bytes";
				for (const char *q = vb; q < ve; q++)
					if (hexval(*q) < 0)
						return "bad-hex";
				if ((uint64_t)val + nd / 2 > SCRATCH_SIZE)
					return "m-out-of-range";
				if (v->nmov >= MAX_MOV)
					return "too-many-m";
				movs[v->nmov].off = (unsigned)val;
				movs[v->nmov].len = (unsigned)(nd / 2);
				movs[v->nmov].src = (size_t)(vb - line);
				v->nmov++;
				continue;
			}
			return "unknown-key";
		case 'i':
			if (kl == 4 && memcmp(k, "insn", 4) == 0) {
				const char *colon = vb;
				while (colon < ve && *colon != ':')
					colon++;
				if ((err = parse_hex(vb, colon, 8, &val)))
					return err;
				v->w0 = (uint32_t)val;
				if (colon < ve) {
					if ((err = parse_hex(colon + 1, ve, 8, &val)))
						return err;
					v->w1 = (uint32_t)val;
					v->has_suffix = 1;
				}
				have_insn = 1;
				continue;
			}
			return "unknown-key";
		default:
			return "unknown-key";
		}
	}
	if (!have_insn)
		return "missing-insn";
	if (v->has_suffix && (v->w0 >> 26) != 1)
		return "suffix-without-prefix";
	return NULL;
}

// ---------------------------------------------------------------- refusals

static int spr_uncaptured(unsigned spr)
{
	// Writable in QEMU 7.2 user mode but carried by no signal frame: a value
	// written by one vector would leak into later ones.
	switch (spr) {
	case 128: case 129: case 130: case 131:
	case 769: case 771: case 772: case 773: case 774: case 775: case 776: case 779:
		return 1;
	}
	return 0;
}

// Does FPSCR have an exception bit set together with its enable bit? QEMU
// raises SIGFPE on any mtfsfi then (even one that changes only DRN).
static int fp_enabled_exception(uint64_t f)
{
	return ((f & 0x20000000) && (f & 0x80)) || // VX, VE
	       ((f & 0x10000000) && (f & 0x40)) || // OX, OE
	       ((f & 0x08000000) && (f & 0x20)) || // UX, UE
	       ((f & 0x04000000) && (f & 0x10)) || // ZX, ZE
	       ((f & 0x02000000) && (f & 0x08));   // XX, XE
}

// Is [a - 256, a + 256) near a harness mapping? Used for candidate
// effective addresses; the margin covers the longest accesses (stmw, lswx,
// dcbz blocks, vector pairs).
static int near_harness(uint64_t a)
{
	return in_harness_maps(a) || in_harness_maps(a - 256) || in_harness_maps(a + 255);
}

// A vector whose data access could reach the harness's own memory is refused:
// its result would depend on (or damage) the harness, and the machine of
// trace-format.md has nothing mapped there. Without decoding, every way the
// word could form an address is tried: (RA|0), (RA|0)+(RB), (RA|0)+D and,
// for a prefixed word, (RA|0 or CIA)+d34. A register value near the harness
// in an instruction that makes no access is refused too; generators keep
// base registers in scratch, so this costs nothing in practice.
static int ea_near_harness(const struct vector *v)
{
	uint32_t w = v->w0;
	if ((w >> 26) == 1) {
		uint32_t sfx = v->w1;
		unsigned ra = (sfx >> 16) & 31;
		uint64_t d = ((uint64_t)(w & 0x3ffff) << 16) | (sfx & 0xffff);
		d = (uint64_t)((int64_t)(d << 30) >> 30);
		uint64_t base = (w >> 20) & 1 ? CIA : ra ? in_st.gpr[ra] : 0;
		if (near_harness(base + d) || near_harness(base))
			return 1;
		w = sfx;
	}
	unsigned ra = (w >> 16) & 31, rb = (w >> 11) & 31;
	uint64_t a = ra ? in_st.gpr[ra] : 0;
	uint64_t d = (uint64_t)(int64_t)(int16_t)(w & 0xffff);
	return near_harness(a) || near_harness(a + in_st.gpr[rb]) || near_harness(a + d);
}

static const char *refuse(const struct vector *v)
{
	uint32_t w = v->w0;
	unsigned op = w >> 26;
	unsigned xo = (w >> 1) & 0x3ff;
	uint64_t r1 = in_st.gpr[1];

	if (r1 >= SIGSTK_BASE && r1 <= SIGSTK_BASE + SIGSTK_SIZE)
		return "r1-in-sigstack";
	if (in_st.fpscr >> 32 & ~(FPSCR_DRN >> 32))
		return "fpscr-reserved"; // only DRN can be loaded into the high word
	if ((in_st.fpscr & FPSCR_DRN) && fp_enabled_exception(in_st.fpscr))
		return "drn-enabled-exception"; // the DRN prologue (mtfsfi) would raise SIGFPE
	if (ea_near_harness(v))
		return "ea-near-harness";
	if (op == 1)
		return NULL; // prefixed: nothing more to refuse
	if (op == 17)
		return "syscall";
	if (op == 31) {
		switch (xo) {
		case 30: case 62:
			return "wait";
		case 658: case 690: case 722: case 754:
			return "hash";
		case 533: case 597: case 661: case 725:
			if (IS_LE)
				return "le-string";
			break;
		case 339: case 371: case 467: { // mfspr, mftb, mtspr
			unsigned spr = ((w >> 16) & 0x1f) | (((w >> 11) & 0x1f) << 5);
			if (spr >= 800 && spr <= 806)
				return "spr-ebb"; // QEMU aborts: "Facility SPR 80x is unavailable"
			if (xo == 467 && spr_uncaptured(spr))
				return "spr-uncaptured";
			break;
		}
		}
	}
	if (IS_LE && (op == 46 || op == 47))
		return "le-multiple";
	if (op == 16 && ((w >> 2) & 0x3fff) == 0 && !(w & 2) && !((w >> 21) & 4))
		return "self-loop-ctr"; // bc to itself that decrements CTR
	if (op == 18 || op == 16) { // b, bc: a target in the DRN prologue page
		uint64_t d = op == 18 ? (uint64_t)((int64_t)((w & 0x03fffffc) << 6) >> 6)
				      : (uint64_t)(int64_t)(int16_t)(w & 0xfffc);
		if (in_harness_maps((w & 2 ? 0 : CIA) + d))
			return "branch-into-harness";
	}
	if (op == 19 && (xo == 16 || xo == 528 || xo == 560)) {
		uint64_t t = xo == 16 ? in_st.lr : xo == 528 ? in_st.ctr : in_st.tar;
		t &= ~3ULL;
		if (in_harness_maps(t))
			return "branch-into-harness";
		if (t == CIA && !((w >> 21) & 4))
			return "self-loop-ctr";
	}
	return NULL;
}

// ---------------------------------------------------------------- results

static const char *status_name(int sig, uint64_t nip)
{
	switch (sig) {
	case SIGTRAP:
		return nip == CIA ? "trap" : "ok";
	case SIGSEGV:
		return nip == CIA ? "segv" : "ok";
	case SIGILL:
		return "ill";
	case SIGBUS:
		return "bus";
	case SIGFPE:
		return "fpe";
	case SIGALRM:
		return "loop";
	}
	return "signal";
}

static void print_reg(int kind, int idx, const struct state *s)
{
	static const char *fixed[] = { "cr", "xer", "lr", "ctr", "fpscr", "vscr", "tar", "vrsave", "ppr" };
	char nm[8];
	oputs(" ", 1);
	switch (kind) {
	case RK_GPR:
		nm[0] = 'r';
		snprintf(nm + 1, sizeof nm - 1, "%d", idx);
		ostr(nm);
		ostr("=");
		ohex(s->gpr[idx], 16);
		return;
	case RK_VS:
		nm[0] = 'v';
		nm[1] = 's';
		snprintf(nm + 2, sizeof nm - 2, "%d", idx);
		ostr(nm);
		ostr("=");
		ohex(s->vs[idx][0], 16);
		ohex(s->vs[idx][1], 16);
		return;
	}
	ostr(fixed[kind - RK_CR]);
	ostr("=");
	switch (kind) {
	case RK_CR: ohex(s->cr, 8); break;
	case RK_XER: ohex(s->xer, 16); break;
	case RK_LR: ohex(s->lr, 16); break;
	case RK_CTR: ohex(s->ctr, 16); break;
	case RK_FPSCR: ohex(s->fpscr, 16); break;
	case RK_VSCR: ohex(s->vscr & 0xffffffffu, 8); break;
	case RK_TAR: ohex(s->tar, 16); break;
	case RK_VRSAVE: ohex(s->vrsave & 0xffffffffu, 8); break;
	case RK_PPR: ohex(s->ppr, 16); break;
	}
}

static void print_regs(const struct state *a, const struct state *b, int full)
{
	for (int i = 0; i < 32; i++)
		if (full || a->gpr[i] != b->gpr[i])
			print_reg(RK_GPR, i, b);
	if (full || a->cr != b->cr) print_reg(RK_CR, 0, b);
	if (full || a->xer != b->xer) print_reg(RK_XER, 0, b);
	if (full || a->lr != b->lr) print_reg(RK_LR, 0, b);
	if (full || a->ctr != b->ctr) print_reg(RK_CTR, 0, b);
	if (full || a->fpscr != b->fpscr) print_reg(RK_FPSCR, 0, b);
	if (full || (uint32_t)a->vscr != (uint32_t)b->vscr) print_reg(RK_VSCR, 0, b);
	if (full || a->tar != b->tar) print_reg(RK_TAR, 0, b);
	if (full || a->vrsave != b->vrsave) print_reg(RK_VRSAVE, 0, b);
	if (full || a->ppr != b->ppr) print_reg(RK_PPR, 0, b);
	for (int i = 0; i < 64; i++)
		if (full || a->vs[i][0] != b->vs[i][0] || a->vs[i][1] != b->vs[i][1])
			print_reg(RK_VS, i, b);
}

static void print_mem_runs(const unsigned char *init)
{
	const unsigned nb = SCRATCH_SIZE / 8;
	unsigned i = 0;
	while (i < nb) {
		if (memcmp(scratch + 8 * i, init + 8 * i, 8) == 0) {
			i++;
			continue;
		}
		unsigned j = i + 1;
		while (j < nb && memcmp(scratch + 8 * j, init + 8 * j, 8) != 0)
			j++;
		ostr(" m@");
		ohex(8 * i, 4);
		ostr("=");
		obytes(scratch + 8 * i, 8 * (j - i));
		i = j;
	}
}

// Report and undo stores into the writable code page.
static void print_code_runs(void)
{
	const unsigned nw = CPAGE_SIZE / 4;
	volatile uint32_t *cp = code_page;
	unsigned i = 0;
	while (i < nw) {
		if (cp[i] == code_expect[i]) {
			i++;
			continue;
		}
		unsigned j = i + 1;
		while (j < nw && cp[j] != code_expect[j])
			j++;
		ostr(" c@");
		ohex(CPAGE_BASE + 4 * i, 8);
		ostr("=");
		obytes((const unsigned char *)(code_page + i), 4 * (j - i));
		for (unsigned k = i; k < j; k++)
			cp[k] = code_expect[k];
		i = j;
	}
	flush_icache(code_page, CPAGE_SIZE);
}


// ---------------------------------------------------------------- main

static void run_vector(const char *line, const char *end, int full)
{
	struct vector v;
	const char *err = parse_vector(line, end, &v);
	oputs(line, (size_t)(end - line));
	ostr(" => ");
	if (err) {
		ostr("st=error err=");
		ostr(err);
		return;
	}
	const char *why = refuse(&v);
	if (why) {
		ostr("st=skip why=");
		ostr(why);
		return;
	}

	// Scratch: seed fill, then overrides. When the previous vector left
	// the scratch equal to the plain fill of the same seed and this vector
	// has no overrides, nothing needs copying.
	if (!seed_fill_valid || seed_fill_seed != v.mseed) {
		fill_seed(seed_fill, v.mseed);
		seed_fill_seed = v.mseed;
		seed_fill_valid = 1;
		scratch_is_fill = 0;
	}
	const unsigned char *init = seed_fill;
	if (v.nmov) {
		memcpy(scratch_init, seed_fill, SCRATCH_SIZE);
		for (int i = 0; i < v.nmov; i++) {
			const char *q = line + movs[i].src;
			unsigned char *d = scratch_init + movs[i].off;
			for (unsigned k = 0; k < movs[i].len; k++)
				d[k] = (unsigned char)(hexval(q[2 * k]) << 4 | hexval(q[2 * k + 1]));
		}
		init = scratch_init;
		memcpy(scratch, init, SCRATCH_SIZE);
	} else if (!scratch_is_fill) {
		memcpy(scratch, init, SCRATCH_SIZE);
	}
	scratch_is_fill = 0;
	set_code(v.w0, v.w1);

	phase = PH_ARMED;
	__asm__ volatile("trap" : : : "memory");
	if (phase != PH_DONE) {
		ostr("st=error err=harness-not-entered");
		phase = PH_IDLE;
		return;
	}
	phase = PH_IDLE;

	uint64_t addr = out_addr;
	if (out_sig == SIGSEGV && out_nip != CIA)
		addr = out_nip; // instruction fetch fault: si_addr is stale
	ostr("st=");
	ostr(status_name(out_sig, out_nip));
	ostr(" sig=");
	ohexmin((uint32_t)out_sig, 2);
	ostr(" code=");
	ohexmin((uint32_t)out_code, 2);
	ostr(" addr=");
	ohex(addr, 16);
	ostr(" nip=");
	ohex(out_nip, 16);
	print_regs(&in_st, &out_st, full);
	if (memcmp(scratch, init, SCRATCH_SIZE) != 0)
		print_mem_runs(init);
	else
		scratch_is_fill = init == seed_fill;
	if (memcmp(code_page, code_expect, CPAGE_SIZE) != 0)
		print_code_runs();
}

static void setup(long tick_us)
{
	__asm__ volatile("mr %0,13" : "=r"(harness_tp));

	if (map_fixed(CODE_BASE, CODE_SIZE, PROT_READ | PROT_WRITE) < 0 ||
	    map_fixed(SCRATCH_BASE, SCRATCH_SIZE, PROT_READ | PROT_WRITE) < 0 ||
	    map_fixed(SIGSTK_BASE, SIGSTK_SIZE, PROT_READ | PROT_WRITE) < 0 ||
	    map_fixed(PROLOGUE_BASE, PROLOGUE_SIZE, PROT_READ | PROT_WRITE) < 0) {
		perror("harness: mmap");
		exit(2);
	}
	uint32_t *c = (uint32_t *)CODE_BASE;
	for (size_t i = 0; i < CODE_SIZE / 4; i++)
		c[i] = TRAP_WORD;
	for (size_t i = 0; i < CPAGE_SIZE / 4; i++)
		code_expect[i] = TRAP_WORD;
	if (mprotect((void *)CODE_BASE, CODE_SIZE, PROT_READ | PROT_EXEC) < 0 ||
	    mprotect((void *)CPAGE_BASE, CPAGE_SIZE, PROT_READ | PROT_WRITE | PROT_EXEC) < 0) {
		perror("harness: mprotect");
		exit(2);
	}
	flush_icache((void *)CODE_BASE, CODE_SIZE);
	uint32_t *pro = (uint32_t *)PROLOGUE_BASE;
	for (size_t i = 0; i < PROLOGUE_SIZE / 4; i++)
		pro[i] = TRAP_WORD;
	for (uint32_t d = 1; d < 8; d++) {
		uint64_t at = PROLOGUE_BASE + 16 * d;
		pro[4 * d] = mtfsfi_drn(d);
		pro[4 * d + 1] = 0x48000000u | ((uint32_t)(CIA - (at + 4)) & 0x03fffffcu); // b CIA
	}
	if (mprotect((void *)PROLOGUE_BASE, RESUME_BASE - PROLOGUE_BASE, PROT_READ | PROT_EXEC) < 0 ||
	    mprotect((void *)RESUME_BASE, PROLOGUE_BASE + PROLOGUE_SIZE - RESUME_BASE,
		     PROT_READ | PROT_WRITE | PROT_EXEC) < 0) {
		perror("harness: mprotect");
		exit(2);
	}
	flush_icache((void *)PROLOGUE_BASE, PROLOGUE_SIZE);

	stack_t ss = { .ss_sp = (void *)SIGSTK_BASE, .ss_size = SIGSTK_SIZE, .ss_flags = 0 };
	if (sigaltstack(&ss, NULL) < 0) {
		perror("harness: sigaltstack");
		exit(2);
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
	sigfillset(&sa.sa_mask);
	static const int sigs[] = { SIGTRAP, SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGALRM };
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], &sa, NULL) < 0) {
			perror("harness: sigaction");
			exit(2);
		}
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);

	// Keep every allocation in the heap (whose growth read_maps allows
	// for) rather than in new mappings that the checks would not know.
	mallopt(M_MMAP_THRESHOLD, 1 << 30);
	read_maps();

	// Watchdog: a 100 ms wall-clock tick (-tick US changes it: tests use a
	// short one to make ticks land inside vectors); an instruction still
	// running after two ticks, having used at least 50 ms of CPU time in
	// between, is a branch to itself (see the SIGALRM case in on_signal).
	struct timeval tv = { .tv_sec = tick_us / 1000000, .tv_usec = tick_us % 1000000 };
	struct itimerval it = { .it_interval = tv, .it_value = tv };
	if (setitimer(ITIMER_REAL, &it, NULL) < 0) {
		perror("harness: setitimer");
		exit(2);
	}
}

int main(int argc, char **argv)
{
	int full = 0;
	long tick_us = 100000;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-full") == 0)
			full = 1;
		else if (strcmp(argv[i], "-tick") == 0 && i + 1 < argc && atol(argv[i + 1]) > 0)
			tick_us = atol(argv[++i]);
		else {
			fprintf(stderr, "usage: %s [-full] [-tick US] < vectors > traces\n", argv[0]);
			return 2;
		}
	}
	setup(tick_us);

	ostr("# format=2\n# order=" ORDER_NAME "\n# reference=qemu-7.2 cpu=power10\n");
	oflush();

	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	while ((n = getline(&line, &cap, stdin)) >= 0) {
		char *b = line, *e = line + n;
		while (b < e && is_blank(*b))
			b++;
		if (b == e) {
			ostr("\n");
		} else if (*b == '#') {
			while (e > b && (e[-1] == '\n' || e[-1] == '\r'))
				e--;
			oputs(b, (size_t)(e - b));
			ostr("\n");
		} else {
			char *h = memchr(b, '#', (size_t)(e - b));
			if (h)
				e = h;
			// A trace line is accepted as input too: its result is
			// dropped, so a trace file can be re-run and diffed.
			for (char *q = b; q + 4 <= e; q++)
				if (q[0] == ' ' && q[1] == '=' && q[2] == '>' && q[3] == ' ') {
					e = q;
					break;
				}
			while (e > b && is_blank(e[-1]))
				e--;
			run_vector(b, e, full);
			ostr("\n");
		}
		oflush();
	}
	return 0;
}
