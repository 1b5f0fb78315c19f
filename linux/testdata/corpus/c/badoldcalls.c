/* powerpc64 Linux's old multiplexed and BSD-era signal calls, which a
 * program reaches through syscall(2) or an old libc: socketcall(2),
 * sgetmask(2), ssetmask(2), signal(2) and restart_syscall(2). Compared
 * with badoldcalls.expected, written from Linux 6.1's sources
 * (net/socket.c sys_socketcall, kernel/signal.c, kernel/fork.c's
 * restart block; arch/powerpc/include/asm/unistd.h wants SYS_SIGNAL and
 * SYS_SOCKETCALL, CONFIG_SGETMASK_SYSCALL is on for powerpc):
 *  - socketcall's calls 1 to 20 are the socket calls with the arguments
 *    read from an array of unsigned longs; a call outside them is EINVAL,
 *    an unreadable array EFAULT (qemu-user 7.2 agrees);
 *  - sgetmask and ssetmask read and set the blocked set's one 64-bit
 *    word, the new set an int sign-extended, SIGKILL and SIGSTOP never
 *    blocked (qemu-user 7.2 agrees);
 *  - signal(2) sets the handler with SA_RESETHAND and SA_NODEFER
 *    (SA_ONESHOT, SA_NOMASK) and returns the old one; EINVAL for
 *    SIGKILL, SIGSTOP and a number outside 1-64 (qemu-user 7.2: ENOSYS);
 *  - a delivered SA_RESETHAND handler leaves the action SIG_DFL with its
 *    flags and mask as set (get_signal resets the handler only);
 *  - restart_syscall called by the program: the thread's restart block is
 *    do_no_restart_syscall, EINTR (qemu-user 7.2: ENOSYS).
 * Both byte orders print the same. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>


static void res(const char *what, long r) {
	if (r < 0)
		printf("%s: -1 %s\n", what, strerrorname_np(errno));
	else
		printf("%s: %ld\n", what, r);
}

static long sc(int call, unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
               unsigned long a4, unsigned long a5) {
	unsigned long a[6] = {a0, a1, a2, a3, a4, a5};
	return syscall(SYS_socketcall, call, a);
}

static volatile sig_atomic_t got, blockedInside;

static void onusr1(int sig) {
	sigset_t cur;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	got++;
	blockedInside = sigismember(&cur, sig);
}

static void sockets(void) {
	int sv[2];
	res("socketpair", sc(8, AF_UNIX, SOCK_STREAM, 0, (unsigned long)sv, 0, 0) );
	res("send", sc(9, sv[0], (unsigned long)"hello", 5, 0, 0, 0));
	char buf[16] = {0};
	res("recv", sc(10, sv[1], (unsigned long)buf, sizeof buf, 0, 0, 0));
	printf("received %s\n", buf);
	res("sendto", sc(11, sv[1], (unsigned long)"back", 4, MSG_DONTWAIT, 0, 0));
	struct sockaddr_un from;
	socklen_t fl = sizeof from;
	memset(buf, 0, sizeof buf);
	res("recvfrom", sc(12, sv[0], (unsigned long)buf, sizeof buf, 0, (unsigned long)&from, (unsigned long)&fl));
	printf("received %s, address length %d\n", buf, (int)fl);
	res("shutdown", sc(13, sv[0], SHUT_WR, 0, 0, 0, 0));
	res("recv after shutdown", sc(10, sv[1], (unsigned long)buf, sizeof buf, 0, 0, 0));

	/* A listening socket autobound to an abstract name, connect, accept. */
	int l = sc(1, AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, 0, 0, 0);
	printf("socket %s\n", l >= 0 ? "ok" : strerrorname_np(errno));
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	res("bind (autobind)", sc(2, l, (unsigned long)&sa, sizeof(sa_family_t), 0, 0, 0));
	socklen_t sl = sizeof sa;
	res("getsockname", sc(6, l, (unsigned long)&sa, (unsigned long)&sl, 0, 0, 0));
	printf("abstract %d, name length %d\n", sa.sun_path[0] == 0, (int)sl - (int)sizeof(sa_family_t));
	res("accept4 before listen", sc(18, l, 0, 0, 0, 0, 0));
	res("listen", sc(4, l, 4, 0, 0, 0, 0));
	int c = sc(1, AF_UNIX, SOCK_STREAM, 0, 0, 0, 0);
	res("connect", sc(3, c, (unsigned long)&sa, sl, 0, 0, 0));
	int s = sc(5, l, 0, 0, 0, 0, 0);
	printf("accept %s\n", s >= 0 ? "ok" : strerrorname_np(errno));
	struct sockaddr_un peer;
	socklen_t pl = sizeof peer;
	res("getpeername", sc(7, c, (unsigned long)&peer, (unsigned long)&pl, 0, 0, 0));
	printf("peer is the listener's name %d\n", pl == sl && memcmp(&peer, &sa, sl) == 0);
	int one = 1, v = 0;
	socklen_t vl = sizeof v;
	res("setsockopt", sc(14, s, SOL_SOCKET, SO_KEEPALIVE, (unsigned long)&one, sizeof one, 0));
	res("getsockopt", sc(15, s, SOL_SOCKET, SO_KEEPALIVE, (unsigned long)&v, (unsigned long)&vl, 0));
	printf("keepalive %d, length %d\n", v, (int)vl);

	/* sendmsg / recvmsg, sendmmsg / recvmmsg. */
	struct iovec iov = {.iov_base = "msg", .iov_len = 3};
	struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1};
	res("sendmsg", sc(16, c, (unsigned long)&m, 0, 0, 0, 0));
	char rb[8] = {0};
	struct iovec riov = {.iov_base = rb, .iov_len = sizeof rb};
	struct msghdr rm = {.msg_iov = &riov, .msg_iovlen = 1};
	res("recvmsg", sc(17, s, (unsigned long)&rm, 0, 0, 0, 0));
	printf("got %s\n", rb);
	struct mmsghdr mm[2] = {{.msg_hdr = m}, {.msg_hdr = m}};
	res("sendmmsg", sc(20, c, (unsigned long)mm, 2, 0, 0, 0));
	char r1[4] = {0}, r2[4] = {0};
	struct iovec i1 = {.iov_base = r1, .iov_len = 3}, i2 = {.iov_base = r2, .iov_len = 3};
	struct mmsghdr rmm[2] = {{.msg_hdr = {.msg_iov = &i1, .msg_iovlen = 1}}, {.msg_hdr = {.msg_iov = &i2, .msg_iovlen = 1}}};
	res("recvmmsg", sc(19, s, (unsigned long)rmm, 2, MSG_WAITFORONE, 0, 0));
	printf("got %s %s, lengths %u %u\n", r1, r2, rmm[0].msg_len, rmm[1].msg_len);

	/* Bad calls. */
	res("call 0", sc(0, 0, 0, 0, 0, 0, 0));
	res("call 21", sc(21, 0, 0, 0, 0, 0, 0));
	res("call -1", sc(-1, 0, 0, 0, 0, 0, 0));
	errno = 0;
	res("unreadable arguments", syscall(SYS_socketcall, 1, (unsigned long)8));
	res("bad family", sc(1, 12345, SOCK_STREAM, 0, 0, 0, 0));
	res("bad descriptor", sc(4, 999, 1, 0, 0, 0, 0));
	close(sv[0]), close(sv[1]), close(l), close(c), close(s);
}

static void masks(void) {
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL); /* whatever the caller blocked */
	res("sgetmask", syscall(SYS_sgetmask));
	long m = (1L << (SIGUSR1 - 1)) | (1L << (SIGKILL - 1)) | (1L << (SIGSTOP - 1));
	res("ssetmask USR1|KILL|STOP", syscall(SYS_ssetmask, m));
	printf("sgetmask %#lx\n", syscall(SYS_sgetmask));
	sigset_t cur;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	printf("sigprocmask: USR1 %d KILL %d STOP %d USR2 %d\n", sigismember(&cur, SIGUSR1),
	       sigismember(&cur, SIGKILL), sigismember(&cur, SIGSTOP), sigismember(&cur, SIGUSR2));
	printf("ssetmask -1 returns %#lx\n", syscall(SYS_ssetmask, -1L));
	printf("sgetmask %#lx\n", syscall(SYS_sgetmask));
	sigprocmask(SIG_BLOCK, NULL, &cur);
	printf("sigprocmask: RT 64 %d\n", sigismember(&cur, 64));
	printf("ssetmask 0 returns %#lx\n", syscall(SYS_ssetmask, 0L));
	/* An int: the upper half of the register is not looked at. */
	printf("ssetmask (1<<32 | USR2) returns %#lx\n", syscall(SYS_ssetmask, (1L << 32) | (1L << (SIGUSR2 - 1))));
	printf("sgetmask %#lx\n", syscall(SYS_sgetmask));
	syscall(SYS_ssetmask, 0L);
}

static void signals(void) {
	struct sigaction dfl = {.sa_handler = SIG_DFL};
	sigaction(SIGUSR1, &dfl, NULL);
	res("signal(USR1, h) returns SIG_DFL", syscall(SYS_signal, SIGUSR1, (unsigned long)onusr1));
	struct sigaction now;
	sigaction(SIGUSR1, NULL, &now);
	printf("handler set %d, flags %#x, mask empty %d\n", now.sa_handler == onusr1,
	       (unsigned)now.sa_flags, sigisemptyset(&now.sa_mask));
	long old = syscall(SYS_signal, SIGUSR1, (unsigned long)onusr1);
	printf("second signal returns the handler %d\n", old == (long)onusr1);
	raise(SIGUSR1);
	printf("handled %d, USR1 blocked inside %d\n", (int)got, (int)blockedInside);
	sigaction(SIGUSR1, NULL, &now);
	printf("after delivery: SIG_DFL %d, flags %#x, mask empty %d\n", now.sa_handler == SIG_DFL,
	       (unsigned)now.sa_flags, sigisemptyset(&now.sa_mask));

	/* sigaction's SA_RESETHAND keeps its flags and mask too. */
	struct sigaction once = {.sa_handler = onusr1, .sa_flags = SA_RESETHAND | SA_RESTART};
	sigemptyset(&once.sa_mask);
	sigaddset(&once.sa_mask, SIGUSR2);
	sigaction(SIGUSR1, &once, NULL);
	raise(SIGUSR1);
	sigaction(SIGUSR1, NULL, &now);
	printf("sigaction SA_RESETHAND: handled %d, SIG_DFL %d, RESETHAND %d RESTART %d, USR2 in mask %d\n",
	       (int)got, now.sa_handler == SIG_DFL, !!(now.sa_flags & SA_RESETHAND),
	       !!(now.sa_flags & SA_RESTART), sigismember(&now.sa_mask, SIGUSR2));

	/* Ignoring a pending signal with signal(2) discards it. */
	sigset_t u2;
	sigemptyset(&u2);
	sigaddset(&u2, SIGUSR2);
	sigprocmask(SIG_BLOCK, &u2, NULL);
	raise(SIGUSR2);
	sigset_t p;
	sigpending(&p);
	printf("USR2 pending %d\n", sigismember(&p, SIGUSR2));
	res("signal(USR2, SIG_IGN) returns SIG_DFL", syscall(SYS_signal, SIGUSR2, (unsigned long)SIG_IGN));
	sigpending(&p);
	printf("USR2 pending %d\n", sigismember(&p, SIGUSR2));
	res("signal(USR2, SIG_DFL) returns SIG_IGN", syscall(SYS_signal, SIGUSR2, (unsigned long)SIG_DFL));
	sigprocmask(SIG_UNBLOCK, &u2, NULL);

	res("signal(KILL)", syscall(SYS_signal, SIGKILL, (unsigned long)SIG_IGN));
	res("signal(STOP)", syscall(SYS_signal, SIGSTOP, (unsigned long)SIG_IGN));
	res("signal(0)", syscall(SYS_signal, 0, (unsigned long)SIG_IGN));
	res("signal(65)", syscall(SYS_signal, 65, (unsigned long)SIG_IGN));
	res("restart_syscall", syscall(SYS_restart_syscall));
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	sockets();
	masks();
	signals();
	return 0;
}
