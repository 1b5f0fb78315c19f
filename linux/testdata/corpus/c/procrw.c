/* procrw: reads and transfers of the /proc files the runner answers
 * itself, of the program's own process. A write-only open of comm,
 * oom_score_adj, timerslack_ns and coredump_filter gives a descriptor
 * that read, pread and preadv refuse (EBADF, as Linux's for a file not
 * open for reading); a read-only one reads at an offset with preadv and
 * preadv2 what read gives from there, opened read-only or for reading and
 * writing (seq_file and simple_read_from_buffer files alike: Linux has no
 * ESPIPE for them); and sendfile and splice from
 * io, syscall, timerslack_ns and comm are EINVAL (their files have no
 * splice_read, which Linux checks before any permission or read), and
 * copy_file_range from them to a file under /tmp EXDEV (another file
 * system's). Only outcomes are printed, not contents (comm is the
 * emulator's own under qemu-user). Compared with qemu-user live. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/uio.h>
#include <unistd.h>

static const char *err(long r) {
	static char b[64];
	if (r >= 0) {
		snprintf(b, sizeof b, "%ld", r);
		return b;
	}
	switch (errno) {
	case EBADF: return "EBADF";
	case EINVAL: return "EINVAL";
	case ESPIPE: return "ESPIPE";
	case EXDEV: return "EXDEV";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	}
	snprintf(b, sizeof b, "errno %d", errno);
	return b;
}

static char *path(const char *name) {
	static char p[64];
	snprintf(p, sizeof p, "/proc/self/%s", name);
	return p;
}

int main(void) {
	const char *wr[] = {"comm", "oom_score_adj", "timerslack_ns", "coredump_filter"};
	for (unsigned i = 0; i < sizeof wr / sizeof wr[0]; i++) {
		int fd = open(path(wr[i]), O_WRONLY);
		if (fd < 0) {
			printf("%s: open O_WRONLY %s\n", wr[i], err(-1));
			continue;
		}
		char b[64];
		struct iovec v = {b, sizeof b};
		long r1 = read(fd, b, sizeof b);
		const char *e1 = strdup(err(r1));
		long r2 = pread(fd, b, sizeof b, 0);
		const char *e2 = strdup(err(r2));
		long r3 = preadv(fd, &v, 1, 0);
		printf("%s O_WRONLY: read %s, pread %s, preadv %s, F_GETFL O_ACCMODE %d\n", wr[i], e1, e2, err(r3),
		       fcntl(fd, F_GETFL) & O_ACCMODE);
		close(fd);
	}
	const char *rd[] = {"comm", "oom_score_adj", "timerslack_ns", "coredump_filter", "personality", "cmdline"};
	for (unsigned i = 0; i < 2 * sizeof rd / sizeof rd[0]; i++) {
		unsigned k = i % (sizeof rd / sizeof rd[0]);
		int rw = i >= sizeof rd / sizeof rd[0];
		if (rw && k > 3)
			break; /* personality and cmdline have no write */
		int fd = open(path(rd[k]), rw ? O_RDWR : O_RDONLY);
		char whole[256], at[256], at2[256];
		long n = read(fd, whole, sizeof whole);
		struct iovec v = {at, sizeof at}, v2 = {at2, sizeof at2};
		long r = preadv(fd, &v, 1, 2);
		const char *e = strdup(err(r));
		long r2 = preadv2(fd, &v2, 1, 1, 0);
		int same = n > 2 && r == n - 2 && memcmp(at, whole + 2, r) == 0;
		int same2 = n > 1 && r2 == n - 1 && memcmp(at2, whole + 1, r2) == 0;
		printf("%s%s: preadv at 2 %s, what read gave from there %s; preadv2 at 1 %s\n", rd[k], rw ? " O_RDWR" : "", r < 0 ? e : "ok",
		       same ? "yes" : "no", r2 < 0 ? err(r2) : same2 ? "ok, the same" : "differs");
		close(fd);
	}
	char tmp[] = "/tmp/procrwXXXXXX";
	int out = mkstemp(tmp);
	unlink(tmp);
	int p[2];
	if (out < 0 || pipe(p) < 0)
		return 1;
	const char *tr[] = {"io", "syscall", "timerslack_ns", "comm"};
	for (unsigned i = 0; i < sizeof tr / sizeof tr[0]; i++) {
		int fd = open(path(tr[i]), O_RDONLY);
		if (fd < 0) {
			printf("%s: open %s\n", tr[i], err(-1));
			continue;
		}
		off_t off = 0;
		const char *s1 = strdup(err(sendfile(out, fd, &off, 100)));
		const char *s2 = strdup(err(sendfile(p[1], fd, 0, 100)));
		const char *s3 = strdup(err(splice(fd, 0, p[1], 0, 100, 0)));
		loff_t o = 0;
		printf("%s: sendfile to a file %s, to a pipe %s; splice %s; copy_file_range %s\n", tr[i], s1, s2, s3,
		       err(copy_file_range(fd, &o, out, 0, 100, 0)));
		close(fd);
	}
	return 0;
}
