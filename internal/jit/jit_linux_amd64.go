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
// A chunk is a memory file (memfd) mapped twice, shared: read-write,
// where Add copies code, and read-execute, where the code runs; no
// mapping is both writable and executable, and adding code takes no
// system call. Where memory files cannot be made (memfd_create refused),
// a chunk is private anonymous memory whose pages Add makes read-write
// while it copies and read-execute after (two mprotect calls an Add:
// each a TLB shootdown across the process's threads, tens of
// microseconds in a VM, thousands of times during a big program's
// start).
type Arena struct {
	chunks []chunk
	off    int // next free byte of the last chunk
	size   int // bytes of code added
}

// chunk is an Arena's mapping: rw and rx views of one memory file, or
// (rx nil) one private mapping whose pages Add flips.
type chunk struct {
	rw, rx []byte
}

// NewArena returns an empty Arena.
func NewArena() (*Arena, error) { return &Arena{}, nil }

// privateChunks makes newChunk map private chunks only (for tests of
// that path).
var privateChunks = false

// newChunk maps a chunk: two views of a memory file, or one private
// mapping.
func newChunk() (chunk, error) {
	if !privateChunks {
		if c, ok := fileChunk(); ok {
			return c, nil
		}
	}
	c, err := unix.Mmap(-1, 0, ChunkSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	return chunk{rw: c}, err
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
	return chunk{rw, rx}, true
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

// Size is the number of bytes of code added since NewArena or Free.
func (a *Arena) Size() int { return a.size }

// Free unmaps the arena's memory: the addresses Add returned are invalid
// after it. The Arena can be used again.
func (a *Arena) Free() error {
	var first error
	for _, c := range a.chunks {
		for _, m := range [][]byte{c.rw, c.rx} {
			if m == nil {
				continue
			}
			if err := unix.Munmap(m); err != nil && first == nil {
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
