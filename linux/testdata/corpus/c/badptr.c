/* System calls given bad pointers, lengths and flags: each must fail
 * as Linux fails it (EFAULT for memory the process cannot access, EINVAL
 * or EBADF for bad values), touching nothing on the host. Compared with
 * qemu-user, which checks guest pointers before it calls the host (where
 * it is not Linux: badlinux.c). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	char *ro = mmap(NULL, 8192, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *none = ro + 4096;
	mprotect(none, 4096, PROT_NONE);
	void *bad = (void *)0x1000; /* never mapped */
	int p[2];
	pipe(p);
	write(p[1], "abcd", 4);
	res("read into unmapped", syscall(SYS_read, p[0], bad, 4));
	res("read into read-only", syscall(SYS_read, p[0], ro, 4));
	res("write from PROT_NONE", syscall(SYS_write, p[1], none, 4));
	res("write from unmapped", syscall(SYS_write, p[1], bad, 4));
	res("read bad fd", syscall(SYS_read, 99, ro, 0));
	res("write bad fd", syscall(SYS_write, -5, "x", 1));
	res("readv bad iovec", syscall(SYS_readv, p[0], bad, 1));
	res("writev bad iovec", syscall(SYS_writev, p[1], bad, 1));
	struct iovec iov = {bad, 4};
	res("writev iovec to unmapped", syscall(SYS_writev, p[1], &iov, 1));
	res("writev negative count", syscall(SYS_writev, p[1], &iov, -1));
	res("open bad path", syscall(SYS_openat, AT_FDCWD, bad, O_RDONLY));
	res("stat bad path", syscall(SYS_newfstatat, AT_FDCWD, bad, ro, 0));
	res("stat bad buffer", syscall(SYS_newfstatat, AT_FDCWD, "/", ro, 0));
	res("fstat bad buffer", syscall(SYS_fstat, 0, bad));
	res("readlink bad buffer", syscall(SYS_readlinkat, AT_FDCWD, "/proc/self/exe", ro, 100));
	res("getcwd bad buffer", syscall(SYS_getcwd, ro, 4096));
	res("getcwd size 0", syscall(SYS_getcwd, ro, 0));
	res("uname bad buffer", syscall(SYS_uname, bad));
	res("clock_gettime bad", syscall(SYS_clock_gettime, CLOCK_MONOTONIC, bad));
	res("clock_gettime bad clock", syscall(SYS_clock_gettime, 12345, bad));
	res("gettimeofday bad", syscall(SYS_gettimeofday, bad, 0));
	struct timespec ts = {0, 2000000000L};
	res("nanosleep bad nsec", syscall(SYS_nanosleep, &ts, 0));
	res("pipe2 bad", syscall(SYS_pipe2, ro, 0));
	res("pipe2 bad flags", syscall(SYS_pipe2, p, 0x12345));
	res("getrandom bad", syscall(SYS_getrandom, ro, 16, 0));
	res("rt_sigaction bad", syscall(SYS_rt_sigaction, SIGUSR1, bad, 0, 8));
	res("rt_sigaction bad size", syscall(SYS_rt_sigaction, SIGUSR1, 0, 0, 4));
	res("rt_sigaction SIGKILL", syscall(SYS_rt_sigaction, SIGKILL, 0, 0, 8) == 0 ? 0 : -1);
	res("rt_sigprocmask bad", syscall(SYS_rt_sigprocmask, SIG_BLOCK, bad, 0, 8));
	res("rt_sigprocmask bad how", syscall(SYS_rt_sigprocmask, 99, ro, 0, 8));
	res("poll bad", syscall(SYS_ppoll, bad, 1, 0, 0, 8));
	res("close bad fd", syscall(SYS_close, 12345));
	res("dup3 same fd", syscall(SYS_dup3, 1, 1, 0));
	res("dup3 bad flags", syscall(SYS_dup3, 1, 20, 0x12345));
	res("fcntl bad cmd", syscall(SYS_fcntl, 1, 12345, 0));
	res("lseek bad whence", syscall(SYS_lseek, 0, 0, 99));
	res("getrlimit bad", syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, 0, bad));
	res("sched_getaffinity bad", syscall(SYS_sched_getaffinity, 0, 128, bad));
	res("kill bad signal", syscall(SYS_kill, getpid(), 99));
	res("tgkill bad tid", syscall(SYS_tgkill, getpid(), -1, SIGUSR1));
	return 0;
}
