/* AF_UNIX socket names relative to a working directory the program
   changed to: bind makes the socket there (lstat finds it, a second bind
   is EADDRINUSE), connect, sendto and sendmsg find it there, getsockname
   and getpeername give the name as it was bound, and after a chdir to the
   parent the same socket is "sub/NAME". The runner used to hand the host
   the relative name as it was, so the socket was made in the directory
   the run started in (CPython's test_stat test_socket: bind in regrtest's
   temporary directory, then lstat ENOENT; here a recv then waited for a
   datagram sent elsewhere: an alarm ends the program if a call waits).
   Compared with qemu-user. */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static socklen_t addr(struct sockaddr_un *a, const char *name) {
	memset(a, 0, sizeof *a);
	a->sun_family = AF_UNIX;
	strcpy(a->sun_path, name);
	return offsetof(struct sockaddr_un, sun_path) + strlen(name) + 1;
}

static void result(const char *what, int r) {
	if (r < 0)
		printf("%s: %s\n", what, strerror(errno));
	else
		printf("%s: %d\n", what, r);
}

static void kind(const char *path) {
	struct stat st;
	if (lstat(path, &st) < 0)
		printf("lstat %s: %s\n", path, strerror(errno));
	else
		printf("lstat %s: socket %d\n", path, S_ISSOCK(st.st_mode));
}

static void name(const char *what, int fd, int peer) {
	struct sockaddr_un a;
	socklen_t n = sizeof a;
	memset(&a, 0, sizeof a);
	int r = peer ? getpeername(fd, (struct sockaddr *)&a, &n) : getsockname(fd, (struct sockaddr *)&a, &n);
	if (r < 0)
		printf("%s: %s\n", what, strerror(errno));
	else
		printf("%s: len %u \"%s\"\n", what, (unsigned)n, n > offsetof(struct sockaddr_un, sun_path) ? a.sun_path : "");
}

static void onalarm(int s) {
	(void)s;
	static const char m[] = "a call waited\n";
	write(1, m, sizeof m - 1);
	_exit(1);
}

int main(void) {
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGALRM, onalarm);
	alarm(20);
	char dir[] = "/tmp/unixrel.XXXXXX";
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	char sub[64];
	snprintf(sub, sizeof sub, "%s/sub", dir);
	if (mkdir(sub, 0700) < 0 || chdir(sub) < 0) {
		perror("sub");
		return 1;
	}
	struct sockaddr_un a;
	socklen_t n;

	int srv = socket(AF_UNIX, SOCK_STREAM, 0);
	n = addr(&a, "srv");
	result("bind srv", bind(srv, (struct sockaddr *)&a, n));
	kind("srv");
	kind("../sub/srv");
	name("getsockname srv", srv, 0);
	result("listen", listen(srv, 4));
	int again = socket(AF_UNIX, SOCK_STREAM, 0);
	result("bind srv again", bind(again, (struct sockaddr *)&a, n));
	close(again);

	int c = socket(AF_UNIX, SOCK_STREAM, 0);
	result("connect srv", connect(c, (struct sockaddr *)&a, n));
	int acc = accept(srv, NULL, NULL);
	result("accept", acc < 0 ? -1 : 0);
	name("getpeername of the client", c, 1);
	name("getsockname of the accepted", acc, 0);
	result("write", (int)write(c, "abc", 3));
	char buf[16];
	result("read", (int)read(acc, buf, sizeof buf));
	close(c);
	close(acc);

	int dg = socket(AF_UNIX, SOCK_DGRAM, 0);
	n = addr(&a, "dg");
	result("bind dg", bind(dg, (struct sockaddr *)&a, n));
	int snd = socket(AF_UNIX, SOCK_DGRAM, 0);
	result("sendto dg", (int)sendto(snd, "hello", 5, 0, (struct sockaddr *)&a, n));
	result("recv", (int)recv(dg, buf, sizeof buf, 0));

	if (chdir("..") < 0) {
		perror("chdir");
		return 1;
	}
	kind("sub/srv");
	kind("srv");
	c = socket(AF_UNIX, SOCK_STREAM, 0);
	n = addr(&a, "sub/srv");
	result("connect sub/srv", connect(c, (struct sockaddr *)&a, n));
	close(c);
	c = socket(AF_UNIX, SOCK_STREAM, 0);
	n = addr(&a, "srv");
	result("connect srv from the parent", connect(c, (struct sockaddr *)&a, n));
	close(c);
	n = addr(&a, "sub/dg");
	struct iovec v = {"hi", 2};
	struct msghdr m = {.msg_name = &a, .msg_namelen = n, .msg_iov = &v, .msg_iovlen = 1};
	result("sendmsg sub/dg", (int)sendmsg(snd, &m, 0));
	result("recv", (int)recv(dg, buf, sizeof buf, 0));
	name("getsockname srv after chdir", srv, 0);

	close(srv);
	close(dg);
	close(snd);
	result("unlink sub/srv", unlink("sub/srv"));
	result("unlink sub/dg", unlink("sub/dg"));
	result("rmdir sub", rmdir("sub"));
	result("rmdir", rmdir(dir));
	return 0;
}
