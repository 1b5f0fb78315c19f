/* sockatmark(3), the SIOCATMARK request, on a TCP connection on loopback
   with urgent data: "abc", then "!" sent with MSG_OOB, then "def". The
   reader waits for the urgent data (poll's POLLPRI: a handshake, nothing
   timed), is not at the mark before it, reads up to the mark ("abc": a
   read stops there), is at the mark, reads the urgent byte with MSG_OOB,
   then the rest, and is past the mark. SIOCATMARK on a pipe and a
   regular file is ENOTTY, into an unwritable int EFAULT, on a descriptor
   not open EBADF. The runner said ENOTTY on the socket too. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/sockios.h>
#include <unistd.h>

static const char *err(void) {
	return errno == ENOTTY ? "ENOTTY" : errno == EFAULT ? "EFAULT" : errno == EBADF ? "EBADF" : strerror(errno);
}

static void mark(const char *when, int fd) {
	int r = sockatmark(fd);
	if (r < 0)
		printf("%s: -1 %s\n", when, err());
	else
		printf("%s: %d\n", when, r);
}

int main(void) {
	int l = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t n = sizeof a;
	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof a) || listen(l, 1) || getsockname(l, (struct sockaddr *)&a, &n))
		return 1;
	int c = socket(AF_INET, SOCK_STREAM, 0);
	if (c < 0 || connect(c, (struct sockaddr *)&a, sizeof a))
		return 1;
	int s = accept(l, NULL, NULL);
	if (s < 0)
		return 1;
	mark("nothing sent", s);
	if (send(c, "abc", 3, 0) != 3 || send(c, "!", 1, MSG_OOB) != 1 || send(c, "def", 3, 0) != 3)
		return 1;
	struct pollfd p = {.fd = s, .events = POLLPRI};
	if (poll(&p, 1, -1) != 1)
		return 1;
	printf("urgent data announced: %d\n", !!(p.revents & POLLPRI));
	mark("before the mark", s);
	char buf[16];
	ssize_t got = read(s, buf, sizeof buf);
	printf("read %zd: %.*s\n", got, (int)(got > 0 ? got : 0), buf);
	mark("at the mark", s);
	got = recv(s, buf, 1, MSG_OOB);
	printf("urgent %zd: %.*s\n", got, (int)(got > 0 ? got : 0), buf);
	mark("after the urgent byte", s);
	got = recv(s, buf, 3, MSG_WAITALL);
	printf("read %zd: %.*s\n", got, (int)(got > 0 ? got : 0), buf);
	mark("past the mark", s);
	int v = 7;
	int r = ioctl(s, SIOCATMARK, &v);
	printf("SIOCATMARK: %d, %d\n", r, v);
	r = ioctl(s, SIOCATMARK, (void *)8);
	printf("into 8: %d %s\n", r, err());
	int pp[2];
	if (pipe(pp))
		return 1;
	mark("a pipe", pp[0]);
	FILE *f = tmpfile();
	mark("a file", fileno(f));
	mark("descriptor 999", 999);
	return 0;
}
