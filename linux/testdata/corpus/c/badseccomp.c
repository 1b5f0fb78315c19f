/* seccomp(2) and prctl's PR_SET_SECCOMP/PR_GET_SECCOMP with bad and
 * garbage arguments (linux/seccomp.go): an unknown operation, flags and
 * mode, upper halves of the int arguments (ignored: op and flags are
 * unsigned ints; prctl's mode is an unsigned long), bad pointers to the
 * struct sock_fprog, to the program (also one that runs off the end of
 * its mapping), to the action and to the sizes. None of them installs
 * anything, which the program checks at the end. qemu-user 7.2 refuses
 * seccomp (ENOSYS, prctl EINVAL), so badseccomp.expected is a native
 * run on an x86-64 host (Linux 6.18): these checks are
 * architecture-independent, and each answer is as Linux 6.1's
 * kernel/seccomp.c and net/core/filter.c give it. */
#define _GNU_SOURCE
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	res("nnp", prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
	res("garbage op", syscall(SYS_seccomp, 0xdeadbeefcafe0004L, -1L, (void *)-1));
	unsigned allow = SECCOMP_RET_ALLOW;
	res("op and flags with upper halves", syscall(SYS_seccomp, 0xffffffff00000000L | SECCOMP_GET_ACTION_AVAIL, 0xffffffff00000000L, &allow));
	res("GET_ACTION_AVAIL bad pointer", syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, (void *)-1));
	res("GET_NOTIF_SIZES bad pointer", syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, (void *)8));
	res("filter bad fprog", syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, (void *)-1));
	res("filter garbage flags", syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0xffffffc0L, (void *)-1));
	res("strict with a pointer", syscall(SYS_seccomp, SECCOMP_SET_MODE_STRICT, 0, (void *)1));
	struct sock_fprog p = {0xffff, (struct sock_filter *)-1};
	res("filter length 65535", syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &p));
	p.len = 3;
	p.filter = (struct sock_filter *)0x10;
	res("filter program unmapped", syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &p));
	long pg = sysconf(_SC_PAGESIZE);
	char *m = mmap(0, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(m + pg, pg);
	struct sock_filter *last = (struct sock_filter *)(m + pg) - 1;
	*last = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	p.len = 2;
	p.filter = last;
	res("filter program past its mapping", syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &p));
	p.len = 1;
	p.filter = (struct sock_filter *)m; /* zeros: BPF_LD|BPF_IMM, no return */
	res("filter of zeros", syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &p));
	res("prctl garbage mode", prctl(PR_SET_SECCOMP, 0xdeadbeefL, (void *)-1, -1L, -1L));
	res("prctl mode with upper bits", prctl(PR_SET_SECCOMP, 0x100000000L | SECCOMP_MODE_FILTER, &p, 0, 0));
	res("prctl filter bad fprog", prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, (void *)-1, -1L, -1L));
	res("PR_GET_SECCOMP with garbage", prctl(PR_GET_SECCOMP, -1L, -1L, -1L, -1L));
	return 0;
}
