package mem

import (
	"bytes"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// state is what a Memory holds: its regions and the contents of every
// page with storage.
type state struct {
	Regions []span
	Pages   map[uint64][]byte
}

func stateOf(m *Memory) state {
	s := state{Pages: map[uint64][]byte{}}
	m.Regions(func(start, end uint64, p Perm) { s.Regions = append(s.Regions, span{start: start, end: end, perm: p}) })
	m.Stored(func(addr uint64, p *[PageSize]byte) bool {
		if !bytes.Equal(p[:], make([]byte, PageSize)) {
			s.Pages[addr] = bytes.Clone(p[:])
		}
		return true
	})
	return s
}

// TestJournal: the Changes the Journal is told of, applied in order to a
// clone taken before them, give the same regions and contents; failed
// calls are not told of, and stores through lent pages are not.
func TestJournal(t *testing.T) {
	m := New()
	if err := m.Map(0x10000, 4*PageSize, RW); err != nil {
		t.Fatal(err)
	}
	_ = m.Write(0x10000, []byte("before"))
	obj := NewShared(nil)
	c := m.Clone()
	var log []Change
	m.Journal = func(ch *Change) {
		x := *ch
		x.Data = bytes.Clone(ch.Data)
		log = append(log, x)
	}
	steps := []func() error{
		func() error { return m.Write(0x10ffe, []byte("across a page")) },
		func() error { return m.Map(0x40000, 2*PageSize, RWX) },
		func() error { return m.Poke(0x40010, []byte{1, 2, 3}) },
		func() error { return m.Protect(0x40000, PageSize, Read) },
		func() error { return m.Move(0x80000, 0x40000, 2*PageSize) },
		func() error { m.Zero(0x10000, PageSize); return nil },
		func() error { return m.Unmap(0x12000, PageSize) },
		func() error { return m.MapShared(0xc0000, 2*PageSize, RW, obj, 3) },
		func() error { return m.Write(0xc1000, []byte("shared")) },
	}
	for i, f := range steps {
		if err := f(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	n := len(log)
	if err := m.Write(0x40000, []byte{9}); err == nil { // unmapped since the Move: refused
		t.Fatal("write to an unmapped page succeeded")
	}
	if err := m.Map(0x80000, PageSize, RW); err == nil {
		t.Fatal("Map over a mapping succeeded")
	}
	if len(log) != n || n != len(steps) {
		t.Fatalf("%d changes told of, want %d (one per successful call)", len(log), len(steps))
	}
	for i := range log {
		if err := c.Apply(&log[i]); err != nil {
			t.Fatalf("Apply %+v: %v", log[i], err)
		}
	}
	if d := cmp.Diff(stateOf(m), stateOf(c), cmp.AllowUnexported(span{})); d != "" {
		t.Errorf("clone after the journal (-original +clone):\n%s", d)
	}
	if err := c.Apply(&Change{}); !errors.Is(err, ErrChange) {
		t.Errorf("Apply of the zero Change: %v, want ErrChange", err)
	}
}
