/* Vectored I/O with empty buffers among the others (fs/read_write.c and
 * lib/iov_iter.c skip them): writev, pwritev and pwritev2 to a file and
 * writev to a pipe with an empty iovec first, between others, last, and
 * all empty; readv and preadv into buffers with empty ones between; the
 * file's contents after. The runner's writev stopped at the first empty
 * buffer (Debian's python-oscalls: os.writev(fd, [b"abc", b"", b"defgh"])
 * returned 3). Compared with qemu-user. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

static void res(const char *what, ssize_t r) {
	if (r < 0)
		printf("%s: -1 %s\n", what, strerror(errno));
	else
		printf("%s: %zd\n", what, r);
}

int main(void) {
	char path[] = "/tmp/iovgapsXXXXXX";
	int fd = mkstemp(path);
	if (fd < 0) {
		perror("mkstemp");
		return 1;
	}
	unlink(path);
	char a[] = "abc", b[] = "defgh", c[] = "XY";
	struct iovec mid[] = {{a, 3}, {NULL, 0}, {b, 5}};
	struct iovec first[] = {{NULL, 0}, {c, 2}};
	struct iovec last[] = {{a, 3}, {b, 0}};
	struct iovec none[] = {{NULL, 0}, {a, 0}, {NULL, 0}};
	res("writev middle empty", writev(fd, mid, 3));
	res("writev first empty", writev(fd, first, 2));
	res("writev last empty", writev(fd, last, 2));
	res("writev all empty", writev(fd, none, 3));
	res("writev no iovecs", writev(fd, none, 0));
	res("pwritev middle empty", pwritev(fd, mid, 3, 20));
	res("pwritev2 middle empty", pwritev2(fd, mid, 3, 30, 0));
	res("pwritev2 at -1", pwritev2(fd, first, 2, -1, 0));
	char r1[4], r2[6], r3[40];
	struct iovec rd[] = {{r1, 4}, {NULL, 0}, {r2, 6}, {r3, 0}};
	res("preadv gaps", preadv(fd, rd, 4, 0));
	printf("  [%.4s] [%.6s]\n", r1, r2);
	lseek(fd, 4, SEEK_SET);
	res("readv gaps", readv(fd, rd, 4));
	printf("  [%.4s] [%.6s]\n", r1, r2);
	off_t end = lseek(fd, 0, SEEK_END);
	printf("size %lld\n", (long long)end);
	memset(r3, 0, sizeof r3);
	res("pread all", pread(fd, r3, sizeof r3, 0));
	for (int i = 0; i < (int)end; i++)
		putchar(r3[i] ? r3[i] : '.');
	putchar('\n');
	int p[2];
	if (pipe(p) == 0) {
		res("writev pipe middle empty", writev(p[1], mid, 3));
		close(p[1]);
		char buf[16];
		ssize_t n = read(p[0], buf, sizeof buf);
		printf("pipe read %zd: %.*s\n", n, (int)(n > 0 ? n : 0), buf);
	}
	return 0;
}
