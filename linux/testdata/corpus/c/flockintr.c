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
#include "alarmtell.h"

static void child(const char *path, int restart, int w) {
	catch(restart, w);
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
		int t;
		pid_t pid = forktold(&t);
		if (pid < 0)
			return 1;
		if (pid == 0)
			child(path, restart, t);
		if (restart && told(t)) /* the handler ran: let go */
			flock(fd, LOCK_UN);
		reap(pid, t);
	}
	unlink(path);
	return 0;
}
