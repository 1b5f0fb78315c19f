/* What the mq_notify programs share (mqnotify.c, mqhandoff.c): their
 * queue, made by new_queue with SIGUSR1 (the notification signal they
 * take with sigtimedwait) blocked; a thread that waits in a message queue
 * call, receiver, waiting in mq_receive on rq; and the handshake that
 * proves such a thread waits before the main thread acts: settle yields
 * the processor until the thread has said its id and sleeps (taskstate.h's
 * state S), or has already gone. Shared by the programs that include it
 * (each is one static translation unit); it includes taskstate.h. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <mqueue.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>
#include "taskstate.h"

static volatile pid_t rtid; /* the receiver's thread id, once it runs */
static mqd_t rq;            /* the queue it receives from */
static ssize_t rgot;        /* what its mq_receive returned */
static char rbuf[64];       /* what it received */

/* receiver waits in mq_receive on rq, having said its thread id. */
static void *receiver(void *arg) {
	rtid = syscall(SYS_gettid);
	rgot = mq_receive(rq, rbuf, sizeof rbuf, NULL);
	return arg;
}

/* settle yields until thread *tid has said its id (non-zero) and sleeps
 * in its call, or has gone. */
static void settle(volatile pid_t *tid) {
	char s;
	while (!*tid || ((s = state(*tid)) != 'S' && s != '?'))
		sched_yield();
}

/* new_queue blocks SIGUSR1 (set holds it then) and makes a new queue of
 * 4 messages of 16 bytes named /c-PROG-PID into name (n bytes); -1 with a
 * line saying why if it cannot. */
static mqd_t new_queue(const char *prog, char *name, size_t n, sigset_t *set) {
	snprintf(name, n, "/c-%s-%d", prog, (int)getpid());
	mq_unlink(name);
	struct mq_attr at = {.mq_maxmsg = 4, .mq_msgsize = 16};
	mqd_t q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q < 0) {
		printf("mq_open: %s\n", strerror(errno));
		return q;
	}
	sigemptyset(set);
	sigaddset(set, SIGUSR1);
	sigprocmask(SIG_BLOCK, set, NULL);
	return q;
}
