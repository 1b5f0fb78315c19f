/* splice with SPLICE_F_NONBLOCK and a blocking socket end (issue 26):
 * Linux honours the flag only for the pipe end (an empty pipe to read, a
 * full one to write: EAGAIN at once) and for a Unix stream socket's read
 * side; a TCP socket's read side (tcp_splice_read looks at the socket's
 * O_NONBLOCK) and any socket's send side (sendpage) wait whatever the
 * flag says. Those waits must stay interruptible under the runner:
 * (A splice to a stream socket goes through spliceToSocket, whose waits
 * hostwait.c covers; a full TCP socket still takes a few bytes into its
 * last unsent buffer, so it is not a wait that can be made here.)
 *  - a SIGUSR1 without SA_RESTART ends each (EINTR; usr1wait.h);
 *  - under SA_RESTART a periodic SIGALRM does not end it, and the call
 *    completes once the parent, told by the first handler, makes data or
 *    room (alarmtell.h).
 * Handshakes only, no timed assertion.
 * Expected output (splicenb.expected) from a native x86-64 run on the
 * host (gcc, Linux 6.x): qemu-user 7.2 passes such a splice to its host,
 * which waits there (a SIGUSR1 or SIGALRM to the guest does not end it). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"
#include "waitcase.h"

static char buf[1 << 16];
static int tcp[2] = {-1, -1}; /* a connected TCP pair: [0] the splice's end, [1] its peer */
static int dg[2];              /* a full Unix datagram socketpair */

/* tcp_pair connects two TCP sockets on the loopback into s (the accepted
 * end first); 0 if it cannot. */
static int tcp_pair(int s[2]) {
	int l = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t n = sizeof a;
	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof a) || listen(l, 1) || getsockname(l, (struct sockaddr *)&a, &n))
		return 0;
	s[1] = socket(AF_INET, SOCK_STREAM, 0);
	if (s[1] < 0 || connect(s[1], (struct sockaddr *)&a, sizeof a))
		return 0;
	s[0] = accept(l, NULL, NULL);
	close(l);
	return s[0] >= 0;
}

/* fill sends datagrams of n bytes to s until it would wait. */
static void fill(int s, size_t n) {
	while (send(s, buf, n, MSG_DONTWAIT) > 0)
		;
}

/* from_sock splices up to 10 bytes from socket s into a new pipe. */
static long from_sock(int s) {
	int q[2];
	pipe(q);
	long r = splice(s, NULL, q[1], NULL, 10, SPLICE_F_NONBLOCK);
	close(q[0]);
	close(q[1]);
	return r;
}

/* to_sock splices 10 bytes from a new pipe holding them into socket s. */
static long to_sock(int s) {
	int q[2];
	pipe(q);
	write(q[1], "0123456789", 10);
	long r = splice(q[0], NULL, s, NULL, 10, SPLICE_F_NONBLOCK);
	close(q[0]);
	close(q[1]);
	return r;
}

static long from_tcp(void) { return from_sock(tcp[0]); }
static long to_full_dgram(void) { return to_sock(dg[1]); }

static void done_tcp(void) { send(tcp[1], "abcdefghij", 10, 0); }
static void done_dgram(void) { recv(dg[0], buf, sizeof buf, 0); }

static const struct wcase ct = {"SPLICE_F_NONBLOCK from an empty blocking TCP socket", from_tcp, done_tcp};
static const struct wcase cd = {"SPLICE_F_NONBLOCK to a full blocking datagram socket", to_full_dgram, done_dgram};

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	handle(0);
	pipe(rep);
	if (!tcp_pair(tcp)) {
		printf("no TCP on the loopback\n");
		return 0;
	}
	socketpair(AF_UNIX, SOCK_DGRAM, 0, dg);

	/* EAGAIN at once: the pipe end would wait, or the socket honours the flag. */
	int q[2], us[2];
	pipe(q);
	res("SPLICE_F_NONBLOCK from an empty pipe to a TCP socket", splice(q[0], NULL, tcp[0], NULL, 10, SPLICE_F_NONBLOCK));
	fcntl(q[1], F_SETFL, O_NONBLOCK);
	while (write(q[1], buf, sizeof buf) > 0)
		;
	send(tcp[1], "x", 1, 0);
	res("SPLICE_F_NONBLOCK from a TCP socket with data to a full pipe", splice(tcp[0], NULL, q[1], NULL, 10, SPLICE_F_NONBLOCK));
	res("  then to a pipe with room", from_tcp());
	close(q[0]);
	close(q[1]);
	socketpair(AF_UNIX, SOCK_STREAM, 0, us);
	res("SPLICE_F_NONBLOCK from an empty Unix stream socket", from_sock(us[0]));
	fcntl(tcp[0], F_SETFL, O_NONBLOCK);
	res("SPLICE_F_NONBLOCK from an empty O_NONBLOCK TCP socket", from_tcp());
	fcntl(tcp[0], F_SETFL, 0);
	res("SPLICE_F_NONBLOCK to a TCP socket with room", to_sock(tcp[0]));
	res("  read back", recv(tcp[1], buf, sizeof buf, 0));
	res("SPLICE_F_NONBLOCK to a datagram socket with room", to_full_dgram());
	res("  read back", recv(dg[0], buf, sizeof buf, 0));

	/* Waits that only a signal or the peer ends. */
	fill(dg[1], 100);
	waiter("SPLICE_F_NONBLOCK from an empty blocking TCP socket, signalled", 0, from_tcp);
	waiter("SPLICE_F_NONBLOCK to a full blocking datagram socket, signalled", 0, to_full_dgram);
	restarted(&ct);
	restarted(&cd);
	return 0;
}
