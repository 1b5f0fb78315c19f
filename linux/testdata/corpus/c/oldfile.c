/* The old file calls powerpc64 keeps beside their successors (were
 * ENOSYS): utime, utimes and futimesat (Linux 6.1's do_futimesat reads
 * the timevals and checks tv_usec before it looks the path up; a NULL
 * path with a descriptor is that descriptor's file, with AT_FDCWD
 * EFAULT), the old getdents (struct linux_dirent: d_type in the record's
 * last byte, the record as long as linux_dirent64's), eventfd without
 * flags, and waitpid (wait4 without rusage). The reference,
 * oldfile.expected, is qemu-user 7.2's output (LE and BE alike) with
 * three lines from a native run on the x86-64 host, where qemu-user is
 * not Linux: it passes utimes to the host C library's utimes, which calls
 * utimensat, so a bad tv_usec with a missing path is ENOENT instead of
 * EINVAL; and it reads futimesat's path as a string, so a NULL path with a
 * descriptor is EFAULT instead of the descriptor's file (raw syscalls on
 * the host kernel: EINVAL, and 0 with times 21.000001 and 12.000002). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>
#include "res.h"

static void times_of(const char *what, const char *path) {
	struct stat st;
	if (stat(path, &st) != 0) {
		res(what, -1);
		return;
	}
	printf("%s: atime %lld.%09ld mtime %lld.%09ld\n", what, (long long)st.st_atim.tv_sec,
	       st.st_atim.tv_nsec, (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
}

/* struct linux_dirent as the old getdents writes it. */
struct old_dirent {
	unsigned long ino, off;
	unsigned short reclen;
	char name[];
};

static int cmp(const void *a, const void *b) { return strcmp(*(char **)a, *(char **)b); }

int main(void) {
	char dir[] = "/tmp/oldfileXXXXXX";
	if (!mkdtemp(dir) || chdir(dir) != 0) return 1;
	int fd = open("f", O_CREAT | O_RDWR, 0644);
	close(open("a-rather-longer-name", O_CREAT | O_RDWR, 0644));
	mkdir("sub", 0755);
	symlink("f", "link");
	int dfd = open(".", O_RDONLY | O_DIRECTORY);

	/* utime */
	struct utimbuf ub = {1000000000, 1100000000};
	res("utime", syscall(SYS_utime, "f", &ub));
	times_of("after utime", "f");
	ub.actime = 7;
	ub.modtime = 8;
	res("utime through a link", syscall(SYS_utime, "link", &ub));
	times_of("f after utime of link", "f");
	res("utime NULL times", syscall(SYS_utime, "f", 0));
	struct stat st;
	stat("f", &st);
	printf("utime NULL times: mtime now: %d\n", st.st_mtim.tv_sec > 1100000000);
	res("utime missing", syscall(SYS_utime, "nothing/here", &ub));
	res("utime bad times, missing path", syscall(SYS_utime, "nothing", (void *)8));

	/* utimes */
	struct timeval tv[2] = {{5, 123456}, {6, 654321}};
	res("utimes", syscall(SYS_utimes, "f", tv));
	times_of("after utimes", "f");
	tv[1].tv_usec = 1000000;
	res("utimes usec 1000000", syscall(SYS_utimes, "f", tv));
	res("utimes usec 1000000, missing path", syscall(SYS_utimes, "nothing", tv));
	tv[1].tv_usec = -1;
	res("utimes usec -1", syscall(SYS_utimes, "f", tv));
	tv[1].tv_usec = 999999;
	res("utimes usec 999999", syscall(SYS_utimes, "f", tv));
	times_of("after utimes 999999", "f");
	res("utimes NULL", syscall(SYS_utimes, "f", 0));
	stat("f", &st);
	printf("utimes NULL: mtime now: %d\n", st.st_mtim.tv_sec > 1100000000);

	/* futimesat */
	struct timeval tv2[2] = {{11, 1}, {12, 2}};
	res("futimesat dirfd", syscall(SYS_futimesat, dfd, "f", tv2));
	times_of("after futimesat", "f");
	tv2[0].tv_sec = 21;
	res("futimesat fd NULL path", syscall(SYS_futimesat, fd, 0, tv2));
	times_of("after futimesat of fd", "f");
	res("futimesat AT_FDCWD", syscall(SYS_futimesat, AT_FDCWD, "sub", tv2));
	times_of("sub after futimesat", "sub");
	res("futimesat AT_FDCWD NULL path", syscall(SYS_futimesat, AT_FDCWD, 0, tv2));
	res("futimesat file as dirfd", syscall(SYS_futimesat, fd, "f", tv2));
	res("futimesat bad fd", syscall(SYS_futimesat, 12345, "f", tv2));

	/* getdents */
	static char buf[4096];
	long n = syscall(SYS_getdents, dfd, buf, sizeof buf);
	printf("getdents: %s\n", n > 0 ? "some" : "none");
	char *names[16];
	int k = 0, badlen = 0;
	for (long off = 0; off < n && k < 16;) {
		struct old_dirent *d = (struct old_dirent *)(buf + off);
		size_t want = (offsetof(struct old_dirent, name) + strlen(d->name) + 2 + 7) & ~7UL;
		if (d->reclen != want) badlen++;
		names[k] = malloc(strlen(d->name) + 8);
		sprintf(names[k], "%s %d", d->name, buf[off + d->reclen - 1]);
		k++;
		off += d->reclen;
	}
	qsort(names, k, sizeof names[0], cmp);
	for (int i = 0; i < k; i++) printf("  %s\n", names[i]);
	printf("getdents: records of the wrong length: %d\n", badlen);
	res("getdents at the end", syscall(SYS_getdents, dfd, buf, sizeof buf));
	lseek(dfd, 0, SEEK_SET);
	res("getdents 10 bytes", syscall(SYS_getdents, dfd, buf, 10));
	res("getdents unwritable", syscall(SYS_getdents, dfd, (void *)8, sizeof buf));
	res("getdents of a file", syscall(SYS_getdents, fd, buf, sizeof buf));
	/* one record at a time: 40 bytes hold the longest record here (the
	   long name's) and no two of the others (24 bytes each) */
	lseek(dfd, 0, SEEK_SET);
	int one = 0;
	long r;
	while ((r = syscall(SYS_getdents, dfd, buf, 40)) > 0) one++;
	printf("getdents 40 bytes at a time: %d calls, last %ld\n", one, r);

	/* eventfd */
	int efd = syscall(SYS_eventfd, 3);
	printf("eventfd: %s, flags %#x, fd flags %d\n", efd >= 0 ? "fd" : "none",
	       fcntl(efd, F_GETFL) & ~O_LARGEFILE, fcntl(efd, F_GETFD));
	uint64_t v = 4;
	res("eventfd write", write(efd, &v, 8));
	res("eventfd read", read(efd, &v, 8));
	printf("eventfd value: %llu\n", (unsigned long long)v);
	close(efd);

	/* waitpid */
	pid_t pid = fork();
	if (pid == 0) _exit(7);
	int ws = 0;
	long w = syscall(SYS_waitpid, pid, &ws, 0);
	printf("waitpid: %s, exited %d status %d\n", w == pid ? "the child" : "other", WIFEXITED(ws),
	       WEXITSTATUS(ws));
	res("waitpid no children", syscall(SYS_waitpid, -1, &ws, WNOHANG));
	res("waitpid bad options", syscall(SYS_waitpid, -1, &ws, 0x4000));

	close(fd);
	close(dfd);
	unlink("f");
	unlink("link");
	unlink("a-rather-longer-name");
	rmdir("sub");
	chdir("/");
	res("cleanup", rmdir(dir));
	return 0;
}
