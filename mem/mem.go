// Package mem is a paged address space for the emulator: 4 KiB pages with
// read/write/execute permissions, mapped and unmapped in page-aligned ranges,
// looked up through a radix page table of direct slices.
//
// *Memory implements emulate.Memory. It is a pointer type, so passing it
// where an emulate.Memory is expected never allocates. It is also an
// emulate.PagedMemory: emulate.Emulator.Run loads, stores and fetches on
// its pages directly. An access that lies
// within one page takes a short fast path; an access that crosses pages
// succeeds when every page it touches allows it (adjacent mappings join
// seamlessly) and otherwise fails with an *emulate.AccessError naming the
// first byte that could not be accessed, without writing anything.
//
// Pages are materialised lazily: a mapped page that was never written reads
// as zeros and costs no storage, so large PROT_NONE reservations are cheap.
//
// A Memory is not safe for concurrent use. The Linux runner serialises its
// guest threads, so one Memory serves all of them.
package mem

import (
	"errors"
	"fmt"
	"sort"

	"github.com/ppc64emu/ppc64emu/emulate"
)

// PageSize is the size of a page in bytes (emulate.PagedMemory's).
const PageSize = emulate.PageSize

// *Memory lends its pages to emulate.Emulator.Run.
var _ emulate.PagedMemory = (*Memory)(nil)

const pageShift = 12

// Perm is a set of access permissions.
type Perm uint8

// Permissions. They combine with |.
const (
	Read  Perm = 1 << iota // loads
	Write                  // stores
	Exec                   // instruction fetches
	None  Perm = 0         // mapped but inaccessible (PROT_NONE)
	RW         = Read | Write
	RX         = Read | Exec
	RWX        = Read | Write | Exec
)

// mapped marks a page table entry as mapped (a PROT_NONE page is mapped with
// no permission bits).
const mapped Perm = 1 << 7

func (p Perm) String() string {
	b := []byte("---")
	if p&Read != 0 {
		b[0] = 'r'
	}
	if p&Write != 0 {
		b[1] = 'w'
	}
	if p&Exec != 0 {
		b[2] = 'x'
	}
	return string(b)
}

// Errors. An access fault is an *emulate.AccessError wrapping ErrUnmapped or
// ErrPermission; Map and friends return errors wrapping the others.
var (
	ErrUnmapped   = emulate.ErrUnmapped // the one sentinel, from emulate
	ErrPermission = errors.New("mem: access not permitted")
	ErrOverlap    = errors.New("mem: range overlaps a mapping")
	ErrAlign      = errors.New("mem: range not page-aligned")
	ErrRange      = errors.New("mem: range wraps past the end of the address space")
)

// The page table: four levels of 13 bits over the 52-bit page number.
const (
	levelBits = 13
	levelSize = 1 << levelBits
	levelMask = levelSize - 1
)

type leaf struct {
	data [levelSize]*[PageSize]byte
	perm [levelSize]Perm
}

type node3 [levelSize]*leaf
type node2 [levelSize]*node3
type node1 [levelSize]*node2

// Memory is a paged address space. The zero value is an empty address space
// ready to use.
type Memory struct {
	root *node1
	ivs  []span // mapped ranges, sorted, non-adjacent (merged)
	// A one-entry cache of the last page looked up.
	lastPN   uint64
	lastLeaf *leaf
	gen      uint64 // Generation: bumped by every Map, Unmap and Protect
	// ExecHook, if set, is called for every change of permissions or
	// contents mapping that may invalidate decoded instructions (Map,
	// Unmap, Protect), with the affected range. It is not called for
	// ordinary stores.
	ExecHook func(addr, size uint64)
}

// span is a mapped range [start, end).
type span struct{ start, end uint64 }

// New returns an empty address space.
func New() *Memory { return &Memory{} }

func (m *Memory) leafFor(pn uint64, create bool) *leaf {
	if m.lastLeaf != nil && m.lastPN == pn>>levelBits {
		return m.lastLeaf
	}
	if m.root == nil {
		if !create {
			return nil
		}
		m.root = new(node1)
	}
	i1 := pn >> (3 * levelBits) & levelMask
	n2 := m.root[i1]
	if n2 == nil {
		if !create {
			return nil
		}
		n2 = new(node2)
		m.root[i1] = n2
	}
	i2 := pn >> (2 * levelBits) & levelMask
	n3 := n2[i2]
	if n3 == nil {
		if !create {
			return nil
		}
		n3 = new(node3)
		n2[i2] = n3
	}
	i3 := pn >> levelBits & levelMask
	l := n3[i3]
	if l == nil {
		if !create {
			return nil
		}
		l = new(leaf)
		n3[i3] = l
	}
	m.lastPN, m.lastLeaf = pn>>levelBits, l
	return l
}

// perm returns the page's permissions (with the mapped bit) and its leaf.
func (m *Memory) entry(addr uint64) (*leaf, int) {
	pn := addr >> pageShift
	l := m.leafFor(pn, false)
	return l, int(pn & levelMask)
}

func checkRange(addr, size uint64) error {
	if addr%PageSize != 0 || size%PageSize != 0 {
		return fmt.Errorf("%w: %#x+%#x", ErrAlign, addr, size)
	}
	if addr+size < addr && addr+size != 0 {
		return fmt.Errorf("%w: %#x+%#x", ErrRange, addr, size)
	}
	return nil
}

// Map maps [addr, addr+size) with permission p, zero-filled. addr and size
// must be multiples of PageSize. It fails with ErrOverlap, changing nothing,
// if any page of the range is already mapped.
func (m *Memory) Map(addr, size uint64, p Perm) error {
	if err := checkRange(addr, size); err != nil {
		return err
	}
	if size == 0 {
		return nil
	}
	if m.overlaps(addr, size) {
		return fmt.Errorf("%w: %#x+%#x", ErrOverlap, addr, size)
	}
	for a := addr; a-addr < size; a += PageSize {
		pn := a >> pageShift
		l := m.leafFor(pn, true)
		l.perm[pn&levelMask] = p&RWX | mapped
		l.data[pn&levelMask] = nil
	}
	m.addSpan(addr, addr+size)
	m.changed(addr, size)
	return nil
}

// Unmap unmaps every mapped page of [addr, addr+size); unmapped pages in the
// range are ignored (as munmap does).
func (m *Memory) Unmap(addr, size uint64) error {
	if err := checkRange(addr, size); err != nil {
		return err
	}
	for a := addr; a-addr < size; a += PageSize {
		l, i := m.entry(a)
		if l == nil {
			// Skip the rest of this leaf's range.
			next := (a>>pageShift | levelMask) + 1
			if next<<pageShift <= a || next<<pageShift-addr >= size {
				break
			}
			a = next<<pageShift - PageSize
			continue
		}
		l.perm[i] = 0
		l.data[i] = nil
	}
	m.removeSpan(addr, addr+size)
	m.changed(addr, size)
	return nil
}

// Move moves the pages of [src, src+size) to [dst, dst+size) with their
// contents and permissions, leaving the source unmapped (as mremap moves a
// mapping): the storage moves, nothing is copied. Both addresses and size
// must be multiples of PageSize. Every page of the source must be mapped
// (else ErrUnmapped) and no page of the destination may be (else
// ErrOverlap); on failure nothing changes.
func (m *Memory) Move(dst, src, size uint64) error {
	if err := checkRange(src, size); err != nil {
		return err
	}
	if err := checkRange(dst, size); err != nil {
		return err
	}
	if size == 0 {
		return nil
	}
	if !m.covered(src, size) {
		return fmt.Errorf("%w: %#x+%#x", ErrUnmapped, src, size)
	}
	if m.overlaps(dst, size) {
		return fmt.Errorf("%w: %#x+%#x", ErrOverlap, dst, size)
	}
	for off := uint64(0); off < size; off += PageSize {
		sl, si := m.entry(src + off)
		d, p := sl.data[si], sl.perm[si]
		sl.data[si], sl.perm[si] = nil, 0
		pn := (dst + off) >> pageShift
		dl := m.leafFor(pn, true)
		dl.data[pn&levelMask], dl.perm[pn&levelMask] = d, p
	}
	m.removeSpan(src, src+size)
	m.addSpan(dst, dst+size)
	m.changed(src, size)
	m.changed(dst, size)
	return nil
}

// Protect changes the permissions of [addr, addr+size) to p. Every page of
// the range must be mapped; otherwise it fails with ErrUnmapped and changes
// nothing (as mprotect fails with ENOMEM).
func (m *Memory) Protect(addr, size uint64, p Perm) error {
	if err := checkRange(addr, size); err != nil {
		return err
	}
	if !m.covered(addr, size) {
		return fmt.Errorf("%w: %#x+%#x", ErrUnmapped, addr, size)
	}
	for a := addr; a-addr < size; a += PageSize {
		l, i := m.entry(a)
		l.perm[i] = p&RWX | mapped
	}
	m.changed(addr, size)
	return nil
}

// Perm returns the permissions of the page holding addr and whether it is
// mapped.
func (m *Memory) Perm(addr uint64) (Perm, bool) {
	l, i := m.entry(addr)
	if l == nil || l.perm[i]&mapped == 0 {
		return 0, false
	}
	return l.perm[i] &^ mapped, true
}

// Mapped reports whether every page of [addr, addr+size) is mapped.
func (m *Memory) Mapped(addr, size uint64) bool {
	lo := addr &^ (PageSize - 1)
	hi := (addr + size + PageSize - 1) &^ (PageSize - 1)
	return m.covered(lo, hi-lo)
}

func (m *Memory) changed(addr, size uint64) {
	m.lastLeaf = nil
	m.gen++
	if m.ExecHook != nil {
		m.ExecHook(addr, size)
	}
}

// Spans calls f for every maximal mapped range, in address order.
func (m *Memory) Spans(f func(start, end uint64)) {
	for _, s := range m.ivs {
		f(s.start, s.end)
	}
}

// FindFree returns the lowest page-aligned address a ≥ lo with
// [a, a+size) unmapped and a+size ≤ hi, or false.
func (m *Memory) FindFree(lo, hi, size uint64) (uint64, bool) {
	size = (size + PageSize - 1) &^ (PageSize - 1)
	a := (lo + PageSize - 1) &^ (PageSize - 1)
	for _, s := range m.ivs {
		if s.end <= a {
			continue
		}
		if s.start >= a && s.start-a >= size {
			break
		}
		if s.end > a {
			a = s.end
		}
	}
	if a < lo || a+size < a || a+size > hi {
		return 0, false
	}
	return a, true
}

// FindFreeDown is FindFree searching downwards: the highest a with
// [a, a+size) unmapped, lo ≤ a and a+size ≤ hi.
func (m *Memory) FindFreeDown(lo, hi, size uint64) (uint64, bool) {
	size = (size + PageSize - 1) &^ (PageSize - 1)
	hi &^= PageSize - 1
	if hi < size {
		return 0, false
	}
	end := hi
	for i := len(m.ivs) - 1; i >= 0; i-- {
		s := m.ivs[i]
		if s.start >= end {
			continue
		}
		if s.end <= end && end-s.end >= size {
			break
		}
		end = min(end, s.start)
	}
	if end < size || end-size < lo {
		return 0, false
	}
	return end - size, true
}

func (m *Memory) overlaps(addr, size uint64) bool {
	end := addr + size
	i := sort.Search(len(m.ivs), func(i int) bool { return m.ivs[i].end > addr })
	return i < len(m.ivs) && (m.ivs[i].start < end || end == 0)
}

func (m *Memory) covered(addr, size uint64) bool {
	if size == 0 {
		return true
	}
	i := sort.Search(len(m.ivs), func(i int) bool { return m.ivs[i].end > addr })
	return i < len(m.ivs) && m.ivs[i].start <= addr && m.ivs[i].end-addr >= size
}

func (m *Memory) addSpan(start, end uint64) {
	// Merge with neighbours that touch or overlap.
	i := sort.Search(len(m.ivs), func(i int) bool { return m.ivs[i].end >= start })
	j := i
	for j < len(m.ivs) && m.ivs[j].start <= end {
		start = min(start, m.ivs[j].start)
		end = max(end, m.ivs[j].end)
		j++
	}
	m.ivs = append(m.ivs[:i], append([]span{{start, end}}, m.ivs[j:]...)...)
}

func (m *Memory) removeSpan(start, end uint64) {
	var out []span
	for _, s := range m.ivs {
		if s.end <= start || s.start >= end {
			out = append(out, s)
			continue
		}
		if s.start < start {
			out = append(out, span{s.start, start})
		}
		if s.end > end {
			out = append(out, span{end, s.end})
		}
	}
	m.ivs = out
}

// fault builds the error for a failed access at addr.
func (m *Memory) fault(addr uint64) error {
	if _, ok := m.Perm(addr); !ok {
		return &emulate.AccessError{Addr: addr, Err: ErrUnmapped}
	}
	return &emulate.AccessError{Addr: addr, Err: ErrPermission}
}

// check finds the first byte of [addr, addr+n) whose page lacks p.
func (m *Memory) check(addr uint64, n int, p Perm) error {
	a := addr
	for {
		if _, _, ok := m.slot(a, p); !ok {
			return m.fault(a)
		}
		next := (a | (PageSize - 1)) + 1
		if next == 0 || next-addr >= uint64(n) {
			return nil
		}
		a = next
	}
}

// Read implements emulate.Memory: it copies len(p) bytes at addr into p.
// Every page touched must be readable.
func (m *Memory) Read(addr uint64, p []byte) error {
	if d := m.fast(addr, len(p), Read); d != nil {
		copy(p, d[addr&(PageSize-1):])
		return nil
	}
	return m.read(addr, p, Read)
}

// fast is the common case of a data access: n bytes within one page of
// the leaf leafFor looked up last, mapped with perm and materialised. It
// returns the page, or nil for every other case (read and write then
// handle it, with the same outcome).
func (m *Memory) fast(addr uint64, n int, perm Perm) *[PageSize]byte {
	pn := addr >> pageShift
	l := m.lastLeaf
	if l == nil || m.lastPN != pn>>levelBits || addr&(PageSize-1)+uint64(n) > PageSize {
		return nil
	}
	i := pn & levelMask
	if l.perm[i]&(perm|mapped) != perm|mapped {
		return nil
	}
	return l.data[i]
}

// Fetch reads instruction bytes: like Read, but every page touched must be
// executable.
func (m *Memory) Fetch(addr uint64, p []byte) error {
	return m.read(addr, p, Exec)
}

// slot returns the leaf and index of the page holding addr if it is mapped
// with at least permission perm.
func (m *Memory) slot(addr uint64, perm Perm) (*leaf, uint64, bool) {
	pn := addr >> pageShift
	l := m.leafFor(pn, false)
	i := pn & levelMask
	if l == nil || l.perm[i]&(perm|mapped) != perm|mapped {
		return nil, 0, false
	}
	return l, i, true
}

// read copies memory into p. An access within one page checks its page as
// it goes; a page-crossing one checks every page first (all or nothing).
func (m *Memory) read(addr uint64, p []byte, perm Perm) error {
	if addr&(PageSize-1)+uint64(len(p)) > PageSize {
		if err := m.check(addr, len(p), perm); err != nil {
			return err
		}
	}
	for len(p) > 0 {
		l, i, ok := m.slot(addr, perm)
		if !ok {
			return m.fault(addr)
		}
		off := addr & (PageSize - 1)
		k := min(uint64(len(p)), PageSize-off)
		if d := l.data[i]; d != nil {
			copy(p[:k], d[off:])
		} else {
			clear(p[:k])
		}
		p = p[k:]
		addr += k
	}
	return nil
}

// Write implements emulate.Memory: it copies p to addr. Every page touched
// must be writable; otherwise nothing is written.
func (m *Memory) Write(addr uint64, p []byte) error {
	if d := m.fast(addr, len(p), Write); d != nil {
		copy(d[addr&(PageSize-1):], p)
		return nil
	}
	return m.write(addr, p, Write)
}

// Poke writes p to addr ignoring write permission (every page must be
// mapped): a loader or debugger writing into read-only text.
func (m *Memory) Poke(addr uint64, p []byte) error {
	return m.write(addr, p, mapped)
}

// Peek reads like Read, ignoring read permission (every page must be
// mapped).
func (m *Memory) Peek(addr uint64, p []byte) error {
	return m.read(addr, p, mapped)
}

func (m *Memory) write(addr uint64, p []byte, perm Perm) error {
	if addr&(PageSize-1)+uint64(len(p)) > PageSize {
		if err := m.check(addr, len(p), perm); err != nil {
			return err
		}
	}
	for len(p) > 0 {
		l, i, ok := m.slot(addr, perm)
		if !ok {
			return m.fault(addr)
		}
		d := l.data[i]
		if d == nil {
			d = new([PageSize]byte)
			l.data[i] = d
		}
		off := addr & (PageSize - 1)
		k := copy(d[off:], p)
		p = p[k:]
		addr += uint64(k)
	}
	return nil
}

// Page returns the storage of the page holding addr, materialising it, if
// the page is mapped with at least permission p; the caller may read (and,
// with Write, modify) it directly until the next Map, Unmap or Protect. A
// runner uses it for instruction caches and bulk copies.
func (m *Memory) Page(addr uint64, p Perm) (*[PageSize]byte, bool) {
	l, i, ok := m.slot(addr, p)
	if !ok {
		return nil, false
	}
	d := l.data[i]
	if d == nil {
		d = new([PageSize]byte)
		l.data[i] = d
	}
	return d, true
}

// AccessPage implements emulate.PagedMemory: it is Page with the
// permission of the access (Read, Write or Exec).
func (m *Memory) AccessPage(addr uint64, access emulate.Access) (*[PageSize]byte, bool) {
	p := Read
	switch access {
	case emulate.AccessWrite:
		p = Write
	case emulate.AccessExec:
		p = Exec
	}
	return m.Page(addr, p)
}

// Generation implements emulate.PagedMemory: it changes with every Map,
// Unmap and Protect (which end the validity of the pages Page returned).
func (m *Memory) Generation() uint64 { return m.gen }

// ReadString reads a NUL-terminated string of at most max bytes at addr
// (without the NUL). It fails if a byte before the NUL is unreadable or no
// NUL is found within max bytes.
func (m *Memory) ReadString(addr uint64, max int) (string, error) {
	var out []byte
	for len(out) < max {
		off := addr & (PageSize - 1)
		d, ok := m.Page(addr, Read)
		if !ok {
			return "", m.fault(addr)
		}
		chunk := d[off:]
		for i, c := range chunk {
			if c == 0 {
				return string(append(out, chunk[:i]...)), nil
			}
			if len(out)+i+1 >= max {
				break
			}
		}
		out = append(out, chunk...)
		addr += PageSize - off
	}
	return "", fmt.Errorf("mem: string at %#x longer than %d bytes", addr, max)
}
