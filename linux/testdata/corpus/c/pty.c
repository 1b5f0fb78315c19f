/* Pseudo-terminals as programs open them (Python's os.openpty, script,
 * expect): posix_openpt, grantpt, unlockpt and ptsname (TIOCSPTLCK,
 * TIOCGPTN), a slave by name and by TIOCGPTPEER, glibc's openpty, and
 * data both ways through the line discipline (ONLCR turns "\n" into
 * "\r\n"; echo is turned off first, so that what the master reads does
 * not depend on when the echo arrives). Not TIOCGPTLCK, which qemu-user
 * 7.2 does not know (ENOSYS; Linux has it since 3.11). Compared with
 * qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pty.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include "res.h"

static void show(const char *what, const char *buf, long n) {
	printf("%s: %ld bytes:", what, n);
	for (long i = 0; i < n; i++)
		printf(" %02x", (unsigned char)buf[i]);
	printf("\n");
}

/* readline reads from fd up to a newline: the line discipline may hand
 * over a line in pieces. */
static long readline(int fd, char *buf, long size) {
	long n = 0, r;
	while (n < size && (r = read(fd, buf + n, size - n)) > 0) {
		n += r;
		if (buf[n - 1] == '\n')
			break;
	}
	return n;
}

int main(void) {
	char buf[64];
	int n = -1;
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	printf("posix_openpt: %s\n", m >= 0 ? "ok" : "failed");
	int s0 = open(ptsname(m), O_RDWR | O_NOCTTY);
	printf("open of a locked slave: %s\n", s0 < 0 ? "refused" : "opened");
	res("grantpt", grantpt(m));
	res("unlockpt", unlockpt(m));
	res("TIOCGPTN", ioctl(m, TIOCGPTN, &n));
	char *name = ptsname(m);
	char want[32];
	snprintf(want, sizeof want, "/dev/pts/%d", n);
	printf("ptsname is /dev/pts/N: %d\n", name && strcmp(name, want) == 0);
	int s = open(name, O_RDWR | O_NOCTTY);
	printf("slave: %s, isatty %d\n", s >= 0 ? "opened" : "failed", isatty(s));
	struct termios tio;
	tcgetattr(s, &tio);
	tio.c_lflag &= ~ECHO;
	res("tcsetattr -echo", tcsetattr(s, TCSANOW, &tio));
	res("write slave", write(s, "hi\n", 3));
	show("read master", buf, readline(m, buf, sizeof buf));
	res("write master", write(m, "yo\n", 3));
	show("read slave", buf, readline(s, buf, sizeof buf));
	int p = ioctl(m, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC);
	printf("TIOCGPTPEER: %s, cloexec %d\n", p >= 0 ? "a descriptor" : "failed", (fcntl(p, F_GETFD) & FD_CLOEXEC) != 0);
	res("write peer", write(p, "x\n", 2));
	show("read master", buf, readline(m, buf, sizeof buf));
	res("TIOCGPTN of a slave", ioctl(s, TIOCGPTN, &n));
	res("TIOCGPTN bad pointer", ioctl(m, TIOCGPTN, (void *)0x1000));
	res("TIOCSPTLCK bad pointer", ioctl(m, TIOCSPTLCK, (void *)0x1000));
	res("TIOCGPTPEER of a slave", ioctl(s, TIOCGPTPEER, O_RDWR));
	res("TIOCGPTN of a pipe", ioctl(0 * pipe((int[2]){0}) + 1, TIOCGPTN, &n) < 0 ? -1 : 0);

	int am, as;
	struct winsize ws = {.ws_row = 24, .ws_col = 80};
	res("openpty", openpty(&am, &as, NULL, NULL, &ws));
	struct winsize got = {0};
	ioctl(as, TIOCGWINSZ, &got);
	printf("openpty winsize %dx%d\n", got.ws_col, got.ws_row);
	res("write openpty slave", write(as, "z\n", 2));
	show("read openpty master", buf, readline(am, buf, sizeof buf));
	return 0;
}
