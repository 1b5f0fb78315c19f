//go:build linux

package linux

import (
	"maps"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Shared mappings (MAP_SHARED). Every one is a mem.Shared, whose pages
// every guest process mapping it sees (fork's mem.Clone keeps them shared):
//
//   - anonymous memory (MAP_SHARED|MAP_ANONYMOUS, and a character device
//     such as /dev/zero, which Linux maps as anonymous shared memory) is
//     an object of its own, zero-filled;
//   - a file's pages are the host's own shared mapping of the file, so
//     that the guest's stores go to the host's page cache: every guest
//     process that maps the file, and read and write of it by any
//     process, guest or host, see them at once, as on Linux, and munmap
//     and msync have nothing to write back (msync MS_SYNC asks the host to
//     write the pages to the disk). A page wholly beyond the file's end
//     when first touched is SIGBUS (BUS_ADRERR), as on Linux.
//
// Futexes in shared mappings are keyed by the object (futexKey), so that
// processes mapping it wake each other.

// sharedFile is the Owner of the mem.Shared of a host file's mapping.
type sharedFile struct {
	id       fileID
	path     string // the host path (/proc/PID/maps)
	off      uint64 // the file offset of the object's page 0
	writable bool   // open for writing: mprotect may add PROT_WRITE
	host     []byte // the host's mapping, from off less lead
	lead     uint64 // off's distance from a host page boundary
	fd       int    // a duplicate of the descriptor, for the file's size
	// more are host mappings of single host pages of the file beyond
	// host, by file offset: mremap grew a mapping of the object past the
	// length it was mapped with.
	more map[uint64][]byte
}

// newSharedFile maps length bytes of host file fd (st is its status) from
// offset off, shared, and returns it as a mem.Shared.
func newSharedFile(fd int, st *unix.Stat_t, off, length uint64, writable bool) (*mem.Shared, int) {
	hp := uint64(unix.Getpagesize())
	lead := off % hp
	n := (pageUp(length) + lead + hp - 1) &^ (hp - 1)
	if n > math.MaxInt || n < length {
		return nil, abi.ENOMEM
	}
	prot := unix.PROT_READ
	if writable {
		prot |= unix.PROT_WRITE
	}
	host, err := unix.Mmap(fd, int64(off-lead), int(n), prot, unix.MAP_SHARED)
	if err != nil {
		return nil, errnoOf(err)
	}
	dup, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		_ = unix.Munmap(host)
		return nil, errnoOf(err)
	}
	path, _, _, _ := fileOf(fd)
	f := &sharedFile{id: fileID{uint64(st.Dev), st.Ino}, path: path, off: off, writable: writable, host: host, lead: lead, fd: dup}
	s := mem.NewShared(f.page)
	s.Owner = f
	// A page the file no longer reaches faults on the host (SIGBUS):
	// mem turns the fault into ErrBeyond, the guest's SIGBUS at the
	// instruction (Thread.fault), with SetPanicOnFault (Thread.run).
	s.Volatile = true
	// The host mapping lives as long as a guest mapping of it (or a
	// snapshot naming it) does.
	hostShared.add(f.host)
	runtime.AddCleanup(s, func(f *sharedFile) {
		for _, b := range append([][]byte{f.host}, slices.Collect(maps.Values(f.more))...) {
			hostShared.remove(b)
			_ = unix.Munmap(b)
		}
		_ = unix.Close(f.fd)
	}, f)
	return s, 0
}

// anonShared is the Owner of the mem.Shared of anonymous shared memory:
// the inode number /proc/PID/maps shows (Linux's shmem inode of
// "/dev/zero (deleted)").
type anonShared struct{ ino uint64 }

// anonInodes numbers the anonymous shared objects.
var anonInodes atomic.Uint64

// page is the source of a file's mem.Shared: page i of the host mapping,
// if the file reaches it.
func (f *sharedFile) page(i uint64) (*[mem.PageSize]byte, bool) {
	var st unix.Stat_t
	if unix.Fstat(f.fd, &st) != nil || f.off+i*mem.PageSize >= uint64(st.Size) {
		return nil, false
	}
	if at := f.lead + i*mem.PageSize; at+mem.PageSize <= uint64(len(f.host)) {
		return (*[mem.PageSize]byte)(f.host[at : at+mem.PageSize]), true
	}
	// Beyond the mapping made at mmap: the host page of the file that
	// holds the page, mapped on first use.
	hp := uint64(unix.Getpagesize())
	pos := f.off + i*mem.PageSize
	base := pos &^ (hp - 1)
	b := f.more[base]
	if b == nil {
		prot := unix.PROT_READ
		if f.writable {
			prot |= unix.PROT_WRITE
		}
		var err error
		if b, err = unix.Mmap(f.fd, int64(base), int(hp), prot, unix.MAP_SHARED); err != nil {
			return nil, false
		}
		if f.more == nil {
			f.more = map[uint64][]byte{}
		}
		f.more[base] = b
		hostShared.add(b)
	}
	return (*[mem.PageSize]byte)(b[pos-base : pos-base+mem.PageSize]), true
}

// mapShared maps [addr, addr+size) shared with prot: anonymous memory if
// fd is negative or a character device, else host file fd from off.
func (t *Thread) mapShared(addr, size uint64, prot uint64, fd int, off uint64) int {
	var st unix.Stat_t
	if fd >= 0 {
		if err := unix.Fstat(fd, &st); err != nil {
			return errnoOf(err)
		}
	}
	var s *mem.Shared
	if fd < 0 || st.Mode&unix.S_IFMT == unix.S_IFCHR {
		s = mem.NewShared(nil)
		s.Owner = anonShared{anonInodes.Add(1)}
	} else {
		fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
		if err != nil {
			return errnoOf(err)
		}
		var e int
		if s, e = newSharedFile(fd, &st, off, size, fl&unix.O_ACCMODE == unix.O_RDWR); e != 0 {
			return e
		}
	}
	if t.mm.Mem.MapShared(addr, size, protPerm(prot), s, 0) != nil {
		return abi.ENOMEM
	}
	return 0
}

// sharedReadOnly reports whether [addr, addr+size) holds a page of a
// shared mapping of a file not open for writing (mprotect cannot make it
// writable: EACCES, as Linux's VM_MAYWRITE says).
func (mm *addressSpace) sharedReadOnly(addr, size uint64) bool {
	ro := false
	mm.Mem.SharedIn(addr, size, func(s *mem.Shared) {
		if f, ok := s.Owner.(*sharedFile); ok && !f.writable {
			ro = true
		}
	})
	return ro
}

// msync flags (asm-generic/mman-common.h).
const (
	msAsync      = 1
	msInvalidate = 2
	msSync       = 4
)

// sysMsync checks its arguments as Linux's msync does (unknown flags, an
// unaligned start, MS_ASYNC with MS_SYNC: EINVAL; a range with unmapped
// pages: ENOMEM) and, for MS_SYNC, has the host write the file pages of
// the range's shared mappings to the disk. Nothing else is needed: the
// pages are the host's page cache (shm.go).
func sysMsync(t *Thread, a *sysArgs) (uint64, int) {
	start, length, flags := a.Ptr(0), a.Size(1), a.Ulong(2)
	if flags&^(msAsync|msInvalidate|msSync) != 0 || start%mem.PageSize != 0 || flags&msAsync != 0 && flags&msSync != 0 {
		return 0, abi.EINVAL
	}
	size := pageUp(length) // a length that rounds up to 0 is 0, as Linux has it
	if start+size < start {
		return 0, abi.ENOMEM
	}
	if size == 0 {
		return 0, 0
	}
	if !t.mm.Mem.Mapped(start, size) {
		return 0, abi.ENOMEM
	}
	if flags&msSync == 0 {
		return 0, 0
	}
	var files []*sharedFile
	t.mm.Mem.SharedIn(start, size, func(s *mem.Shared) {
		if f, ok := s.Owner.(*sharedFile); ok {
			files = append(files, f)
		}
	})
	for _, f := range files {
		var err error
		t.block(func() { err = unix.Fsync(f.fd) })
		if err != nil {
			return 0, errnoOf(err)
		}
	}
	return 0, 0
}

// hostShared holds the host address ranges of the files mapped shared, so
// that a fault in one (the file shrank) is told from a runner bug.
var hostShared sharedRanges

type sharedRanges struct {
	mu     sync.Mutex
	ranges map[uintptr]uintptr // start -> end
}

func (r *sharedRanges) add(b []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ranges == nil {
		r.ranges = map[uintptr]uintptr{}
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	r.ranges[start] = start + uintptr(len(b))
}

func (r *sharedRanges) remove(b []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.ranges, uintptr(unsafe.Pointer(unsafe.SliceData(b))))
}

// inSharedFile reports whether host address a is in a file mapped shared.
func inSharedFile(a uintptr) bool {
	hostShared.mu.Lock()
	defer hostShared.mu.Unlock()
	for start, end := range hostShared.ranges {
		if a >= start && a < end {
			return true
		}
	}
	return false
}
