/* The file-to-file calls CPython's os module makes (test_os, test_posix,
   shutil): sendfile, copy_file_range, preadv, pwritev, preadv2, pwritev2,
   posix_fadvise (fadvise64) and memfd_create, each once as it is used
   (the bytes moved, the offsets and file positions they leave) and with
   bad arguments: bad descriptors, faulting offsets and buffers, negative
   offsets, unknown flags and advice, a too long memfd name (raw system
   calls). Compared with qemu-user. preadv2 and pwritev2 (ENOSYS in
   qemu-user 7.2) and memfd_create's order of checks (qemu-user reads the
   name before Linux checks the flags) are in badlinux.c. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

static void show(const char *what, long r) {
	if (r < 0)
		printf("%s: -1 %s\n", what, strerror(errno));
	else
		printf("%s: %ld\n", what, r);
	errno = 0;
}

static void contents(const char *what, int fd) {
	char buf[128] = {0};
	long n = pread(fd, buf, sizeof buf - 1, 0);
	for (long i = 0; i < n; i++)
		if (!buf[i])
			buf[i] = '.';
	printf("%s: %ld \"%s\" (pos %lld)\n", what, n, buf, (long long)lseek(fd, 0, SEEK_CUR));
}

static int tmpfile_fd(void) {
	char path[] = "/tmp/badcopyXXXXXX";
	int f = mkstemp(path);
	unlink(path);
	return f;
}

int main(void) {
	int a = tmpfile_fd(), b = tmpfile_fd(), p[2];
	if (a < 0 || b < 0 || pipe(p) < 0)
		return 1;
	write(a, "0123456789abcdefghij", 20);
	lseek(a, 2, SEEK_SET);

	/* sendfile: at the position, from an offset, to a pipe. */
	show("sendfile at pos", syscall(SYS_sendfile, b, a, NULL, 5));
	contents("b", b);
	printf("a pos %lld\n", (long long)lseek(a, 0, SEEK_CUR));
	long long off = 10;
	show("sendfile from off 10", syscall(SYS_sendfile, b, a, &off, 100));
	printf("off %lld, a pos %lld\n", off, (long long)lseek(a, 0, SEEK_CUR));
	contents("b", b);
	off = 0;
	show("sendfile to a pipe", syscall(SYS_sendfile, p[1], a, &off, 4));
	char buf[64] = {0};
	show("read the pipe", read(p[0], buf, sizeof buf));
	printf("pipe had \"%s\"\n", buf);
	off = -1;
	show("sendfile off -1", syscall(SYS_sendfile, b, a, &off, 4));
	show("sendfile bad off", syscall(SYS_sendfile, b, a, (void *)8, 4));
	show("sendfile bad in", syscall(SYS_sendfile, b, 99, NULL, 4));
	show("sendfile bad out", syscall(SYS_sendfile, 99, a, NULL, 4));
	show("sendfile from a pipe", syscall(SYS_sendfile, b, p[0], NULL, 4));
	show("sendfile 0 bytes", syscall(SYS_sendfile, b, a, NULL, 0));

	/* copy_file_range. */
	int c = tmpfile_fd();
	long long in = 3, outo = 1;
	show("copy_file_range offs 3 -> 1", syscall(SYS_copy_file_range, a, &in, c, &outo, 6, 0));
	printf("in %lld out %lld\n", in, outo);
	contents("c", c);
	lseek(a, 15, SEEK_SET);
	show("copy_file_range at pos", syscall(SYS_copy_file_range, a, NULL, c, NULL, 100, 0));
	contents("c", c);
	show("copy_file_range flags 1", syscall(SYS_copy_file_range, a, NULL, c, NULL, 4, 1));
	show("copy_file_range bad in", syscall(SYS_copy_file_range, 99, NULL, c, NULL, 4, 0));
	show("copy_file_range bad off", syscall(SYS_copy_file_range, a, (void *)8, c, NULL, 4, 0));
	in = -1;
	show("copy_file_range off -1", syscall(SYS_copy_file_range, a, &in, c, NULL, 4, 0));
	show("copy_file_range to a pipe", syscall(SYS_copy_file_range, a, NULL, p[1], NULL, 4, 0));
	show("copy_file_range 0 bytes", syscall(SYS_copy_file_range, a, NULL, c, NULL, 0, 0));

	/* preadv, pwritev, preadv2, pwritev2. */
	char x[4] = {0}, y[8] = {0};
	struct iovec rv[2] = {{x, 3}, {y, 7}};
	lseek(a, 0, SEEK_SET);
	show("preadv off 5", syscall(SYS_preadv, a, rv, 2, 5, 0));
	printf("x \"%s\" y \"%s\" a pos %lld\n", x, y, (long long)lseek(a, 0, SEEK_CUR));
	struct iovec wv[2] = {{"AB", 2}, {"CDE", 3}};
	show("pwritev off 4", syscall(SYS_pwritev, c, wv, 2, 4, 0));
	contents("c", c);
	show("preadv off -1", syscall(SYS_preadv, a, rv, 2, -1, 0));
	show("preadv off -2", syscall(SYS_preadv, a, rv, 2, -2, 0));
	show("pwritev off -1", syscall(SYS_pwritev, c, wv, 2, -1, 0));
	show("preadv a pipe", syscall(SYS_preadv, p[0], rv, 2, 0, 0));
	show("pwritev a pipe", syscall(SYS_pwritev, p[1], wv, 2, 0, 0));
	show("preadv bad fd", syscall(SYS_preadv, 99, rv, 2, 0, 0));
	show("preadv bad iov", syscall(SYS_preadv, a, (void *)8, 2, 0, 0));
	show("preadv iovcnt 1025", syscall(SYS_preadv, a, rv, 1025, 0, 0));
	show("preadv iovcnt -1", syscall(SYS_preadv, a, rv, -1, 0, 0));
	struct iovec badv[1] = {{(void *)8, 4}};
	show("preadv bad buffer", syscall(SYS_preadv, a, badv, 1, 0, 0));
	show("pwritev bad buffer", syscall(SYS_pwritev, c, badv, 1, 0, 0));
	show("preadv write-only fd", syscall(SYS_preadv, p[1], rv, 1, 0, 0));

	/* fadvise64. */
	show("fadvise64 WILLNEED", syscall(SYS_fadvise64, a, 0, 10, POSIX_FADV_WILLNEED));
	show("fadvise64 DONTNEED", syscall(SYS_fadvise64, a, 0, 0, POSIX_FADV_DONTNEED));
	show("fadvise64 advice 99", syscall(SYS_fadvise64, a, 0, 10, 99));
	show("fadvise64 len -1", syscall(SYS_fadvise64, a, 0, -1L, POSIX_FADV_NORMAL));
	show("fadvise64 a pipe", syscall(SYS_fadvise64, p[0], 0, 10, POSIX_FADV_NORMAL));
	show("fadvise64 bad fd", syscall(SYS_fadvise64, 99, 0, 10, POSIX_FADV_NORMAL));

	/* memfd_create, with seals. */
	long m = syscall(SYS_memfd_create, "badcopy", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	printf("memfd_create: %s, cloexec %d\n", m >= 0 ? "a descriptor" : strerror(errno), fcntl(m, F_GETFD));
	write(m, "memory file", 11);
	contents("memfd", m);
	show("F_ADD_SEALS F_SEAL_WRITE", fcntl(m, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_SHRINK));
	show("F_GET_SEALS", fcntl(m, F_GET_SEALS));
	show("write after F_SEAL_WRITE", write(m, "x", 1));
	show("ftruncate after F_SEAL_SHRINK", ftruncate(m, 2));
	long m2 = syscall(SYS_memfd_create, "plain", 0);
	printf("memfd_create no flags: cloexec %d, seals ", fcntl(m2, F_GETFD));
	show("F_GET_SEALS", fcntl(m2, F_GET_SEALS));
	show("F_ADD_SEALS without MFD_ALLOW_SEALING", fcntl(m2, F_ADD_SEALS, F_SEAL_WRITE));
	show("F_GET_SEALS of a file", fcntl(a, F_GET_SEALS));
	char longname[300];
	memset(longname, 'n', sizeof longname - 1);
	longname[sizeof longname - 1] = 0;
	show("memfd_create name of 299", syscall(SYS_memfd_create, longname, 0));
	longname[249] = 0;
	long m3 = syscall(SYS_memfd_create, longname, 0);
	printf("memfd_create name of 249: %s\n", m3 >= 0 ? "a descriptor" : strerror(errno));
	longname[250] = 'n';
	longname[250] = 0;
	longname[249] = 'n';
	show("memfd_create name of 250", syscall(SYS_memfd_create, longname, 0));
	show("memfd_create flags 0x100", syscall(SYS_memfd_create, "x", 0x100));
	show("memfd_create bad name", syscall(SYS_memfd_create, (void *)8, 0));
	return 0;
}
