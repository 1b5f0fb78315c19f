/* The terminal interface on a pseudo-terminal (stdin): tcgetattr,
   tcsetattr (TCSANOW/TCSADRAIN/TCSAFLUSH), speeds, c_cc, window size,
   tcflush, tcdrain, tcgetpgrp. powerpc's struct termios and flag values
   differ from the host's; the runner translates them. Run by
   TestTermiosPty (linux/termios_test.go) on a pty, not by TestCorpus. */
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static void show(const char *what, int fd) {
	struct termios t;
	memset(&t, 0x55, sizeof t);
	int r = tcgetattr(fd, &t);
	printf("%s: rc=%d iflag=%#x oflag=%#x cflag=%#x lflag=%#x line=%d\n", what, r, t.c_iflag, t.c_oflag, t.c_cflag,
	       t.c_lflag, t.c_line);
	printf("  intr=%d quit=%d erase=%d kill=%d eof=%d min=%d time=%d eol=%d eol2=%d susp=%d start=%d stop=%d "
	       "lnext=%d werase=%d reprint=%d discard=%d\n",
	       t.c_cc[VINTR], t.c_cc[VQUIT], t.c_cc[VERASE], t.c_cc[VKILL], t.c_cc[VEOF], t.c_cc[VMIN], t.c_cc[VTIME],
	       t.c_cc[VEOL], t.c_cc[VEOL2], t.c_cc[VSUSP], t.c_cc[VSTART], t.c_cc[VSTOP], t.c_cc[VLNEXT],
	       t.c_cc[VWERASE], t.c_cc[VREPRINT], t.c_cc[VDISCARD]);
	printf("  ispeed=%#x ospeed=%#x icanon=%d echo=%d isig=%d opost=%d onlcr=%d cs8=%d\n", cfgetispeed(&t),
	       cfgetospeed(&t), !!(t.c_lflag & ICANON), !!(t.c_lflag & ECHO), !!(t.c_lflag & ISIG),
	       !!(t.c_oflag & OPOST), !!(t.c_oflag & ONLCR), (t.c_cflag & CSIZE) == CS8);
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	printf("isatty: %d %d\n", isatty(0), isatty(1));
	show("initial", 0);
	struct termios t, orig;
	tcgetattr(0, &orig);

	t = orig;
	cfmakeraw(&t);
	t.c_cc[VMIN] = 3;
	t.c_cc[VTIME] = 7;
	printf("set raw: %d\n", tcsetattr(0, TCSANOW, &t));
	show("raw", 0);

	t = orig;
	t.c_lflag &= ~(ECHO | ICANON);
	t.c_lflag |= TOSTOP | ECHOPRT;
	t.c_iflag |= IXOFF | IUCLC | INLCR;
	t.c_iflag &= ~IXON;
	t.c_oflag |= OLCUC | TAB3 | CR2 | VT1;
	t.c_cflag = (t.c_cflag & ~CSIZE) | CS7 | PARENB | CSTOPB;
	t.c_cc[VINTR] = 1;
	t.c_cc[VEOF] = 2;
	t.c_cc[VWERASE] = 3;
	t.c_cc[VDISCARD] = 4;
	cfsetospeed(&t, B115200);
	cfsetispeed(&t, B9600);
	printf("set cooked variant (TCSADRAIN): %d\n", tcsetattr(0, TCSADRAIN, &t));
	show("variant", 0);

	cfsetspeed(&t, B38400);
	printf("set (TCSAFLUSH): %d\n", tcsetattr(0, TCSAFLUSH, &t));
	show("38400", 0);

	struct winsize ws = {.ws_row = 33, .ws_col = 101, .ws_xpixel = 7, .ws_ypixel = 9}, ws2;
	printf("TIOCSWINSZ: %d\n", ioctl(0, TIOCSWINSZ, &ws));
	memset(&ws2, 0, sizeof ws2);
	printf("TIOCGWINSZ: %d %d %d %d %d\n", ioctl(0, TIOCGWINSZ, &ws2), ws2.ws_row, ws2.ws_col, ws2.ws_xpixel,
	       ws2.ws_ypixel);
	printf("tcflush: %d tcdrain: %d\n", tcflush(0, TCIFLUSH), tcdrain(1));
	printf("tcgetpgrp matches getpgrp: %d\n", tcgetpgrp(0) == getpgrp());
	printf("restore: %d\n", tcsetattr(0, TCSANOW, &orig));
	show("restored", 0);
	int p[2];
	pipe(p);
	printf("pipe isatty: %d\n", isatty(p[0]));
	return 0;
}
