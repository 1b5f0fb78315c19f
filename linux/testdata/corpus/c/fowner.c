/* fcntl's owner and signal of an open file description (fs/fcntl.c), as
 * socat's filan prints them: F_GETOWN, F_GETOWN_EX and F_GETSIG of a new
 * pipe (0, F_OWNER_TID 0, 0); F_SETOWN of the process, of its process
 * group (read back negative, through glibc's F_GETOWN_EX and the raw
 * call), F_SETOWN_EX of the thread; shared by a dup and with a forked
 * child, an owner the child sets on an inherited description that had
 * none seen by the parent; a description of its own for a pipe made
 * after; F_SETSIG kept per description; the refusals (INT_MIN EINVAL, no
 * such process ESRCH, an unknown F_SETOWN_EX kind EINVAL, a negative
 * pid ESRCH, bad pointers EFAULT, a signal above 64 EINVAL, a bad or
 * O_PATH descriptor EBADF), each leaving the owner as it was. Process
 * ids are printed as what they are (self, group, child), not as numbers.
 * Not O_ASYNC's signal (sigio.c). Not F_SETSIG 63 or 64:
 * Linux takes it (valid_signal), qemu-user 7.2 answers EINVAL (it keeps
 * the host's last real-time signals for itself). Compared with qemu-user. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t self, group, child;

static const char *who(long v) {
	static char buf[32];
	if (v == 0)
		return "0";
	if (v == self)
		return "self";
	if (v == -group)
		return "-group";
	if (v == child)
		return "child";
	snprintf(buf, sizeof buf, "other %ld", v);
	return buf;
}

static void res(const char *what, long r) {
	if (r < 0)
		printf("%s: -1 %s\n", what, strerror(errno));
	else
		printf("%s: %ld\n", what, r);
}

static void owner(const char *what, int fd) {
	struct f_owner_ex ex = {-1, -1};
	errno = 0;
	long raw = syscall(SYS_fcntl, fd, F_GETOWN);
	int e1 = errno;
	int lib = fcntl(fd, F_GETOWN);
	long r = fcntl(fd, F_GETOWN_EX, &ex);
	printf("%s: F_GETOWN %s", what, e1 ? strerror(e1) : who(raw));
	printf(", glibc %s", who(lib));
	if (r < 0)
		printf(", F_GETOWN_EX %s\n", strerror(errno));
	else
		printf(", F_GETOWN_EX type %d pid %s\n", ex.type, who(ex.type == F_OWNER_PGRP ? -ex.pid : ex.pid));
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	self = getpid();
	group = getpgrp();
	int p[2];
	pipe(p);
	owner("new pipe", p[0]);
	res("F_GETSIG new pipe", fcntl(p[0], F_GETSIG));

	res("F_SETOWN self", fcntl(p[0], F_SETOWN, self));
	owner("owned by self", p[0]);
	owner("the write end", p[1]);
	int d = dup(p[0]);
	owner("a dup", d);
	res("F_SETOWN -group", fcntl(p[0], F_SETOWN, -group));
	owner("owned by the group", d);

	struct f_owner_ex ex = {F_OWNER_TID, (pid_t)syscall(SYS_gettid)};
	res("F_SETOWN_EX thread", fcntl(p[0], F_SETOWN_EX, &ex));
	owner("owned by the thread", p[0]);

	/* Refusals change nothing. */
	res("F_SETOWN INT_MIN", fcntl(p[0], F_SETOWN, INT_MIN));
	res("F_SETOWN no such process", fcntl(p[0], F_SETOWN, 0x3ffffff0));
	res("F_SETOWN no such group", fcntl(p[0], F_SETOWN, -0x3ffffff0));
	ex.type = 3;
	res("F_SETOWN_EX kind 3", fcntl(p[0], F_SETOWN_EX, &ex));
	ex.type = F_OWNER_PID;
	ex.pid = -5;
	res("F_SETOWN_EX pid -5", fcntl(p[0], F_SETOWN_EX, &ex));
	res("F_SETOWN_EX bad pointer", syscall(SYS_fcntl, p[0], F_SETOWN_EX, (void *)16));
	res("F_GETOWN_EX bad pointer", syscall(SYS_fcntl, p[0], F_GETOWN_EX, (void *)16));
	res("F_SETOWN bad descriptor", fcntl(999, F_SETOWN, self));
	res("F_GETOWN bad descriptor", syscall(SYS_fcntl, 999, F_GETOWN));
	owner("after the refusals", p[0]);
	int opath = open("/", O_PATH);
	res("F_GETOWN O_PATH", syscall(SYS_fcntl, opath, F_GETOWN));
	res("F_SETOWN O_PATH", fcntl(opath, F_SETOWN, self));
	res("F_GETSIG O_PATH", fcntl(opath, F_GETSIG));

	res("F_SETOWN 0", fcntl(p[0], F_SETOWN, 0));
	owner("owned by nobody", p[0]);

	/* Signals. */
	res("F_SETSIG 35", fcntl(p[0], F_SETSIG, 35));
	res("F_GETSIG", fcntl(p[0], F_GETSIG));
	res("F_GETSIG of the dup", fcntl(d, F_GETSIG));
	res("F_GETSIG of the write end", fcntl(p[1], F_GETSIG));
	res("F_SETSIG 65", fcntl(p[0], F_SETSIG, 65));
	res("F_SETSIG -1", fcntl(p[0], F_SETSIG, -1));
	res("F_GETSIG after", fcntl(p[0], F_GETSIG));
	res("F_SETSIG 45", fcntl(p[0], F_SETSIG, 45));
	res("F_GETSIG", fcntl(p[0], F_GETSIG));
	res("F_SETSIG 0", fcntl(p[0], F_SETSIG, 0));

	/* Forked: the description is shared. The child stays until the
	 * parent has looked (Linux 6.5 and later read a dead owner as 0,
	 * 6.1 as its id). */
	int q[2], ready[2], done[2];
	pipe(q);
	pipe(ready);
	pipe(done);
	res("F_SETOWN self", fcntl(p[0], F_SETOWN, self));
	child = fork();
	if (child == 0) {
		child = getpid();
		owner("child: inherited", p[0]);
		fcntl(p[0], F_SETOWN, child);
		fcntl(q[0], F_SETOWN, child); /* had none: a new record */
		fcntl(q[1], F_SETSIG, 40);
		int r[2];
		pipe(r);
		owner("child: its own pipe", r[0]);
		char c = 'r';
		write(ready[1], &c, 1);
		read(done[0], &c, 1);
		_exit(0);
	}
	char c;
	read(ready[0], &c, 1);
	owner("parent: after the child set it", p[0]);
	owner("parent: the other pipe", q[0]);
	res("parent: the other pipe's write end F_GETSIG", fcntl(q[1], F_GETSIG));
	int r[2];
	pipe(r);
	owner("parent: a new pipe", r[0]);
	write(done[1], &c, 1);
	int st;
	waitpid(child, &st, 0);
	res("F_SETOWN -group", fcntl(q[0], F_SETOWN, -group));
	owner("parent: the other pipe after the child", q[0]);
	return 0;
}
