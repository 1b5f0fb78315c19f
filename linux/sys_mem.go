//go:build linux

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Guest memory helpers. A failed access is EFAULT.

func (t *Thread) read(addr uint64, n int) ([]byte, int) {
	b := make([]byte, n)
	if n > 0 && t.mm.Mem.Read(addr, b) != nil {
		return nil, abi.EFAULT
	}
	return b, 0
}

func (t *Thread) write(addr uint64, b []byte) int {
	if len(b) > 0 && t.mm.Mem.Write(addr, b) != nil {
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
	if t.mm.Mem.Read(addr, b[:]) != nil {
		return 0, abi.EFAULT
	}
	return t.p.order.Uint64(b[:]), 0
}

func (t *Thread) get32(addr uint64) (uint32, int) {
	var b [4]byte
	if t.mm.Mem.Read(addr, b[:]) != nil {
		return 0, abi.EFAULT
	}
	return t.p.order.Uint32(b[:]), 0
}

func (t *Thread) str(addr uint64) (string, int) {
	s, err := t.mm.Mem.ReadString(addr, 4096)
	if err != nil {
		return "", abi.EFAULT
	}
	return s, 0
}

// writable reports whether [addr, addr+n) may be written (checked before a
// host call consumes data).
func (t *Thread) writable(addr uint64, n int) bool {
	return n == 0 || t.mm.Mem.Allowed(addr, uint64(n), mem.Write)
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

func sysBrk(t *Thread, a *sysArgs) (uint64, int) {
	want := a.Ptr(0)
	if want < t.mm.brkBase {
		return t.mm.brk, 0
	}
	if !t.brkOK(want) {
		return t.mm.brk, 0
	}
	old, neu := pageUp(t.mm.brk), pageUp(want)
	switch {
	case neu > old:
		if t.mm.Mem.Map(old, neu-old, mem.RW) != nil {
			return t.mm.brk, 0
		}
	case neu < old:
		_ = t.mm.Mem.Unmap(neu, old-neu)
	}
	t.mm.brk = want
	return t.mm.brk, 0
}

// mapTypeMask is MAP_TYPE: the sharing type of a mapping (MAP_SHARED,
// MAP_PRIVATE or MAP_SHARED_VALIDATE, 3); any other value is EINVAL.
const mapTypeMask = 0x0f

func sysMmap(t *Thread, a *sysArgs) (uint64, int) {
	addr, length, prot, flags, off := a.Ptr(0), a.Size(1), a.Ulong(2), a.Ulong(3), a.Ulong(5)
	if typ := flags & mapTypeMask; typ < abi.MAP_SHARED || typ > abi.MAP_SHARED|abi.MAP_PRIVATE {
		return 0, abi.EINVAL
	}
	if length == 0 || off%mem.PageSize != 0 {
		return 0, abi.EINVAL
	}
	size := pageUp(length)
	if size < length || size > taskSize {
		return 0, abi.ENOMEM
	}
	if off+size < off {
		return 0, int(unix.EOVERFLOW)
	}
	// A file mapping names a guest descriptor; Linux checks it before
	// touching the address space.
	fd := -1
	if flags&abi.MAP_ANONYMOUS == 0 {
		fd = t.fd(a.Fd(4))
		if e := mappable(fd, prot, flags); e != 0 {
			return 0, e
		}
	}
	if prot&abi.PROT_WRITE != 0 && flags&mapTypeMask == abi.MAP_PRIVATE && !t.dataOK(size) {
		return 0, abi.ENOMEM // Linux's may_expand_vm: RLIMIT_DATA
	}
	fixed := flags&(abi.MAP_FIXED|abi.MAP_FIXED_NOREPLACE) != 0
	if fixed {
		if addr%mem.PageSize != 0 {
			return 0, abi.EINVAL
		}
		if addr > taskSize-size {
			return 0, abi.ENOMEM
		}
		if flags&abi.MAP_FIXED_NOREPLACE != 0 && !t.mm.free(addr, size) {
			return 0, abi.EEXIST
		}
		// RLIMIT_AS with the pages replaced taken out, checked before they
		// go (Linux's may_expand_vm counts the new size less the overlap).
		grow := size - t.mm.mappedIn(addr, size)
		if lim := t.mm.Mem.Limit; lim != 0 && t.mm.Mem.Size()+grow > lim ||
			t.mm.Mem.Budget != nil && !t.mm.Mem.Budget(t.mm.Mem, grow) {
			return 0, abi.ENOMEM
		}
		_ = t.mm.Mem.Unmap(addr, size)
	} else {
		a := addr &^ (mem.PageSize - 1)
		if a < 0x10000 || a > taskSize-size || !t.mm.free(a, size) {
			var ok bool
			a, ok = t.mm.Mem.FindFreeDown(mmapBottom, mmapTop, size)
			if !ok {
				return 0, abi.ENOMEM
			}
		}
		addr = a
	}
	t.mm.unname(addr, addr+size)
	if flags&mapTypeMask != abi.MAP_PRIVATE {
		if e := t.mapShared(addr, size, prot, fd, off); e != 0 {
			return 0, e
		}
		return addr, 0
	}
	var st unix.Stat_t
	if fd >= 0 && unix.Fstat(fd, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFREG {
		// Read when touched (privfile.go); copied now if the runner
		// cannot hold a descriptor of its own for the file (EMFILE).
		if s, e := privateFile(fd, &st); e == 0 {
			if t.mm.Mem.MapPrivate(addr, size, protPerm(prot), s, off/mem.PageSize) != nil {
				return 0, abi.ENOMEM
			}
			t.mm.name(addr, addr+size, fd, off)
			return addr, 0
		}
	}
	if err := t.mm.Mem.Map(addr, size, protPerm(prot)); err != nil {
		return 0, abi.ENOMEM
	}
	if fd >= 0 {
		if e := t.mapFile(fd, addr, length, off); e != 0 {
			_ = t.mm.Mem.Unmap(addr, size)
			return 0, e
		}
		t.mm.name(addr, addr+size, fd, off)
	}
	return addr, 0
}

// mappable checks host descriptor fd (a guest's, translated) for a file
// mapping as Linux's do_mmap does: EBADF if it is not open (or is an
// O_PATH descriptor), ENODEV if its file cannot be mapped (a directory,
// pipe or socket), EACCES if it is not open for reading or a shared
// writable mapping of a file not open for writing.
func mappable(fd int, prot, flags uint64) int {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil {
		return errnoOf(err)
	}
	if fl&unix.O_PATH != 0 {
		// ksys_mmap_pgoff's fget leaves O_PATH files out, before
		// do_mmap looks at the file (a directory's is EBADF too).
		return abi.EBADF
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return errnoOf(err)
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFREG, unix.S_IFBLK, unix.S_IFCHR:
	default:
		return int(unix.ENODEV)
	}
	acc := fl & unix.O_ACCMODE
	if acc == unix.O_WRONLY {
		return abi.EACCES
	}
	if flags&mapTypeMask != abi.MAP_PRIVATE && prot&abi.PROT_WRITE != 0 && acc != unix.O_RDWR {
		return abi.EACCES
	}
	if f, ok := procFileStat(&st); ok {
		// A /proc file the runner answers (procfile.go): /proc is
		// noexec, and its files have no mmap.
		switch {
		case prot&abi.PROT_EXEC != 0:
			return abi.EPERM
		case f.pde:
			return int(unix.EIO)
		}
		return int(unix.ENODEV)
	}
	return 0
}

// mapFile copies the file's contents at off into the fresh private
// mapping at addr (shared ones are shm.go's; a regular file's pages are
// read when first touched, privfile.go), in chunks, and no further than the file's end:
// the rest of the mapping stays zero, and a huge length costs nothing.
func (t *Thread) mapFile(fd int, addr, length, off uint64) int {
	buf := make([]byte, min(length, 1<<20))
	for done := uint64(0); done < length; {
		n := min(uint64(len(buf)), length-done)
		var k int
		var err error
		t.block(func() { k, err = unix.Pread(fd, buf[:n], int64(off+done)) })
		if err != nil {
			return errnoOf(err)
		}
		if k == 0 {
			break
		}
		_ = t.mm.Mem.Poke(addr+done, buf[:k])
		done += uint64(k)
	}
	return 0
}

// mappedIn returns the bytes of [addr, addr+size) that mm maps.
func (mm *addressSpace) mappedIn(addr, size uint64) uint64 {
	var n uint64
	mm.Mem.Regions(func(s, e uint64, _ mem.Perm) {
		if e == 0 {
			e = ^uint64(0) &^ (mem.PageSize - 1)
		}
		if lo, hi := max(s, addr), min(e, addr+size); lo < hi {
			n += hi - lo
		}
	})
	return n
}

// free reports whether [addr, addr+size) is entirely unmapped.
func (mm *addressSpace) free(addr, size uint64) bool {
	a, ok := mm.Mem.FindFree(addr, addr+size, size)
	return ok && a == addr
}

func sysMunmap(t *Thread, a *sysArgs) (uint64, int) {
	addr, length := a.Ptr(0), a.Size(1)
	// As Linux's __do_munmap: the range must lie below the top of the
	// user address space.
	if addr%mem.PageSize != 0 || addr > taskSize || length > taskSize-addr || length == 0 {
		return 0, abi.EINVAL
	}
	if t.mm.Mem.Unmap(addr, pageUp(length)) != nil {
		return 0, abi.EINVAL
	}
	t.mm.unname(addr, addr+pageUp(length))
	return 0, 0
}

// protValid are the prot bits mprotect accepts after PROT_GROWSDOWN and
// PROT_GROWSUP are taken out: Linux's arch_validate_prot on powerpc allows
// PROT_SEM (8, ignored) and PROT_SAO (0x10) only on processors with SAO,
// which ISA 3.1 (POWER10) removed.
const protValid = abi.PROT_READ | abi.PROT_WRITE | abi.PROT_EXEC | 8

// PROT_GROWSDOWN and PROT_GROWSUP.
const protGrows = 0x01000000 | 0x02000000

// sysMprotect checks its arguments in the order of Linux's
// do_mprotect_pkey: both grow flags, an unaligned start (EINVAL); a zero
// length (success); a length that wraps past the end of the address space
// (ENOMEM); prot bits (EINVAL); then an unmapped page in the range
// (ENOMEM; the runner changes nothing, where Linux has changed the
// mappings before the hole).
func sysMprotect(t *Thread, a *sysArgs) (uint64, int) {
	return mprotect(t, a.Ptr(0), a.Size(1), a.Ulong(2), -1)
}

// mprotect is mprotect and pkey_mprotect (Linux's do_mprotect_pkey) with
// protection key pkey, -1 for none: any other key is EINVAL after the
// checks of the arguments, as none is ever allocated (pkeys.go).
func mprotect(t *Thread, addr, length, prot uint64, pkey int) (uint64, int) {
	if prot&protGrows == protGrows || addr%mem.PageSize != 0 {
		return 0, abi.EINVAL
	}
	if length == 0 {
		return 0, 0
	}
	size := pageUp(length)
	if addr+size <= addr {
		return 0, abi.ENOMEM
	}
	if prot&^(protValid|protGrows) != 0 || pkey != -1 {
		return 0, abi.EINVAL
	}
	if !t.mm.Mem.Mapped(addr, size) {
		return 0, abi.ENOMEM
	}
	if prot&abi.PROT_WRITE != 0 && t.mm.sharedReadOnly(addr, size) {
		return 0, abi.EACCES
	}
	if err := t.mm.Mem.Protect(addr, size, protPerm(prot)); err != nil {
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
func sysMremap(t *Thread, a *sysArgs) (uint64, int) {
	mm := t.mm
	addr, oldLen, newLen, flags, newAddr := a.Ptr(0), a.Size(1), a.Size(2), a.Ulong(3), a.Ptr(4)
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
	perm, ok := mm.Mem.Perm(addr)
	if !ok {
		return 0, abi.EFAULT
	}
	if oldLen == 0 {
		// Duplicating a mapping needs a shared one; the runner has only
		// private memory.
		return 0, abi.EINVAL
	}
	// The vDSO is a special mapping (VM_DONTEXPAND): it moves, but does
	// not stay behind (EINVAL) or grow (EFAULT), as vma_to_resize says.
	vdso := mm.vdso != 0 && addr-mm.vdso < vdsoSize
	if vdso && flags&mremapDontunmap != 0 {
		return 0, abi.EINVAL
	}
	// oneMapping reports whether [addr, addr+n) is mapped with perm.
	oneMapping := func(n uint64) bool {
		q, ok := mm.Mem.Uniform(addr, n)
		return ok && q == perm
	}
	// move moves the first n bytes of the mapping to dst and maps the rest
	// of newLen there, zero-filled.
	move := func(dst, n uint64) (uint64, int) {
		if mm.Mem.Move(dst, addr, n) != nil {
			return 0, abi.ENOMEM
		}
		mm.moveNames(dst, addr, n)
		if newLen > n {
			_ = mm.grow(dst+n, newLen-n, perm)
		}
		if flags&mremapDontunmap != 0 {
			// The old range stays mapped, emptied.
			_ = mm.Mem.Map(addr, n, perm)
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
		_ = mm.Mem.Unmap(newAddr, newLen)
		mm.unname(newAddr, newAddr+newLen)
		if oldLen > newLen {
			_ = mm.Mem.Unmap(addr+newLen, oldLen-newLen)
			mm.unname(addr+newLen, addr+oldLen)
			oldLen = newLen
		}
		if vdso && newLen > oldLen {
			return 0, abi.EFAULT
		}
		if !oneMapping(oldLen) {
			return 0, abi.EFAULT
		}
		return move(newAddr, oldLen)
	}
	if flags&mremapDontunmap == 0 && oldLen >= newLen {
		_ = mm.Mem.Unmap(addr+newLen, oldLen-newLen)
		mm.unname(addr+newLen, addr+oldLen)
		return addr, 0
	}
	if vdso && newLen > oldLen {
		return 0, abi.EFAULT
	}
	if !oneMapping(oldLen) {
		return 0, abi.EFAULT
	}
	if flags&mremapDontunmap == 0 && mm.free(addr+oldLen, newLen-oldLen) && addr+newLen <= taskSize {
		if mm.grow(addr+oldLen, newLen-oldLen, perm) != nil {
			return 0, abi.ENOMEM
		}
		return addr, 0
	}
	if flags&mremapMaymove == 0 {
		return 0, abi.ENOMEM
	}
	dst, ok := mm.Mem.FindFreeDown(mmapBottom, mmapTop, newLen)
	if !ok {
		return 0, abi.ENOMEM
	}
	return move(dst, oldLen)
}

// grow maps n bytes at at with perm, continuing the mapping that ends
// there: a file's, shared or private, with the next pages of its object
// (mremap grows the vma, whose file offset goes on: the file's pages, or
// SIGBUS past its end), an anonymous one with zero-filled memory.
func (mm *addressSpace) grow(at, n uint64, perm mem.Perm) error {
	if s, off, ok := mm.Mem.SharedAt(at - mem.PageSize); ok {
		return mm.Mem.MapShared(at, n, perm, s, off/mem.PageSize+1)
	}
	if s, off, ok := mm.Mem.PrivateAt(at - mem.PageSize); ok {
		return mm.Mem.MapPrivate(at, n, perm, s, off/mem.PageSize+1)
	}
	return mm.Mem.Map(at, n, perm)
}

// MADV_DONTNEED.
const madvDontneed = 4

// madvValid reports whether advice is one Linux's madvise_behavior_valid
// accepts (MADV_NORMAL … MADV_COLLAPSE; MADV_HWPOISON and
// MADV_SOFT_OFFLINE need privilege and are EINVAL here, as on a kernel
// without CONFIG_MEMORY_FAILURE).
func madvValid(advice uint64) bool {
	switch {
	case advice <= 4, advice >= 8 && advice <= 25:
		return true
	}
	return false
}

// sysMadvise checks its arguments in the order of Linux's do_madvise
// (advice, alignment, a length that rounds up to zero or wraps: EINVAL);
// advice on a range with unmapped pages is applied to the mapped ones and
// answers ENOMEM. MADV_DONTNEED empties private anonymous memory (it reads
// as zeros afterwards); other advice changes nothing the guest can see.
func sysMadvise(t *Thread, a *sysArgs) (uint64, int) {
	start, length, advice := a.Ptr(0), a.Size(1), a.Ulong(2)
	if !madvValid(advice) || start%mem.PageSize != 0 {
		return 0, abi.EINVAL
	}
	size := pageUp(length)
	if length != 0 && size == 0 || start+size < start {
		return 0, abi.EINVAL
	}
	if size == 0 {
		return 0, 0
	}
	mm := t.mm
	if advice == madvDontneed {
		mm.Mem.Zero(start, size)
	}
	if !mm.Mem.Mapped(start, size) {
		return 0, abi.ENOMEM
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

// sysMincore is mincore(start, length, vec) in the order of Linux's: an
// unaligned start is EINVAL, a range beyond user addresses ENOMEM, a vector
// beyond them EFAULT; then, a chunk of at most a page's worth of entries at
// a time, each page's byte (1 resident, 0 not) up to the first page that
// is not mapped (ENOMEM, the entries before it written) or a vector that
// faults (EFAULT). Resident here means the page has storage in the runner
// (mem.Memory.HasPage): a private page written or read in from a file, a
// shared page some mapping used or a host file has. A page the guest only
// read and never wrote reads as not resident, where Linux would have
// mapped its zero page.
func sysMincore(t *Thread, a *sysArgs) (uint64, int) {
	start, length, vec := a.Ptr(0), a.Size(1), a.Ptr(2)
	if start%mem.PageSize != 0 {
		return 0, abi.EINVAL
	}
	if start >= taskSize || length > taskSize-start {
		return 0, abi.ENOMEM
	}
	pages := (length + mem.PageSize - 1) / mem.PageSize
	if vec >= taskSize || pages > taskSize-vec {
		return 0, abi.EFAULT
	}
	chunk := make([]byte, 0, min(pages, mem.PageSize))
	for pages > 0 {
		chunk = chunk[:0]
		e := 0
		for n := min(pages, mem.PageSize); uint64(len(chunk)) < n; start += mem.PageSize {
			if !t.mm.Mem.Mapped(start, 1) {
				e = abi.ENOMEM
				break
			}
			var r byte
			if t.mm.Mem.HasPage(start) {
				r = 1
			}
			chunk = append(chunk, r)
		}
		if len(chunk) > 0 {
			if we := t.write(vec, chunk); we != 0 {
				return 0, abi.EFAULT
			}
		}
		if e != 0 {
			return 0, e
		}
		pages -= uint64(len(chunk))
		vec += uint64(len(chunk))
	}
	return 0, 0
}
