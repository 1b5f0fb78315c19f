/* RLIMIT_MSGQUEUE: mq_open(O_CREAT) charges the creator's real user with
 * maxmsg * (msgsize + sizeof(struct msg_msg)) + min(maxmsg, MQ_PRIO_MAX) *
 * sizeof(struct posix_msg_tree_node) bytes (48 and 48 on a 64-bit kernel:
 * 784 for 4 messages of 100 bytes, 97 for 1 of 1) and fails with EMFILE,
 * making nothing, past the soft limit (ipc/mqueue.c, mqueue_get_inode);
 * the user's sum counts every process's queues (a child's too), and a
 * queue is uncharged when it is freed: unlinked and closed by all.
 *
 * Expected output (mqlimit.expected): qemu-user 7.2 (qemu-ppc64le and
 * qemu-ppc64), which passes mq_open and setrlimit to the host, and a
 * native x86-64 run (the structures' sizes are a 64-bit kernel's on both),
 * each run under `unshare -Ur`: the host counts every queue of the user's
 * (in its user namespace), and other programs' queues of root's would
 * count against the limit (the runner counts the guest processes'). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <mqueue.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static mqd_t mkq(const char *name, long maxmsg, long msgsize, int excl) {
	struct mq_attr a;
	memset(&a, 0, sizeof a);
	a.mq_maxmsg = maxmsg;
	a.mq_msgsize = msgsize;
	return mq_open(name, O_RDWR | O_CREAT | (excl ? O_EXCL : 0), 0600, &a);
}

static void setsoft(int which, rlim_t cur) {
	struct rlimit r;
	getrlimit(which, &r);
	r.rlim_cur = cur;
	res("setrlimit", setrlimit(which, &r));
}

/* The queues' names are the host's, which every run shares: each run
 * names its own (TestCorpus and TestCorpusEngines run the le and be
 * builds at once; with one set of names they unlinked each other's,
 * clean-clone CI at bd8723d). */
static char qa[64], qb[64], qc[64];

static void msgqueue(void) {
	snprintf(qa, sizeof qa, "/mqlimit-a-%d", (int)getpid());
	snprintf(qb, sizeof qb, "/mqlimit-b-%d", (int)getpid());
	snprintf(qc, sizeof qc, "/mqlimit-c-%d", (int)getpid());
	mq_unlink(qa);
	mq_unlink(qb);
	mq_unlink(qc);
	setsoft(RLIMIT_MSGQUEUE, 783);
	res("4x100 under 783", mkq(qa, 4, 100, 1));
	res("refused, not made", mq_open(qa, O_RDWR));
	setsoft(RLIMIT_MSGQUEUE, 784);
	mqd_t a = mkq(qa, 4, 100, 1);
	res("4x100 under 784", a >= 0);
	res("1x1 more", mkq(qb, 1, 1, 1));
	mqd_t a2 = mkq(qa, 4, 100, 0);
	res("O_CREAT of the existing one", a2 >= 0);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		res("child: 1x1 more", mkq(qc, 1, 1, 1));
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, 0, 0);
	res("unlink", mq_unlink(qa));
	res("1x1 while open", mkq(qb, 1, 1, 1));
	mq_close(a);
	res("1x1 while open once", mkq(qb, 1, 1, 1));
	mq_close(a2);
	mqd_t b = mkq(qb, 1, 1, 1);
	res("1x1 once freed", b >= 0);
	mq_close(b);
	res("unlink", mq_unlink(qb));
	setsoft(RLIMIT_MSGQUEUE, 0);
	res("1x1 under 0", mkq(qb, 1, 1, 1));
}

int main(void) {
	msgqueue();
	return 0;
}
