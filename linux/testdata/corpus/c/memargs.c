/* Memory-management and futex calls with bad addresses, lengths and
 * flags. Compared with memargs.expected, written from Linux's sources:
 *  - munmap (mm/mmap.c, do_vmi_munmap): a start above TASK_SIZE or a
 *    length reaching past it is EINVAL, so munmap of the top page is;
 *  - mprotect (mm/mprotect.c, do_mprotect_pkey): an unaligned start or a
 *    prot bit outside PROT_READ|WRITE|EXEC|SEM|GROWSDOWN|GROWSUP (and SAO
 *    on CPUs with it) is EINVAL; a length that wraps past the end of the
 *    address space is ENOMEM, as is an unmapped page in the range;
 *  - madvise (mm/madvise.c, do_madvise): unknown advice, an unaligned
 *    start or a length that wraps is EINVAL; advice over a range with an
 *    unmapped page is ENOMEM;
 *  - futex (kernel/futex/core.c, get_futex_key): a misaligned word is
 *    EINVAL; a shared (non-private) futex word on an unmapped page is
 *    EFAULT (get_user_pages fails), as is the second word of
 *    FUTEX_CMP_REQUEUE; a private futex word is not looked up, so
 *    FUTEX_WAKE|FUTEX_PRIVATE_FLAG on an unmapped page wakes 0 waiters.
 * qemu-user 7.2 differs: it accepts munmap of the top page, does not look
 * at madvise's range, and checks mprotect's prot bits against its own
 * list. */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

static long futex(void *uaddr, int op, int val, void *uaddr2, int val3) {
	return syscall(SYS_futex, uaddr, op, val, (void *)0, uaddr2, val3);
}

int main(void) {
	char *p = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *hole = p + 4096;
	munmap(hole, 4096);
	res("munmap top page", munmap((void *)-4096L, 4096));
	res("munmap length past the top", munmap(p, -4096L));
	res("munmap unaligned", munmap(p + 1, 4096));
	res("munmap length 0", munmap(p, 0));
	res("mprotect wrapping length", mprotect(p, -4096L, PROT_READ));
	res("mprotect length rounds to 0", mprotect(p, -1L, PROT_READ));
	res("mprotect bad prot", mprotect(p, 4096, 0x100));
	res("mprotect over a hole", mprotect(p, 3 * 4096, PROT_READ | PROT_WRITE)); /* Linux changes the first page, then fails */
	res("mprotect length 0 unmapped", mprotect(hole, 0, PROT_READ));
	res("madvise wrapping length", madvise(p, -4096L, MADV_NORMAL));
	res("madvise length rounds to 0", madvise(p, -1L, MADV_NORMAL));
	res("madvise bad advice", madvise(p, 4096, 999));
	res("madvise unaligned", madvise(p + 1, 4096, MADV_NORMAL));
	res("madvise over a hole", madvise(p, 3 * 4096, MADV_DONTNEED));
	res("madvise unmapped", madvise(hole, 4096, MADV_NORMAL));
	res("madvise length 0", madvise(hole, 0, MADV_NORMAL));
	uint32_t *w = (uint32_t *)p;
	res("futex wake misaligned", futex(p + 1, FUTEX_WAKE, 1, 0, 0));
	res("futex wake unmapped", futex(hole, FUTEX_WAKE, 1, 0, 0));
	res("futex wake private unmapped", futex(hole, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, 0, 0));
	res("futex wake NULL", futex(0, FUTEX_WAKE, 1, 0, 0));
	*w = 7;
	res("futex cmp_requeue bad second", futex(w, FUTEX_CMP_REQUEUE, 1, hole, 7));
	res("futex cmp_requeue misaligned second", futex(w, FUTEX_CMP_REQUEUE, 1, p + 2, 7));
	res("futex cmp_requeue value differs", futex(w, FUTEX_CMP_REQUEUE, 1, w + 1, 8));
	res("futex cmp_requeue", futex(w, FUTEX_CMP_REQUEUE, 1, w + 1, 7));
	return 0;
}
