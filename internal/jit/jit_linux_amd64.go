//go:build linux && amd64

package jit

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// Supported reports whether this host runs generated code.
const Supported = true

// Arena is executable memory for generated code, in chunks of ChunkSize
// bytes. It is not safe for concurrent use.
//
// A chunk is shared anonymous memory (sharedChunk), or where that cannot
// be mapped twice a memory file (memfd), mapped twice: read-write,
// where Add copies code, and read-execute, where the code runs; no
// mapping is both writable and executable, and adding code takes no
// system call. Where neither can be made (memfd_create refused),
// a chunk is private anonymous memory whose pages Add makes read-write
// while it copies and read-execute after (two mprotect calls an Add:
// each a TLB shootdown across the process's threads, tens of
// microseconds in a VM, thousands of times during a big program's
// start).
type Arena struct {
	chunks []chunk
	off    int  // next free byte of the last chunk
	size   int  // bytes of code added
	keep   bool // KeepAddresses: Free reserves the executable views
}

// chunk is an Arena's mapping: rw and rx views of one memory file, or
// (rx nil) one private mapping whose pages Add flips.
type chunk struct {
	rw, rx []byte
	rawRX  bool // rx is sharedChunk's, mapped by mremap
}

// NewArena returns an empty Arena.
func NewArena() (*Arena, error) { return &Arena{}, nil }

// The kinds of chunk newChunk tries, in this order.
const (
	kindShared  = 1 << iota // sharedChunk
	kindFile                // fileChunk
	kindPrivate             // a private mapping (the fallback)
)

// chunkKinds are the kinds newChunk may make (tests of each path set one).
var chunkKinds = kindShared | kindFile | kindPrivate

// newChunk maps a chunk: two views of shared anonymous memory or of a
// memory file, or one private mapping.
func newChunk() (chunk, error) {
	if chunkKinds&kindShared != 0 {
		if c, ok := sharedChunk(); ok {
			return c, nil
		}
	}
	if chunkKinds&kindFile != 0 {
		if c, ok := fileChunk(); ok {
			return c, nil
		}
	}
	c, err := unix.Mmap(-1, 0, ChunkSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	return chunk{rw: c}, err
}

// sharedChunk maps shared anonymous memory read-write and the same pages
// again read-execute (mremap with an old size of 0, which makes a second
// mapping of a shared mapping's pages), or reports false, with nothing
// left mapped. Linux names such memory "/dev/zero (deleted)", which perf
// takes for anonymous memory whose code /tmp/perf-PID.map names (perf
// 6.1 looks there for "//anon" and "/dev/zero" mappings, not for a memory
// file's "/memfd:NAME (deleted)").
func sharedChunk() (chunk, bool) {
	rw, err := unix.Mmap(-1, 0, ChunkSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED|unix.MAP_ANONYMOUS)
	if err != nil {
		return chunk{}, false
	}
	p, _, errno := unix.Syscall6(unix.SYS_MREMAP, uintptr(unsafe.Pointer(&rw[0])), 0, ChunkSize, unix.MREMAP_MAYMOVE, 0, 0)
	if errno != 0 {
		unix.Munmap(rw)
		return chunk{}, false
	}
	// Not Go memory: a mapping of the process's own (x/sys's Mmap keeps
	// the slices it made; this one is unmapped with munmap).
	rx := unsafe.Slice(*(**byte)(unsafe.Pointer(&p)), ChunkSize)
	if unix.Mprotect(rx, unix.PROT_READ|unix.PROT_EXEC) != nil {
		munmap(rx)
		unix.Munmap(rw)
		return chunk{}, false
	}
	return chunk{rw: rw, rx: rx, rawRX: true}, true
}

// munmap unmaps m, a mapping x/sys did not make.
func munmap(m []byte) error {
	if _, _, errno := unix.Syscall(unix.SYS_MUNMAP, uintptr(unsafe.Pointer(unsafe.SliceData(m))), uintptr(len(m)), 0); errno != 0 {
		return errno
	}
	return nil
}

// fileChunk maps a new memory file's read-write and read-execute views
// (the file's descriptor is closed again: the mappings keep it), or
// reports false, with nothing left mapped or open.
func fileChunk() (chunk, bool) {
	fd, err := unix.MemfdCreate("ppc64emu-jit", unix.MFD_CLOEXEC)
	if err != nil {
		return chunk{}, false
	}
	defer unix.Close(fd)
	if unix.Ftruncate(fd, ChunkSize) != nil {
		return chunk{}, false
	}
	rw, err := unix.Mmap(fd, 0, ChunkSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		return chunk{}, false
	}
	rx, err := unix.Mmap(fd, 0, ChunkSize, unix.PROT_READ|unix.PROT_EXEC, unix.MAP_SHARED)
	if err != nil {
		unix.Munmap(rw)
		return chunk{}, false
	}
	return chunk{rw: rw, rx: rx}, true
}

// Add copies code into executable memory and returns its address, aligned
// to 16 bytes.
func (a *Arena) Add(code []byte) (uintptr, error) {
	if len(code) > ChunkSize {
		return 0, ErrTooBig
	}
	a.off = (a.off + 15) &^ 15
	if len(a.chunks) == 0 || a.off+len(code) > ChunkSize {
		c, err := newChunk()
		if err != nil {
			return 0, err
		}
		a.chunks, a.off = append(a.chunks, c), 0
	}
	c := a.chunks[len(a.chunks)-1]
	if c.rx != nil {
		copy(c.rw[a.off:], code)
	} else {
		ps := unix.Getpagesize()
		lo := a.off &^ (ps - 1)
		hi := (a.off + len(code) + ps - 1) &^ (ps - 1)
		pages := c.rw[lo:hi]
		if err := unix.Mprotect(pages, unix.PROT_READ|unix.PROT_WRITE); err != nil {
			return 0, err
		}
		copy(c.rw[a.off:], code)
		if err := unix.Mprotect(pages, unix.PROT_READ|unix.PROT_EXEC); err != nil {
			return 0, err
		}
	}
	x := c.rx
	if x == nil {
		x = c.rw
	}
	p := uintptr(unsafe.Pointer(&x[a.off]))
	a.off += len(code)
	a.size += len(code)
	return p, nil
}

// Holds reports whether the n bytes at p are code Add returned space
// for (in one of the arena's executable views).
func (a *Arena) Holds(p uintptr, n int) bool {
	for _, c := range a.chunks {
		x := c.rx
		if x == nil {
			x = c.rw
		}
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(x)))
		if n >= 0 && p >= lo && p-lo+uintptr(n) <= uintptr(len(x)) {
			return true
		}
	}
	return false
}

// Writable is the n bytes at p, code Add returned space for, in the
// arena's read-write view, where writing changes what the code at p reads
// (the views are one memory: a data word in the code, as a JIT's patched
// jump), or nil when p's chunk has no such view (a private chunk, which
// is never writable while code can run in it) or p is not in the arena.
// The slice is invalid after Free: its holder must drop it then. The
// chunks Add filled last are searched first.
func (a *Arena) Writable(p uintptr, n int) []byte {
	for i := len(a.chunks) - 1; i >= 0; i-- {
		c := a.chunks[i]
		if c.rx == nil {
			continue
		}
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(c.rx)))
		if n >= 0 && p >= lo && p-lo+uintptr(n) <= uintptr(len(c.rx)) {
			o := int(p - lo)
			return c.rw[o : o+n : o+n]
		}
	}
	return nil
}

// Size is the number of bytes of code added since NewArena or Free.
func (a *Arena) Size() int { return a.size }

// KeepAddresses makes Free leave the addresses of the code it frees
// reserved: mapped again as inaccessible memory with no pages (no memory
// is kept), so that no later mapping of this host process, another
// Arena's included, has them. A map of generated code by address (a perf
// map, written for the whole host process) then never gives one address
// two pieces of code. The cost is address space: ChunkSize a chunk freed,
// and a mapping each where the kernel cannot merge neighbours.
func (a *Arena) KeepAddresses() { a.keep = true }

// Free unmaps the arena's memory: the addresses Add returned are invalid
// after it (still reserved after KeepAddresses). The Arena can be used
// again.
func (a *Arena) Free() error {
	var first error
	for _, c := range a.chunks {
		if a.keep {
			// Replace the executable view in place (MAP_FIXED: no
			// moment at which another mapping could take the
			// addresses); the read-write view, unmapped below, is no
			// code's address.
			x := &c.rx
			if c.rx == nil {
				x = &c.rw
			}
			m := *x
			if _, err := unix.MmapPtr(-1, 0, unsafe.Pointer(unsafe.SliceData(m)), uintptr(len(m)), unix.PROT_NONE,
				unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_FIXED|unix.MAP_NORESERVE); err != nil {
				if first == nil {
					first = err
				}
			} else {
				// The reservation stays; x/sys's record of a mapping
				// it made stays too (a map entry), never unmapped.
				*x = nil
			}
		}
		for _, m := range [][]byte{c.rw, c.rx} {
			if m == nil {
				continue
			}
			un := unix.Munmap
			if c.rawRX && c.rx != nil && &m[0] == &c.rx[0] {
				un = munmap
			}
			if err := un(m); err != nil && first == nil {
				first = err
			}
		}
	}
	a.chunks, a.off, a.size = nil, 0, 0
	return first
}

// Call jumps to the generated code at fn with p0 in RDI and p1 in RSI and
// returns the value it leaves in RAX. The code must return with RET, keep
// RSP and X15 as they were, use no stack beyond its return address, and
// never call Go. It may use every other general-purpose register: Call
// saves and restores RBX, RBP and R12-R15 (Go's frame pointer, goroutine
// and GOT registers among them) around it.
//
//go:noescape
func Call(fn uintptr, p0, p1 unsafe.Pointer) uint64
