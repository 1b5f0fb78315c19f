/* Bad arguments to the system calls of Linux 5.6 to 6.1 that qemu-user
 * 7.2 answers ENOSYS (epoll_pwait2, futex_waitv, openat2), in Linux 6.1's
 * order. Compared with badnewer.expected, a native run of this program on
 * x86-64 Linux 6.18 (the calls' checks are architecture-independent; no
 * case here is one where 6.18's differ from 6.1's, such as futex_waitv's
 * value above 32 bits, which 6.7 made EINVAL):
 *  - epoll_pwait2 (fs/eventpoll.c): the timespec is read (EFAULT) and
 *    checked (EINVAL for a tv_nsec of a second or more, a negative time)
 *    before the signal mask (EINVAL for a size other than 8), then as
 *    epoll_pwait: maxevents (EINVAL), the descriptor (EBADF; EINVAL for
 *    one that is not an epoll instance);
 *  - futex_waitv (kernel/futex/syscalls.c): flags (EINVAL), a count of 0
 *    or above 128 or a null array (EINVAL), the clock (EINVAL but for
 *    CLOCK_MONOTONIC and CLOCK_REALTIME, only with a timeout), the
 *    timeout (EFAULT, EINVAL), each entry (EFAULT; unknown flags, no
 *    FUTEX_32 or a reserved word not 0: EINVAL), each address (EINVAL
 *    unaligned, EFAULT for a shared futex on an unmapped page), then the
 *    words (EAGAIN for one that differs);
 *  - openat2 (fs/open.c; openat2.c has the rest): the size (EINVAL below
 *    24), struct open_how (EFAULT), its flags (EINVAL) before the path
 *    (EFAULT), an int descriptor (garbage in the upper half dropped). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

#ifndef SYS_epoll_pwait2
#define SYS_epoll_pwait2 441
#endif
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
#ifndef SYS_futex_waitv
#define SYS_futex_waitv 449
#endif

struct waitv {
	uint64_t val, uaddr;
	uint32_t flags, reserved;
};

int main(void) {
	void *bad = (void *)0x1000;
	struct epoll_event ev[2];
	int ep = epoll_create1(0), pfd[2];
	pipe(pfd);
	struct timespec zero = {0, 0}, badns = {0, 1000000000}, neg = {-1, 0};
	sigset_t none;
	sigemptyset(&none);
	res("epoll_pwait2 bad timeout pointer", syscall(SYS_epoll_pwait2, ep, ev, 2, bad, &none, 8));
	res("epoll_pwait2 tv_nsec 1e9, bad mask size", syscall(SYS_epoll_pwait2, ep, ev, 2, &badns, &none, 7));
	res("epoll_pwait2 negative time", syscall(SYS_epoll_pwait2, ep, ev, 2, &neg, NULL, 0));
	res("epoll_pwait2 bad mask size", syscall(SYS_epoll_pwait2, ep, ev, 2, &zero, &none, 7));
	res("epoll_pwait2 bad mask pointer", syscall(SYS_epoll_pwait2, ep, ev, 2, &zero, bad, 8));
	res("epoll_pwait2 maxevents 0", syscall(SYS_epoll_pwait2, ep, ev, 0, &zero, NULL, 0));
	res("epoll_pwait2 bad fd", syscall(SYS_epoll_pwait2, 12345, ev, 2, &zero, NULL, 0));
	res("epoll_pwait2 not an epoll fd", syscall(SYS_epoll_pwait2, pfd[0], ev, 2, &zero, NULL, 0));
	res("epoll_pwait2 zero timeout", syscall(SYS_epoll_pwait2, ep, ev, 2, &zero, &none, 8));
	res("epoll_pwait2 garbage upper halves", syscall(SYS_epoll_pwait2, 0xdead00000000UL | ep, ev, 0xbeef00000002UL, &zero, NULL, 0));

	static uint32_t word = 7;
	struct waitv w[2] = {{7, (uintptr_t)&word, 2 | 128, 0}, {7, (uintptr_t)&word, 2, 0}};
	struct timespec past = {0, 1};
	res("futex_waitv flags 1", syscall(SYS_futex_waitv, w, 1, 1, NULL, 0));
	res("futex_waitv count 0", syscall(SYS_futex_waitv, w, 0, 0, NULL, 0));
	res("futex_waitv count 129", syscall(SYS_futex_waitv, w, 129, 0, NULL, 0));
	res("futex_waitv null array", syscall(SYS_futex_waitv, NULL, 1, 0, NULL, 0));
	res("futex_waitv bad clock", syscall(SYS_futex_waitv, bad, 1, 0, &past, CLOCK_BOOTTIME));
	res("futex_waitv bad timeout pointer", syscall(SYS_futex_waitv, bad, 1, 0, bad, CLOCK_MONOTONIC));
	res("futex_waitv tv_nsec 1e9", syscall(SYS_futex_waitv, bad, 1, 0, &badns, CLOCK_REALTIME));
	res("futex_waitv bad array", syscall(SYS_futex_waitv, bad, 1, 0, &past, CLOCK_MONOTONIC));
	res("futex_waitv past deadline", syscall(SYS_futex_waitv, w, 2, 0, &past, CLOCK_MONOTONIC));
	word = 8;
	res("futex_waitv value differs, garbage upper half of flags, no timeout: clock unchecked",
	    syscall(SYS_futex_waitv, w, 2, 0xdead00000000UL, NULL, 12345));
	word = 7;
	struct waitv x[3] = {{7, (uintptr_t)&word, 2, 1}, {7, 0, 0, 0}};
	res("futex_waitv reserved word", syscall(SYS_futex_waitv, x, 2, 0, NULL, 0));
	x[0].reserved = 0;
	x[0].flags = 2 | 1024;
	res("futex_waitv unknown flag, then a bad entry", syscall(SYS_futex_waitv, x, 2, 0, NULL, 0));
	x[0].flags = 128;
	res("futex_waitv no FUTEX_32", syscall(SYS_futex_waitv, x, 1, 0, NULL, 0));
	x[0].flags = 2;
	res("futex_waitv second entry without FUTEX_32", syscall(SYS_futex_waitv, x, 2, 0, NULL, 0));
	x[1].flags = 2 | 128;
	x[1].uaddr = (uintptr_t)&word + 1;
	res("futex_waitv unaligned second address", syscall(SYS_futex_waitv, x, 2, 0, NULL, 0));
	x[1].uaddr = 0x1000;
	res("futex_waitv private unmapped address", syscall(SYS_futex_waitv, x, 2, 0, &past, CLOCK_REALTIME));
	x[1].flags = 2;
	res("futex_waitv shared unmapped address", syscall(SYS_futex_waitv, x, 2, 0, &past, CLOCK_REALTIME));
	x[1].uaddr = (uintptr_t)&word;
	res("futex_waitv count 2 of an array of 3, past REALTIME deadline", syscall(SYS_futex_waitv, x, 2, 0, &past, CLOCK_REALTIME));

	uint64_t how[4] = {0, 0, 0, 0};
	res("openat2 size 0", syscall(SYS_openat2, AT_FDCWD, bad, bad, 0));
	res("openat2 bad how", syscall(SYS_openat2, AT_FDCWD, bad, bad, 24));
	how[2] = 0x1000;
	res("openat2 bad resolve, bad path", syscall(SYS_openat2, AT_FDCWD, bad, how, 24));
	how[2] = 0;
	how[1] = 0600;
	res("openat2 mode without O_CREAT", syscall(SYS_openat2, AT_FDCWD, "/", how, 24));
	how[1] = 0;
	res("openat2 bad path", syscall(SYS_openat2, AT_FDCWD, bad, how, 32));
	how[3] = 1;
	res("openat2 non-zero tail", syscall(SYS_openat2, AT_FDCWD, "/", how, 32));
	how[0] = O_RDONLY | O_DIRECTORY;
	long d = syscall(SYS_openat2, 0xdead00000000UL | (unsigned)AT_FDCWD, "/", how, 24);
	res("openat2 garbage upper half of the descriptor", d < 0 ? d : 0);
	return 0;
}
