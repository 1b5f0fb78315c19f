package regions

import (
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/mem"
)

// TestRegions checks the faults: an address in no region, an access that
// runs past a region's end (an *mem.AccessError naming the first byte
// after it), a write to a read-only region, and a nil *Regions.
func TestRegions(t *testing.T) {
	rs := Regions{
		{Addr: 0x1000, Data: make([]byte, 16), Writable: true},
		{Addr: 0x2000, Data: []byte{1, 2, 3, 4}},
	}
	var b [4]byte
	if err := rs.Write(0x1004, []byte{9, 8, 7, 6}); err != nil {
		t.Fatal(err)
	}
	if err := rs.Read(0x1004, b[:]); err != nil || b != [4]byte{9, 8, 7, 6} {
		t.Errorf("Read = % x, %v; want 09 08 07 06", b, err)
	}
	if err := rs.Read(0x3000, b[:]); !errors.Is(err, mem.ErrUnmapped) {
		t.Errorf("unmapped: %v, want ErrUnmapped", err)
	}
	var ae *mem.AccessError
	if err := rs.Read(0x100e, b[:]); !errors.As(err, &ae) || ae.Addr != 0x1010 || !errors.Is(err, mem.ErrUnmapped) {
		t.Errorf("past the end: %v, want an AccessError at 0x1010", err)
	}
	if err := rs.Write(0x2000, b[:]); !errors.Is(err, ErrReadOnly) {
		t.Errorf("read-only: %v, want ErrReadOnly", err)
	}
	if err := (*Regions)(nil).Read(0, b[:1]); !errors.Is(err, mem.ErrUnmapped) {
		t.Errorf("nil: %v, want ErrUnmapped", err)
	}
}

// TestReadWriteSizes: a Write then a Read of every size from 1 to 17
// bytes at every offset of a region's last 24 bytes moves exactly those
// bytes (move's one-move sizes and copy alike) and leaves the others.
func TestReadWriteSizes(t *testing.T) {
	const base, size = 0x1000, 64
	for n := 1; n <= 17; n++ {
		for off := size - 24; off+n <= size; off++ {
			data := make([]byte, size)
			rs := Regions{{Addr: base, Data: data, Writable: true}}
			v := make([]byte, n)
			for i := range v {
				v[i] = byte(0x80 + i)
			}
			if err := rs.Write(base+uint64(off), v); err != nil {
				t.Fatalf("Write %d at +%d: %v", n, off, err)
			}
			for i, b := range data {
				want := byte(0)
				if i >= off && i < off+n {
					want = byte(0x80 + i - off)
				}
				if b != want {
					t.Fatalf("Write %d at +%d: byte %d = %#x, want %#x", n, off, i, b, want)
				}
			}
			got := make([]byte, n)
			if err := rs.Read(base+uint64(off), got); err != nil || string(got) != string(v) {
				t.Fatalf("Read %d at +%d = % x, %v; want % x", n, off, got, err, v)
			}
		}
	}
}
