/* SO_PEERCRED between guest processes (af_unix.c): both ends of a
 * socketpair carry the creating process's pid and effective ids, a
 * connecting socket the listener's (as it listened), an accepted socket
 * the connecting process's (as it connected: here after it gave up root,
 * if it could). Pids are printed as what they are (parent, child, self),
 * ids as numbers. Compared with qemu-user, where every guest process is a
 * host process. */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static pid_t parent, child;

static void peer(const char *what, int fd) {
	struct ucred uc;
	socklen_t n = sizeof uc;
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &uc, &n) != 0) {
		res(what, -1);
		return;
	}
	const char *who = uc.pid == parent ? "parent" : uc.pid == getpid() ? "self" : uc.pid == child ? "child" : "other";
	printf("%s: pid %s uid %u gid %u len %u\n", what, who, uc.uid, uc.gid, n);
}

int main(void) {
	int sv[2], status;
	char c;

	setvbuf(stdout, NULL, _IONBF, 0);
	parent = getpid();
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	peer("parent's pair", sv[0]);
	if ((child = fork()) == 0) {
		int mine[2];
		child = getpid();
		peer("child, parent's pair", sv[1]);
		socketpair(AF_UNIX, SOCK_DGRAM, 0, mine);
		peer("child's own pair", mine[1]);
		/* A listening socket carries its listener's credentials. */
		int cl = socket(AF_UNIX, SOCK_SEQPACKET, 0);
		struct sockaddr_un ca = {.sun_family = AF_UNIX};
		snprintf(ca.sun_path + 1, sizeof ca.sun_path - 1, "ppc64emu-peercred-child-%d", (int)getpid());
		bind(cl, (struct sockaddr *)&ca, offsetof(struct sockaddr_un, sun_path) + 1 + strlen(ca.sun_path + 1));
		res("child listens", listen(cl, 1));
		peer("child's listening socket", cl);
		exit(0);
	}
	waitpid(child, &status, 0);

	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	snprintf(sa.sun_path + 1, sizeof sa.sun_path - 1, "ppc64emu-peercred-%d", (int)parent);
	socklen_t len = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(sa.sun_path + 1);
	int l = socket(AF_UNIX, SOCK_STREAM, 0);
	res("bind", bind(l, (struct sockaddr *)&sa, len));
	res("listen", listen(l, 4));
	peer("listening socket", l);
	if ((child = fork()) == 0) {
		child = getpid();
		res("setresgid 65534", setresgid(65534, 65534, 65534));
		res("setresuid 65534", setresuid(65534, 65534, 65534));
		int s = socket(AF_UNIX, SOCK_STREAM, 0);
		res("connect", connect(s, (struct sockaddr *)&sa, len));
		peer("child's connected socket", s);
		write(s, "x", 1);
		read(s, &c, 1);
		exit(0);
	}
	int a = accept(l, NULL, NULL);
	read(a, &c, 1); /* the child has printed its lines */
	res("accept", a < 0 ? -1 : 0);
	peer("accepted socket", a);
	write(a, "y", 1);
	waitpid(child, &status, 0);
	printf("child status %#x\n", status);
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	res("parent connects", connect(s, (struct sockaddr *)&sa, len));
	peer("parent's connected socket", s);
	int b = accept4(l, NULL, NULL, SOCK_CLOEXEC);
	peer("accepted from self", b);
	peer("unconnected socket", socket(AF_UNIX, SOCK_STREAM, 0));
	return 0;
}
