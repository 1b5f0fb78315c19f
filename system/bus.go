package system

import (
	"errors"
	"fmt"
	"sort"
)

// Device is a memory-mapped device: a window of the physical address space
// whose loads and stores have effects. Off is the offset of the access from
// the start of the device's window; p holds the bytes in address order (a
// little-endian register reads its low byte at the lowest offset). Each
// architectural access reaches the device as one call of its full size (1,
// 2, 4, 8 or, for vector accesses, 16 bytes), never split. A non-nil error
// makes the access fail: the processor takes a machine check.
type Device interface {
	ReadIO(off uint64, p []byte) error
	WriteIO(off uint64, p []byte) error
}

// ErrNoDevice is the cause of a physical access that no RAM or device
// answers.
var ErrNoDevice = errors.New("system: no memory or device at physical address")

// ErrOverlap is returned by Bus.AddRAM and Bus.AddDevice for a window that
// overlaps one already added.
var ErrOverlap = errors.New("system: physical window overlaps another")

// BusError is the error of a physical access that failed: the physical
// address and the device's error (or ErrNoDevice).
type BusError struct {
	Addr uint64 // physical address of the access
	Err  error
}

func (e *BusError) Error() string {
	return fmt.Sprintf("system: physical access at %#x: %v", e.Addr, e.Err)
}

// Unwrap returns the cause.
func (e *BusError) Unwrap() error { return e.Err }

// window is one RAM or device window of a Bus.
type window struct {
	base, size uint64
	ram        []byte // RAM, or nil for a device
	dev        Device
	name       string
}

// Bus is a physical address space: RAM windows (plain bytes) and devices.
// The zero value is an empty bus. A Bus is not safe for concurrent use.
type Bus struct {
	wins []window // sorted by base
	last int      // index of the window the last access hit
}

// AddRAM maps size bytes of zeroed RAM at physical address base and returns
// them (the caller may load an image into the slice).
func (b *Bus) AddRAM(name string, base, size uint64) ([]byte, error) {
	ram := make([]byte, size)
	return ram, b.add(window{base: base, size: size, ram: ram, name: name})
}

// AddRAMAlias maps the RAM already at physical address of (added by AddRAM)
// a second time at base: both windows see the same bytes.
func (b *Bus) AddRAMAlias(name string, base, of uint64) error {
	for _, w := range b.wins {
		if w.ram != nil && w.base == of {
			return b.add(window{base: base, size: w.size, ram: w.ram, name: name})
		}
	}
	return fmt.Errorf("system: AddRAMAlias %s: no RAM at %#x", name, of)
}

// AddDevice maps dev at physical addresses [base, base+size).
func (b *Bus) AddDevice(name string, base, size uint64, dev Device) error {
	if dev == nil {
		return fmt.Errorf("system: AddDevice %s: nil device", name)
	}
	return b.add(window{base: base, size: size, dev: dev, name: name})
}

func (b *Bus) add(w window) error {
	if w.size == 0 || w.base+w.size-1 < w.base {
		return fmt.Errorf("system: %s: bad window %#x+%#x", w.name, w.base, w.size)
	}
	for _, o := range b.wins {
		if w.base <= o.base+o.size-1 && o.base <= w.base+w.size-1 {
			return fmt.Errorf("%w: %s at %#x and %s at %#x", ErrOverlap, w.name, w.base, o.name, o.base)
		}
	}
	b.wins = append(b.wins, w)
	sort.Slice(b.wins, func(i, j int) bool { return b.wins[i].base < b.wins[j].base })
	b.last = 0
	return nil
}

// find returns the window holding all of [pa, pa+n), or nil.
func (b *Bus) find(pa uint64, n int) *window {
	if b.last < len(b.wins) {
		if w := &b.wins[b.last]; pa-w.base < w.size && pa-w.base+uint64(n) <= w.size {
			return w
		}
	}
	for i := range b.wins {
		w := &b.wins[i]
		if pa-w.base < w.size && pa-w.base+uint64(n) <= w.size {
			b.last = i
			return w
		}
	}
	return nil
}

// RAM returns the RAM bytes at [pa, pa+n) if one RAM window holds them all,
// else nil.
func (b *Bus) RAM(pa uint64, n int) []byte {
	if w := b.find(pa, n); w != nil && w.ram != nil {
		off := pa - w.base
		return w.ram[off : off+uint64(n)]
	}
	return nil
}

// Read reads len(p) bytes at physical address pa.
func (b *Bus) Read(pa uint64, p []byte) error { return b.access(pa, p, false) }

// Write writes p at physical address pa.
func (b *Bus) Write(pa uint64, p []byte) error { return b.access(pa, p, true) }

func (b *Bus) access(pa uint64, p []byte, write bool) error {
	w := b.find(pa, len(p))
	if w == nil {
		return &BusError{Addr: pa, Err: ErrNoDevice}
	}
	off := pa - w.base
	var err error
	switch {
	case w.ram != nil && write:
		copy(w.ram[off:], p)
	case w.ram != nil:
		copy(p, w.ram[off:])
	case write:
		err = w.dev.WriteIO(off, p)
	default:
		err = w.dev.ReadIO(off, p)
	}
	if err != nil {
		return &BusError{Addr: pa, Err: err}
	}
	return nil
}
