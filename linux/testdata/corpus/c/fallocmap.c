/* A file mapped shared whose contents change under the mapping through
 * its descriptor: fallocate punching a hole, zeroing a range, collapsing
 * a range (the rest of the file moves down, the file shrinks) and
 * inserting one (it moves up), then pwrite, write and writev. Each page
 * of the mapping is read after every step (never beyond the end of the
 * file). Compared with qemu-user, and a recording of the run must replay
 * the same output (TestRecordReplayCorpus): the recording carries what
 * the calls changed in the mapped pages. A file system without collapse
 * or insert prints the same error under both runners. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>
#include "res.h"

#define PG 4096
#define NPG 4

static int fd;
static unsigned char *m;

/* show prints, for each page within the file, its first byte, the byte
 * at 150 and a checksum. */
static void show(const char *what) {
	struct stat st;
	fstat(fd, &st);
	printf("%s: size %ld:", what, (long)st.st_size);
	for (int p = 0; p < NPG && (long)(p + 1) * PG <= st.st_size; p++) {
		unsigned long sum = 0;
		for (int i = 0; i < PG; i++)
			sum = sum * 31 + m[p * PG + i];
		printf(" [%d %d %lx]", m[p * PG], m[p * PG + 150], sum & 0xffffff);
	}
	printf("\n");
}

int main(void) {
	char path[] = "/tmp/ppc64emu-fallocmap-XXXXXX";
	unsigned char page[PG];

	setvbuf(stdout, NULL, _IONBF, 0);
	fd = mkstemp(path);
	if (fd < 0)
		return 1;
	unlink(path);
	for (int p = 0; p < NPG; p++) {
		for (int i = 0; i < PG; i++)
			page[i] = 'a' + p + i % 7;
		write(fd, page, PG);
	}
	m = mmap(NULL, NPG * PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return 2;
	m[3 * PG + 5] = 'Z'; /* a store of the program's own */
	show("start");
	res("punch hole page 1", fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, PG, PG));
	show("punched");
	res("zero range in page 2", fallocate(fd, FALLOC_FL_ZERO_RANGE | FALLOC_FL_KEEP_SIZE, 2 * PG + 100, 200));
	show("zeroed");
	res("collapse page 0", fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, 0, PG));
	show("collapsed");
	res("insert page 1", fallocate(fd, FALLOC_FL_INSERT_RANGE, PG, PG));
	show("inserted");
	res("allocate to 4 pages", fallocate(fd, 0, 0, NPG * PG));
	show("allocated");
	res("pwrite 300 bytes at 1.5 pages", pwrite(fd, memset(page, 'P', 300), 300, PG + PG / 2));
	show("pwritten");
	lseek(fd, 3 * PG + 140, SEEK_SET);
	res("write 20 bytes at 3 pages + 140", write(fd, memset(page, 'W', 20), 20));
	show("written");
	static unsigned char big[5000];
	struct iovec iov[2] = {{memset(page, 'V', 10), 10}, {memset(big, 'B', sizeof big), sizeof big}};
	lseek(fd, 140, SEEK_SET);
	res("writev 5010 bytes at 140", writev(fd, iov, 2));
	show("writev");
	res("ftruncate 2 pages", ftruncate(fd, 2 * PG));
	show("truncated");
	return 0;
}
