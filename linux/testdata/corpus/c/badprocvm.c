/* process_vm_readv and process_vm_writev between a process and its forked
   child (linux/procvm.go): the argument checks in Linux's order, reads
   and writes across several iovecs on both sides, partial transfers at
   an unmapped or protected page of either side (counted; EFAULT only
   when nothing moved), ranges of no bytes, ESRCH for a zombie and a
   reaped child, EPERM for a child that is not dumpable once the caller
   has no CAP_SYS_PTRACE (the program drops its effective capabilities
   first, so that a run as root is a run without the privilege). The
   child waits on a pipe for each step: no timing.

   qemu-user 7.2 has neither call (ENOSYS), so the reference,
   badprocvm.expected, is a native run on an x86-64 host (Linux 6.18; the
   calls' checks are architecture-independent, as in Linux 6.1's
   mm/process_vm_access.c and lib/iov_iter.c). Sizes are printed in
   pages of the run's own page size. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "nocaps.h"

static long ps;

static void show(const char *what, long r) {
	printf("%s: %ld %s\n", what, r, r < 0 ? strerror(errno) : "");
}

static long rv(pid_t pid, struct iovec *l, unsigned long nl, struct iovec *r, unsigned long nr, unsigned long flags) {
	errno = 0;
	return syscall(SYS_process_vm_readv, pid, l, nl, r, nr, flags);
}

static long wv(pid_t pid, struct iovec *l, unsigned long nl, struct iovec *r, unsigned long nr, unsigned long flags) {
	errno = 0;
	return syscall(SYS_process_vm_writev, pid, l, nl, r, nr, flags);
}

int main(void) {
	ps = sysconf(_SC_PAGESIZE);
	if (drop_caps() != 0)
		return 1;

	/* The child's memory: page 0 text, page 1 text, page 2 unmapped in
	   the child, page 3 read-only in the child, page 4 PROT_NONE. */
	char *m = mmap(0, 5 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return 1;
	for (long i = 0; i < 2 * ps; i++)
		m[i] = 'a' + i % 26;
	memset(m + 3 * ps, 'R', ps);
	int go[2], back[2];
	if (pipe(go) || pipe(back))
		return 1;
	fflush(stdout);
	pid_t child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		char c;
		munmap(m + 2 * ps, ps);
		mprotect(m + 3 * ps, ps, PROT_READ);
		mprotect(m + 4 * ps, ps, PROT_NONE);
		write(back[1], "r", 1);
		read(go[0], &c, 1); /* the parent has written */
		write(back[1], m, 16);
		read(go[0], &c, 1); /* may end */
		prctl(PR_SET_DUMPABLE, 0);
		write(back[1], "d", 1);
		read(go[0], &c, 1);
		_exit(0);
	}
	char c;
	read(back[0], &c, 1);

	char a[16], b[16], big[64];
	struct iovec l[3] = {{a, 5}, {b, 7}, {big, 64}};
	struct iovec r[2] = {{m + 1, 3}, {m + 30, 10}};
	show("flags", rv(child, l, 3, r, 2, 1));
	show("liovcnt 1025", rv(child, l, 1025, r, 2, 0));
	show("local array unmapped", rv(child, (struct iovec *)8, 1, r, 2, 0));
	struct iovec lneg[2] = {{a, 5}, {b, -1L}};
	show("local negative length", rv(child, lneg, 2, r, 2, 0));
	struct iovec lhigh[1] = {{(void *)-4096L, 10}};
	show("local range past user space", rv(child, lhigh, 1, r, 2, 0));
	struct iovec lzero[2] = {{a, 0}, {(void *)8, 0}};
	show("local nothing, bad pid and remote", rv(-5, lzero, 2, (struct iovec *)8, 5000, 0));
	show("remote array unmapped", rv(child, l, 3, (struct iovec *)8, 1, 0));
	show("riovcnt 1025", rv(child, l, 3, r, 1025, 0));
	struct iovec rneg[1] = {{m, -2L}};
	show("remote negative length", rv(child, l, 3, rneg, 1, 0));
	struct iovec rzero[2] = {{m, 0}, {(void *)8, 0}};
	show("remote nothing, bad pid", rv(-5, l, 3, rzero, 2, 0));
	show("no such pid", rv(0x3ffffff0, l, 3, r, 2, 0));

	memset(a, 0, sizeof a);
	memset(b, 0, sizeof b);
	long n = rv(child, l, 3, r, 2, 0);
	show("read 3+10 into 5,7,64", n);
	printf("  got %.5s|%.7s|%.1s\n", a, b, big);
	struct iovec lsmall[1] = {{big, 8}};
	show("read 13 into 8", rv(child, lsmall, 1, r, 2, 0));
	struct iovec rself[1] = {{a, 5}};
	struct iovec lself[1] = {{big, 5}};
	show("read self", rv(getpid(), lself, 1, rself, 1, 0));

	char *across = malloc(3 * ps);
	struct iovec lacross[1] = {{across, 3 * ps}};
	struct iovec rend[1] = {{m + 2 * ps - 10, 100}};
	n = rv(child, lacross, 1, rend, 1, 0);
	printf("read up to an unmapped page: %ld\n", n);
	struct iovec runm[2] = {{m + 2 * ps, 10}, {m, 10}};
	show("read an unmapped page first", rv(child, lacross, 1, runm, 2, 0));
	struct iovec rnone[2] = {{m + 4 * ps, 10}, {m, 10}};
	show("read a PROT_NONE page", rv(child, lacross, 1, rnone, 2, 0));
	struct iovec rtwo[2] = {{m, 10}, {m + 2 * ps, 10}};
	show("read then an unmapped page", rv(child, lacross, 1, rtwo, 2, 0));

	/* A local buffer that ends at an unmapped page. */
	char *lm = mmap(0, 2 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(lm + ps, ps);
	struct iovec lend[1] = {{lm + ps - 6, 20}};
	struct iovec rbig[1] = {{m, 2 * ps}};
	show("read into a local end", rv(child, lend, 1, rbig, 1, 0));
	struct iovec lgone[1] = {{lm + ps, 20}};
	show("read into a local unmapped page", rv(child, lgone, 1, rbig, 1, 0));

	struct iovec wl[2] = {{"XY", 2}, {"ZW", 2}};
	struct iovec wr[2] = {{m + 2, 3}, {m + 10, 4}};
	show("write 4 into 3+4", wv(child, wl, 2, wr, 2, 0));
	struct iovec wro[1] = {{m + 3 * ps, 2}};
	show("write a read-only page", wv(child, wl, 2, wro, 1, 0));
	struct iovec wend[1] = {{m + 2 * ps - 1, 2}};
	show("write up to an unmapped page", wv(child, wl, 1, wend, 1, 0));
	struct iovec wbad[1] = {{(void *)8, 4}};
	show("write from an unmapped local page", wv(child, wbad, 1, wr, 1, 0));
	show("write flags", wv(child, wl, 2, wr, 2, 2));
	write(go[1], "w", 1);
	char seen[17] = {0};
	for (int got = 0; got < 16;) {
		long k = read(back[0], seen + got, 16 - got);
		if (k <= 0)
			return 1;
		got += k;
	}
	printf("child sees %s\n", seen);

	write(go[1], "d", 1);
	read(back[0], &c, 1);
	show("not dumpable", rv(child, l, 3, r, 2, 0));
	show("not dumpable write", wv(child, wl, 2, wr, 2, 0));
	show("not dumpable, nothing", rv(child, lzero, 2, r, 2, 0));
	write(go[1], "e", 1);
	/* A zombie, then a reaped child. */
	siginfo_t si;
	waitid(P_PID, child, &si, WEXITED | WNOWAIT);
	show("zombie", rv(child, l, 3, r, 2, 0));
	waitpid(child, 0, 0);
	show("reaped", rv(child, l, 3, r, 2, 0));
	return 0;
}
