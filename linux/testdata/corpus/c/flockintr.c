/* A blocking flock(2) waits interruptibly, as Linux's: the parent holds an
   exclusive lock; its child, on its own open file description of the same
   file, asks for it too. An alarm's handler without SA_RESTART makes the
   call fail with EINTR; with SA_RESTART the call goes on after the handler,
   which tells the parent (a byte on a pipe) to let the lock go, and then
   succeeds. The runner's host flock waited where no guest signal reached
   it (the child hung, and a SIGTERM to the runner with it). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

static int tell = -1;
static volatile sig_atomic_t ran;

static void onalarm(int s) {
	(void)s;
	ran++;
	if (tell >= 0)
		write(tell, "u", 1);
}

static void child(const char *path, int restart, int w) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onalarm;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigaction(SIGALRM, &sa, NULL);
	if (restart)
		tell = w;
	int fd = open(path, O_RDWR);
	if (fd < 0)
		_exit(2);
	printf("nonblocking: %d", flock(fd, LOCK_EX | LOCK_NB));
	printf(" %s\n", errno == EWOULDBLOCK ? "EWOULDBLOCK" : strerror(errno));
	alarm(1);
	errno = 0;
	int r = flock(fd, LOCK_EX);
	printf("%s: flock %d (%s), handler ran %d\n", restart ? "SA_RESTART" : "no SA_RESTART", r,
	       r ? (errno == EINTR ? "EINTR" : strerror(errno)) : "locked", (int)ran);
	fflush(stdout);
	_exit(0);
}

int main(void) {
	char path[] = "/tmp/flockintr.XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0 || flock(fd, LOCK_EX))
		return 1;
	for (int restart = 0; restart < 2; restart++) {
		int p[2];
		if (pipe(p))
			return 1;
		fflush(stdout);
		pid_t pid = fork();
		if (pid == 0) {
			close(p[0]);
			child(path, restart, p[1]);
		}
		close(p[1]);
		char c;
		if (restart && read(p[0], &c, 1) == 1) /* the handler ran: let go */
			flock(fd, LOCK_UN);
		int st;
		waitpid(pid, &st, 0);
		close(p[0]);
		printf("child exited %d\n", WEXITSTATUS(st));
	}
	unlink(path);
	return 0;
}
