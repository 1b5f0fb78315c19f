/* Signal-driven I/O's POLL_OUT (fs/fcntl.c send_sigio with F_SETSIG: a
 * real-time signal with si_code POLL_OUT, si_band
 * POLLOUT|POLLWRNORM|POLLWRBAND), and which files have a fasync at all.
 * A Unix stream socket's writer is sent POLL_OUT when room comes after a
 * write found none (sk_wake_async's SOCK_WAKE_SPACE needs
 * SOCKWQ_ASYNC_NOSPACE, which the failed send sets), once, and not when
 * every write found room; a pseudo-terminal master's writer when the
 * slave reads after a write to the master could not finish (n_tty's
 * TTY_DO_WRITE_WAKEUP, n_tty_write_wakeup), once; a pipe's writer when
 * splice moves whole pipe buffers out of it to a file or to another pipe
 * (wakeup_pipe_writers), not when splice takes part of a buffer, nor for
 * tee, which takes nothing. Each signal is taken with sigwaitinfo (a
 * handshake, nothing timed); "pending" says whether another is queued.
 * Then F_SETFL O_ASYNC and FIOASYNC on files without a fasync (eventfd,
 * timerfd, signalfd, epoll, memfd, /dev/null, /dev/zero: F_GETFL shows
 * no O_ASYNC, FIOASYNC is ENOTTY) and with one (/dev/urandom, /dev/ptmx,
 * inotify, a socket, a pipe). sigioout.expected is a native run's on
 * x86-64 (Linux 6.18): qemu-ppc64 7.2 gives a big-endian guest si_band
 * shifted by 32 bits and a wrong si_fd for every F_SETSIG signal (see
 * sigio.c). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <termios.h>
#include <unistd.h>
#include "sigio.h"

static char buf[65536];

/* unown clears fd's O_ASYNC (before it is closed). */
static void unown(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_ASYNC); }

/* fill writes 4096-byte pieces to fd until it takes no more, and says
 * how the last write ended. */
static long fill(const char *what, int fd) {
	long total = 0;
	ssize_t n;
	while ((n = write(fd, buf, 4096)) > 0)
		total += n;
	printf("%s: filled, then %s\n", what, n < 0 ? strerror(errno) : "0");
	return total;
}

/* drain reads want bytes from fd (blocking or not: it retries EAGAIN
 * only after sched_yield, so a blocking descriptor is best). */
static void drain(int fd, long want) {
	while (want > 0) {
		ssize_t n = read(fd, buf, want < (long)sizeof buf ? want : (long)sizeof buf);
		if (n <= 0)
			break;
		want -= n;
	}
}

/* kind prints what F_SETFL O_ASYNC and FIOASYNC do on fd, then clears
 * the flag. */
static void kind(const char *what, int fd) {
	char b[96];
	if (fd < 0) {
		printf("%s: open: %s\n", what, strerror(errno));
		return;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC);
	snprintf(b, sizeof b, "%s: O_ASYNC after F_SETFL", what);
	res(b, (fcntl(fd, F_GETFL) & O_ASYNC) != 0);
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_ASYNC);
	int on = 1;
	snprintf(b, sizeof b, "%s: FIOASYNC 1", what);
	res(b, ioctl(fd, FIOASYNC, &on));
	on = 0;
	ioctl(fd, FIOASYNC, &on);
	close(fd);
}

int main(void) {
	rtsig = SIGRTMIN + 3;
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, rtsig);
	sigprocmask(SIG_BLOCK, &set, NULL);
	setvbuf(stdout, NULL, _IONBF, 0);

	/* A Unix stream socket. */
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0) {
		printf("socketpair: %s\n", strerror(errno));
		return 1;
	}
	own("socket", sv[0]);
	res("socket: write with room", write(sv[0], "x", 1));
	drain(sv[1], 1);
	pending("socket: read after a write that found room");
	long n = fill("socket", sv[0]);
	pending("socket: full");
	drain(sv[1], n);
	take("socket: room after a write found none", sv[0]);
	pending("socket: after");
	res("socket: write with room", write(sv[0], "x", 1));
	drain(sv[1], 1);
	pending("socket: read after a write that found room");
	unown(sv[0]);
	close(sv[0]);
	close(sv[1]);

	/* A pseudo-terminal master, its slave raw. */
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0) {
		printf("pty: %s\n", strerror(errno));
		return 1;
	}
	int s = open(ptsname(m), O_RDWR | O_NOCTTY);
	struct termios tio;
	tcgetattr(s, &tio);
	cfmakeraw(&tio);
	tcsetattr(s, TCSANOW, &tio);
	own("pty master", m);
	res("pty master: write with room", write(m, "x", 1));
	drain(s, 1);
	pending("pty master: slave read after a write that found room");
	n = fill("pty master", m);
	pending("pty master: full");
	drain(s, n);
	take("pty master: slave read after a write could not finish", m);
	pending("pty master: after");
	unown(m);
	close(s);
	close(m);

	/* A pipe's writer and splice, tee. */
	int p[2], q[2];
	pipe(p);
	pipe(q);
	char tmpl[] = "/tmp/c-sigioout-XXXXXX";
	int f = mkstemp(tmpl);
	unlink(tmpl);
	own("pipe writer", p[1]);
	fill("pipe writer", p[1]);
	res("splice part of a buffer to a file", splice(p[0], NULL, f, NULL, 100, 0));
	pending("pipe writer: part of a buffer taken");
	res("splice the rest of it to a file", splice(p[0], NULL, f, NULL, 3996, 0));
	take("pipe writer: a buffer spliced out", p[1]);
	pending("pipe writer: after");
	res("tee to another pipe", tee(p[0], q[1], 4096, 0));
	pending("pipe writer: after tee");
	res("splice a buffer to another pipe", splice(p[0], NULL, q[1], NULL, 4096, 0));
	take("pipe writer: a buffer spliced to a pipe", p[1]);
	pending("pipe writer: after");
	unown(p[1]);
	close(p[0]);
	close(p[1]);
	close(q[0]);
	close(q[1]);
	close(f);

	/* Which files have a fasync. */
	kind("eventfd", eventfd(0, 0));
	kind("timerfd", timerfd_create(CLOCK_MONOTONIC, 0));
	kind("signalfd", signalfd(-1, &set, 0));
	kind("epoll", epoll_create1(0));
	kind("memfd", memfd_create("x", 0));
	kind("/dev/null", open("/dev/null", O_RDWR));
	kind("/dev/zero", open("/dev/zero", O_RDONLY));
	kind("/dev/urandom", open("/dev/urandom", O_RDONLY));
	kind("/dev/ptmx", posix_openpt(O_RDWR | O_NOCTTY));
	kind("inotify", inotify_init1(0));
	kind("socket", socket(AF_UNIX, SOCK_DGRAM, 0));
	pipe(p);
	kind("pipe", p[0]);
	close(p[1]);
	pending("end");
	return 0;
}
