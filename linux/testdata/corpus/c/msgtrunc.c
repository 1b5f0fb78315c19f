/* recvmsg with more SCM_RIGHTS descriptors than the control buffer holds,
 * and sendmsg with a cmsg_len below the header size. Compared with
 * msgtrunc.expected, written from Linux's behaviour (net/core/scm.c,
 * scm_detach_fds: as many descriptors as fit in msg_controllen minus the
 * header are installed, at the lowest free numbers, and MSG_CTRUNC is set;
 * __scm_send: a control message whose cmsg_len is below sizeof(struct
 * cmsghdr) or beyond the buffer is EINVAL): qemu-user 7.2 does not set
 * MSG_CTRUNC there (its host buffer is larger) and aborts on the short
 * cmsg_len. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(void) {
	int sv[2], p[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv); /* 3, 4 */
	pipe(p);                                  /* 5, 6 */
	union {
		char buf[CMSG_SPACE(3 * sizeof(int))];
		struct cmsghdr align;
	} u;
	char c = 'F';
	struct iovec iov = {&c, 1};
	struct msghdr m = {0};
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = u.buf;
	m.msg_controllen = CMSG_SPACE(3 * sizeof(int));
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	h->cmsg_len = CMSG_LEN(3 * sizeof(int));
	int three[3] = {p[0], p[1], sv[0]};
	memcpy(CMSG_DATA(h), three, sizeof three);
	printf("sendmsg three fds: %ld\n", (long)sendmsg(sv[0], &m, 0));

	memset(&u, 0, sizeof u);
	m.msg_controllen = CMSG_SPACE(sizeof(int)); /* 24: room for two */
	printf("recvmsg: %ld\n", (long)recvmsg(sv[1], &m, 0));
	h = CMSG_FIRSTHDR(&m);
	int fds[2] = {-1, -1};
	if (h)
		memcpy(fds, CMSG_DATA(h), sizeof fds);
	printf("ctrunc=%d controllen=%zu cmsg_len=%zu fds %d %d\n", !!(m.msg_flags & MSG_CTRUNC),
	       (size_t)m.msg_controllen, h ? (size_t)h->cmsg_len : 0, fds[0], fds[1]);
	/* The received read end works. */
	write(p[1], "ok", 2);
	char r[3] = {0};
	printf("read: %ld [%s]\n", (long)read(fds[0], r, 2), r);

	m.msg_controllen = sizeof u.buf;
	CMSG_FIRSTHDR(&m)->cmsg_len = 4;
	long n = sendmsg(sv[0], &m, 0);
	printf("sendmsg short cmsg_len: %ld %s\n", n, n < 0 ? strerror(errno) : "");
	CMSG_FIRSTHDR(&m)->cmsg_len = sizeof u.buf + 8;
	n = sendmsg(sv[0], &m, 0);
	printf("sendmsg long cmsg_len: %ld %s\n", n, n < 0 ? strerror(errno) : "");
	return 0;
}
