/* POSIX message queues serve their waiters by the waiting threads'
 * priority, as Linux's wq_add orders them (ipc/mqueue.c: by the task's
 * priority, first come first among equals): three receivers wait on an
 * empty queue, each entering the wait only after the one before sleeps
 * in it (the /proc task-state handshake), with nice values 10, 5 and 10;
 * three sends then hand their messages to the nice 5 receiver first,
 * then to the two nice 10 ones in the order they came. Likewise three
 * senders wait on a full queue (nice 10, 5, 10) and each receive moves
 * the next one's message in: the nice 5 sender's first. Nice values are
 * only raised (no privilege needed). Compared with qemu-user (the host
 * kernel orders its threads the same way). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>
#include "res.h"
#include "taskstate.h"

static mqd_t q;

struct waiter {
	int nice;
	volatile pid_t tid;
	char msg[16];
	ssize_t got;
};

/* receive sets its nice value and waits in mq_receive. */
static void *receive(void *arg) {
	struct waiter *w = arg;
	setpriority(PRIO_PROCESS, syscall(SYS_gettid), w->nice);
	w->tid = syscall(SYS_gettid);
	w->got = mq_receive(q, w->msg, sizeof w->msg, NULL);
	return NULL;
}

/* send sets its nice value and waits in mq_send with its message. */
static void *send(void *arg) {
	struct waiter *w = arg;
	setpriority(PRIO_PROCESS, syscall(SYS_gettid), w->nice);
	w->tid = syscall(SYS_gettid);
	w->got = mq_send(q, w->msg, strlen(w->msg), 0);
	return NULL;
}

/* start starts the n waiters in order, each once the one before sleeps. */
static void start(pthread_t *th, struct waiter *w, int n, void *(*fn)(void *)) {
	for (int i = 0; i < n; i++) {
		pthread_create(&th[i], NULL, fn, &w[i]);
		while (w[i].tid == 0 || state(w[i].tid) != 'S')
			sched_yield();
	}
}

int main(void) {
	char name[64];
	snprintf(name, sizeof name, "/ppc64emu-mqprio-%d", (int)getpid());
	struct mq_attr attr = {.mq_maxmsg = 1, .mq_msgsize = 16};
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
	if (q == (mqd_t)-1) {
		res("mq_open", -1);
		return 1;
	}
	mq_unlink(name);

	pthread_t th[3];
	struct waiter r[3] = {{.nice = 10}, {.nice = 5}, {.nice = 10}};
	start(th, r, 3, receive);
	const char *msgs[] = {"first", "second", "third"};
	for (int i = 0; i < 3; i++)
		res("mq_send", mq_send(q, msgs[i], strlen(msgs[i]), 0));
	for (int i = 0; i < 3; i++) {
		pthread_join(th[i], NULL);
		printf("receiver %d (nice %d): %zd %.*s\n", i, r[i].nice, r[i].got, r[i].got > 0 ? (int)r[i].got : 0, r[i].msg);
	}

	res("mq_send to fill the queue", mq_send(q, "queued", 6, 0));
	struct waiter s[3] = {{.nice = 10, .msg = "A"}, {.nice = 5, .msg = "B"}, {.nice = 10, .msg = "C"}};
	start(th, s, 3, send);
	for (int i = 0; i < 4; i++) {
		char b[16];
		ssize_t n = mq_receive(q, b, sizeof b, NULL);
		printf("mq_receive %d: %zd %.*s\n", i, n, n > 0 ? (int)n : 0, b);
	}
	for (int i = 0; i < 3; i++) {
		pthread_join(th[i], NULL);
		printf("sender %d (nice %d): %zd\n", i, s[i].nice, s[i].got);
	}
	return 0;
}
