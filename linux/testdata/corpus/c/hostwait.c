/* Calls that wait on a pipe, socket or terminal must stay interruptible
 * (issue 26; nothing may wait in the runner's host kernel, where a guest
 * signal does not reach it):
 *  - recvmsg with MSG_WAITALL gathers parts; a signal, with or without
 *    SA_RESTART, ends it with the part it got; SO_RCVTIMEO ends it too;
 *  - two processes splice from one pipe; one takes the byte written, the
 *    other waits on, and a signal still ends its splice (EINTR);
 *  - tee from an empty pipe, splice from a file into a full pipe,
 *    vmsplice into a full pipe and from an empty one, splice from a pipe
 *    into a full socket and sendfile from an empty socket to a pipe end
 *    with EINTR on a signal;
 *  - splice from a pipe to a socket: its answers that do not wait;
 *  - a read (readv) of an eventfd, a timerfd or an inotify instance with nothing
 *    to read ends with EINTR on a signal (an eventfd's read of less than
 *    8 bytes is EINVAL at once);
 *  - a write to a full pseudo-terminal ends with the part written on a
 *    signal, and so does a splice to it (a part or EINTR: the terminal
 *    may take some more bytes after the write, as the pty moves bytes to
 *    its master's line discipline).
 * A process that waits for a signal while it may not be in its call yet
 * is sent the signal again until it answers (handshakes, no timed
 * assertion). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"
#include "usr1wait.h"

static int sv[2];    /* a stream socketpair */
static int pp[2];    /* a pipe */
static int full[2];  /* a full pipe */
static int pty = -1; /* a pseudo-terminal's slave */
static char buf[1 << 20];

static long recv_all(int fd, size_t n) {
	struct iovec v = {buf, n};
	struct msghdr m = {.msg_iov = &v, .msg_iovlen = 1};
	return recvmsg(fd, &m, MSG_WAITALL);
}

static long recvmsg_waitall(void) { return recv_all(sv[0], 16); }
static long splice_one(void) { return splice(pp[0], NULL, full[1] < 0 ? 1 : pp[1], NULL, 1, 0); }
static long tee_empty(void) { return tee(pp[0], full[1], 1, 0); }

static long splice_to_full(void) {
	int m = memfd_create("f", 0);
	write(m, "0123456789", 10);
	loff_t off = 0;
	return splice(m, &off, full[1], NULL, 10, 0);
}

static long vmsplice_to_full(void) {
	struct iovec v = {buf, 10};
	return vmsplice(full[1], &v, 1, 0);
}

static long vmsplice_from_empty(void) {
	struct iovec v = {buf, 10};
	return vmsplice(pp[0], &v, 1, 0);
}

static int fs[2]; /* a socketpair, fs[1] full */
static long splice_to_socket(void) {
	int q[2];
	pipe(q);
	write(q[1], "0123456789", 10);
	return splice(q[0], NULL, fs[1], NULL, 10, 0);
}

static int q[2]; /* sendfile's pipe */
static long sendfile_socket(void) { return sendfile(q[1], sv[0], NULL, 100); }

static int anon = -1; /* an eventfd, timerfd or inotify instance */
static long read_anon(void) { return read(anon, buf, 64); }
static long readv_anon(void) {
	struct iovec v[2] = {{buf, 4}, {buf + 4, 60}};
	return readv(anon, v, 2);
}

static long tty_write(void) { return write(pty, buf, sizeof buf) > 0 ? 1 : -1; }

/* splice_to_tty splices 64 KiB, more than the full terminal takes: 1 if
 * a signal ended it with a part or nothing. */
static long splice_to_tty(void) {
	int q[2];
	pipe(q);
	write(q[1], buf, 65536);
	long r = splice(q[0], NULL, pty, NULL, 65536, 0);
	return r < 65536 && (r >= 0 || errno == EINTR) ? 1 : r;
}

/* splice_socket_cases: what a splice from a pipe to a stream socket
 * answers without waiting (the runner's copy, send and taking). */
static void splice_socket_cases(void) {
	signal(SIGPIPE, SIG_IGN);
	int s[2], p[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, s);
	pipe(p);
	res("to a socket: empty pipe, SPLICE_F_NONBLOCK", splice(p[0], NULL, s[1], NULL, 10, SPLICE_F_NONBLOCK));
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	res("to a socket: empty O_NONBLOCK pipe", splice(p[0], NULL, s[1], NULL, 10, 0));
	fcntl(p[0], F_SETFL, 0);
	res("to a socket: the write end as input", splice(p[1], NULL, s[1], NULL, 10, 0));
	char b[64];
	write(p[1], "abcdef", 6);
	res("to a socket: more asked than there", splice(p[0], NULL, s[1], NULL, 100, SPLICE_F_MORE));
	res("  read back", read(s[0], b, sizeof b));
	write(p[1], "abcdef", 6);
	res("to a socket: less asked", splice(p[0], NULL, s[1], NULL, 4, 0));
	res("  read back", read(s[0], b, sizeof b));
	res("  left in the pipe", read(p[0], b, sizeof b));
	int u = socket(AF_UNIX, SOCK_STREAM, 0);
	write(p[1], "abcdef", 6);
	res("to an unconnected socket", splice(p[0], NULL, u, NULL, 6, 0));
	close(s[0]);
	res("to a socket whose peer closed", splice(p[0], NULL, s[1], NULL, 6, 0));
	close(p[1]);
	res("  left in the pipe", read(p[0], b, sizeof b));
	res("to a socket from a pipe without writers", splice(p[0], NULL, s[1], NULL, 6, 0));
	int s2[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, s2);
	loff_t off = 0;
	res("to a socket with an offset for it", splice(p[0], NULL, s2[1], &off, 6, 0));
	signal(SIGPIPE, SIG_DFL);
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	handle(0); /* inherited: a signal before a child's own handle() is caught too */
	pipe(rep);
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);

	write(sv[1], "abc", 3);
	waiter("recvmsg MSG_WAITALL, part there, signalled", 0, recvmsg_waitall);
	write(sv[1], "abc", 3);
	waiter("recvmsg MSG_WAITALL, part there, signalled under SA_RESTART", SA_RESTART, recvmsg_waitall);
	write(sv[1], "0123456789abcdef", 16);
	res("recvmsg MSG_WAITALL, all there", recv_all(sv[0], 16));
	write(sv[1], "01234567", 8);
	write(sv[1], "89abcdef", 8);
	res("recvmsg MSG_WAITALL, two parts", recv_all(sv[0], 16));
	struct timeval tv = {0, 20000};
	setsockopt(sv[0], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	write(sv[1], "abc", 3);
	res("recvmsg MSG_WAITALL with SO_RCVTIMEO, part there", recv_all(sv[0], 16));
	res("recvmsg MSG_WAITALL with SO_RCVTIMEO, nothing there", recv_all(sv[0], 16));
	tv.tv_usec = 0;
	setsockopt(sv[0], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);

	/* Two splicers of one pipe, each into its own pipe. */
	pipe(pp);
	full[1] = -1;
	pid_t kids[2];
	for (int i = 0; i < 2; i++) {
		if ((kids[i] = fork()) == 0) {
			handle(0);
			int q[2];
			pipe(q);
			ssize_t r = splice(pp[0], NULL, q[1], NULL, 1, 0);
			char line[64];
			int k = snprintf(line, sizeof line, "%d %s\n", i, r == 1 ? "spliced the byte" : r < 0 ? strerror(errno) : "eof");
			write(rep[1], line, k);
			_exit(0);
		}
	}
	write(pp[1], "x", 1);
	char line[80];
	ssize_t k = read(rep[0], line, sizeof line - 1);
	line[k > 0 ? k : 0] = 0;
	int first = line[0] - '0';
	printf("one splicer: %s", line[0] == '0' || line[0] == '1' ? line + 2 : "?\n");
	nudge(kids[1 - first], rep[0], line, sizeof line);
	printf("the other, signalled: %s", line + 2);
	for (int i = 0; i < 2; i++)
		waitpid(kids[i], NULL, 0);

	pipe2(full, O_NONBLOCK);
	while (write(full[1], buf, 4096) > 0)
		;
	fcntl(full[1], F_SETFL, 0);
	waiter("tee from an empty pipe, signalled", 0, tee_empty);
	waiter("splice from a file into a full pipe, signalled", 0, splice_to_full);
	waiter("vmsplice into a full pipe, signalled", 0, vmsplice_to_full);
	waiter("vmsplice from an empty pipe, signalled", 0, vmsplice_from_empty);
	socketpair(AF_UNIX, SOCK_STREAM, 0, fs);
	res("splice from a pipe to a socket", splice_to_socket());
	res("  read back", read(fs[0], buf, sizeof buf));
	while (send(fs[1], buf, 4096, MSG_DONTWAIT) > 0)
		;
	waiter("splice from a pipe into a full socket, signalled", 0, splice_to_socket);
	splice_socket_cases();
	pipe(q);
	write(sv[1], "hello", 5);
	res("sendfile from a socket to a pipe", sendfile_socket());
	waiter("sendfile from an empty socket to a pipe, signalled", 0, sendfile_socket);

	anon = eventfd(0, 0);
	res("eventfd read of 4 bytes", read(anon, buf, 4));
	waiter("eventfd read, signalled", 0, read_anon);
	waiter("eventfd readv, signalled", 0, readv_anon);
	anon = timerfd_create(CLOCK_MONOTONIC, 0);
	waiter("timerfd read, signalled", 0, read_anon);
	anon = inotify_init();
	waiter("inotify read, signalled", 0, read_anon);

	int m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m < 0 || grantpt(m) || unlockpt(m) || (pty = open(ptsname(m), O_RDWR | O_NOCTTY)) < 0) {
		printf("no pseudo-terminal\n");
		return 0;
	}
	waiter("write to a full terminal, signalled (1: a part)", 0, tty_write);
	waiter("splice to a full terminal, signalled (1: a part or EINTR)", 0, splice_to_tty);
	return 0;
}
