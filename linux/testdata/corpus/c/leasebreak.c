/* Lease breaks (fs/locks.c __break_lease), between a parent and a child
 * that holds the lease on a file of /tmp, each step after a handshake on
 * pipes (nothing timed):
 *  - a write lease broken by an open for reading: the holder's handler
 *    (F_SETSIG SIGIO: si_code POLL_MSG, si_band, si_fd its descriptor)
 *    sees F_GETLEASE answer F_RDLCK, the type the lease must become, and
 *    downgrades; the open waits until then;
 *  - a read lease is not broken by an open for reading, a rename or a
 *    link's unlink;
 *  - an O_NONBLOCK open for writing is EWOULDBLOCK, the break sent all
 *    the same (SIGIO as the kernel sends it with no F_SETSIG: SI_KERNEL);
 *    F_GETLEASE then says F_UNLCK, and stays so after a downgrade;
 *    releasing clears the description's owner and F_SETSIG signal;
 *  - a blocked open for writing (the break: the F_SETSIG real-time signal
 *    with si_code POLL_MSG) interrupted by a signal whose handler has no
 *    SA_RESTART is EINTR; opened again it waits, without a second break
 *    signal, until the holder releases the lease;
 *  - truncate(2) breaks a read lease and waits likewise;
 *  - an open for reading with O_TRUNC is a reader (fs/open.c
 *    do_dentry_open's break_lease takes the open's flags): it truncates
 *    at once under a read lease, which stays, without a break; under a
 *    write lease one without write permission is EACCES before any
 *    break (may_open), an O_NONBLOCK one EWOULDBLOCK with the file
 *    whole (the holder, told, sees its size), and a blocking one
 *    truncates once the holder has downgraded (fs/namei.c do_open:
 *    handle_truncate after vfs_open);
 *  - execve's open of the program (fs/exec.c do_open_execat) is a
 *    reader too: it waits for the holder of a write lease to downgrade,
 *    then fails (ENOEXEC: the file is no program), and passes a read
 *    lease by;
 *  - an O_NONBLOCK open with O_TRUNC refused for a lease truncates
 *    nothing; a blocking one waits until the holder ends (its
 *    description closed, the lease goes), then truncates.
 * With the argument "expire", the holder ignores the break (its signal
 * blocked) and the opens wait for the lease-break time instead: an open
 * for reading finds the write lease downgraded, an open for writing the
 * read lease gone, with the description's F_SETSIG signal. That takes
 * /proc/sys/fs/lease-break-time seconds each (45 by default; the guest
 * cannot lower it: /proc/sys is read-only), so the corpus runs without
 * it, and TestLeaseBreakTime runs it with a shorter time of its own.
 * qemu-user gives the host kernel's leases, between host processes, but
 * not si_band and si_fd (0x700000441 and 0 here; else its output is the
 * native one, both byte orders): the expected output
 * (leasebreak.expected) is a native run on the x86-64 host (Linux),
 * whose output does not depend on the architecture; the "expire" output
 * in TestLeaseBreakTime is likewise a native run's (90 s). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"
#include "leaseget.h"

static int p2h[2], h2p[2];

static void say(int fd) {
	fflush(stdout);
	if (write(fd, "x", 1) != 1)
		exit(2);
}

static void hear(int fd) {
	char c;
	if (read(fd, &c, 1) != 1)
		exit(3);
}

static int hfd;
static volatile sig_atomic_t hsig, hcode, hfdok, htarget, hdown;
static volatile long hband;

/* onbreak is the holder's SIGIO handler: it downgrades the lease. */
static void onbreak(int sig, siginfo_t *si, void *uc) {
	(void)uc;
	hcode = si->si_code;
	hband = si->si_band;
	hfdok = si->si_fd == hfd;
	htarget = fcntl(hfd, F_GETLEASE);
	hdown = fcntl(hfd, F_SETLEASE, F_RDLCK);
	hsig = sig;
}

static void onusr1(int sig) { (void)sig; }

/* wait1 waits for sig (blocked) and prints its si_code. */
static void wait1(int sig) {
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, sig);
	siginfo_t si;
	int got = sigwaitinfo(&s, &si);
	printf("holder: signal %s, si_code %d\n", got == SIGIO ? "SIGIO" : got == SIGRTMIN + 1 ? "SIGRTMIN+1" : "?", si.si_code);
}

/* size is the size of the file at path, or -1. */
static long size(const char *path) {
	struct stat st;
	return stat(path, &st) ? -1 : st.st_size;
}

/* lease sets the holder's lease to typ and prints the result. */
static void lease(int typ) {
	char what[64];
	snprintf(what, sizeof what, "holder: F_SETLEASE %s", kind(typ));
	res(what, fcntl(hfd, F_SETLEASE, typ));
}

/* unbroken prints the holder's lease and whether a break signal (SIGIO,
 * blocked) is pending for it. */
static void unbroken(void) {
	get("holder: F_GETLEASE", hfd);
	sigset_t pend;
	sigpending(&pend);
	printf("holder: a break signal: %d\n", sigismember(&pend, SIGIO));
}

/* dac drops CAP_DAC_OVERRIDE from the effective set (on 0) or raises it
 * again from the permitted set (on 1); a caller without it has none to
 * drop. */
static void dac(int on) {
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct cd[2];
	if (syscall(SYS_capget, &h, cd))
		return;
	unsigned bit = 1u << (CAP_DAC_OVERRIDE % 32);
	if (on)
		cd[CAP_DAC_OVERRIDE / 32].effective |= cd[CAP_DAC_OVERRIDE / 32].permitted & bit;
	else
		cd[CAP_DAC_OVERRIDE / 32].effective &= ~bit;
	syscall(SYS_capset, &h, cd);
}

static void holder(const char *path) {
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, SIGIO);
	sigaddset(&block, SIGRTMIN + 1);
	sigprocmask(SIG_BLOCK, &block, &old);
	sigdelset(&old, SIGIO);
	struct sigaction sa = {.sa_sigaction = onbreak, .sa_flags = SA_SIGINFO};
	sigaction(SIGIO, &sa, NULL);
	hfd = open(path, O_RDONLY);
	res("holder: F_SETSIG SIGIO", fcntl(hfd, F_SETSIG, SIGIO));
	res("holder: F_SETLEASE F_WRLCK", fcntl(hfd, F_SETLEASE, F_WRLCK));
	say(h2p[1]);

	// The parent opens for reading.
	while (!hsig)
		sigsuspend(&old);
	printf("holder: handler: SIGIO %d, si_code %d (POLL_MSG %d), si_band %#lx, si_fd the lease's %d\n", hsig == SIGIO,
	       (int)hcode, POLL_MSG, hband, (int)hfdok);
	printf("holder: handler: F_GETLEASE %s, F_SETLEASE F_RDLCK %d\n", kind(htarget), (int)hdown);
	get("holder: F_GETLEASE after the downgrade", hfd);
	signal(SIGIO, SIG_DFL);
	say(h2p[1]);

	hear(p2h[0]); // opened for reading, renamed, linked and unlinked
	get("holder: F_GETLEASE after them", hfd);
	res("holder: F_SETSIG 0", fcntl(hfd, F_SETSIG, 0));
	say(h2p[1]);

	hear(p2h[0]); // a refused O_NONBLOCK open for writing
	wait1(SIGIO);
	get("holder: F_GETLEASE", hfd);
	res("holder: F_SETLEASE F_RDLCK", fcntl(hfd, F_SETLEASE, F_RDLCK));
	get("holder: F_GETLEASE", hfd);
	res("holder: F_SETOWN 1", fcntl(hfd, F_SETOWN, 1));
	res("holder: F_SETSIG SIGRTMIN+1", fcntl(hfd, F_SETSIG, SIGRTMIN + 1));
	res("holder: F_SETLEASE F_UNLCK", fcntl(hfd, F_SETLEASE, F_UNLCK));
	res("holder: F_GETOWN", fcntl(hfd, F_GETOWN));
	res("holder: F_GETSIG", fcntl(hfd, F_GETSIG));
	res("holder: F_SETLEASE F_RDLCK", fcntl(hfd, F_SETLEASE, F_RDLCK));
	printf("holder: F_GETOWN is the holder: %d\n", fcntl(hfd, F_GETOWN) == getpid());
	res("holder: F_SETSIG SIGRTMIN+1", fcntl(hfd, F_SETSIG, SIGRTMIN + 1));
	say(h2p[1]);

	// The parent opens for writing and waits.
	wait1(SIGRTMIN + 1);
	get("holder: F_GETLEASE", hfd);
	fflush(stdout);
	kill(getppid(), SIGUSR1);
	hear(p2h[0]); // EINTR, and the parent opens again
	res("holder: F_SETLEASE F_UNLCK", fcntl(hfd, F_SETLEASE, F_UNLCK));
	say(h2p[1]);
	hear(p2h[0]); // opened
	sigset_t pend;
	sigpending(&pend);
	printf("holder: a second break signal: %d\n", sigismember(&pend, SIGRTMIN + 1));
	res("holder: F_SETLEASE F_RDLCK", fcntl(hfd, F_SETLEASE, F_RDLCK));
	say(h2p[1]);

	// The parent truncates.
	wait1(SIGIO);
	get("holder: F_GETLEASE", hfd);
	fflush(stdout);
	res("holder: F_SETLEASE F_UNLCK", fcntl(hfd, F_SETLEASE, F_UNLCK));
	say(h2p[1]);

	// Opens for reading with O_TRUNC, then execve.
	hear(p2h[0]); // the file written again
	lease(F_RDLCK);
	say(h2p[1]);
	hear(p2h[0]); // opened O_RDONLY|O_TRUNC
	unbroken();
	lease(F_UNLCK);
	say(h2p[1]);
	hear(p2h[0]); // the file written again
	lease(F_WRLCK);
	say(h2p[1]);
	hear(p2h[0]); // refused: no write permission
	unbroken();
	say(h2p[1]);
	hear(p2h[0]); // refused: O_NONBLOCK
	wait1(SIGIO);
	printf("holder: size at the break %ld\n", size(path));
	get("holder: F_GETLEASE", hfd);
	lease(F_RDLCK);
	say(h2p[1]);
	hear(p2h[0]); // opened O_RDONLY|O_TRUNC after the downgrade
	lease(F_UNLCK);
	say(h2p[1]);
	hear(p2h[0]); // the file written, made executable
	lease(F_WRLCK);
	say(h2p[1]);
	hear(p2h[0]); // execve
	wait1(SIGIO);
	get("holder: F_GETLEASE", hfd);
	lease(F_RDLCK);
	say(h2p[1]);
	hear(p2h[0]); // execve again, with the read lease
	unbroken();
	lease(F_UNLCK);
	say(h2p[1]);

	hear(p2h[0]); // the file written again
	res("holder: F_SETLEASE F_RDLCK", fcntl(hfd, F_SETLEASE, F_RDLCK));
	say(h2p[1]);
	hear(p2h[0]); // a refused O_NONBLOCK|O_TRUNC open, then a blocking one
	wait1(SIGIO);
	fflush(stdout);
	_exit(0); // the lease goes with the description
}

/* expire is the "expire" mode: the breaks are ignored. */
static int expire(const char *path) {
	sigset_t block;
	sigemptyset(&block);
	sigaddset(&block, SIGIO);
	sigprocmask(SIG_BLOCK, &block, NULL);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		hfd = open(path, O_RDONLY);
		res("holder: F_SETLEASE F_WRLCK", fcntl(hfd, F_SETLEASE, F_WRLCK));
		say(h2p[1]);
		hear(p2h[0]); // the parent has opened for reading
		get("holder: F_GETLEASE", hfd);
		res("holder: F_SETSIG SIGIO", fcntl(hfd, F_SETSIG, SIGIO));
		say(h2p[1]);
		hear(p2h[0]); // the parent has opened for writing
		get("holder: F_GETLEASE", hfd);
		res("holder: F_GETSIG", fcntl(hfd, F_GETSIG));
		sigset_t pend;
		sigpending(&pend);
		printf("holder: SIGIO pending: %d\n", sigismember(&pend, SIGIO));
		fflush(stdout);
		_exit(0);
	}
	hear(h2p[0]);
	int r = open(path, O_RDONLY);
	res("open for reading, after the break time", r >= 0 ? 0 : -1);
	say(p2h[1]);
	hear(h2p[0]);
	int w = open(path, O_WRONLY);
	res("open for writing, after the break time", w >= 0 ? 0 : -1);
	say(p2h[1]);
	int st;
	waitpid(pid, &st, 0);
	printf("holder: exit %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	unlink(path);
	return 0;
}

/* refill writes "data" over the file at path (opened for writing: no
 * lease may be held then). */
static void refill(const char *path) {
	int w = open(path, O_WRONLY);
	if (w < 0 || write(w, "data", 4) != 4)
		exit(4);
	close(w);
}

/* turn lets the holder act (a byte to it) and waits for its answer. */
static void turn(void) {
	say(p2h[1]);
	hear(h2p[0]);
}

/* opened prints whether open's result r is a descriptor (closing it)
 * and the size of the file at path then. */
static void opened(const char *what, const char *path, int r) {
	res(what, r >= 0 ? 0 : -1);
	if (r >= 0)
		close(r);
	printf("size %ld\n", size(path));
}

int main(int argc, char **argv) {
	char path[] = "/tmp/ppc64emu-leasebreak-XXXXXX";
	int w = mkstemp(path);
	if (w < 0 || write(w, "data", 4) != 4)
		return 1;
	close(w);
	if (pipe(p2h) || pipe(h2p))
		return 1;
	if (argc > 1 && strcmp(argv[1], "expire") == 0)
		return expire(path);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0)
		holder(path);
	hear(h2p[0]); // the holder has a write lease

	int r = open(path, O_RDONLY);
	hear(h2p[0]); // after the holder's downgrade
	res("open for reading, after the downgrade", r >= 0 ? 0 : -1);
	int r2 = open(path, O_RDONLY);
	res("open for reading again", r2 >= 0 ? 0 : -1);
	char other[64];
	snprintf(other, sizeof other, "%s.b", path);
	res("rename", rename(path, other));
	res("rename back", rename(other, path));
	res("link", link(path, other));
	res("unlink", unlink(other));
	close(r);
	close(r2);
	say(p2h[1]);
	hear(h2p[0]);

	res("open for writing, O_NONBLOCK", open(path, O_WRONLY | O_NONBLOCK));
	say(p2h[1]);
	hear(h2p[0]); // the holder has a read lease again

	struct sigaction sa = {.sa_handler = onusr1};
	sigaction(SIGUSR1, &sa, NULL);
	res("open for writing, interrupted", open(path, O_WRONLY));
	say(p2h[1]);
	w = open(path, O_WRONLY);
	close(w);
	say(p2h[1]);
	hear(h2p[0]); // released
	hear(h2p[0]); // the holder has a read lease again
	res("open for writing again, after the release", w >= 0 ? 0 : -1);

	int t = truncate(path, 2);
	hear(h2p[0]);
	res("truncate, after the release", t);
	printf("size %ld\n", size(path));

	// O_RDONLY|O_TRUNC: a reader's break (a read lease stays), the
	// write permission checked before it, the truncation after it.
	refill(path);
	turn(); // the holder has a read lease
	opened("open O_RDONLY|O_TRUNC, a read lease", path, open(path, O_RDONLY | O_TRUNC));
	turn();
	refill(path);
	turn(); // the holder has a write lease
	chmod(path, 0444);
	dac(0);
	res("open O_RDONLY|O_TRUNC, no write permission", open(path, O_RDONLY | O_TRUNC | O_NONBLOCK));
	dac(1);
	chmod(path, 0600);
	turn();
	res("open O_RDONLY|O_TRUNC|O_NONBLOCK", open(path, O_RDONLY | O_TRUNC | O_NONBLOCK));
	printf("size %ld\n", size(path));
	say(p2h[1]);
	r = open(path, O_RDONLY | O_TRUNC);
	hear(h2p[0]);
	opened("open O_RDONLY|O_TRUNC, after the downgrade", path, r);
	turn();

	// execve's open: a reader's break. The file is no program: ENOEXEC
	// once the open is made.
	refill(path);
	chmod(path, 0700);
	turn(); // the holder has a write lease
	say(p2h[1]);
	char *argv0[] = {path, NULL};
	long x = syscall(SYS_execve, path, argv0, environ);
	hear(h2p[0]);
	res("execve, after the downgrade", x);
	x = syscall(SYS_execve, path, argv0, environ);
	res("execve, a read lease", x);
	turn();
	chmod(path, 0600);
	refill(path);
	say(p2h[1]);
	hear(h2p[0]);
	res("open O_WRONLY|O_TRUNC|O_NONBLOCK", open(path, O_WRONLY | O_TRUNC | O_NONBLOCK));
	printf("size %ld\n", size(path));
	say(p2h[1]);
	w = open(path, O_WRONLY | O_TRUNC);
	int st;
	waitpid(pid, &st, 0);
	res("open O_WRONLY|O_TRUNC, after the holder's exit", w >= 0 ? 0 : -1);
	printf("size %ld\n", size(path));
	printf("holder: exit %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	unlink(path);
	return 0;
}
