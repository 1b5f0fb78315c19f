/* A blocking connect(2) waits interruptibly, as Linux's: a listener with a
   backlog of 0 and one connection queued takes no more, so a second
   connect waits (a Unix socket in unix_wait_for_peer; TCP on loopback
   with its SYNs dropped, in inet_wait_for_connect). A periodic timer's
   handler without SA_RESTART makes the call fail with EINTR; with
   SA_RESTART the call goes on after each handler, the first of which
   tells the parent (a byte on a pipe) to accept the queued connection,
   and then succeeds (TCP: at the next SYN the listener takes). The
   runner's host connect waited where no guest signal reached it (the
   child hung, and a SIGTERM to the runner with it). With an argument
   ("hang", linux/hostsignal_test.go), the program writes one byte (the
   handshake) and connects for ever: a SIGTERM must end it. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include "alarmtell.h"

static void child(int family, struct sockaddr *sa, socklen_t len, int restart, int w) {
	catch(restart, w);
	int c = socket(family, SOCK_STREAM, 0);
	if (c < 0)
		_exit(2);
	timer(100000);
	errno = 0;
	int r = connect(c, sa, len);
	int e = errno;
	timer(0);
	printf("%s %s: connect %d (%s), handler ran %s\n", family == AF_UNIX ? "unix" : "tcp",
	       restart ? "SA_RESTART" : "no SA_RESTART", r, r ? (e == EINTR ? "EINTR" : strerror(e)) : "connected",
	       ran ? "yes" : "no");
	fflush(stdout);
	_exit(0);
}

int main(int argc, char **argv) {
	(void)argv;
	char path[64];
	snprintf(path, sizeof path, "/tmp/connintr.%d", (int)getpid());
	if (argc > 1) {
		struct sockaddr_un un = {.sun_family = AF_UNIX}; /* abstract: no file left */
		strcpy(un.sun_path + 1, path);
		int s = socket(AF_UNIX, SOCK_STREAM, 0), q = socket(AF_UNIX, SOCK_STREAM, 0);
		int c = socket(AF_UNIX, SOCK_STREAM, 0);
		if (bind(s, (struct sockaddr *)&un, sizeof un) || listen(s, 0) || connect(q, (struct sockaddr *)&un, sizeof un))
			return 1;
		if (write(1, "r", 1) != 1)
			return 1;
		return connect(c, (struct sockaddr *)&un, sizeof un) ? 2 : 3;
	}
	for (int family = 0; family < 2; family++) {
		for (int restart = 0; restart < 2; restart++) {
			struct sockaddr_un un = {.sun_family = AF_UNIX};
			struct sockaddr_in in = {.sin_family = AF_INET};
			struct sockaddr *sa;
			socklen_t len;
			int fam = family ? AF_INET : AF_UNIX;
			int s = socket(fam, SOCK_STREAM, 0);
			if (family) {
				in.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
				sa = (struct sockaddr *)&in;
				len = sizeof in;
			} else {
				unlink(path);
				strcpy(un.sun_path, path);
				sa = (struct sockaddr *)&un;
				len = sizeof un;
			}
			if (s < 0 || bind(s, sa, len) || listen(s, 0) || getsockname(s, sa, &len))
				return 1;
			int q = socket(fam, SOCK_STREAM, 0);
			if (q < 0 || connect(q, sa, len))
				return 1;
			printf("%s: one connection queued\n", family ? "tcp" : "unix");
			int t;
			pid_t pid = forktold(&t);
			if (pid < 0)
				return 1;
			if (pid == 0)
				child(fam, sa, len, restart, t);
			int a = -1;
			if (restart && told(t)) /* the handler ran: make room */
				a = accept(s, NULL, NULL);
			reap(pid, t);
			if (a >= 0)
				close(a);
			close(q);
			close(s);
		}
	}
	unlink(path);
	return 0;
}
