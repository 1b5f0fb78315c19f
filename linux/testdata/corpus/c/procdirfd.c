/* Lookups relative to a directory descriptor, inside and outside /proc:
 * fstat of a descriptor (glibc's fstat is fstatat(fd, "", AT_EMPTY_PATH))
 * of a file, a directory and /proc/self; fstatat, openat and faccessat
 * relative to a descriptor of /proc/self (also through "..") and of its fd
 * directory, and of an ordinary directory; a relative open with the working
 * directory in /proc/self. What /proc answers is printed only as relations
 * (a Pid line equal to getpid, stat's first field), so qemu-user, which
 * passes these lookups to the host's /proc of its own process, and the
 * runner, which translates them to the guest's, print the same. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "res.h"

static char buf[1 << 16];

static const char *kind(mode_t m) {
	return S_ISREG(m) ? "file" : S_ISDIR(m) ? "directory" : S_ISLNK(m) ? "link" : "other";
}

static void st(const char *what, int dirfd, const char *path, int flags) {
	struct stat s;
	if (fstatat(dirfd, path, &s, flags) != 0)
		res(what, -1);
	else
		printf("%s: %s\n", what, kind(s.st_mode));
}

/* pidline prints whether the file at path relative to dirfd is a status
 * file of the caller (its Pid line) or a stat file (its first field). */
static void pidof(const char *what, int dirfd, const char *path) {
	int fd = openat(dirfd, path, O_RDONLY);
	if (fd < 0) {
		res(what, -1);
		return;
	}
	long n = 0, k;
	while ((k = read(fd, buf + n, sizeof buf - 1 - n)) > 0)
		n += k;
	close(fd);
	buf[n] = 0;
	char *p = strstr(buf, "\nPid:\t");
	long pid = p ? strtol(p + 6, NULL, 10) : strtol(buf, NULL, 10);
	printf("%s: pid %s\n", what, pid == getpid() ? "is getpid()" : "differs");
}

int main(void) {
	char tmpl[] = "/tmp/procdirfd.XXXXXX";
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!mkdtemp(tmpl) || chdir(tmpl) != 0)
		return 1;

	/* Outside /proc. */
	int f = open("file", O_CREAT | O_RDWR, 0644);
	res("write", write(f, "0123456789", 10));
	struct stat s;
	res("fstat file", fstat(f, &s));
	printf("fstat file: %s of %ld bytes\n", kind(s.st_mode), (long)s.st_size);
	int d = open(".", O_RDONLY | O_DIRECTORY);
	st("fstat directory (AT_EMPTY_PATH)", d, "", AT_EMPTY_PATH);
	st("fstatat directory file", d, "file", 0);
	st("fstatat directory ../", d, "..", 0);
	st("fstatat directory nothing", d, "nothing", 0);
	st("fstatat file as directory", f, "x", 0);
	res("faccessat directory file", faccessat(d, "file", R_OK, 0));

	/* A descriptor of /proc/self. */
	int p = open("/proc/self", O_RDONLY | O_DIRECTORY);
	res("open /proc/self", p < 0 ? -1 : 0);
	st("fstat /proc/self (AT_EMPTY_PATH)", p, "", AT_EMPTY_PATH);
	st("fstatat /proc/self status", p, "status", 0);
	st("fstatat /proc/self fd", p, "fd", 0);
	st("fstatat /proc/self nothing", p, "nothing", 0);
	res("faccessat /proc/self status", faccessat(p, "status", R_OK, 0));
	pidof("openat /proc/self status", p, "status");
	pidof("openat /proc/self stat", p, "stat");
	pidof("openat /proc/self ../self/status", p, "../self/status");
	st("fstatat /proc/self ../self/stat", p, "../self/stat", 0);
	int fdd = openat(p, "fd", O_RDONLY | O_DIRECTORY);
	res("openat /proc/self fd", fdd < 0 ? -1 : 0);
	st("fstat /proc/self/fd (AT_EMPTY_PATH)", fdd, "", AT_EMPTY_PATH);

	/* The working directory in /proc/self. */
	int here = open(".", O_RDONLY | O_DIRECTORY);
	res("chdir /proc/self", chdir("/proc/self"));
	pidof("open status (working directory /proc/self)", AT_FDCWD, "status");
	st("stat stat (working directory /proc/self)", AT_FDCWD, "stat", 0);
	res("fchdir back", fchdir(here));

	unlink("file");
	close(f);
	close(d);
	close(fdd);
	close(p);
	close(here);
	res("rmdir", rmdir(tmpl));
	return 0;
}
