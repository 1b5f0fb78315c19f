/* System calls Debian's programs made that the runner lacked (ENOSYS):
 * getpriority and setpriority (coreutils' nice), statfs64 and fstatfs64
 * (glibc's statfs, stat -f), creat (GNU tar), and the extended attribute
 * calls (ls -l, cp -a, tar --xattrs). Compared with qemu-user, which
 * passes them to the host. The nice value is per process: a child
 * inherits it and its own change does not move its parent's. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	/* Priorities: relative to the starting value, which the host sets.
	 * (Not PRIO_PGRP: qemu-user's own host threads answer it.) */
	errno = 0;
	int base = getpriority(PRIO_PROCESS, 0);
	res("getpriority errno", -errno);
	res("setpriority +3", setpriority(PRIO_PROCESS, 0, base + 3));
	printf("now base+%d\n", getpriority(PRIO_PROCESS, 0) - base);
	res("setpriority pid", setpriority(PRIO_PROCESS, getpid(), base + 4));
	res("raw getpriority is 20 - nice", syscall(SYS_getpriority, PRIO_PROCESS, 0) == 20 - (base + 4) ? 0 : -1);
	res("setpriority clamps 100", setpriority(PRIO_PROCESS, 0, 100));
	printf("clamped %d\n", getpriority(PRIO_PROCESS, 0));
	res("bad which", setpriority(7, 0, 1));
	errno = 0;
	getpriority(7, 0);
	res("getpriority bad which", -errno);
	setpriority(PRIO_PROCESS, 0, base + 4);
	int fds[2];
	pipe(fds);
	pid_t c = fork();
	if (c == 0) {
		char d = getpriority(PRIO_PROCESS, 0) - base;
		setpriority(PRIO_PROCESS, 0, base + 9);
		write(fds[1], &d, 1);
		_exit(0);
	}
	char d = 0;
	read(fds[0], &d, 1);
	waitpid(c, 0, 0);
	printf("child inherited base+%d, parent still base+%d\n", d, getpriority(PRIO_PROCESS, 0) - base);
	errno = 0;
	res("getpriority of a reaped child", getpriority(PRIO_PROCESS, c) == -1 && errno ? -1 : 0);

	/* statfs64 and fstatfs64 through glibc, and the size check. */
	struct statfs a, b;
	res("statfs /", statfs("/", &a));
	int fd = open("/", O_RDONLY);
	res("fstatfs /", fstatfs(fd, &b));
	printf("same fs: %d, bsize>0: %d\n", a.f_type == b.f_type && a.f_blocks == b.f_blocks, a.f_bsize > 0);
	/* Linux's statfs64 refuses a size other than struct statfs64's
	 * (EINVAL), as the runner does; qemu-user 7.2 does not look at it. */
	res("statfs missing", statfs("/no/such/dir", &a));
	close(fd);

	/* creat and the xattr calls, in a directory of our own. */
	char dir[] = "/tmp/fsattr.XXXXXX";
	if (!mkdtemp(dir) || chdir(dir) != 0)
		return 1;
	umask(022);
	fd = syscall(SYS_creat, "f", 0640);
	res("creat", fd >= 0 ? 0 : -1);
	res("write", write(fd, "abc", 3));
	res("read from creat's fd", read(fd, &d, 1));
	struct stat st;
	fstat(fd, &st);
	printf("mode %o size %ld\n", st.st_mode & 0777, (long)st.st_size);
	close(fd);
	fd = syscall(SYS_creat, "f", 0600);
	fstat(fd, &st);
	printf("creat again truncates: size %ld mode %o\n", (long)st.st_size, st.st_mode & 0777);
	symlink("f", "l");
	char buf[64];
	res("getxattr missing", getxattr("f", "user.none", buf, sizeof buf));
	res("getxattr empty name", getxattr("f", "", buf, sizeof buf));
	char longname[300];
	memset(longname, 'a', sizeof longname - 1);
	longname[sizeof longname - 1] = 0;
	memcpy(longname, "user.", 5);
	res("getxattr long name", getxattr("f", longname, buf, sizeof buf));
	res("listxattr missing file", listxattr("nofile", buf, sizeof buf));
	int r = setxattr("f", "user.k", "value", 5, XATTR_CREATE);
	if (r != 0) {
		/* A file system without user attributes (tmpfs before 6.6). */
		printf("setxattr: %s\n", r == 0 ? "ok" : "refused");
	} else {
		res("setxattr create again", setxattr("f", "user.k", "v", 1, XATTR_CREATE));
		res("setxattr replace missing", setxattr("f", "user.j", "v", 1, XATTR_REPLACE));
		res("fsetxattr", fsetxattr(fd, "user.j", "jj", 2, 0));
		res("getxattr size", getxattr("f", "user.k", 0, 0));
		res("getxattr small", getxattr("f", "user.k", buf, 2));
		memset(buf, 0, sizeof buf);
		res("getxattr", getxattr("l", "user.k", buf, sizeof buf));
		printf("value %s\n", buf);
		res("lgetxattr on the link", lgetxattr("l", "user.k", buf, sizeof buf));
		res("fgetxattr", fgetxattr(fd, "user.j", buf, sizeof buf));
		ssize_t n = listxattr("f", buf, sizeof buf);
		res("listxattr", n);
		int k = 0, j = 0;
		for (char *p = buf; p < buf + n; p += strlen(p) + 1) {
			k |= !strcmp(p, "user.k");
			j |= !strcmp(p, "user.j");
		}
		printf("listed user.k %d user.j %d\n", k, j);
		res("flistxattr size", flistxattr(fd, 0, 0) == n ? 0 : -1);
		res("llistxattr link", llistxattr("l", buf, sizeof buf) >= 0 ? 0 : -1);
		res("lsetxattr user on a link", lsetxattr("l", "user.x", "1", 1, 0));
		static char big[65537];
		res("setxattr too big", setxattr("f", "user.big", big, sizeof big, 0));
		res("removexattr", removexattr("f", "user.k"));
		res("removexattr again", removexattr("f", "user.k"));
		res("fremovexattr", fremovexattr(fd, "user.j"));
		res("lremovexattr link", lremovexattr("l", "user.j"));
		res("listxattr now", listxattr("f", buf, sizeof buf));
	}
	close(fd);
	unlink("l");
	unlink("f");
	chdir("/");
	rmdir(dir);
	return 0;
}
