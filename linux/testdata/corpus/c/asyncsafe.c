/* Signal-driven I/O the runner keeps to itself (issue 26): a terminal
 * with F_SETSIG SIGSEGV and O_ASYNC (a pseudo-terminal slave of its own;
 * with the argument "stdin", the descriptor 0 the test gave it) gets
 * input while this process spins without system calls: the SIGSEGV comes
 * to this process's handler with si_code SI_SIGIO, si_band POLLIN|
 * POLLRDNORM and si_fd the slave, and F_GETFL shows O_ASYNC, F_GETSIG 11
 * (under the runner the host's description has neither: TestAsyncHostSafe
 * looks); the input comes from a forked child told over a pipe that the
 * parent is armed (a handshake, nothing timed). open(2) with O_ASYNC
 * (Linux's f_flags get FASYNC without a fasync entry): F_GETFL shows it,
 * a FIFO so opened with an owner is never signalled, and neither F_SETFL
 * nor FIOASYNC clears it; a regular file so opened keeps it too. A pipe's
 * write end with O_ASYNC gets POLL_OUT at the end of every read of the
 * pipe (pipe_read's kill_fasync): a read of a byte, a readv, a read that
 * found it empty (EAGAIN), none for a read of 0 bytes, each counted by
 * taking the queued real-time signals. asyncsafe.expected is
 * qemu-ppc64le 7.2's output, the same as a native run on x86-64 (Linux
 * 6.18); qemu-ppc64 7.2 gives a big-endian guest si_band shifted by 32
 * bits and a wrong si_fd (as in sigio.c), the rest the same. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "res.h"

static volatile sig_atomic_t got, gotcode, gotfd;
static volatile long gotband;

static void onsegv(int sig, siginfo_t *si, void *uc) {
	(void)sig;
	(void)uc;
	gotcode = si->si_code;
	gotband = si->si_band;
	gotfd = si->si_fd;
	got = 1;
}

/* asyncOn prints whether fd shows O_ASYNC. */
static void asyncOn(const char *what, int fd) {
	printf("%s: O_ASYNC %d\n", what, (fcntl(fd, F_GETFL) & O_ASYNC) != 0);
}

/* drain takes every queued instance of sig and prints how many there
 * were, with the last one's si_code and si_band and whether its si_fd
 * is fd. */
static void drain(const char *what, int sig, int fd) {
	sigset_t set;
	siginfo_t si, last;
	struct timespec zero = {0, 0};
	int n = 0;
	sigemptyset(&set);
	sigaddset(&set, sig);
	while (sigtimedwait(&set, &si, &zero) == sig) {
		last = si;
		n++;
	}
	if (n == 0)
		printf("%s: 0 signals\n", what);
	else
		printf("%s: %d signals, code=%d band=%#lx fd=%s\n", what, n, last.si_code, (long)last.si_band,
		       last.si_fd == fd ? "ok" : "other");
}

/* terminal arms slave (F_SETOWN self, F_SETSIG SIGSEGV, O_ASYNC) and
 * spins until the SIGSEGV comes; input is the child's (m >= 0: it writes
 * to master m when told over a pipe) or the test's (m < 0: "ready" is
 * printed first). */
static void terminal(int slave, int m) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = onsegv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	res("F_SETOWN", fcntl(slave, F_SETOWN, getpid()));
	res("F_SETSIG SIGSEGV", fcntl(slave, F_SETSIG, SIGSEGV));
	res("F_SETFL O_ASYNC", fcntl(slave, F_SETFL, fcntl(slave, F_GETFL) | O_ASYNC));
	asyncOn("terminal", slave);
	res("F_GETSIG", fcntl(slave, F_GETSIG));
	printf("owner self: %d\n", fcntl(slave, F_GETOWN) == getpid());
	pid_t child = -1;
	int hs[2] = {-1, -1};
	if (m >= 0) {
		if (pipe(hs) < 0)
			return;
		child = fork();
		if (child == 0) {
			char c;
			close(hs[1]);
			if (read(hs[0], &c, 1) == 1 && write(m, "x\n", 2) == 2)
				_exit(0);
			_exit(1);
		}
		close(hs[0]);
		if (write(hs[1], "g", 1) != 1)
			printf("handshake: %s\n", strerror(errno));
	} else {
		printf("ready\n");
	}
	while (!got)
		; /* busy: no system call until the signal */
	printf("SIGSEGV: code=%d band=%#lx fd=%s\n", (int)gotcode, gotband, gotfd == slave ? "ok" : "other");
	if (child > 0) {
		int st;
		waitpid(child, &st, 0);
		printf("child exit=%d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
		close(hs[1]);
	}
	char line[16];
	res("read", read(slave, line, sizeof line));
}

int main(int argc, char **argv) {
	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc > 1 && strcmp(argv[1], "stdin") == 0) {
		terminal(0, -1);
		return 0;
	}
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0) {
		printf("posix_openpt: %s\n", strerror(errno));
		return 1;
	}
	int s = open(ptsname(m), O_RDWR | O_NOCTTY);
	if (s < 0) {
		printf("open slave: %s\n", strerror(errno));
		return 1;
	}
	terminal(s, m);
	close(s);
	close(m);

	int rtsig = SIGRTMIN + 3;
	sigset_t rt;
	sigemptyset(&rt);
	sigaddset(&rt, rtsig);
	sigprocmask(SIG_BLOCK, &rt, NULL);

	/* open(2) with O_ASYNC: the flag without a fasync entry. */
	char dir[] = "/tmp/asyncsafeXXXXXX";
	if (!mkdtemp(dir)) {
		printf("mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	char fifo[64], file[64];
	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	snprintf(file, sizeof file, "%s/file", dir);
	res("mkfifo", mkfifo(fifo, 0600));
	int f = open(fifo, O_RDWR | O_NONBLOCK | O_ASYNC);
	asyncOn("FIFO opened with O_ASYNC", f);
	res("F_SETOWN", fcntl(f, F_SETOWN, getpid()));
	res("F_SETSIG", fcntl(f, F_SETSIG, rtsig));
	res("write", write(f, "a", 1));
	drain("FIFO written", rtsig, f);
	res("F_SETFL without O_ASYNC", fcntl(f, F_SETFL, O_NONBLOCK));
	asyncOn("FIFO after F_SETFL", f);
	int on = 0;
	res("FIOASYNC 0", ioctl(f, FIOASYNC, &on));
	asyncOn("FIFO after FIOASYNC 0", f);
	on = 1;
	res("FIOASYNC 1", ioctl(f, FIOASYNC, &on));
	res("write", write(f, "b", 1));
	drain("FIFO written again", rtsig, f);
	close(f);
	int r = open(file, O_RDWR | O_CREAT | O_ASYNC, 0600);
	asyncOn("file opened with O_ASYNC", r);
	res("F_SETFL 0", fcntl(r, F_SETFL, 0));
	asyncOn("file after F_SETFL 0", r);
	close(r);
	unlink(file);
	unlink(fifo);
	rmdir(dir);

	/* A pipe's O_ASYNC write end: POLL_OUT for every read. */
	int p[2];
	char buf[8];
	res("pipe", pipe(p));
	res("write", write(p[1], "abcd", 4));
	res("F_SETOWN", fcntl(p[1], F_SETOWN, getpid()));
	res("F_SETSIG", fcntl(p[1], F_SETSIG, rtsig));
	res("F_SETFL O_ASYNC", fcntl(p[1], F_SETFL, O_ASYNC));
	drain("armed", rtsig, p[1]);
	res("read 1", read(p[0], buf, 1));
	drain("after a read", rtsig, p[1]);
	res("read 0", read(p[0], buf, 0));
	drain("after a read of 0 bytes", rtsig, p[1]);
	struct iovec iov = {buf, 1};
	res("readv 1", readv(p[0], &iov, 1));
	res("read 1", read(p[0], buf, 1));
	drain("after readv and read", rtsig, p[1]);
	res("F_SETFL O_NONBLOCK", fcntl(p[0], F_SETFL, O_NONBLOCK));
	res("read 8", read(p[0], buf, sizeof buf));
	res("read empty", read(p[0], buf, sizeof buf));
	drain("after a read and an empty one", rtsig, p[1]);
	res("F_SETFL 0", fcntl(p[1], F_SETFL, 0));
	asyncOn("write end after F_SETFL 0", p[1]);
	res("read empty", read(p[0], buf, sizeof buf));
	drain("after O_ASYNC cleared", rtsig, p[1]);
	return 0;
}
