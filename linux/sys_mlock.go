//go:build linux

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Memory locks (mm/mlock.c): mlock, mlock2, munlock, mlockall and
// munlockall keep which pages of the address space are locked
// (addressSpace.locked, Linux's VM_LOCKED vmas and mm->locked_vm) and
// check them as Linux 6.1 does: EPERM without RLIMIT_MEMLOCK or
// CAP_IPC_LOCK (can_do_mlock), ENOMEM past RLIMIT_MEMLOCK without
// CAP_IPC_LOCK, EINVAL for a range that wraps, ENOMEM for one with an
// unmapped page. Guest memory is the runner's to keep resident, so a lock
// changes nothing else; munmap and a mapping over locked pages unlock
// them, mremap moves them (unname, moveNames), fork's child and execve's
// new image start with none (Linux clears VM_LOCKED in dup_mmap).
// gpg's libgcrypt locks its secure memory with mlock and warns "using
// insecure memory" when it fails.

// powerpc's mlockall flags (arch/powerpc/include/uapi/asm/mman.h: not
// the generic 1, 2, 4) and mlock2's MLOCK_ONFAULT.
const (
	mclCurrent   = 0x2000
	mclFuture    = 0x4000
	mclOnfault   = 0x8000
	mlockOnfault = 1
)

// canMlock is can_do_mlock: a non-zero RLIMIT_MEMLOCK or CAP_IPC_LOCK.
func canMlock(t *Thread) (lim uint64, ok bool) {
	rl, _ := getrlimit(t, rlimitMemlock)
	return rl.Cur / mem.PageSize, rl.Cur != 0 || t.cred.capable(unix.CAP_IPC_LOCK)
}

func sysMlock(t *Thread, a *sysArgs) (uint64, int) {
	return 0, mlock(t, a.Ulong(0), a.Ulong(1))
}

func sysMlock2(t *Thread, a *sysArgs) (uint64, int) {
	if a.Ulong(2)&^mlockOnfault != 0 {
		return 0, abi.EINVAL
	}
	return 0, mlock(t, a.Ulong(0), a.Ulong(1))
}

// pageRange is Linux's rounding of a range the mlock calls take: start
// down to its page, len + start's offset up to whole pages (wrapping as
// PAGE_ALIGN does).
func pageRange(start, length uint64) (uint64, uint64) {
	off := start % mem.PageSize
	return start - off, (length + off + mem.PageSize - 1) &^ (mem.PageSize - 1)
}

func mlock(t *Thread, start, length uint64) int {
	lim, ok := canMlock(t)
	if !ok {
		return abi.EPERM
	}
	start, length = pageRange(start, length)
	mm := t.mm
	capable := t.cred.capable(unix.CAP_IPC_LOCK)
	if !capable {
		// Pages already locked in the range are not counted twice.
		locked := uint64(len(mm.locked)) + length/mem.PageSize
		if locked > lim {
			locked -= mm.lockedIn(start, length)
		}
		if locked > lim {
			return abi.ENOMEM
		}
	}
	if start+length < start {
		return abi.EINVAL
	}
	if length == 0 {
		return 0
	}
	if !mm.Mem.Mapped(start, length) {
		return abi.ENOMEM
	}
	if mm.locked == nil {
		mm.locked = map[uint64]struct{}{}
	}
	for p := start; p < start+length; p += mem.PageSize {
		mm.locked[p] = struct{}{}
	}
	return 0
}

func sysMunlock(t *Thread, a *sysArgs) (uint64, int) {
	start, length := pageRange(a.Ulong(0), a.Ulong(1))
	if start+length < start {
		return 0, abi.EINVAL
	}
	if length == 0 {
		return 0, 0
	}
	if !t.mm.Mem.Mapped(start, length) {
		return 0, abi.ENOMEM
	}
	t.mm.unlock(start, start+length)
	return 0, 0
}

func sysMlockall(t *Thread, a *sysArgs) (uint64, int) {
	flags := a.Ulong(0)
	if flags == 0 || flags&^(mclCurrent|mclFuture|mclOnfault) != 0 || flags == mclOnfault {
		return 0, abi.EINVAL
	}
	lim, ok := canMlock(t)
	if !ok {
		return 0, abi.EPERM
	}
	mm := t.mm
	var pages []uint64
	mm.Mem.Regions(func(s, e uint64, _ mem.Perm) {
		for p := s; p < e; p += mem.PageSize {
			pages = append(pages, p)
		}
	})
	if flags&mclCurrent != 0 && uint64(len(pages)) > lim && !t.cred.capable(unix.CAP_IPC_LOCK) {
		return 0, abi.ENOMEM
	}
	mm.locked = nil
	if flags&mclCurrent != 0 {
		mm.locked = make(map[uint64]struct{}, len(pages))
		for _, p := range pages {
			mm.locked[p] = struct{}{}
		}
	}
	return 0, 0
}

func sysMunlockall(t *Thread, a *sysArgs) (uint64, int) {
	t.mm.locked = nil
	return 0, 0
}

// lockedIn is the number of locked pages in [start, start+length).
func (mm *addressSpace) lockedIn(start, length uint64) uint64 {
	var n uint64
	for p := range mm.locked {
		if p-start < length {
			n++
		}
	}
	return n
}

// unlock unlocks the pages of [start, end).
func (mm *addressSpace) unlock(start, end uint64) {
	for p := range mm.locked {
		if p >= start && p < end {
			delete(mm.locked, p)
		}
	}
}
