/* mlock, mlock2, munlock, mlockall, munlockall (were ENOSYS: gpg's
 * libgcrypt then warned "using insecure memory"): ranges rounded to pages,
 * a length whose rounding wraps to 0 (0) or past the end (EINVAL), an
 * unmapped page (ENOMEM), powerpc's MCL_* values (0x2000,
 * 0x4000, 0x8000: the generic 1 is EINVAL), and without CAP_IPC_LOCK the
 * RLIMIT_MEMLOCK accounting (pages already locked not counted twice,
 * ENOMEM past the limit, EPERM at 0). Compared with qemu-user (mlock2,
 * which qemu-user 7.2 does not implement, is in badlinux.c). */
#define _GNU_SOURCE
#include <linux/capability.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

enum { P = 4096 };

int main(void) {
	char *p = mmap(NULL, 6 * P, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(p + 5 * P, P);
	res("mlock 4 pages", syscall(SYS_mlock, p, 4 * P));
	res("mlock inside a page", syscall(SYS_mlock, p + 100, 10));
	res("munlock a page", syscall(SYS_munlock, p, P));
	res("mlock an unmapped page", syscall(SYS_mlock, p + 4 * P, 2 * P));
	res("munlock an unmapped page", syscall(SYS_munlock, p + 5 * P, P));
	res("mlock length -1 (rounds to 0)", syscall(SYS_mlock, p, -1L));
	res("mlock length wrapping", syscall(SYS_mlock, p, -2L * P));
	res("munlock length wrapping", syscall(SYS_munlock, p, -2L * P));
	res("mlock length 0", syscall(SYS_mlock, p, 0));
	res("mlockall 0", syscall(SYS_mlockall, 0));
	res("mlockall generic MCL_CURRENT 1", syscall(SYS_mlockall, 1));
	res("mlockall MCL_ONFAULT alone", syscall(SYS_mlockall, 0x8000));
	res("munlockall", syscall(SYS_munlockall));
	/* Without CAP_IPC_LOCK in the effective set. */
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2];
	syscall(SYS_capget, &h, d);
	d[CAP_IPC_LOCK / 32].effective &= ~(1u << (CAP_IPC_LOCK % 32));
	res("capset without CAP_IPC_LOCK", syscall(SYS_capset, &h, d));
	struct rlimit rl = {2 * P, 2 * P};
	res("RLIMIT_MEMLOCK 2 pages", setrlimit(RLIMIT_MEMLOCK, &rl));
	res("mlock 1 page", syscall(SYS_mlock, p, P));
	res("mlock 2 pages, one locked", syscall(SYS_mlock, p, 2 * P));
	res("mlock 3 pages", syscall(SYS_mlock, p, 3 * P));
	res("mlock a third page", syscall(SYS_mlock, p + 2 * P, P));
	res("munlock 1 page", syscall(SYS_munlock, p, P));
	res("mlock a third page now", syscall(SYS_mlock, p + 2 * P, P));
	res("munmap a locked page", munmap(p + P, P));
	res("mlock the fourth now", syscall(SYS_mlock, p + 3 * P, P));
	res("mlockall MCL_CURRENT past the limit", syscall(SYS_mlockall, 0x2000));
	res("mlockall MCL_FUTURE", syscall(SYS_mlockall, 0x4000));
	res("munlockall", syscall(SYS_munlockall));
	rl.rlim_cur = 0;
	res("RLIMIT_MEMLOCK 0", setrlimit(RLIMIT_MEMLOCK, &rl));
	res("mlock at limit 0", syscall(SYS_mlock, p, P));
	res("mlockall at limit 0", syscall(SYS_mlockall, 0x4000));
	res("munlock at limit 0", syscall(SYS_munlock, p, P));
	res("mlockall bad flags at limit 0", syscall(SYS_mlockall, 1));
	return 0;
}
