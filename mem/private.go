package mem

import (
	"errors"
	"fmt"
)

// Private file mappings (MAP_PRIVATE of a file). Copying a whole file
// into a mapping when it is made costs what the file is, however little
// of it the program reads: a dynamic program's libraries are tens of
// megabytes of which start-up touches a few hundred pages. An object made
// by NewPrivate instead has its pages read when a mapping of it first
// accesses them, as Linux's filemap_fault brings a file's page in:
//
//   - a page read in becomes the entry's own storage, an ordinary private
//     page from then on (written in place, shared copy-on-write with
//     Snapshot and Clone as any other);
//   - a page not accessed yet is read when it is, so it shows what the
//     file holds then (a private mapping's untouched pages show later
//     writes to the file on Linux too), and a page beyond the end of the
//     file then faults with ErrBeyond (Linux's SIGBUS);
//   - Zero (MADV_DONTNEED) drops a page read in or written, which is
//     read from the file again when next accessed, as on Linux.
//
// A Clone's untouched pages are read by the clone itself when it
// accesses them. Stored gives the pages read in; a Journal is told of each
// as it is read (ChangeFill), so that a recording carries what the
// program read of the file and when.

// ErrObject is the error of a mapping of an object of the other kind:
// MapShared of an object of private mappings, MapPrivate of a shared one.
var ErrObject = errors.New("mem: object of the wrong kind for the mapping")

// NewPrivate returns an object for private mappings of a file
// (MapPrivate). read reads the file from page i into p (PageSize bytes)
// and returns how many bytes it read, fewer than len(p) only at the end
// of the file (0 if the file has no page i, or the read failed: a
// fault). It is called when a mapping first
// accesses a page, on the goroutine making the access, while the Memory
// is in use (so it must not call the Memory's methods), and for Clones on
// theirs: it must be safe for concurrent use.
func NewPrivate(read func(i uint64, p []byte) int) *Shared {
	return &Shared{read: read}
}

// readIn reads entry i of l, page pn of private mapping s, from its
// file, and reports false if the file has no page there. One page at a
// time: pages read ahead would stop showing the file's later changes
// before the program touched them, and reading more at once bought no
// time (postgres --version, python3 importing json, decimal and sqlite3).
func (m *Memory) readIn(l *leaf, i, pn uint64, s span) bool {
	d := new([PageSize]byte)
	got := s.obj.read(s.offAt(pn), d[:])
	if got <= 0 {
		return false
	}
	clear(d[min(got, PageSize):])
	m.logData(l, int(i))
	l.data[i] = d
	l.perm[i] &^= shared
	m.resident++
	if m.Journal != nil {
		m.Journal(&Change{Op: ChangeFill, Addr: pn << pageShift, Size: PageSize, Data: d[:]})
	}
	return true
}

// MapPrivate maps [addr, addr+size) with permission p privately to the
// pages of s (from NewPrivate) from page off: it is Map (the same checks
// and errors), of pages read from s when first accessed, each then the
// mapping's own. s of shared mappings fails with ErrObject.
func (m *Memory) MapPrivate(addr, size uint64, p Perm, s *Shared, off uint64) error {
	if s == nil || !s.private() {
		return fmt.Errorf("%w: MapPrivate of a shared object", ErrObject)
	}
	return m.mapObj(addr, size, p, s, off)
}
