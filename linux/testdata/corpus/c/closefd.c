/* The program's descriptors are its own: closing 0, 1 and 2 really closes
   them (writes then fail with EBADF), new descriptors take the lowest free
   number (close(1) then open() gives 1, so printf goes to the file), and
   dup2/dup3/F_DUPFD place copies where asked. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void) {
	char path[64];
	snprintf(path, sizeof path, "/tmp/ppc64emu-closefd-%d", getpid());
	int saved = dup(1);
	printf("saved stdout as %d\n", saved);
	fflush(stdout);

	close(1);
	errno = 0;
	long r = write(1, "lost\n", 5);
	dprintf(saved, "write to closed 1: %ld %s\n", r, errno == EBADF ? "EBADF" : strerror(errno));
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dprintf(saved, "open after close(1) gives %d\n", fd);
	printf("this line goes to the file\n");
	fflush(stdout);
	/* The names of descriptor 1 name the file now. */
	char lnk[256];
	long n = readlink("/proc/self/fd/1", lnk, sizeof lnk - 1);
	lnk[n > 0 ? n : 0] = 0;
	dprintf(saved, "readlink /proc/self/fd/1 is the file: %d\n", n > 0 && strcmp(lnk, path) == 0);
	int d = open("/dev/stdout", O_WRONLY | O_APPEND);
	dprintf(d, "this line went through /dev/stdout\n");
	close(d);
	errno = 0;
	n = readlink("/proc/self/fd/9", lnk, sizeof lnk);
	dprintf(saved, "readlink /proc/self/fd/9 (not open): %ld %s\n", n, errno == ENOENT ? "ENOENT" : strerror(errno));
	dup2(saved, 1);
	close(saved);

	FILE *f = fopen(path, "r");
	char line[128];
	while (fgets(line, sizeof line, f))
		printf("file: %s", line);
	fclose(f);
	unlink(path);

	close(0);
	int p[2];
	pipe(p);
	printf("pipe after close(0): %d %d\n", p[0], p[1]);
	r = read(0, line, 0);
	printf("read(0) on the pipe: %ld\n", r);
	/* (qemu-user keeps descriptors of its own open in the low tens.) */
	printf("F_DUPFD 50: %d\n", fcntl(1, F_DUPFD, 50));
	int c = fcntl(1, F_DUPFD_CLOEXEC, 50);
	printf("F_DUPFD_CLOEXEC 50: %d cloexec=%d\n", c, fcntl(c, F_GETFD) & FD_CLOEXEC);
	printf("dup2(1, 20): %d\n", dup2(1, 20));
	printf("dup3(1, 20, O_CLOEXEC): %d cloexec=%d\n", dup3(1, 20, O_CLOEXEC), fcntl(20, F_GETFD) & FD_CLOEXEC);
	errno = 0;
	r = dup3(1, 1, 0);
	printf("dup3(1, 1): %ld %s\n", r, errno == EINVAL ? "EINVAL" : "?");
	errno = 0;
	r = dup2(30, 31);
	printf("dup2(30, 31): %ld %s\n", r, errno == EBADF ? "EBADF" : "?");
	errno = 0;
	r = close(30);
	printf("close(30): %ld %s\n", r, errno == EBADF ? "EBADF" : "?");
	printf("lowest free now: %d\n", dup(1));
	closefrom(15); /* close_range(15, ~0U, 0) */
	errno = 0;
	int f50 = fcntl(50, F_GETFD), f20 = fcntl(20, F_GETFD);
	printf("after closefrom(15): 50 %s, 20 %s, 1 %s\n", f50 < 0 && errno == EBADF ? "closed" : "open",
	       f20 < 0 ? "closed" : "open", fcntl(1, F_GETFD) < 0 ? "closed" : "open");
	fflush(stdout);

	close(2);
	errno = 0;
	r = write(2, "lost\n", 5);
	printf("write to closed 2: %ld %s\n", r, errno == EBADF ? "EBADF" : "?");
	return 3;
}
