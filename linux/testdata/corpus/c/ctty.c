/* Controlling terminals, as Linux's drivers/tty/tty_jobctrl.c and
 * tty_io.c have them (qemu-user 7.2 does not write TIOCGSID's answer:
 * ctty.expected is Linux's output, the program's run natively), on a pseudo-terminal of a new session (so that the
 * run does not depend on the terminal the test runs on): /dev/tty is ENXIO
 * without one; a session leader acquires the slave it opens without
 * O_NOCTTY (not write-only) and by TIOCSCTTY, a non-leader cannot (EPERM),
 * nor can another session take it; TIOCGPGRP, TIOCSPGRP (ESRCH, EPERM,
 * EINVAL, EFAULT) and TIOCGSID on the slave and the master; a process of
 * a background group gets SIGTTOU for a write with TOSTOP (write,
 * writev, pwritev2 at the file position, sendfile, splice) or tcsetattr
 * (stops by default, EINTR with a handler, goes on when it ignores it),
 * SIGTTIN for a read (read, readv, preadv2; stops by default, EIO when ignored or blocked), EIO
 * when its group is orphaned; TIOCNOTTY by a member drops its own
 * terminal, by the leader SIGHUP and SIGCONT to the foreground group and
 * the whole session loses it; the leader's end sends SIGHUP (not SIGCONT:
 * a pseudo-terminal) to the foreground group. Children report through
 * their exit status or a pipe; only the session leader and the first
 * process print. Compared with qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include "res.h"

static int slave = -1;
static volatile sig_atomic_t caught[65];

static void on_sig(int sig) { caught[sig]++; }

static void handle(int sig, void (*h)(int)) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = h;
	sigaction(sig, &sa, NULL);
}

static void status(const char *what, int st) {
	if (WIFSTOPPED(st))
		printf("%s: stopped by %d\n", what, WSTOPSIG(st));
	else if (WIFEXITED(st))
		printf("%s: exited %d\n", what, WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		printf("%s: killed by %d\n", what, WTERMSIG(st));
}

/* child runs f in a new child and returns its pid. */
static pid_t child(int (*f)(void)) {
	fflush(stdout);
	pid_t p = fork();
	if (p == 0) {
		int r = f();
		fflush(stdout);
		_exit(r);
	}
	return p;
}

static void reap(const char *what, pid_t p) {
	int st;
	waitpid(p, &st, 0);
	status(what, st);
}

static int nonleader_sctty(void) {
	res("non-leader TIOCSCTTY", ioctl(slave, TIOCSCTTY, 0));
	return 0;
}

static int other_session(void) {
	setsid();
	res("other session: open /dev/tty", open("/dev/tty", O_RDWR));
	int fd = open(ptsname(3), O_RDWR); /* the master is descriptor 3 */
	res("other session: open slave, tcgetsid", tcgetsid(fd));
	res("other session: TIOCSCTTY", ioctl(slave, TIOCSCTTY, 0));
	return 0;
}

static int member_notty(void) {
	res("member: TIOCNOTTY", ioctl(slave, TIOCNOTTY));
	res("member: open /dev/tty", open("/dev/tty", O_RDWR));
	res("member: tcgetpgrp", tcgetpgrp(slave));
	return 0;
}

/* bg_* run in a group of their own, in the background. */
static int bg_write_ignored(void) {
	setpgid(0, 0);
	handle(SIGTTOU, SIG_IGN);
	struct termios tio;
	tcgetattr(slave, &tio);
	tio.c_lflag |= TOSTOP;
	res("bg, SIGTTOU ignored: tcsetattr TOSTOP", tcsetattr(slave, TCSANOW, &tio));
	res("bg, SIGTTOU ignored: write", write(slave, "w\n", 2));
	return 0;
}

static int bg_write_caught(void) {
	setpgid(0, 0);
	handle(SIGTTOU, on_sig);
	res("bg, SIGTTOU caught: write", write(slave, "w\n", 2));
	struct iovec iov = {.iov_base = "v\n", .iov_len = 2};
	res("bg, SIGTTOU caught: writev", writev(slave, &iov, 1));
	res("bg, SIGTTOU caught: pwritev2 at the position", pwritev2(slave, &iov, 1, -1, 0));
	int m = memfd_create("ctty", 0);
	write(m, "s\n", 2);
	off_t off = 0;
	res("bg, SIGTTOU caught: sendfile", sendfile(slave, m, &off, 2));
	close(m);
	int p[2];
	pipe(p);
	write(p[1], "p\n", 2);
	res("bg, SIGTTOU caught: splice", splice(p[0], NULL, slave, NULL, 2, 0));
	close(p[0]);
	close(p[1]);
	res("bg, SIGTTOU caught: tcsetpgrp", tcsetpgrp(slave, getpgrp()));
	struct termios tio;
	tcgetattr(slave, &tio);
	res("bg, SIGTTOU caught: tcsetattr", tcsetattr(slave, TCSANOW, &tio));
	printf("bg, SIGTTOU caught: %d times\n", caught[SIGTTOU]);
	return 0;
}

static int bg_write_default(void) {
	setpgid(0, 0);
	res("bg, SIGTTOU default: write after SIGCONT", write(slave, "d\n", 2));
	return 0;
}

static int bg_read(void) {
	setpgid(0, 0);
	char c;
	handle(SIGTTIN, SIG_IGN);
	res("bg read, SIGTTIN ignored", read(slave, &c, 1));
	struct iovec iov = {.iov_base = &c, .iov_len = 1};
	res("bg readv, SIGTTIN ignored", readv(slave, &iov, 1));
	res("bg preadv2 at the position, SIGTTIN ignored", preadv2(slave, &iov, 1, -1, 0));
	handle(SIGTTIN, SIG_DFL);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGTTIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	res("bg read, SIGTTIN blocked", read(slave, &c, 1));
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	fflush(stdout);
	read(slave, &c, 1); /* stops */
	return 0;
}

static int orph[2], hup[2];

static int orphan_write(void) {
	setpgid(0, 0);
	fflush(stdout);
	if (fork() == 0) {
		/* Wait until the parent has gone: the group is then orphaned. */
		while (getppid() == getpgrp())
			usleep(1000);
		char b = write(slave, "o\n", 2) < 0 && errno == EIO ? 'E' : '-';
		write(orph[1], &b, 1);
		_exit(0);
	}
	return 0;
}

static int fg_sleeper(void) {
	for (;;)
		pause();
	return 0;
}

static int hup_waiter(void) {
	/* The leader's handlers and counts were copied: count afresh, then
	 * tell it; it makes this group the foreground one, then ends. */
	caught[SIGHUP] = caught[SIGCONT] = 0;
	write(orph[1], "r", 1);
	while (!caught[SIGHUP])
		pause();
	char b[2] = {'H', caught[SIGCONT] ? 'C' : '-'};
	write(hup[1], b, 2);
	return 0;
}

static int leader(void) {
	setsid();
	res("open /dev/tty without one", open("/dev/tty", O_RDWR));
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m != 3) {
		dup2(m, 3);
		close(m);
		m = 3;
	}
	grantpt(m);
	unlockpt(m);
	int pg = -1;
	res("TIOCGPGRP master, no session", ioctl(m, TIOCGPGRP, &pg));
	printf("  pgrp %d\n", pg);
	res("TIOCGSID master, no session", ioctl(m, TIOCGSID, &pg));
	int s1 = open(ptsname(m), O_RDWR | O_NOCTTY);
	res("TIOCGPGRP slave, not ours", ioctl(s1, TIOCGPGRP, &pg));
	res("TIOCSPGRP slave, not ours", tcsetpgrp(s1, getpgrp()));
	res("TIOCGSID slave, not ours", tcgetsid(s1));
	res("TIOCNOTTY slave, not ours", ioctl(s1, TIOCNOTTY));
	int wo = open(ptsname(m), O_WRONLY);
	res("open write-only: acquired", tcgetsid(s1));
	close(wo);
	slave = open(ptsname(m), O_RDWR);
	printf("open O_RDWR: tcgetsid is getsid %d, tcgetpgrp is getpgrp %d\n", tcgetsid(slave) == getsid(0),
	       tcgetpgrp(slave) == getpgrp());
	printf("  the O_NOCTTY descriptor too: %d\n", tcgetsid(s1) == getsid(0));
	int sid = -1;
	res("TIOCGSID master", ioctl(m, TIOCGSID, &sid));
	printf("  is getsid %d\n", sid == getsid(0));
	res("TIOCSCTTY again", ioctl(slave, TIOCSCTTY, 0));
	res("TIOCSCTTY master again", ioctl(m, TIOCSCTTY, 0));
	int t = open("/dev/tty", O_RDWR);
	printf("open /dev/tty: %s, tcgetsid is getsid %d\n", t >= 0 ? "ok" : strerror(errno), tcgetsid(t) == getsid(0));
	res("write /dev/tty", write(t, "t\n", 2));
	close(t);
	res("TIOCSPGRP no such group", tcsetpgrp(slave, 0x3ffffff0));
	res("TIOCSPGRP init", tcsetpgrp(slave, 1));
	res("TIOCSPGRP -1", tcsetpgrp(slave, -1));
	res("TIOCSPGRP bad pointer", ioctl(slave, TIOCSPGRP, (void *)8));
	res("TIOCSPGRP own", tcsetpgrp(slave, getpgrp()));

	reap("non-leader", child(nonleader_sctty));
	reap("other session", child(other_session));
	reap("member", child(member_notty));
	printf("leader still has it: %d\n", tcgetsid(slave) == getsid(0));

	reap("bg, SIGTTOU ignored", child(bg_write_ignored));
	reap("bg, SIGTTOU caught", child(bg_write_caught));
	pid_t p = child(bg_write_default);
	int st;
	waitpid(p, &st, WUNTRACED);
	status("bg write, SIGTTOU default", st);
	res("tcsetpgrp to its group", tcsetpgrp(slave, p));
	printf("  tcgetpgrp is it %d\n", tcgetpgrp(slave) == p);
	kill(p, SIGCONT);
	reap("  continued in the foreground", p);
	handle(SIGTTOU, SIG_IGN); /* the leader is in the background now */
	res("tcsetpgrp back", tcsetpgrp(slave, getpgrp()));
	handle(SIGTTOU, SIG_DFL);
	p = child(bg_read);
	waitpid(p, &st, WUNTRACED);
	status("bg read, SIGTTIN default", st);
	kill(p, SIGKILL);
	reap("  killed", p);

	pipe(orph);
	reap("orphan parent", child(orphan_write));
	char b = 0;
	read(orph[0], &b, 1);
	printf("orphaned group's write with TOSTOP: %s\n", b == 'E' ? "EIO" : "not EIO");

	p = child(fg_sleeper); /* SIGHUP's action the default */
	handle(SIGHUP, on_sig);
	handle(SIGCONT, on_sig);
	res("TIOCNOTTY by the leader", ioctl(slave, TIOCNOTTY));
	reap("  foreground member", p);
	printf("  leader got SIGHUP %d SIGCONT %d\n", caught[SIGHUP], caught[SIGCONT]);
	res("  open /dev/tty", open("/dev/tty", O_RDWR));
	res("  TIOCGSID master", ioctl(m, TIOCGSID, &sid));
	res("TIOCSCTTY master", ioctl(m, TIOCSCTTY, 0));
	printf("  tcgetsid is getsid %d\n", tcgetsid(slave) == getsid(0));

	p = child(hup_waiter);
	setpgid(p, p);
	handle(SIGTTOU, SIG_IGN);
	res("foreground to a waiting child", tcsetpgrp(slave, p));
	read(orph[0], &b, 1);
	fflush(stdout);
	return 0; /* the leader's end: SIGHUP to the foreground group */
}

int main(void) {
	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(20);
	pipe(hup);
	fflush(stdout);
	pid_t p = fork();
	if (p == 0) {
		int r = leader();
		fflush(stdout);
		_exit(r);
	}
	close(hup[1]);
	int st;
	waitpid(p, &st, 0);
	status("session leader", st);
	char b[3] = {0};
	long n = read(hup[0], b, 2);
	printf("foreground group after the leader's end: %ld %s\n", n, b);
	return 0;
}
