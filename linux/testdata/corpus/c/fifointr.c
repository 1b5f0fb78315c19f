/* A blocking open(2) of a FIFO with no peer waits interruptibly, as
   Linux's wait_for_partner: a child opens a FIFO nobody has open, for
   reading and then for writing. A periodic timer's handler without
   SA_RESTART makes the open fail with EINTR; with SA_RESTART the open
   goes on after each handler, the first of which tells the parent (a byte
   on a pipe) to open the other end, and then succeeds; the data written
   through it arrives. A non-blocking open for writing with no reader is
   ENXIO, one for reading succeeds at once. The runner's host open waited
   where no guest signal reached it (the child hung, and a SIGTERM to the
   runner with it). With an argument (a path, linux/hostsignal_test.go),
   the program makes a FIFO there, writes one byte (the handshake) and
   opens the FIFO for ever: a SIGTERM must end it. Last, the parent opens
   the other end (its open returns once the child's has begun) and only
   then sends SIGALRM (a handler without SA_RESTART): the child's open
   succeeds all the same, as Linux's wait_for_partner returns success
   once the partner has come, whatever signal is pending. The runner lost
   such an open under load (it killed the process making it for the
   signal), and the peer read end of file. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include "alarmtell.h"

static const char *name(int mode) { return mode == O_RDONLY ? "O_RDONLY" : "O_WRONLY"; }

static void child(const char *path, int mode, int restart, int w) {
	catch(restart, w);
	timer(100000);
	errno = 0;
	int fd = open(path, mode);
	int e = errno;
	timer(0);
	printf("%s %s: open %s (%s), handler ran %s\n", name(mode), restart ? "SA_RESTART" : "no SA_RESTART",
	       fd < 0 ? "-1" : "ok", fd < 0 ? (e == EINTR ? "EINTR" : strerror(e)) : "opened", ran ? "yes" : "no");
	if (fd >= 0) {
		char b[8] = {0};
		if (mode == O_RDONLY)
			printf("read %zd \"%s\"\n", read(fd, b, sizeof b - 1), b);
		else
			printf("wrote %zd\n", write(fd, "child", 5));
		close(fd);
	}
	fflush(stdout);
	_exit(0);
}

/* peer is the parent's side of the FIFO the child opened with mode: it
   writes to the child reading, reads from the child writing, and closes o
   (nothing if the open failed, o < 0). */
static void peer(int o, int mode) {
	if (o < 0)
		return;
	char b[8] = {0};
	if (mode == O_RDONLY)
		write(o, "parent", 6);
	else
		printf("parent read %zd \"%s\"\n", read(o, b, sizeof b - 1), b);
	close(o);
}

/* latechild opens path with mode while the parent opens the other end
   and then signals it; it waits for the handler before it reports. */
static void latechild(const char *path, int mode) {
	catch(0, -1);
	errno = 0;
	int fd = open(path, mode);
	int e = errno;
	sigset_t all, old;
	sigemptyset(&all);
	sigaddset(&all, SIGALRM);
	sigprocmask(SIG_BLOCK, &all, &old);
	while (!ran)
		sigsuspend(&old);
	printf("%s, SIGALRM after the partner came: open %s, handler ran %s\n", name(mode),
	       fd < 0 ? (e == EINTR ? "EINTR" : strerror(e)) : "ok", ran ? "yes" : "no");
	if (fd >= 0) {
		char b[8] = {0};
		if (mode == O_RDONLY)
			printf("read %zd \"%s\"\n", read(fd, b, sizeof b - 1), b);
		else
			printf("wrote %zd\n", write(fd, "late", 4));
	}
	fflush(stdout);
	_exit(0);
}

int main(int argc, char **argv) {
	if (argc > 1) {
		if (mkfifo(argv[1], 0600) || write(1, "r", 1) != 1)
			return 1;
		return open(argv[1], O_RDONLY) < 0 ? 2 : 3;
	}
	char path[64];
	snprintf(path, sizeof path, "/tmp/fifointr.%d", (int)getpid());
	unlink(path);
	if (mkfifo(path, 0600))
		return 1;
	int fd = open(path, O_WRONLY | O_NONBLOCK);
	printf("O_WRONLY|O_NONBLOCK, no reader: %d (%s)\n", fd, fd < 0 && errno == ENXIO ? "ENXIO" : "?");
	fd = open(path, O_RDONLY | O_NONBLOCK);
	printf("O_RDONLY|O_NONBLOCK, no writer: %s\n", fd >= 0 ? "ok" : strerror(errno));
	close(fd);
	for (int m = 0; m < 2; m++) {
		int mode = m ? O_WRONLY : O_RDONLY;
		for (int restart = 0; restart < 2; restart++) {
			int t;
			pid_t pid = forktold(&t);
			if (pid < 0)
				return 1;
			if (pid == 0)
				child(path, mode, restart, t);
			if (restart && told(t)) { /* the handler ran: be the peer */
				peer(open(path, mode == O_RDONLY ? O_WRONLY : O_RDONLY), mode);
			}
			reap(pid, t);
		}
	}
	for (int m = 0; m < 2; m++) {
		int mode = m ? O_WRONLY : O_RDONLY, t;
		pid_t pid = forktold(&t);
		if (pid < 0)
			return 1;
		if (pid == 0)
			latechild(path, mode);
		int o = open(path, mode == O_RDONLY ? O_WRONLY : O_RDONLY);
		kill(pid, SIGALRM);
		peer(o, mode);
		reap(pid, t);
	}
	unlink(path);
	return 0;
}
