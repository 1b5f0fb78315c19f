/* The file requests of Linux's do_vfs_ioctl and file_ioctl (fs/ioctl.c)
   that e2fsprogs' lsattr and chattr, xfs_io, filefrag and cp --reflink
   make: FS_IOC_GETFLAGS and FS_IOC_SETFLAGS (an unsigned int, though the
   number says long), FS_IOC_FSGETXATTR and FS_IOC_FSSETXATTR,
   FS_IOC_GETVERSION, FIGETBSZ, FIBMAP, FICLONE and FICLONERANGE. The
   runner said ENOTTY to each (cp --reflink=always: "Inappropriate ioctl
   for device" where Linux on ext4 says "Operation not supported").
   Checked on a file of the first of /var/tmp, /tmp and . whose file
   system keeps inode flags: the no-dump flag set through one request is
   seen through the other, a value or structure the caller cannot read or
   write is EFAULT, the block size is a power of two; FICLONE's and
   FICLONERANGE's source is the caller's descriptor: one not open is
   EBADF, a pipe EXDEV (another file system), a destination open
   read-only EBADF. What depends on the file system (the flags it sets,
   the generation, whether it shares extents, FIBMAP's block) is not
   printed. Expected output: a native run as root on x86-64 Linux (ext4;
   FIBMAP needs CAP_SYS_RAWIO, so the program is rootOnly), which
   ppc64emu's matches in both byte orders; qemu-user 7.2 has no
   FS_IOC_FSGETXATTR or FS_IOC_FSSETXATTR (ENOSYS). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fsfile.h"

static const char *res(int r) {
	static char b[64];
	if (r >= 0)
		return "0";
	snprintf(b, sizeof b, "-1 %s", errno == EBADF ? "EBADF" : errno == EXDEV ? "EXDEV"
	                              : errno == EFAULT ? "EFAULT"
	                              : errno == EINVAL ? "EINVAL"
	                              : errno == ENOTTY ? "ENOTTY"
	                              : errno == EPERM  ? "EPERM"
	                                                : strerror(errno));
	return b;
}

/* Whether fd's file system keeps inode flags. */
static int hasflags(int fd) {
	unsigned f;
	return ioctl(fd, FS_IOC_GETFLAGS, &f) == 0;
}

static int mkfile(char *path) { return fsfile(path, "fileioctl", hasflags); }

int main(void) {
	char path[256];
	int fd = mkfile(path);
	if (fd < 0) {
		printf("no file system here keeps inode flags\n");
		return 1;
	}
	if (write(fd, "some data\n", 10) != 10 || fsync(fd))
		return 1;
	unsigned flags, f2;
	struct fsxattr x;
	printf("getflags: %s\n", res(ioctl(fd, FS_IOC_GETFLAGS, &flags)));
	f2 = flags | FS_NODUMP_FL;
	printf("setflags nodump: %s\n", res(ioctl(fd, FS_IOC_SETFLAGS, &f2)));
	f2 = 0;
	ioctl(fd, FS_IOC_GETFLAGS, &f2);
	printf("nodump set: %d, other flags kept: %d\n", !!(f2 & FS_NODUMP_FL), (f2 & ~FS_NODUMP_FL) == (flags & ~FS_NODUMP_FL));
	memset(&x, 0xff, sizeof x);
	printf("fsgetxattr: %s, xflag nodump %d\n", res(ioctl(fd, FS_IOC_FSGETXATTR, &x)), !!(x.fsx_xflags & FS_XFLAG_NODUMP));
	f2 = flags & ~FS_NODUMP_FL;
	ioctl(fd, FS_IOC_SETFLAGS, &f2);
	ioctl(fd, FS_IOC_FSGETXATTR, &x);
	printf("after clearing: xflag nodump %d\n", !!(x.fsx_xflags & FS_XFLAG_NODUMP));
	x.fsx_xflags |= FS_XFLAG_NODUMP;
	printf("fssetxattr nodump: %s\n", res(ioctl(fd, FS_IOC_FSSETXATTR, &x)));
	f2 = 0;
	ioctl(fd, FS_IOC_GETFLAGS, &f2);
	printf("flag nodump %d\n", !!(f2 & FS_NODUMP_FL));
	printf("getflags to 8: %s\n", res(ioctl(fd, FS_IOC_GETFLAGS, (void *)8)));
	printf("setflags from 8: %s\n", res(ioctl(fd, FS_IOC_SETFLAGS, (void *)8)));
	printf("fsgetxattr to 8: %s\n", res(ioctl(fd, FS_IOC_FSGETXATTR, (void *)8)));
	printf("fssetxattr from 8: %s\n", res(ioctl(fd, FS_IOC_FSSETXATTR, (void *)8)));
	unsigned gen;
	printf("getversion: %s\n", res(ioctl(fd, FS_IOC_GETVERSION, &gen)));
	int bsz = 0;
	int r = ioctl(fd, FIGETBSZ, &bsz);
	printf("figetbsz: %s, a power of two from 512: %d\n", res(r), bsz >= 512 && (bsz & (bsz - 1)) == 0);
	printf("figetbsz to 8: %s\n", res(ioctl(fd, FIGETBSZ, (void *)8)));
	int blk = 0;
	r = ioctl(fd, FIBMAP, &blk);
	if (geteuid() == 0)
		printf("fibmap: %s, a block %d\n", res(r), blk > 0);
	else
		printf("fibmap: %s\n", res(r));

	char dpath[256];
	int dst = mkfile(dpath);
	int ro = open(dpath, O_RDONLY);
	int p[2];
	if (dst < 0 || ro < 0 || pipe(p))
		return 1;
	printf("ficlone from descriptor 999: %s\n", res(ioctl(dst, FICLONE, 999)));
	printf("ficlone from -1: %s\n", res(ioctl(dst, FICLONE, -1)));
	printf("ficlone from a pipe: %s\n", res(ioctl(dst, FICLONE, p[0])));
	printf("ficlone into a read-only descriptor: %s\n", res(ioctl(ro, FICLONE, fd)));
	struct file_clone_range cr = {.src_fd = 999, .src_offset = 0, .src_length = 0, .dest_offset = 0};
	printf("ficlonerange from 999: %s\n", res(ioctl(dst, FICLONERANGE, &cr)));
	cr.src_fd = p[0];
	printf("ficlonerange from a pipe: %s\n", res(ioctl(dst, FICLONERANGE, &cr)));
	cr.src_fd = fd;
	printf("ficlonerange into a read-only descriptor: %s\n", res(ioctl(ro, FICLONERANGE, &cr)));
	printf("ficlonerange from 8: %s\n", res(ioctl(dst, FICLONERANGE, (void *)8)));
	printf("getflags of a pipe: %s\n", res(ioctl(p[0], FS_IOC_GETFLAGS, &flags)));
	unlink(path);
	unlink(dpath);
	return 0;
}
