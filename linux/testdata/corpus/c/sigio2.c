/* Signal-driven I/O of Unix datagram sockets and the POLL_OUT a poll
 * arms (Linux 6.1: sk_wake_async's SOCK_WAKE_SPACE signals only once
 * SOCKWQ_ASYNC_NOSPACE is set, which a send that found no room of its
 * own (sock_alloc_send_pskb) sets, and a poll that found the socket not
 * writable: unix_dgram_poll when write events are asked for, tcp_poll
 * and datagram_poll always, unix_poll of a stream socket never).
 *   - A datagram receiver: POLL_IN for each datagram (sock_def_readable),
 *     three datagrams, three queued signals; a pipe's read end, one for
 *     each of three writes; an inotify instance, one for each of two
 *     events.
 *   - A datagram socketpair's sender filled by sends that all found room
 *     until poll says it is not writable: no signal when the receiver
 *     reads them all without that poll; with it, one POLL_OUT
 *     (unix_write_space), and likewise after select, after
 *     epoll_ctl's first poll of it, and after an epoll_wait that
 *     returned it ready for reading (ep_send_events polls each ready
 *     item) when epoll_ctl had found it writable.
 *   - A stream socketpair filled the same way: unix_poll arms nothing,
 *     so the reader's drain sends nothing.
 *   - A datagram sender connected to a socket that is not connected back
 *     (at an abstract address the kernel chose: autobind), sending until
 *     the receiver's queue is full (EAGAIN, unix_recvq_full: its own
 *     buffer has room, nothing armed): a read by the receiver sends
 *     nothing; after a poll that found it not writable, the next read
 *     sends POLL_OUT (the sender's datagram freed: unix_write_space).
 *   - A TCP socket's connection to a loopback listener, made after
 *     connect's EINPROGRESS: POLL_OUT, with no write that found no room
 *     (tcp_rcv_synsent_state_process's sk_wake_async, SOCK_WAKE_IO);
 *     a connection refused: POLL_ERR, band POLLERR
 *     (sock_def_error_report), alone.
 *     A Unix stream socket's peer's shutdown(SHUT_WR): POLL_IN; its
 *     close: POLL_HUP, band POLLHUP|POLLERR; its own shutdown: nothing.
 *   - F_SETOWN_EX with F_OWNER_PGRP (F_GETOWN_EX shows it) and with
 *     F_OWNER_TID of another thread, which takes the signal itself (a
 *     pipe tells the writer it is ready).
 * Every signal is the F_SETSIG one with si_code POLL_IN (band
 * POLLIN|POLLRDNORM, 0x41) or POLL_OUT (POLLOUT|POLLWRNORM|POLLWRBAND,
 * 0x304), si_fd the descriptor. How many sends fill a socket is not
 * printed (it follows the host's buffer sizes). sigio2.expected is a
 * native run's on x86-64 (Linux 6.18), equal to qemu-ppc64le 7.2's:
 * qemu-ppc64 7.2 gives a big-endian guest si_band shifted by 32 bits and
 * a wrong si_fd for every F_SETSIG signal (see sigio.c). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>
#include "sigio.h"

static char buf[2048];

/* writable reports whether poll finds fd writable now. */
static int writable(int fd) {
	struct pollfd p = {fd, POLLOUT, 0};
	return poll(&p, 1, 0) == 1 && (p.revents & POLLOUT);
}

/* fill sends 1000-byte pieces to fd while its writability is not asked
 * for (a poll asks for it): it stops once SIOCOUTQ has passed a quarter
 * of SO_SNDBUF (unix_writable is then false) or a send fails; it says
 * how the last send ended. */
static void fill(const char *what, int fd) {
	int sndbuf = 0, outq = 0, i;
	socklen_t len = sizeof sndbuf;
	getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sndbuf, &len);
	for (i = 0; i < 100000; i++) {
		if (send(fd, buf, 1000, MSG_DONTWAIT) < 0) {
			printf("%s: send: %s\n", what, strerror(errno));
			return;
		}
		ioctl(fd, TIOCOUTQ, &outq);
		if ((long)outq * 4 > sndbuf + 4000L)
			break;
	}
	printf("%s: filled without a failed send: %d\n", what, i < 100000);
}

/* drain reads fd (non-blocking) until it is empty. */
static void drain(int fd) {
	while (recv(fd, buf, sizeof buf, MSG_DONTWAIT) > 0)
		;
}

/* pair makes a socketpair of type, its first end owned (own). */
static void pair(const char *what, int type, int sv[2]) {
	if (socketpair(AF_UNIX, type, 0, sv) < 0)
		printf("%s: socketpair: %s\n", what, strerror(errno));
	own(what, sv[0]);
}

/* done clears O_ASYNC and closes sv. */
static void done(int sv[2]) {
	fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) & ~O_ASYNC);
	close(sv[0]);
	close(sv[1]);
}

static int ready[2], tidfd;

/* owner is the thread that makes itself tidfd's owner (F_OWNER_TID),
 * says so on ready, and takes the signal. */
static void *owner(void *arg) {
	(void)arg;
	struct f_owner_ex ox = {F_OWNER_TID, (pid_t)syscall(SYS_gettid)};
	res("thread: F_SETOWN_EX F_OWNER_TID", fcntl(tidfd, F_SETOWN_EX, &ox));
	struct f_owner_ex got;
	fcntl(tidfd, F_GETOWN_EX, &got);
	printf("thread: F_GETOWN_EX type=%d self=%d\n", got.type, got.pid == ox.pid);
	write(ready[1], "r", 1);
	take("thread owner", tidfd);
	return NULL;
}

int main(void) {
	int sv[2];
	rtsig = SIGRTMIN + 4;
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, rtsig);
	sigprocmask(SIG_BLOCK, &set, NULL);
	setvbuf(stdout, NULL, _IONBF, 0);
	/* A process group of its own (the run's may be 0: no session). */
	res("setpgid", setpgid(0, 0));

	/* A datagram receiver: one signal for each datagram. */
	pair("dgram receiver", SOCK_DGRAM, sv);
	for (int i = 0; i < 3; i++)
		res("send", send(sv[1], "d", 1, 0));
	take("datagram 1", sv[0]);
	take("datagram 2", sv[0]);
	take("datagram 3", sv[0]);
	pending("after three");
	done(sv);

	/* A pipe's read end and an inotify instance, likewise: one signal
	 * for each write (pipe_write's kill_fasync), for each event queued
	 * (fsnotify_insert_event's). */
	int p[2];
	res("pipe", pipe(p));
	own("pipe reader", p[0]);
	for (int i = 0; i < 3; i++)
		res("write", write(p[1], "w", 1));
	take("pipe write 1", p[0]);
	take("pipe write 2", p[0]);
	take("pipe write 3", p[0]);
	pending("pipe: after three");
	fcntl(p[0], F_SETFL, 0);
	close(p[0]);
	close(p[1]);
	char dir[] = "/tmp/c-sigio2.XXXXXX", path[64];
	int in = inotify_init1(0);
	if (!mkdtemp(dir) || in < 0) {
		printf("mkdtemp, inotify: %s\n", strerror(errno));
		return 1;
	}
	res("inotify_add_watch", inotify_add_watch(in, dir, IN_CREATE) > 0);
	own("inotify", in);
	for (int i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "%s/%d", dir, i);
		int f = open(path, O_CREAT | O_WRONLY, 0600);
		res("create", f >= 0);
		close(f);
	}
	take("inotify event 1", in);
	take("inotify event 2", in);
	pending("inotify: after two");
	fcntl(in, F_SETFL, 0);
	close(in); /* before the files go: IN_IGNORED is not watched for */
	for (int i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "%s/%d", dir, i);
		unlink(path);
	}
	rmdir(dir);

	/* A datagram sender: no poll, no signal. */
	pair("dgram sender", SOCK_DGRAM, sv);
	fill("dgram sender", sv[0]);
	drain(sv[1]);
	pending("dgram: drained without a poll");
	/* poll finds it not writable: the drain sends POLL_OUT, once. */
	fill("dgram sender", sv[0]);
	printf("dgram: poll writable=%d\n", writable(sv[0]));
	pending("dgram: after the poll");
	drain(sv[1]);
	take("dgram: drained after a poll", sv[0]);
	pending("dgram: after");
	/* select, likewise. */
	fill("dgram sender", sv[0]);
	fd_set w;
	FD_ZERO(&w);
	FD_SET(sv[0], &w);
	struct timeval tv = {0, 0};
	res("dgram: select", select(sv[0] + 1, NULL, &w, NULL, &tv));
	drain(sv[1]);
	take("dgram: drained after a select", sv[0]);
	/* epoll_ctl's first poll of it, likewise. */
	fill("dgram sender", sv[0]);
	int ep = epoll_create1(0);
	struct epoll_event ev = {.events = EPOLLOUT};
	res("dgram: epoll_ctl", epoll_ctl(ep, EPOLL_CTL_ADD, sv[0], &ev));
	drain(sv[1]);
	take("dgram: drained after epoll_ctl", sv[0]);
	pending("dgram: after");
	close(ep);
	done(sv);
	/* epoll_wait's poll of a ready item (ep_send_events), likewise: the
	   item was added while the socket was writable (nothing armed), a
	   datagram to it makes it ready for reading. */
	pair("dgram sender", SOCK_DGRAM, sv);
	ep = epoll_create1(0);
	ev.events = EPOLLIN | EPOLLOUT;
	ev.data.u64 = 0x1234567890;
	res("dgram: epoll_ctl while writable", epoll_ctl(ep, EPOLL_CTL_ADD, sv[0], &ev));
	fill("dgram sender", sv[0]);
	drain(sv[1]);
	pending("dgram: drained without an epoll_wait");
	fill("dgram sender", sv[0]);
	res("dgram: a datagram to it", send(sv[1], "d", 1, 0));
	take("dgram: its datagram", sv[0]);
	struct epoll_event out = {0};
	res("dgram: epoll_wait", epoll_wait(ep, &out, 1, 0));
	printf("dgram: events %#x data %#llx\n", out.events, (unsigned long long)out.data.u64);
	pending("dgram: after the epoll_wait");
	drain(sv[1]);
	take("dgram: drained after epoll_wait", sv[0]);
	pending("dgram: after");
	close(ep);
	done(sv);

	/* A stream socket: its poll arms nothing. */
	pair("stream sender", SOCK_STREAM, sv);
	fill("stream sender", sv[0]);
	printf("stream: poll writable=%d\n", writable(sv[0]));
	drain(sv[1]);
	pending("stream: drained after a poll");
	done(sv);

	/* A sender whose receiver's queue is full. */
	int r = socket(AF_UNIX, SOCK_DGRAM, 0), s = socket(AF_UNIX, SOCK_DGRAM, 0);
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	socklen_t alen = sizeof a;
	/* An address of the kernel's choosing (autobind): unique. */
	res("bind", bind(r, (struct sockaddr *)&a, offsetof(struct sockaddr_un, sun_path)));
	res("getsockname", getsockname(r, (struct sockaddr *)&a, &alen));
	res("connect", connect(s, (struct sockaddr *)&a, alen));
	own("peer-full sender", s);
	int n = 0;
	while (send(s, "q", 1, MSG_DONTWAIT) == 1 && n < 100000)
		n++;
	printf("peer full: send: %s\n", strerror(errno));
	res("receiver read", recv(r, buf, sizeof buf, 0));
	pending("peer full: a read without a poll");
	res("send", send(s, "q", 1, MSG_DONTWAIT));
	printf("peer full: send: %s\n", send(s, "q", 1, MSG_DONTWAIT) < 0 ? strerror(errno) : "sent");
	printf("peer full: poll writable=%d\n", writable(s));
	res("receiver read", recv(r, buf, sizeof buf, 0));
	take("peer full: a read after a poll", s);
	pending("peer full: after");
	fcntl(s, F_SETFL, fcntl(s, F_GETFL) & ~O_ASYNC);
	close(s);
	close(r);

	/* TCP: the connection made sends POLL_OUT (no write found no room:
	 * tcp_rcv_synsent_state_process's SOCK_WAKE_IO). */
	int l = socket(AF_INET, SOCK_STREAM, 0), c = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in in4 = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t in4len = sizeof in4;
	res("tcp: bind", bind(l, (struct sockaddr *)&in4, sizeof in4));
	res("tcp: getsockname", getsockname(l, (struct sockaddr *)&in4, &in4len));
	res("tcp: listen", listen(l, 1));
	own("tcp client", c);
	res("tcp: connect", connect(c, (struct sockaddr *)&in4, in4len));
	take("tcp: connection made", c);
	int acc = accept(l, NULL, NULL);
	res("tcp: accept", acc >= 0);
	fcntl(c, F_SETFL, 0);
	close(c);
	close(acc);
	/* A connection refused (the listener closed first): POLL_ERR
	 * (sock_def_error_report), nothing else. */
	close(l);
	c = socket(AF_INET, SOCK_STREAM, 0);
	own("tcp refused", c);
	res("tcp: connect", connect(c, (struct sockaddr *)&in4, in4len));
	take("tcp: connection refused", c);
	int soerr = 0;
	socklen_t soerrlen = sizeof soerr;
	getsockopt(c, SOL_SOCKET, SO_ERROR, &soerr, &soerrlen);
	printf("tcp: SO_ERROR %s\n", strerror(soerr));
	pending("tcp: after");
	fcntl(c, F_SETFL, 0);
	close(c);

	/* A Unix stream socket's peer: shutdown(SHUT_WR) is POLL_IN
	 * (unix_shutdown), its close POLL_HUP (unix_release_sock). */
	pair("stream peer", SOCK_STREAM, sv);
	res("stream: peer shutdown", shutdown(sv[1], SHUT_WR));
	take("stream: peer's direction shut", sv[0]);
	close(sv[1]);
	take("stream: peer closed", sv[0]);
	fcntl(sv[0], F_SETFL, 0);
	close(sv[0]);
	/* Its own shutdown signals only the peer. */
	pair("stream self", SOCK_STREAM, sv);
	res("stream: own shutdown", shutdown(sv[0], SHUT_RDWR));
	pending("stream: after its own shutdown");
	done(sv);

	/* F_SETOWN_EX: the process group. */
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) < 0)
		printf("socketpair: %s\n", strerror(errno));
	struct f_owner_ex ox = {F_OWNER_PGRP, getpgrp()}, got;
	res("F_SETOWN_EX F_OWNER_PGRP", fcntl(sv[0], F_SETOWN_EX, &ox));
	fcntl(sv[0], F_GETOWN_EX, &got);
	printf("F_GETOWN_EX type=%d pgrp=%d\n", got.type, got.pid == getpgrp());
	printf("F_GETOWN: %s\n", fcntl(sv[0], F_GETOWN) == -getpgrp() ? "-pgrp" : "other");
	fcntl(sv[0], F_SETSIG, rtsig);
	fcntl(sv[0], F_SETFL, O_ASYNC);
	res("send", send(sv[1], "g", 1, 0));
	take("pgrp owner", sv[0]);
	done(sv);

	/* F_SETOWN_EX: another thread, which takes it. */
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) < 0 || pipe(ready) < 0)
		printf("socketpair: %s\n", strerror(errno));
	tidfd = sv[0];
	fcntl(sv[0], F_SETSIG, rtsig);
	fcntl(sv[0], F_SETFL, O_ASYNC);
	pthread_t th;
	pthread_create(&th, NULL, owner, NULL);
	res("ready", read(ready[0], buf, 1));
	long sent = send(sv[1], "t", 1, 0);
	pthread_join(th, NULL);
	res("send (printed after the join)", sent);
	pending("main after the thread's");
	done(sv);
	return 0;
}
