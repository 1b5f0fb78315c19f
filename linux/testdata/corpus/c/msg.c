/* sendmsg/recvmsg over socketpairs: scatter/gather, SCM_RIGHTS descriptor
 * passing, SCM_CREDENTIALS, the error
 * paths, and sendmmsg/recvmmsg. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "res.h"
#include "scmrights.h"

int main(void) {
	int sv[2], dg[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	socketpair(AF_UNIX, SOCK_DGRAM, 0, dg);

	/* Gather three pieces, scatter into two buffers. */
	struct iovec out[3] = {{"hello, ", 7}, {"scattered ", 10}, {"world", 5}};
	struct msghdr m = {0};
	m.msg_iov = out;
	m.msg_iovlen = 3;
	res("sendmsg gather", sendmsg(dg[0], &m, 0));
	char a[9] = {0}, b[32] = {0};
	struct iovec in[2] = {{a, 8}, {b, 31}};
	struct sockaddr_storage from;
	memset(&m, 0, sizeof m);
	m.msg_iov = in;
	m.msg_iovlen = 2;
	m.msg_name = &from;
	m.msg_namelen = sizeof from;
	res("recvmsg scatter", recvmsg(dg[1], &m, 0));
	printf("  [%s] [%s] namelen=%u flags=%#x controllen=%zu\n", a, b, m.msg_namelen, m.msg_flags,
	       (size_t)m.msg_controllen);

	/* A datagram longer than the buffers: MSG_TRUNC. */
	send(dg[0], "0123456789", 10, 0);
	struct iovec small = {a, 4};
	memset(&m, 0, sizeof m);
	memset(a, 0, sizeof a);
	m.msg_iov = &small;
	m.msg_iovlen = 1;
	res("recvmsg truncated", recvmsg(dg[1], &m, 0));
	printf("  [%s] trunc=%d\n", a, !!(m.msg_flags & MSG_TRUNC));

	/* Pass a pipe's read end; close ours; read through the received one. */
	int p[2];
	pipe(p);
	res("sendmsg SCM_RIGHTS", sendfds(sv[0], &p[0], 1));
	close(p[0]);
	union {
		char buf[CMSG_SPACE(8 * sizeof(int))];
		struct cmsghdr align;
	} u;
	char c = 0;
	struct iovec iov = {&c, 1};
	memset(&m, 0, sizeof m);
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = u.buf;
	m.msg_controllen = sizeof u.buf;
	res("recvmsg SCM_RIGHTS", recvmsg(sv[1], &m, 0));
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	int got = -1;
	if (h && h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_RIGHTS) {
		memcpy(&got, CMSG_DATA(h), sizeof got);
		printf("  byte=%c len=%zu controllen=%zu fd=%d (was %d)\n", c, (size_t)h->cmsg_len,
		       (size_t)m.msg_controllen, got, p[0]);
	}
	write(p[1], "through", 7);
	char r[8] = {0};
	res("read received fd", read(got, r, 7));
	printf("  [%s]\n", r);

	/* (Descriptors that do not fit the control buffer: msgtrunc.c.) */

	/* SCM_CREDENTIALS. */
	int on = 1;
	setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &on, sizeof on);
	struct ucred cr = {getpid(), getuid(), getgid()};
	union {
		char buf[CMSG_SPACE(sizeof(struct ucred))];
		struct cmsghdr align;
	} cu;
	memset(&cu, 0, sizeof cu);
	memset(&m, 0, sizeof m);
	c = 'C';
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = cu.buf;
	m.msg_controllen = sizeof cu.buf;
	h = CMSG_FIRSTHDR(&m);
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_CREDENTIALS;
	h->cmsg_len = CMSG_LEN(sizeof cr);
	memcpy(CMSG_DATA(h), &cr, sizeof cr);
	res("sendmsg SCM_CREDENTIALS", sendmsg(sv[0], &m, 0));
	memset(&cu, 0, sizeof cu);
	m.msg_controllen = sizeof cu.buf;
	res("recvmsg SCM_CREDENTIALS", recvmsg(sv[1], &m, 0));
	h = CMSG_FIRSTHDR(&m);
	printf("  level=%d type=%d len=%zu\n", h ? h->cmsg_level : -1, h ? h->cmsg_type : -1, h ? (size_t)h->cmsg_len : 0);
	if (h && h->cmsg_type == SCM_CREDENTIALS) {
		struct ucred rc;
		memcpy(&rc, CMSG_DATA(h), sizeof rc);
		printf("  pid=%d uid=%d gid=%d\n", rc.pid == getpid(), rc.uid == getuid(), rc.gid == getgid());
	}

	/* Errors. */
	memset(&m, 0, sizeof m);
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	res("sendmsg bad fd", sendmsg(99, &m, 0));
	res("sendmsg not a socket", sendmsg(p[1], &m, 0));
	res("sendmsg bad msghdr", sendmsg(sv[0], (struct msghdr *)8, 0));
	res("recvmsg bad msghdr", recvmsg(sv[1], (struct msghdr *)8, 0));
	struct iovec bad = {(void *)8, 4};
	m.msg_iov = &bad;
	res("sendmsg bad iov base", sendmsg(sv[0], &m, 0));
	m.msg_iov = (struct iovec *)8;
	res("sendmsg bad iov array", sendmsg(sv[0], &m, 0));
	m.msg_iov = &iov;
	m.msg_iovlen = 2000;
	res("sendmsg too many iovs", sendmsg(sv[0], &m, 0));
	int badfd = 77;
	res("sendmsg SCM_RIGHTS bad fd", sendfds(sv[0], &badfd, 1));
	/* (A cmsg_len below the header size: msgtrunc.c.) */
	m.msg_iovlen = 1;
	res("recvmsg empty nonblocking", recvmsg(sv[1], &m, MSG_DONTWAIT));

	/* sendmmsg/recvmmsg. */
	struct mmsghdr mm[4];
	struct iovec mi[4];
	char bufs[4][8];
	memset(mm, 0, sizeof mm);
	memset(bufs, 0, sizeof bufs);
	const char *words[3] = {"one", "three", "five5"};
	for (int i = 0; i < 3; i++) {
		mi[i].iov_base = (void *)words[i];
		mi[i].iov_len = strlen(words[i]);
		mm[i].msg_hdr.msg_iov = &mi[i];
		mm[i].msg_hdr.msg_iovlen = 1;
	}
	res("sendmmsg", sendmmsg(dg[0], mm, 3, 0));
	printf("  lens %u %u %u\n", mm[0].msg_len, mm[1].msg_len, mm[2].msg_len);
	memset(mm, 0, sizeof mm);
	for (int i = 0; i < 4; i++) {
		mi[i].iov_base = bufs[i];
		mi[i].iov_len = 7;
		mm[i].msg_hdr.msg_iov = &mi[i];
		mm[i].msg_hdr.msg_iovlen = 1;
	}
	res("recvmmsg waitforone", recvmmsg(dg[1], mm, 4, MSG_WAITFORONE, 0));
	printf("  [%s %u] [%s %u] [%s %u]\n", bufs[0], mm[0].msg_len, bufs[1], mm[1].msg_len, bufs[2], mm[2].msg_len);
	res("sendmmsg bad fd", sendmmsg(99, mm, 1, 0));
	return 0;
}
