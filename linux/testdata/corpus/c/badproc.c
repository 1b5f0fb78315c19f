/* The rest of the implemented system calls given bad pointers, lengths,
 * flags and descriptors (badptr.c and badptr2.c have the others): record
 * locks, processes (fork, vfork, clone, execve, exit, wait), memory, the
 * calls without arguments (given garbage in their argument registers,
 * which Linux ignores), descriptors and paths. Compared with qemu-user;
 * the cases where qemu-user 7.2 is not Linux are in badlinux.c.
 * TestBadArgumentCoverage requires every implemented call to be named
 * here or in the other bad*.c programs. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdlib.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

#define G 0x5a5a5a5a5a5a5a5aL /* garbage for an ignored argument */

static volatile int ticks;
static void tick(int sig) { (void)sig; ticks++; }

/* status reports how child pid ended. */
static void status(const char *what, long pid) {
	int st = 0;
	if (pid < 0) {
		res(what, pid);
		return;
	}
	if (waitpid(pid, &st, 0) != pid)
		res(what, -1);
	else if (WIFEXITED(st))
		printf("%s: exit %d\n", what, WEXITSTATUS(st));
	else
		printf("%s: signal %d\n", what, WIFSIGNALED(st) ? WTERMSIG(st) : -1);
}

/* sigreturnBadStack calls rt_sigreturn with its stack pointer on an
 * unmapped page: the frame cannot be read, SIGSEGV. */
static void sigreturnBadStack(void) {
	__asm__ volatile("li 1, 0x1000\n\tli 0, %0\n\tsc" : : "i"(SYS_rt_sigreturn) : "memory");
}

int main(void) {
	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *rw = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *bad = (void *)0x1000; /* never mapped */
	char tmp[] = "/tmp/ppc64emu-badproc-XXXXXX";
	int fd = mkstemp(tmp);
	int rdonly = open(tmp, O_RDONLY);
	int p[2];
	pipe(p);

	/* Record locks. */
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 10};
	res("fcntl F_SETLK bad fd", syscall(SYS_fcntl, 12345, F_SETLK, &fl));
	res("fcntl F_SETLK bad pointer", syscall(SYS_fcntl, fd, F_SETLK, bad));
	res("fcntl F_GETLK bad pointer", syscall(SYS_fcntl, fd, F_GETLK, bad));
	res("fcntl F_GETLK read-only", syscall(SYS_fcntl, fd, F_GETLK, ro));
	res("fcntl F_SETLKW bad pointer", syscall(SYS_fcntl, fd, F_SETLKW, bad));
	res("fcntl F_SETLK write lock, read-only fd", syscall(SYS_fcntl, rdonly, F_SETLK, &fl));
	fl.l_type = 12345;
	res("fcntl F_SETLK bad type", syscall(SYS_fcntl, fd, F_SETLK, &fl));
	res("fcntl F_GETLK bad type", syscall(SYS_fcntl, fd, F_GETLK, &fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = 99;
	res("fcntl F_SETLK bad whence", syscall(SYS_fcntl, fd, F_SETLK, &fl));
	fl.l_whence = SEEK_SET;
	fl.l_start = -5;
	res("fcntl F_SETLK negative start", syscall(SYS_fcntl, fd, F_SETLK, &fl));
	fl.l_start = 0;
	res("fcntl F_SETLK on a pipe", syscall(SYS_fcntl, p[0], F_SETLK, &fl));
	res("fcntl F_SETLK", syscall(SYS_fcntl, fd, F_SETLK, &fl));
	res("fcntl F_GETLK own lock", syscall(SYS_fcntl, fd, F_GETLK, &fl));
	printf("fcntl F_GETLK: type %d whence %d start %ld len %ld\n", fl.l_type, fl.l_whence, (long)fl.l_start, (long)fl.l_len);
	fl.l_type = F_UNLCK;
	res("fcntl F_SETLKW unlock", syscall(SYS_fcntl, fd, F_SETLKW, &fl));
	fl.l_type = F_RDLCK;
	fl.l_pid = 1;
	res("fcntl F_OFD_SETLK pid not 0", syscall(SYS_fcntl, fd, F_OFD_SETLK, &fl));
	res("fcntl F_OFD_GETLK pid not 0", syscall(SYS_fcntl, fd, F_OFD_GETLK, &fl));
	res("fcntl F_OFD_SETLKW bad pointer", syscall(SYS_fcntl, fd, F_OFD_SETLKW, bad));
	fl.l_pid = 0;
	res("fcntl F_OFD_SETLK", syscall(SYS_fcntl, fd, F_OFD_SETLK, &fl));
	fl.l_type = F_WRLCK;
	res("fcntl F_OFD_GETLK", syscall(SYS_fcntl, fd, F_OFD_GETLK, &fl));
	printf("fcntl F_OFD_GETLK: type %d start %ld len %ld pid %d\n", fl.l_type, (long)fl.l_start, (long)fl.l_len, fl.l_pid);

	/* Descriptors and paths. */
	loff_t off;
	res("_llseek bad result", syscall(SYS__llseek, fd, 0, 0, bad, SEEK_SET));
	res("_llseek bad whence", syscall(SYS__llseek, fd, 0, 0, &off, 99));
	res("_llseek bad fd", syscall(SYS__llseek, 12345, 0, 0, &off, SEEK_SET));
	res("_llseek on a pipe", syscall(SYS__llseek, p[0], 0, 0, &off, SEEK_SET));
	res("fsync bad fd", syscall(SYS_fsync, 12345));
	res("fsync on a pipe", syscall(SYS_fsync, p[0]));
	res("fdatasync bad fd", syscall(SYS_fdatasync, -1));
	res("fdatasync on a pipe", syscall(SYS_fdatasync, p[1]));
	res("open bad path", syscall(SYS_open, bad, O_RDONLY));
	res("open empty path", syscall(SYS_open, "", O_RDONLY));
	res("open directory for writing", syscall(SYS_open, "/", O_WRONLY));
	res("stat bad path", syscall(SYS_stat, bad, rw));
	res("stat bad buffer", syscall(SYS_stat, "/", ro));
	res("readlink bad path", syscall(SYS_readlink, bad, rw, 100));
	res("readlink size 0", syscall(SYS_readlink, "/proc/self/exe", rw, 0));
	res("readlink not a link", syscall(SYS_readlink, "/", rw, 100));
	res("readlink bad buffer", syscall(SYS_readlink, "/proc/self/cwd", ro, 100));
	res("renameat bad path", syscall(SYS_renameat, AT_FDCWD, bad, AT_FDCWD, "/tmp/ppc64emu-x"));
	res("renameat bad dirfd", syscall(SYS_renameat, 12345, "a", AT_FDCWD, "/tmp/ppc64emu-x"));
	res("rmdir bad path", syscall(SYS_rmdir, bad));
	res("rmdir a file", syscall(SYS_rmdir, tmp));
	res("rmdir missing", syscall(SYS_rmdir, "/tmp/ppc64emu-no-such-dir"));
	res("symlink bad target", syscall(SYS_symlink, bad, "/tmp/ppc64emu-link"));
	res("symlink empty target", syscall(SYS_symlink, "", "/tmp/ppc64emu-link"));
	res("symlinkat bad path", syscall(SYS_symlinkat, "x", AT_FDCWD, bad));
	res("symlinkat bad dirfd", syscall(SYS_symlinkat, "x", 12345, "link"));
	res("symlinkat existing", syscall(SYS_symlinkat, "x", AT_FDCWD, tmp));
	res("pipe bad", syscall(SYS_pipe, bad));
	res("pipe read-only", syscall(SYS_pipe, ro));
	long old = syscall(SYS_umask, 0777777 | 022);
	res("umask high bits (the old mask back)", syscall(SYS_umask, old) == 0777 ? 0 : -1);
	res("send bad fd", syscall(SYS_send, 12345, "x", 1, 0));
	res("send not a socket", syscall(SYS_send, p[1], "x", 1, 0));
	int sv[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	res("send bad buffer", syscall(SYS_send, sv[0], bad, 4, 0));
	res("recv bad fd", syscall(SYS_recv, 12345, rw, 1, 0));
	res("recv not a socket", syscall(SYS_recv, p[0], rw, 1, 0));
	write(sv[1], "abcd", 4);
	res("recv bad buffer", syscall(SYS_recv, sv[0], bad, 4, 0));
	res("accept bad fd", syscall(SYS_accept, 12345, 0, 0));
	res("accept not a socket", syscall(SYS_accept, p[0], 0, 0));
	res("accept on a socketpair", syscall(SYS_accept, sv[0], 0, 0));
	int ep = epoll_create1(0);
	struct epoll_event ev = {EPOLLIN, {0}};
	write(p[1], "x", 1);
	epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev);
	res("epoll_wait bad fd", syscall(SYS_epoll_wait, 12345, rw, 1, 0));
	res("epoll_wait not epoll", syscall(SYS_epoll_wait, p[0], rw, 1, 0));
	res("epoll_wait maxevents 0", syscall(SYS_epoll_wait, ep, rw, 0, 0));
	res("epoll_wait maxevents negative", syscall(SYS_epoll_wait, ep, rw, -1, 0));
	res("epoll_wait bad events", syscall(SYS_epoll_wait, ep, bad, 1, 0));
	res("epoll_wait read-only events", syscall(SYS_epoll_wait, ep, ro, 1, 0));
	res("signalfd bad mask", syscall(SYS_signalfd, -1, bad, 8));
	sigset_t ss;
	sigemptyset(&ss);
	res("signalfd not a signalfd", syscall(SYS_signalfd, p[0], &ss, 8));
	res("signalfd bad fd", syscall(SYS_signalfd, 12345, &ss, 8));

	/* Memory. */
	long b0 = syscall(SYS_brk, 0);
	res("brk below the data (unchanged)", syscall(SYS_brk, 1) == b0 ? 0 : -1);
	res("brk too high (unchanged)", syscall(SYS_brk, 0x7fffffffffffL) == b0 ? 0 : -1);
	res("mmap length 0", syscall(SYS_mmap, 0, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
	res("mmap bad fd", syscall(SYS_mmap, 0, 4096, PROT_READ, MAP_PRIVATE, 12345, 0));
	res("mmap no type", syscall(SYS_mmap, 0, 4096, PROT_READ, MAP_ANONYMOUS, -1, 0));
	res("mmap unaligned offset", syscall(SYS_mmap, 0, 4096, PROT_READ, MAP_PRIVATE, fd, 100));
	res("mmap fixed unaligned", syscall(SYS_mmap, rw + 1, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0));
	res("mmap a pipe", syscall(SYS_mmap, 0, 4096, PROT_READ, MAP_PRIVATE, p[0], 0));
	res("mmap shared writable, read-only fd", syscall(SYS_mmap, 0, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, rdonly, 0));
	res("mmap huge", syscall(SYS_mmap, 0, -4096L, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
	res("munmap unaligned", syscall(SYS_munmap, rw + 1, 4096));
	res("munmap length 0", syscall(SYS_munmap, rw, 0));
	res("munmap unmapped", syscall(SYS_munmap, bad, 4096));
	res("mprotect unaligned", syscall(SYS_mprotect, rw + 1, 4096, PROT_READ));
	res("mprotect bad prot", syscall(SYS_mprotect, rw, 4096, 0x12345));
	res("mprotect unmapped", syscall(SYS_mprotect, bad, 4096, PROT_READ));
	res("mprotect wraps", syscall(SYS_mprotect, rw, -4096L, PROT_READ));
	res("madvise unaligned", syscall(SYS_madvise, rw + 1, 4096, MADV_DONTNEED));
	res("madvise wraps", syscall(SYS_madvise, rw, -4096L, MADV_DONTNEED));
	res("msync unaligned", syscall(SYS_msync, rw + 1, 4096, MS_SYNC));
	res("msync bad flags", syscall(SYS_msync, rw, 4096, 0x100));
	res("msync async and sync", syscall(SYS_msync, rw, 4096, MS_ASYNC | MS_SYNC));
	res("msync wraps", syscall(SYS_msync, rw, -4096L, MS_SYNC));
	res("msync rounds to zero", syscall(SYS_msync, rw, -1L, MS_SYNC));
	res("msync unmapped", syscall(SYS_msync, bad, 4096, MS_ASYNC));
	res("futex bad address", syscall(SYS_futex, bad, FUTEX_WAIT, 0, 0, 0, 0));
	res("futex misaligned", syscall(SYS_futex, rw + 1, FUTEX_WAIT, 0, 0, 0, 0));
	res("futex bad op", syscall(SYS_futex, rw, 12345, 0, 0, 0, 0));
	res("futex value differs", syscall(SYS_futex, rw, FUTEX_WAIT, 1, 0, 0, 0));
	struct timespec badts = {0, 2000000000L};
	res("futex bad timeout", syscall(SYS_futex, rw, FUTEX_WAIT, 0, &badts, 0, 0));
	res("futex unmapped timeout", syscall(SYS_futex, rw, FUTEX_WAIT, 0, bad, 0, 0));
	res("futex wake bad address", syscall(SYS_futex, bad, FUTEX_WAKE, 1, 0, 0, 0));

	/* Limits, identity, time: calls without arguments get garbage. */
	struct rlimit rl;
	res("getrlimit (not in powerpc64's table)", syscall(SYS_getrlimit, RLIMIT_NOFILE, &rl));
	res("ugetrlimit bad resource", syscall(SYS_ugetrlimit, 12345, &rl));
	res("ugetrlimit bad pointer", syscall(SYS_ugetrlimit, RLIMIT_NOFILE, bad));
	res("setrlimit bad resource", syscall(SYS_setrlimit, 12345, &rl));
	res("setrlimit bad pointer", syscall(SYS_setrlimit, RLIMIT_NOFILE, bad));
	getrlimit(RLIMIT_NOFILE, &rl);
	rl.rlim_cur = rl.rlim_max + 1;
	res("setrlimit cur above max", syscall(SYS_setrlimit, RLIMIT_NOFILE, &rl));
	res("times bad buffer", syscall(SYS_times, bad) == -1 ? -1 : 0);
	res("getpid ignores arguments", syscall(SYS_getpid, G, G, G) == getpid());
	res("getppid ignores arguments", syscall(SYS_getppid, G, G, G) == getppid());
	res("gettid ignores arguments", syscall(SYS_gettid, G, G, G) == gettid());
	res("getuid ignores arguments", syscall(SYS_getuid, G, G, G) == getuid());
	res("geteuid ignores arguments", syscall(SYS_geteuid, G, G, G) == geteuid());
	res("getgid ignores arguments", syscall(SYS_getgid, G, G, G) == getgid());
	res("getegid ignores arguments", syscall(SYS_getegid, G, G, G) == getegid());
	res("getpgrp ignores arguments", syscall(SYS_getpgrp, G, G, G) == getpgrp());
	res("sched_yield ignores arguments", syscall(SYS_sched_yield, G, G, G));
	res("set_tid_address bad pointer (accepted)", syscall(SYS_set_tid_address, bad) == gettid());
	res("tkill bad tid", syscall(SYS_tkill, -5, SIGUSR1));
	res("tkill missing tid", syscall(SYS_tkill, 0x3fffffff, SIGUSR1));
	res("tkill bad signal", syscall(SYS_tkill, gettid(), 12345));
	/* pause returns EINTR once a handled signal comes: a repeating timer
	 * brings one whether pause starts before or after the first. */
	signal(SIGALRM, tick);
	timer_t tm;
	timer_create(CLOCK_MONOTONIC, NULL, &tm);
	struct itimerspec its = {{0, 5000000}, {0, 5000000}};
	timer_settime(tm, 0, &its, NULL);
	res("pause ignores arguments", syscall(SYS_pause, G, G, G));
	timer_delete(tm);

	/* Processes. */
	res("wait4 bad options", syscall(SYS_wait4, -1, 0, 0x12345, 0));
	res("waitid bad idtype", syscall(SYS_waitid, 12345, 0, rw, WEXITED, 0));
	res("waitid no options", syscall(SYS_waitid, P_ALL, 0, rw, 0, 0));
	res("waitid bad options", syscall(SYS_waitid, P_ALL, 0, rw, WEXITED | 0x12345, 0));
	res("clone CLONE_SIGHAND without CLONE_VM", syscall(SYS_clone, CLONE_SIGHAND | SIGCHLD, 0, 0, 0, 0));
	res("clone CLONE_THREAD without CLONE_SIGHAND", syscall(SYS_clone, CLONE_THREAD | CLONE_VM | SIGCHLD, 0, 0, 0, 0));
	res("clone CLONE_FS with CLONE_NEWNS", syscall(SYS_clone, CLONE_FS | CLONE_NEWNS | SIGCHLD, 0, 0, 0, 0));
	long pid = syscall(SYS_clone, CLONE_PARENT_SETTID | SIGCHLD, 0, bad, 0, 0);
	if (pid == 0)
		syscall(SYS_exit_group, 7);
	status("clone bad parent tid pointer", pid);
	pid = syscall(SYS_fork, G, G, G);
	if (pid == 0)
		syscall(SYS_exit_group, 3);
	status("fork ignores arguments", pid);
	pid = syscall(SYS_vfork, G, G, G);
	if (pid == 0)
		syscall(SYS_exit_group, 4);
	status("vfork ignores arguments", pid);
	if ((pid = fork()) == 0)
		syscall(SYS_exit_group, 0x12345);
	status("exit_group status above 255", pid);
	if ((pid = fork()) == 0)
		syscall(SYS_exit, 0x1ff);
	status("exit status above 255", pid);
	if ((pid = fork()) == 0) {
		sigreturnBadStack();
		_exit(1);
	}
	status("rt_sigreturn bad frame", pid);
	char *argv[] = {"x", NULL};
	char *badv[] = {"x", bad, NULL};
	res("execve bad path", syscall(SYS_execve, bad, argv, 0));
	res("execve bad argv", syscall(SYS_execve, "/proc/self/exe", bad, 0));
	res("execve bad argv string", syscall(SYS_execve, "/proc/self/exe", badv, 0));
	res("unshare unknown flag", syscall(SYS_unshare, CLONE_PTRACE));
	res("unshare unknown flag with CLONE_FILES", syscall(SYS_unshare, CLONE_PTRACE | CLONE_FILES));
	res("execve bad envp", syscall(SYS_execve, "/proc/self/exe", argv, bad));
	res("execve a directory", syscall(SYS_execve, "/", argv, 0));
	res("execve empty path", syscall(SYS_execve, "", argv, 0));
	res("execve not executable", syscall(SYS_execve, tmp, argv, 0));
	/* A file that claims to be ELF but is cut short, and one 1 TiB
	 * long (sparse) with nothing but an ELF magic at its start. */
	write(fd, "\177ELF\2\1\1", 7);
	fchmod(fd, 0700);
	close(fd);
	res("execve truncated ELF", syscall(SYS_execve, tmp, argv, 0));
	truncate(tmp, 1L << 40);
	res("execve 1 TiB ELF", syscall(SYS_execve, tmp, argv, 0));
	unlink(tmp);
	return 0;
}
