/* A static-PIE program without libc (the Debian cross glibc has no
   static-PIE support: no rcrt1.o, no _dl_relocate_static_pie in libc.a).
   Its start code relocates it, as glibc's static-PIE start-up does: it
   applies the R_PPC64_RELATIVE relocations of _DYNAMIC's DT_RELA table at
   the load base (= the address of the ELF header, linked at 0). It then
   uses relocated data: a table of function pointers (ELFv1: function
   descriptors) and a table of string pointers, and prints what it finds
   relative to the load base, so that the output does not depend on where
   the loader put it. Built with -static-pie -nostdlib (build-corpus.sh). */
typedef unsigned long u64;

extern char __ehdr_start[] __attribute__((visibility("hidden")));
extern u64 _DYNAMIC[] __attribute__((visibility("hidden")));

static long sys(long n, long a, long b, long c) {
	register long r0 __asm__("r0") = n;
	register long r3 __asm__("r3") = a;
	register long r4 __asm__("r4") = b;
	register long r5 __asm__("r5") = c;
	__asm__ volatile("sc\n\tbns+ 1f\n\tneg 3,3\n1:"
	                 : "+r"(r0), "+r"(r3), "+r"(r4), "+r"(r5)
	                 :
	                 : "r6", "r7", "r8", "r9", "r10", "r11", "r12", "cr0", "ctr", "memory");
	return r3;
}

static char buf[512];
static int pos;

static void puts_(const char *s) {
	while (*s)
		buf[pos++] = *s++;
}
static void hex(u64 v) {
	char t[17];
	int i = 16;
	t[i] = 0;
	do {
		t[--i] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	puts_("0x");
	puts_(t + i);
}
static void flush(void) {
	sys(4, 1, (long)buf, pos); /* write */
	pos = 0;
}

static u64 base;
static int nrel;

static void relocate(void) {
	base = (u64)__ehdr_start;
	u64 rela = 0, relasz = 0, relaent = 24;
	for (u64 *d = _DYNAMIC; d[0] != 0; d += 2) {
		if (d[0] == 7) rela = d[1];
		if (d[0] == 8) relasz = d[1];
		if (d[0] == 9) relaent = d[1];
	}
	for (u64 off = 0; off < relasz; off += relaent) {
		u64 *r = (u64 *)(base + rela + off);
		if ((r[1] & 0xffffffff) == 22) { /* R_PPC64_RELATIVE */
			*(u64 *)(base + r[0]) = base + r[2];
			nrel++;
		}
	}
}

static int twice(int x) { return 2 * x; }
static int square(int x) { return x * x; }
static int (*const ops[])(int) = {twice, square};
static const char *const names[] = {"twice", "square"};
static const char *greeting = "hello from a static PIE\n";

void cstart(u64 *sp) {
	relocate();
	u64 argc = sp[0];
	char **argv = (char **)(sp + 1);
	u64 *p = sp + 1 + argc + 1;
	while (*p)
		p++;
	p++;
	u64 entry = 0, phdr = 0, phnum = 0, atbase = 1;
	for (; p[0] != 0; p += 2) {
		if (p[0] == 9) entry = p[1];
		if (p[0] == 3) phdr = p[1];
		if (p[0] == 5) phnum = p[1];
		if (p[0] == 7) atbase = p[1];
	}
	puts_(greeting);
	puts_("relocations applied: ");
	hex(nrel);
	puts_("\nbase page-aligned and not 0: ");
	puts_(base != 0 && (base & 0xfff) == 0 ? "yes" : "no");
	puts_("\nAT_ENTRY - base: ");
	hex(entry - base);
	puts_("\nAT_PHDR - base: ");
	hex(phdr - base);
	puts_("\nAT_PHNUM: ");
	hex(phnum);
	puts_("\nAT_BASE: ");
	hex(atbase);
	puts_("\nargc: ");
	hex(argc);
	puts_(", argv[1]: ");
	puts_(argc > 1 ? argv[1] : "(none)");
	puts_("\n");
	/* The index depends on argc, so the tables are read at run time. */
	for (u64 k = 0; k < argc + 1; k++) {
		int i = k % 2;
		puts_(names[i]);
		puts_("(7) = ");
		hex(ops[i](7));
		puts_("\n");
	}
	flush();
	sys(234, 0, 0, 0); /* exit_group */
}

#if _CALL_ELF == 2
__asm__(".text\n.globl _start\n.type _start,@function\n_start:\n"
        "\taddis 2,12,.TOC.-_start@ha\n\taddi 2,2,.TOC.-_start@l\n"
        "\t.localentry _start,.-_start\n"
        "\tmr 3,1\n\tclrrdi 1,1,4\n\tli 0,0\n\tstdu 0,-32(1)\n\tbl cstart\n\tnop\n\ttrap\n");
#else
__asm__(".section .opd,\"aw\"\n.align 3\n.globl _start\n_start:\n\t.quad ._start,.TOC.@tocbase,0\n.previous\n"
        ".text\n._start:\n\tmr 3,1\n\tclrrdi 1,1,4\n\tli 0,0\n\tstdu 0,-128(1)\n\tbl .cstart\n\tnop\n\ttrap\n");
#endif
