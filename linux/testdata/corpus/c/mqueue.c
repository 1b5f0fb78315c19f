/* POSIX message queues (mq_open, mq_timedsend, mq_timedreceive,
   mq_getsetattr, mq_unlink) as Linux gives them: struct mq_attr in the
   guest's byte order, priority order, the errors of ipc/mqueue.c in their
   order, close-on-exec descriptors, absolute CLOCK_REALTIME timeouts, a
   blocking receive that a signal interrupts (EINTR without SA_RESTART; with
   it the call goes on and gets the message the handler sent), and a child
   that sends to its waiting parent. The queue's name has the pid in it, so
   that runs side by side do not meet. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static mqd_t hq = -1;

static void onalarm(int s) {
	(void)s;
	if (hq >= 0)
		mq_send(hq, "alarm", 5, 7);
}

static void err(const char *what, int r) {
	printf("%s: %d %s\n", what, r, r < 0 ? strerror(errno) : "ok");
}

static void attrs(const char *what, mqd_t q) {
	struct mq_attr a;
	memset(&a, 0x55, sizeof a);
	if (mq_getattr(q, &a) < 0) {
		printf("%s: getattr %s\n", what, strerror(errno));
		return;
	}
	printf("%s: flags %#lx maxmsg %ld msgsize %ld curmsgs %ld\n", what, a.mq_flags, a.mq_maxmsg, a.mq_msgsize, a.mq_curmsgs);
}

static void handler(int restart) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onalarm;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigaction(SIGALRM, &sa, NULL);
}

int main(void) {
	char name[64], buf[64];
	unsigned prio;
	snprintf(name, sizeof name, "/c-mqueue-%d", (int)getpid());
	mq_unlink(name);
	struct mq_attr at = {.mq_maxmsg = 3, .mq_msgsize = 16};
	mqd_t q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q < 0) {
		printf("mq_open: %s\n", strerror(errno));
		return 1;
	}
	printf("cloexec: %d\n", fcntl(q, F_GETFD) & FD_CLOEXEC);
	attrs("new", q);
	err("open O_EXCL again", mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at));
	struct mq_attr bad = {.mq_maxmsg = 0, .mq_msgsize = 16};
	err("open bad maxmsg", mq_open("/c-mqueue-none", O_RDWR | O_CREAT, 0600, &bad));
	err("open missing", mq_open("/c-mqueue-none", O_RDWR));
	err("open with slash", mq_open("/a/b", O_RDWR | O_CREAT, 0600, NULL));
	err("open bad attr ptr", syscall(SYS_mq_open, name + 1, O_RDWR, 0600, (void *)8));

	/* Priority order, then FIFO within a priority. */
	mq_send(q, "low", 3, 1);
	mq_send(q, "high", 4, 9);
	mq_send(q, "low2", 4, 1);
	attrs("three", q);
	struct timespec past = {0, 0};
	err("timedsend full past", mq_timedsend(q, "x", 1, 0, &past));
	struct timespec badts = {0, 1000000000};
	err("timedsend bad ts", mq_timedsend(q, "x", 1, 0, &badts));
	err("send big prio", mq_send(q, "x", 1, 32768));
	err("send too long", mq_send(q, buf, 17, 0));
	err("send bad fd", mq_send(99, "x", 1, 0));
	err("send not mq", mq_send(1, "x", 1, 0));
	for (int i = 0; i < 3; i++) {
		ssize_t n = mq_receive(q, buf, sizeof buf, &prio);
		printf("receive: %zd '%.*s' prio %u\n", n, (int)(n > 0 ? n : 0), buf, prio);
	}
	err("receive small buf", mq_receive(q, buf, 8, &prio));
	struct timespec soon;
	clock_gettime(CLOCK_REALTIME, &soon);
	soon.tv_nsec += 20000000;
	if (soon.tv_nsec >= 1000000000) {
		soon.tv_sec++;
		soon.tv_nsec -= 1000000000;
	}
	err("timedreceive empty", mq_timedreceive(q, buf, sizeof buf, &prio, &soon));

	/* O_NONBLOCK through mq_setattr. */
	struct mq_attr nb = {.mq_flags = O_NONBLOCK}, old;
	mq_setattr(q, &nb, &old);
	printf("old flags %#lx\n", old.mq_flags);
	attrs("nonblock", q);
	err("receive nonblock", mq_receive(q, buf, sizeof buf, &prio));
	struct mq_attr inval = {.mq_flags = O_NONBLOCK | 1};
	err("setattr bad flags", mq_setattr(q, &inval, NULL));
	nb.mq_flags = 0;
	mq_setattr(q, &nb, NULL);

	/* Write-only and read-only descriptors. */
	mqd_t wo = mq_open(name, O_WRONLY);
	err("receive write-only", mq_receive(wo, buf, sizeof buf, &prio));
	mqd_t ro = mq_open(name, O_RDONLY);
	err("send read-only", mq_send(ro, "x", 1, 0));
	mq_close(wo);
	mq_close(ro);

	/* A signal interrupts a blocking receive; under SA_RESTART it goes on. */
	hq = -1;
	handler(0);
	alarm(1);
	err("receive interrupted", mq_receive(q, buf, sizeof buf, &prio));
	hq = q;
	handler(1);
	alarm(1);
	ssize_t n = mq_receive(q, buf, sizeof buf, &prio);
	printf("receive restarted: %zd '%.*s' prio %u\n", n, (int)(n > 0 ? n : 0), buf, prio);
	hq = -1;

	/* A child sends to its waiting parent. */
	pid_t c = fork();
	if (c == 0) {
		mqd_t cq = mq_open(name, O_WRONLY);
		usleep(100000);
		mq_send(cq, "from child", 10, 3);
		_exit(0);
	}
	n = mq_receive(q, buf, sizeof buf, &prio);
	printf("from child: %zd '%.*s' prio %u\n", n, (int)(n > 0 ? n : 0), buf, prio);
	waitpid(c, NULL, 0);

	mq_close(q);
	err("unlink", mq_unlink(name));
	err("unlink again", mq_unlink(name));
	err("open unlinked", mq_open(name, O_RDWR));
	return 0;
}
