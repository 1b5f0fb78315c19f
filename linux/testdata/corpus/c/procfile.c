/* procfile: what a descriptor of a /proc file shows of the file itself
 * (not its content), for entries of the program's own /proc directory
 * (status, environ, comm opened for reading and writing, mem), a
 * /proc/sys file and /proc/locks: fstat's and statx's mode, size, links
 * and block size, the same inode as a stat of the path, fstatfs's
 * PROC_SUPER_MAGIC; mmap (ENODEV; EPERM with PROT_EXEC: /proc is noexec),
 * fsync and fdatasync (EINVAL: no fsync), ftruncate (EINVAL unless open
 * for writing; then nothing changes), fallocate (EBADF read-only, else
 * EOPNOTSUPP), lseek SEEK_END, SEEK_DATA and SEEK_HOLE (seq_lseek's
 * EINVAL, or those of a file of size 0), fchmod of an entry of the
 * process (EPERM), F_GET_SEALS (EINVAL: not a memfd), readlink of
 * /proc/self/fd/N (the /proc path), io_submit's IOCB_CMD_PREAD (EINVAL
 * for a file without read_iter) and /proc/self/fdinfo/N (the ino and
 * mnt_id fstat and statx give, the access mode of the open). Then a memfd of the program's own, named
 * as a runner might name its stand-ins, is an ordinary memfd. Outcomes
 * only. procfile.expected is a native run's on x86-64 (Linux 6.18), whose
 * answers to these calls are 6.1's (fs/proc, fs/open.c, mm/mmap.c,
 * fs/aio.c, mm/memfd.c read): qemu-ppc64le 7.2 passes the files to the
 * host (none of those it answers itself is used here) and agrees but for
 * io_submit (its io_setup fails: "io_setup failed") and mmap with
 * PROT_EXEC (ENODEV: it asks the host without PROT_EXEC, where Linux's
 * noexec /proc says EPERM first). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char *err(long r) {
	static char b[64];
	if (r >= 0) {
		snprintf(b, sizeof b, "%ld", r);
		return b;
	}
	return strerrorname_np(errno);
}

/* aioRead is io_submit's IOCB_CMD_PREAD of fd: the submission's outcome,
 * or the read's. */
static const char *aioRead(int fd) {
	static char buf[64];
	aio_context_t ctx = 0;
	if (syscall(SYS_io_setup, 1, &ctx) < 0)
		return "io_setup failed";
	struct iocb cb;
	memset(&cb, 0, sizeof cb);
	cb.aio_fildes = fd;
	cb.aio_lio_opcode = IOCB_CMD_PREAD;
	cb.aio_buf = (unsigned long)buf;
	cb.aio_nbytes = 8;
	cb.aio_offset = 0;
	struct iocb *cbs[1] = {&cb};
	long r = syscall(SYS_io_submit, ctx, 1, cbs);
	const char *out = err(r);
	if (r == 1) {
		struct io_event ev;
		r = syscall(SYS_io_getevents, ctx, 1, 1, &ev, NULL);
		out = r == 1 && ev.res >= 0 ? "read" : "failed";
	}
	syscall(SYS_io_destroy, ctx);
	return out;
}

/* fdinfo prints whether /proc/self/fdinfo/FD names the file fd's fstat
 * and statx describe (ino, mnt_id), and its access mode. */
static void fdinfo(const char *name, int fd) {
	char p[64], b[512];
	snprintf(p, sizeof p, "/proc/self/fdinfo/%d", fd);
	int in = open(p, O_RDONLY);
	long n = in < 0 ? -1 : read(in, b, sizeof b - 1);
	if (in >= 0)
		close(in);
	if (n < 0) {
		printf("%s: fdinfo %s\n", name, err(-1));
		return;
	}
	b[n] = 0;
	unsigned long long ino = 0, mnt = 0, flags = 0;
	char *s;
	if ((s = strstr(b, "flags:")))
		flags = strtoull(s + 6, NULL, 8);
	if ((s = strstr(b, "mnt_id:")))
		mnt = strtoull(s + 7, NULL, 10);
	if ((s = strstr(b, "ino:")))
		ino = strtoull(s + 4, NULL, 10);
	struct stat st;
	struct statx sx;
	fstat(fd, &st);
	memset(&sx, 0, sizeof sx);
	statx(fd, "", AT_EMPTY_PATH, STATX_INO | 0x1000 /* STATX_MNT_ID */, &sx);
	printf("%s: fdinfo ino %s, mnt_id %s, access %llo\n", name, ino == st.st_ino ? "same" : "differs",
	       (sx.stx_mask & 0x1000) && mnt == sx.stx_mnt_id ? "same" : "differs", flags & O_ACCMODE);
}

static void show(const char *name, const char *path, int flags) {
	int fd = open(path, flags);
	if (fd < 0) {
		printf("%s: open %s\n", name, err(-1));
		return;
	}
	struct stat st, pst;
	if (fstat(fd, &st) < 0 || stat(path, &pst) < 0) {
		printf("%s: fstat %s\n", name, err(-1));
		close(fd);
		return;
	}
	printf("%s: fstat reg %d mode %04o size %lld nlink %lu blksize %ld blocks %lld same inode %d\n", name,
	       S_ISREG(st.st_mode), st.st_mode & 07777, (long long)st.st_size, (unsigned long)st.st_nlink,
	       (long)st.st_blksize, (long long)st.st_blocks, st.st_dev == pst.st_dev && st.st_ino == pst.st_ino);
	struct statx sx;
	if (statx(fd, "", AT_EMPTY_PATH, STATX_BASIC_STATS, &sx) == 0)
		printf("%s: statx mode %04o size %lld nlink %u same inode %d\n", name, sx.stx_mode & 07777,
		       (long long)sx.stx_size, sx.stx_nlink, sx.stx_ino == st.st_ino);
	struct statfs sf;
	if (fstatfs(fd, &sf) == 0)
		printf("%s: fstatfs proc %d\n", name, sf.f_type == 0x9fa0);
	void *m = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	printf("%s: mmap %s", name, m == MAP_FAILED ? err(-1) : "mapped");
	if (m != MAP_FAILED)
		munmap(m, 4096);
	m = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	printf(", exec %s\n", m == MAP_FAILED ? err(-1) : "mapped");
	if (m != MAP_FAILED)
		munmap(m, 4096);
	printf("%s: fsync %s", name, err(fsync(fd)));
	printf(", fdatasync %s\n", err(fdatasync(fd)));
	printf("%s: ftruncate 100 %s", name, err(ftruncate(fd, 100)));
	fstat(fd, &st);
	printf(", size %lld, -1 %s\n", (long long)st.st_size, err(ftruncate(fd, -1)));
	printf("%s: fallocate %s", name, err(fallocate(fd, 0, 0, 4096)));
	printf(", -1 %s\n", err(fallocate(fd, 0, -1, 4096)));
	printf("%s: lseek SEEK_END %s", name, err(lseek(fd, 0, SEEK_END)));
	printf(", SEEK_DATA %s", err(lseek(fd, 0, SEEK_DATA)));
	printf(", SEEK_HOLE %s", err(lseek(fd, 0, SEEK_HOLE)));
	printf(", SEEK_SET %s\n", err(lseek(fd, 0, SEEK_SET)));
	if (strncmp(path, "/proc/self/", 11) == 0)
		printf("%s: fchmod %s\n", name, err(fchmod(fd, 0600)));
	printf("%s: F_GET_SEALS %s", name, err(fcntl(fd, F_GET_SEALS)));
	printf(", F_GETFL access %d\n", fcntl(fd, F_GETFL) & O_ACCMODE);
	char link[64], want[128], got[128];
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	if (strncmp(path, "/proc/self/", 11) == 0)
		snprintf(want, sizeof want, "/proc/%d/%s", getpid(), path + 11);
	else
		snprintf(want, sizeof want, "%s", path);
	long n = readlink(link, got, sizeof got - 1);
	if (n >= 0)
		got[n] = 0;
	printf("%s: readlink fd %s\n", name, n < 0 ? err(n) : strcmp(got, want) == 0 ? "the path" : got);
	printf("%s: io_submit PREAD %s\n", name, aioRead(fd));
	fdinfo(name, fd);
	close(fd);
}

int main(void) {
	show("status", "/proc/self/status", O_RDONLY);
	show("environ", "/proc/self/environ", O_RDONLY);
	show("comm", "/proc/self/comm", O_RDWR);
	show("mem", "/proc/self/mem", O_RDWR);
	show("hostname", "/proc/sys/kernel/hostname", O_RDONLY);
	show("locks", "/proc/locks", O_RDONLY);

	/* A memfd of the program's own is one, whatever its name. */
	int fd = memfd_create("ppc64emu-proc-pid", MFD_ALLOW_SEALING);
	if (fd < 0) {
		printf("memfd: %s\n", err(-1));
		return 0;
	}
	if (write(fd, "content\n", 8) != 8)
		printf("memfd: write %s\n", err(-1));
	struct stat st;
	fstat(fd, &st);
	printf("memfd: fstat mode %04o size %lld nlink %lu\n", st.st_mode & 07777, (long long)st.st_size,
	       (unsigned long)st.st_nlink);
	int out = open("/dev/null", O_WRONLY);
	off_t off = 0;
	printf("memfd: sendfile %s\n", err(sendfile(out, fd, &off, 8)));
	close(out);
	void *m = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	printf("memfd: mmap %s\n", m == MAP_FAILED ? err(-1) : "mapped");
	printf("memfd: fsync %s\n", err(fsync(fd)));
	printf("memfd: F_ADD_SEALS %s", err(fcntl(fd, F_ADD_SEALS, F_SEAL_GROW)));
	printf(", F_GET_SEALS %s\n", err(fcntl(fd, F_GET_SEALS)));
	printf("memfd: lseek SEEK_END %s\n", err(lseek(fd, 0, SEEK_END)));
	char link[64], got[128];
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	long n = readlink(link, got, sizeof got - 1);
	if (n >= 0)
		got[n] = 0;
	printf("memfd: readlink fd %s\n", n < 0 ? err(n) : got);
	printf("memfd: io_submit PREAD %s\n", aioRead(fd));
	fdinfo("memfd", fd);
	return 0;
}
