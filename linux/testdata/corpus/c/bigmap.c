/* Huge reservations, as language runtimes make them: 64 GiB of PROT_NONE
 * address space with MAP_NORESERVE, a page in its middle made writable and
 * used, the whole unmapped; then 4 GiB of ordinary anonymous memory of
 * which one page is touched. Linux reserves address space lazily, so both
 * succeed at once and cost only the pages touched (the runner must too:
 * TestHugeReservation). Compared with qemu-user (whose own cost grows
 * with the size: about 6 s and 0.4 GB for the 64 GiB). */
#define _GNU_SOURCE
#include <stdint.h>
#include <sys/mman.h>
#include "res.h"

int main(void) {
	size_t big = (size_t)1 << 36;
	char *p = mmap(NULL, big, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		res("mmap 64 GiB", -1);
		return 1;
	}
	char *mid = p + big / 2;
	res("mprotect a page", mprotect(mid, 4096, PROT_READ | PROT_WRITE));
	mid[100] = 42;
	printf("read back: %d, page after still inaccessible: %s\n", mid[100],
	       mprotect(mid + 4096, 4096, PROT_NONE) == 0 ? "yes" : "no");
	res("munmap 64 GiB", munmap(p, big));
	size_t sz = (size_t)4 << 30;
	char *q = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (q == MAP_FAILED) {
		res("mmap 4 GiB", -1);
		return 1;
	}
	q[sz - 1] = 7;
	printf("4 GiB: last byte %d, first %d\n", q[sz - 1], q[0]);
	res("munmap 4 GiB", munmap(q, sz));
	return 0;
}
