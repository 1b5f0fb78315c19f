/* The fasync of two misc devices root can open (Linux 6.1). /dev/fuse's
 * fuse_dev_fasync refuses a description with no FUSE connection (EPERM):
 * F_SETFL with O_ASYNC fails and changes nothing (its O_NONBLOCK is not
 * set either: setfl calls the fasync before it changes the flags), and
 * FIOASYNC fails alike (clearing a flag that is clear calls nothing).
 * /dev/net/tun's tun_chr_fasync takes O_ASYNC and makes the caller's
 * process the owner if the description has none (F_GETOWN), and leaves
 * an owner set before (here the process group, F_SETOWN of -pgrp).
 * Root's output (the runner's rootOnly list: both devices are root's
 * only); fasyncdev.expected is qemu-ppc64le 7.2's, equal to qemu-ppc64's
 * and to a native run's on the x86-64 host. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	int fd = open("/dev/fuse", O_RDWR);
	if (fd < 0) {
		printf("/dev/fuse: %s\n", strerror(errno));
	} else {
		res("fuse: F_SETFL O_ASYNC|O_NONBLOCK", fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC | O_NONBLOCK));
		res("fuse: O_ASYNC", (fcntl(fd, F_GETFL) & O_ASYNC) != 0);
		res("fuse: O_NONBLOCK", (fcntl(fd, F_GETFL) & O_NONBLOCK) != 0);
		res("fuse: F_SETFL O_NONBLOCK", fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK));
		res("fuse: O_NONBLOCK", (fcntl(fd, F_GETFL) & O_NONBLOCK) != 0);
		int on = 1;
		res("fuse: FIOASYNC 1", ioctl(fd, FIOASYNC, &on));
		on = 0;
		res("fuse: FIOASYNC 0", ioctl(fd, FIOASYNC, &on));
		close(fd);
	}
	fd = open("/dev/net/tun", O_RDWR);
	if (fd < 0) {
		printf("/dev/net/tun: %s\n", strerror(errno));
		return 0;
	}
	res("tun: owner before", fcntl(fd, F_GETOWN));
	res("tun: F_SETFL O_ASYNC", fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC));
	res("tun: O_ASYNC", (fcntl(fd, F_GETFL) & O_ASYNC) != 0);
	res("tun: owner is this process", fcntl(fd, F_GETOWN) == getpid());
	res("tun: F_SETFL without O_ASYNC", fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_ASYNC));
	res("tun: O_ASYNC", (fcntl(fd, F_GETFL) & O_ASYNC) != 0);
	close(fd);
	fd = open("/dev/net/tun", O_RDWR);
	setpgid(0, 0);
	res("tun: F_SETOWN -pgrp", fcntl(fd, F_SETOWN, -getpgrp()));
	int on = 1;
	res("tun: FIOASYNC 1", ioctl(fd, FIOASYNC, &on));
	res("tun: owner is still the group", fcntl(fd, F_GETOWN) == -getpgrp());
	close(fd);
	return 0;
}
