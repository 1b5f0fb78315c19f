/* tee, vmsplice and mincore (were ENOSYS). tee duplicates a pipe's bytes
 * into another pipe (EINVAL for one pipe twice or a file, EAGAIN with
 * SPLICE_F_NONBLOCK, a blocking one waits for a writer); vmsplice moves
 * bytes between the caller's iovecs and a pipe, into it for a descriptor
 * open for writing, out of it for one open only for reading (EBADF for a
 * file, EINVAL for flags, too many segments or a negative length, EFAULT,
 * a short count at an iovec that faults after one that does not, EPIPE
 * without readers); mincore says which pages of a mapping are resident
 * (only pages written here: a page only read is not asked about), EINVAL
 * for an unaligned start, ENOMEM for unmapped pages, EFAULT for the
 * vector. Compared with qemu-user, which differs from Linux 6.1 (and the
 * runner) in two cases left out here: vmsplice with a bad descriptor and
 * iovecs that fault is EFAULT (qemu reads the iovecs first; Linux EBADF),
 * mincore of length 0 with a vector that faults is EFAULT (Linux 0): raw
 * calls on the x86-64 host give EBADF and 0. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"

static void drain(const char *what, int fd) {
	char b[64];
	long n = read(fd, b, sizeof b);
	printf("%s: %ld \"%.*s\"\n", what, n, (int)(n > 0 ? n : 0), b);
}

static void vec(const char *what, unsigned char *v, int n) {
	printf("%s: ", what);
	for (int i = 0; i < n; i++) putchar('0' + (v[i] & 1));
	putchar('\n');
}

int main(void) {
	signal(SIGPIPE, SIG_IGN);
	int p1[2], p2[2];
	pipe(p1);
	pipe(p2);
	char path[] = "/tmp/vmspliceXXXXXX";
	int f = mkstemp(path);

	/* tee */
	write(p1[1], "hello", 5);
	res("tee", syscall(SYS_tee, p1[0], p2[1], 100, 0));
	drain("copy", p2[0]);
	drain("original", p1[0]);
	fcntl(p1[0], F_SETFL, O_NONBLOCK);
	res("tee empty, nonblocking pipe", syscall(SYS_tee, p1[0], p2[1], 100, 0));
	fcntl(p1[0], F_SETFL, 0);
	res("tee empty, SPLICE_F_NONBLOCK", syscall(SYS_tee, p1[0], p2[1], 100, SPLICE_F_NONBLOCK));
	res("tee one pipe", syscall(SYS_tee, p1[0], p1[1], 100, 0));
	res("tee from a file", syscall(SYS_tee, f, p2[1], 100, 0));
	res("tee bad fd", syscall(SYS_tee, 12345, p2[1], 100, 0));
	res("tee bad flags", syscall(SYS_tee, p1[0], p2[1], 100, 0x100));
	res("tee len 0", syscall(SYS_tee, p1[0], p2[1], 0, 0));
	pid_t pid = fork();
	if (pid == 0) {
		write(p1[1], "x", 1);
		_exit(0);
	}
	res("tee blocking, a writer writes", syscall(SYS_tee, p1[0], p2[1], 100, 0));
	waitpid(pid, NULL, 0);
	drain("copy", p2[0]);
	drain("original", p1[0]);

	/* vmsplice into a pipe */
	char a[] = "abc", b[] = "defg";
	struct iovec iov[2] = {{a, 3}, {b, 4}};
	res("vmsplice in", syscall(SYS_vmsplice, p1[1], iov, 2, 0));
	drain("out of the pipe", p1[0]);
	res("vmsplice in, SPLICE_F_GIFT", syscall(SYS_vmsplice, p1[1], iov, 1, SPLICE_F_GIFT));
	drain("out of the pipe", p1[0]);
	struct iovec half[2] = {{a, 3}, {(void *)8, 4}};
	res("vmsplice in, second iovec faults", syscall(SYS_vmsplice, p1[1], half, 2, 0));
	drain("out of the pipe", p1[0]);
	struct iovec bad[1] = {{(void *)8, 4}};
	res("vmsplice in, iovec faults", syscall(SYS_vmsplice, p1[1], bad, 1, 0));
	struct iovec neg[2] = {{a, 3}, {b, (size_t)-1}};
	res("vmsplice negative length", syscall(SYS_vmsplice, p1[1], neg, 2, 0));
	res("vmsplice NULL iovecs", syscall(SYS_vmsplice, p1[1], NULL, 1, 0));
	res("vmsplice 2000 segments", syscall(SYS_vmsplice, p1[1], iov, 2000, 0));
	res("vmsplice no segments", syscall(SYS_vmsplice, p1[1], iov, 0, 0));
	res("vmsplice bad flags", syscall(SYS_vmsplice, p1[1], iov, 2, 0x100));
	res("vmsplice bad fd", syscall(SYS_vmsplice, 12345, iov, 2, 0));
	res("vmsplice to a file", syscall(SYS_vmsplice, f, iov, 2, 0));
	int op = open(path, O_PATH);
	res("vmsplice O_PATH", syscall(SYS_vmsplice, op, iov, 2, 0));
	res("fcntl F_SETPIPE_SZ", fcntl(p2[1], F_SETPIPE_SZ, 4096));
	static char page[4096];
	res("fill", write(p2[1], page, sizeof page));
	res("vmsplice in, full, SPLICE_F_NONBLOCK", syscall(SYS_vmsplice, p2[1], iov, 2, SPLICE_F_NONBLOCK));
	res("empty it", read(p2[0], page, sizeof page));

	/* vmsplice out of a pipe */
	write(p1[1], "xyz123", 6);
	char c[3], d[10] = {0};
	struct iovec out[2] = {{c, 3}, {d, 10}};
	res("vmsplice out", syscall(SYS_vmsplice, p1[0], out, 2, 0));
	printf("got \"%.3s\" \"%s\"\n", c, d);
	res("vmsplice out, empty, SPLICE_F_NONBLOCK", syscall(SYS_vmsplice, p1[0], out, 2, SPLICE_F_NONBLOCK));
	write(p1[1], "qrs", 3);
	struct iovec ro[1] = {{(void *)main, 3}};
	res("vmsplice out to read-only memory", syscall(SYS_vmsplice, p1[0], ro, 1, 0));
	drain("still in the pipe", p1[0]);
	pid = fork();
	if (pid == 0) {
		write(p1[1], "late", 4);
		_exit(0);
	}
	memset(d, 0, sizeof d);
	struct iovec one[1] = {{d, 10}};
	res("vmsplice out blocking, a writer writes", syscall(SYS_vmsplice, p1[0], one, 1, 0));
	waitpid(pid, NULL, 0);
	printf("got \"%s\"\n", d);
	close(p2[0]);
	res("vmsplice in without readers", syscall(SYS_vmsplice, p2[1], iov, 2, 0));

	/* mincore */
	long ps = sysconf(_SC_PAGESIZE);
	unsigned char v[8];
	char *m = mmap(NULL, 4 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	res("mincore fresh", syscall(SYS_mincore, m, 4 * ps, v));
	vec("fresh", v, 4);
	m[ps] = 1;
	m[3 * ps + 5] = 1;
	res("mincore after stores", syscall(SYS_mincore, m, 4 * ps, v));
	vec("after stores", v, 4);
	madvise(m + ps, ps, MADV_DONTNEED);
	res("mincore after MADV_DONTNEED", syscall(SYS_mincore, m, 4 * ps, v));
	vec("after MADV_DONTNEED", v, 4);
	res("mincore part of a page", syscall(SYS_mincore, m + 3 * ps, 1, v));
	vec("part of a page", v, 1);
	res("mincore length 0", syscall(SYS_mincore, m, 0, v));
	res("mincore unaligned", syscall(SYS_mincore, m + 1, ps, v));
	res("mincore bad vector", syscall(SYS_mincore, m, ps, (void *)8));
	munmap(m + 2 * ps, ps);
	res("mincore over a hole", syscall(SYS_mincore, m, 4 * ps, v));
	res("mincore in the hole", syscall(SYS_mincore, m + 2 * ps, ps, v));
	res("mincore in the hole, bad vector", syscall(SYS_mincore, m + 2 * ps, ps, (void *)8));
	res("mincore beyond user space", syscall(SYS_mincore, (void *)(-ps), ps, v));
	char *s = mmap(NULL, 2 * ps, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	s[0] = 1;
	res("mincore shared", syscall(SYS_mincore, s, 2 * ps, v));
	vec("shared", v, 2);
	for (long i = 0; i < 2 * ps; i += sizeof page) write(f, page, sizeof page);
	char *fm = mmap(NULL, 2 * ps, PROT_READ, MAP_PRIVATE, f, 0);
	res("mincore file", syscall(SYS_mincore, fm, 2 * ps, v));
	vec("file", v, 2);
	unlink(path);
	return 0;
}
