/* mq_notify's order around a waiting receiver, and what a SIGEV_THREAD
   registration's netlink socket is sent (ipc/mqueue.c). A message sent
   while a receiver waits in mq_receive is handed to it (pipelined_send):
   the queue stays empty, so a second send made before the receiver has
   run again finds it empty and notifies the owner. A receive from a full
   queue a sender waits on puts the sender's message in the queue at once
   (pipelined_receive), with no notification. A SIGEV_THREAD
   registration made with the raw system call (a netlink socket and a
   32-byte cookie of the program's own) is sent the cookie with its last
   byte NOTIFY_WOKENUP (1) when a message makes the notification, and
   NOTIFY_REMOVED (2) when the registration is removed: by the owner's
   mq_notify(NULL), by the owner's close of a descriptor of the queue
   (mqueue_flush_file), and by the owner's exit, which closes its
   descriptors (here a child that shares the socket with this program);
   not by another process's close. The waiting thread is known to wait
   when /proc says it sleeps (a handshake: the program yields the
   processor meanwhile, nothing timed). qemu-user 7.2 does not implement
   mq_notify (ENOSYS): mqhandoff.expected is a native run of this program
   on the x86-64 host (Linux), whose output does not depend on the
   architecture. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/netlink.h>
#include "mqhelp.h"
#include "res.h"

static volatile pid_t stid;
static long sgot;

/* sender waits in mq_send on rq (full), having said its thread id. */
static void *sender(void *arg) {
	stid = syscall(SYS_gettid);
	sgot = mq_send(rq, "s", 1, 0);
	return arg;
}

static unsigned char cookie[32];

/* threadNotify registers q for SIGEV_THREAD to netlink socket sock with
   a cookie whose first byte is tag (the raw call: glibc's mq_notify makes
   its own socket). */
static long threadNotify(mqd_t q, int sock, unsigned char tag) {
	struct sigevent ev;
	memset(cookie, 0, sizeof cookie);
	cookie[0] = tag;
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_THREAD;
	ev.sigev_signo = sock;
	ev.sigev_value.sival_ptr = cookie;
	return syscall(SYS_mq_notify, q, &ev);
}

/* cookies prints what socket sock holds: each message's length, tag and
   last byte (NOTIFY_WOKENUP 1, NOTIFY_REMOVED 2), or none. */
static void cookies(const char *what, int sock) {
	unsigned char b[64];
	int any = 0;
	ssize_t n;
	while ((n = recv(sock, b, sizeof b, MSG_DONTWAIT)) >= 0) {
		printf("%s: %d bytes, tag %d, code %d\n", what, (int)n, b[0], n == 32 ? b[31] : -1);
		any = 1;
	}
	if (!any)
		printf("%s: none (%s)\n", what, strerror(errno));
}

int main(void) {
	char name[64], buf[64];
	sigset_t set;
	mqd_t q = new_queue("mqhandoff", name, sizeof name, &set);
	if (q < 0)
		return 1;
	struct mq_attr at;
	struct timespec zero = {0, 0};
	siginfo_t si;

	/* A receiver waits; two sends at once: the first is handed to it, the
	   second finds the queue empty and notifies. */
	struct sigevent sv;
	memset(&sv, 0, sizeof sv);
	sv.sigev_notify = SIGEV_SIGNAL;
	sv.sigev_signo = SIGUSR1;
	sv.sigev_value.sival_int = 7;
	res("register signal", mq_notify(q, &sv));
	rq = q;
	pthread_t th;
	pthread_create(&th, NULL, receiver, NULL);
	settle(&rtid);
	res("send to the waiting receiver", mq_send(q, "w", 1, 0));
	res("send again at once", mq_send(q, "x", 1, 0));
	pthread_join(th, NULL);
	printf("receiver got %d bytes: %.*s\n", (int)rgot, (int)(rgot > 0 ? rgot : 0), rbuf);
	int s = sigtimedwait(&set, &si, &zero);
	printf("second send notified: signal %d code %d value %d\n", s, s > 0 ? si.si_code : 0, s > 0 ? si.si_value.sival_int : 0);
	mq_getattr(q, &at);
	printf("messages left: %ld\n", (long)at.mq_curmsgs);
	ssize_t n = mq_receive(q, buf, sizeof buf, NULL);
	printf("left: %.*s\n", (int)(n > 0 ? n : 0), buf);
	res("registration used", mq_notify(q, &sv));
	res("unregister", mq_notify(q, NULL));

	/* A sender waits on a full queue of one message; a receive moves its
	   message into the queue (pipelined_receive): no notification, and
	   the queue is full again before the sender runs. */
	char name1[64];
	snprintf(name1, sizeof name1, "/c-mqhandoff1-%d", (int)getpid());
	mq_unlink(name1);
	struct mq_attr at1 = {.mq_maxmsg = 1, .mq_msgsize = 16};
	mqd_t q1 = mq_open(name1, O_RDWR | O_CREAT | O_EXCL, 0600, &at1);
	res("send to the queue of one", mq_send(q1, "f", 1, 0));
	res("register signal", mq_notify(q1, &sv));
	rq = q1;
	pthread_create(&th, NULL, sender, NULL);
	settle(&stid);
	n = mq_receive(q1, buf, sizeof buf, NULL);
	printf("received with a sender waiting: %.*s\n", (int)(n > 0 ? n : 0), buf);
	mq_getattr(q1, &at1);
	printf("messages at once: %ld\n", (long)at1.mq_curmsgs);
	res("no notification for the waiting sender's message", sigtimedwait(&set, &si, &zero));
	n = mq_timedreceive(q1, buf, sizeof buf, NULL, &zero);
	printf("received again at once: %.*s\n", (int)(n > 0 ? n : 0), buf);
	pthread_join(th, NULL);
	printf("sender: %ld\n", sgot);
	res("still registered", mq_notify(q1, &sv));
	mq_close(q1);
	mq_unlink(name1);

	/* SIGEV_THREAD's cookies. */
	int sock = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (sock < 0) {
		printf("netlink socket: %s\n", strerror(errno));
		return 1;
	}
	res("register thread 1", threadNotify(q, sock, 1));
	mq_send(q, "a", 1, 0);
	cookies("notified", sock);
	mq_receive(q, buf, sizeof buf, NULL);
	res("register thread 2", threadNotify(q, sock, 2));
	res("unregister", mq_notify(q, NULL));
	cookies("after the owner's unregister", sock);
	res("unregister again", mq_notify(q, NULL));
	cookies("after a second unregister", sock);
	res("register thread 3", threadNotify(q, sock, 3));
	mqd_t q2 = mq_open(name, O_RDONLY);
	res("close another descriptor", mq_close(q2));
	cookies("after the owner's close", sock);
	res("register thread 4", threadNotify(q, sock, 4));
	fflush(stdout);
	pid_t o = fork();
	if (o == 0) {
		mqd_t cq = mq_open(name, O_WRONLY);
		mq_close(cq);
		_exit(0);
	}
	waitpid(o, NULL, 0);
	cookies("after another process's close", sock);
	res("unregister", mq_notify(q, NULL));
	cookies("after the owner's unregister", sock);

	/* A child registers and exits: its exit closes its descriptors. */
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		mqd_t cq = mq_open(name, O_RDWR);
		res("child registers thread 5", threadNotify(cq, sock, 5));
		fflush(stdout);
		_exit(0);
	}
	waitpid(c, NULL, 0);
	cookies("after the owner's exit", sock);
	res("free after the owner's exit", threadNotify(q, sock, 6));
	res("unregister", mq_notify(q, NULL));
	cookies("after the owner's unregister", sock);

	/* A child registers signal notification and exits: nothing is sent. */
	fflush(stdout);
	c = fork();
	if (c == 0) {
		mqd_t cq = mq_open(name, O_RDWR);
		res("child registers signal", mq_notify(cq, &sv));
		fflush(stdout);
		_exit(0);
	}
	waitpid(c, NULL, 0);
	cookies("after the signal owner's exit", sock);
	res("free after its exit", mq_notify(q, &sv));
	res("unregister", mq_notify(q, NULL));

	close(sock);
	mq_close(q);
	mq_unlink(name);
	return 0;
}
