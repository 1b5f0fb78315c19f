/* The helpers of the chroot(2) programs chroot.c and chrootpath.c:
 * showAs and show print a file's contents, cwd getcwd's answer, put
 * writes a file, copyself copies the program (for an execve in the root).
 * Shared by the programs that include it (each is one static translation
 * unit). */
#include <fcntl.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

/* showAs prints "read LABEL: " and the start of path's contents, or the
 * open's error. */
static void showAs(const char *label, const char *path) {
	char b[64];
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		printf("read %s: -1 %s\n", label, strerror(errno));
		return;
	}
	int n = read(fd, b, sizeof b - 1);
	close(fd);
	b[n > 0 ? n : 0] = 0;
	printf("read %s: %s", label, b);
}

/* show is showAs with path as its label. */
static void show(const char *path) { showAs(path, path); }

/* cwd prints "WHAT: " and the working directory getcwd(2) gives (the
 * system call's: "(unreachable)..." for one outside the root), or its
 * error. */
static void cwd(const char *what) {
	char b[4096];
	long n = syscall(SYS_getcwd, b, sizeof b);
	if (n < 0) {
		res(what, n);
		return;
	}
	if (strncmp(b, "(unreachable)", 13) == 0)
		printf("%s: (unreachable)...\n", what);
	else
		printf("%s: %s\n", what, b);
}

/* put makes path a file holding s. */
static void put(const char *path, const char *s) {
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	write(fd, s, strlen(s));
	close(fd);
}

/* copyself copies the running program (/proc/self/exe) to a new
 * executable file to. */
static void copyself(const char *to) {
	int in = open("/proc/self/exe", O_RDONLY), out = open(to, O_WRONLY | O_CREAT, 0755);
	char b[65536];
	int n;
	while ((n = read(in, b, sizeof b)) > 0)
		write(out, b, n);
	close(in);
	close(out);
}
