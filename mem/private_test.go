package mem_test

import (
	"bytes"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/ppc64emu/ppc64emu/mem"
)

// fakeFile is a file for private mappings: its bytes, and the pages its
// reads began at.
type fakeFile struct {
	mu    sync.Mutex
	b     []byte
	reads []uint64
}

// newFakeFile returns a file of n bytes, each byte of page k being k+1.
func newFakeFile(n int) *fakeFile {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i/mem.PageSize + 1)
	}
	return &fakeFile{b: b}
}

func (f *fakeFile) read(i uint64, p []byte) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads = append(f.reads, i)
	if i*mem.PageSize >= uint64(len(f.b)) {
		return 0
	}
	return copy(p, f.b[i*mem.PageSize:])
}

// set changes byte off of the file.
func (f *fakeFile) set(off int, v byte) {
	f.mu.Lock()
	f.b[off] = v
	f.mu.Unlock()
}

// Addresses of the private mapping tests: pages of the file from page
// pvOff mapped at pvMap.
const (
	pvMap = 0x30000000
	pvOff = 2
)

// privateMapping maps 48 pages of a file of 40.5 pages (pages 2.. of it)
// privately at pvMap, readable and writable.
func privateMapping(t *testing.T) (*mem.Memory, *fakeFile) {
	t.Helper()
	f := newFakeFile(40*mem.PageSize + mem.PageSize/2)
	m := mem.New()
	if err := m.MapPrivate(pvMap, 48*mem.PageSize, mem.RW, mem.NewPrivate(f.read), pvOff); err != nil {
		t.Fatal(err)
	}
	return m, f
}

// pvAddr is the address of the mapping's page k.
func pvAddr(k int) uint64 { return pvMap + uint64(k)*mem.PageSize }

// TestPrivateReadsOnFirstAccess: a private file mapping reads nothing when
// made; a page's first access reads it, later ones read nothing; a partial last page has zeros after the
// file's end; a page beyond the end faults with ErrBeyond.
func TestPrivateReadsOnFirstAccess(t *testing.T) {
	m, f := privateMapping(t)
	if len(f.reads) != 0 || m.Resident() != 0 {
		t.Fatalf("after MapPrivate: reads %v, resident %d", f.reads, m.Resident())
	}
	if got := byteAt(t, m, pvAddr(0)+5); got != pvOff+1 {
		t.Errorf("page 0 reads %d, want %d (file page %d)", got, pvOff+1, pvOff)
	}
	if want := []uint64{pvOff}; !slices.Equal(f.reads, want) || m.Resident() != mem.PageSize {
		t.Errorf("first access: reads %v, resident %d pages; want %v, 1", f.reads, m.Resident()/mem.PageSize, want)
	}
	for k := range 4 {
		if got := byteAt(t, m, pvAddr(k)); got != byte(pvOff+k+1) {
			t.Errorf("page %d reads %d, want %d", k, got, pvOff+k+1)
		}
	}
	byteAt(t, m, pvAddr(0)+9)
	if want := []uint64{pvOff, pvOff + 1, pvOff + 2, pvOff + 3}; !slices.Equal(f.reads, want) {
		t.Errorf("reads %v, want %v (each page once)", f.reads, want)
	}
	// The file's last page (40) is half of it: mapping page 38.
	last := pvAddr(40 - pvOff)
	if got := byteAt(t, m, last+mem.PageSize/2-1); got != 41 {
		t.Errorf("last file byte reads %d, want 41", got)
	}
	if got := byteAt(t, m, last+mem.PageSize/2); got != 0 {
		t.Errorf("byte after the file's end reads %d, want 0", got)
	}
	var b [1]byte
	err := m.Read(pvAddr(41-pvOff), b[:])
	var ae *mem.AccessError
	if !errors.As(err, &ae) || !errors.Is(err, mem.ErrBeyond) || ae.Addr != pvAddr(41-pvOff) {
		t.Errorf("read beyond the file's end: %v, want an AccessError at %#x wrapping ErrBeyond", err, pvAddr(41-pvOff))
	}
	if err := m.Write(pvAddr(41-pvOff), b[:]); !errors.Is(err, mem.ErrBeyond) {
		t.Errorf("write beyond the file's end: %v, want ErrBeyond", err)
	}
}

// TestPrivateSemantics: what a private file mapping shows, case by case,
// against what Linux's MAP_PRIVATE shows: the file as it is when a page is
// first touched; the mapping's own writes, never the file's afterwards;
// Zero reads the file again; Clone and Snapshot keep the pages private.
func TestPrivateSemantics(t *testing.T) {
	tests := []struct {
		name string
		// run does things to m and f and returns what page 0 (at addr)
		// must read, and where it is.
		run func(t *testing.T, m *mem.Memory, f *fakeFile) (addr uint64, want byte)
	}{
		{"file changed before the first access shows", func(t *testing.T, m *mem.Memory, f *fakeFile) (uint64, byte) {
			f.set(pvOff*mem.PageSize, 99)
			return pvAddr(0), 99
		}},
		{"file changed after the first access does not", func(t *testing.T, m *mem.Memory, f *fakeFile) (uint64, byte) {
			byteAt(t, m, pvAddr(0))
			f.set(pvOff*mem.PageSize, 99)
			return pvAddr(0), pvOff + 1
		}},
		{"a write stays the mapping's", func(t *testing.T, m *mem.Memory, f *fakeFile) (uint64, byte) {
			put(t, m, pvAddr(0), 77)
			if f.b[pvOff*mem.PageSize] != pvOff+1 {
				t.Errorf("the write reached the file")
			}
			return pvAddr(0), 77
		}},
		{"Zero reads the file again", func(t *testing.T, m *mem.Memory, f *fakeFile) (uint64, byte) {
			put(t, m, pvAddr(0), 77)
			f.set(pvOff*mem.PageSize, 55)
			m.Zero(pvAddr(0), mem.PageSize)
			return pvAddr(0), 55
		}},
		{"Protect keeps the pages unread", func(t *testing.T, m *mem.Memory, f *fakeFile) (uint64, byte) {
			if err := m.Protect(pvMap, 48*mem.PageSize, mem.RX); err != nil {
				t.Fatal(err)
			}
			f.set(pvOff*mem.PageSize, 66)
			return pvAddr(0), 66
		}},
		{"Restore gives back the unread page", func(t *testing.T, m *mem.Memory, f *fakeFile) (uint64, byte) {
			s := m.Snapshot()
			put(t, m, pvAddr(0), 77)
			m.Restore(s)
			f.set(pvOff*mem.PageSize, 44)
			return pvAddr(0), 44
		}},
		{"Restore gives back the read page", func(t *testing.T, m *mem.Memory, f *fakeFile) (uint64, byte) {
			put(t, m, pvAddr(0), 77)
			s := m.Snapshot()
			put(t, m, pvAddr(0), 78)
			m.Restore(s)
			return pvAddr(0), 77
		}},
		{"a moved page read in stays private", func(t *testing.T, m *mem.Memory, f *fakeFile) (uint64, byte) {
			put(t, m, pvAddr(0), 77)
			const dst = 0x50000000
			if err := m.Move(dst, pvMap, 48*mem.PageSize); err != nil {
				t.Fatal(err)
			}
			c := m.Clone()
			put(t, c, dst, 88)
			f.set((pvOff+20)*mem.PageSize, 33) // an unread page moved reads the file when touched
			if got := byteAt(t, m, dst+20*mem.PageSize); got != 33 {
				t.Errorf("unread moved page reads %d, want 33", got)
			}
			return dst, 77
		}},
		{"a clone's write is its own", func(t *testing.T, m *mem.Memory, f *fakeFile) (uint64, byte) {
			byteAt(t, m, pvAddr(0))
			c := m.Clone()
			put(t, c, pvAddr(0), 88)
			put(t, c, pvAddr(30), 89) // unread in m too
			if got := byteAt(t, m, pvAddr(30)); got != pvOff+31 {
				t.Errorf("page 30 reads %d after the clone's write, want %d", got, pvOff+31)
			}
			return pvAddr(0), pvOff + 1
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, f := privateMapping(t)
			addr, want := tt.run(t, m, f)
			if got := byteAt(t, m, addr); got != want {
				t.Errorf("page 0 reads %d, want %d", got, want)
			}
		})
	}
}

// TestPrivateKinds: an object of private mappings is MapPrivate's, a
// shared one MapShared's; neither is a shared mapping for SharedAt and
// SharedIn, and executable private file pages keep ExecWrites steady.
func TestPrivateKinds(t *testing.T) {
	m := mem.New()
	f := newFakeFile(4 * mem.PageSize)
	p := mem.NewPrivate(f.read)
	if err := m.MapShared(pvMap, mem.PageSize, mem.RW, p, 0); !errors.Is(err, mem.ErrObject) {
		t.Errorf("MapShared of a private object: %v, want ErrObject", err)
	}
	if err := m.MapPrivate(pvMap, mem.PageSize, mem.RW, mem.NewShared(nil), 0); !errors.Is(err, mem.ErrObject) {
		t.Errorf("MapPrivate of a shared object: %v, want ErrObject", err)
	}
	if err := m.MapPrivate(pvMap, 4*mem.PageSize, mem.RX, p, 0); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := m.SharedAt(pvMap); ok {
		t.Errorf("SharedAt says a private mapping is shared")
	}
	m.SharedIn(pvMap, 4*mem.PageSize, func(*mem.Shared) { t.Errorf("SharedIn calls for a private mapping") })
	var insn [4]byte
	if err := m.Fetch(pvMap, insn[:]); err != nil || !bytes.Equal(insn[:], []byte{1, 1, 1, 1}) {
		t.Errorf("Fetch: %v %v", insn, err)
	}
	if a, b := m.ExecWrites(), m.ExecWrites(); a != b {
		t.Errorf("ExecWrites changes with only a private file mapping: %d, %d", a, b)
	}
	if !m.HasPage(pvMap+3*mem.PageSize) || m.HasPage(pvMap+4*mem.PageSize) {
		t.Errorf("HasPage: unread page in the file %v (want true), unmapped %v", m.HasPage(pvMap+3*mem.PageSize), m.HasPage(pvMap+4*mem.PageSize))
	}
}
