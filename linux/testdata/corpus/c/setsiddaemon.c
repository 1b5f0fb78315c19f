/* A daemon's setsid while its parent stays in the caller's session: a
   forked child calls setsid (and a grandchild after a double fork) while
   the parent and a sibling keep the original session and group. Checked:
   getsid/getpgid of each from each side, setpgid across sessions (EPERM),
   the new session's lack of a controlling terminal (TIOCGPGRP, TIOCGSID,
   TIOCSCTTY on a non-terminal ENOTTY, TIOCNOTTY ENOTTY, /dev/tty ENXIO),
   /proc/PID/stat's pgrp, session, tty_nr and tpgid of the new session's
   members (as relations to their pids), kill(-pgid) of the new group
   reaching its members only, and the orphaned group's SIGHUP and SIGCONT
   when the session leader ends while the grandchild, stopped in a group of
   its own, stays (Linux's kill_orphaned_pgrp; the leader's own group is
   orphaned from the start, its parent being of another session). Pids are printed only as relations; events are
   ordered by pipes, wait and waitid's WNOWAIT. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *en(int r) {
	static char b[64];
	if (r >= 0) return "ok";
	snprintf(b, sizeof b, "%s", strerrorname_np(errno));
	return b;
}

/* Fields 5-8 of /proc/PID/stat (pgrp, session, tty_nr, tpgid), the first
   as a relation to pid, the second to the session leader's. Read by another process:
   qemu-user answers a process's own /proc/self/stat with zeros there. */
static void statrel(const char *who, pid_t pid, pid_t leader) {
	char path[64], buf[1024];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		printf("%s stat: open %s\n", who, en(-1));
		return;
	}
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0) {
		printf("%s stat: read failed\n", who);
		return;
	}
	buf[n] = 0;
	char *p = strrchr(buf, ')');
	char state;
	int ppid, pgrp, sess, tty, tpgid;
	if (!p || sscanf(p + 2, "%c %d %d %d %d %d", &state, &ppid, &pgrp, &sess, &tty, &tpgid) != 6) {
		printf("%s stat: unparsed\n", who);
		return;
	}
	printf("%s stat: pgrp==pid %d, session==leader %d, tty_nr %d, tpgid %d\n", who,
	       pgrp == pid, sess == leader, tty, tpgid);
}

static void ttycalls(const char *who) {
	/* A pipe is no terminal: these are ENOTTY whatever the session. */
	int pfd[2];
	if (pipe(pfd) != 0) return;
	pid_t g;
	printf("%s TIOCGPGRP pipe: %s\n", who, en(ioctl(pfd[0], TIOCGPGRP, &g)));
	printf("%s TIOCGSID pipe: %s\n", who, en(ioctl(pfd[0], TIOCGSID, &g)));
	printf("%s TIOCSCTTY pipe: %s\n", who, en(ioctl(pfd[0], TIOCSCTTY, 0)));
	close(pfd[0]);
	close(pfd[1]);
	/* With no controlling terminal: /dev/tty is ENXIO and TIOCNOTTY on a
	   non-terminal ENOTTY. */
	int t = open("/dev/tty", O_RDWR | O_NOCTTY);
	printf("%s open /dev/tty: %s\n", who, en(t));
	if (t >= 0) close(t);
	int nul = open("/dev/null", O_RDWR);
	printf("%s TIOCNOTTY /dev/null: %s\n", who, en(ioctl(nul, TIOCNOTTY)));
	close(nul);
}

static void show(const char *what, int st) {
	if (WIFEXITED(st)) printf("%s: exited %d\n", what, WEXITSTATUS(st));
	else if (WIFSIGNALED(st)) printf("%s: killed by %s\n", what, sigabbrev_np(WTERMSIG(st)));
	else if (WIFSTOPPED(st)) printf("%s: stopped by %s\n", what, sigabbrev_np(WSTOPSIG(st)));
}

static volatile sig_atomic_t got_hup, got_cont;
static void on_hup(int s) { (void)s; got_hup = 1; }
static void on_cont(int s) { (void)s; got_cont = 1; }

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	pid_t me = getpid();
	/* A group of our own, so that kill(0) reaches no process of the
	   caller's. */
	if (setpgid(0, 0) != 0) printf("setpgid: %s\n", en(-1));
	pid_t mysid = getsid(0), mypg = getpgrp();

	/* A sibling that stays in the caller's session and group. */
	int sib[2];
	if (pipe(sib) != 0) return 1;
	pid_t s = fork();
	if (s == 0) {
		char c;
		close(sib[1]);
		signal(SIGUSR1, SIG_DFL);
		read(sib[0], &c, 1);
		_exit(getsid(0) == mysid && getpgrp() == mypg ? 7 : 8);
	}
	close(sib[0]);

	/* The daemon: fork, setsid, fork again; the middle one reports. */
	int up[2], go[2], gup[2], done[2];
	if (pipe(up) != 0 || pipe(go) != 0 || pipe(gup) != 0 || pipe(done) != 0) return 1;
	pid_t c = fork();
	if (c == 0) {
		close(up[0]);
		close(go[1]);
		close(done[0]);
		pid_t sid = setsid();
		printf("child: setsid==pid %d, getsid==pid %d, getpgrp==pid %d, getppid==parent %d\n",
		       sid == getpid(), getsid(0) == getpid(), getpgrp() == getpid(), getppid() == me);
		printf("child: getsid(parent)==parent's session %d, getpgid(parent)==parent's group %d\n",
		       getsid(me) == mysid, getpgid(me) == mypg);
		printf("child: setsid again: %s\n", en(setsid()));
		printf("child: setpgid into parent's group: %s\n", en(setpgid(0, mypg)));
		ttycalls("child");
		/* The grandchild: in the child's session and group. */
		pid_t g = fork();
		if (g == 0) {
			close(up[1]);
			close(gup[0]);
			pid_t leader = getppid();
			signal(SIGHUP, on_hup);
			signal(SIGCONT, on_cont);
			printf("grandchild: getsid==child %d, getpgrp==child %d\n",
			       getsid(0) == leader, getpgrp() == leader);
			/* A group of its own in the child's session: not orphaned
			   while the child, its parent, lives. */
			const char *r = en(setpgid(0, 0));
			printf("grandchild: setpgid(0, 0): %s, getsid==child %d, getpgrp==pid %d\n",
			       r, getsid(0) == leader, getpgrp() == getpid());
			write(gup[1], "g", 1);
			/* Stop; the group's orphaning gives SIGHUP then SIGCONT. */
			raise(SIGSTOP);
			printf("grandchild: after stop: hup %d, cont %d, session==old leader %d, pgrp==pid %d, parent==old leader %d\n",
			       (int)got_hup, (int)got_cont, getsid(0) == leader, getpgrp() == getpid(), getppid() == leader);
			_exit(0);
		}
		close(gup[1]);
		close(done[1]);
		char b;
		read(gup[0], &b, 1);
		/* Wait for the grandchild's stop, leave it stopped. */
		siginfo_t si;
		memset(&si, 0, sizeof si);
		int r = waitid(P_PID, g, &si, WSTOPPED | WNOWAIT);
		printf("child: grandchild stopped: %s, pid %d, code %s\n", en(r), si.si_pid == g,
		       si.si_code == CLD_STOPPED ? "CLD_STOPPED" : "other");
		write(up[1], &g, sizeof g);
		/* Wait for the parent's checks, then end: the grandchild's group
		   is orphaned (its one member's parent becomes a process of
		   another session) with a stopped member. */
		read(go[0], &b, 1);
		_exit(3);
	}
	close(up[1]);
	close(go[0]);
	close(gup[0]);
	close(gup[1]);
	close(done[1]);
	pid_t g;
	if (read(up[0], &g, sizeof g) != sizeof g) return 1;

	printf("parent: getsid unchanged %d, getpgrp unchanged %d\n", getsid(0) == mysid, getpgrp() == mypg);
	printf("parent: getsid(child)==child %d, getpgid(child)==child %d\n", getsid(c) == c, getpgid(c) == c);
	printf("parent: getsid(grandchild)==child %d, getpgid(grandchild)==grandchild %d\n",
	       getsid(g) == c, getpgid(g) == g);
	printf("parent: setpgid(child, own group): %s\n", en(setpgid(c, mypg)));
	printf("parent: setpgid(child, child): %s\n", en(setpgid(c, c)));
	statrel("parent sees child", c, c);
	statrel("parent sees grandchild", g, c);

	/* The daemon's group can be signalled (SIGWINCH: ignored by default);
	   a kill of the parent's own group no longer reaches the daemon:
	   SIGUSR1 kills the sibling, which has the default action, and the
	   parent ignores it. */
	printf("parent: kill(-child, 0): %s\n", en(kill(-c, 0)));
	printf("parent: kill(-child, SIGWINCH): %s\n", en(kill(-c, SIGWINCH)));
	signal(SIGUSR1, SIG_IGN);
	printf("parent: kill(0, SIGUSR1): %s\n", en(kill(0, SIGUSR1)));
	int st;
	waitpid(s, &st, 0);
	show("sibling", st);
	close(sib[1]);

	/* Let the child end: its grandchild's group is orphaned. */
	write(go[1], "x", 1);
	waitpid(c, &st, 0);
	/* The grandchild is no child of ours: its end closes the last write
	   end of done. */
	char b;
	ssize_t n = read(done[0], &b, 1);
	show("child", st);
	printf("parent: grandchild's end: read %zd\n", n);
	return 0;
}
