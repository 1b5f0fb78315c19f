/* The order in which socket calls check their arguments, as Linux 6.1's
 * net/socket.c makes them (issue 26): connect looks the descriptor up
 * (EBADF), then copies the address (EINVAL for a length outside
 * 0..sizeof(struct sockaddr_storage), EFAULT), then asks for a socket
 * (ENOTSOCK); bind and getsockname want a socket first; sendto copies the
 * address before the data; accept4 looks the descriptor up, then checks
 * its flags, then wants a socket, and writes the peer's address only
 * after taking the connection (a bad length loses it); an address length
 * is an int (garbage above its 32 bits is not seen), a negative one
 * EINVAL. qemu-user 7.2 copies connect's address before it looks at the
 * descriptor, so badsockorder.expected is a native run on an x86-64 host
 * (Linux 6.18; these checks are the same in 6.1 and on every
 * architecture). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	void *bad = (void *)0x1000;
	long hi = 0x7fffffff00000000L; /* garbage above an int argument */
	int p[2];
	pipe(p);
	struct sockaddr_un none = {.sun_family = AF_UNIX, .sun_path = "/nonexistent/badsockorder"};
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	res("connect bad fd, bad address", syscall(SYS_connect, 12345, bad, sizeof none));
	res("connect bad fd, long address", syscall(SYS_connect, 12345, &none, 1000));
	res("connect pipe, bad address", syscall(SYS_connect, p[0], bad, sizeof none));
	res("connect pipe, long address", syscall(SYS_connect, p[0], &none, 1000));
	res("connect pipe", syscall(SYS_connect, p[0], &none, sizeof none));
	res("connect null address", syscall(SYS_connect, s, 0, sizeof none));
	res("connect negative length", syscall(SYS_connect, s, &none, -1));
	res("connect length with garbage", syscall(SYS_connect, s, &none, hi | sizeof none));
	res("bind bad fd, bad address", syscall(SYS_bind, 12345, bad, sizeof none));
	res("bind pipe, bad address", syscall(SYS_bind, p[0], bad, sizeof none));
	res("bind pipe, long address", syscall(SYS_bind, p[0], &none, 1000));
	res("bind negative length", syscall(SYS_bind, s, &none, -1));
	res("bind length with garbage", syscall(SYS_bind, s, &none, hi | sizeof none));
	int d = socket(AF_UNIX, SOCK_DGRAM, 0);
	res("sendto bad fd, bad address", syscall(SYS_sendto, 12345, "x", 1, 0, bad, sizeof none));
	res("sendto pipe, bad address", syscall(SYS_sendto, p[1], "x", 1, 0, bad, sizeof none));
	res("sendto bad data, long address", syscall(SYS_sendto, d, bad, 4, 0, &none, 1000));
	res("sendto bad data, negative length", syscall(SYS_sendto, d, bad, 4, 0, &none, -1));
	res("sendto length with garbage", syscall(SYS_sendto, d, "x", 1, 0, &none, hi | sizeof none));
	res("accept4 bad fd, bad flags", syscall(SYS_accept4, 12345, 0, 0, 0x7777));
	res("accept4 pipe, bad flags", syscall(SYS_accept4, p[0], 0, 0, 0x7777));
	res("accept4 pipe", syscall(SYS_accept4, p[0], 0, 0, 0));
	res("accept bad fd, bad address", syscall(SYS_accept, 12345, bad, bad));
	socklen_t len = sizeof none;
	res("getsockname bad fd, bad address", syscall(SYS_getsockname, 12345, bad, bad));
	res("getsockname pipe, bad address", syscall(SYS_getsockname, p[0], bad, bad));
	struct sockaddr_un got;
	int neg = -1;
	res("getsockname negative length", syscall(SYS_getsockname, s, &got, &neg));
	res("getpeername pipe", syscall(SYS_getpeername, p[0], &got, &len));
	/* A connection accepted with a negative address length: EINVAL, and
	 * the connection is gone. */
	int l = socket(AF_UNIX, SOCK_STREAM, 0);
	struct sockaddr_un abs = {.sun_family = AF_UNIX};
	int k = snprintf(abs.sun_path + 1, sizeof abs.sun_path - 1, "badsockorder.%d", (int)getpid());
	socklen_t alen = offsetof(struct sockaddr_un, sun_path) + 1 + k;
	res("bind abstract", bind(l, (struct sockaddr *)&abs, alen));
	res("listen", listen(l, 4));
	int c = socket(AF_UNIX, SOCK_STREAM, 0);
	res("connect", connect(c, (struct sockaddr *)&abs, alen));
	neg = -1;
	res("accept4 negative length", syscall(SYS_accept4, l, &got, &neg, 0));
	fcntl(l, F_SETFL, O_NONBLOCK);
	res("accept4 after it", syscall(SYS_accept4, l, 0, 0, 0));
	return 0;
}
