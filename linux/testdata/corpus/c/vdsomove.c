/* vdsomove: the vDSO is the mapping execve made, Linux 6.1's special
 * mapping that mm->context.vdso points at (arch/powerpc/kernel/vdso.c,
 * signal_64.c, mm/mremap.c; facts): mremap moves it whole and signal
 * handlers then return through it where it went (vdso_mremap); maps names
 * it [vdso] there, not where it was, and a mapping made where it was is the
 * program's; it cannot grow (VM_DONTEXPAND: EFAULT) nor be left behind
 * (MREMAP_DONTUNMAP: EINVAL); fork's copy has it where it is; once it is
 * unmapped (arch_unmap), a handler is entered through the trampoline in
 * its signal frame, on the stack, which is not executable: the process
 * dies of SIGSEGV. qemu-user 7.2 has no vDSO for ppc64 (no
 * AT_SYSINFO_EHDR), so the expected output is Linux's, from these facts.
 * Both byte orders print the same. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef MREMAP_DONTUNMAP
#define MREMAP_DONTUNMAP 4
#endif

/* name returns the name /proc/self/maps gives the mapping that starts at
 * addr ("" for none), or "(none)" if no mapping starts there. */
static const char *name(unsigned long addr) {
	static char out[256];
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");
	strcpy(out, "(none)");
	while (fgets(line, sizeof line, f)) {
		unsigned long lo, hi;
		int n = 0;
		if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %n", &lo, &hi, &n) >= 2 && lo == addr) {
			line[strcspn(line, "\n")] = 0;
			strcpy(out, n > 0 ? line + n : "");
			break;
		}
	}
	fclose(f);
	return out;
}

static void res(const char *what, long r) {
	if (r == -1)
		printf("%s: -1 %s\n", what, strerrorname_np(errno));
	else
		printf("%s: ok\n", what);
}

static volatile unsigned long returnsTo;
static volatile int handled;

static void onusr1(int sig) {
	handled++;
	returnsTo = (unsigned long)__builtin_return_address(0);
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	long pg = sysconf(_SC_PAGESIZE);
	unsigned long vdso = getauxval(AT_SYSINFO_EHDR);
	printf("AT_SYSINFO_EHDR: %s\n", vdso ? "yes" : "no");
	if (!vdso)
		return 1;
	printf("maps at it: %s\n", name(vdso));
	struct sigaction sa = {.sa_handler = onusr1};
	sigaction(SIGUSR1, &sa, NULL);

	res("mremap growing it", (long)mremap((void *)vdso, pg, 2 * pg, MREMAP_MAYMOVE));
	res("mremap leaving it behind", (long)mremap((void *)vdso, pg, pg, MREMAP_MAYMOVE | MREMAP_DONTUNMAP, NULL));
	printf("maps at it: %s\n", name(vdso));

	void *to = mmap(NULL, pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *moved = mremap((void *)vdso, pg, pg, MREMAP_MAYMOVE | MREMAP_FIXED, to);
	printf("mremap moving it: %s\n", moved == to ? "moved" : strerrorname_np(errno));
	unsigned long v = (unsigned long)moved;
	printf("maps where it went: %s\n", name(v));
	printf("maps where it was: %s\n", name(vdso));
	raise(SIGUSR1);
	printf("handler ran %d, returned into the moved vDSO: %s\n", handled,
	       returnsTo >= v && returnsTo < v + pg ? "yes" : "no");

	void *p = mmap((void *)vdso, pg, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	printf("a mapping where it was: %s, maps: \"%s\"\n", p == (void *)vdso ? "made" : "not made", name(vdso));

	pid_t c = fork();
	if (c == 0) {
		printf("child: maps at the moved vDSO: %s\n", name(v));
		raise(SIGUSR1);
		printf("child: handler ran %d\n", handled);
		struct rlimit no = {0, 0};
		setrlimit(RLIMIT_CORE, &no);
		res("child: munmap of it", munmap(moved, pg));
		printf("child: maps at it: %s\n", name(v));
		raise(SIGUSR1);
		printf("child: handler returned\n");
		_exit(0);
	}
	int st;
	waitpid(c, &st, 0);
	if (WIFSIGNALED(st))
		printf("child killed by %s\n", sigabbrev_np(WTERMSIG(st)));
	else
		printf("child exited %d\n", WEXITSTATUS(st));
	return 0;
}
