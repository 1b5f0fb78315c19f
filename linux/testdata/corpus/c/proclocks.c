/* /proc/locks names the process that holds each lock: the parent's fcntl
   locks (a write lock and two adjacent read locks, which Linux merges into
   one) and its forked child's (a write lock to the end of the file, and a
   flock lock on an open of its own) each show their own process's pid.
   Only the lines of the test's file are printed, sorted, the pids shown as
   parent or child. The runner, whose guest processes are all one host
   process, showed the parent's pid for the child's locks. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lockshow.h"

static void setlk(int fd, short type, off_t start, off_t len) {
	struct flock fl = {.l_type = type, .l_whence = SEEK_SET, .l_start = start, .l_len = len};
	if (fcntl(fd, F_SETLK, &fl) != 0)
		perror("F_SETLK");
}

static const char *const names[] = {"parent", "child"};

/* posixlock is the child's write lock to the end of the file, before its
 * flock lock. */
static void posixlock(const char *path) {
	int c = open(path, O_RDWR);
	setlk(c, F_WRLCK, 100, 0);
}

int main(void) {
	char path[] = "/tmp/proclocks.XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return 1;
	struct stat st;
	fstat(fd, &st);
	setlk(fd, F_WRLCK, 0, 10);
	setlk(fd, F_RDLCK, 20, 10);
	setlk(fd, F_RDLCK, 30, 10);
	int done[2];
	if (pipe(done))
		return 1;
	pid_t child = flock_child(path, done[0], posixlock);
	if (child < 0)
		return 1;
	char b = 0;
	pid_t pids[] = {getpid(), child};
	show("both", st.st_ino, pids, names, 2);
	write(done[1], &b, 1);
	waitpid(child, NULL, 0);
	show("child gone", st.st_ino, pids, names, 2);
	setlk(fd, F_UNLCK, 0, 0);
	show("unlocked", st.st_ino, pids, names, 2);
	int w = open("/proc/locks", O_RDONLY | O_CLOEXEC);
	printf("O_CLOEXEC kept: %d\n", w >= 0 && (fcntl(w, F_GETFD) & FD_CLOEXEC) != 0);
	unlink(path);
	return 0;
}
