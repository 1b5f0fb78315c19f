/* opathkinds: an O_PATH descriptor of each kind of file (a regular file,
 * a directory, a pseudo-terminal and /dev/ptmx, /dev/tty, and a pipe and
 * a socket reopened through /proc/self/fd): the calls whose fdget leaves
 * O_PATH files out (ioctl, every request, read, write, fchmod, fsync,
 * flock, the fcntl commands other than F_DUPFD, F_GETFD, F_SETFD and
 * F_GETFL, xattrs, epoll_ctl, sendfile, getdents64, syncfs) are EBADF,
 * poll sees POLLNVAL, fstat, fstatfs, dup and fchdir work. The runner
 * said ENODEV for mmap of a directory's, a pipe's or a socket's (its
 * mode check came before the O_PATH one; ksys_mmap_pgoff's fget comes
 * first) and ENXIO for open("/dev/tty", O_PATH) with no controlling
 * terminal (Linux calls no tty_open for an O_PATH open). opath.c has the
 * calls that work on one. Compared with qemu-user (which passes the
 * calls to the host; the same as a native run on this host). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/xattr.h>
#include <termios.h>
#include <unistd.h>

static void show(const char *what, long r) {
	printf("%-22s %ld %s\n", what, r, r < 0 ? strerror(errno) : "");
	errno = 0;
}

static void calls(const char *kind, int fd) {
	char buf[64];
	int n = 0;
	struct termios tio;
	struct stat st;
	struct statfs sf;
	printf("-- %s\n", kind);
	show("ioctl TCGETS", ioctl(fd, TCGETS, &tio));
	show("ioctl FIONREAD", ioctl(fd, FIONREAD, &n));
	show("ioctl FIOCLEX", ioctl(fd, FIOCLEX));
	show("ioctl FIONBIO", ioctl(fd, FIONBIO, &n));
	show("ioctl TIOCGWINSZ", ioctl(fd, TIOCGWINSZ, buf));
	show("read", read(fd, buf, 1));
	show("write", write(fd, buf, 1));
	show("pread", pread(fd, buf, 1, 0));
	struct iovec v = {buf, 1};
	show("readv", readv(fd, &v, 1));
	show("lseek", lseek(fd, 0, SEEK_SET));
	show("fstat", fstat(fd, &st));
	show("fstatfs", fstatfs(fd, &sf));
	show("fchmod", fchmod(fd, 0644));
	show("fchown", fchown(fd, -1, -1));
	show("fsync", fsync(fd));
	show("fdatasync", fdatasync(fd));
	show("ftruncate", ftruncate(fd, 0));
	show("flock", flock(fd, LOCK_SH));
	show("fcntl F_GETFL O_PATH", (fcntl(fd, F_GETFL) & O_PATH) != 0);
	show("fcntl F_GETFD", fcntl(fd, F_GETFD));
	show("fcntl F_SETFL", fcntl(fd, F_SETFL, 0));
	show("fcntl F_GETLK", fcntl(fd, F_GETLK, &(struct flock){.l_type = F_RDLCK}));
	show("fcntl F_SETLK", fcntl(fd, F_SETLK, &(struct flock){.l_type = F_RDLCK}));
	show("fcntl F_GETOWN", fcntl(fd, F_GETOWN));
	show("fcntl F_NOTIFY", fcntl(fd, F_NOTIFY, 0));
	show("fcntl F_GETPIPE_SZ", fcntl(fd, F_GETPIPE_SZ));
	show("fcntl F_GET_SEALS", fcntl(fd, F_GET_SEALS));
	show("fcntl F_GETLEASE", fcntl(fd, F_GETLEASE));
	show("fallocate", fallocate(fd, 0, 0, 1));
	int r = posix_fadvise(fd, 0, 0, POSIX_FADV_NORMAL);
	errno = r;
	show("posix_fadvise", r ? -1 : 0);
	show("fgetxattr", fgetxattr(fd, "user.x", buf, sizeof buf));
	show("flistxattr", flistxattr(fd, buf, sizeof buf));
	show("fsetxattr", fsetxattr(fd, "user.x", "1", 1, 0));
	show("mmap", mmap(0, 4096, PROT_READ, MAP_SHARED, fd, 0) == MAP_FAILED ? -1 : 0);
	show("fchdir", fchdir(fd));
	chdir("/");
	int d = dup(fd);
	show("dup", d >= 0 ? 0 : -1);
	close(d);
	struct pollfd p = {fd, POLLIN | POLLOUT, 0};
	show("poll", poll(&p, 1, 0));
	printf("revents %#x\n", p.revents);
	int ep = epoll_create1(0);
	show("epoll_ctl", epoll_ctl(ep, EPOLL_CTL_ADD, fd, &(struct epoll_event){.events = EPOLLIN}));
	close(ep);
	int out = open("/dev/null", O_WRONLY);
	show("sendfile in", sendfile(out, fd, 0, 1));
	close(out);
	show("getdents", syscall(SYS_getdents64, fd, buf, sizeof buf));
	show("syncfs", syncfs(fd));
}

int main(void) {
	char name[] = "/tmp/opathXXXXXX";
	int w = mkstemp(name);
	write(w, "x", 1);
	close(w);
	int f = open(name, O_PATH);
	calls("file", f);
	close(f);
	unlink(name);
	int d = open("/tmp", O_PATH | O_DIRECTORY);
	calls("dir", d);
	close(d);
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	grantpt(m);
	unlockpt(m);
	int t = open(ptsname(m), O_PATH);
	calls("pty", t);
	close(t);
	int tm = open("/dev/ptmx", O_PATH);
	calls("ptmx", tm);
	close(tm);
	int tty = open("/dev/tty", O_PATH);
	show("open /dev/tty O_PATH", tty >= 0 ? 0 : -1);
	if (tty >= 0)
		calls("tty", tty);
	close(tty);
	int pp[2];
	pipe(pp);
	write(pp[1], "abc", 3);
	char pn[64];
	snprintf(pn, sizeof pn, "/proc/self/fd/%d", pp[0]);
	int pr = open(pn, O_PATH);
	show("open pipe O_PATH", pr >= 0 ? 0 : -1);
	calls("pipe", pr);
	close(pr);
	int sv[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	snprintf(pn, sizeof pn, "/proc/self/fd/%d", sv[0]);
	int so = open(pn, O_PATH);
	show("open socket O_PATH", so >= 0 ? 0 : -1);
	if (so >= 0)
		calls("socket", so);
	return 0;
}
