package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

func init() {
	def(abi.SYS_BRK, sysBrk)
	def(abi.SYS_MMAP, sysMmap)
	def(abi.SYS_MUNMAP, sysMunmap)
	def(abi.SYS_MPROTECT, sysMprotect)
	def(abi.SYS_MADVISE, sysMadvise)
	def(abi.SYS_MREMAP, sysMremap)
}

// Guest memory helpers. A failed access is EFAULT.

func (t *Thread) read(addr uint64, n int) ([]byte, int) {
	b := make([]byte, n)
	if n > 0 && t.p.Mem.Read(addr, b) != nil {
		return nil, abi.EFAULT
	}
	return b, 0
}

func (t *Thread) write(addr uint64, b []byte) int {
	if d := t.p.dbg; d != nil {
		d.sysWrite(t, addr, b)
	}
	if len(b) > 0 && t.p.Mem.Write(addr, b) != nil {
		return abi.EFAULT
	}
	return 0
}

func (t *Thread) put64(addr, v uint64) int {
	var b [8]byte
	t.p.order.PutUint64(b[:], v)
	return t.write(addr, b[:])
}

func (t *Thread) put32(addr uint64, v uint32) int {
	var b [4]byte
	t.p.order.PutUint32(b[:], v)
	return t.write(addr, b[:])
}

func (t *Thread) get64(addr uint64) (uint64, int) {
	var b [8]byte
	if t.p.Mem.Read(addr, b[:]) != nil {
		return 0, abi.EFAULT
	}
	return t.p.order.Uint64(b[:]), 0
}

func (t *Thread) get32(addr uint64) (uint32, int) {
	var b [4]byte
	if t.p.Mem.Read(addr, b[:]) != nil {
		return 0, abi.EFAULT
	}
	return t.p.order.Uint32(b[:]), 0
}

func (t *Thread) str(addr uint64) (string, int) {
	s, err := t.p.Mem.ReadString(addr, 4096)
	if err != nil {
		return "", abi.EFAULT
	}
	return s, 0
}

// writable reports whether [addr, addr+n) may be written (checked before a
// host call consumes data).
func (t *Thread) writable(addr uint64, n int) bool {
	if n == 0 {
		return true
	}
	for a := addr &^ (mem.PageSize - 1); a < addr+uint64(n); a += mem.PageSize {
		if p, ok := t.p.Mem.Perm(a); !ok || p&mem.Write == 0 {
			return false
		}
	}
	return true
}

func pageUp(a uint64) uint64 { return (a + mem.PageSize - 1) &^ (mem.PageSize - 1) }

func protPerm(prot uint64) mem.Perm {
	var p mem.Perm
	if prot&abi.PROT_READ != 0 {
		p |= mem.Read
	}
	if prot&abi.PROT_WRITE != 0 {
		p |= mem.Write | mem.Read
	}
	if prot&abi.PROT_EXEC != 0 {
		p |= mem.Exec | mem.Read
	}
	return p
}

func sysBrk(t *Thread, a *[6]uint64) (uint64, int) {
	p := t.p
	want := a[0]
	if want < p.brkBase {
		return p.brk, 0
	}
	old, neu := pageUp(p.brk), pageUp(want)
	switch {
	case neu > old:
		if p.Mem.Map(old, neu-old, mem.RW) != nil {
			return p.brk, 0
		}
	case neu < old:
		_ = p.Mem.Unmap(neu, old-neu)
	}
	p.brk = want
	return p.brk, 0
}

func sysMmap(t *Thread, a *[6]uint64) (uint64, int) {
	p := t.p
	addr, length, prot, flags, fd, off := a[0], a[1], a[2], a[3], t.fd(a[4]), a[5]
	if length == 0 || off%mem.PageSize != 0 {
		return 0, abi.EINVAL
	}
	size := pageUp(length)
	if size < length {
		return 0, abi.ENOMEM
	}
	fixed := flags&(abi.MAP_FIXED|abi.MAP_FIXED_NOREPLACE) != 0
	if fixed {
		if addr%mem.PageSize != 0 {
			return 0, abi.EINVAL
		}
		if flags&abi.MAP_FIXED_NOREPLACE != 0 && !p.free(addr, size) {
			return 0, abi.EEXIST
		}
		_ = p.Mem.Unmap(addr, size)
	} else {
		a := addr &^ (mem.PageSize - 1)
		if a < 0x10000 || !p.free(a, size) {
			var ok bool
			a, ok = p.Mem.FindFreeDown(mmapBottom, mmapTop, size)
			if !ok {
				return 0, abi.ENOMEM
			}
		}
		addr = a
	}
	if err := p.Mem.Map(addr, size, protPerm(prot)); err != nil {
		return 0, abi.ENOMEM
	}
	if flags&abi.MAP_ANONYMOUS == 0 {
		// A private copy of the file's contents (MAP_SHARED of a file is
		// also a copy: writes are not written back).
		buf := make([]byte, length)
		var n int
		var err error
		t.block(func() { n, err = unix.Pread(fd, buf, int64(off)) })
		if err != nil {
			_ = p.Mem.Unmap(addr, size)
			return 0, errnoOf(err)
		}
		_ = p.Mem.Poke(addr, buf[:n])
	}
	return addr, 0
}

// free reports whether [addr, addr+size) is entirely unmapped.
func (p *Process) free(addr, size uint64) bool {
	a, ok := p.Mem.FindFree(addr, addr+size, size)
	return ok && a == addr
}

func sysMunmap(t *Thread, a *[6]uint64) (uint64, int) {
	if a[0]%mem.PageSize != 0 || a[1] == 0 {
		return 0, abi.EINVAL
	}
	if t.p.Mem.Unmap(a[0], pageUp(a[1])) != nil {
		return 0, abi.EINVAL
	}
	return 0, 0
}

func sysMprotect(t *Thread, a *[6]uint64) (uint64, int) {
	if a[0]%mem.PageSize != 0 {
		return 0, abi.EINVAL
	}
	if err := t.p.Mem.Protect(a[0], pageUp(a[1]), protPerm(a[2])); err != nil {
		return 0, abi.ENOMEM
	}
	return 0, 0
}

// mremap flags (linux/mman.h).
const (
	mremapMaymove   = 1
	mremapFixed     = 2
	mremapDontunmap = 4
)

// taskSize bounds user addresses (an MREMAP_FIXED target beyond it is
// EINVAL).
const taskSize = 1 << 52

// sysMremap resizes and/or moves a mapping. The runner has no mapping
// objects: a "mapping" is a run of mapped pages with one permission, which
// is what Linux's VMA checks come to for anonymous private memory (adjacent
// anonymous mappings with equal protection are merged by Linux too).
func sysMremap(t *Thread, a *[6]uint64) (uint64, int) {
	p := t.p
	addr, oldLen, newLen, flags, newAddr := a[0], a[1], a[2], a[3], a[4]
	if flags&^(mremapMaymove|mremapFixed|mremapDontunmap) != 0 ||
		flags&mremapFixed != 0 && flags&mremapMaymove == 0 {
		return 0, abi.EINVAL
	}
	if flags&mremapDontunmap != 0 && (flags&mremapMaymove == 0 || oldLen != newLen) {
		return 0, abi.EINVAL
	}
	if addr%mem.PageSize != 0 {
		return 0, abi.EINVAL
	}
	oldLen, newLen = pageUp(oldLen), pageUp(newLen)
	if newLen == 0 || addr+oldLen < addr || addr+newLen < addr {
		return 0, abi.EINVAL
	}
	perm, ok := p.Mem.Perm(addr)
	if !ok {
		return 0, abi.EFAULT
	}
	if oldLen == 0 {
		// Duplicating a mapping needs a shared one; the runner has only
		// private memory.
		return 0, abi.EINVAL
	}
	// oneMapping reports whether [addr, addr+n) is mapped with perm.
	oneMapping := func(n uint64) bool {
		for x := addr; x < addr+n; x += mem.PageSize {
			if q, ok := p.Mem.Perm(x); !ok || q != perm {
				return false
			}
		}
		return true
	}
	// move moves the first n bytes of the mapping to dst and maps the rest
	// of newLen there, zero-filled.
	move := func(dst, n uint64) (uint64, int) {
		if p.Mem.Move(dst, addr, n) != nil {
			return 0, abi.ENOMEM
		}
		if newLen > n {
			_ = p.Mem.Map(dst+n, newLen-n, perm)
		}
		if flags&mremapDontunmap != 0 {
			// The old range stays mapped, emptied.
			_ = p.Mem.Map(addr, n, perm)
		}
		return dst, 0
	}
	if flags&mremapFixed != 0 {
		if newAddr%mem.PageSize != 0 || newLen > taskSize || newAddr > taskSize-newLen {
			return 0, abi.EINVAL
		}
		if addr+oldLen > newAddr && newAddr+newLen > addr {
			return 0, abi.EINVAL
		}
		_ = p.Mem.Unmap(newAddr, newLen)
		if oldLen > newLen {
			_ = p.Mem.Unmap(addr+newLen, oldLen-newLen)
			oldLen = newLen
		}
		if !oneMapping(oldLen) {
			return 0, abi.EFAULT
		}
		return move(newAddr, oldLen)
	}
	if flags&mremapDontunmap == 0 && oldLen >= newLen {
		_ = p.Mem.Unmap(addr+newLen, oldLen-newLen)
		return addr, 0
	}
	if !oneMapping(oldLen) {
		return 0, abi.EFAULT
	}
	if flags&mremapDontunmap == 0 && p.free(addr+oldLen, newLen-oldLen) && addr+newLen <= taskSize {
		if p.Mem.Map(addr+oldLen, newLen-oldLen, perm) != nil {
			return 0, abi.ENOMEM
		}
		return addr, 0
	}
	if flags&mremapMaymove == 0 {
		return 0, abi.ENOMEM
	}
	dst, ok := p.Mem.FindFreeDown(mmapBottom, mmapTop, newLen)
	if !ok {
		return 0, abi.ENOMEM
	}
	return move(dst, oldLen)
}

const (
	madvDontneed = 4
	madvFree     = 8
)

func sysMadvise(t *Thread, a *[6]uint64) (uint64, int) {
	if a[0]%mem.PageSize != 0 {
		return 0, abi.EINVAL
	}
	if a[2] == madvDontneed {
		// Private anonymous memory reads as zeros afterwards.
		p := t.p
		size := pageUp(a[1])
		for addr := a[0]; addr < a[0]+size; addr += mem.PageSize {
			if perm, ok := p.Mem.Perm(addr); ok {
				_ = p.Mem.Unmap(addr, mem.PageSize)
				_ = p.Mem.Map(addr, mem.PageSize, perm)
			}
		}
	}
	return 0, 0
}

func errnoOf(err error) int {
	if err == nil {
		return 0
	}
	if e, ok := err.(unix.Errno); ok {
		return int(e)
	}
	return abi.EIO
}
