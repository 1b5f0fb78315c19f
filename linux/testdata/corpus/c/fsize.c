/* RLIMIT_FSIZE, as Linux's generic_write_checks (mm/filemap.c),
 * inode_newsize_ok (fs/attr.c) and their callers apply it: a write at or
 * past the limit sends SIGXFSZ and is EFBIG, one that crosses it is
 * shortened; O_APPEND writes at the file's end; pwrite, writev, pwritev,
 * pwritev2 (RWF_APPEND), sendfile, copy_file_range and splice into a
 * regular file alike; ftruncate, truncate and fallocate growing a file
 * past the limit are EFBIG with SIGXFSZ, shrinking it is allowed; pipes,
 * sockets and /dev/null are not limited, nor are stores into a shared
 * mapping; RLIM_INFINITY lifts it. SIGXFSZ caught (its siginfo: SI_USER
 * from the process itself, sent to the calling thread: a thread that
 * blocks it finds it pending on itself), ignored, and at its default
 * action (a child killed by it); the limit is inherited by fork and set
 * on another process by prlimit. Compared with fsize.expected, the
 * output of this program built for and run natively on the x86-64 host
 * (Linux 6.18, ext4 /tmp; the checks are architecture-independent and
 * as Linux 6.1's sources give them), with stdout a pipe. qemu-user 7.2,
 * which passes the limit to the host kernel, prints the same in both
 * byte orders but for pwritev2 with RWF_APPEND (EOPNOTSUPP, and so one
 * SIGXFSZ fewer in every count after it). Note: a sendfile or splice
 * that crosses the limit returns the bytes below it and still sends
 * SIGXFSZ (iter_file_splice_write's loop writes the pipe's next bytes at
 * the limit), where write and copy_file_range shorten the count first. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "res.h"
#include "inchild.h"

#define LIM 1000

static volatile int sigs, code, frompid, fromuid;
static char buf[8192];
static char dir[] = "/tmp/ppc64emu-fsize-XXXXXX";

static void on_xfsz(int sig, siginfo_t *si, void *uc) {
	(void)sig, (void)uc;
	sigs++;
	code = si->si_code;
	frompid = si->si_pid == getpid();
	fromuid = si->si_uid == getuid();
}

/* show prints a call's outcome and the SIGXFSZ count so far. */
static void show(const char *what, long r) {
	res(what, r);
	printf("  sigs %d\n", sigs);
}

static long size(int fd) {
	struct stat st;
	return fstat(fd, &st) < 0 ? -1 : (long)st.st_size;
}

static void limit(rlim_t cur) {
	struct rlimit rl = {cur, RLIM_INFINITY};
	if (setrlimit(RLIMIT_FSIZE, &rl) < 0)
		perror("setrlimit");
}

static char *name(const char *base) {
	static char p[4][128];
	static int i;
	char *s = p[i++ % 4];
	snprintf(s, 128, "%s/%s", dir, base);
	return s;
}

static int create(const char *base) {
	return open(name(base), O_RDWR | O_CREAT | O_TRUNC, 0644);
}

/* writer is a thread that blocks SIGXFSZ and writes past the limit: the
 * signal is pending on it, not on the process. */
static void *writer(void *arg) {
	int fd = *(int *)arg;
	sigset_t set, pend;
	sigemptyset(&set);
	sigaddset(&set, SIGXFSZ);
	pthread_sigmask(SIG_BLOCK, &set, 0);
	res("thread: pwrite at the limit", pwrite(fd, buf, 10, LIM));
	sigpending(&pend);
	printf("thread: SIGXFSZ pending here: %d\n", sigismember(&pend, SIGXFSZ));
	siginfo_t si;
	struct timespec zero = {0, 0};
	int s = sigtimedwait(&set, &si, &zero);
	printf("thread: taken %d, code %d, own pid %d\n", s, si.si_code, si.si_pid == getpid());
	return 0;
}

static void regular(void) {
	int fd = create("a");
	show("write 1500 at 0", write(fd, buf, 1500));
	show("write 10 at the limit", write(fd, buf, 10));
	show("write 0 at the limit", write(fd, buf, 0));
	lseek(fd, 500, SEEK_SET);
	show("write 1500 at 500", write(fd, buf, 1500));
	show("pwrite 100 at 950", pwrite(fd, buf, 100, 950));
	show("pwrite 100 at 1000", pwrite(fd, buf, 100, 1000));
	show("pwrite 100 at 5000", pwrite(fd, buf, 100, 5000));
	show("pwrite 100 at -1", pwrite(fd, buf, 100, -1));
	struct iovec iov[3] = {{buf, 400}, {buf, 400}, {buf, 400}};
	lseek(fd, 0, SEEK_SET);
	show("writev 3x400 at 0", writev(fd, iov, 3));
	show("writev at the limit", writev(fd, iov, 3));
	show("pwritev 2x400 at 900", pwritev(fd, iov, 2, 900));
	show("pwritev at 1200", pwritev(fd, iov, 2, 1200));
	lseek(fd, 100, SEEK_SET);
	show("pwritev2 -1 at 100", pwritev2(fd, iov, 3, -1, 0));
	show("pwritev2 RWF_APPEND at 0", pwritev2(fd, iov, 1, 0, RWF_APPEND));
	printf("size %ld\n", size(fd));

	show("ftruncate 2000", ftruncate(fd, 2000));
	show("ftruncate 1001", ftruncate(fd, 1001));
	show("ftruncate 1000", ftruncate(fd, 1000));
	show("ftruncate 500", ftruncate(fd, 500));
	show("truncate 3000", truncate(name("a"), 3000));
	show("truncate 800", truncate(name("a"), 800));
	show("fallocate 0..2000", fallocate(fd, 0, 0, 2000));
	show("fallocate 900+200", fallocate(fd, 0, 900, 200));
	show("fallocate KEEP_SIZE 0..4096", fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, 4096));
	show("fallocate 0..1000", fallocate(fd, 0, 0, 1000));
	printf("size %ld\n", size(fd));

	/* O_APPEND: the file's end is the position. */
	int ap = open(name("a"), O_WRONLY | O_APPEND);
	show("append 1 at 1000", write(ap, buf, 1));
	show("pwrite 1 at 0 with O_APPEND", pwrite(ap, buf, 1, 0));
	ftruncate(fd, 900);
	show("append 200 at 900", write(ap, buf, 200));
	close(ap);
	/* A read-only descriptor: EBADF first. */
	int ro = open(name("a"), O_RDONLY);
	show("pwrite on O_RDONLY at 5000", pwrite(ro, buf, 1, 5000));
	show("ftruncate O_RDONLY 5000", ftruncate(ro, 5000));
	close(ro);

	/* A file larger than the limit may shrink and be written below it. */
	limit(RLIM_INFINITY);
	ftruncate(fd, 3000);
	limit(LIM);
	show("pwrite 10 at 10 of 3000", pwrite(fd, buf, 10, 10));
	show("ftruncate 3000 to 2000", ftruncate(fd, 2000));
	show("ftruncate 2000 to 2500", ftruncate(fd, 2500));

	/* Stores into a shared mapping are not limited. */
	char *m = mmap(0, 2000, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m != MAP_FAILED) {
		memset(m + 1500, 'x', 400);
		msync(m, 2000, MS_SYNC);
		munmap(m, 2000);
	}
	pread(fd, buf + 4096, 1, 1800);
	show("mapped store at 1800", buf[4096] == 'x');

	pthread_t th;
	pthread_create(&th, 0, writer, &fd);
	pthread_join(th, 0);
	sigset_t pend;
	sigpending(&pend);
	printf("main: SIGXFSZ pending: %d\n", sigismember(&pend, SIGXFSZ));

	limit(RLIM_INFINITY);
	show("infinity: pwrite 100 at 5000", pwrite(fd, buf, 100, 5000));
	limit(LIM);
	close(fd);
}

static void copies(void) {
	limit(RLIM_INFINITY);
	int src = create("src");
	memset(buf, 's', sizeof buf);
	write(src, buf, 3000);
	limit(LIM);
	int dst = create("dst");
	off_t off = 0;
	show("sendfile 3000 at 0", sendfile(dst, src, &off, 3000));
	show("sendfile at the limit", sendfile(dst, src, &off, 3000));
	off = 3000;
	show("sendfile from the end at the limit", sendfile(dst, src, &off, 3000));
	ftruncate(dst, 0);
	loff_t in = 0, out = 900;
	show("copy_file_range 500 at 900", copy_file_range(src, &in, dst, &out, 500, 0));
	show("copy_file_range at the limit", copy_file_range(src, &in, dst, &out, 500, 0));
	in = 3000;
	show("copy_file_range from the end at the limit", copy_file_range(src, &in, dst, &out, 500, 0));
	out = 2000;
	show("copy_file_range 0 bytes at 2000", copy_file_range(src, &in, dst, &out, 0, 0));
	int ap = open(name("dst"), O_WRONLY | O_APPEND);
	show("copy_file_range to O_APPEND", copy_file_range(src, 0, ap, 0, 10, 0));
	show("sendfile to O_APPEND", sendfile(ap, src, 0, 10));
	close(ap);

	int p[2];
	pipe(p);
	write(p[1], buf, 3000);
	out = 500;
	show("splice 3000 at 500", splice(p[0], 0, dst, &out, 3000, 0));
	show("splice at the limit", splice(p[0], 0, dst, &out, 3000, 0));
	close(p[1]);
	char rest[4096];
	show("pipe left", read(p[0], rest, sizeof rest));
	show("splice from an empty pipe at the limit", splice(p[0], 0, dst, &out, 3000, 0));
	close(p[0]);
	printf("dst size %ld\n", size(dst));
	close(src);
	close(dst);
}

static void others(void) {
	int p[2];
	pipe(p);
	show("pipe write 3000", write(p[1], buf, 3000));
	close(p[0]);
	close(p[1]);
	int s[2];
	socketpair(AF_UNIX, SOCK_STREAM, 0, s);
	show("socket write 3000", write(s[0], buf, 3000));
	close(s[0]);
	close(s[1]);
	int n = open("/dev/null", O_WRONLY);
	show("/dev/null write 3000", write(n, buf, 3000));
	show("/dev/null pwrite at 5000", pwrite(n, buf, 3000, 5000));
	close(n);
}

static void defaultAction(void) {
	struct rlimit core = {0, 0};
	setrlimit(RLIMIT_CORE, &core);
	signal(SIGXFSZ, SIG_DFL);
	int fd = create("dfl");
	res("child: write 1500", write(fd, buf, 1500));
	fflush(stdout);
	res("child: write at the limit", write(fd, buf, 1));
}

static void inherited(void) {
	struct rlimit rl;
	getrlimit(RLIMIT_FSIZE, &rl);
	printf("child: limit %ld\n", (long)rl.rlim_cur);
	int fd = create("inh");
	res("child: write 1500", write(fd, buf, 1500));
	res("child: write at the limit", write(fd, buf, 1));
}

static void others_limit(void) {
	int go[2], done[2];
	pipe(go);
	pipe(done);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		char c;
		read(go[0], &c, 1);
		struct rlimit rl;
		getrlimit(RLIMIT_FSIZE, &rl);
		printf("child: limit %ld\n", (long)rl.rlim_cur);
		int fd = create("prl");
		res("child: write 1000", write(fd, buf, 1000));
		res("child: write at 500 bytes", write(fd, buf, 1));
		fflush(stdout);
		_exit(0);
	}
	struct rlimit rl = {500, RLIM_INFINITY}, old;
	res("prlimit child 500", prlimit(pid, RLIMIT_FSIZE, &rl, &old));
	printf("its old limit %ld\n", (long)old.rlim_cur);
	getrlimit(RLIMIT_FSIZE, &old);
	printf("own limit %ld\n", (long)old.rlim_cur);
	write(go[1], "x", 1);
	int st;
	waitpid(pid, &st, 0);
	printf("prlimit child: exit %d\n", WEXITSTATUS(st));
	res("prlimit of a reaped child", prlimit(pid, RLIMIT_FSIZE, 0, &old));
}

int main(void) {
	setvbuf(stdout, 0, _IOLBF, 0);
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	struct sigaction sa = {0};
	sa.sa_sigaction = on_xfsz;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGXFSZ, &sa, 0);
	limit(LIM);
	struct rlimit rl;
	getrlimit(RLIMIT_FSIZE, &rl);
	printf("limit %ld max infinity %d\n", (long)rl.rlim_cur, rl.rlim_max == RLIM_INFINITY);

	printf("-- caught\n");
	regular();
	printf("siginfo: code %d own pid %d own uid %d\n", code, frompid, fromuid);
	copies();
	others();

	printf("-- ignored\n");
	signal(SIGXFSZ, SIG_IGN);
	sigs = 0;
	int fd = create("ign");
	show("write 1500", write(fd, buf, 1500));
	show("write at the limit", write(fd, buf, 1));
	show("ftruncate 5000", ftruncate(fd, 5000));
	close(fd);

	printf("-- default\n");
	report_child("default action", defaultAction);
	report_child("inherited, ignored", inherited);
	others_limit();

	const char *files[] = {"a", "src", "dst", "ign", "dfl", "inh", "prl"};
	for (unsigned i = 0; i < sizeof files / sizeof *files; i++)
		unlink(name(files[i]));
	rmdir(dir);
	return 0;
}
