package mem

import "fmt"

// Shared memory (MAP_SHARED). A Shared is an object of pages that any
// number of mappings, in one Memory or in many, map: a store through one
// is seen through every other, and Clone shares them as they are, not
// copy-on-write (so fork's child and parent see each other's stores to a
// shared mapping, as on Linux). Private mappings (Map) are unchanged.
//
// A Snapshot records which Shared a range maps, not the contents of its
// pages (they belong to every mapping of it): Restore maps the same pages
// again, with their contents as they are then. A Journal is told of a
// shared mapping as a ChangeMapShared; the contents a source lends and the
// stores other mappings make to the object are not journaled.

// A Shared is the storage of shared mappings: an anonymous object whose
// pages are made zero-filled on first use, or pages another store lends
// (a host file mapped shared, for example). Its zero value is not usable:
// make one with NewShared.
type Shared struct {
	pages  map[uint64]*[PageSize]byte
	source func(i uint64) (*[PageSize]byte, bool)
	// read, for an object of private mappings (NewPrivate), reads the
	// file from page i into p.
	read func(i uint64, p []byte) int
	// lend, for an object of private mappings of a file's pages
	// (NewFile), lends the file's page i.
	lend func(i uint64) (*[PageSize]byte, bool)
	// Owner is the caller's own description of the object (a runner keeps
	// the file it maps there); mem does not use it.
	Owner any
	// Volatile says that the storage source lends may fault when it is
	// accessed (a host file's shared mapping, after the file shrank: the
	// host's SIGBUS). Set it before the object is mapped. Accesses to its
	// pages then never use a page AccessPage lends, and Read, Write, Peek
	// and Poke fail with ErrBeyond at a page that faults, on a goroutine
	// that has debug.SetPanicOnFault set (elsewhere the fault is fatal).
	Volatile bool
}

// NewShared returns a shared object. If source is nil its pages are
// anonymous memory, zero-filled on first use (as MAP_SHARED|MAP_ANONYMOUS
// memory is). Otherwise source lends page i of the object when a mapping
// of it first accesses that page (again after Zero or Unmap): it must
// return the same storage for the same page for as long as the object is
// mapped, or false if the object has no page i (beyond the end of a file:
// the access then fails with ErrBeyond). The storage is written by
// stores to the mappings without any further call.
func NewShared(source func(i uint64) (*[PageSize]byte, bool)) *Shared {
	s := &Shared{source: source}
	if source == nil {
		s.pages = map[uint64]*[PageSize]byte{}
	}
	return s
}

// Resident is how many pages of an anonymous s have been used (made on
// first use), 0 for one whose pages a source lends.
func (s *Shared) Resident() int { return len(s.pages) }

// private reports whether s is an object of private mappings (NewPrivate).
func (s *Shared) private() bool { return s.read != nil || s.lend != nil }

// page returns page i of s (not a private one: attach reads those).
func (s *Shared) page(i uint64) (*[PageSize]byte, bool) {
	if s.source != nil {
		return s.source(i)
	}
	d := s.pages[i]
	if d == nil {
		d = new([PageSize]byte)
		s.pages[i] = d
	}
	return d, true
}

// MapShared maps [addr, addr+size) with permission p to the pages of s
// from page off: it is Map (the same checks and errors), of pages every
// mapping of s shares. An object of private mappings (NewPrivate) is
// MapPrivate's: MapShared fails with ErrObject for one.
func (m *Memory) MapShared(addr, size uint64, p Perm, s *Shared, off uint64) error {
	if s == nil {
		return m.Map(addr, size, p)
	}
	if s.private() {
		return fmt.Errorf("%w: MapShared of a private object", ErrObject)
	}
	return m.mapObj(addr, size, p, s, off)
}

// SharedAt returns the Shared that the page holding addr maps and the
// byte offset of addr in it, or false if addr is not in a shared mapping.
func (m *Memory) SharedAt(addr uint64) (*Shared, uint64, bool) {
	pn := addr >> pageShift
	k := m.find(pn)
	if k >= len(m.ivs) || m.ivs[k].start > pn || m.ivs[k].obj == nil || m.ivs[k].obj.private() {
		return nil, 0, false
	}
	s := m.ivs[k]
	return s.obj, s.offAt(pn)<<pageShift | addr&(PageSize-1), true
}

// SharedIn calls f with the Shared of every shared mapping in [addr,
// addr+size), in address order. Its cost is that of the mappings in the
// range, not of its size.
func (m *Memory) SharedIn(addr, size uint64, f func(s *Shared)) {
	lo, hi := addr>>pageShift, (addr+size+PageSize-1)>>pageShift
	if addr+size < addr || addr+size+PageSize-1 < addr+size {
		hi = numPages
	}
	for k := m.find(lo); k < len(m.ivs) && m.ivs[k].start < hi; k++ {
		if m.ivs[k].obj != nil && !m.ivs[k].obj.private() {
			f(m.ivs[k].obj)
		}
	}
}

// entry returns the page table entry of s's pages, without storage.
func (s span) entry() Perm {
	switch {
	case s.obj != nil && s.obj.Volatile:
		return s.perm | shared | volatile
	case s.obj != nil:
		return s.perm | shared
	}
	return s.perm
}

// copyVolatile copies between p and storage d of a Volatile Shared's page
// from offset off (into d if write), and reports false if the access
// faulted (the page cannot be reached any more). Only the bytes before
// the fault were copied.
func copyVolatile(d *[PageSize]byte, off uint64, p []byte, write bool) (ok bool) {
	defer func() {
		if x := recover(); x != nil {
			if _, fault := x.(interface{ Addr() uintptr }); !fault {
				panic(x)
			}
			ok = false
		}
	}()
	if write {
		copy(d[off:], p)
	} else {
		copy(p, d[off:])
	}
	return true
}

// attach gives entry i of l, page pn of a mapping of an object, the
// storage of its page of the object, or reports false if there is none.
// A page of a private mapping is the file's page lent (NewFile), or read
// into storage of the entry's own (NewPrivate), which from then on is an
// ordinary private page.
func (m *Memory) attach(l *leaf, i, pn uint64) bool {
	s := m.ivs[m.find(pn)]
	if s.obj.lend != nil {
		return m.lendIn(l, i, pn, s)
	}
	if s.obj.private() {
		return m.readIn(l, i, pn, s)
	}
	d, ok := s.obj.page(s.offAt(pn))
	if !ok || d == nil {
		return false
	}
	m.logData(l, int(i))
	l.data[i] = d
	m.resident++
	return true
}

// has reports whether s has page i (a private object's is read into a
// scratch page to know).
func (s *Shared) has(i uint64) bool {
	switch {
	case s.lend != nil:
		d, ok := s.lend(i)
		return ok && d != nil
	case s.read != nil:
		return s.read(i, make([]byte, PageSize)) > 0
	case s.source != nil:
		_, ok := s.source(i)
		return ok
	}
	return true
}

// HasPage reports whether the page holding addr has storage: a page of a
// private mapping that was written or lent (Page, AccessPage), a page of a
// shared mapping whose object has it (an anonymous object's page any
// mapping of it used; a page its source lends: a host file's, within the
// file), a page of a private file mapping within the file (NewPrivate),
// read or not. An unmapped page has none. It is what a runner answers mincore(2)
// from.
func (m *Memory) HasPage(addr uint64) bool {
	pn := addr >> pageShift
	if l := m.leafFor(pn, false); l != nil && l.data[pn&levelMask] != nil && l.perm[pn&levelMask]&mapped != 0 {
		return true
	}
	k := m.find(pn)
	if k >= len(m.ivs) || m.ivs[k].start > pn || m.ivs[k].obj == nil {
		return false
	}
	s := m.ivs[k]
	if s.obj.source != nil || s.obj.private() {
		return s.obj.has(s.offAt(pn))
	}
	return s.obj.pages[s.offAt(pn)] != nil
}
