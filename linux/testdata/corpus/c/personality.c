/* personality(2) as a 64-bit process sees it on powerpc64 Linux 6.1
 * (arch/powerpc/kernel/syscalls.c, ppc64_personality; kernel/exec_domain.c;
 * SET_PERSONALITY in arch/powerpc/include/asm/elf.h; override_architecture
 * in kernel/sys.c with COMPAT_UTS_MACHINE): 0xffffffff queries; any other
 * value is stored whole (the flags ADDR_NO_RANDOMIZE, UNAME26, ...) and the
 * old one returned; PER_LINUX32 reads back as PER_LINUX, and PER_LINUX
 * asked for while PER_LINUX32 is set keeps PER_LINUX32 (so linux64 cannot
 * undo linux32); under PER_LINUX32 uname's machine is "ppc" (big-endian)
 * or "ppcle" (printed as "compat"); fork copies the personality, execve of
 * a 64-bit program keeps PER_LINUX32 and the flags and resets any other
 * base personality to PER_LINUX. The argument is an unsigned int to the
 * kernel: its upper 32 bits are dropped. /proc/self/personality shows the
 * stored value as it is (proc_pid_personality). Ordered by wait only.
 *
 * personality.expected is written from those sources, not taken from
 * qemu-user: qemu-user 7.2 passes personality to the host kernel (an
 * x86-64 one keeps PER_LINUX32 as 8, keeps PER_BSD across execve) and
 * always names the machine ppc64le or ppc64. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

static long pers(unsigned long p) { return syscall(SYS_personality, p); }

static const char *machine(void) {
	static struct utsname u;
	if (uname(&u) < 0)
		return "uname failed";
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const char *compat = "ppcle", *native = "ppc64le";
#else
	const char *compat = "ppc", *native = "ppc64";
#endif
	if (strcmp(u.machine, compat) == 0)
		return "compat";
	if (strcmp(u.machine, native) == 0)
		return "native";
	return u.machine;
}

static void show(const char *what) {
	char file[32] = "";
	FILE *f = fopen("/proc/self/personality", "r");
	if (f == NULL || fgets(file, sizeof file, f) == NULL)
		strcpy(file, "unreadable\n");
	if (f != NULL)
		fclose(f);
	printf("%s: personality %#lx, machine %s, /proc/self/personality %s", what, pers(0xffffffff), machine(), file);
}

/* forked runs a child that shows its personality, then execs this
 * program to show it again. */
static void forked(const char *what) {
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		char buf[64];
		snprintf(buf, sizeof buf, "%s, forked", what);
		show(buf);
		fflush(stdout);
		execl("/proc/self/exe", "personality", "exec", what, (char *)0);
		_exit(99);
	}
	int st;
	waitpid(c, &st, 0);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		printf("%s: child status %#x\n", what, st);
}

int main(int argc, char **argv) {
	if (argc == 3 && strcmp(argv[1], "exec") == 0) {
		char buf[64];
		snprintf(buf, sizeof buf, "%s, execed", argv[2]);
		show(buf);
		return 0;
	}
	show("start");
	printf("set ADDR_NO_RANDOMIZE: old %#lx\n", pers(PER_LINUX | ADDR_NO_RANDOMIZE));
	show("ADDR_NO_RANDOMIZE");
	forked("ADDR_NO_RANDOMIZE");
	printf("set PER_BSD|UNAME26: old %#lx\n", pers(PER_BSD | UNAME26));
	show("PER_BSD|UNAME26");
	forked("PER_BSD|UNAME26");
	printf("set PER_LINUX32: old %#lx\n", pers(PER_LINUX32));
	show("PER_LINUX32");
	forked("PER_LINUX32");
	printf("set PER_LINUX: old %#lx\n", pers(PER_LINUX));
	show("PER_LINUX after PER_LINUX32");
	printf("set PER_LINUX|ADDR_NO_RANDOMIZE: old %#lx\n", pers(PER_LINUX | ADDR_NO_RANDOMIZE));
	show("PER_LINUX|ADDR_NO_RANDOMIZE after PER_LINUX32");
	forked("PER_LINUX32|ADDR_NO_RANDOMIZE");
	printf("set PER_SVR4: old %#lx\n", pers(PER_SVR4));
	show("PER_SVR4");
	printf("set PER_LINUX: old %#lx\n", pers(PER_LINUX));
	show("PER_LINUX");
	printf("set 1<<32|PER_LINUX32: old %#lx\n", pers(1UL << 32 | PER_LINUX32));
	show("1<<32|PER_LINUX32");
	printf("query 1<<32|0xffffffff: %#lx\n", pers(1UL << 32 | 0xffffffff));
	printf("set 0xfffffffe: old %#lx\n", pers(0xfffffffe));
	show("0xfffffffe");
	printf("glibc personality(0xffffffff): %d\n", personality(0xffffffff));
	printf("set 0: old %#lx\n", pers(0));
	show("end");
	return 0;
}
