/* fcntl record locks between a parent and its forked child (what SQLite
 * relies on between processes, CPython's test_sqlite3
 * test_ctx_mgr_rollback_if_commit_failed): POSIX locks belong to the
 * process, so the child conflicts with the parent's lock (F_SETLK fails
 * with EAGAIN, F_GETLK names the parent), a range the parent does not hold
 * is free, read locks share, the parent's unlock frees the range, and
 * closing a descriptor of the file drops every lock the process holds on
 * it. The two sides take turns through pipes. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int lk(int fd, int cmd, short type, off_t start, off_t len) {
	struct flock fl = {.l_type = type, .l_whence = SEEK_SET, .l_start = start, .l_len = len};
	if (fcntl(fd, cmd, &fl) != 0)
		return -errno;
	return 0;
}

static void getlk(const char *who, int fd, short type, off_t start, off_t len, pid_t parent) {
	struct flock fl = {.l_type = type, .l_whence = SEEK_SET, .l_start = start, .l_len = len};
	if (fcntl(fd, F_GETLK, &fl) != 0) {
		printf("%s: F_GETLK errno %d\n", who, errno);
		return;
	}
	printf("%s: F_GETLK %s start %ld len %ld %s\n", who,
	       fl.l_type == F_UNLCK ? "F_UNLCK" : fl.l_type == F_WRLCK ? "F_WRLCK" : "F_RDLCK",
	       (long)fl.l_start, (long)fl.l_len,
	       fl.l_type == F_UNLCK ? "" : fl.l_pid == parent ? "pid parent" : "pid other");
}

static void step(int in, int out) { /* tell the other side, wait for it */
	char c = 0;
	if (out >= 0 && write(out, &c, 1) != 1)
		exit(5);
	if (in >= 0 && read(in, &c, 1) != 1)
		exit(6);
}

int main(void) {
	char path[64];
	snprintf(path, sizeof path, "/tmp/ppc64emu-reclock-%d", (int)getpid());
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, "0123456789", 10) != 10)
		return 2;
	int down[2], up[2];
	if (pipe(down) != 0 || pipe(up) != 0)
		return 3;
	pid_t parent = getpid();
	printf("parent: F_WRLCK 0..4: %d\n", lk(fd, F_SETLK, F_WRLCK, 0, 5));
	printf("parent: F_RDLCK 20..29: %d\n", lk(fd, F_SETLK, F_RDLCK, 20, 10));
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return 4;
	if (pid == 0) {
		int cfd = open(path, O_RDWR);
		printf("child: F_WRLCK 2..3: %d\n", lk(cfd, F_SETLK, F_WRLCK, 2, 2) == -EAGAIN ? -EAGAIN : 1);
		getlk("child", cfd, F_WRLCK, 0, 10, parent);
		getlk("child", cfd, F_RDLCK, 20, 5, parent);
		printf("child: F_WRLCK 5..9: %d\n", lk(cfd, F_SETLK, F_WRLCK, 5, 5));
		printf("child: F_RDLCK 20..24: %d\n", lk(cfd, F_SETLK, F_RDLCK, 20, 5));
		printf("child: F_WRLCK 25..29: %d\n", lk(cfd, F_SETLK, F_WRLCK, 25, 5) == -EAGAIN ? -EAGAIN : 1);
		fflush(stdout);
		step(down[0], up[1]); /* the parent tries the child's range, unlocks */
		printf("child: F_WRLCK 0..4 after the parent's unlock: %d\n", lk(cfd, F_SETLK, F_WRLCK, 0, 5));
		fflush(stdout);
		int other = open(path, O_RDONLY);
		close(other); /* drops all the child's locks on the file */
		step(down[0], up[1]);
		close(cfd);
		_exit(0);
	}
	step(-1, -1);
	char c;
	if (read(up[0], &c, 1) != 1)
		return 7;
	printf("parent: F_WRLCK 5..9: %d\n", lk(fd, F_SETLK, F_WRLCK, 5, 5) == -EAGAIN ? -EAGAIN : 1);
	getlk("parent", fd, F_RDLCK, 0, 10, parent);
	printf("parent: F_UNLCK 0..4: %d\n", lk(fd, F_SETLK, F_UNLCK, 0, 5));
	fflush(stdout);
	step(up[0], down[1]);
	printf("parent: F_WRLCK 0..9 after the child's close: %d\n", lk(fd, F_SETLK, F_WRLCK, 0, 10));
	fflush(stdout);
	step(-1, down[1]);
	int st;
	if (waitpid(pid, &st, 0) != pid)
		return 8;
	printf("child exit %d\n", WEXITSTATUS(st));
	unlink(path);
	return 0;
}
