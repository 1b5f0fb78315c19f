/* The requests the runner said ENOTTY to until tidy34 (docs/debian-corpus.md):
   /dev/random's (Linux 6.1's random_ioctl, drivers/char/random.c), a
   socket's owner (FIOSETOWN, SIOCSPGRP, FIOGETOWN, SIOCGPGRP: sock_ioctl,
   net/socket.c, the owner of fcntl's F_SETOWN), a file system's label
   (FS_IOC_GETFSLABEL, FS_IOC_SETFSLABEL), FIDEDUPERANGE
   (ioctl_file_dedupe_range, fs/ioctl.c) and FIFREEZE, FITHAW, FITRIM.

   The entropy count is printed as positive, not as its value; the
   requests that need CAP_SYS_ADMIN are made as root (the pool is not
   changed by any of them on Linux 6.1 once ready: a count of 0, 4 bytes
   credited as 0 bits, a reseed) and by a child that became nobody
   (EPERM). The label is that of the first of /var/tmp, /tmp and . whose
   file system has one; a bad pointer is EFAULT (as root; nobody's
   SETFSLABEL is EPERM before the label is read). FIDEDUPERANGE's
   refusals before the file system acts: a count whose structure is over
   a page (ENOMEM), one that cannot be read (EFAULT), a source opened for
   writing only or a reserved field set (EINVAL), a directory (EISDIR), a
   pipe (EINVAL); a regular file's dedupe is "answered" whether its file
   system has it (0) or not (EOPNOTSUPP).

   Expected output: a native run as root on x86-64 Linux 6.18 (ext4),
   which ppc64emu's matches in both byte orders, except the lines
   "fifreeze of a pipe" and "fithaw of a pipe": natively root gets
   EOPNOTSUPP and EINVAL there (pipefs cannot freeze, and is not frozen),
   while the runner refuses FIFREEZE and FITHAW to every caller with the
   EPERM a caller without CAP_SYS_ADMIN gets (the child's lines, native),
   so that no guest ever freezes the host's file system (linux/doc.go).
   Only pipes are frozen or trimmed here: the program is safe to run
   natively as root. qemu-user 7.2 passes RNDGETENTCNT, the other
   random requests and the owner's to the host, and says ENOSYS to the
   rest (RNDADDENTROPY, the label, FIDEDUPERANGE, FIFREEZE, FITHAW,
   FITRIM, a request it does not know). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <linux/random.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fsfile.h"

static const char *res(int r) {
	static char b[64];
	snprintf(b, sizeof b, "-1 %s", strerrorname_np(errno));
	return r >= 0 ? "0" : b;
}

/* Whether fd's file system has a label. */
static int haslabel(int fd) {
	char l[FSLABEL_MAX];
	return ioctl(fd, FS_IOC_GETFSLABEL, l) == 0;
}

/* The requests that need CAP_SYS_ADMIN, by whoever runs this. */
static void admin(const char *who, int rnd, int lfd, int pipefd) {
	int n = 0;
	printf("%s: rndaddtoentcnt 0: %s\n", who, res(ioctl(rnd, RNDADDTOENTCNT, &n)));
	printf("%s: rndzapentcnt: %s\n", who, res(ioctl(rnd, RNDZAPENTCNT)));
	printf("%s: rndclearpool: %s\n", who, res(ioctl(rnd, RNDCLEARPOOL)));
	printf("%s: rndreseedcrng: %s\n", who, res(ioctl(rnd, RNDRESEEDCRNG)));
	struct {
		int count, size;
		unsigned char buf[4];
	} e = {0, 4, {1, 2, 3, 4}};
	printf("%s: rndaddentropy 4 bytes, 0 bits: %s\n", who, res(ioctl(rnd, RNDADDENTROPY, &e)));
	if (lfd >= 0) {
		char l[FSLABEL_MAX] = "x";
		printf("%s: setfslabel of a bad pointer: %s\n", who, res(ioctl(lfd, FS_IOC_SETFSLABEL, (void *)8)));
		if (geteuid() != 0)
			printf("%s: setfslabel: %s\n", who, res(ioctl(lfd, FS_IOC_SETFSLABEL, l)));
	}
	int v = 0;
	printf("%s: fifreeze of a pipe: %s\n", who, res(ioctl(pipefd, FIFREEZE, &v)));
	printf("%s: fithaw of a pipe: %s\n", who, res(ioctl(pipefd, FITHAW, &v)));
	struct fstrim_range tr = {0, ULLONG_MAX, 0};
	printf("%s: fitrim of a pipe: %s\n", who, res(ioctl(pipefd, FITRIM, &tr)));
}

int main(void) {
	setvbuf(stdout, NULL, _IONBF, 0);
	int p[2];
	if (pipe(p))
		return 1;

	/* /dev/random and /dev/urandom. */
	int rnd = open("/dev/random", O_RDONLY), urnd = open("/dev/urandom", O_RDWR);
	if (rnd < 0 || urnd < 0)
		return 1;
	int cnt = -1;
	int r = ioctl(rnd, RNDGETENTCNT, &cnt);
	printf("rndgetentcnt: %s, positive %d\n", res(r), cnt > 0);
	cnt = -1;
	r = ioctl(urnd, RNDGETENTCNT, &cnt);
	printf("rndgetentcnt of urandom: %s, positive %d\n", res(r), cnt > 0);
	printf("rndgetentcnt to 8: %s\n", res(ioctl(rnd, RNDGETENTCNT, (void *)8)));
	printf("rndgetentcnt of a pipe: %s\n", res(ioctl(p[0], RNDGETENTCNT, &cnt)));
	printf("an unknown request of random: %s\n", res(ioctl(rnd, _IO('R', 0x10))));
	printf("fionbio of random: %s\n", res(ioctl(rnd, FIONBIO, &(int){0})));
	int neg = -1;
	printf("rndaddtoentcnt -1: %s\n", res(ioctl(rnd, RNDADDTOENTCNT, &neg)));
	printf("rndaddtoentcnt from 8: %s\n", res(ioctl(rnd, RNDADDTOENTCNT, (void *)8)));
	struct {
		int count, size;
	} e = {-1, 0};
	printf("rndaddentropy -1 bits: %s\n", res(ioctl(rnd, RNDADDENTROPY, &e)));
	e.count = 0, e.size = -1;
	printf("rndaddentropy -1 bytes: %s\n", res(ioctl(rnd, RNDADDENTROPY, &e)));
	/* The bytes run past the end of the mapping. */
	long pg = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || munmap(m + pg, pg))
		return 1;
	int *pe = (int *)(m + pg - 16);
	pe[0] = 0, pe[1] = 64;
	printf("rndaddentropy past the mapping: %s\n", res(ioctl(rnd, RNDADDENTROPY, pe)));
	printf("rndaddentropy from 8: %s\n", res(ioctl(rnd, RNDADDENTROPY, (void *)8)));

	/* A socket's owner. */
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 1;
	pid_t self = getpid();
	int o = -1;
	r = ioctl(sv[0], FIOGETOWN, &o);
	printf("fiogetown of a new socket: %s %d\n", res(r), o);
	printf("fiosetown self: %s\n", res(ioctl(sv[0], FIOSETOWN, &self)));
	o = -1;
	r = ioctl(sv[0], FIOGETOWN, &o);
	printf("fiogetown: %s self %d\n", res(r), o == self);
	o = -1;
	r = ioctl(sv[0], SIOCGPGRP, &o);
	printf("siocgpgrp: %s self %d\n", res(r), o == self);
	printf("f_getown: self %d\n", fcntl(sv[0], F_GETOWN) == self);
	int z = 0;
	r = ioctl(sv[0], SIOCSPGRP, &z);
	printf("siocspgrp 0: %s, f_getown %d\n", res(r), fcntl(sv[0], F_GETOWN));
	fcntl(sv[0], F_SETOWN, self);
	o = -1;
	ioctl(sv[0], FIOGETOWN, &o);
	printf("after f_setown: fiogetown self %d\n", o == self);
	int nopid = 0x7ffffff0, intmin = INT_MIN;
	printf("fiosetown of no process: %s\n", res(ioctl(sv[0], FIOSETOWN, &nopid)));
	printf("siocspgrp INT_MIN: %s\n", res(ioctl(sv[0], SIOCSPGRP, &intmin)));
	printf("fiosetown from 8: %s\n", res(ioctl(sv[0], FIOSETOWN, (void *)8)));
	printf("fiogetown to 8: %s\n", res(ioctl(sv[0], FIOGETOWN, (void *)8)));
	printf("owner kept: %d\n", fcntl(sv[0], F_GETOWN) == self);
	printf("fiosetown of a pipe: %s\n", res(ioctl(p[1], FIOSETOWN, &self)));
	printf("siocgpgrp of a pipe: %s\n", res(ioctl(p[0], SIOCGPGRP, &o)));

	/* The file system's label. */
	char path[256];
	int lfd = fsfile(path, "moreioctl", haslabel);
	if (lfd < 0) {
		printf("no file system here has a label\n");
	} else {
		char l[FSLABEL_MAX];
		memset(l, 'x', sizeof l);
		r = ioctl(lfd, FS_IOC_GETFSLABEL, l);
		printf("getfslabel: %s, terminated %d\n", res(r), memchr(l, 0, sizeof l) != NULL);
		printf("getfslabel to 8: %s\n", res(ioctl(lfd, FS_IOC_GETFSLABEL, (void *)8)));
	}
	printf("getfslabel of a pipe: %s\n", res(ioctl(p[0], FS_IOC_GETFSLABEL, path)));

	/* FIDEDUPERANGE. */
	char dpath[300];
	snprintf(dpath, sizeof dpath, "%s.d", lfd >= 0 ? path : "moreioctl");
	int src = open(dpath, O_RDWR | O_CREAT | O_TRUNC, 0600);
	int wo = open(dpath, O_WRONLY);
	if (src < 0 || wo < 0 || write(src, "0123456789abcdef", 16) != 16)
		return 1;
	struct file_dedupe_range *d = calloc(1, sizeof *d + 2 * sizeof d->info[0]);
	d->src_offset = 0, d->src_length = 16, d->dest_count = 2;
	d->info[0].dest_fd = src, d->info[0].dest_offset = 0;
	d->info[1].dest_fd = 999, d->info[1].dest_offset = 0;
	printf("fideduperange from 8: %s\n", res(ioctl(src, FIDEDUPERANGE, (void *)8)));
	struct file_dedupe_range big = {.dest_count = 200};
	printf("fideduperange of 200 over a page: %s\n", res(ioctl(src, FIDEDUPERANGE, &big)));
	struct file_dedupe_range *end = (void *)(m + pg - sizeof *end);
	*end = (struct file_dedupe_range){.src_length = 16, .dest_count = 1};
	printf("fideduperange past the mapping: %s\n", res(ioctl(src, FIDEDUPERANGE, end)));
	printf("fideduperange of a write-only source: %s\n", res(ioctl(wo, FIDEDUPERANGE, d)));
	d->reserved1 = 1;
	printf("fideduperange with reserved1: %s\n", res(ioctl(src, FIDEDUPERANGE, d)));
	d->reserved1 = 0;
	int dir = open(".", O_RDONLY | O_DIRECTORY);
	printf("fideduperange of a directory: %s\n", res(ioctl(dir, FIDEDUPERANGE, d)));
	printf("fideduperange of a pipe: %s\n", res(ioctl(p[0], FIDEDUPERANGE, d)));
	r = ioctl(src, FIDEDUPERANGE, d);
	printf("fideduperange of a file: %s\n", r == 0 || errno == EOPNOTSUPP ? "answered" : res(r));
	unlink(dpath);

	/* The requests that need CAP_SYS_ADMIN: as root, then as nobody. */
	admin(geteuid() == 0 ? "root" : "user", rnd, lfd, p[0]);
	pid_t c = fork();
	if (c == 0) {
		if (geteuid() == 0 && setresuid(65534, 65534, 65534))
			_exit(1);
		admin("nobody", rnd, lfd, p[0]);
		_exit(0);
	}
	int st;
	if (c < 0 || waitpid(c, &st, 0) != c || st != 0)
		return 1;
	if (lfd >= 0)
		unlink(path);
	return 0;
}
