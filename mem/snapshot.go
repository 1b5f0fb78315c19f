package mem

import (
	"cmp"
	"slices"
)

// A Snapshot is the state of a Memory at one moment: its mappings,
// permissions and contents. Memory.Snapshot takes one and Memory.Restore
// puts a Memory back into it, any number of times; a Snapshot never
// changes, and any number of them can exist at once. A Snapshot shares
// its pages with the Memory it was taken of, copy-on-write: the Memory
// copies a page when it first writes (or lends, Page) it afterwards, so
// a Snapshot costs its page table, not its contents.
//
// The zero Snapshot, and a nil one, is the empty address space.
type Snapshot struct {
	leaves         []*leaf // copies of the page table's leaves; never changed
	ivs            []span
	size, resident uint64
}

// pageRef is entry i of leaf l.
type pageRef struct {
	l *leaf
	i uint16
}

// Snapshot returns the current state of m. It costs m's page table (its
// leaves, 72 KiB per 32 MiB of address space around accessed pages), not
// the contents: m's pages become copy-on-write. The snapshot becomes m's
// base: restoring it costs the pages changed since (see Restore).
func (m *Memory) Snapshot() *Snapshot {
	s := &Snapshot{ivs: slices.Clone(m.ivs), size: m.size, resident: m.resident}
	m.eachLeaf(func(l *leaf) {
		for k, d := range l.data {
			l.perm[k] |= fresh
			if d != nil && l.perm[k]&shared == 0 {
				l.perm[k] |= cow
			}
		}
		c := *l
		c.snap, c.permDirty = nil, false
		l.snap, l.permDirty = &c, false
		s.leaves = append(s.leaves, &c)
	})
	m.forget()
	m.base = s
	m.gen++ // the pages lent so far are now shared
	m.codeGen++
	return s
}

// Unchanged reports whether the page of addr has the same storage and
// permission in s and in later, a snapshot of the same Memory taken after
// s: then nothing stored to the page, mapped, moved or zeroed it between
// the two (its storage is still the one shared copy-on-write at s). False means that
// it may have changed; so for a page without storage in either and for
// a page of a shared mapping (MapShared), which another Memory writes.
// A debugger skips the stretches of a run between two snapshots that
// did not write a watched page.
func (s *Snapshot) Unchanged(later *Snapshot, addr uint64) bool {
	pn := addr / PageSize
	a, i := s.entry(pn)
	b, j := later.entry(pn)
	return a != nil && b != nil && a.data[i] != nil && a.data[i] == b.data[j] &&
		a.perm[i]&shared == 0 && a.perm[i]&^(cow|fresh) == b.perm[j]&^(cow|fresh)
}

// entry finds page pn in s: its leaf (nil if none) and index there.
func (s *Snapshot) entry(pn uint64) (*leaf, int) {
	if s == nil {
		return nil, 0
	}
	base := pn &^ levelMask
	k, ok := slices.BinarySearchFunc(s.leaves, base, func(l *leaf, b uint64) int { return cmp.Compare(l.base, b) })
	if !ok {
		return nil, 0
	}
	return s.leaves[k], int(pn - base)
}

// Restore puts m back into the state of s: mappings, permissions and
// contents. s may be a snapshot of m or of another Memory. Restoring m's
// base (the snapshot it last took or restored) costs the pages whose
// storage changed since (written, mapped, unmapped) and the 32 MiB
// leaves of the page table whose permissions changed or that were
// made, not the size of the address space; restoring another snapshot
// costs its page table, as taking it did. s becomes m's base.
//
// The pages Page lent before are no longer m's (Generation changes), and
// ExecHook, if set, is called for the whole address space (in two halves).
func (m *Memory) Restore(s *Snapshot) {
	if s == nil {
		s = &Snapshot{}
	}
	if s == m.base {
		for _, r := range m.dirty {
			if d := r.l.data[r.i]; d != nil && r.l.perm[r.i]&(cow|shared) == 0 && len(m.spare) < maxSpare {
				m.spare = append(m.spare, d) // a copy made since the base: only m has it
			}
			r.l.data[r.i], r.l.perm[r.i] = r.l.snap.data[r.i], r.l.snap.perm[r.i]
		}
		for _, l := range m.permDirty {
			l.perm = l.snap.perm
		}
		for _, l := range m.created {
			m.setLeaf(l.base, nil)
		}
	} else {
		m.root = nil
		for _, sl := range s.leaves {
			l := *sl
			l.snap, l.permDirty = sl, false
			m.setLeaf(l.base, &l)
		}
	}
	m.forget()
	m.base = s
	m.ivs = append(m.ivs[:0], s.ivs...)
	m.size, m.resident = s.size, s.resident
	m.lastLeaf = nil
	m.gen++
	m.codeGen++
	if m.ExecHook != nil { // two halves: one size cannot say 1<<64
		m.ExecHook(0, 1<<63)
		m.ExecHook(1<<63, 1<<63)
	}
}

// Clone returns an independent copy of m: the same mappings, permissions,
// contents, Limit and Budget (not ExecHook), sharing pages with m copy-on-write,
// so that it costs m's page table, not its contents. Writes to either
// are invisible to the other, except in shared mappings (MapShared),
// whose pages both map. The clone has no base snapshot; m keeps
// its own.
func (m *Memory) Clone() *Memory {
	c := &Memory{ivs: slices.Clone(m.ivs), size: m.size, resident: m.resident, Limit: m.Limit, Budget: m.Budget}
	m.eachLeaf(func(l *leaf) {
		for k, d := range l.data {
			if d != nil && l.perm[k]&shared == 0 {
				l.perm[k] |= cow
			}
		}
		n := &leaf{data: l.data, base: l.base}
		for k, p := range l.perm {
			n.perm[k] = p &^ fresh
		}
		c.setLeaf(n.base, n)
	})
	m.gen++ // the pages lent so far are now shared
	m.codeGen++
	return c
}

// maxSpare bounds Memory.spare (16 MiB).
const maxSpare = 4096

// forget empties the record of changes since the base snapshot.
func (m *Memory) forget() {
	for _, l := range m.permDirty {
		l.permDirty = false
	}
	clear(m.dirty)
	clear(m.permDirty)
	clear(m.created)
	m.dirty, m.permDirty, m.created = m.dirty[:0], m.permDirty[:0], m.created[:0]
}

// logData records that the storage of entry k of l is about to change,
// if it is the first change since the base snapshot.
func (m *Memory) logData(l *leaf, k int) {
	if l.perm[k]&fresh != 0 {
		l.perm[k] &^= fresh
		m.dirty = append(m.dirty, pageRef{l, uint16(k)})
	}
}

// markPerm records that permissions of l are about to change.
func (m *Memory) markPerm(l *leaf) {
	if l.snap != nil && !l.permDirty {
		l.permDirty = true
		m.permDirty = append(m.permDirty, l)
	}
}

// own gives entry k of l storage of its own, a copy of the shared page
// (copy-on-write, or a file's page lent) or a new zero page, and returns
// it.
func (m *Memory) own(l *leaf, k int) *[PageSize]byte {
	old := l.data[k]
	m.logData(l, k)
	var d *[PageSize]byte
	if n := len(m.spare); n > 0 {
		d, m.spare = m.spare[n-1], m.spare[:n-1]
		if old == nil {
			*d = [PageSize]byte{}
		}
	} else {
		d = new([PageSize]byte)
	}
	if old != nil {
		*d = *old
	} else {
		m.resident++
	}
	l.data[k] = d
	if lent(l.perm[k]) {
		// A file's page lent (private.go) is the entry's own from now
		// on; an emulator may hold the lent one for reading (Page
		// lends it only to read a page not writable, which a Poke
		// writes): Generation changes.
		l.perm[k] &^= shared
		m.gen++
		m.codeGen++
	}
	l.perm[k] &^= cow
	return d
}

// eachLeaf calls f for every leaf of the page table.
func (m *Memory) eachLeaf(f func(l *leaf)) {
	m.leaves(0, numPages, func(l *leaf, _ uint64, _, _ int) { f(l) })
}

// setLeaf puts l (or nil) into the page table as the leaf of the pages
// from base.
func (m *Memory) setLeaf(base uint64, l *leaf) {
	if m.root == nil {
		if l == nil {
			return
		}
		m.root = new(node1)
	}
	n2 := &m.root[base>>(3*levelBits)&levelMask]
	if *n2 == nil {
		if l == nil {
			return
		}
		*n2 = new(node2)
	}
	n3 := &(*n2)[base>>(2*levelBits)&levelMask]
	if *n3 == nil {
		if l == nil {
			return
		}
		*n3 = new(node3)
	}
	(*n3)[base>>levelBits&levelMask] = l
	m.lastLeaf = nil
}
