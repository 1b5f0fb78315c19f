/* More system calls with bad pointers, lengths and flags (badptr.c has the
 * file, time and signal basics): sockets, epoll, eventfd, timerfd,
 * signalfd, POSIX timers, directories, select/poll, signal queues.
 * Compared with qemu-user; the cases where qemu-user 7.2 is not Linux are
 * in badlinux.c. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *bad = (void *)0x1000;
	int sv[2];
	res("socketpair", socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	res("socketpair bad vector", syscall(SYS_socketpair, AF_UNIX, SOCK_STREAM, 0, ro));
	res("socket bad domain", syscall(SYS_socket, 12345, SOCK_STREAM, 0));
	res("socket bad type", syscall(SYS_socket, AF_UNIX, 9, 0));
	int s = socket(AF_UNIX, SOCK_DGRAM, 0);
	res("bind bad address", syscall(SYS_bind, s, bad, sizeof(struct sockaddr_un)));
	res("connect bad address", syscall(SYS_connect, s, bad, sizeof(struct sockaddr_un)));
	socklen_t len = sizeof(struct sockaddr_un);
	res("getsockname bad address", syscall(SYS_getsockname, sv[0], bad, &len));
	res("getsockname bad length", syscall(SYS_getsockname, sv[0], ro, bad));
	res("getpeername bad length", syscall(SYS_getpeername, sv[0], ro, bad));
	int v = 1;
	res("setsockopt bad value", syscall(SYS_setsockopt, sv[0], SOL_SOCKET, SO_KEEPALIVE, bad, sizeof v));
	res("setsockopt short", syscall(SYS_setsockopt, sv[0], SOL_SOCKET, SO_KEEPALIVE, &v, 1));
	len = sizeof v;
	res("getsockopt bad value", syscall(SYS_getsockopt, sv[0], SOL_SOCKET, SO_TYPE, bad, &len));
	res("getsockopt bad length", syscall(SYS_getsockopt, sv[0], SOL_SOCKET, SO_TYPE, &v, bad));
	res("sendto bad buffer", syscall(SYS_sendto, sv[0], bad, 4, 0, 0, 0));
	res("send on a bad fd", syscall(SYS_sendto, 99, "x", 1, 0, 0, 0));
	write(sv[1], "abcd", 4);
	res("recvfrom bad buffer", syscall(SYS_recvfrom, sv[0], bad, 4, 0, 0, 0));
	res("recvfrom read-only", syscall(SYS_recvfrom, sv[0], ro, 4, MSG_DONTWAIT, 0, 0));
	res("sendmsg bad header", syscall(SYS_sendmsg, sv[0], bad, 0));
	res("recvmsg bad header", syscall(SYS_recvmsg, sv[0], bad, MSG_DONTWAIT));
	res("listen on a socketpair", syscall(SYS_listen, sv[0], 1));
	res("accept on a socketpair", syscall(SYS_accept4, sv[0], 0, 0, 0));
	res("shutdown bad how", syscall(SYS_shutdown, sv[0], 99));
	res("epoll_create1 bad flags", syscall(SYS_epoll_create1, 12345));
	res("epoll_create size 0", syscall(SYS_epoll_create, 0));
	int ep = epoll_create1(0);
	res("epoll_ctl bad event", syscall(SYS_epoll_ctl, ep, EPOLL_CTL_ADD, sv[0], bad));
	res("epoll_ctl bad op", syscall(SYS_epoll_ctl, ep, 99, sv[0], ro));
	res("epoll_ctl itself", syscall(SYS_epoll_ctl, ep, EPOLL_CTL_ADD, ep, ro));
	res("epoll_wait maxevents 0", syscall(SYS_epoll_pwait, ep, ro, 0, 0, 0, 8));
	struct epoll_event ev = {EPOLLIN, {0}};
	epoll_ctl(ep, EPOLL_CTL_ADD, sv[0], &ev);
	res("epoll_wait bad events", syscall(SYS_epoll_pwait, ep, bad, 1, 0, 0, 8));
	res("eventfd2 bad flags", syscall(SYS_eventfd2, 0, 12345));
	res("timerfd_create bad clock", syscall(SYS_timerfd_create, 12345, 0));
	res("timerfd_create bad flags", syscall(SYS_timerfd_create, CLOCK_MONOTONIC, 12345));
	int tf = timerfd_create(CLOCK_MONOTONIC, 0);
	res("timerfd_settime bad new", syscall(SYS_timerfd_settime, tf, 0, bad, 0));
	res("timerfd_gettime bad", syscall(SYS_timerfd_gettime, tf, bad));
	res("signalfd4 bad mask", syscall(SYS_signalfd4, -1, bad, 8, 0));
	res("timer_create bad event", syscall(SYS_timer_create, CLOCK_MONOTONIC, bad, ro));
	res("timer_create bad clock", syscall(SYS_timer_create, 12345, 0, ro));
	res("timer_settime bad id", syscall(SYS_timer_settime, 12345, 0, ro, 0));
	res("timer_delete bad id", syscall(SYS_timer_delete, 12345));
	int d = open("/", O_RDONLY | O_DIRECTORY);
	res("getdents64 bad buffer", syscall(SYS_getdents64, d, bad, 4096));
	res("getdents64 tiny buffer", syscall(SYS_getdents64, d, ro, 1));
	res("getdents64 on a file", syscall(SYS_getdents64, sv[0], ro, 4096));
	res("sigaltstack bad", syscall(SYS_sigaltstack, bad, 0));
	res("rt_sigpending bad", syscall(SYS_rt_sigpending, bad, 8));
	res("rt_sigtimedwait bad set", syscall(SYS_rt_sigtimedwait, bad, 0, 0, 8));
	res("rt_sigqueueinfo bad info", syscall(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, bad));
	res("rt_sigsuspend bad", syscall(SYS_rt_sigsuspend, bad, 8));
	res("sysinfo bad", syscall(SYS_sysinfo, bad));
	res("getrusage bad who", syscall(SYS_getrusage, 12345, ro));
	res("getrusage bad", syscall(SYS_getrusage, RUSAGE_SELF, bad));
	res("clock_nanosleep bad", syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, bad, 0));
	res("clock_getres bad clock", syscall(SYS_clock_getres, 12345, ro));
	res("time bad", syscall(SYS_time, bad) == -1 ? -1 : 0);
	res("prctl unknown", syscall(SYS_prctl, 12345, 0, 0, 0, 0));
	res("poll bad", syscall(SYS_poll, bad, 1, 0));
	res("select bad set", syscall(SYS__newselect, 1, bad, 0, 0, 0));
	res("select negative", syscall(SYS__newselect, -1, 0, 0, 0, 0));
	res("mkdir bad path", syscall(SYS_mkdir, bad, 0700));
	res("unlink bad path", syscall(SYS_unlink, bad));
	res("rename bad path", syscall(SYS_rename, bad, "/tmp/x"));
	res("chdir bad path", syscall(SYS_chdir, bad));
	res("access bad path", syscall(SYS_access, bad, F_OK));
	res("fchmod bad fd", syscall(SYS_fchmod, 12345, 0600));
	res("ftruncate negative", syscall(SYS_ftruncate, sv[0], -1));
	res("close_range bad flags", syscall(SYS_close_range, 100, 200, 12345));
	res("close_range reversed", syscall(SYS_close_range, 200, 100, 0));
	res("waitid no children", syscall(SYS_waitid, P_ALL, 0, ro, WEXITED, 0));
	res("pipe bad", syscall(SYS_pipe2, bad, 0));
	res("sched_getaffinity small", syscall(SYS_sched_getaffinity, 0, 1, ro));
	res("pread negative offset", syscall(SYS_pread64, d, ro, 1, -1L));
	res("pwrite bad buffer", syscall(SYS_pwrite64, sv[0], bad, 4, 0));
	res("lstat bad path", syscall(SYS_lstat, bad, ro));
	res("mkdirat bad path", syscall(SYS_mkdirat, AT_FDCWD, bad, 0700));
	res("unlinkat bad flags", syscall(SYS_unlinkat, AT_FDCWD, "/tmp/nonexistent-ppc64emu", 12345));
	res("renameat2 bad flags", syscall(SYS_renameat2, AT_FDCWD, "/tmp/a-ppc64emu", AT_FDCWD, "/tmp/b-ppc64emu", 12345));
	res("fchmodat bad path", syscall(SYS_fchmodat, AT_FDCWD, bad, 0600));
	res("faccessat bad mode", syscall(SYS_faccessat, AT_FDCWD, "/", 12345));
	res("dup2 bad fd", syscall(SYS_dup2, 12345, 20));
	res("dup bad fd", syscall(SYS_dup, 12345));
	res("fcntl F_SETFD bad fd", syscall(SYS_fcntl, 12345, F_SETFD, 1));
	res("accept4 bad flags", syscall(SYS_accept4, s, 0, 0, 12345));
	res("accept on a datagram socket", syscall(SYS_accept4, s, 0, 0, 0));
	int st = socket(AF_UNIX, SOCK_STREAM, 0);
	res("accept on a stream socket not listening", syscall(SYS_accept4, st, 0, 0, 0));
	res("sendmmsg bad vector", syscall(SYS_sendmmsg, sv[0], bad, 1, 0));
	res("recvmmsg bad vector", syscall(SYS_recvmmsg, sv[0], bad, 1, MSG_DONTWAIT, 0));
	res("pselect6 bad set", syscall(SYS_pselect6, 1, bad, 0, 0, 0, 0));
	res("timer_gettime bad id", syscall(SYS_timer_gettime, 12345, ro));
	res("timer_getoverrun bad id", syscall(SYS_timer_getoverrun, 12345));
	res("rt_tgsigqueueinfo bad info", syscall(SYS_rt_tgsigqueueinfo, getpid(), getpid(), SIGUSR1, bad));
	res("wait4 bad status", syscall(SYS_wait4, -1, bad, 0, 0));
	res("mremap bad address", syscall(SYS_mremap, bad, 4096, 8192, 0, 0));
	res("mremap bad flags", syscall(SYS_mremap, ro, 4096, 8192, 12345, 0));
	return 0;
}
