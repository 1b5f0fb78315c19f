//go:build linux && amd64

package jit

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// Supported reports whether this host runs generated code.
const Supported = true

// Arena is executable memory for generated code, in chunks of ChunkSize
// bytes. It is not safe for concurrent use: Add makes the pages it writes
// writable (and not executable) while it copies.
type Arena struct {
	chunks [][]byte
	off    int // next free byte of the last chunk
	size   int // bytes of code added
}

// NewArena returns an empty Arena.
func NewArena() (*Arena, error) { return &Arena{}, nil }

// Add copies code into executable memory and returns its address, aligned
// to 16 bytes. The pages it writes are read-write while it copies and
// read-execute after.
func (a *Arena) Add(code []byte) (uintptr, error) {
	if len(code) > ChunkSize {
		return 0, ErrTooBig
	}
	a.off = (a.off + 15) &^ 15
	if len(a.chunks) == 0 || a.off+len(code) > ChunkSize {
		c, err := unix.Mmap(-1, 0, ChunkSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
		if err != nil {
			return 0, err
		}
		a.chunks, a.off = append(a.chunks, c), 0
	}
	c := a.chunks[len(a.chunks)-1]
	ps := unix.Getpagesize()
	lo := a.off &^ (ps - 1)
	hi := (a.off + len(code) + ps - 1) &^ (ps - 1)
	pages := c[lo:hi]
	if err := unix.Mprotect(pages, unix.PROT_READ|unix.PROT_WRITE); err != nil {
		return 0, err
	}
	copy(c[a.off:], code)
	if err := unix.Mprotect(pages, unix.PROT_READ|unix.PROT_EXEC); err != nil {
		return 0, err
	}
	p := uintptr(unsafe.Pointer(&c[a.off]))
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
		if err := unix.Munmap(c); err != nil && first == nil {
			first = err
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
