/* The runner's /proc/sys is read-only, as a container's read-only mount
   of it: no guest changes the host's kernel settings. Opens for writing,
   with O_TRUNC, with O_CREAT and O_TMPFILE, truncate, and chmod, chown,
   utimes, the xattr calls that change, unlink, rmdir, rename and
   access(W_OK), by path and by descriptor, give Linux 6.1's errors for a
   read-only mount in its order (fs/namei.c, fs/open.c, fs/xattr.c: the
   lookup's ENOENT first, EEXIST, EISDIR, ENOTDIR, EROFS of O_TRUNC,
   EACCES of the permissions, EROFS; EXDEV for a rename across the
   mount), by every way of naming the files: an absolute path, a path
   relative to the working directory after chdir("/proc/sys"), a
   directory descriptor of it, a symbolic link to it, /proc/self/root,
   /proc/self/fd/N of a descriptor opened for reading, and after
   chroot("/"); reads are the host's. A user other than root gets EACCES
   where the mode refuses it, and EROFS for O_TRUNC still. Nothing is
   ever written: every open that succeeds is for reading only.
   Written for a run as root (TestCorpus skips it otherwise).
   procsysro.expected is the output of this program compiled for this
   x86-64 host and run natively as root with a read-only /proc/sys
   (Linux's own answers; qemu-user 7.2 run the same way prints the same
   for both byte orders):
     unshare --uts --mount sh -c 'mount --bind /proc/sys /proc/sys &&
       mount -o remount,bind,ro /proc/sys && ./procsysro'
   (qemu-ppc64le-static c-procsysro.le, qemu-ppc64-static c-procsysro.be
   in its place), with one line Linux 6.1's: "nobody truncate hostname"
   is EROFS there, since 6.1's vfs_truncate (fs/open.c) asks for a
   writable mount before it checks permissions; the host's later Linux
   checks them first (EACCES). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

static void report(const char *what, int fd) {
	if (fd < 0) {
		printf("%s: %s\n", what, strerror(errno));
		return;
	}
	int acc = fcntl(fd, F_GETFL) & O_ACCMODE;
	printf("%s: opened%s\n", what, acc == O_RDONLY ? " for reading" : " FOR WRITING");
	close(fd);
}

static void tryOpen(const char *what, int dirfd, const char *path, int flags) {
	errno = 0;
	report(what, openat(dirfd, path, flags, 0644));
}

static void tryTruncate(const char *what, const char *path, long len) {
	errno = 0;
	int r = truncate(path, len);
	printf("%s: %s\n", what, r == 0 ? "ok" : strerror(errno));
}

#define R(name, call)                                                                \
	do {                                                                         \
		errno = 0;                                                           \
		int r_ = (call);                                                     \
		printf("%s: %s\n", name, r_ == 0 ? "ok" : strerror(errno));          \
	} while (0)

/* The calls other than open and truncate that would change a file there
   or a name in a directory there. */
static void others(void) {
	const char *f = "/proc/sys/kernel/hostname";
	R("chmod", chmod(f, 0644));
	R("chmod missing", chmod("/proc/sys/kernel/no-such-file", 0644));
	R("chown", chown(f, 0, 0));
	R("lchown", lchown(f, 0, 0));
	R("fchownat AT_EMPTY_PATH bad flag", fchownat(AT_FDCWD, f, 0, 0, 0x10000));
	R("utimensat", utimensat(AT_FDCWD, f, NULL, 0));
	R("utimes", utimes(f, NULL));
	R("setxattr", setxattr(f, "user.x", "v", 1, 0));
	R("setxattr empty name", setxattr(f, "", "v", 1, 0));
	R("removexattr", removexattr(f, "user.x"));
	int fd = open(f, O_RDONLY);
	R("fchmod", fchmod(fd, 0644));
	R("fchown", fchown(fd, 0, 0));
	R("futimens", futimens(fd, NULL));
	R("fsetxattr", fsetxattr(fd, "user.x", "v", 1, 0));
	R("fremovexattr", fremovexattr(fd, "user.x"));
	R("ftruncate", ftruncate(fd, 0));
	close(fd);
	fd = open("/proc/sys/kernel/ostype", O_RDONLY);
	R("fchmod ostype", fchmod(fd, 0644));
	close(fd);
	R("mkdir new", mkdir("/proc/sys/kernel/newdir", 0755));
	R("mkdir existing", mkdir("/proc/sys/kernel", 0755));
	R("mknod new", mknod("/proc/sys/kernel/newfifo", S_IFIFO | 0644, 0));
	R("symlink new", symlink("x", "/proc/sys/kernel/newlink"));
	R("link new", link("/proc/sys/kernel/hostname", "/proc/sys/kernel/newhard"));
	R("unlink", unlink(f));
	R("unlink missing", unlink("/proc/sys/kernel/no-such-file"));
	R("unlink dir/.", unlink("/proc/sys/kernel/."));
	R("unlinkat bad flag", unlinkat(AT_FDCWD, f, 0x1));
	R("rmdir", rmdir("/proc/sys/kernel"));
	R("rmdir missing", rmdir("/proc/sys/kernel/no-such-dir"));
	R("rmdir dir/.", rmdir("/proc/sys/kernel/."));
	R("rename", rename(f, "/proc/sys/kernel/hostname2"));
	R("rename missing", rename("/proc/sys/kernel/no-such-file", "/proc/sys/kernel/hostname2"));
	R("rename out", rename(f, "/tmp/procsysro-hostname"));
	R("rename in", rename("/tmp/procsysro-no-such-file", "/proc/sys/kernel/x"));
	R("access W_OK", access(f, W_OK));
	R("access W_OK ostype", access("/proc/sys/kernel/ostype", W_OK));
	R("access R_OK", access(f, R_OK));
	R("faccessat W_OK|R_OK", faccessat(AT_FDCWD, "/proc/sys/vm/drop_caches", W_OK | R_OK, 0));
}

static void opens(const char *who) {
	char what[128];
#define T(name, dir, path, flags) (snprintf(what, sizeof what, "%s %s", who, name), tryOpen(what, dir, path, flags))
	T("O_WRONLY hostname", AT_FDCWD, "/proc/sys/kernel/hostname", O_WRONLY);
	T("O_RDWR hostname", AT_FDCWD, "/proc/sys/kernel/hostname", O_RDWR);
	T("O_RDONLY|O_TRUNC hostname", AT_FDCWD, "/proc/sys/kernel/hostname", O_RDONLY | O_TRUNC);
	T("O_WRONLY|O_CREAT hostname", AT_FDCWD, "/proc/sys/kernel/hostname", O_WRONLY | O_CREAT);
	T("O_RDONLY|O_CREAT hostname", AT_FDCWD, "/proc/sys/kernel/hostname", O_RDONLY | O_CREAT);
	T("O_CREAT|O_EXCL hostname", AT_FDCWD, "/proc/sys/kernel/hostname", O_WRONLY | O_CREAT | O_EXCL);
	T("O_WRONLY ostype", AT_FDCWD, "/proc/sys/kernel/ostype", O_WRONLY);
	T("O_RDONLY|O_TRUNC ostype", AT_FDCWD, "/proc/sys/kernel/ostype", O_RDONLY | O_TRUNC);
	T("O_WRONLY drop_caches", AT_FDCWD, "/proc/sys/vm/drop_caches", O_WRONLY);
	T("O_WRONLY missing", AT_FDCWD, "/proc/sys/kernel/no-such-file", O_WRONLY);
	T("O_WRONLY|O_CREAT missing", AT_FDCWD, "/proc/sys/kernel/no-such-file", O_WRONLY | O_CREAT);
	T("O_WRONLY|O_CREAT missing dir", AT_FDCWD, "/proc/sys/no-such-dir/file", O_WRONLY | O_CREAT);
	T("O_WRONLY dir", AT_FDCWD, "/proc/sys/kernel", O_WRONLY);
	T("O_RDONLY|O_CREAT dir", AT_FDCWD, "/proc/sys/kernel", O_RDONLY | O_CREAT);
	T("O_WRONLY|O_DIRECTORY file", AT_FDCWD, "/proc/sys/kernel/hostname", O_WRONLY | O_DIRECTORY);
	T("O_TMPFILE", AT_FDCWD, "/proc/sys/kernel", O_TMPFILE | O_WRONLY);
	T("O_RDONLY dir", AT_FDCWD, "/proc/sys/kernel", O_RDONLY | O_DIRECTORY);
	T("O_RDONLY ostype", AT_FDCWD, "/proc/sys/kernel/ostype", O_RDONLY);
#undef T
}

int main(void) {
	char buf[64] = "";
	int fd = open("/proc/sys/kernel/ostype", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);
	printf("read ostype: %s", n > 0 ? buf : "failed\n");
	if (fd >= 0)
		close(fd);

	opens("root");
	tryTruncate("truncate hostname", "/proc/sys/kernel/hostname", 0);
	tryTruncate("truncate dir", "/proc/sys/kernel", 0);
	tryTruncate("truncate -1", "/proc/sys/kernel/hostname", -1);
	tryTruncate("truncate missing", "/proc/sys/kernel/no-such-file", 0);
	others();

	/* Other ways of naming the files. */
	int sys = open("/proc/sys", O_RDONLY | O_DIRECTORY);
	tryOpen("dirfd vm/drop_caches", sys, "vm/drop_caches", O_WRONLY);
	tryOpen("dirfd kernel/ostype read", sys, "kernel/ostype", O_RDONLY);
	close(sys);
	tryOpen("/proc/self/root", AT_FDCWD, "/proc/self/root/proc/sys/kernel/hostname", O_WRONLY);
	tryOpen("/proc/sys/../sys", AT_FDCWD, "/proc/sys/../sys/kernel/./hostname", O_WRONLY);
	int ro = open("/proc/sys/kernel/ostype", O_RDONLY);
	char path[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", ro);
	tryOpen("reopen fd for writing", AT_FDCWD, path, O_WRONLY);
	close(ro);
	char dir[] = "/tmp/procsysro.XXXXXX";
	if (mkdtemp(dir) == NULL) {
		printf("mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	char link[32];
	snprintf(link, sizeof link, "%s/sys", dir);
	if (symlink("/proc/sys/kernel", link) != 0)
		printf("symlink: %s\n", strerror(errno));
	snprintf(path, sizeof path, "%s/hostname", link);
	tryOpen("through a link", AT_FDCWD, path, O_WRONLY);
	tryTruncate("truncate through a link", path, 0);
	unlink(link);
	rmdir(dir);
	fflush(stdout);

	pid_t pid = fork();
	if (pid == 0) {
		if (chdir("/proc/sys") != 0)
			printf("chdir: %s\n", strerror(errno));
		tryOpen("relative", AT_FDCWD, "kernel/hostname", O_WRONLY);
		tryOpen("relative O_TRUNC", AT_FDCWD, "vm/drop_caches", O_RDONLY | O_TRUNC);
		tryTruncate("relative truncate", "kernel/hostname", 0);
		if (chdir("/") != 0 || chroot("/") != 0)
			printf("chroot: %s\n", strerror(errno));
		tryOpen("chroot /", AT_FDCWD, "/proc/sys/kernel/hostname", O_WRONLY);
		tryOpen("chroot / O_TRUNC", AT_FDCWD, "/proc/sys/kernel/hostname", O_RDONLY | O_TRUNC);
		fflush(stdout);
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);

	/* Another user: the mode first, then the read-only mount. */
	pid = fork();
	if (pid == 0) {
		if (setresgid(65534, 65534, 65534) != 0 || setresuid(65534, 65534, 65534) != 0) {
			printf("setresuid: %s\n", strerror(errno));
			_exit(1);
		}
		opens("nobody");
		tryTruncate("nobody truncate hostname", "/proc/sys/kernel/hostname", 0);
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	return 0;
}
