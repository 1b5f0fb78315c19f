/* Calls that the runner cannot ask its host not to wait for, left by
 * hostwait.c, must stay interruptible too (issue 26): a pseudo-terminal
 * master's read and write (a master cannot be opened again), a splice to
 * a blocking datagram or seqpacket socket and from a TCP socket (a
 * socket's splice waits whatever SPLICE_F_NONBLOCK says), an eventfd's write that would
 * overflow its count (it waits for a read to make room) and a second
 * reader of an eventfd or a master that another reader emptied first.
 * For each:
 *  - a SIGUSR1 without SA_RESTART ends it (EINTR, or the part written);
 *  - under SA_RESTART a periodic SIGALRM does not end it, and the call
 *    completes once the parent, told by the first handler, makes room or
 *    data (alarmtell.h);
 *  - first, a second thread of the waiting process still runs, and its
 *    exit_group ends the process while the first thread waits (the
 *    second thread waits for the first to show state S in /proc first).
 *    With the argument "threads" (TestHostWaitThreads) only these run.
 * With the argument "hang" it prints "r" and waits in an eventfd write
 * for good (TestRunnerEndsBlockedCall ends it with SIGTERM). Handshakes
 * only, no timed assertion.
 * Expected output (hostwait2.expected) from a native x86-64 run on the
 * host (gcc, Linux 6.x): qemu-user 7.2 waits in the host for the splices
 * to a full datagram or seqpacket socket under SA_RESTART (its splice is
 * not interruptible: the host restarts it and the guest's handler, which
 * would tell the parent, never runs; both byte orders hang there), and
 * prints the native output up to that line in both byte orders. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include "res.h"
#include "waitcase.h"

static char buf[1 << 20];
static int master = -1, slave = -1; /* a pseudo-terminal; nobody reads the slave */
static int efd = -1;                 /* an eventfd whose count is at its top */
static int dg[2], sp[2];             /* full datagram and seqpacket socketpairs */

/* fill_socket sends datagrams of 100 bytes to s until it would wait. */
static void fill_socket(int s) {
	while (send(s, buf, 100, MSG_DONTWAIT) > 0)
		;
}

static long master_write(void) { return write(master, buf, sizeof buf) > 0 ? 1 : -1; }
static long master_read(void) { return read(master, buf, 64); }

static long efd_write(void) {
	uint64_t one = 1;
	return write(efd, &one, 8);
}

static long efd_read(void) {
	uint64_t v;
	return read(efd, &v, 8);
}

static long splice_to(int s) {
	int q[2];
	pipe(q);
	write(q[1], "0123456789", 10);
	long r = splice(q[0], NULL, s, NULL, 10, 0);
	close(q[0]);
	close(q[1]);
	return r;
}
static long splice_dgram(void) { return splice_to(dg[1]); }

static int tcp = -1; /* a connected TCP socket nothing is sent to */
static long splice_from_tcp(void) {
	int q[2];
	pipe(q);
	long r = splice(tcp, NULL, q[1], NULL, 10, 0);
	close(q[0]);
	close(q[1]);
	return r;
}

/* tcp_pair connects a TCP socket to one of its own on the loopback and
 * returns the accepted end, or -1. */
static int tcp_pair(void) {
	int l = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t n = sizeof a;
	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof a) || listen(l, 1) || getsockname(l, (struct sockaddr *)&a, &n))
		return -1;
	int c = socket(AF_INET, SOCK_STREAM, 0);
	if (c < 0 || connect(c, (struct sockaddr *)&a, sizeof a))
		return -1;
	return accept(l, NULL, NULL);
}
static long splice_seqpacket(void) { return splice_to(sp[1]); }

static void done_master_write(void) {
	while (read(slave, buf, sizeof buf) > 0) /* the slave is O_NONBLOCK for this */
		;
}
static void done_master_read(void) { write(slave, "z", 1); }
static void done_efd_write(void) { efd_read(); }
static void done_efd_read(void) { efd_write(); }
static void done_dgram(void) { recv(dg[0], buf, sizeof buf, 0); }
static void done_seqpacket(void) { recv(sp[0], buf, sizeof buf, 0); }

static int tids[2]; /* the waiting thread's id to the main thread */

static void *waits(void *arg) {
	const struct wcase *c = arg;
	pid_t tid = syscall(SYS_gettid);
	write(tids[1], &tid, sizeof tid);
	c->call();
	return NULL;
}

#include "taskstate.h"

/* threaded runs c's call in a second thread of a child; the main thread
 * waits for it to sleep in the call and ends the child with exit_group. */
static void threaded(const struct wcase *c) {
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		pthread_t th;
		pid_t tid = 0;
		pipe(tids);
		pthread_create(&th, NULL, waits, (void *)c);
		read(tids[0], &tid, sizeof tid);
		while (state(tid) != 'S')
			sched_yield();
		printf("%s: the other thread ran while it waited\n", c->name);
		syscall(SYS_exit_group, 3);
	}
	int st;
	waitpid(pid, &st, 0);
	printf("%s: exit_group from the other thread: %s %d\n", c->name, WIFEXITED(st) ? "exited" : "killed",
	       WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
}

/* full_efd brings the eventfd's count to its top, 0xfffffffffffffffe. */
static void full_efd(void) {
	uint64_t v;
	read(efd, &v, 8);
	v = 0xfffffffffffffffeULL;
	write(efd, &v, 8);
}

/* open_pty opens master and slave, the slave raw; 0 if it cannot. */
static int open_pty(void) {
	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) || unlockpt(master) || (slave = open(ptsname(master), O_RDWR | O_NOCTTY)) < 0)
		return 0;
	struct termios tio;
	tcgetattr(slave, &tio);
	cfmakeraw(&tio);
	tcsetattr(slave, TCSANOW, &tio);
	return 1;
}

static const struct wcase ew = {"eventfd write that would overflow", efd_write, done_efd_write};
static const struct wcase er = {"eventfd read", efd_read, done_efd_read};
static const struct wcase mr = {"master read", master_read, done_master_read};
static const struct wcase mw = {"master write to a full terminal (1: a part)", master_write, done_master_write};
static const struct wcase sd = {"splice to a full datagram socket", splice_dgram, done_dgram};
static const struct wcase ss = {"splice to a full seqpacket socket", splice_seqpacket, done_seqpacket};

/* threads runs the cases with a second thread; 0 if there is no
 * pseudo-terminal. */
static int threads(void) {
	threaded(&ew);
	if (!open_pty()) {
		printf("no pseudo-terminal\n");
		return 0;
	}
	threaded(&mr);
	fcntl(slave, F_SETFL, O_NONBLOCK);
	threaded(&mw);
	socketpair(AF_UNIX, SOCK_DGRAM, 0, dg);
	socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sp);
	fill_socket(dg[1]);
	fill_socket(sp[1]);
	threaded(&sd);
	threaded(&ss);
	return 1;
}

int main(int argc, char **argv) {
	setvbuf(stdout, NULL, _IONBF, 0);
	efd = eventfd(0, EFD_NONBLOCK);
	full_efd();
	fcntl(efd, F_SETFL, 0);
	if (argc > 1 && strcmp(argv[1], "hang") == 0) {
		write(1, "r", 1);
		efd_write();
		return 1;
	}
	if (!threads() || (argc > 1 && strcmp(argv[1], "threads") == 0))
		return 0;
	handle(0); /* inherited: a signal before a child's own handle() is caught too */
	pipe(rep);

	/* An eventfd's write that would overflow, and an eventfd read. */
	uint64_t v = 1;
	res("eventfd write of 2^64-1", write(efd, &(uint64_t){UINT64_MAX}, 8));
	res("eventfd write of 4 bytes", write(efd, &v, 4));
	waiter("eventfd write that would overflow, signalled", 0, efd_write);
	restarted(&ew);
	full_efd();
	fcntl(efd, F_SETFL, O_NONBLOCK);
	res("  count at its top: a write of 1 (O_NONBLOCK)", efd_write());
	fcntl(efd, F_SETFL, 0);
	efd_read();
	waiter("eventfd read, signalled", 0, efd_read);
	restarted(&er);

	/* A pseudo-terminal's master. */
	if (!open_pty()) {
		printf("no pseudo-terminal\n");
		return 0;
	}
	waiter("master read, signalled", 0, master_read);
	restarted(&mr);
	/* Two readers of the master: one takes the byte, the other waits on. */
	pid_t kids[2];
	for (int i = 0; i < 2; i++) {
		fflush(stdout);
		if ((kids[i] = fork()) == 0) {
			ssize_t r = read(master, buf, 64);
			char line[64];
			int k = snprintf(line, sizeof line, "%d %s\n", i, r == 1 ? "read the byte" : r < 0 ? strerror(errno) : "eof");
			write(rep[1], line, k);
			_exit(0);
		}
	}
	write(slave, "x", 1);
	char line[80];
	ssize_t k = read(rep[0], line, sizeof line - 1);
	line[k > 0 ? k : 0] = 0;
	int first = line[0] - '0';
	printf("master, one reader: %s", line[0] == '0' || line[0] == '1' ? line + 2 : "?\n");
	nudge(kids[1 - first], rep[0], line, sizeof line);
	printf("master, the other, signalled: %s", line + 2);
	for (int i = 0; i < 2; i++)
		waitpid(kids[i], NULL, 0);

	waiter("master write to a full terminal, signalled (1: a part)", 0, master_write);
	fcntl(slave, F_SETFL, O_NONBLOCK);
	restarted(&mw);
	done_master_write();

	/* Splices to full datagram and seqpacket sockets. */
	socketpair(AF_UNIX, SOCK_DGRAM, 0, dg);
	socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sp);
	res("splice to a datagram socket", splice_dgram());
	res("  read back", recv(dg[0], buf, sizeof buf, 0));
	res("splice to a seqpacket socket", splice_seqpacket());
	res("  read back", recv(sp[0], buf, sizeof buf, 0));
	fill_socket(dg[1]);
	fill_socket(sp[1]);
	waiter("splice to a full datagram socket, signalled", 0, splice_dgram);
	waiter("splice to a full seqpacket socket, signalled", 0, splice_seqpacket);
	if ((tcp = tcp_pair()) >= 0)
		waiter("splice from an empty TCP socket, signalled", 0, splice_from_tcp);
	restarted(&sd);
	fill_socket(dg[1]);
	restarted(&ss);
	return 0;
}
