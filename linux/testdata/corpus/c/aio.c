/* Linux native AIO through the raw system calls (io_setup, io_submit,
 * io_getevents, io_pgetevents, io_cancel, io_destroy), as libaio makes
 * them. qemu-user 7.2 has none of them (ENOSYS), so aio.expected is Linux
 * 6.1's fs/aio.c, checked against a native run of this program on the
 * x86-64 host (Linux 6.18; nothing here depends on the architecture: 4 KiB
 * pages on both, a ring of 128 requests at most 16 CPUs): the ring at the
 * context's id with its header (nr = what fits in the pages of 2*128+2
 * events), aio_key cleared by io_submit, regular-file reads and writes
 * completing within io_submit, IOCB_CMD_POLL pending until ready and its
 * cancellation (EINPROGRESS, an event of what is ready: nothing), a pipe
 * read that a signal interrupts inside io_submit (-EINTR in its event), an
 * eventfd told of completions, each call's errors in Linux's order, a
 * fork child that has the ring's memory but no context, and the ring gone
 * after io_destroy. A poll completed by a pipe write reports the wake-up's
 * EPOLLIN|EPOLLRDNORM (aio_poll_wake), one ready at once only the events
 * asked for. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

#define AIO_DATA 0x1234
#include "aioring.h"

static aio_context_t ctx;

static long submit(aio_context_t c, long n, struct iocb **pp) { return syscall(SYS_io_submit, c, n, pp); }

static long getev(long min, long n, struct io_event *ev, struct timespec *ts) {
	return syscall(SYS_io_getevents, ctx, min, n, ev, ts);
}

/* one submits cb alone and prints io_submit's result. */
static long one(const char *what, struct iocb *cb) {
	struct iocb *p = cb;
	long r = submit(ctx, 1, &p);
	res(what, r);
	return r;
}

/* reap takes one event (waiting for it) and prints it. */
static void reap(const char *what, struct iocb *cb) {
	struct io_event ev;
	memset(&ev, 0, sizeof ev);
	long r = getev(1, 1, &ev, NULL);
	if (r != 1) {
		res(what, r);
		return;
	}
	show(what, &ev, cb);
}

static void onalarm(int s) { (void)s; }

static int mapped(unsigned long a) { return msync((void *)a, 4096, MS_ASYNC) == 0; }

/* maps prints the permissions and name /proc/self/maps gives the mapping
 * at a. */
static void maps(unsigned long a) {
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	while (f && fgets(line, sizeof line, f)) {
		unsigned long lo, hi;
		char perm[8];
		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perm) == 3 && lo == a) {
			char *name = strchr(line, '/');
			printf("maps: %lu pages %s %s", (hi - lo) / 4096, perm, name ? name : "(none)\n");
		}
	}
	if (f)
		fclose(f);
}

int main(void) {
	struct io_event ev[4];
	struct timespec zero = {0, 0};
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onalarm;
	sigaction(SIGALRM, &sa, NULL);

	/* io_setup */
	aio_context_t bad = 1;
	res("io_setup ctxp unreadable", syscall(SYS_io_setup, 8, (void *)8));
	res("io_setup ctx not 0", syscall(SYS_io_setup, 8, &bad));
	res("io_setup nr 0", syscall(SYS_io_setup, 0, &ctx));
	res("io_setup nr 0x7fffffff", syscall(SYS_io_setup, 0x7fffffff, &ctx));
	res("io_setup nr 0x80000000", syscall(SYS_io_setup, 0x80000000u, &ctx));
	res("io_setup nr beyond aio-max-nr", syscall(SYS_io_setup, 0x100001, &ctx));
	res("io_setup 128", syscall(SYS_io_setup, 128, &ctx));
	struct ring *r = (struct ring *)ctx;
	printf("ring: id %u nr %u head %u tail %u magic %#x compat %u incompat %u header %u\n", r->id, r->nr,
	       r->head, r->tail, r->magic, r->compat, r->incompat, r->header);
	printf("ring page-aligned %d, mapped %d\n", (int)(ctx % 4096 == 0), mapped(ctx));
	maps(ctx);

	char path[] = "/tmp/aio.XXXXXX";
	int fd = mkstemp(path);
	unlink(path);
	struct iocb cb, cb2;
	struct iocb *pp[2];

	/* Writes and reads of a regular file complete within io_submit. */
	prep(&cb, IOCB_CMD_PWRITE, fd, "hello, aio world", 16, 0);
	cb.aio_key = 77;
	one("pwrite", &cb);
	printf("aio_key after submit %u; events in the ring %u\n", cb.aio_key, (r->tail - r->head) % r->nr);
	reap("pwrite event", &cb);
	printf("head %u tail %u\n", r->head, r->tail);
	char buf[32] = {0};
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 5, 7);
	one("pread", &cb);
	reap("pread event", &cb);
	printf("read %s\n", buf);
	char a1[4] = {0}, a2[8] = {0};
	struct iovec iov[2] = {{a1, 3}, {a2, 7}};
	prep(&cb, IOCB_CMD_PREADV, fd, iov, 2, 2);
	one("preadv", &cb);
	reap("preadv event", &cb);
	printf("readv %s|%s\n", a1, a2);
	struct iovec wv[2] = {{"AB", 2}, {"CDE", 3}};
	prep(&cb, IOCB_CMD_PWRITEV, fd, wv, 2, 14);
	one("pwritev", &cb);
	reap("pwritev event", &cb);
	memset(buf, 0, sizeof buf);
	pread(fd, buf, 31, 0);
	printf("file %s\n", buf);
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 10, 100);
	one("pread past the end", &cb);
	reap("pread past the end event", &cb);
	prep(&cb, IOCB_CMD_PREAD, fd, (void *)0x1000, 10, 0);
	one("pread to an unmapped buffer", &cb);
	reap("pread to an unmapped buffer event", &cb);
	prep(&cb, IOCB_CMD_FSYNC, fd, NULL, 0, 0);
	one("fsync", &cb);
	reap("fsync event", &cb);
	prep(&cb, IOCB_CMD_FDSYNC, fd, NULL, 0, 0);
	one("fdsync", &cb);
	reap("fdsync event", &cb);

	/* Two at once, both events in one io_getevents. */
	prep(&cb, IOCB_CMD_PREAD, fd, a1, 2, 0);
	prep(&cb2, IOCB_CMD_PREAD, fd, a2, 2, 2);
	pp[0] = &cb, pp[1] = &cb2;
	res("submit two", submit(ctx, 2, pp));
	res("io_getevents min 0 nr 4 zero timeout", getev(0, 4, ev, &zero));
	printf("events %s %s\n", ev[0].obj == (uintptr_t)&cb ? "cb" : "?", ev[1].obj == (uintptr_t)&cb2 ? "cb2" : "?");

	/* io_submit's refusals: nothing is queued. */
	pp[0] = &cb, pp[1] = (struct iocb *)8;
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 1, 0);
	res("submit nr -1", submit(ctx, -1, pp));
	res("submit bad context", submit(12345, 1, pp));
	res("submit iocbpp unreadable", submit(ctx, 1, (struct iocb **)8));
	res("submit iocb unreadable", submit(ctx, 1, pp + 1));
	res("submit good then unreadable", submit(ctx, 2, pp));
	reap("its event", &cb);
	res("submit nr 0", submit(ctx, 0, pp));
	prep(&cb, 6, fd, buf, 1, 0);
	one("IOCB_CMD_NOOP", &cb);
	prep(&cb, 42, fd, buf, 1, 0);
	one("opcode 42", &cb);
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 1, 0);
	cb.aio_reserved2 = 1;
	one("aio_reserved2 set", &cb);
	prep(&cb, IOCB_CMD_PREAD, 999, buf, 1, 0);
	one("bad descriptor", &cb);
	prep(&cb, 42, 999, buf, 1, 0);
	one("bad descriptor and opcode", &cb);
	prep(&cb, IOCB_CMD_PREAD, fd, buf, (size_t)-1, 0);
	one("nbytes negative", &cb);
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 1, -1);
	one("offset -1", &cb);
	prep(&cb, IOCB_CMD_PREAD, fd, (void *)-4096L, 1, 0);
	one("buffer beyond user space", &cb);
	prep(&cb, IOCB_CMD_PREADV, fd, (void *)8, 2, 0);
	one("iovec unreadable", &cb);
	prep(&cb, IOCB_CMD_PREADV, fd, iov, 1025, 0);
	one("iovec count 1025", &cb);
	prep(&cb, IOCB_CMD_FSYNC, fd, NULL, 1, 0);
	one("fsync with nbytes", &cb);
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 1, 0);
	cb.aio_rw_flags = 0x80000000;
	one("rw_flags 0x80000000", &cb);
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 1, 0);
	cb.aio_flags = IOCB_FLAG_IOPRIO;
	cb.aio_reqprio = 7 << 13;
	one("ioprio class 7", &cb);
	int wo = open("/dev/null", O_WRONLY);
	prep(&cb, IOCB_CMD_PREAD, wo, buf, 1, 0);
	one("read of a write-only descriptor", &cb);
	int dir = open("/", O_RDONLY | O_DIRECTORY);
	prep(&cb, IOCB_CMD_PREAD, dir, buf, 1, 0);
	one("read of a directory", &cb);
	prep(&cb, IOCB_CMD_FSYNC, wo, NULL, 0, 0);
	one("fsync of /dev/null", &cb);
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 1, 0);
	cb.aio_flags = IOCB_FLAG_RESFD;
	cb.aio_resfd = 999;
	one("resfd not open", &cb);
	cb.aio_resfd = fd;
	cb.aio_key = 5;
	one("resfd not an eventfd", &cb);
	printf("aio_key after a refused resfd %u\n", cb.aio_key);
	printf("events in the ring %u\n", (r->tail - r->head) % r->nr);

	/* An eventfd is told of each completion. */
	int efd = eventfd(0, 0);
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 1, 0);
	cb.aio_flags = IOCB_FLAG_RESFD;
	cb.aio_resfd = efd;
	pp[0] = &cb, pp[1] = &cb;
	res("submit with resfd twice", submit(ctx, 2, pp));
	uint64_t count = 0;
	res("eventfd read", read(efd, &count, 8));
	printf("eventfd count %llu\n", (unsigned long long)count);
	res("io_getevents both", getev(2, 2, ev, NULL));

	/* io_getevents' checks and waits. */
	res("io_getevents min above nr", getev(2, 1, ev, NULL));
	res("io_getevents min -1", getev(-1, 1, ev, NULL));
	res("io_getevents bad context", syscall(SYS_io_getevents, 12345, 0, 1, ev, NULL));
	res("io_getevents timeout unreadable", getev(0, 1, ev, (struct timespec *)8));
	res("io_getevents empty zero timeout", getev(1, 1, ev, &zero));
	struct timespec ms = {0, 1000000};
	res("io_getevents empty 1 ms", getev(1, 1, ev, &ms));
	alarm(1);
	res("io_getevents empty, a signal", getev(1, 1, ev, NULL));
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 1, 0);
	one("pread for a fault", &cb);
	res("io_getevents to an unmapped buffer", getev(1, 1, (struct io_event *)0x1000, NULL));
	reap("the event is still there", &cb);

	/* io_pgetevents */
	struct {
		sigset_t *mask;
		size_t size;
	} us;
	sigset_t block;
	sigemptyset(&block);
	sigaddset(&block, SIGALRM);
	us.mask = &block, us.size = 7;
	res("io_pgetevents sigsetsize 7", syscall(SYS_io_pgetevents, ctx, 0, 1, ev, &zero, &us));
	res("io_pgetevents usig unreadable", syscall(SYS_io_pgetevents, ctx, 0, 1, ev, &zero, (void *)8));
	us.mask = (sigset_t *)8, us.size = 8;
	res("io_pgetevents mask unreadable", syscall(SYS_io_pgetevents, ctx, 0, 1, ev, &zero, &us));
	us.mask = &block;
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 1, 0);
	one("pread", &cb);
	res("io_pgetevents with a mask", syscall(SYS_io_pgetevents, ctx, 1, 1, ev, NULL, &us));
	alarm(1);
	res("io_pgetevents empty, a signal", syscall(SYS_io_pgetevents, ctx, 1, 1, ev, NULL, NULL));

	/* IOCB_CMD_POLL */
	int p[2];
	pipe(p);
	prep(&cb, IOCB_CMD_POLL, p[0], NULL, 0, 0);
	cb.aio_buf = 0x10000;
	one("poll events beyond 16 bits", &cb);
	prep(&cb, IOCB_CMD_POLL, p[0], NULL, 1, 0);
	cb.aio_buf = POLLIN;
	one("poll with nbytes", &cb);
	prep(&cb, IOCB_CMD_POLL, p[0], NULL, 0, 0);
	cb.aio_buf = POLLIN;
	one("poll an empty pipe", &cb);
	res("io_getevents zero timeout", getev(1, 1, ev, &zero));
	write(p[1], "x", 1);
	reap("poll event after a write", &cb);
	prep(&cb, IOCB_CMD_POLL, p[1], NULL, 0, 0);
	cb.aio_buf = POLLOUT;
	one("poll a writable pipe", &cb);
	reap("poll event at once", &cb);
	char c;
	read(p[0], &c, 1);
	prep(&cb, IOCB_CMD_POLL, p[0], NULL, 0, 0);
	cb.aio_buf = POLLIN;
	one("poll to cancel", &cb);
	struct io_event cev;
	res("io_cancel key not 0", (cb.aio_key = 3, syscall(SYS_io_cancel, ctx, &cb, &cev)));
	cb.aio_key = 0;
	res("io_cancel iocb unreadable", syscall(SYS_io_cancel, ctx, (void *)8, &cev));
	res("io_cancel bad context", syscall(SYS_io_cancel, 12345, &cb, &cev));
	res("io_cancel", syscall(SYS_io_cancel, ctx, &cb, &cev));
	reap("cancelled poll event", &cb);
	res("io_cancel again", syscall(SYS_io_cancel, ctx, &cb, &cev));

	/* A pipe read waits inside io_submit; a signal fails the request. */
	write(p[1], "pipe", 4);
	prep(&cb, IOCB_CMD_PREAD, p[0], buf, 10, 12345);
	one("pread of a pipe with data", &cb);
	reap("its event", &cb);
	alarm(1);
	one("pread of an empty pipe, a signal", &cb);
	reap("its event", &cb);

	/* A ring id the guest changed names no context. */
	r->id = 7;
	prep(&cb, IOCB_CMD_PREAD, fd, buf, 1, 0);
	one("submit after the ring id changed", &cb);
	r->id = 0;
	one("submit after it is restored", &cb);
	reap("its event", &cb);

	/* fork: the child has no context and no ring. */
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		printf("child: ring mapped %d\n", mapped(ctx));
		struct iocb *q = &cb;
		res("child: io_submit", submit(ctx, 1, &q));
		aio_context_t c2 = 0;
		res("child: io_setup", syscall(SYS_io_setup, 1, &c2));
		printf("child: second ring id %u\n", ((struct ring *)c2)->id);
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, NULL, 0);
	aio_context_t c2 = 0;
	res("io_setup a second context", syscall(SYS_io_setup, 1, &c2));
	printf("second ring id %u\n", ((struct ring *)c2)->id);
	res("io_destroy the second", syscall(SYS_io_destroy, c2));

	res("io_destroy", syscall(SYS_io_destroy, ctx));
	printf("ring mapped after io_destroy %d\n", mapped(ctx));
	res("io_destroy again", syscall(SYS_io_destroy, ctx));
	res("io_submit after io_destroy", submit(ctx, 1, pp));
	return 0;
}
