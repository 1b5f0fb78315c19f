//go:build linux

package linux

import "github.com/ppc64emu/ppc64emu/linux/abi"

// Memory protection keys as Linux 6.1 answers them on a POWER9 or POWER10
// with the radix MMU, the default of those processors: keys are a feature
// of the hash MMU only (arch/powerpc/mm/book3s64/pkeys.c finds none under
// radix, so MMU_FTR_PKEY is clear and num_pkey is 0), and with
// CONFIG_PPC_MEM_KEYS (Debian's and the distributions' kernels) the calls
// exist but no key can be had.

// pkeyAccessMask is PKEY_ACCESS_MASK of powerpc (asm/pkeys.h):
// PKEY_DISABLE_ACCESS, PKEY_DISABLE_WRITE and PKEY_DISABLE_EXECUTE.
const pkeyAccessMask = 0x7

// sysPkeyAlloc is pkey_alloc(2) (mm/mprotect.c): flags other than 0 and
// access rights outside PKEY_ACCESS_MASK are EINVAL; then mm_pkey_alloc
// finds no key: ENOSPC.
func sysPkeyAlloc(t *Thread, a *sysArgs) (uint64, int) {
	if a.Ulong(0) != 0 || a.Ulong(1)&^pkeyAccessMask != 0 {
		return 0, abi.EINVAL
	}
	return 0, abi.ENOSPC
}

// sysPkeyFree is pkey_free(2): powerpc's mm_pkey_free without the key
// feature returns -1, which the call passes on: EPERM, for any key.
func sysPkeyFree(t *Thread, a *sysArgs) (uint64, int) {
	return 0, abi.EPERM
}

// sysPkeyMprotect is pkey_mprotect(2): mprotect's checks, then a key other
// than -1 is EINVAL (mm_pkey_is_allocated: no key is below num_pkey, 0);
// with -1 it is mprotect.
func sysPkeyMprotect(t *Thread, a *sysArgs) (uint64, int) {
	return mprotect(t, a.Ptr(0), a.Size(1), a.Ulong(2), a.Int(3))
}
