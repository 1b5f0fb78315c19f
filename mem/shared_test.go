package mem_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/ppc64emu/ppc64emu/mem"
)

// Addresses of the shared-memory tests: a shared mapping of two pages at
// shA, a private page at pvA right after it.
const (
	shA = 0x20000000
	pvA = shA + 2*mem.PageSize
)

func byteAt(t *testing.T, m *mem.Memory, addr uint64) byte {
	t.Helper()
	var b [1]byte
	if err := m.Read(addr, b[:]); err != nil {
		t.Fatalf("Read(%#x): %v", addr, err)
	}
	return b[0]
}

func put(t *testing.T, m *mem.Memory, addr uint64, v byte) {
	t.Helper()
	if err := m.Write(addr, []byte{v}); err != nil {
		t.Fatalf("Write(%#x): %v", addr, err)
	}
}

// sharedPair maps the same anonymous Shared in a, and gives b as a's
// Clone (what fork does), with a private page after the shared ones.
func sharedPair(t *testing.T) (a, b *mem.Memory) {
	t.Helper()
	a = mem.New()
	if err := a.MapShared(shA, 2*mem.PageSize, mem.RW, mem.NewShared(nil), 0); err != nil {
		t.Fatal(err)
	}
	if err := a.Map(pvA, mem.PageSize, mem.RW); err != nil {
		t.Fatal(err)
	}
	put(t, a, shA, 1)
	put(t, a, pvA, 1)
	return a, a.Clone()
}

// TestSharedClone: after Clone, a store to a shared page through either
// Memory is seen through the other, whatever the operations in between;
// a private page stays private.
func TestSharedClone(t *testing.T) {
	tests := []struct {
		name string
		// op is applied to the writer before the store; it returns the
		// address the shared page 0 is at afterwards.
		op func(t *testing.T, w *mem.Memory) uint64
	}{
		{"plain", func(*testing.T, *mem.Memory) uint64 { return shA }},
		{"protect", func(t *testing.T, w *mem.Memory) uint64 {
			// Over the shared and the private pages at once: each
			// keeps its kind.
			if err := w.Protect(shA, 3*mem.PageSize, mem.Read); err != nil {
				t.Fatal(err)
			}
			if err := w.Protect(shA, 3*mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			return shA
		}},
		{"zero", func(t *testing.T, w *mem.Memory) uint64 {
			// MADV_DONTNEED of a shared mapping keeps the contents.
			w.Zero(shA, mem.PageSize)
			if got := byteAt(t, w, shA); got != 1 {
				t.Errorf("after Zero: %d, want 1 (the object's contents)", got)
			}
			return shA
		}},
		{"move", func(t *testing.T, w *mem.Memory) uint64 {
			if err := w.Move(0x30000000, shA, 2*mem.PageSize); err != nil {
				t.Fatal(err)
			}
			return 0x30000000
		}},
		{"snapshot", func(t *testing.T, w *mem.Memory) uint64 {
			w.Snapshot()
			return shA
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, childWrites := range []bool{false, true} {
				a, b := sharedPair(t)
				w, r := a, b
				if childWrites {
					w, r = b, a
				}
				at := tt.op(t, w)
				put(t, w, at+5, 42)
				put(t, w, pvA, 9)
				if got := byteAt(t, r, shA+5); got != 42 {
					t.Errorf("childWrites=%v: shared byte seen by the other: %d, want 42", childWrites, got)
				}
				if got := byteAt(t, r, pvA); got != 1 {
					t.Errorf("childWrites=%v: private byte seen by the other: %d, want 1", childWrites, got)
				}
				put(t, r, shA+mem.PageSize, 7)
				if got := byteAt(t, w, at+mem.PageSize); got != 7 {
					t.Errorf("childWrites=%v: back the other way: %d, want 7", childWrites, got)
				}
			}
		})
	}
}

// TestSharedTwoMappings: two mappings of one object, at different
// offsets, in two Memories, see the same pages; Unmap ends one only.
func TestSharedTwoMappings(t *testing.T) {
	s := mem.NewShared(nil)
	a, b := mem.New(), mem.New()
	if err := a.MapShared(shA, 3*mem.PageSize, mem.RW, s, 0); err != nil {
		t.Fatal(err)
	}
	if err := b.MapShared(0x50000000, mem.PageSize, mem.Read, s, 2); err != nil {
		t.Fatal(err)
	}
	put(t, a, shA+2*mem.PageSize+3, 5)
	if got := byteAt(t, b, 0x50000003); got != 5 {
		t.Errorf("b sees %d, want 5", got)
	}
	if err := b.Write(0x50000003, []byte{1}); !errors.Is(err, mem.ErrPermission) {
		t.Errorf("store to b's read-only mapping: %v, want ErrPermission", err)
	}
	if got, off, ok := b.SharedAt(0x50000003); got != s || off != 2*mem.PageSize+3 || !ok {
		t.Errorf("SharedAt = %p, %#x, %v; want %p, %#x, true", got, off, ok, s, 2*mem.PageSize+3)
	}
	if _, _, ok := a.SharedAt(0x50000003); ok {
		t.Error("SharedAt of an unmapped address: true")
	}
	if err := a.Unmap(shA, 3*mem.PageSize); err != nil {
		t.Fatal(err)
	}
	if got := byteAt(t, b, 0x50000003); got != 5 {
		t.Errorf("after the other's Unmap: %d, want 5", got)
	}
}

// TestSharedSource: a source's pages are the storage stores go to; a
// page it has none for faults with ErrBeyond.
func TestSharedSource(t *testing.T) {
	var file [2][mem.PageSize]byte
	s := mem.NewShared(func(i uint64) (*[mem.PageSize]byte, bool) {
		if i >= uint64(len(file)) {
			return nil, false
		}
		return &file[i], true
	})
	m := mem.New()
	if err := m.MapShared(shA, 3*mem.PageSize, mem.RW, s, 1); err != nil {
		t.Fatal(err)
	}
	put(t, m, shA+10, 3)
	if file[1][10] != 3 {
		t.Errorf("source page 1 byte 10 = %d, want 3", file[1][10])
	}
	err := m.Write(shA+mem.PageSize, []byte{1})
	var ae *mem.AccessError
	if !errors.As(err, &ae) || !errors.Is(err, mem.ErrBeyond) || ae.Addr != shA+mem.PageSize {
		t.Errorf("store beyond the source: %v, want ErrBeyond at %#x", err, shA+mem.PageSize)
	}
}

// TestSharedRestoreKeepsPages: Restore does not recycle a shared page as
// storage for private ones (it belongs to the object).
func TestSharedRestoreKeepsPages(t *testing.T) {
	a, b := sharedPair(t)
	snap := a.Snapshot()
	byteAt(t, a, shA+mem.PageSize) // a's first access to the page: it is attached since snap
	put(t, b, shA+mem.PageSize, 2)
	a.Restore(snap)
	if err := a.Map(0x40000000, mem.PageSize, mem.RW); err != nil {
		t.Fatal(err)
	}
	put(t, a, 0x40000000, 99) // a new private page
	if got := byteAt(t, b, shA+mem.PageSize); got != 2 {
		t.Errorf("shared byte after Restore and a private store: %d, want 2", got)
	}
}

// A MAP_SHARED|MAP_ANONYMOUS page inherited over fork: parent and child
// (Clone) store to the same page.
func ExampleMemory_MapShared() {
	parent := mem.New()
	_ = parent.MapShared(0x10000000, mem.PageSize, mem.RW, mem.NewShared(nil), 0)
	_ = parent.Map(0x10001000, mem.PageSize, mem.RW) // private
	child := parent.Clone()
	_ = child.Write(0x10000000, []byte("shared"))
	_ = child.Write(0x10001000, []byte("private"))
	b := make([]byte, 6)
	_ = parent.Read(0x10000000, b)
	fmt.Printf("%q\n", b)
	_ = parent.Read(0x10001000, b)
	fmt.Printf("%q\n", b)
	// Output:
	// "shared"
	// "\x00\x00\x00\x00\x00\x00"
}

// TestHasPage checks which pages have storage: private pages once written
// (not when only read), shared pages once any mapping of the object used
// them, a lending source's pages within its object, none unmapped.
func TestHasPage(t *testing.T) {
	m := mem.New()
	const priv, shr, lent = 0x10000000, 0x20000000, 0x30000000
	if err := m.Map(priv, 3*mem.PageSize, mem.RW); err != nil {
		t.Fatal(err)
	}
	if err := m.MapShared(shr, 2*mem.PageSize, mem.RW, mem.NewShared(nil), 0); err != nil {
		t.Fatal(err)
	}
	page := new([mem.PageSize]byte)
	src := mem.NewShared(func(i uint64) (*[mem.PageSize]byte, bool) { return page, i == 0 })
	if err := m.MapShared(lent, 2*mem.PageSize, mem.Read, src, 0); err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 1)
	if err := m.Write(priv+mem.PageSize, b); err != nil {
		t.Fatal(err)
	}
	if err := m.Read(priv+2*mem.PageSize, b); err != nil {
		t.Fatal(err)
	}
	if err := m.Write(shr, b); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what string
		addr uint64
		want bool
	}{
		{"private, untouched", priv, false},
		{"private, written", priv + mem.PageSize + 100, true},
		{"private, only read", priv + 2*mem.PageSize, false},
		{"shared, written", shr, true},
		{"shared, untouched", shr + mem.PageSize, false},
		{"lent, within the source", lent, true},
		{"lent, beyond the source", lent + mem.PageSize, false},
		{"unmapped", priv + 3*mem.PageSize, false},
	} {
		if got := m.HasPage(c.addr); got != c.want {
			t.Errorf("%s: HasPage(%#x) = %v, want %v", c.what, c.addr, got, c.want)
		}
	}
}
