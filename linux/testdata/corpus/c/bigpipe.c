/* bigpipe: one writev of many MiB to a blocking pipe or stream socket
 * writes it all, waiting for the reader (Linux's pipe_write and
 * unix_stream_sendmsg), where the runner gathered up to 16 MiB of each
 * buffer into its own memory first: 8 MiB, an empty buffer, 20 MiB and
 * 5 bytes to a pipe and to a stream socket pair, read by a child that
 * reports the count and checksum it read; a writev to a pipe whose
 * buffers run into a page it may not read after 2 MiB writes the 2 MiB
 * before it, one after half a page is EFAULT (pipe_write copies whole
 * pages). A datagram goes in one send: two buffers
 * of a Unix datagram or seqpacket socket read as one message, and one of
 * 4 MiB, more than the socket's send buffer, is EMSGSIZE. Nothing here is
 * timed: the child reads to the end of the file. bigpipe.expected is the
 * output of this program built for x86-64 and run on this host's Linux
 * (6.18); qemu-user 7.2 stops before the first buffer with a page it may
 * not read (lock_iovec: the first faulting write is 1048576 there). */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>

#include "bigbuf.h"

/* A child reading rfd to its end, reporting "count sum" on the pipe it
 * returns the reading end of. */
static int reader(int rfd, int wfd) {
	int rep[2];
	if (pipe(rep))
		exit(1);
	if (fork() == 0) {
		close(wfd);
		close(rep[0]);
		static unsigned char b[65536];
		long n = 0;
		unsigned s = 0;
		for (;;) {
			long k = read(rfd, b, sizeof b);
			if (k <= 0)
				break;
			for (long i = 0; i < k; i++)
				s = s * 31 + b[i];
			n += k;
		}
		dprintf(rep[1], "%ld %08x", n, s);
		_exit(0);
	}
	close(rep[1]);
	close(rfd);
	return rep[0];
}

/* Writes iov to a new pipe (sock 0) or stream socket pair and prints what
 * writev said and what the reader got. */
static void through(const char *what, int sock, struct iovec *iov, int n) {
	int p[2];
	if (sock ? socketpair(AF_UNIX, SOCK_STREAM, 0, p) : pipe(p))
		exit(1);
	int rep = reader(p[0], p[1]);
	long got = writev(p[1], iov, n);
	int err = errno;
	close(p[1]);
	char line[64] = "";
	long k = read(rep, line, sizeof line - 1);
	line[k > 0 ? k : 0] = 0;
	close(rep);
	wait(NULL);
	unsigned s = 0;
	for (int i = 0; i < n; i++) {
		long len = got < 0 ? 0 : (long)iov[i].iov_len;
		long before = 0;
		for (int j = 0; j < i; j++)
			before += iov[j].iov_len;
		if (before + len > got)
			len = got > before ? got - before : 0;
		for (long j = 0; j < len; j++)
			s = s * 31 + ((unsigned char *)iov[i].iov_base)[j];
	}
	if (got < 0)
		printf("%s: -1 %s\n", what, strerror(err));
	else
		printf("%s: %ld, read %s, written %08x\n", what, got, line, s);
}

static void datagram(const char *what, int type) {
	int sv[2];
	if (socketpair(AF_UNIX, type, 0, sv))
		exit(1);
	char a[300], b[700], r[2000];
	memset(a, 'a', sizeof a);
	memset(b, 'b', sizeof b);
	struct iovec two[2] = {{a, sizeof a}, {b, sizeof b}};
	printf("%s writev of 300 and 700: %ld\n", what, (long)writev(sv[0], two, 2));
	long k = recv(sv[1], r, sizeof r, 0);
	printf("%s one message: %ld, %c%c\n", what, k, r[0], r[k - 1]);
	unsigned char *big = malloc(4 * MB);
	memset(big, 'x', 4 * MB);
	struct iovec one[2] = {{big, 2 * MB}, {big + 2 * MB, 2 * MB}};
	long got = writev(sv[0], one, 2);
	printf("%s writev of 4 MiB: %ld %s\n", what, got, got < 0 ? strerror(errno) : "");
	free(big);
	close(sv[0]);
	close(sv[1]);
}

int main(void) {
	signal(SIGPIPE, SIG_IGN);
	unsigned char *w, *r;
	int fd = bigfile("bigpipe", &w, &r);
	close(fd);
	unsigned char *a = malloc(8 * MB), *b = malloc(20 * MB);
	for (long i = 0; i < 8 * MB; i++)
		a[i] = w[i % (4 * MB)];
	for (long i = 0; i < 20 * MB; i++)
		b[i] = w[(i * 3) % (4 * MB)];
	struct iovec v[4] = {{a, 8 * MB}, {a, 0}, {b, 20 * MB}, {w, 5}};
	through("pipe writev of 28 MiB + 5", 0, v, 4);
	through("stream socket writev of 28 MiB + 5", 1, v, 4);

	/* 3 MiB mapped, the third page-aligned MiB made unreadable. */
	unsigned char *m = mmap(0, 3 * MB, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memcpy(m, w, 2 * MB);
	mprotect(m + 2 * MB, MB, PROT_NONE);
	struct iovec fv[2] = {{m, MB / 2}, {m + MB / 2, 2 * MB}};
	through("pipe writev to a fault after 2 MiB", 0, fv, 2);
	long pg = sysconf(_SC_PAGESIZE);
	struct iovec hv[2] = {{m + 2 * MB - pg / 2, pg / 2}, {m + 2 * MB, pg}};
	through("pipe writev to a fault after half a page", 0, hv, 2);

	datagram("dgram", SOCK_DGRAM);
	datagram("seqpacket", SOCK_SEQPACKET);
	return 0;
}
