/* uncaught: each guest process killed by a signal whose default action
 * dumps core. qemu-user 7.2, where every guest process is a host process,
 * writes "qemu: uncaught target signal N (Name) - core dumped" on that
 * process's own standard error (its descriptor 2, whatever the process
 * made of it) when its soft RLIMIT_CORE is 0, for SIGQUIT, SIGILL,
 * SIGTRAP, SIGABRT, SIGBUS, SIGFPE and SIGSEGV, and nothing for SIGSYS,
 * SIGXCPU, SIGXFSZ or a limit above 0 (it writes its core file then);
 * Linux writes nothing. ppc64emu run writes the same line with its own
 * name. Each child here dies so with its descriptor 2 left as it is (the
 * line on the run's stderr, which TestCorpus compares), made a pipe that
 * the parent reads back (printed without the line's first word, the
 * emulator's name), or closed; a child with a limit of 4096 runs in a
 * directory of its own under /tmp, emptied and removed, where qemu-user
 * leaves its core files. Then the first process itself dies of SIGABRT
 * with RLIMIT_CORE 0 (its line on the run's stderr). Compared with
 * qemu-user live. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "coredir.h"

static void setcore(rlim_t soft) {
	struct rlimit r;
	getrlimit(RLIMIT_CORE, &r);
	r.rlim_cur = soft < r.rlim_max ? soft : r.rlim_max;
	setrlimit(RLIMIT_CORE, &r);
}

static void unblockraise(int sig) {
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, sig);
	signal(sig, SIG_DFL);
	sigprocmask(SIG_UNBLOCK, &s, 0);
	raise(sig);
}

enum { asis, piped, closed };
static const char *hows[] = {"stderr as is", "stderr a pipe", "stderr closed"};

static void child(int sig, rlim_t soft, int how) {
	char dir[] = "/tmp/uncaughtXXXXXX";
	if (soft && !mkdtemp(dir)) {
		perror("mkdtemp");
		return;
	}
	int p[2];
	if (pipe(p) < 0) {
		perror("pipe");
		return;
	}
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid == 0) {
		setcore(soft);
		if (soft && chdir(dir) < 0)
			_exit(1);
		if (how == piped)
			dup2(p[1], 2);
		if (how == closed)
			close(2);
		close(p[0]);
		close(p[1]);
		unblockraise(sig);
		_exit(2);
	}
	close(p[1]);
	char buf[512];
	size_t n = 0;
	ssize_t r;
	while (n < sizeof buf - 1 && (r = read(p[0], buf + n, sizeof buf - 1 - n)) > 0)
		n += r;
	buf[n] = 0;
	close(p[0]);
	int st;
	waitpid(pid, &st, 0);
	if (soft)
		emptydir(dir);
	char *rest = strchr(buf, ' ');
	printf("signal %d, RLIMIT_CORE %lu, %s: killed by %d; descriptor 2 got %s\n", sig, (unsigned long)soft, hows[how],
	       WIFSIGNALED(st) ? WTERMSIG(st) : -1, n ? (rest ? rest + 1 : buf) : "nothing\n");
}

int main(void) {
	int sigs[] = {SIGSEGV, SIGABRT, SIGBUS, SIGQUIT, SIGFPE, SIGSYS, SIGXFSZ, SIGTERM};
	for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		child(sigs[i], 0, piped);
	child(SIGSEGV, 0, asis);
	child(SIGSEGV, 0, closed);
	child(SIGABRT, 4096, piped);
	child(SIGSEGV, 4096, asis);
	fflush(stdout);
	setcore(0);
	unblockraise(SIGABRT);
	return 3;
}
