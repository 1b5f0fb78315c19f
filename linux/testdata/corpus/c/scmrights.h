/* sendfds and recvfds pass descriptors in an SCM_RIGHTS message of one
 * byte over a socket. Shared by the programs that include it (msg.c,
 * procinflight.c; each is one static translation unit). */
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

/* scmBuf is a control buffer for up to 8 descriptors. */
union scmBuf {
	char buf[CMSG_SPACE(8 * sizeof(int))];
	struct cmsghdr align;
};

/* scmMsg points m at the one byte c and the control buffer u, len bytes
 * of it. */
static inline void scmMsg(struct msghdr *m, struct iovec *iov, char *c, union scmBuf *u, size_t len) {
	memset(u, 0, sizeof *u);
	memset(m, 0, sizeof *m);
	iov->iov_base = c;
	iov->iov_len = 1;
	m->msg_iov = iov;
	m->msg_iovlen = 1;
	m->msg_control = u->buf;
	m->msg_controllen = len;
}

/* sendfds sends one byte with n (at most 8) descriptors attached. */
static inline long sendfds(int s, const int *fds, int n) {
	char c = 'F';
	struct iovec iov;
	union scmBuf u;
	struct msghdr m;
	scmMsg(&m, &iov, &c, &u, CMSG_SPACE(n * sizeof(int)));
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	h->cmsg_len = CMSG_LEN(n * sizeof(int));
	memcpy(CMSG_DATA(h), fds, n * sizeof(int));
	return sendmsg(s, &m, 0);
}

/* recvfds receives one byte and the descriptors of its SCM_RIGHTS
 * message into fds (at most max): how many, 0 without one. */
static inline int recvfds(int s, int *fds, int max) {
	char c;
	struct iovec iov;
	union scmBuf u;
	struct msghdr m;
	scmMsg(&m, &iov, &c, &u, sizeof u.buf);
	if (recvmsg(s, &m, 0) != 1) return 0;
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	if (!h || h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS) return 0;
	int n = (h->cmsg_len - CMSG_LEN(0)) / sizeof(int);
	if (n > max) n = max;
	memcpy(fds, CMSG_DATA(h), n * sizeof(int));
	return n;
}
