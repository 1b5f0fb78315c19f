/* A pseudo-terminal master in packet mode, as GNU screen sets it up for
 * each window (TIOCPKT after opening /dev/ptmx; screen gave up with
 * "Inappropriate ioctl for device" when it was ENOTTY) and as rlogind and
 * tmux-like multiplexers read it: every read of the master starts with a
 * status byte, TIOCPKT_DATA (0) before data, or the flush bits alone
 * after tcflush of the slave; TIOCGPKT reads the mode back; packet mode
 * off again gives plain data. The order of the checks of a bad request:
 * a descriptor that is no terminal is ENOTTY before its argument is read,
 * a master's unreadable argument EFAULT. What a read of data returns is
 * printed without its piece count (the line discipline may hand a line
 * over in pieces, each with its status byte). Compared with qemu-user. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include "res.h"

/* readpkt reads the master up to a newline, each read's status byte
 * checked and dropped, and prints the data. */
static void readpkt(const char *what, int m) {
	char buf[64], data[64];
	long n = 0, r;
	int status = 0;
	while (n < (long)sizeof data - 1 && (r = read(m, buf, sizeof buf)) > 0) {
		status |= buf[0];
		memcpy(data + n, buf + 1, r - 1);
		n += r - 1;
		if (n > 0 && data[n - 1] == '\n')
			break;
	}
	printf("%s: status bytes %d, data:", what, status);
	for (long i = 0; i < n; i++)
		printf(" %02x", (unsigned char)data[i]);
	printf("\n");
}

int main(void) {
	char buf[64];
	int on = 1, off = 0, got = -1;
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	res("grantpt", grantpt(m));
	res("unlockpt", unlockpt(m));
	int s = open(ptsname(m), O_RDWR | O_NOCTTY);
	struct termios tio;
	tcgetattr(s, &tio);
	tio.c_lflag &= ~ECHO;
	res("tcsetattr -echo", tcsetattr(s, TCSANOW, &tio));
	res("TIOCGPKT before", ioctl(m, TIOCGPKT, &got));
	printf("packet mode %d\n", got);
	res("TIOCPKT on", ioctl(m, TIOCPKT, &on));
	res("TIOCGPKT", ioctl(m, TIOCGPKT, &got));
	printf("packet mode %d\n", got);
	res("write slave", write(s, "hi\n", 3));
	readpkt("read master", m);
	res("tcflush slave TCOFLUSH", tcflush(s, TCOFLUSH));
	long r = read(m, buf, sizeof buf);
	printf("read master after the flush: %ld bytes, status %d\n", r, r > 0 ? buf[0] : -1);
	res("TIOCPKT off", ioctl(m, TIOCPKT, &off));
	res("write slave", write(s, "yo\n", 3));
	r = read(m, buf, sizeof buf);
	printf("read master: first byte %02x\n", r > 0 ? (unsigned char)buf[0] : 0);

	int p[2];
	if (pipe(p) != 0)
		return 1;
	res("TIOCPKT of a pipe", ioctl(p[0], TIOCPKT, &on));
	res("TIOCPKT of a pipe, bad pointer", ioctl(p[0], TIOCPKT, (void *)0x1000));
	res("TIOCGPKT of a pipe", ioctl(p[0], TIOCGPKT, &got));
	res("TIOCPKT bad pointer", ioctl(m, TIOCPKT, (void *)0x1000));
	res("TIOCGPKT bad pointer", ioctl(m, TIOCGPKT, (void *)0x1000));
	return 0;
}
