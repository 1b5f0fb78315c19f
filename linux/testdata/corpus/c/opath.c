/* opath: what an O_PATH descriptor may and may not do, as Linux 6.1 has
   it: fdget in ioctl, read, write, fchmod, fchown, mmap, fsync,
   ftruncate, fallocate, lseek, getdents64, fchdir... (fdget rejects
   FMODE_PATH descriptors: EBADF), and fstat, fcntl F_GETFL/F_GETFD/
   F_DUPFD, dup, close, fstatfs, fstatat with AT_EMPTY_PATH, openat
   relative to an O_PATH directory and fchdir to one work (fdget_raw or
   path walks). FIOCLEX and FIONCLEX on an ordinary descriptor.
   Compared with qemu-user, which passes the calls to the host kernel. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	char dir[] = "/tmp/opath-XXXXXX";
	if (!mkdtemp(dir))
		return 1;
	char file[64];
	snprintf(file, sizeof file, "%s/f", dir);
	int w = open(file, O_CREAT | O_RDWR, 0644);
	write(w, "hello", 5);
	close(w);

	int fd = open(file, O_PATH);
	res("open O_PATH", fd < 0 ? -1 : 0);
	char b[8];
	res("read", read(fd, b, sizeof b));
	res("write", write(fd, "x", 1));
	res("pread", pread(fd, b, sizeof b, 0));
	res("pwrite", pwrite(fd, "x", 1, 0));
	int n;
	res("ioctl FIONREAD", ioctl(fd, FIONREAD, &n));
	struct termios tio;
	res("ioctl TCGETS", ioctl(fd, TCGETS, &tio));
	res("ioctl FIOCLEX", ioctl(fd, FIOCLEX));
	res("fchmod", fchmod(fd, 0600));
	res("fchown", fchown(fd, 0, 0));
	struct statfs sfs;
	res("fstatfs", fstatfs(fd, &sfs));
	void *m = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	res("mmap", m == MAP_FAILED ? -1 : 0);
	res("fsync", fsync(fd));
	res("fdatasync", fdatasync(fd));
	res("ftruncate", ftruncate(fd, 0));
	res("fallocate", fallocate(fd, 0, 0, 10));
	res("lseek", lseek(fd, 0, SEEK_SET));
	res("flock", syscall(SYS_flock, fd, 1));
	struct stat st;
	res("fstat", fstat(fd, &st));
	printf("fstat size %lld\n", (long long)st.st_size);
	res("fstatat AT_EMPTY_PATH", fstatat(fd, "", &st, AT_EMPTY_PATH));
	int fl = fcntl(fd, F_GETFL);
	printf("F_GETFL O_PATH %d\n", (fl & O_PATH) != 0);
	res("F_GETFD", fcntl(fd, F_GETFD));
	int d = dup(fd);
	res("dup", d < 0 ? -1 : 0);
	res("close dup", close(d));
	res("fgetxattr", fgetxattr(fd, "user.x", b, sizeof b));
	res("fchdir file", fchdir(fd));
	res("close", close(fd));

	/* FIOCLEX and FIONCLEX on an ordinary descriptor. */
	int o = open(file, O_RDONLY);
	res("ioctl FIOCLEX", ioctl(o, FIOCLEX));
	res("F_GETFD after FIOCLEX", fcntl(o, F_GETFD));
	res("ioctl FIONCLEX", ioctl(o, FIONCLEX));
	res("F_GETFD after FIONCLEX", fcntl(o, F_GETFD));
	close(o);

	int dfd = open(dir, O_PATH | O_DIRECTORY);
	res("open dir O_PATH", dfd < 0 ? -1 : 0);
	char buf[256];
	res("getdents64", syscall(SYS_getdents64, dfd, buf, sizeof buf));
	int r = openat(dfd, "f", O_RDONLY);
	res("openat in O_PATH dir", r < 0 ? -1 : 0);
	res("read through it", read(r, b, 5));
	close(r);
	res("fchdir dir", fchdir(dfd));
	res("access f after fchdir", access("f", R_OK));
	res("unlinkat", unlinkat(dfd, "f", 0));
	close(dfd);
	chdir("/");
	res("rmdir", rmdir(dir));
	return 0;
}
