/* /proc/self/mem: reads and writes of the process's own memory at the file
 * offset, past page protection, stopping at an unmapped page (EIO when
 * nothing moved); lseek takes SEEK_SET and SEEK_CUR only; readv and writev
 * move one iovec at a time as read and write do (do_loop_readv_writev:
 * stop after a short one; an error only when nothing moved). The expected
 * output (procmem.expected) follows Linux's fs/proc/base.c (mem_rw,
 * mem_lseek): qemu-user hands the guest the host's file. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

static volatile int var = 1234;
static volatile int pair[2] = {11, 22};

__attribute__((noinline)) static int f(void) { return 1; }

static const char *err(long r) { return r < 0 ? strerror(errno) : "ok"; }

int main(void) {
	int fd = open("/proc/self/mem", O_RDWR);
	if (fd < 0) { printf("open: %s\n", strerror(errno)); return 1; }
	int v = 0;
	long r = pread(fd, &v, sizeof v, (off_t)(uintptr_t)&var);
	printf("pread var: %ld %d\n", r, v);
	v = 5678;
	r = pwrite(fd, &v, sizeof v, (off_t)(uintptr_t)&var);
	printf("pwrite var: %ld, var now %d\n", r, var);

	long pg = sysconf(_SC_PAGESIZE);
	char *ro = mmap(0, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	strcpy(ro + pg - 8, "abcdefg");
	mprotect(ro, pg, PROT_READ);
	munmap(ro + pg, pg);
	r = pwrite(fd, "XY", 2, (off_t)(uintptr_t)(ro + 16));
	printf("pwrite read-only page: %ld, reads \"%.2s\"\n", r, ro + 16);
	char buf[16];
	memset(buf, 0, sizeof buf);
	r = pread(fd, buf, 16, (off_t)(uintptr_t)(ro + pg - 8));
	printf("pread across the end of the mapping: %ld \"%s\"\n", r, buf);
	r = pread(fd, buf, 16, (off_t)(uintptr_t)(ro + pg));
	printf("pread unmapped: %ld %s\n", r, err(r));
	r = pwrite(fd, buf, 16, (off_t)(uintptr_t)(ro + pg));
	printf("pwrite unmapped: %ld %s\n", r, err(r));

	off_t at = lseek(fd, (off_t)(uintptr_t)&var, SEEK_SET);
	printf("lseek SEEK_SET: %s\n", at == (off_t)(uintptr_t)&var ? "at var" : "elsewhere");
	r = read(fd, &v, sizeof v);
	printf("read: %ld %d, offset %s\n", r, v,
	       lseek(fd, 0, SEEK_CUR) == (off_t)(uintptr_t)&var + 4 ? "advanced 4" : "wrong");
	r = lseek(fd, 0, SEEK_END);
	printf("lseek SEEK_END: %ld %s\n", r, err(r));

	off_t pa = (off_t)(uintptr_t)pair;
	int x = 0, y = 0;
	struct iovec two[2] = {{&x, sizeof x}, {&y, sizeof y}};
	lseek(fd, pa, SEEK_SET);
	r = readv(fd, two, 2);
	printf("readv: %ld %d %d, offset %s\n", r, x, y, lseek(fd, 0, SEEK_CUR) == pa + 8 ? "advanced 8" : "wrong");
	x = 33, y = 44;
	lseek(fd, pa, SEEK_SET);
	r = writev(fd, two, 2);
	printf("writev: %ld, pair now %d %d, offset %s\n", r, pair[0], pair[1], lseek(fd, 0, SEEK_CUR) == pa + 8 ? "advanced 8" : "wrong");
	char b1[16], b2[4];
	memset(b1, 0, sizeof b1);
	struct iovec across[2] = {{b1, 16}, {b2, 4}};
	lseek(fd, (off_t)(uintptr_t)(ro + pg - 8), SEEK_SET);
	r = readv(fd, across, 2);
	printf("readv across the end of the mapping: %ld \"%s\"\n", r, b1);
	lseek(fd, (off_t)(uintptr_t)(ro + pg), SEEK_SET);
	r = readv(fd, across, 2);
	printf("readv unmapped: %ld %s\n", r, err(r));
	struct iovec badbuf = {(void *)(ro + pg), 4};
	lseek(fd, pa, SEEK_SET);
	r = writev(fd, &badbuf, 1);
	printf("writev from an unmapped buffer: %ld %s\n", r, err(r));

	/* preadv, preadv2 and pwritev (do_preadv, do_pwritev): one mem_rw
	 * per iovec at the offset, the file's offset untouched; a negative
	 * offset EINVAL (preadv2's -1: the file's offset, as readv), and so
	 * is pread's; an RWF_ flag but RWF_HIPRI EOPNOTSUPP
	 * (do_loop_readv_writev), unless nothing is to move. */
	x = y = 0;
	lseek(fd, 0, SEEK_SET);
	r = preadv(fd, two, 2, pa);
	printf("preadv: %ld %d %d, offset %s\n", r, x, y, lseek(fd, 0, SEEK_CUR) == 0 ? "untouched" : "moved");
	memset(b1, 0, sizeof b1);
	r = preadv(fd, across, 2, (off_t)(uintptr_t)(ro + pg - 8));
	printf("preadv across the end of the mapping: %ld \"%s\"\n", r, b1);
	r = preadv(fd, across, 2, (off_t)(uintptr_t)(ro + pg));
	printf("preadv unmapped: %ld %s\n", r, err(r));
	r = preadv(fd, &badbuf, 1, pa);
	printf("preadv to an unmapped buffer: %ld %s\n", r, err(r));
	r = preadv(fd, two, 2, -8);
	printf("preadv at -8: %ld %s; ", r, err(r));
	r = pread(fd, &v, sizeof v, -1);
	printf("pread at -1: %ld %s\n", r, err(r));
	lseek(fd, pa, SEEK_SET);
	x = y = 0;
	r = preadv2(fd, two, 2, -1, 0);
	printf("preadv2 at -1: %ld %d %d, offset %s\n", r, x, y, lseek(fd, 0, SEEK_CUR) == pa + 8 ? "advanced 8" : "wrong");
	r = preadv2(fd, two, 2, pa, RWF_HIPRI);
	printf("preadv2 RWF_HIPRI: %ld %s; ", r, err(r));
	r = preadv2(fd, two, 2, pa, RWF_NOWAIT);
	printf("RWF_NOWAIT: %ld %s; ", r, err(r));
	struct iovec none = {b1, 0};
	r = preadv2(fd, &none, 1, pa, RWF_NOWAIT);
	printf("RWF_NOWAIT of nothing: %ld %s\n", r, err(r));
	x = 55, y = 66;
	r = pwritev(fd, two, 2, pa);
	printf("pwritev: %ld, pair now %d %d\n", r, pair[0], pair[1]);
	r = pwritev2(fd, two, 2, pa, RWF_DSYNC);
	printf("pwritev2 RWF_DSYNC: %ld %s; ", r, err(r));
	r = pwritev(fd, two, 2, (off_t)(uintptr_t)(ro + pg));
	printf("pwritev unmapped: %ld %s\n", r, err(r));

	/* The open's access mode: a write-only descriptor's reads and a
	 * read-only one's writes are EBADF (vfs_read, vfs_write), after
	 * a negative offset's EINVAL. */
	int wfd = open("/proc/self/mem", O_WRONLY), rfd = open("/proc/self/mem", O_RDONLY);
	r = pread(wfd, &v, sizeof v, pa);
	printf("O_WRONLY: pread %ld %s; ", r, err(r));
	r = preadv(wfd, two, 2, pa);
	printf("preadv %ld %s; ", r, err(r));
	lseek(wfd, pa, SEEK_SET);
	r = read(wfd, &v, sizeof v);
	printf("read %ld %s; ", r, err(r));
	x = 88;
	r = pwrite(wfd, &x, sizeof x, pa);
	printf("pwrite %ld, pair now %d\n", r, pair[0]);
	x = 77;
	r = pwrite(rfd, &x, sizeof x, pa);
	printf("O_RDONLY: pwrite %ld %s; ", r, err(r));
	r = pwritev(rfd, two, 2, pa);
	printf("pwritev %ld %s; ", r, err(r));
	lseek(rfd, pa, SEEK_SET);
	r = writev(rfd, two, 2);
	printf("writev %ld %s; ", r, err(r));
	r = pwrite(rfd, &x, sizeof x, -1);
	printf("pwrite at -1 %ld %s; pair now %d\n", r, err(r), pair[0]);
	close(wfd);
	close(rfd);

	/* A debugger's breakpoint: patch read-only text (li r3,1 -> li r3,2). */
#if defined(_CALL_ELF) && _CALL_ELF == 2
	uintptr_t code = (uintptr_t)f;
#else
	uintptr_t code = *(uintptr_t *)(void *)f; /* ELFv1: a function descriptor */
#endif
	uint32_t w = 0;
	pread(fd, &w, 4, (off_t)code);
	if (w == 0x38600001) {
		uint32_t li2 = 0x38600002;
		r = pwrite(fd, &li2, 4, (off_t)code);
		printf("patch text: %ld, f() = %d\n", r, f());
	} else {
		printf("patch text: f does not start with li r3,1 (%08x)\n", w);
	}
	close(fd);
	return 0;
}
