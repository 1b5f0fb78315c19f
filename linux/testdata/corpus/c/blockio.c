/* Blocking reads and writes that must stay interruptible (issue 26):
 *  - two processes read one pipe; one takes the byte written, the other
 *    waits on, and a signal still ends its read (EINTR: no SA_RESTART);
 *  - a read of a socket with SO_RCVTIMEO, a recv and a write with
 *    SO_SNDTIMEO to a full socket end with EAGAIN after the timeout (the
 *    write that fits part sends that part);
 *  - a receive from an empty error queue (MSG_ERRQUEUE) of a blocking
 *    socket is EAGAIN at once;
 *  - a signal ends a read of a socket with SO_RCVTIMEO with EINTR even
 *    under SA_RESTART (Linux's sock_intr_errno: a call with a timeout is
 *    not restarted).
 * A process that waits for a signal while it may not be in its call yet
 * is sent the signal again until it answers (handshakes, no timed
 * assertion: how many signals it takes is not printed). */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"
#include "usr1wait.h"

static void timeo(int s, int opt, long usec) {
	struct timeval tv = {.tv_sec = usec / 1000000, .tv_usec = usec % 1000000};
	setsockopt(s, SOL_SOCKET, opt, &tv, sizeof tv);
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	int p[2], rep[2];
	pipe(p);
	pipe(rep);
	handle(0);
	pid_t kids[2];
	for (int i = 0; i < 2; i++) {
		if ((kids[i] = fork()) == 0) {
			char c;
			ssize_t r = read(p[0], &c, 1);
			char line[64];
			int k = snprintf(line, sizeof line, "%d %s\n", i, r == 1 ? "read the byte" : r < 0 ? strerror(errno) : "eof");
			write(rep[1], line, k);
			_exit(0);
		}
	}
	write(p[1], "x", 1);
	char line[64];
	ssize_t k = read(rep[0], line, sizeof line - 1);
	line[k > 0 ? k : 0] = 0;
	int first = line[0] - '0';
	printf("one reader: %s", line[0] == '0' || line[0] == '1' ? line + 2 : "?\n");
	nudge(kids[1 - first], rep[0], line, sizeof line);
	printf("the other, signalled: %s", line + 2);
	for (int i = 0; i < 2; i++)
		waitpid(kids[i], NULL, 0);

	int sv[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	char buf[16];
	timeo(sv[0], SO_RCVTIMEO, 20000);
	res("read with SO_RCVTIMEO", read(sv[0], buf, sizeof buf));
	res("recv with SO_RCVTIMEO", recv(sv[0], buf, sizeof buf, 0));
	res("recv MSG_WAITALL with SO_RCVTIMEO", recv(sv[0], buf, sizeof buf, MSG_WAITALL));
	write(sv[1], "abc", 3);
	res("recv MSG_WAITALL, part there", recv(sv[0], buf, sizeof buf, MSG_WAITALL));
	write(sv[1], "0123456789abcdef", 16);
	res("recv MSG_WAITALL, all there", recv(sv[0], buf, sizeof buf, MSG_WAITALL));
	int d[2];
	socketpair(AF_UNIX, SOCK_DGRAM, 0, d);
	timeo(d[0], SO_RCVTIMEO, 20000);
	res("datagram recv with SO_RCVTIMEO", recv(d[0], buf, sizeof buf, 0));
	int u = socket(AF_INET, SOCK_DGRAM, 0);
	res("recv MSG_ERRQUEUE, queue empty", recv(u, buf, sizeof buf, MSG_ERRQUEUE));

	timeo(sv[1], SO_SNDTIMEO, 20000);
	size_t big = 1 << 22;
	char *junk = calloc(1, big);
	ssize_t w = write(sv[1], junk, big);
	printf("write to fill with SO_SNDTIMEO: %s\n", w > 0 && (size_t)w < big ? "part" : w < 0 ? strerror(errno) : "all");
	res("write to a full socket with SO_SNDTIMEO", write(sv[1], junk, 100));
	res("send to a full socket with SO_SNDTIMEO", send(sv[1], junk, 100, 0));

	int s2[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, s2);
	pid_t kid = fork();
	if (kid == 0) {
		handle(SA_RESTART);
		timeo(s2[0], SO_RCVTIMEO, 100000000);
		ssize_t r = read(s2[0], buf, sizeof buf);
		char l[64];
		int n = snprintf(l, sizeof l, "x %s\n", r < 0 ? strerror(errno) : "data");
		write(rep[1], l, n);
		_exit(0);
	}
	nudge(kid, rep[0], line, sizeof line);
	printf("signal to a read with SO_RCVTIMEO under SA_RESTART: %s", line + 2);
	waitpid(kid, NULL, 0);
	return 0;
}
