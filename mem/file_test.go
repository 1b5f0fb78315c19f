package mem_test

import (
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/mem"
)

// pageCache is a file for NewFile's objects: its pages are the storage
// lent (as a host's page cache pages are), so a change of the file is a
// change of them.
type pageCache struct {
	pages map[uint64]*[mem.PageSize]byte
	n     uint64 // the file's size in pages
	lends int
}

// newPageCache returns a file of n pages, each byte of page k being k+1.
func newPageCache(n uint64) *pageCache {
	return &pageCache{pages: map[uint64]*[mem.PageSize]byte{}, n: n}
}

func (c *pageCache) page(i uint64) *[mem.PageSize]byte {
	d := c.pages[i]
	if d == nil {
		d = new([mem.PageSize]byte)
		for k := range d {
			d[k] = byte(i + 1)
		}
		c.pages[i] = d
	}
	return d
}

func (c *pageCache) lend(i uint64) (*[mem.PageSize]byte, bool) {
	c.lends++
	if i >= c.n {
		return nil, false
	}
	return c.page(i), true
}

// set changes byte 0 of the file's page i (a write(2) of the file).
func (c *pageCache) set(i uint64, v byte) { c.page(i)[0] = v }

const fileMap = 0x40000000

// TestFilePageStates walks a NewFile mapping's entries through their
// states (private.go): lent pages show the file's changes, through Read,
// ReadPage and Page for reading; a store copies (the file is not
// written, the page no longer shows it); Clone keeps lent pages lent in
// both and each copies on its own store; Zero drops a copy (the file
// again); Evict after the file shrank makes the next access ErrBeyond;
// Protect and Move keep the state; Page for reading copies a writable
// entry's page; a Poke into a read-only lent page copies it and changes
// Generation.
func TestFilePageStates(t *testing.T) {
	type step struct {
		do   func(m *mem.Memory, c *pageCache) *mem.Memory // may return another Memory to check
		page uint64                                        // the mapping's page checked
		want byte                                          // what byte 0 of it reads
	}
	at := func(k uint64) uint64 { return fileMap + k*mem.PageSize }
	write := func(k uint64, v byte) func(*mem.Memory, *pageCache) *mem.Memory {
		return func(m *mem.Memory, _ *pageCache) *mem.Memory {
			if err := m.Write(at(k), []byte{v}); err != nil {
				t.Fatal(err)
			}
			return m
		}
	}
	file := func(k uint64, v byte) func(*mem.Memory, *pageCache) *mem.Memory {
		return func(m *mem.Memory, c *pageCache) *mem.Memory { c.set(k, v); return m }
	}
	same := func(m *mem.Memory, _ *pageCache) *mem.Memory { return m }
	cases := []struct {
		name  string
		perm  mem.Perm
		steps []step
	}{
		{"a lent page shows the file", mem.Read, []step{
			{same, 1, 2}, {file(1, 'w'), 1, 'w'}, {file(1, 'v'), 1, 'v'},
		}},
		{"a store copies", mem.RW, []step{
			{same, 2, 3}, {write(2, 's'), 2, 's'}, {file(2, 'f'), 2, 's'},
		}},
		{"a store leaves the file", mem.RW, []step{
			{write(0, 's'), 0, 's'},
			{func(m *mem.Memory, c *pageCache) *mem.Memory {
				if c.page(0)[0] != 1 {
					t.Errorf("the file's page 0 is %d after a store to the mapping", c.page(0)[0])
				}
				return m
			}, 0, 's'},
		}},
		{"Zero drops the copy", mem.RW, []step{
			{write(1, 's'), 1, 's'}, {file(1, 'f'), 1, 's'},
			{func(m *mem.Memory, _ *pageCache) *mem.Memory { m.Zero(at(1), mem.PageSize); return m }, 1, 'f'},
			{file(1, 'g'), 1, 'g'},
		}},
		{"Protect keeps the page lent", mem.Read, []step{
			{same, 0, 1},
			{func(m *mem.Memory, _ *pageCache) *mem.Memory {
				if err := m.Protect(fileMap, 4*mem.PageSize, mem.RW); err != nil {
					t.Fatal(err)
				}
				return m
			}, 0, 1},
			{file(0, 'f'), 0, 'f'}, {write(0, 's'), 0, 's'}, {file(0, 'g'), 0, 's'},
		}},
		{"Move keeps the page lent", mem.Read, []step{
			{same, 3, 4},
			{func(m *mem.Memory, c *pageCache) *mem.Memory {
				if err := m.Move(fileMap+0x1000000, fileMap, 4*mem.PageSize); err != nil {
					t.Fatal(err)
				}
				if err := m.Move(fileMap, fileMap+0x1000000, 4*mem.PageSize); err != nil {
					t.Fatal(err)
				}
				c.set(3, 'm')
				return m
			}, 3, 'm'},
		}},
		{"Page for reading lends a read-only entry's page", mem.Read, []step{
			{func(m *mem.Memory, c *pageCache) *mem.Memory {
				d, ok := m.Page(at(2), mem.Read)
				if !ok || d != c.page(2) {
					t.Errorf("Page(Read) of a read-only lent page: %p %v, want the file's page %p", d, ok, c.page(2))
				}
				return m
			}, 2, 3},
		}},
		{"Page for reading copies a writable entry's page", mem.RW, []step{
			{func(m *mem.Memory, c *pageCache) *mem.Memory {
				d, ok := m.Page(at(2), mem.Read)
				if !ok || d == c.page(2) {
					t.Errorf("Page(Read) of a writable lent page lent the file's page")
				}
				c.set(2, 'f')
				return m
			}, 2, 3},
		}},
		{"AccessPage refuses a writable entry's page for loads", mem.RW, []step{
			{func(m *mem.Memory, c *pageCache) *mem.Memory {
				if d, ok := m.AccessPage(at(1), mem.AccessRead); ok {
					t.Errorf("AccessPage(AccessRead) of a writable lent page lent %p", d)
				}
				c.set(1, 'f')
				return m
			}, 1, 'f'},
			{func(m *mem.Memory, c *pageCache) *mem.Memory {
				if d, ok := m.AccessPage(at(3), mem.AccessRead); ok {
					t.Errorf("AccessPage(AccessRead) of a writable page not in yet lent %p", d)
				}
				c.set(3, 'g')
				return m
			}, 3, 'g'},
		}},
		{"a Poke copies and changes Generation", mem.RX, []step{
			{same, 1, 2},
			{func(m *mem.Memory, c *pageCache) *mem.Memory {
				g := m.Generation()
				if err := m.Poke(at(1), []byte{'p'}); err != nil {
					t.Fatal(err)
				}
				if m.Generation() == g {
					t.Errorf("Generation unchanged by the copy of a lent page")
				}
				c.set(1, 'f')
				return m
			}, 1, 'p'},
		}},
		{"Clone: both see the file until each writes", mem.RW, []step{
			{same, 0, 1}, {same, 1, 2},
			{func(m *mem.Memory, c *pageCache) *mem.Memory {
				child := m.Clone()
				c.set(0, 'f')
				c.set(1, 'f')
				if err := child.Write(at(0), []byte{'c'}); err != nil {
					t.Fatal(err)
				}
				c.set(0, 'g')
				if got := byteAt(t, child, at(0)); got != 'c' {
					t.Errorf("child's written page reads %q, want 'c'", got)
				}
				if got := byteAt(t, child, at(1)); got != 'f' {
					t.Errorf("child's page not written reads %q, want the file's 'f'", got)
				}
				return m
			}, 0, 'g'},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newPageCache(4)
			m := mem.New()
			if err := m.MapPrivate(fileMap, 4*mem.PageSize, tc.perm, mem.NewFile(c.lend), 0); err != nil {
				t.Fatal(err)
			}
			for k, s := range tc.steps {
				mm := s.do(m, c)
				if got := byteAt(t, mm, at(s.page)); got != s.want {
					t.Fatalf("step %d: page %d reads %q, want %q", k, s.page, got, s.want)
				}
				if d, ok := mm.ReadPage(at(s.page), 1); ok && d != nil && d[0] != s.want {
					t.Fatalf("step %d: ReadPage of page %d has %q, want %q", k, s.page, d[0], s.want)
				}
			}
		})
	}
}

// TestFileEvict: after the file shrank, Evict drops the pages past its
// new end in every Memory, lent or written (the next access faults with
// ErrBeyond, as Linux's truncate zaps private copies too), and leaves the
// others.
func TestFileEvict(t *testing.T) {
	c := newPageCache(4)
	s := mem.NewFile(c.lend)
	m := mem.New()
	if err := m.MapPrivate(fileMap, 4*mem.PageSize, mem.RW, s, 0); err != nil {
		t.Fatal(err)
	}
	var b [1]byte
	for k := uint64(0); k < 4; k++ {
		if err := m.Read(fileMap+k*mem.PageSize, b[:]); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Write(fileMap+3*mem.PageSize, []byte{'w'}); err != nil {
		t.Fatal(err)
	}
	child := m.Clone()
	c.n = 1
	for _, mm := range []*mem.Memory{m, child} {
		g := mm.Generation()
		if !mm.Evict(s, 1) || mm.Generation() == g {
			t.Fatalf("Evict found nothing to drop, or left Generation")
		}
		if mm.Evict(s, 1) {
			t.Errorf("a second Evict dropped pages again")
		}
		if err := mm.Read(fileMap+mem.PageSize, b[:]); !errors.Is(err, mem.ErrBeyond) {
			t.Errorf("page 1 past the new end: %v, want ErrBeyond", err)
		}
		if got := byteAt(t, mm, fileMap); got != 1 {
			t.Errorf("page 0 reads %d, want 1", got)
		}
		if err := mm.Read(fileMap+3*mem.PageSize, b[:]); !errors.Is(err, mem.ErrBeyond) {
			t.Errorf("written page 3 past the new end: %v, want ErrBeyond", err)
		}
		if o, i, ok := mm.FileAt(fileMap); !ok || o != s || i != 0 {
			t.Errorf("FileAt(page 0) = %v %d %v, want the object's page 0", o, i, ok)
		}
	}
	c.n = 4
	if got := byteAt(t, m, fileMap+3*mem.PageSize); got != 4 {
		t.Errorf("written page 3 after the file grew again reads %d, want the file's 4", got)
	}
	if err := m.Write(fileMap+2*mem.PageSize, []byte{'w'}); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := m.FileAt(fileMap + 2*mem.PageSize); ok {
		t.Errorf("FileAt of a written page says lent")
	}
}

// FuzzFilePages drives a NewFile mapping and a clone of its Memory
// through maps, unmaps, reads, writes, Zero, Protect, Move, Snapshot,
// Restore, truncates (with Evict) and clones, and checks that nothing
// panics and that a page each Memory has not written reads the file as
// it is.
func FuzzFilePages(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13})
	f.Add([]byte{1, 5, 1, 9, 3, 7, 2, 9, 8, 9, 1, 5})
	f.Fuzz(func(t *testing.T, ops []byte) {
		c := newPageCache(8)
		s := mem.NewFile(c.lend)
		ms := []*mem.Memory{mem.New()}
		written := []map[uint64]bool{{}}
		mapped := []bool{true}
		known := []bool{true}
		_ = ms[0].MapPrivate(fileMap, 8*mem.PageSize, mem.RW, s, 0)
		var snap *mem.Snapshot
		for n, op := range ops {
			k := n % len(ms)
			m := ms[k]
			pg := uint64(op>>4) % 8
			a := fileMap + pg*mem.PageSize
			var b [1]byte
			switch op % 14 {
			case 0:
				_ = m.Read(a, b[:])
			case 1:
				if m.Write(a, []byte{op}) == nil {
					written[k][pg] = true
				}
			case 2:
				c.set(pg, op)
			case 3:
				m.Zero(a, mem.PageSize)
				delete(written[k], pg)
			case 4:
				_ = m.Protect(fileMap, 8*mem.PageSize, mem.Perm(op>>4)&mem.RWX)
			case 5:
				c.n = uint64(op>>4) % 9
				for _, mm := range ms {
					mm.Evict(s, c.n)
				}
			case 6:
				if len(ms) < 4 {
					ms = append(ms, m.Clone())
					w := map[uint64]bool{}
					for p := range written[k] {
						w[p] = true
					}
					written = append(written, w)
					mapped = append(mapped, mapped[k])
					known = append(known, known[k])
				}
			case 7:
				_ = m.Unmap(fileMap, 8*mem.PageSize)
				mapped[k] = false
			case 8:
				if !mapped[k] && m.MapPrivate(fileMap, 8*mem.PageSize, mem.RW, s, 0) == nil {
					mapped[k] = true
					written[k] = map[uint64]bool{}
					known[k] = true
				}
			case 9:
				if m.Move(fileMap+0x1000000, fileMap, 8*mem.PageSize) == nil {
					_ = m.Move(fileMap, fileMap+0x1000000, 8*mem.PageSize)
				}
			case 10:
				if k == 0 {
					snap = ms[0].Snapshot()
				}
			case 11:
				if k == 0 && snap != nil {
					ms[0].Restore(snap)
					known[0] = false // what was written at snap: not followed
				}
			case 12:
				_, _ = m.Page(a, mem.Read)
				if p, _ := m.Perm(a); p&mem.Write != 0 {
					written[k][pg] = true // copied: no longer the file's
				}
			case 13:
				_, _ = m.AccessPage(a, mem.AccessWrite)
				if p, _ := m.Perm(a); p&mem.Write != 0 {
					written[k][pg] = true
				}
			}
			// A page not written, mapped and within the file reads
			// the file.
			for j, mm := range ms {
				if !known[j] || !mapped[j] {
					continue
				}
				for p := uint64(0); p < 8; p++ {
					if written[j][p] || p >= c.n {
						continue
					}
					if perm, _ := mm.Perm(fileMap + p*mem.PageSize); perm&mem.Read == 0 {
						continue
					}
					var got [1]byte
					if err := mm.Read(fileMap+p*mem.PageSize, got[:]); err == nil && got[0] != c.page(p)[0] {
						t.Fatalf("op %d: memory %d page %d reads %d, the file %d", n, j, p, got[0], c.page(p)[0])
					}
				}
			}
		}
	})
}
