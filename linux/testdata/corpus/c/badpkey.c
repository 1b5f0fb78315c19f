/* Memory protection keys (pkey_alloc, pkey_free, pkey_mprotect; qemu-user
 * 7.2 answers ENOSYS) as Linux 6.1 answers them on a POWER9 or POWER10
 * with the radix MMU: keys are the hash MMU's only
 * (arch/powerpc/mm/book3s64/pkeys.c finds none under radix: MMU_FTR_PKEY
 * clear, num_pkey 0; asm/pkeys.h). badpkey.expected is written from those
 * sources and mm/mprotect.c (a native run on x86-64 is not the reference:
 * keys there are the CPU's):
 *  - pkey_alloc: flags other than 0 (an unsigned long: garbage in the
 *    upper half counts) and access rights outside PKEY_ACCESS_MASK (7 on
 *    powerpc) are EINVAL, then mm_pkey_alloc finds no key: ENOSPC;
 *  - pkey_free: mm_pkey_free returns -1 without the key feature: EPERM,
 *    for any key;
 *  - pkey_mprotect (do_mprotect_pkey): mprotect's checks of the address,
 *    length (0 succeeds first), end and protection, then a key other than
 *    -1 (an int) is EINVAL, key 0 too (not below num_pkey), before the
 *    range is looked up (ENOMEM); key -1 is mprotect. */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "res.h"

int main(void) {
	char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *bad = (void *)0x1000;
	res("pkey_alloc flags 1", syscall(SYS_pkey_alloc, 1, 0));
	res("pkey_alloc flags in the upper half", syscall(SYS_pkey_alloc, 0xdead00000000UL, 0));
	res("pkey_alloc rights 8", syscall(SYS_pkey_alloc, 0, 8));
	res("pkey_alloc", syscall(SYS_pkey_alloc, 0, 0));
	res("pkey_alloc PKEY_DISABLE_EXECUTE", syscall(SYS_pkey_alloc, 0, 4));
	res("pkey_free 0", syscall(SYS_pkey_free, 0));
	res("pkey_free -1", syscall(SYS_pkey_free, -1));
	res("pkey_free 5", syscall(SYS_pkey_free, 5));
	res("pkey_mprotect unaligned", syscall(SYS_pkey_mprotect, p + 1, 4096, PROT_READ, 1));
	res("pkey_mprotect length 0, key 1", syscall(SYS_pkey_mprotect, p, 0, PROT_READ, 1));
	res("pkey_mprotect wrapping end", syscall(SYS_pkey_mprotect, p, -4096L, PROT_READ, 1));
	res("pkey_mprotect bad prot", syscall(SYS_pkey_mprotect, p, 4096, 0x100, 1));
	res("pkey_mprotect key 1, unmapped", syscall(SYS_pkey_mprotect, bad, 4096, PROT_READ, 1));
	res("pkey_mprotect key 0", syscall(SYS_pkey_mprotect, p, 4096, PROT_READ, 0));
	res("pkey_mprotect key -1, unmapped", syscall(SYS_pkey_mprotect, bad, 4096, PROT_READ, -1));
	res("pkey_mprotect key -1, garbage upper half", syscall(SYS_pkey_mprotect, p, 4096, PROT_READ, 0xdeadffffffffUL));
	res("pkey_mprotect key -1 back", syscall(SYS_pkey_mprotect, p, 4096, PROT_READ | PROT_WRITE, -1));
	p[0] = 1;
	res("written", p[0]);
	return 0;
}
