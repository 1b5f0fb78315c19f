/* FIOASYNC and FIOQSIZE. FIOASYNC sets and clears O_ASYNC as fcntl's
   F_SETFL does, through the file's fasync: a pipe, a socket and a pidfd's
   flag as F_GETFL reads it; a regular file (no fasync) ENOTTY when the
   flag would change and 0 when it would not; a bad pointer EFAULT. No
   owner is set (F_SETOWN), so no SIGIO is sent. FIOQSIZE: the bytes a
   regular file and a directory take (compared with fstat's, as the file
   system decides them), ENOTTY for a pipe, a socket and /dev/null, EFAULT
   for a bad pointer on a file. fioasync.expected is this program's
   native run on the x86-64 host (both requests are architecture-
   independent): qemu-user 7.2 does not translate FIOQSIZE (ENOSYS for
   every descriptor); its FIOASYNC lines are the same as the native run's. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

static void async(const char *what, int fd, int on) {
	char buf[96];
	snprintf(buf, sizeof buf, "%s: FIOASYNC %d", what, on);
	res(buf, ioctl(fd, FIOASYNC, &on));
	snprintf(buf, sizeof buf, "%s: O_ASYNC", what);
	res(buf, (fcntl(fd, F_GETFL) & O_ASYNC) != 0);
}

static void qsize(const char *what, int fd) {
	long long n = -1;
	char buf[96];
	snprintf(buf, sizeof buf, "%s: FIOQSIZE", what);
	int r = ioctl(fd, FIOQSIZE, &n);
	res(buf, r);
	if (r == 0) {
		struct stat st;
		fstat(fd, &st);
		printf("%s: is st_blocks*512 %d, is st_size %d\n", what, n == (long long)st.st_blocks * 512, n == st.st_size);
	}
}

int main(void) {
	int p[2], s[2];
	pipe(p);
	socketpair(AF_UNIX, SOCK_STREAM, 0, s);
	async("pipe", p[0], 1);
	async("pipe", p[0], 0);
	async("socket", s[0], 5);
	async("socket", s[0], 0);

	char path[] = "/tmp/fioasyncXXXXXX";
	int f = mkstemp(path);
	static char data[10000];
	write(f, data, sizeof data);
	fsync(f);
	async("file", f, 1);
	async("file", f, 0);
	res("file: F_SETFL O_ASYNC", fcntl(f, F_SETFL, O_ASYNC));
	async("file after F_SETFL", f, 1);
	async("file after F_SETFL", f, 0);
	fcntl(f, F_SETFL, 0);
	res("FIOASYNC bad pointer", ioctl(p[0], FIOASYNC, (void *)8));

	int pidfd = syscall(SYS_pidfd_open, getpid(), 0);
	async("pidfd", pidfd, 1);

	qsize("file", f);
	res("file: FIOQSIZE bad pointer", ioctl(f, FIOQSIZE, (void *)8));
	int d = open("/tmp", O_RDONLY | O_DIRECTORY);
	qsize("directory", d);
	qsize("pipe", p[0]);
	qsize("socket", s[0]);
	int null = open("/dev/null", O_RDONLY);
	qsize("/dev/null", null);
	res("pipe: FIOQSIZE bad pointer", ioctl(p[0], FIOQSIZE, (void *)8));
	unlink(path);
	return 0;
}
