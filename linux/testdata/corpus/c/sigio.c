/* Signal-driven I/O (O_ASYNC with fcntl F_SETOWN, F_SETOWN_EX and
 * F_SETSIG; Linux's fs/fcntl.c send_sigio): SIGIO (si_code SI_KERNEL)
 * to a SA_SIGINFO handler when a pipe with O_ASYNC and this process as
 * owner is written; with F_SETSIG a real-time signal with si_code
 * POLL_IN, si_band POLLIN|POLLRDNORM and si_fd the descriptor that set
 * O_ASYNC, taken with sigwaitinfo; none for the data already there when
 * O_ASYNC was set (nothing else pending after the one write's signal);
 * none for a write while O_ASYNC is cleared, one after it is set again;
 * SIGCHLD as the F_SETSIG signal, whose si_code is SI_SIGIO (it has
 * si_codes of its own); the process group as owner (F_SETOWN of -pgrp,
 * a group of its own made first), the thread (F_OWNER_TID) through
 * ioctl FIOASYNC on a dup; POLL_OUT to a pipe's full write end when a
 * page is read (the pipe then closed write end first: a reader's close
 * is a POLL_OUT to the writer); a socket's POLL_IN on data and POLL_HUP
 * when its peer closes; a pseudo-terminal master's POLL_IN when its
 * slave writes, O_ASYNC having made the caller the owner (tty_fasync),
 * then with SIGSEGV as its signal (SI_SIGIO; the host must not send it
 * to the runner); an inotify instance's POLL_IN, its event then read
 * with readv (the header words in the guest's byte order; inotify has
 * no read_iter, so the first buffer must hold the event); a forked
 * child as owner, told through a second pipe that it is ready (a
 * handshake, nothing timed), which takes the signal itself.
 * sigio.expected is a native run's on x86-64 (Linux 6.18), equal to
 * qemu-ppc64le 7.2's: qemu-ppc64 7.2 gives a big-endian guest si_band
 * shifted by 32 bits and a wrong si_fd for every F_SETSIG signal, and
 * readv's inotify event headers unswapped, and never delivers the
 * SIGSEGV (the run waits in sigwaitinfo for good). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "sigio.h"

static volatile sig_atomic_t got, gotcode;

static void onio(int sig, siginfo_t *si, void *uc) {
	(void)sig;
	(void)uc;
	got++;
	gotcode = si->si_code;
}

static void check(const char *what, int r) {
	if (r < 0)
		printf("%s: %s\n", what, strerror(errno));
}

/* arm makes fd signal-driven: sig (F_SETSIG), owner (F_SETOWN: a pid,
 * or a process group negated), then the file status flags fl, O_ASYNC
 * among them. */
static void arm(int fd, int sig, pid_t owner, int fl) {
	check("F_SETSIG", fcntl(fd, F_SETSIG, sig));
	check("F_SETOWN", fcntl(fd, F_SETOWN, owner));
	check("F_SETFL", fcntl(fd, F_SETFL, fl));
}

/* renew closes pipe p and makes another. */
static void renew(int p[2]) {
	close(p[0]);
	close(p[1]);
	check("pipe", pipe(p));
}

int main(void) {
	char buf[4096];
	int p[2];
	setvbuf(stdout, NULL, _IONBF, 0);
	/* A process group of its own: its signal reaches nothing else. */
	check("setpgid", setpgid(0, 0));
	rtsig = SIGRTMIN + 2;

	/* SIGIO to a handler: si_code SI_KERNEL. */
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = onio;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGIO, &sa, NULL);
	sigset_t io, old;
	sigemptyset(&io);
	sigaddset(&io, SIGIO);
	sigprocmask(SIG_BLOCK, &io, &old);
	check("pipe", pipe(p));
	check("F_SETOWN", fcntl(p[0], F_SETOWN, getpid()));
	check("F_SETFL", fcntl(p[0], F_SETFL, fcntl(p[0], F_GETFL) | O_ASYNC));
	check("write", write(p[1], "x", 1));
	while (!got)
		sigsuspend(&old);
	sigprocmask(SIG_SETMASK, &old, NULL);
	printf("SIGIO: got=%d code=%#x\n", (int)got, (int)gotcode);

	/* F_SETSIG: the real-time signal with its siginfo. */
	sigset_t rt;
	sigemptyset(&rt);
	sigaddset(&rt, rtsig);
	sigprocmask(SIG_BLOCK, &rt, NULL);
	check("F_SETSIG", fcntl(p[0], F_SETSIG, rtsig));
	check("write", write(p[1], "y", 1));
	take("pipe POLL_IN", p[0]);
	pending("after one write");
	/* O_ASYNC cleared: no signal for a write; set again: one. */
	check("F_SETFL off", fcntl(p[0], F_SETFL, 0));
	check("write", write(p[1], "o", 1));
	check("F_SETFL on", fcntl(p[0], F_SETFL, O_ASYNC));
	check("write", write(p[1], "n", 1));
	take("after off and on", p[0]);
	pending("after off and on");

	/* A signal with si_codes of its own (SIGCHLD): SI_SIGIO instead of
	 * POLL_IN, band and fd as for any other. */
	renew(p);
	sigset_t chld;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	arm(p[0], SIGCHLD, getpid(), O_ASYNC);
	check("write", write(p[1], "s", 1));
	siginfo_t ci;
	if (sigwaitinfo(&chld, &ci) < 0)
		printf("SIGCHLD: sigwaitinfo: %s\n", strerror(errno));
	else
		printf("SIGCHLD: sig=%s code=%d band=%#lx fd=%s\n", ci.si_signo == SIGCHLD ? "SIGCHLD" : "other",
		       ci.si_code, (long)ci.si_band, ci.si_fd == p[0] ? "ok" : "other");
	sigprocmask(SIG_UNBLOCK, &chld, NULL);

	/* Data there before O_ASYNC: no signal for it. Owner: the group. */
	renew(p);
	check("write", write(p[1], "a", 1));
	arm(p[0], rtsig, -getpgrp(), O_ASYNC);
	check("write", write(p[1], "b", 1));
	take("pgrp owner", p[0]);
	pending("after ready before O_ASYNC");

	/* The thread as owner, O_ASYNC through FIOASYNC; a dup's si_fd is
	 * the descriptor that set it. */
	renew(p);
	struct f_owner_ex ox = {F_OWNER_TID, (pid_t)syscall(SYS_gettid)};
	check("F_SETOWN_EX", fcntl(p[0], F_SETOWN_EX, &ox));
	check("F_SETSIG", fcntl(p[0], F_SETSIG, rtsig));
	int d = dup(p[0]);
	int on = 1;
	check("FIOASYNC", ioctl(d, FIOASYNC, &on));
	check("write", write(p[1], "c", 1));
	take("thread owner via dup", d);
	close(d);

	/* A full pipe's write end: POLL_OUT when a page is read. */
	renew(p);
	fcntl(p[1], F_SETFL, O_NONBLOCK);
	memset(buf, 'z', sizeof buf);
	int pages = 0;
	while (write(p[1], buf, sizeof buf) == (ssize_t)sizeof buf)
		pages++;
	printf("full after %d pages\n", pages);
	arm(p[1], rtsig, getpid(), O_ASYNC | O_NONBLOCK);
	check("read", read(p[0], buf, sizeof buf));
	take("pipe POLL_OUT", p[1]);
	close(p[1]);
	close(p[0]);

	/* A socket: data, then the peer's close. */
	int s[2];
	check("socketpair", socketpair(AF_UNIX, SOCK_STREAM, 0, s));
	arm(s[0], rtsig, getpid(), O_ASYNC);
	check("send", write(s[1], "hi", 2));
	take("socket data", s[0]);
	check("recv", read(s[0], buf, sizeof buf));
	close(s[1]);
	take("socket peer closed", s[0]);
	close(s[0]);

	/* A pseudo-terminal master: O_ASYNC makes the caller its owner
	 * (tty_fasync); what the slave writes is its input. The master is
	 * closed first: the slave's close would signal it. The slave writes
	 * one byte with no newline: "t\n" is two pty writes under ONLCR ("t",
	 * then "\r\n"), each queueing the master's flush_to_ldisc, and when
	 * the kworker takes them apart Linux sends two signals (x86-64 Linux
	 * 6.18 at load 8: 2 writes of "u\n" in 500, none of "u" in 300), a
	 * second SIGSEGV ending the process once it unblocks it (the
	 * clean-clone CI of ff44666). */
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0) {
		printf("ptmx: %s\n", strerror(errno));
	} else {
		int sl = open(ptsname(m), O_RDWR | O_NOCTTY);
		check("open slave", sl);
		check("F_SETSIG", fcntl(m, F_SETSIG, rtsig));
		printf("pty master owner before: %d\n", fcntl(m, F_GETOWN));
		check("F_SETFL", fcntl(m, F_SETFL, O_ASYNC));
		printf("pty master owner: %s\n", fcntl(m, F_GETOWN) == getpid() ? "self" : "other");
		check("slave write", write(sl, "t", 1));
		take("pty master", m);
		pending("after the slave's write");
		/* SIGSEGV as its signal (SI_SIGIO): the host must not send
		 * it to the runner, its owner on the host. */
		sigset_t segv;
		sigemptyset(&segv);
		sigaddset(&segv, SIGSEGV);
		sigprocmask(SIG_BLOCK, &segv, NULL);
		check("F_SETSIG", fcntl(m, F_SETSIG, SIGSEGV));
		check("slave write", write(sl, "u", 1));
		siginfo_t si;
		if (sigwaitinfo(&segv, &si) < 0)
			printf("SIGSEGV: sigwaitinfo: %s\n", strerror(errno));
		else
			printf("SIGSEGV: code=%d band=%#lx fd=%s\n", si.si_code, (long)si.si_band, si.si_fd == m ? "ok" : "other");
		sigprocmask(SIG_UNBLOCK, &segv, NULL);
		close(m);
		close(sl);
	}

	/* inotify: an event, then readv of it. */
	char dir[] = "/tmp/sigio.XXXXXX", path[64];
	if (!mkdtemp(dir)) {
		printf("mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	int in = inotify_init1(0);
	check("inotify_add_watch", inotify_add_watch(in, dir, IN_CREATE));
	arm(in, rtsig, getpid(), O_ASYNC);
	snprintf(path, sizeof path, "%s/f", dir);
	int f = open(path, O_CREAT | O_WRONLY, 0600);
	check("create", f);
	take("inotify", in);
	char evbuf[256] __attribute__((aligned(8)));
	struct iovec iov[2] = {{evbuf, sizeof evbuf}, {buf, sizeof buf}};
	ssize_t n = readv(in, iov, 2);
	struct inotify_event *ev = (struct inotify_event *)evbuf;
	if (n < 0)
		printf("readv: %s\n", strerror(errno));
	else
		printf("readv: %zd wd=%d mask=%#x len=%u name=%s\n", n, ev->wd, ev->mask, ev->len, ev->name);
	close(f);
	close(in); /* before the watch goes: IN_IGNORED would signal */
	unlink(path);
	rmdir(dir);

	/* A forked child as owner: it says it is ready, then takes the
	 * signal. */
	int ready[2];
	check("pipe", pipe(p));
	check("pipe", pipe(ready));
	pid_t c = fork();
	if (c == 0) {
		close(ready[0]);
		arm(p[0], rtsig, getpid(), O_ASYNC);
		check("child ready", write(ready[1], "r", 1));
		take("child owner", p[0]);
		_exit(0);
	}
	close(ready[1]);
	check("parent wait ready", read(ready[0], buf, 1));
	check("write", write(p[1], "d", 1));
	int st;
	waitpid(c, &st, 0);
	printf("child exit=%d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	pending("parent after child's");
	return 0;
}
