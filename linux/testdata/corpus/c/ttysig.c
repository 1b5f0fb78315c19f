/* The signals a terminal's line discipline sends, on a pseudo-terminal a
 * new session acquired (by open without O_NOCTTY): the INTR, QUIT and SUSP
 * characters written to the master give the foreground group SIGINT,
 * SIGQUIT and SIGTSTP (caught: a session leader's group is orphaned, so
 * the default action would discard it), TIOCSWINSZ on the master SIGWINCH,
 * and the master's close (a hangup) the session leader SIGHUP and
 * SIGCONT; the child's /proc/PID/stat names the terminal and its
 * foreground group. The child tells the parent what it got through a pipe; only
 * the parent prints. Compared with qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include "res.h"

static volatile sig_atomic_t caught[65];
static void on_sig(int sig) { caught[sig]++; }

static int up[2];

static void await(int sig, char tell) {
	sigset_t none;
	sigemptyset(&none);
	while (!caught[sig])
		sigsuspend(&none);
	write(up[1], &tell, 1);
}

static void child(int m) {
	sigset_t set;
	sigemptyset(&set);
	int sigs[] = {SIGINT, SIGQUIT, SIGWINCH, SIGHUP, SIGCONT, SIGTSTP};
	for (int i = 0; i < 6; i++) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_sig;
		sigaction(sigs[i], &sa, NULL);
		sigaddset(&set, sigs[i]);
	}
	sigprocmask(SIG_BLOCK, &set, NULL);
	setsid();
	const char *name = ptsname(m);
	close(m);
	int s = open(name, O_RDWR);
	char r = tcgetpgrp(s) == getpgrp() ? 'r' : 'x';
	write(up[1], &r, 1);
	await(SIGINT, 'i');
	await(SIGQUIT, 'q');
	await(SIGWINCH, 'w');
	await(SIGTSTP, 'z');
	await(SIGHUP, 'h');
	char counts[2] = {'0' + caught[SIGHUP], '0' + caught[SIGCONT]};
	write(up[1], counts, 2);
	_exit(0);
}

static char next(void) {
	char c = '?';
	if (read(up[0], &c, 1) != 1)
		return '-';
	return c;
}

int main(void) {
	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(20);
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	grantpt(m);
	unlockpt(m);
	pipe(up);
	fflush(stdout);
	pid_t p = fork();
	if (p == 0)
		child(m);
	close(up[1]);
	printf("child has the terminal, in the foreground: %c\n", next());
	/* /proc/PID/stat's tty_nr (new_encode_dev of the slave) and tpgid. */
	char path[64], line[512];
	snprintf(path, sizeof path, "/proc/%d/stat", p);
	FILE *f = fopen(path, "r");
	unsigned long nr = 0;
	long tpgid = 0;
	if (f && fgets(line, sizeof line, f)) {
		char *q = strrchr(line, ')');
		sscanf(q + 2, "%*c %*d %*d %*d %lu %ld", &nr, &tpgid);
	}
	if (f)
		fclose(f);
	struct stat sb;
	stat(ptsname(m), &sb);
	unsigned long want = (minor(sb.st_rdev) & 0xff) | (major(sb.st_rdev) << 8) | ((minor(sb.st_rdev) & ~0xffUL) << 12);
	printf("  its /proc/PID/stat: tty_nr is the slave's %d, tpgid is its pid %d\n", nr == want, tpgid == p);
	res("write INTR", write(m, "\003", 1));
	printf("  got: %c\n", next());
	res("write QUIT", write(m, "\034", 1));
	printf("  got: %c\n", next());
	struct winsize ws = {.ws_row = 30, .ws_col = 100};
	res("TIOCSWINSZ on the master", ioctl(m, TIOCSWINSZ, &ws));
	printf("  got: %c\n", next());
	res("write SUSP", write(m, "\032", 1));
	printf("  got: %c\n", next());
	int st;
	res("close the master", close(m));
	char h = next(), hup = next(), cont = next();
	printf("  got: %c, SIGHUP %c times, SIGCONT %c times\n", h, hup, cont);
	waitpid(p, &st, 0);
	printf("child exited %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	return 0;
}
