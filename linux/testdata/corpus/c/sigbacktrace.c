/* sigbacktrace: glibc's backtrace() called in a signal handler walks
   through the signal frame to the function the signal interrupted and
   its callers: the return addresses fire() and deep() note are among
   the frames, after the handler's own. On powerpc64 Linux the unwinder
   crosses the frame with the vDSO's unwind information for its
   trampoline (__kernel_sigtramp_rt64), which glibc registers through
   AT_SYSINFO_EHDR; qemu-user 7.2 has no vDSO for ppc64 and its
   trampoline (li r0,172; sc) is one libgcc's fallback does not know:
   the frames after the handler's are made up (a stack address, null)
   before the unwinder finds its way back to deep, so the expected
   output is the program's native x86-64 run (static and dynamic), as
   on Linux.
   The frames between the handler's and deep's must be real code
   addresses (none null or on a stack, which a misread signal frame
   gives). Also built dynamically (dyn-sigbacktrace), where backtrace() loads
   libgcc_s. A handler on an alternate stack (SA_ONSTACK) is walked too. */
#include <execinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>

#define ALTSIZE (1 << 16)
static void *deep_ret, *main_ret;
static char *stack, *alt;
static volatile int frames, at_deep, at_main, garbage, done;

static void onsig(int s)
{
	void *b[64];
	int n = backtrace(b, 64);
	at_deep = at_main = -1;
	garbage = 0;
	for (int i = 0; i < n; i++) {
		/* A frame the unwinder made up: no address, or one on
		   the stack (near main's locals, where the vDSO, which
		   may be next to it, is not) or the alternate stack. */
		long d = (char *)b[i] - stack;
		unsigned long v = (unsigned long)b[i] - getauxval(AT_SYSINFO_EHDR);
		unsigned long a = (char *)b[i] - alt;
		if (b[i] == NULL || (d > -(1L << 20) && d < (1L << 20) && v >= (1UL << 16)) || a < ALTSIZE)
			garbage++;
		if (b[i] == deep_ret && at_deep < 0)
			at_deep = i;
		if (b[i] == main_ret && at_main < 0)
			at_main = i;
	}
	frames = n;
	(void)s;
}

__attribute__((noinline)) static void fire(int sig)
{
	deep_ret = __builtin_return_address(0);
	raise(sig);
	__asm__ volatile("" ::: "memory"); /* no tail call */
}

__attribute__((noinline)) static void deep(int sig)
{
	main_ret = __builtin_return_address(0);
	fire(sig);
	done++;
}

static void report(const char *what)
{
	printf("%s: deep %s, main %s, in order %s, made-up frames %s\n", what,
	       at_deep > 1 ? "found" : "missing", at_main > 1 ? "found" : "missing",
	       at_deep > 1 && at_main > at_deep ? "yes" : "no", garbage ? "some" : "none");
}

int main(void)
{
	char anchor;
	stack = &anchor;
	alt = malloc(ALTSIZE);
	signal(SIGUSR1, onsig);
	deep(SIGUSR1);
	report("SIGUSR1");

	stack_t ss = {.ss_sp = alt, .ss_size = ALTSIZE};
	sigaltstack(&ss, NULL);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onsig;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR2, &sa, NULL);
	deep(SIGUSR2);
	report("SIGUSR2 on the alternate stack");
	return 0;
}
