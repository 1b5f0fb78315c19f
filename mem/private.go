package mem

import (
	"errors"
	"fmt"
)

// Private file mappings (MAP_PRIVATE of a file). Copying a whole file
// into a mapping when it is made costs what the file is, however little
// of it the program reads: a dynamic program's libraries are tens of
// megabytes of which start-up touches a few hundred pages. An object of
// private mappings instead gives a mapping its pages when it first
// accesses them, as Linux's filemap_fault brings a file's page in. Of
// two kinds:
//
//   - NewFile's object lends the file's own page, the page cache's
//     (a runner's host mapping of the file), as Linux's do_read_fault
//     maps the page cache's page into a private mapping: until the
//     mapping writes it, the page shows the file as it is, whatever
//     changes it (write(2), a store through a shared mapping of the file
//     in any process, another program on the host). The first store
//     copies it (Linux's do_cow_fault/wp_page_copy): from then on it is
//     an ordinary private page of the mapping's own. See "Entries of a
//     file's private mapping" below.
//   - NewPrivate's object reads a page (a copy) when a mapping first
//     accesses it, which is then an ordinary private page: a page
//     accessed once no longer shows the file's changes (for a file
//     with no pages to lend).
//
// Either way, a page not accessed yet shows what the file holds when it
// is, a page beyond the end of the file then faults with ErrBeyond
// (Linux's SIGBUS), and Zero (MADV_DONTNEED) drops a page of the
// mapping's own, which shows the file again when next accessed, as on
// Linux. A Journal is told of each page as it comes in (ChangeFill), so
// that a recording carries what the program read of the file and when.
//
// Entries of a file's private mapping (NewFile). A page table entry of
// such a mapping is in one of three states:
//
//   - not in: no storage, the shared bit (attach asks the object on the
//     first access; ErrBeyond if the file has no such page);
//   - lent: the file's page as storage, the shared and cow bits. Loads
//     read it (so they see the file's later changes); a store, or Page
//     for writing, copies it first (own), and the entry is then its own.
//     Clone and Snapshot keep it lent, not copy-on-write: fork's child
//     and parent both see the file until each writes (Linux shares the
//     page cache's page between them, each copying on its own write).
//     Page and AccessPage lend it as it is for reading and instruction
//     fetches while the entry has no write permission. A writable
//     entry's is not lent that way: an emulator keeps a page lent for
//     reading until Generation changes (a whole Run), while a store in
//     that Run may copy the page (Write, a store crossing pages, Page
//     with Write). AccessPage refuses it for reading (each load goes
//     through Read, which reads it in place, as ReadPage does), and Page
//     copies it for reading or fetching, as a copy-on-write page is (a
//     runner's ReadString of a writable private file page: that page no
//     longer shows the file, a difference from Linux). own, which copies
//     a lent page, changes Generation: a Poke into a read-only page (a
//     debugger's breakpoint) ends the lending.
//   - own: ordinary private storage (copy-on-write with Snapshot and
//     Clone as any other), after a store, or Page for writing.
//
// Evict puts pages back to not in, lent or own (a runner does it for the
// pages past a file's new end when it shrinks, so that the next access
// faults with ErrBeyond, as on Linux, instead of touching a page the host
// no longer backs).
// Protect keeps the state (mprotect); Move moves it (mremap); Unmap and
// Zero drop it (Zero puts the entry back to not in).

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

// NewFile returns an object for private mappings (MapPrivate) of a file
// whose pages lend gives: the storage of the file's page i, which shows
// the file as it is from then on (a host mapping of the file, shared) and
// is the same storage for as long as the object is mapped, or false if
// the file has no page i (beyond its end). A mapping reads the lent page
// until it writes it, and then copies it (see above). lend is called
// when a mapping first accesses a page (again after Zero or Evict), on
// the goroutine making the access, while the Memory is in use (so it
// must not call the Memory's methods): it must be safe for concurrent
// use. Nothing is ever stored into a lent page.
func NewFile(lend func(i uint64) (*[PageSize]byte, bool)) *Shared {
	return &Shared{lend: lend}
}

// lendIn gives entry i of l, page pn of private mapping s, the file's
// page from s's object (NewFile), lent, and reports false if the file
// has no page there.
func (m *Memory) lendIn(l *leaf, i, pn uint64, s span) bool {
	d, ok := s.obj.lend(s.offAt(pn))
	if !ok || d == nil {
		return false
	}
	m.logData(l, int(i))
	l.data[i] = d
	l.perm[i] |= shared | cow
	m.resident++
	if m.Journal != nil {
		m.Journal(&Change{Op: ChangeFill, Addr: pn << pageShift, Size: PageSize, Data: d[:]})
	}
	return true
}

// lent reports whether entry p has a file's page lent (NewFile).
func lent(p Perm) bool { return p&(shared|cow) == shared|cow }

// Evict drops the pages of object s (NewFile) from page from on that
// m's mappings of s have, lent or written (copied), which ask s again
// when next accessed; it reports whether there were any (Generation then
// changes). A runner evicts the pages past a file's new end when the
// file shrinks: their next access faults with ErrBeyond, as Linux's
// truncate_pagecache unmaps them from every mapping, the private copies
// too (POSIX's SIGBUS past the end).
func (m *Memory) Evict(s *Shared, from uint64) bool {
	if s == nil || s.lend == nil {
		return false
	}
	any := false
	for _, sp := range m.ivs {
		if sp.obj != s || sp.offAt(sp.end-1) < from {
			continue
		}
		lo := sp.start
		if sp.off < from {
			lo += from - sp.off
		}
		m.leaves(lo, sp.end, func(l *leaf, _ uint64, i, j int) {
			for k := i; k < j; k++ {
				if l.data[k] != nil {
					m.markPerm(l)
					m.drop(l, k)
					l.perm[k] |= shared // not in
					any = true
				}
			}
		})
	}
	if any {
		m.lastLeaf = nil
		m.gen++
		m.codeGen++
	}
	return any
}

// PrivateAt returns the object (NewPrivate or NewFile) that the private
// file mapping holding addr maps and the byte offset of addr in it, or
// false if addr is not in a private file mapping.
func (m *Memory) PrivateAt(addr uint64) (*Shared, uint64, bool) {
	pn := addr >> pageShift
	k := m.find(pn)
	if k >= len(m.ivs) || m.ivs[k].start > pn || m.ivs[k].obj == nil || !m.ivs[k].obj.private() {
		return nil, 0, false
	}
	s := m.ivs[k]
	return s.obj, s.offAt(pn)<<pageShift | addr&(PageSize-1), true
}

// FileAt returns the object (NewFile) whose page the page holding addr
// has lent, and that page's number in it, or false if the page has no
// lent storage (not a private file mapping, not accessed, or written).
func (m *Memory) FileAt(addr uint64) (*Shared, uint64, bool) {
	pn := addr >> pageShift
	l := m.leafFor(pn, false)
	if l == nil || l.data[pn&levelMask] == nil || !lent(l.perm[pn&levelMask]) {
		return nil, 0, false
	}
	s := m.ivs[m.find(pn)]
	return s.obj, s.offAt(pn), true
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
// pages of s (from NewPrivate or NewFile) from page off: it is Map (the
// same checks and errors), of pages s gives when first accessed, each
// the mapping's own once written (NewPrivate's: once read). s of shared
// mappings fails with ErrObject.
func (m *Memory) MapPrivate(addr, size uint64, p Perm, s *Shared, off uint64) error {
	if s == nil || !s.private() {
		return fmt.Errorf("%w: MapPrivate of a shared object", ErrObject)
	}
	return m.mapObj(addr, size, p, s, off)
}
