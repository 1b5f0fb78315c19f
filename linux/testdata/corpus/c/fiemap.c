/* FS_IOC_FIEMAP, the extents of a file (Linux's ioctl_fiemap and
   fiemap_prep, fs/ioctl.c). util-linux's mkswap asks for them to warn of a
   swap file with holes, and the runner said ENOTTY, so its warning was
   missing under ppc64emu (the disk-images Debian case). Checked: a pipe, a
   socket and a procfs file map no extents (EOPNOTSUPP, even with no
   header); on a file with data at known places and holes between them
   (made in the first of /var/tmp, /tmp and . whose file system maps
   extents), the mapped extents cover each piece of data and no hole, a
   count-only request counts them, a short array gets its count, the last
   extent carries FIEMAP_EXTENT_LAST, a request for 1500 extents gets
   them all (more than the runner's host calls ask for at once), an empty
   range and a count over FIEMAP_MAX_EXTENTS are EINVAL, an unknown flag
   is EBADR with that flag given back in fm_flags, a header or extent
   array the caller cannot write EFAULT. What the file system lays out
   (physical addresses, how it splits data into extents) is not printed.
   Expected output: a native run on x86-64 Linux 6.x (ext4; the file
   system's answer, the same for every architecture), which ppc64emu's
   matches in both byte orders. qemu-user 7.2 differs twice: with no
   header on a pipe it says EFAULT (it reads the header before it asks the
   host), and after EBADR it leaves the header as it was (fm_flags 0x81,
   where Linux gives back only the incompatible flag, 0x80). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fsfile.h"

#define PIECE 4096
#define STRIDE (2 * PIECE)
#define MANY 1500

static const char *err(int r) {
	static char b[64];
	if (r == 0)
		return "0";
	snprintf(b, sizeof b, "-1 %s", errno == EOPNOTSUPP ? "EOPNOTSUPP" : errno == EINVAL ? "EINVAL"
	                                  : errno == EFAULT   ? "EFAULT"
	                                  : errno == EBADR    ? "EBADR"
	                                  : errno == ENOTTY   ? "ENOTTY"
	                                                      : strerror(errno));
	return b;
}

static struct fiemap *ask(int fd, unsigned long long start, unsigned long long len, unsigned flags, unsigned count, int *r) {
	struct fiemap *m = calloc(1, sizeof *m + count * sizeof(struct fiemap_extent));
	m->fm_start = start;
	m->fm_length = len;
	m->fm_flags = flags;
	m->fm_extent_count = count;
	m->fm_mapped_extents = 12345;
	*r = ioctl(fd, FS_IOC_FIEMAP, m);
	return m;
}

/* covered says whether the extents of m cover [off, off+len) and none of
   them reaches into [hole, hole+hlen). */
static int covered(const struct fiemap *m, unsigned long long off, unsigned long long len) {
	for (unsigned i = 0; i < m->fm_mapped_extents; i++) {
		const struct fiemap_extent *x = &m->fm_extents[i];
		if (x->fe_logical <= off && off + len <= x->fe_logical + x->fe_length)
			return 1;
	}
	return 0;
}

static int overlaps(const struct fiemap *m, unsigned long long off, unsigned long long len) {
	for (unsigned i = 0; i < m->fm_mapped_extents; i++) {
		const struct fiemap_extent *x = &m->fm_extents[i];
		if (x->fe_logical < off + len && off < x->fe_logical + x->fe_length)
			return 1;
	}
	return 0;
}

static int sorted(const struct fiemap *m) {
	for (unsigned i = 1; i < m->fm_mapped_extents; i++)
		if (m->fm_extents[i].fe_logical < m->fm_extents[i - 1].fe_logical + m->fm_extents[i - 1].fe_length)
			return 0;
	return 1;
}

static int lastflag(const struct fiemap *m) {
	for (unsigned i = 0; i < m->fm_mapped_extents; i++)
		if (!!(m->fm_extents[i].fe_flags & FIEMAP_EXTENT_LAST) != (i + 1 == m->fm_mapped_extents))
			return 0;
	return 1;
}

/* Whether fd's file system answers FIEMAP. */
static int hasextents(int fd) {
	int r;
	free(ask(fd, 0, ~0ULL, 0, 0, &r));
	return r == 0;
}

static int mkfile(char *path) { return fsfile(path, "fiemap", hasextents); }

int main(void) {
	int r, p[2], s[2];
	struct fiemap *m;
	char path[256];

	/* Files without extents. */
	if (pipe(p) || socketpair(AF_UNIX, SOCK_STREAM, 0, s))
		return 1;
	free(ask(p[0], 0, ~0ULL, 0, 4, &r));
	printf("pipe: %s\n", err(r));
	printf("pipe, no header: %s\n", err(ioctl(p[1], FS_IOC_FIEMAP, NULL)));
	free(ask(s[0], 0, ~0ULL, 0, 4, &r));
	printf("socket: %s\n", err(r));
	int pf = open("/proc/self/status", O_RDONLY);
	free(ask(pf, 0, ~0ULL, 0, 4, &r));
	printf("procfs: %s\n", err(r));

	int fd = mkfile(path);
	if (fd < 0) {
		printf("no file system here maps extents\n");
		return 1;
	}
	unlink(path);
	char buf[PIECE];
	memset(buf, 'x', sizeof buf);
	/* Data at 0, 64 KiB and 1 MiB (a piece each), holes between. */
	unsigned long long at[] = {0, 65536, 1 << 20};
	for (int i = 0; i < 3; i++)
		if (pwrite(fd, buf, PIECE, at[i]) != PIECE)
			return 1;
	m = ask(fd, 0, ~0ULL, FIEMAP_FLAG_SYNC, 0, &r);
	unsigned n = m->fm_mapped_extents;
	printf("count only: %s, %s\n", err(r), n >= 3 ? "three or more" : "fewer than three");
	free(m);
	m = ask(fd, 0, ~0ULL, FIEMAP_FLAG_SYNC, 64, &r);
	printf("all: %s, count %s, data covered %d %d %d, holes unmapped %d %d, sorted %d, last flag %d\n", err(r),
	       m->fm_mapped_extents == n ? "as counted" : "differs", covered(m, at[0], PIECE), covered(m, at[1], PIECE),
	       covered(m, at[2], PIECE), !overlaps(m, PIECE, 65536 - PIECE), !overlaps(m, 65536 + PIECE, (1 << 20) - 65536 - PIECE),
	       sorted(m), lastflag(m));
	free(m);
	m = ask(fd, 0, ~0ULL, 0, 1, &r);
	printf("room for one: %s, mapped %u, first covers 0 %d\n", err(r), m->fm_mapped_extents, covered(m, 0, PIECE));
	free(m);
	m = ask(fd, 65536, PIECE, 0, 8, &r);
	printf("the middle piece: %s, covered %d, others %d %d\n", err(r), covered(m, 65536, PIECE), overlaps(m, 0, PIECE),
	       overlaps(m, 1 << 20, PIECE));
	free(m);
	m = ask(fd, 0, 0, 0, 8, &r);
	printf("empty range: %s\n", err(r));
	free(m);
	m = ask(fd, 0, ~0ULL, 0, 0, &r);
	m->fm_extent_count = 0xffffffffU / sizeof(struct fiemap_extent) + 1;
	r = ioctl(fd, FS_IOC_FIEMAP, m);
	printf("over FIEMAP_MAX_EXTENTS: %s\n", err(r));
	free(m);
	m = ask(fd, 0, ~0ULL, 0x80 | FIEMAP_FLAG_SYNC, 8, &r);
	printf("unknown flag 0x80 with FIEMAP_FLAG_SYNC: %s, fm_flags %#x\n", err(r), m->fm_flags);
	free(m);
	printf("header unwritable: %s\n", err(ioctl(fd, FS_IOC_FIEMAP, (void *)8)));
	/* A header on a page of its own, its extents on a read-only page. */
	long pg = sysconf(_SC_PAGESIZE);
	char *two = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct fiemap *h = (struct fiemap *)(two + pg - sizeof *h);
	h->fm_start = 0;
	h->fm_length = ~0ULL;
	h->fm_extent_count = 4;
	mprotect(two + pg, pg, PROT_READ);
	printf("extents unwritable: %s\n", err(ioctl(fd, FS_IOC_FIEMAP, h)));
	close(fd);

	/* 1500 pieces with holes between: more extents than one host call. */
	fd = mkfile(path);
	unlink(path);
	for (int i = 0; i < MANY; i++)
		if (pwrite(fd, buf, PIECE, (off_t)i * STRIDE) != PIECE)
			return 1;
	m = ask(fd, 0, ~0ULL, FIEMAP_FLAG_SYNC, MANY + 10, &r);
	int all = 1;
	for (int i = 0; i < MANY; i++)
		all &= covered(m, (unsigned long long)i * STRIDE, PIECE) && !overlaps(m, (unsigned long long)i * STRIDE + PIECE, PIECE);
	printf("%d pieces: %s, mapped %u, each covered %d, sorted %d, last flag %d\n", MANY, err(r), m->fm_mapped_extents, all,
	       sorted(m), lastflag(m));
	free(m);
	m = ask(fd, 0, ~0ULL, 0, 0, &r);
	printf("counted: %s, %u\n", err(r), m->fm_mapped_extents);
	free(m);
	m = ask(fd, (unsigned long long)1000 * STRIDE, ~0ULL, 0, 2000, &r);
	printf("from piece 1000: %s, mapped %u, first at piece %llu\n", err(r), m->fm_mapped_extents,
	       m->fm_mapped_extents ? m->fm_extents[0].fe_logical / STRIDE : 0ULL);
	free(m);
	return 0;
}
