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
 * emulator's own under qemu-user), but for what writev and pwritev of
 * comm and oom_score_adj set (below). procrw.expected is a native run's
 * on x86-64 (Linux 6.18): qemu-ppc64le 7.2 answers pwritev2 of comm with
 * RWF_DSYNC EOPNOTSUPP, Linux ESPIPE (no FMODE_PWRITE, checked first);
 * the rest is qemu's, but the last line, copy_file_range from a pidfd:
 * EXDEV on 6.18 (and qemu), whose pidfs inode is a regular file; Linux
 * 6.1's (the ABI emulated) is anon_inode's, with no file type
 * (alloc_anon_inode), so generic_file_rw_checks says EINVAL. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/sendfile.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

static const char *err(long r) {
	static char b[64];
	if (r >= 0) {
		snprintf(b, sizeof b, "%ld", r);
		return b;
	}
	return strerrorname_np(errno);
}

static char *path(const char *name) {
	static char p[64];
	snprintf(p, sizeof p, "/proc/self/%s", name);
	return p;
}

/* entry is what /proc/self/NAME reads now (a line). */
static const char *entry(const char *name) {
	static char b[64];
	int fd = open(path(name), O_RDONLY);
	long n = fd < 0 ? -1 : read(fd, b, sizeof b - 1);
	if (fd >= 0)
		close(fd);
	if (n < 0)
		return "unread\n";
	b[n] = 0;
	return b;
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

	/* writev, pwritev and pwritev2 of write-opened comm and
	 * oom_score_adj: each buffer is a write of its own (the entries have
	 * .write, no .write_iter: do_loop_readv_writev), so the last one
	 * sets the entry, until one takes less than its size (oom_score_adj
	 * reads at most 12 bytes); a negative offset is EINVAL, any other
	 * ESPIPE for comm (a seq_file: seq_open clears FMODE_PWRITE) and
	 * ignored by oom_score_adj, a pwritev2 flag there EOPNOTSUPP. */
	int cfd = open(path("comm"), O_WRONLY), ofd = open(path("oom_score_adj"), O_WRONLY);
	char c1[] = "first", c2[] = "second-longer-than-15", o1[] = "4", o2[] = "000000000000000000009", o3[] = "5";
	struct iovec cv[3] = {{c1, strlen(c1)}, {c2, 0}, {c2, strlen(c2)}};
	struct iovec ov[3] = {{o1, strlen(o1)}, {o2, strlen(o2)}, {o3, strlen(o3)}};
	const char *w1 = strdup(err(writev(cfd, cv, 3)));
	printf("comm writev: %s, then %s", w1, entry("comm"));
	const char *w2 = strdup(err(pwritev(cfd, cv, 1, 100)));
	printf("comm pwritev at 100: %s, then %s", w2, entry("comm"));
	const char *w3 = strdup(err(pwritev(cfd, cv, 1, -1)));
	const char *w4 = strdup(err(pwritev2(cfd, cv + 2, 1, -1, 0)));
	printf("comm pwritev at -1: %s; pwritev2 at -1: %s, then %s", w3, w4, entry("comm"));
	printf("comm pwritev2 RWF_DSYNC: %s\n", err(pwritev2(cfd, cv, 1, 0, RWF_DSYNC)));
	const char *w5 = strdup(err(writev(ofd, ov, 3)));
	printf("oom_score_adj writev: %s, then %s", w5, entry("oom_score_adj"));
	const char *w6 = strdup(err(pwritev(ofd, ov + 2, 1, 7)));
	printf("oom_score_adj pwritev at 7: %s, then %s", w6, entry("oom_score_adj"));
	const char *w7 = strdup(err(pwrite(ofd, "3", 1, 9)));
	printf("oom_score_adj pwrite at 9: %s, then %s", w7, entry("oom_score_adj"));
	printf("oom_score_adj pwritev2 RWF_DSYNC: %s; pwrite at -1: %s\n", strdup(err(pwritev2(ofd, ov, 1, 0, RWF_DSYNC))),
	       err(pwrite(ofd, "1", 1, -1)));
	printf("comm pwrite at 0: %s\n", err(pwrite(cfd, "x", 1, 0)));

	/* posix_fadvise of /proc files and the other files the runner
	 * answers (generic_fadvise: 0, EINVAL for a negative length or an
	 * unknown advice). */
	int mfd = open(path("mem"), O_RDONLY), pfd = (int)syscall(SYS_pidfd_open, getpid(), 0);
	sigset_t none;
	sigemptyset(&none);
	int sfd = signalfd(-1, &none, 0);
	int fds[] = {cfd, mfd, pfd, sfd};
	const char *names[] = {"comm O_WRONLY", "mem", "pidfd", "signalfd"};
	for (int i = 0; i < 4; i++)
		printf("%s: fadvise %s, length -1 %s, advice 9 %s\n", names[i], strerror(posix_fadvise(fds[i], 0, 0, POSIX_FADV_SEQUENTIAL)),
		       strerror(posix_fadvise(fds[i], 0, -1, POSIX_FADV_NORMAL)), strerror(posix_fadvise(fds[i], 0, 0, 9)));

	/* copy_file_range with the files the runner answers, by Linux 6.1's
	 * generic_copy_file_checks: a directory EISDIR, then a file that is
	 * not regular EINVAL (signalfd, and a pidfd: 6.1's anonymous inode
	 * has no file type; 6.9's pidfs made it a regular file, EXDEV
	 * below), then an input not open for reading or an output not for
	 * writing EBADF, then files of two file systems EXDEV (all /proc
	 * entries are procfs's); two /proc files copy nothing (their size is
	 * 0): 0. Flags are EINVAL before all that. */
	int memfd = (int)syscall(SYS_memfd_create, "procrw", 0);
	if (write(memfd, "data", 4) != 4 || write(out, "0123456789", 10) != 10)
		return 1;
	int rofd = open(path("comm"), O_RDONLY), rwfd = open(path("comm"), O_RDWR);
	int dirfd = open("/proc/self", O_RDONLY | O_DIRECTORY), mwfd = open(path("mem"), O_RDWR);
	struct {
		const char *name;
		int in, out;
	} cp[] = {
	    {"comm O_WRONLY to a file", cfd, out},   {"comm O_RDWR to a file", rwfd, out},
	    {"comm to a memfd", rofd, memfd},        {"mem to a file", mfd, out},
	    {"signalfd to a file", sfd, out},        {"/proc/self to a file", dirfd, out},
	    {"/proc/self to signalfd", dirfd, sfd},  {"signalfd to comm O_WRONLY", sfd, cfd},
	    {"comm to comm O_RDWR", rofd, rwfd},     {"mem to comm O_WRONLY", mfd, cfd},
	    {"mem O_RDWR to itself", mwfd, mwfd},    {"comm O_RDWR to mem O_RDONLY", rwfd, mfd},
	    {"a file to comm O_WRONLY", out, cfd},   {"a file to mem O_RDWR", out, mwfd},
	    {"a file to mem O_RDONLY", out, mfd},    {"a file to signalfd", out, sfd},
	    {"a memfd to comm O_RDWR", memfd, rwfd},
	};
	for (unsigned i = 0; i < sizeof cp / sizeof cp[0]; i++) {
		loff_t o1 = 0, o2 = 0;
		long r = copy_file_range(cp[i].in, &o1, cp[i].out, &o2, 4, 0);
		const char *e = strdup(err(r));
		printf("copy_file_range %s: %s, offsets %lld %lld; flags 1 %s\n", cp[i].name, e, (long long)o1, (long long)o2,
		       err(copy_file_range(cp[i].in, &o1, cp[i].out, &o2, 4, 1)));
	}
	loff_t o = -5;
	printf("copy_file_range comm to comm O_RDWR at -5: %s\n", err(copy_file_range(rofd, &o, rwfd, 0, 4, 0)));
	o = -5;
	printf("copy_file_range mem at -5 to comm O_RDWR: %s", err(copy_file_range(mwfd, &o, rwfd, 0, 4, 0)));
	o = -2;
	printf("; at -2: %s\n", err(copy_file_range(mwfd, &o, rwfd, 0, 4, 0)));
	printf("copy_file_range pidfd to a file: %s\n", err(copy_file_range(pfd, 0, out, 0, 4, 0)));
	return 0;
}
