/* statvfs and fstatvfs as glibc makes them on powerpc64 (the statfs64 and
 * fstatfs64 system calls, with the size of struct statfs64 between the
 * path or descriptor and the buffer; Python's os.statvfs and
 * multiprocessing's shared memory arenas use them), and those calls made
 * directly: a wrong size, a bad descriptor, a missing path. Values are
 * compared with what statfs and fstatfs give for the same file, not
 * printed: they are the host's file system's. Compared with
 * statvfs.expected, qemu-user 7.2's output but for the calls of a size
 * other than 120, where Linux (fs/statfs.c: sz != sizeof(*buf) is EINVAL
 * before the path or descriptor is looked up) and qemu-user, which ignores
 * the size, differ. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

static int same(const struct statfs *a, const struct statfs *b) {
	return a->f_type == b->f_type && a->f_bsize == b->f_bsize && a->f_blocks == b->f_blocks &&
	       a->f_files == b->f_files && a->f_namelen == b->f_namelen && a->f_frsize == b->f_frsize &&
	       a->f_flags == b->f_flags;
}

int main(void) {
	struct statfs ref, st;
	struct statvfs v;
	int fd = open("/", O_RDONLY | O_DIRECTORY);
	res("statfs /", syscall(SYS_statfs, "/", &ref));
	res("statfs64 /", syscall(SYS_statfs64, "/", sizeof st, &st));
	printf("statfs64 same as statfs: %d\n", same(&ref, &st));
	res("statfs64 size 88", syscall(SYS_statfs64, "/", 88, &st));
	res("statfs64 size 121", syscall(SYS_statfs64, "/", sizeof st + 1, &st));
	res("statfs64 missing", syscall(SYS_statfs64, "/nonexistent/x", sizeof st, &st));
	res("statfs64 bad buffer", syscall(SYS_statfs64, "/", sizeof st, (void *)0x1000));
	res("statfs64 bad path, wrong size", syscall(SYS_statfs64, (void *)0x1000, 8, &st));
	res("fstatfs64 /", syscall(SYS_fstatfs64, fd, sizeof st, &st));
	printf("fstatfs64 same as statfs: %d\n", same(&ref, &st));
	res("fstatfs64 size 0", syscall(SYS_fstatfs64, fd, 0, &st));
	res("fstatfs64 bad fd", syscall(SYS_fstatfs64, 99, sizeof st, &st));
	res("fstatfs64 bad fd, wrong size", syscall(SYS_fstatfs64, 99, 8, &st));
	res("statvfs /", statvfs("/", &v));
	printf("statvfs bsize namemax blocks like statfs: %d %d %d\n", v.f_bsize == (unsigned long)ref.f_bsize,
	       v.f_namemax == (unsigned long)ref.f_namelen, v.f_blocks == ref.f_blocks);
	res("fstatvfs /", fstatvfs(fd, &v));
	printf("fstatvfs bsize like statfs: %d\n", v.f_bsize == (unsigned long)ref.f_bsize);
	res("statvfs missing", statvfs("/nonexistent/x", &v));
	return 0;
}
