/* POSIX message queue calls with bad arguments: bad pointers, names, flags,
   attributes, descriptors, priorities, sizes and timeouts, and garbage in
   the upper halves of int arguments. Compared with qemu-user, which passes
   them to the host kernel (mq_notify, which qemu-user 7.2 does not
   implement, and the cases where qemu-user is not Linux are in
   badlinux.c). The queue's name has the pid in it. A
   name is passed as the C library passes it, after the leading slash:
   qemu-user hands the host's mq_open the address one byte lower. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mqueue.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

#define BAD ((void *)16)
#define HI 0xdead00000000UL

int main(void) {
	char name[64], buf[64];
	snprintf(name, sizeof name, "/c-badmq-%d", (int)getpid());
	struct mq_attr at = {.mq_maxmsg = 2, .mq_msgsize = 8};
	long q = syscall(SYS_mq_open, name + 1, HI | O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	res("made", q < 0 ? -1 : 0);
	struct mq_attr huge = {.mq_maxmsg = 1L << 40, .mq_msgsize = 8};
	struct mq_attr neg = {.mq_maxmsg = 2, .mq_msgsize = -1};

	res("mq_open bad name", syscall(SYS_mq_open, BAD, O_RDWR, 0, NULL));
	res("mq_open empty name", syscall(SYS_mq_open, "/" + 1, O_RDWR, 0, NULL));
	res("mq_open name '.'", syscall(SYS_mq_open, "/." + 1, O_RDWR, 0, NULL));
	res("mq_open bad attr, bad name", syscall(SYS_mq_open, BAD, O_RDWR | O_CREAT, 0600, BAD));
	res("mq_open huge maxmsg", syscall(SYS_mq_open, "/c-badmq-none" + 1, O_RDWR | O_CREAT, 0600, &huge));
	res("mq_open negative msgsize", syscall(SYS_mq_open, "/c-badmq-none" + 1, O_RDWR | O_CREAT, 0600, &neg));
	long q2 = syscall(SYS_mq_open, name + 1, O_RDWR | O_EXCL, 0, NULL);
	res("mq_open O_EXCL without O_CREAT", q2 < 0 ? q2 : 0);
	close(q2);
	res("mq_unlink bad name", syscall(SYS_mq_unlink, BAD));
	res("mq_unlink empty name", syscall(SYS_mq_unlink, "/" + 1));
	res("mq_unlink absent", syscall(SYS_mq_unlink, "/c-badmq-none" + 1));

	struct timespec bad_ns = {0, -1}, neg_s = {-1, 0}, past = {0, 0};
	res("mq_timedsend bad timeout pointer", syscall(SYS_mq_timedsend, q, "x", 1, 0, BAD));
	res("mq_timedsend negative ns", syscall(SYS_mq_timedsend, q, "x", 1, 0, &bad_ns));
	res("mq_timedsend negative s, bad fd", syscall(SYS_mq_timedsend, -1, "x", 1, 0, &neg_s));
	res("mq_timedsend bad fd, big prio", syscall(SYS_mq_timedsend, -1, "x", 1, 40000, NULL));
	res("mq_timedsend bad fd", syscall(SYS_mq_timedsend, HI | 1000, "x", 1, 0, NULL));
	res("mq_timedsend not a queue", syscall(SYS_mq_timedsend, 0, "x", 1, 0, NULL));
	res("mq_timedsend too long, bad buffer", syscall(SYS_mq_timedsend, q, BAD, 9, 0, NULL));
	res("mq_timedsend huge length", syscall(SYS_mq_timedsend, q, "x", ~0UL, 0, NULL));
	res("mq_timedsend bad buffer", syscall(SYS_mq_timedsend, q, BAD, 4, 0, NULL));
	res("mq_timedsend garbage prio upper half", syscall(SYS_mq_timedsend, q | HI, "ab", 2, HI | 5, &past));
	res("mq_timedsend empty", syscall(SYS_mq_timedsend, q, NULL, 0, 1, &past));
	res("mq_timedsend full", syscall(SYS_mq_timedsend, q, "c", 1, 1, &past));

	unsigned prio = 0;
	res("mq_timedreceive bad timeout pointer", syscall(SYS_mq_timedreceive, q, buf, sizeof buf, &prio, BAD));
	res("mq_timedreceive negative ns", syscall(SYS_mq_timedreceive, q, buf, sizeof buf, &prio, &bad_ns));
	res("mq_timedreceive bad fd", syscall(SYS_mq_timedreceive, -1, buf, sizeof buf, &prio, NULL));
	res("mq_timedreceive not a queue", syscall(SYS_mq_timedreceive, 1, buf, sizeof buf, &prio, NULL));
	res("mq_timedreceive small buffer", syscall(SYS_mq_timedreceive, q, buf, 7, &prio, NULL));
	res("mq_timedreceive bad buffer (message lost)", syscall(SYS_mq_timedreceive, q | HI, BAD, ~0UL, &prio, &past));
	res("mq_timedreceive the empty message", syscall(SYS_mq_timedreceive, q, buf, sizeof buf, &prio, &past));

	struct mq_attr fl = {.mq_flags = 1};
	res("mq_getsetattr bad flags, bad fd", syscall(SYS_mq_getsetattr, -1, &fl, NULL));
	res("mq_getsetattr bad fd", syscall(SYS_mq_getsetattr, -1, NULL, &at));
	res("mq_getsetattr not a queue", syscall(SYS_mq_getsetattr, 2, NULL, &at));
	struct mq_attr nb = {.mq_flags = O_NONBLOCK, .mq_maxmsg = 99};
	res("mq_getsetattr O_NONBLOCK", syscall(SYS_mq_getsetattr, q | HI, &nb, NULL));
	struct mq_attr got = {0};
	res("mq_timedreceive empty", syscall(SYS_mq_timedreceive, q, buf, sizeof buf, &prio, &past));
	res("mq_getsetattr", syscall(SYS_mq_getsetattr, q, NULL, &got));
	printf("flags %#lx maxmsg %ld msgsize %ld curmsgs %ld\n", got.mq_flags, got.mq_maxmsg, got.mq_msgsize, got.mq_curmsgs);
	res("mq_timedreceive nonblocking", syscall(SYS_mq_timedreceive, q, buf, sizeof buf, &prio, NULL));
	res("mq_unlink", syscall(SYS_mq_unlink, name + 1));
	return 0;
}
