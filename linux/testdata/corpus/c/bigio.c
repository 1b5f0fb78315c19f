/* One read or write of more than a MiB on a regular file moves it all,
 * as Linux does (up to MAX_RW_COUNT): write of 3 MiB + 5, read of the
 * whole file with one read into a larger buffer (the count is the file's
 * size), pread and pwrite of 2 MiB at an offset, a read across the end of
 * the file, and a read whose buffer ends in an unmapped page after 2 MiB
 * or comes from one (a partial count up to that page, not EFAULT: Linux's
 * filemap_read and generic_perform_write stop at the copy that faults).
 * bigio.expected is the output of this program built for x86-64 and run
 * on Linux 6.18; qemu-user 7.2 checks the whole buffer first and prints
 * -1 (EFAULT) and 0 for the last two reads and writes. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bigbuf.h"

int main(void) {
	unsigned char *w, *r;
	int fd = bigfile("bigio", &w, &r);
	long n = 3 * MB + 5;
	printf("write %ld\n", (long)write(fd, w, n));
	printf("lseek %ld\n", (long)lseek(fd, 0, SEEK_SET));
	memset(r, 0, 4 * MB);
	long got = read(fd, r, 4 * MB);
	printf("read %ld same %d sum %08x\n", got, memcmp(r, w, n) == 0, sum(r, got));
	printf("pwrite %ld\n", (long)pwrite(fd, w + 100, 2 * MB, MB / 2));
	memset(r, 0, 4 * MB);
	got = pread(fd, r, 2 * MB + 7, MB / 2 - 3);
	printf("pread %ld sum %08x\n", got, sum(r, got));
	printf("offset %ld\n", (long)lseek(fd, 0, SEEK_CUR));
	lseek(fd, 2 * MB, SEEK_SET);
	got = read(fd, r, 3 * MB);
	printf("read at 2 MiB %ld\n", got);
	/* A buffer of 2 MiB and a page, the page after it unmapped. */
	long pg = sysconf(_SC_PAGESIZE);
	unsigned char *m = mmap(NULL, 2 * MB + 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(m + 2 * MB + pg, pg);
	lseek(fd, 0, SEEK_SET);
	got = read(fd, m, 3 * MB);
	printf("read into a short buffer: 2 MiB + a page %d, the offset there %d\n", got == 2 * MB + pg,
	       lseek(fd, 0, SEEK_CUR) == 2 * MB + pg);
	lseek(fd, 0, SEEK_SET);
	got = write(fd, m, 3 * MB);
	printf("write from a short buffer: 2 MiB + a page %d\n", got == 2 * MB + pg);
	printf("size %ld\n", (long)lseek(fd, 0, SEEK_END));
	return 0;
}
