/* Bad arguments to the credential, priority, interval timer, extended
 * attribute and statfs64 calls, compared with qemu-user (which passes them
 * to the host kernel; statfs64's size check, where qemu-user is not Linux,
 * is in badlinux.c). Only arguments the kernel refuses, or ignores, are
 * given: a call that succeeded as root would change the credentials of the
 * qemu process itself. Upper halves of 32-bit arguments are garbage, which
 * Linux drops (uid_t, gid_t and int are 32 bits). TestBadArgumentCoverage
 * requires every implemented call to be named in one of the bad*.c
 * programs. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/capability.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/xattr.h>
#include <unistd.h>
#include "res.h"

#define HI 0x5a5a5a5a00000000L /* garbage in the upper half */

int main(void) {
	void *bad = (void *)0x1000; /* never mapped */
	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char tmp[] = "/tmp/ppc64emu-badcred-XXXXXX";
	int fd = mkstemp(tmp);
	char buf[256];

	/* Credentials: (uid_t)-1 is not an id; for the calls taking several
	 * it means "unchanged", so these change nothing. */
	res("setuid -1", syscall(SYS_setuid, HI | 0xffffffffL));
	res("setgid -1", syscall(SYS_setgid, HI | 0xffffffffL));
	res("setreuid -1 -1", syscall(SYS_setreuid, HI | 0xffffffffL, HI | 0xffffffffL));
	res("setregid -1 -1", syscall(SYS_setregid, HI | 0xffffffffL, HI | 0xffffffffL));
	res("setresuid -1 -1 -1", syscall(SYS_setresuid, HI | 0xffffffffL, HI | 0xffffffffL, HI | 0xffffffffL));
	res("setresgid -1 -1 -1", syscall(SYS_setresgid, HI | 0xffffffffL, HI | 0xffffffffL, HI | 0xffffffffL));
	long fsu = syscall(SYS_setfsuid, HI | 0xffffffffL), fsg = syscall(SYS_setfsgid, HI | 0xffffffffL);
	printf("setfsuid -1 and setfsgid -1 answer the current ids: %d %d\n", fsu == (long)geteuid(), fsg == (long)getegid());
	uid_t u[3];
	res("getresuid bad pointers", syscall(SYS_getresuid, bad, bad, bad));
	res("getresuid read-only", syscall(SYS_getresuid, ro, ro, ro));
	res("getresuid last bad", syscall(SYS_getresuid, &u[0], &u[1], bad));
	res("getresgid bad pointers", syscall(SYS_getresgid, bad, bad, bad));
	res("getresgid read-only", syscall(SYS_getresgid, &u[0], ro, &u[2]));
	gid_t g[1] = {(gid_t)-1};
	res("setgroups negative", syscall(SYS_setgroups, HI | 0xffffffffL, bad));
	res("setgroups too many", syscall(SYS_setgroups, 65537, bad));
	res("setgroups bad pointer", syscall(SYS_setgroups, 1, bad));
	res("setgroups -1 gid", syscall(SYS_setgroups, 1, g));
	res("getgroups negative", syscall(SYS_getgroups, -1, bad));

	/* Capabilities. */
	struct __user_cap_header_struct h = {.version = 0x12345678, .pid = 0};
	struct __user_cap_data_struct d[2];
	res("capget bad header", syscall(SYS_capget, bad, d));
	res("capget unknown version", syscall(SYS_capget, &h, d));
	printf("capget wrote back version %#x\n", h.version);
	h.version = _LINUX_CAPABILITY_VERSION_3;
	h.pid = -5;
	res("capget negative pid", syscall(SYS_capget, &h, d));
	h.pid = 0x7ffffff0;
	res("capget no such pid", syscall(SYS_capget, &h, d));
	h.pid = 0;
	res("capget bad data", syscall(SYS_capget, &h, bad));
	res("capget null data (version probe)", syscall(SYS_capget, &h, NULL));
	res("capset bad header", syscall(SYS_capset, bad, d));
	h.version = 0x12345678;
	res("capset unknown version", syscall(SYS_capset, &h, d));
	h.version = _LINUX_CAPABILITY_VERSION_3;
	h.pid = 1;
	res("capset other pid", syscall(SYS_capset, &h, d));
	h.pid = 0;
	res("capset bad data", syscall(SYS_capset, &h, bad));

	/* prctl's capability, securebits and no_new_privs options (the
	 * option is an int: garbage above it). */
	res("PR_CAPBSET_READ 99", syscall(SYS_prctl, HI | PR_CAPBSET_READ, 99L, 0L, 0L, 0L));
	res("PR_CAPBSET_READ -1", syscall(SYS_prctl, PR_CAPBSET_READ, -1L, 0L, 0L, 0L));
	res("PR_CAPBSET_DROP 99", syscall(SYS_prctl, PR_CAPBSET_DROP, 99L, 0L, 0L, 0L));
	res("PR_CAPBSET_DROP HI|0", syscall(SYS_prctl, PR_CAPBSET_DROP, HI, 0L, 0L, 0L));
	/* An unknown bit: 1 << 20 (Linux 6.1 knows bits 0-7; later kernels 8-11). */
	res("PR_SET_SECUREBITS unknown bit", syscall(SYS_prctl, PR_SET_SECUREBITS, 1L << 20, 0L, 0L, 0L));
	res("PR_GET_SECUREBITS", syscall(SYS_prctl, PR_GET_SECUREBITS, 0L, 0L, 0L, 0L));
	res("PR_SET_KEEPCAPS 2", syscall(SYS_prctl, PR_SET_KEEPCAPS, 2L, 0L, 0L, 0L));
	res("PR_CAP_AMBIENT bad op", syscall(SYS_prctl, PR_CAP_AMBIENT, 99L, 0L, 0L, 0L));
	res("PR_CAP_AMBIENT IS_SET 99", syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, 99L, 0L, 0L));
	res("PR_CAP_AMBIENT IS_SET arg4", syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, 0L, 1L, 0L));
	res("PR_CAP_AMBIENT CLEAR_ALL arg3", syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 1L, 0L, 0L));
	res("PR_CAP_AMBIENT RAISE not inheritable", syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, 0L, 0L, 0L));
	res("PR_CAP_AMBIENT RAISE 99", syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, 99L, 0L, 0L));
	res("PR_SET_NO_NEW_PRIVS 2", syscall(SYS_prctl, PR_SET_NO_NEW_PRIVS, 2L, 0L, 0L, 0L));
	res("PR_SET_NO_NEW_PRIVS 1 arg3", syscall(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1L, 1L, 0L, 0L));
	res("PR_GET_NO_NEW_PRIVS arg2", syscall(SYS_prctl, PR_GET_NO_NEW_PRIVS, 1L, 0L, 0L, 0L));
	res("PR_GET_NO_NEW_PRIVS", syscall(SYS_prctl, PR_GET_NO_NEW_PRIVS, 0L, 0L, 0L, 0L));

	/* Priorities and interval timers. */
	res("getpriority bad which", syscall(SYS_getpriority, 99, 0));
	res("getpriority no such process", syscall(SYS_getpriority, PRIO_PROCESS, 0x7ffffff0));
	res("setpriority bad which", syscall(SYS_setpriority, 99, 0, 0));
	res("setpriority no such group", syscall(SYS_setpriority, PRIO_PGRP, 0x7ffffff0, 0));
	struct itimerval it = {{0, 0}, {0, 2000000}};
	res("getitimer bad which", syscall(SYS_getitimer, 99, &it));
	res("getitimer bad pointer", syscall(SYS_getitimer, ITIMER_REAL, bad));
	res("getitimer read-only", syscall(SYS_getitimer, ITIMER_REAL, ro));
	res("setitimer bad which", syscall(SYS_setitimer, 99, &it, NULL));
	res("setitimer bad pointer", syscall(SYS_setitimer, ITIMER_REAL, bad, NULL));
	res("setitimer usec out of range", syscall(SYS_setitimer, ITIMER_REAL, &it, NULL));
	it.it_value.tv_usec = 0;
	res("setitimer bad old pointer", syscall(SYS_setitimer, ITIMER_REAL, &it, bad));
	res("alarm garbage upper half (0 s: cancel)", syscall(SYS_alarm, HI));

	/* Files: creat, statfs64, extended attributes. */
	res("creat bad path", syscall(SYS_creat, bad, 0600));
	res("creat missing directory", syscall(SYS_creat, "/nonexistent-ppc64emu/x", 0600));
	struct statfs64 sf;
	res("statfs64 bad path", syscall(SYS_statfs64, bad, sizeof sf, &sf));
	res("statfs64 bad buffer", syscall(SYS_statfs64, "/", sizeof sf, bad));
	res("fstatfs64 bad fd", syscall(SYS_fstatfs64, 12345, sizeof sf, &sf));
	res("fstatfs64 bad buffer", syscall(SYS_fstatfs64, fd, sizeof sf, bad));
	res("setxattr bad path", syscall(SYS_setxattr, bad, "user.x", "v", 1, 0));
	res("setxattr bad name", syscall(SYS_setxattr, tmp, bad, "v", 1, 0));
	res("setxattr bad value", syscall(SYS_setxattr, tmp, "user.x", bad, 1, 0));
	res("setxattr bad flags", syscall(SYS_setxattr, tmp, "user.x", "v", 1, 3));
	res("setxattr empty name", syscall(SYS_setxattr, tmp, "", "v", 1, 0));
	res("lsetxattr bad path", syscall(SYS_lsetxattr, bad, "user.x", "v", 1, 0));
	res("lsetxattr missing file", syscall(SYS_lsetxattr, "/nonexistent-ppc64emu", "user.x", "v", 1, 0));
	res("fsetxattr bad fd", syscall(SYS_fsetxattr, 12345, "user.x", "v", 1, 0));
	res("fsetxattr bad name", syscall(SYS_fsetxattr, fd, bad, "v", 1, 0));
	res("getxattr bad path", syscall(SYS_getxattr, bad, "user.x", buf, sizeof buf));
	res("getxattr bad name", syscall(SYS_getxattr, tmp, bad, buf, sizeof buf));
	res("lgetxattr missing file", syscall(SYS_lgetxattr, "/nonexistent-ppc64emu", "user.x", buf, sizeof buf));
	res("fgetxattr bad fd", syscall(SYS_fgetxattr, 12345, "user.x", buf, sizeof buf));
	res("listxattr bad path", syscall(SYS_listxattr, bad, buf, sizeof buf));
	res("llistxattr missing file", syscall(SYS_llistxattr, "/nonexistent-ppc64emu", buf, sizeof buf));
	res("flistxattr bad fd", syscall(SYS_flistxattr, 12345, buf, sizeof buf));
	res("removexattr bad path", syscall(SYS_removexattr, bad, "user.x"));
	res("lremovexattr bad name", syscall(SYS_lremovexattr, tmp, bad));
	res("fremovexattr bad fd", syscall(SYS_fremovexattr, 12345, "user.x"));
	unlink(tmp);
	return 0;
}
