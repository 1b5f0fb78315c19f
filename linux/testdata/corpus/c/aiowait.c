/* Native AIO completions that happen while the program does something
 * else, as Linux 6.1's fs/aio.c makes them (aio_poll_wake completes a
 * pending IOCB_CMD_POLL from the file's wake-up): a poll on a pipe that
 * another thread's write completes while the main thread spins on the
 * ring's tail without a system call (as libaio's io_getevents with a zero
 * timeout reads the ring), an IOCB_FLAG_RESFD eventfd watched by epoll
 * that such a completion signals, an io_getevents waiting in another
 * thread that it wakes; then the RWF_ flags (RWF_APPEND writes at the
 * end whatever the offset, RWF_HIPRI is dropped, RWF_DSYNC and RWF_SYNC
 * write through), RLIMIT_FSIZE holding for AIO writes (a short write,
 * then EFBIG in the event), and /proc/sys/fs/aio-nr counting the
 * requests io_setup asked for. qemu-user 7.2 has no AIO (ENOSYS), so
 * aiowait.expected is a native run of this program on the x86-64 host
 * (Linux 6.18; fs/aio.c does not depend on the architecture), except the
 * four lines marked "(Linux 6.1)", from Linux 6.1's sources: RWF_NOWAIT
 * on a pipe or a socket is EOPNOTSUPP, at io_submit as in preadv2, in
 * 6.1, whose pipes and sockets have no FMODE_NOWAIT (6.4 and 6.5 gave it
 * them; the host's 6.18 takes the request). Every wait is a handshake: a
 * thread is seen waiting (its /proc state S) before the other acts, and
 * the long bounds on the spin and on epoll_wait only guard against a
 * hang, never decide the output. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include "res.h"
#include "taskstate.h"

#define AIO_DATA 0x5000
#include "aioring.h"

#ifndef RWF_HIPRI
#define RWF_HIPRI 0x1
#define RWF_DSYNC 0x2
#define RWF_SYNC 0x4
#define RWF_NOWAIT 0x8
#define RWF_APPEND 0x10
#endif

static aio_context_t ctx;
static int pfd[2];
static volatile pid_t waiter;

static long submit1(struct iocb *cb) { return syscall(SYS_io_submit, ctx, 1, &cb); }

static double now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* writer waits until the main thread has submitted (a byte on go), then
 * writes one byte to the pipe the poll waits on. */
static int go[2];
static void *writer(void *arg) {
	(void)arg;
	char c;
	if (read(go[0], &c, 1) != 1)
		return NULL;
	if (write(pfd[1], "x", 1) != 1)
		perror("writer");
	return NULL;
}

/* getter waits in io_getevents for one event and prints it. */
static struct iocb *getter_cb;
static void *getter(void *arg) {
	(void)arg;
	waiter = (pid_t)syscall(SYS_gettid);
	struct io_event ev;
	long r = syscall(SYS_io_getevents, ctx, 1, 1, &ev, NULL);
	if (r != 1)
		res("getter io_getevents", r);
	else
		show("getter's event", &ev, getter_cb);
	return NULL;
}

static void drain(void) {
	char b[16];
	while (read(pfd[0], b, sizeof b) > 0) {
	}
}

static void fileis(int fd, const char *what) {
	char b[64];
	ssize_t n = pread(fd, b, sizeof b, 0);
	printf("%s: %zd \"%.*s\"\n", what, n, (int)(n > 0 ? n : 0), b);
}

static long aionr(void) {
	FILE *f = fopen("/proc/sys/fs/aio-nr", "r");
	long n = -1;
	if (f) {
		if (fscanf(f, "%ld", &n) != 1)
			n = -1;
		fclose(f);
	}
	return n;
}

int main(void) {
	struct iocb cb;
	struct io_event ev;
	struct timespec zero = {0, 0};
	pthread_t th;

	long nr0 = aionr();
	res("io_setup 64", syscall(SYS_io_setup, 64, &ctx));
	printf("aio-nr grew by %ld\n", aionr() - nr0);
	struct ring *r = (struct ring *)ctx;
	if (pipe2(pfd, O_NONBLOCK) || pipe(go))
		return 1;

	/* 1. A poll completed by another thread's write while this thread
	 * spins on the ring without a system call. */
	prep(&cb, IOCB_CMD_POLL, pfd[0], (void *)(uintptr_t)POLLIN, 0, 0);
	res("poll submitted", submit1(&cb));
	unsigned tail = r->tail;
	pthread_create(&th, NULL, writer, NULL);
	if (write(go[1], "g", 1) != 1)
		return 1;
	double end = now() + 60;
	unsigned long spins = 0;
	while (__atomic_load_n(&r->tail, __ATOMIC_ACQUIRE) == tail) {
		if (++spins % (1u << 24) == 0 && now() > end) /* a hang's guard only */
			break;
	}
	printf("spin: tail moved %d\n", r->tail != tail);
	if (r->tail != tail) {
		show("ring's event", &r->ev[r->head], &cb);
		__atomic_store_n(&r->head, (r->head + 1) % r->nr, __ATOMIC_RELEASE);
	}
	pthread_join(th, NULL);
	res("io_getevents after the head moved", syscall(SYS_io_getevents, ctx, 0, 1, &ev, &zero));
	drain();

	/* 2. The resfd eventfd, watched by epoll, signalled by a completion
	 * that another thread's write makes. */
	int efd = eventfd(0, EFD_NONBLOCK);
	int ep = epoll_create1(0);
	struct epoll_event ee = {.events = EPOLLIN, .data.u64 = 7};
	epoll_ctl(ep, EPOLL_CTL_ADD, efd, &ee);
	prep(&cb, IOCB_CMD_POLL, pfd[0], (void *)(uintptr_t)POLLIN, 0, 0);
	cb.aio_flags = IOCB_FLAG_RESFD;
	cb.aio_resfd = efd;
	res("poll with resfd submitted", submit1(&cb));
	struct epoll_event out;
	res("epoll_wait before the write", epoll_wait(ep, &out, 1, 0));
	pthread_create(&th, NULL, writer, NULL);
	if (write(go[1], "g", 1) != 1)
		return 1;
	long n = epoll_wait(ep, &out, 1, 60000); /* the bound guards a hang */
	printf("epoll_wait: %ld data %llu events %#x\n", n, (unsigned long long)out.data.u64, out.events);
	uint64_t count = 0;
	res("eventfd read", read(efd, &count, 8));
	printf("eventfd count %llu\n", (unsigned long long)count);
	pthread_join(th, NULL);
	long k = syscall(SYS_io_getevents, ctx, 1, 1, &ev, &zero);
	res("io_getevents", k);
	if (k == 1)
		show("resfd poll's event", &ev, &cb);
	drain();

	/* 3. io_getevents waiting in another thread wakes when a pending
	 * poll completes (this thread writes once it sees the other wait). */
	prep(&cb, IOCB_CMD_POLL, pfd[0], (void *)(uintptr_t)POLLIN, 0, 0);
	getter_cb = &cb;
	res("poll submitted", submit1(&cb));
	pthread_create(&th, NULL, getter, NULL);
	while (!waiter || state(waiter) != 'S')
		sched_yield();
	if (write(pfd[1], "y", 1) != 1)
		return 1;
	pthread_join(th, NULL);
	drain();

	/* 4. RWF_ flags on a regular file. */
	char path[] = "/tmp/aiowait.XXXXXX";
	int fd = mkstemp(path);
	unlink(path);
	if (write(fd, "hello", 5) != 5)
		return 1;
	prep(&cb, IOCB_CMD_PWRITE, fd, "XYZ", 3, 0);
	cb.aio_rw_flags = RWF_APPEND;
	res("RWF_APPEND pwrite at 0", submit1(&cb));
	if (syscall(SYS_io_getevents, ctx, 1, 1, &ev, NULL) == 1)
		show("RWF_APPEND's event", &ev, &cb);
	fileis(fd, "file");
	struct iovec iov[2] = {{"ab", 2}, {"cd", 2}};
	prep(&cb, IOCB_CMD_PWRITEV, fd, iov, 2, 1);
	cb.aio_rw_flags = RWF_APPEND | RWF_DSYNC;
	res("RWF_APPEND|RWF_DSYNC pwritev at 1", submit1(&cb));
	if (syscall(SYS_io_getevents, ctx, 1, 1, &ev, NULL) == 1)
		show("its event", &ev, &cb);
	fileis(fd, "file");
	prep(&cb, IOCB_CMD_PWRITE, fd, "Q", 1, 0);
	cb.aio_rw_flags = RWF_SYNC;
	res("RWF_SYNC pwrite at 0", submit1(&cb));
	if (syscall(SYS_io_getevents, ctx, 1, 1, &ev, NULL) == 1)
		show("its event", &ev, &cb);
	fileis(fd, "file");
	char rb[8] = {0};
	prep(&cb, IOCB_CMD_PREAD, fd, rb, 4, 2);
	cb.aio_rw_flags = RWF_HIPRI;
	res("RWF_HIPRI pread at 2", submit1(&cb));
	if (syscall(SYS_io_getevents, ctx, 1, 1, &ev, NULL) == 1)
		show("its event", &ev, &cb);
	printf("read \"%s\"\n", rb);
	prep(&cb, IOCB_CMD_PREAD, pfd[0], rb, 4, 0);
	cb.aio_rw_flags = RWF_NOWAIT;
	long sub = submit1(&cb);
	res("RWF_NOWAIT pipe read (Linux 6.1)", sub);
	if (sub == 1) /* a kernel whose pipes have FMODE_NOWAIT: -EAGAIN */
		syscall(SYS_io_getevents, ctx, 1, 1, &ev, NULL);
	int sv[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	prep(&cb, IOCB_CMD_PREAD, sv[0], rb, 4, 0);
	cb.aio_rw_flags = RWF_NOWAIT;
	sub = submit1(&cb);
	res("RWF_NOWAIT socket read (Linux 6.1)", sub);
	if (sub == 1) /* a kernel whose sockets have FMODE_NOWAIT: -EAGAIN */
		syscall(SYS_io_getevents, ctx, 1, 1, &ev, NULL);
	struct iovec riov = {rb, 4};
	res("preadv2 RWF_NOWAIT pipe (Linux 6.1)", preadv2(pfd[0], &riov, 1, -1, RWF_NOWAIT));
	res("preadv2 RWF_NOWAIT socket (Linux 6.1)", preadv2(sv[0], &riov, 1, -1, RWF_NOWAIT));
	res("preadv2 RWF_NOWAIT socket at 0", preadv2(sv[0], &riov, 1, 0, RWF_NOWAIT));
	res("pwritev2 RWF_NOWAIT pipe's read end", pwritev2(pfd[0], &riov, 1, -1, RWF_NOWAIT));
	prep(&cb, IOCB_CMD_PREAD, fd, rb, 4, 0);
	cb.aio_rw_flags = 0x10000;
	res("unknown RWF_ flag", submit1(&cb));

	/* 5. RLIMIT_FSIZE holds for AIO writes: SIGXFSZ (ignored) and a
	 * short write at the limit, EFBIG beyond it. The limit (soft only)
	 * is lifted before anything is printed: it holds for stdout too. */
	signal(SIGXFSZ, SIG_IGN);
	struct rlimit rl;
	getrlimit(RLIMIT_FSIZE, &rl);
	rlim_t soft = rl.rlim_cur;
	rl.rlim_cur = 12;
	fflush(stdout);
	long sr = setrlimit(RLIMIT_FSIZE, &rl);
	struct {
		long off, n, flags, sub, got;
		struct io_event ev;
	} w[3] = {{8, 10, 0}, {12, 10, 0}, {0, 4, RWF_APPEND}};
	for (int i = 0; i < 3; i++) {
		prep(&cb, IOCB_CMD_PWRITE, fd, "0123456789", w[i].n, w[i].off);
		cb.aio_rw_flags = w[i].flags;
		w[i].sub = submit1(&cb);
		w[i].got = syscall(SYS_io_getevents, ctx, 1, 1, &w[i].ev, NULL);
	}
	rl.rlim_cur = soft;
	setrlimit(RLIMIT_FSIZE, &rl);
	res("setrlimit RLIMIT_FSIZE 12", sr);
	for (int i = 0; i < 3; i++) {
		printf("pwrite of %ld at %ld flags %#lx: submitted %ld\n", w[i].n, w[i].off, w[i].flags, w[i].sub);
		if (w[i].got == 1)
			show("its event", &w[i].ev, &cb);
	}
	fileis(fd, "file");

	/* 6. aio-nr gives the requests back at io_destroy. */
	res("io_destroy", syscall(SYS_io_destroy, ctx));
	printf("aio-nr after io_destroy grew by %ld\n", aionr() - nr0);
	return 0;
}
