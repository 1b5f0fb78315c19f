/* ioctl on a descriptor that is not open (closed, -1, AT_FDCWD) is EBADF
   whatever the request, the terminal job-control ones (TIOCGPGRP,
   TIOCSPGRP, TIOCGSID, TIOCSCTTY, TIOCNOTTY) too: Linux looks the
   descriptor up before the request. On an open file that is no terminal
   they are ENOTTY. CPython's test_os.TestInvalidFD checks os.tcgetpgrp and
   os.tcsetpgrp of a closed descriptor for EBADF; the runner answered
   ENOTTY. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include "res.h"

static void try(const char *name, int fd) {
	char what[64];
	int v = 0;
	struct termios tio;
	struct winsize ws;
	pid_t pg = getpgrp();
	snprintf(what, sizeof what, "%s TIOCGPGRP", name);
	res(what, ioctl(fd, TIOCGPGRP, &v));
	snprintf(what, sizeof what, "%s TIOCSPGRP", name);
	res(what, ioctl(fd, TIOCSPGRP, &pg));
	snprintf(what, sizeof what, "%s TIOCGSID", name);
	res(what, ioctl(fd, TIOCGSID, &v));
	snprintf(what, sizeof what, "%s TIOCSCTTY", name);
	res(what, ioctl(fd, TIOCSCTTY, 0));
	snprintf(what, sizeof what, "%s TIOCNOTTY", name);
	res(what, ioctl(fd, TIOCNOTTY, 0));
	snprintf(what, sizeof what, "%s TCGETS", name);
	res(what, ioctl(fd, TCGETS, &tio));
	snprintf(what, sizeof what, "%s TIOCGWINSZ", name);
	res(what, ioctl(fd, TIOCGWINSZ, &ws));
	snprintf(what, sizeof what, "%s tcgetpgrp", name);
	res(what, tcgetpgrp(fd));
	snprintf(what, sizeof what, "%s tcsetpgrp", name);
	res(what, tcsetpgrp(fd, pg));
}

int main(void) {
	int fd = open("/dev/null", O_RDONLY);
	try("/dev/null", fd);
	close(fd);
	try("closed", fd);
	try("-1", -1);
	try("AT_FDCWD", AT_FDCWD);
	int big = 1000;
	try("1000", big);
	return 0;
}
