// Package regions is a byte-granular memory for tests and the CLI's step
// command: a list of regions of any size and address, each writable or
// not. It implements emulate.Memory (Read and Write of byte slices); the
// one public memory of the module is mem.Memory.
package regions

import (
	"errors"

	"github.com/ppc64emu/ppc64emu/mem"
)

// ErrReadOnly is the cause of a write to a region that is not Writable.
// An address in no region gives mem.ErrUnmapped.
var ErrReadOnly = errors.New("regions: region is read-only")

// Region is a contiguous range of memory starting at Addr.
type Region struct {
	Addr     uint64 // the address of Data[0]
	Data     []byte // the region's bytes; its length is the region's size
	Writable bool   // stores are allowed (else they fault with ErrReadOnly)
}

// Regions is a simple emulate.Memory over a set of non-overlapping regions. An access
// must lie entirely inside one region; otherwise it faults with ErrUnmapped,
// and a write to a region that is not Writable faults with ErrReadOnly. Writes
// are all-or-nothing.
//
// *Regions is the Memory (its methods have pointer receivers): pass
// &regions. A slice value passed as an interface would be copied to the
// heap on every call, one allocation per step; with pointer receivers that
// mistake does not compile.
type Regions []*Region

func (rs *Regions) find(addr uint64, n int) (*Region, uint64, error) {
	if rs == nil { // a nil *Regions maps nothing
		return nil, 0, mem.ErrUnmapped
	}
	for _, r := range *rs {
		// One comparison: below r.Addr, off wraps past any length.
		if off := addr - r.Addr; off < uint64(len(r.Data)) {
			if uint64(len(r.Data))-off < uint64(n) {
				end := r.Addr + uint64(len(r.Data))
				return nil, 0, &mem.AccessError{Addr: end, Err: mem.ErrUnmapped}
			}
			return r, off, nil
		}
	}
	return nil, 0, mem.ErrUnmapped
}

// Read implements emulate.Memory.
func (rs *Regions) Read(addr uint64, p []byte) error {
	if rs != nil {
		for _, r := range *rs {
			// The hit: addr in r and p's bytes too (one comparison each:
			// below r.Addr, off wraps past any length). Any other case,
			// and the fault, are find's.
			if off := addr - r.Addr; off < uint64(len(r.Data)) {
				if uint64(len(r.Data))-off < uint64(len(p)) {
					break
				}
				move(p, r.Data[off:])
				return nil
			}
		}
	}
	_, _, err := rs.find(addr, len(p))
	return err
}

// move copies src to dst, with src at least as long as dst: the sizes of
// the integer loads and stores as one move each (copy calls memmove for
// a length not known at compile time), any other through copy.
func move(dst, src []byte) {
	switch len(dst) {
	case 8:
		*(*[8]byte)(dst) = *(*[8]byte)(src)
	case 4:
		*(*[4]byte)(dst) = *(*[4]byte)(src)
	case 2:
		*(*[2]byte)(dst) = *(*[2]byte)(src)
	case 1:
		dst[0] = src[0]
	default:
		copy(dst, src)
	}
}

// Write implements emulate.Memory.
func (rs *Regions) Write(addr uint64, p []byte) error {
	if rs != nil {
		for _, r := range *rs {
			// As in Read: the hit here, the faults find's.
			if off := addr - r.Addr; off < uint64(len(r.Data)) {
				if uint64(len(r.Data))-off < uint64(len(p)) || !r.Writable {
					break
				}
				move(r.Data[off:][:len(p)], p)
				return nil
			}
		}
	}
	if _, _, err := rs.find(addr, len(p)); err != nil {
		return err
	}
	return ErrReadOnly
}
