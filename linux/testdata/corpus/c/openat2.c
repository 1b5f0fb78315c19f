/* openat2(2) (Linux 5.6; qemu-user 7.2 answers ENOSYS): struct open_how's
 * size rules (below 24 bytes EINVAL; bytes past them must be zero, E2BIG,
 * and readable, EFAULT), build_open_flags' checks (unknown open or resolve
 * flags, RESOLVE_BENEATH with RESOLVE_IN_ROOT, a mode without O_CREAT or
 * O_TMPFILE or beyond 07777, O_TMPFILE read-only, O_PATH with other
 * flags: EINVAL; RESOLVE_CACHED with O_CREAT: EAGAIN) before the path is
 * read, and the resolve flags on a directory made here: RESOLVE_BENEATH
 * (absolute paths, "..", absolute and escaping links: EXDEV),
 * RESOLVE_IN_ROOT ("/" and ".." stay in the directory), RESOLVE_NO_SYMLINKS
 * and RESOLVE_NO_MAGICLINKS (ELOOP, also on /proc/self), RESOLVE_NO_XDEV
 * (into /proc: EXDEV; an absolute link met by a relative lookup, before
 * it has a root: EXDEV, nd_jump_root's), RESOLVE_CACHED (0 or EAGAIN,
 * both printed as ok).
 *
 * openat2.expected is a native run of this program on x86-64 Linux 6.18
 * (the call is architecture-independent; the program prints no host
 * path or number). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

#ifndef SYS_openat2
#define SYS_openat2 437
#endif

struct how {
	uint64_t flags, mode, resolve;
};

enum { NO_XDEV = 1, NO_MAGICLINKS = 2, NO_SYMLINKS = 4, BENEATH = 8, IN_ROOT = 0x10, CACHED = 0x20 };

static int dir;

static long o2(int dfd, const char *path, uint64_t flags, uint64_t mode, uint64_t resolve) {
	struct how h = {flags, mode, resolve};
	return syscall(SYS_openat2, dfd, path, &h, sizeof h);
}

/* opened prints what a successful open read (the file holds its name). */
static void opened(const char *what, long fd) {
	if (fd < 0) {
		res(what, fd);
		return;
	}
	char b[32] = {0};
	long n = read(fd, b, sizeof b - 1);
	printf("%s: opened, read %ld \"%s\"\n", what, n, n > 0 ? b : "");
	close(fd);
}

static void in(const char *what, const char *path, uint64_t resolve) {
	opened(what, o2(dir, path, O_RDONLY, 0, resolve));
}

int main(void) {
	char tmpl[] = "/tmp/openat2.XXXXXX";
	if (!mkdtemp(tmpl))
		return 1;
	dir = open(tmpl, O_PATH | O_DIRECTORY);
	mkdirat(dir, "sub", 0700);
	int f = openat(dir, "f", O_CREAT | O_WRONLY, 0600);
	write(f, "f", 1);
	close(f);
	f = openat(dir, "sub/g", O_CREAT | O_WRONLY, 0600);
	write(f, "g", 1);
	close(f);
	symlinkat("..", dir, "up");
	symlinkat("/", dir, "abs");
	symlinkat("f", dir, "rel");
	symlinkat("/f", dir, "absf");

	char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(page + 4096, 4096);
	struct how *end = (struct how *)(page + 4096 - 32);
	memset(end, 0, 32);
	res("size 23", syscall(SYS_openat2, dir, "f", end, 23));
	opened("size 32, zero tail", syscall(SYS_openat2, dir, "f", end, 32));
	page[4095] = 1;
	res("size 32, non-zero tail", syscall(SYS_openat2, dir, "f", end, 32));
	page[4095] = 0;
	res("size 40, tail unmapped", syscall(SYS_openat2, dir, "f", end, 40));
	res("how unmapped", syscall(SYS_openat2, dir, "f", page + 4096, 24));
	res("unknown open flag, bad path", o2(dir, (char *)0x1000, 0x10000000, 0, 0));
	res("unknown resolve flag", o2(dir, "f", O_RDONLY, 0, 0x40));
	res("BENEATH and IN_ROOT", o2(dir, "f", O_RDONLY, 0, BENEATH | IN_ROOT));
	res("mode without O_CREAT", o2(dir, "f", O_RDONLY, 0600, 0));
	res("O_CREAT, mode 010000", o2(dir, "n", O_CREAT | O_WRONLY, 010000, 0));
	res("O_TMPFILE read-only", o2(dir, ".", O_TMPFILE | O_RDONLY, 0600, 0));
	res("O_PATH | O_RDWR", o2(dir, "f", O_PATH | O_RDWR, 0, 0));
	res("O_PATH | O_NOATIME", o2(dir, "f", O_PATH | O_NOATIME, 0, 0));
	long fd = o2(dir, "f", O_PATH | O_NOFOLLOW | O_CLOEXEC, 0, 0);
	res("O_PATH | O_NOFOLLOW | O_CLOEXEC", fd < 0 ? fd : 0);
	printf("close-on-exec: %d\n", fcntl(fd, F_GETFD) & FD_CLOEXEC);
	close(fd);
	res("CACHED with O_CREAT", o2(dir, "n", O_CREAT | O_WRONLY, 0600, CACHED));
	res("bad path", o2(dir, (char *)0x1000, O_RDONLY, 0, BENEATH));
	res("empty path", o2(dir, "", O_RDONLY, 0, BENEATH));
	res("bad dirfd", o2(12345, "f", O_RDONLY, 0, BENEATH));
	res("bad dirfd, absolute, BENEATH", o2(12345, "/", O_RDONLY, 0, BENEATH));
	fd = o2(dir, "n", O_CREAT | O_EXCL | O_WRONLY, 0640, BENEATH);
	res("create beneath", fd < 0 ? fd : 0);
	struct stat st;
	fstatat(dir, "n", &st, 0);
	printf("created mode %o\n", (unsigned)(st.st_mode & 07777) & ~0022);
	close(fd);

	in("plain", "f", 0);
	in("BENEATH f", "f", BENEATH);
	in("BENEATH sub/../f", "sub/../f", BENEATH);
	in("BENEATH ../f", "../f", BENEATH);
	in("BENEATH sub/../../f", "sub/../../f", BENEATH);
	in("BENEATH /f", "/f", BENEATH);
	in("BENEATH rel", "rel", BENEATH);
	in("BENEATH up/f", "up/f", BENEATH);
	in("BENEATH absf", "absf", BENEATH);
	in("IN_ROOT /f", "/f", IN_ROOT);
	in("IN_ROOT ../../f", "../../f", IN_ROOT);
	in("IN_ROOT up/sub/g", "up/sub/g", IN_ROOT);
	in("IN_ROOT absf", "absf", IN_ROOT);
	in("IN_ROOT abs/sub/g", "abs/sub/g", IN_ROOT);
	in("NO_SYMLINKS f", "f", NO_SYMLINKS);
	in("NO_SYMLINKS rel", "rel", NO_SYMLINKS);
	in("NO_SYMLINKS up/f", "up/f", NO_SYMLINKS);
	fd = o2(dir, "rel", O_PATH | O_NOFOLLOW, 0, NO_SYMLINKS);
	res("NO_SYMLINKS rel, O_PATH | O_NOFOLLOW", fd < 0 ? fd : 0);
	close(fd);
	in("NO_MAGICLINKS rel", "rel", NO_MAGICLINKS);
	in("NO_XDEV sub/g", "sub/g", NO_XDEV);
	in("NO_XDEV absf (a jump before the lookup has a root)", "absf", NO_XDEV);
	fd = o2(AT_FDCWD, "/proc/self/fd/0", O_PATH, 0, NO_MAGICLINKS);
	res("NO_MAGICLINKS /proc/self/fd/0", fd < 0 ? fd : 0);
	dup2(dir, 200);
	fd = o2(AT_FDCWD, "/proc/self/fd/200", O_PATH, 0, NO_MAGICLINKS);
	res("NO_MAGICLINKS /proc/self/fd/200", fd < 0 ? fd : 0);
	fd = o2(AT_FDCWD, "/proc/self/fd/200", O_PATH | O_NOFOLLOW, 0, NO_MAGICLINKS);
	res("NO_MAGICLINKS /proc/self/fd/200, O_NOFOLLOW", fd < 0 ? fd : 0);
	close(fd);
	opened("NO_SYMLINKS /proc/self/fd/200/f", o2(AT_FDCWD, "/proc/self/fd/200/f", O_RDONLY, 0, NO_SYMLINKS));
	opened("NO_XDEV /proc/self/fd/200/f", o2(AT_FDCWD, "/proc/self/fd/200/f", O_RDONLY, 0, NO_XDEV));
	opened("NO_MAGICLINKS /proc/self/fd/200/f", o2(AT_FDCWD, "/proc/self/fd/200/f", O_RDONLY, 0, NO_MAGICLINKS));
	opened("NO_MAGICLINKS /proc/self/fd/201/f", o2(AT_FDCWD, "/proc/self/fd/201/f", O_RDONLY, 0, NO_MAGICLINKS));
	fd = o2(AT_FDCWD, "/proc/self/status", O_RDONLY, 0, NO_SYMLINKS);
	res("NO_SYMLINKS /proc/self/status", fd < 0 ? fd : 0);
	fd = o2(AT_FDCWD, "/proc/self/status", O_RDONLY, 0, NO_XDEV);
	res("NO_XDEV /proc/self/status", fd < 0 ? fd : 0);
	fd = o2(AT_FDCWD, "/proc/self/status", O_RDONLY, 0, NO_MAGICLINKS);
	res("NO_MAGICLINKS /proc/self/status", fd < 0 ? fd : 0);
	close(fd);
	fd = o2(dir, "f", O_RDONLY, 0, CACHED);
	printf("CACHED f: %s\n", fd >= 0 || errno == EAGAIN ? "ok" : strerror(errno));
	close(fd);

	unlinkat(dir, "n", 0);
	unlinkat(dir, "f", 0);
	unlinkat(dir, "sub/g", 0);
	unlinkat(dir, "sub", AT_REMOVEDIR);
	unlinkat(dir, "up", 0);
	unlinkat(dir, "abs", 0);
	unlinkat(dir, "rel", 0);
	unlinkat(dir, "absf", 0);
	return rmdir(tmpl) != 0;
}
