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
// seamlessly) and otherwise fails with an *AccessError naming the
// first byte that could not be accessed, without writing anything.
//
// Address space is reserved lazily, as Linux does: Map, Unmap and Protect
// cost the same whatever the size of the range, the page table exists only
// around pages that were accessed, and a mapped page that was never written
// reads as zeros and costs no storage. Size and Resident say what is
// reserved and what is stored.
//
// Snapshot and Restore save and put back the whole address space, and
// Clone copies it, copy-on-write (snapshot.go): a page is copied when it
// is first written after them, so restoring costs the pages changed since.
// Shared mappings (MapShared, shared.go) are never copied: their pages
// belong to a Shared object that every mapping of it, in any Memory, sees.
// Private file mappings (MapPrivate, private.go) read each page from their
// file when it is first accessed, as Linux's page faults do.
//
// A Memory is not safe for concurrent use. The Linux runner serialises its
// guest threads, so one Memory serves all of them.
package mem

import (
	"errors"
	"fmt"
	"sort"
)

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

// Bits of a page table entry for snapshots and clones (snapshot.go): cow
// marks storage shared with a Snapshot or another Memory, which is copied
// before it is written or lent (own); fresh marks an entry unchanged since
// the base snapshot, whose first change of storage is journaled (logData).
const (
	cow   Perm = 1 << 6
	fresh Perm = 1 << 5
)

// shared marks an entry of a shared mapping (MapShared, shared.go): its
// storage is a page of a Shared, attached when the page is first accessed
// and never copied.
const shared Perm = 1 << 4

// volatile marks an entry of a shared mapping of a Volatile Shared: its
// storage may fault when accessed, so it is never lent (AccessPage) nor
// taken by the fast paths, and copyPages recovers the fault.
const volatile Perm = 1 << 3

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

// Errors. An access fault is an *AccessError wrapping ErrUnmapped or
// ErrPermission; Map and friends return errors wrapping the others.
var (
	ErrPermission = errors.New("mem: access not permitted")
	ErrOverlap    = errors.New("mem: range overlaps a mapping")
	ErrAlign      = errors.New("mem: range not page-aligned")
	ErrRange      = errors.New("mem: range wraps past the end of the address space")
	ErrLimit      = errors.New("mem: mapping would exceed the address space limit")
	// ErrBeyond is the cause of an access to a page of a shared mapping
	// that its Shared has no page for (beyond the end of a mapped file:
	// Linux's SIGBUS).
	ErrBeyond = errors.New("mem: page beyond the end of its shared object")
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
	base uint64 // the page number of data[0]
	// snap is this leaf in the Memory's base snapshot (nil for a leaf made
	// since, or without a base); permDirty says its perm entries may differ
	// from snap's (it is then in Memory.permDirty).
	snap      *leaf
	permDirty bool
}

type node3 [levelSize]*leaf
type node2 [levelSize]*node3
type node1 [levelSize]*node2

// Memory is a paged address space. The zero value is an empty address space
// ready to use.
//
// The mapped ranges and their permissions are a sorted list of spans; the
// radix page table is built only where pages are accessed. A leaf of the
// table (8192 pages, 32 MiB) is created, with the permissions of the spans
// it covers, when one of its mapped pages is first accessed; from then on
// Map, Unmap, Protect and Move keep its entries exact. So reserving,
// protecting or unmapping a range costs the number of spans and of leaves
// that exist in it, not its size.
type Memory struct {
	root *node1
	ivs  []span // mapped ranges by page number, sorted, disjoint; adjacent ones differ in permission
	// A one-entry cache of the last page looked up.
	lastPN   uint64
	lastLeaf *leaf
	gen      uint64 // Generation: bumped by every Map, Unmap and Protect
	// execWrites counts the writes to pages with execute permission
	// (ExecWrites), codeGen the changes of gen that may have changed
	// such a page (all but a Map, or a change of a range without
	// one: changed); execShared says whether a span maps a Shared with
	// execute permission, as of generation execSharedGen-1 (0: never
	// looked).
	execWrites    uint64
	codeGen       uint64
	execShared    bool
	execSharedGen uint64
	size          uint64 // pages mapped (Size)
	resident      uint64 // pages with storage (Resident)
	// Limit, if not zero, bounds Size: a Map that would take it beyond
	// fails with ErrLimit (as RLIMIT_AS bounds a Linux process).
	Limit uint64
	// Budget, if set, is asked whether m may grow by grow more bytes
	// before a Map within Limit: false fails the Map with ErrLimit. It
	// bounds several Memories together (the address spaces of one
	// runner's processes); a Clone has m's.
	Budget func(m *Memory, grow uint64) bool
	// ExecHook, if set, is called for every change of permissions or
	// contents mapping that may invalidate decoded instructions (Map,
	// Unmap, Protect, Move, Zero), with the affected range. It is not
	// called for ordinary stores.
	ExecHook func(addr, size uint64)
	// Journal, if set, is told of every change made through Map, Unmap,
	// Protect, Move, Zero, Write and Poke, after it succeeded (a recorder
	// of a program's inputs logs them to replay them), and of every page
	// of a private file mapping read in from its file (ChangeFill), when
	// it is, however it is accessed. It is not told of stores through the
	// pages Page and AccessPage lend, nor of Snapshot, Restore and Clone.
	// A private file mapping is told as a ChangeMap: a replay of the
	// changes has no file, the pages read in come as ChangeFill. The
	// Change is valid during the call only.
	Journal func(c *Change)
	jbuf    []byte // the Data of a ChangeWrite (journalWrite)

	// The base snapshot (the last taken or restored) and what changed
	// since: entries whose storage changed, leaves whose permissions
	// changed, leaves made (snapshot.go).
	base      *Snapshot
	dirty     []pageRef
	permDirty []*leaf
	created   []*leaf
	spare     []*[PageSize]byte // pages Restore took back, for own to reuse
}

// span is the mapped pages [start, end) (page numbers; end ≤ 1<<52) with
// permission perm (RWX bits and mapped); obj, for a shared mapping, is
// the object whose page off is the span's first.
type span struct {
	start, end uint64
	perm       Perm
	obj        *Shared
	off        uint64
}

// offAt returns the page of s.obj at page pn of s.
func (s span) offAt(pn uint64) uint64 { return s.off + pn - s.start }

// follows reports whether s continues t (t ends where s starts) as the
// same mapping: the same permission and the same object at the next page.
func (s span) follows(t span) bool {
	return t.end == s.start && t.perm == s.perm && t.obj == s.obj && (s.obj == nil || t.offAt(t.end) == s.off)
}

// New returns an empty address space.
func New() *Memory { return &Memory{} }

// Page numbers: the address space has 1<<52 pages.
const numPages = 1 << (64 - pageShift)

// pages converts a checked range to page numbers [lo, hi).
func pages(addr, size uint64) (lo, hi uint64) {
	return addr >> pageShift, addr>>pageShift + size>>pageShift
}

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
		l = m.newLeaf(pn &^ levelMask)
		n3[i3] = l
	}
	m.lastPN, m.lastLeaf = pn>>levelBits, l
	return l
}

// newLeaf returns a leaf for the pages from base with the permissions of
// the spans that cover them.
func (m *Memory) newLeaf(base uint64) *leaf {
	l := &leaf{base: base}
	if m.base != nil {
		m.created = append(m.created, l)
	}
	end := base + levelSize
	for k := m.find(base); k < len(m.ivs) && m.ivs[k].start < end; k++ {
		s := m.ivs[k]
		p := s.entry() | mapped
		for pn := max(s.start, base); pn < min(s.end, end); pn++ {
			l.perm[pn-base] = p
		}
	}
	return l
}

// leaves calls f for every leaf of the page table that exists and holds
// pages of [lo, hi), with the index range [i, j) of those pages in it.
// Absent parts of the table are skipped whole.
func (m *Memory) leaves(lo, hi uint64, f func(l *leaf, base uint64, i, j int)) {
	if m.root == nil || lo >= hi {
		return
	}
	const s1, s2, s3 = 3 * levelBits, 2 * levelBits, levelBits
	for i1 := lo >> s1; i1 <= (hi-1)>>s1; i1++ {
		n2 := m.root[i1&levelMask]
		if n2 == nil {
			continue
		}
		b1 := i1 << s1
		for i2 := max(lo, b1) >> s2; i2 <= (min(hi, b1+1<<s1)-1)>>s2; i2++ {
			n3 := n2[i2&levelMask]
			if n3 == nil {
				continue
			}
			b2 := i2 << s2
			for i3 := max(lo, b2) >> s3; i3 <= (min(hi, b2+1<<s2)-1)>>s3; i3++ {
				l := n3[i3&levelMask]
				if l == nil {
					continue
				}
				base := i3 << s3
				f(l, base, int(max(lo, base)-base), int(min(hi, base+levelSize)-base))
			}
		}
	}
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

// setPerm sets the table entries of the existing leaves over [lo, hi) to
// p (mapped, with the mapped bit and shared for a shared mapping; or 0),
// dropping their storage when drop is set (a new mapping, or none), else
// keeping whether they are shared (a change of permission).
func (m *Memory) setPerm(lo, hi uint64, p Perm, drop bool) {
	keep := cow | fresh | shared | volatile
	if drop {
		keep = cow | fresh
	}
	m.leaves(lo, hi, func(l *leaf, _ uint64, i, j int) {
		m.markPerm(l)
		for k := i; k < j; k++ {
			if drop && l.data[k] != nil {
				m.drop(l, k)
			}
			l.perm[k] = p | l.perm[k]&keep
		}
	})
}

// drop takes the storage of entry k of l away (a page that then reads as
// zeros).
func (m *Memory) drop(l *leaf, k int) {
	m.logData(l, k)
	l.data[k] = nil
	l.perm[k] &^= cow
	m.resident--
}

// Map maps [addr, addr+size) with permission p, zero-filled. addr and size
// must be multiples of PageSize. It fails with ErrOverlap, changing nothing,
// if any page of the range is already mapped. Its cost does not depend on
// size: pages take storage when first written.
func (m *Memory) Map(addr, size uint64, p Perm) error {
	return m.mapObj(addr, size, p, nil, 0)
}

// mapObj is Map, of the pages of obj from page off if obj is not nil.
func (m *Memory) mapObj(addr, size uint64, p Perm, obj *Shared, off uint64) error {
	if err := checkRange(addr, size); err != nil {
		return err
	}
	if size == 0 {
		return nil
	}
	lo, hi := pages(addr, size)
	if m.overlaps(lo, hi) {
		return fmt.Errorf("%w: %#x+%#x", ErrOverlap, addr, size)
	}
	if m.Limit != 0 && (hi-lo > m.Limit/PageSize || m.size+(hi-lo) > m.Limit/PageSize) ||
		m.Budget != nil && !m.Budget(m, (hi-lo)*PageSize) {
		return fmt.Errorf("%w: %#x+%#x", ErrLimit, addr, size)
	}
	s := span{lo, hi, p&RWX | mapped, obj, off}
	m.setPerm(lo, hi, s.entry(), true)
	m.setSpan(s)
	m.changed(addr, size, false) // the range was unmapped
	if m.Journal != nil {
		c := Change{Op: ChangeMap, Addr: addr, Size: size, Perm: p & RWX}
		if obj != nil && !obj.private() {
			c.Op, c.Shared, c.Off = ChangeMapShared, obj, off
		}
		m.Journal(&c)
	}
	return nil
}

// Unmap unmaps every mapped page of [addr, addr+size); unmapped pages in the
// range are ignored (as munmap does).
func (m *Memory) Unmap(addr, size uint64) error {
	if err := checkRange(addr, size); err != nil {
		return err
	}
	lo, hi := pages(addr, size)
	exec := m.execIn(lo, hi)
	m.setPerm(lo, hi, 0, true)
	m.setSpan(span{start: lo, end: hi})
	m.changed(addr, size, exec)
	if m.Journal != nil {
		m.Journal(&Change{Op: ChangeUnmap, Addr: addr, Size: size})
	}
	return nil
}

// Zero drops the contents of the mapped pages of [addr, addr+size), which
// then read as zeros (as madvise MADV_DONTNEED empties private anonymous
// memory); permissions are unchanged. addr is rounded down and the end up
// to pages.
func (m *Memory) Zero(addr, size uint64) {
	end := addr + size
	if end < addr {
		end = 0
	}
	lo := addr >> pageShift
	hi := (end + PageSize - 1) >> pageShift
	if end == 0 || end+PageSize-1 < end {
		hi = numPages
	}
	m.leaves(lo, hi, func(l *leaf, base uint64, i, j int) {
		for k := i; k < j; k++ {
			if l.data[k] != nil {
				m.drop(l, k)
				if s := m.ivs[m.find(base+uint64(k))]; s.obj != nil && s.obj.private() {
					m.markPerm(l)
					l.perm[k] |= shared // read from the file again when next accessed
				}
			}
		}
	})
	m.changed(addr, size, m.execIn(lo, hi))
	if m.Journal != nil {
		m.Journal(&Change{Op: ChangeZero, Addr: addr, Size: size})
	}
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
	slo, shi := pages(src, size)
	dlo, dhi := pages(dst, size)
	if !m.covered(slo, shi) {
		return fmt.Errorf("%w: %#x+%#x", ErrUnmapped, src, size)
	}
	if m.overlaps(dlo, dhi) {
		return fmt.Errorf("%w: %#x+%#x", ErrOverlap, dst, size)
	}
	exec := m.execIn(slo, shi)
	// The spans of the source, and the storage its pages have.
	var moved []span
	for k := m.find(slo); k < len(m.ivs) && m.ivs[k].start < shi; k++ {
		s := m.ivs[k]
		a := max(s.start, slo)
		moved = append(moved, span{a, min(s.end, shi), s.perm, s.obj, 0})
		if s.obj != nil {
			moved[len(moved)-1].off = s.offAt(a)
		}
	}
	type page struct {
		off uint64
		d   *[PageSize]byte
		cow Perm // the entry's cow and shared bits (a private file page read in has no shared bit)
	}
	var data []page
	m.leaves(slo, shi, func(l *leaf, base uint64, i, j int) {
		m.markPerm(l)
		for k := i; k < j; k++ {
			if d := l.data[k]; d != nil {
				data = append(data, page{base + uint64(k) - slo, d, l.perm[k] & (cow | shared)})
				m.logData(l, k)
				l.data[k] = nil
			}
			l.perm[k] &= fresh
		}
	})
	m.setSpan(span{start: slo, end: shi})
	m.lastLeaf = nil
	for _, s := range moved {
		s.start, s.end = s.start-slo+dlo, s.end-slo+dlo
		m.setPerm(s.start, s.end, s.entry(), false)
		m.setSpan(s)
	}
	for _, pg := range data {
		pn := dlo + pg.off
		l := m.leafFor(pn, true)
		k := int(pn & levelMask)
		m.logData(l, k)
		l.data[k] = pg.d
		l.perm[k] = l.perm[k]&^shared | pg.cow
	}
	m.changed(src, size, exec)
	m.changed(dst, size, false) // the destination was unmapped
	if m.Journal != nil {
		m.Journal(&Change{Op: ChangeMove, Addr: dst, Src: src, Size: size})
	}
	return nil
}

// Protect changes the permissions of [addr, addr+size) to p. Every page of
// the range must be mapped; otherwise it fails with ErrUnmapped and changes
// nothing (as mprotect fails with ENOMEM).
func (m *Memory) Protect(addr, size uint64, p Perm) error {
	if err := checkRange(addr, size); err != nil {
		return err
	}
	lo, hi := pages(addr, size)
	if !m.covered(lo, hi) {
		return fmt.Errorf("%w: %#x+%#x", ErrUnmapped, addr, size)
	}
	if size == 0 {
		return nil
	}
	exec := m.execIn(lo, hi)
	m.setPerm(lo, hi, p&RWX|mapped, false)
	// Each mapping of the range keeps its object.
	var parts []span
	for k := m.find(lo); k < len(m.ivs) && m.ivs[k].start < hi; k++ {
		s := m.ivs[k]
		a := max(s.start, lo)
		parts = append(parts, span{a, min(s.end, hi), p&RWX | mapped, s.obj, s.off})
		if s.obj != nil {
			parts[len(parts)-1].off = s.offAt(a)
		}
	}
	for _, s := range parts {
		m.setSpan(s)
	}
	m.changed(addr, size, exec)
	if m.Journal != nil {
		m.Journal(&Change{Op: ChangeProtect, Addr: addr, Size: size, Perm: p & RWX})
	}
	return nil
}

// Perm returns the permissions of the page holding addr and whether it is
// mapped.
func (m *Memory) Perm(addr uint64) (Perm, bool) {
	pn := addr >> pageShift
	if l := m.leafFor(pn, false); l != nil {
		p := l.perm[pn&levelMask]
		return p & RWX, p&mapped != 0
	}
	k := m.find(pn)
	if k < len(m.ivs) && m.ivs[k].start <= pn {
		return m.ivs[k].perm &^ mapped, true
	}
	return 0, false
}

// Mapped reports whether every page of [addr, addr+size) is mapped.
func (m *Memory) Mapped(addr, size uint64) bool {
	lo := addr >> pageShift
	hi := (addr + size + PageSize - 1) >> pageShift
	if addr+size < addr || addr+size+PageSize-1 < addr+size {
		hi = numPages
	}
	return m.covered(lo, hi)
}

// Allowed reports whether every page of [addr, addr+size) is mapped with
// at least permission p. Its cost is that of the mappings in the range,
// not of its size.
func (m *Memory) Allowed(addr, size uint64, p Perm) bool {
	lo := addr >> pageShift
	hi := (addr + size + PageSize - 1) >> pageShift
	if addr+size < addr || addr+size+PageSize-1 < addr+size {
		hi = numPages
	}
	for k := m.find(lo); lo < hi; k++ {
		if k >= len(m.ivs) || m.ivs[k].start > lo || m.ivs[k].perm&p != p {
			return false
		}
		lo = m.ivs[k].end
	}
	return true
}

// Uniform returns the permission of the pages of [addr, addr+size) if
// they are all mapped with that one permission (a single mapping, as
// mremap requires).
func (m *Memory) Uniform(addr, size uint64) (Perm, bool) {
	lo := addr >> pageShift
	hi := (addr + size + PageSize - 1) >> pageShift
	if addr+size < addr || addr+size+PageSize-1 < addr+size {
		hi = numPages
	}
	// Adjacent spans differ in permission, so one permission is one span.
	k := m.find(lo)
	if k >= len(m.ivs) || m.ivs[k].start > lo || m.ivs[k].end < hi {
		return 0, false
	}
	return m.ivs[k].perm &^ mapped, true
}

// Size returns the number of bytes mapped.
func (m *Memory) Size() uint64 { return m.size * PageSize }

// Resident returns the number of bytes of pages that have storage (were
// written, or lent by Page): what the address space costs the host,
// besides its page table.
func (m *Memory) Resident() uint64 { return m.resident * PageSize }

// changed ends a change of [addr, addr+size) (Generation changes); exec
// says that the range had a page with execute permission before it,
// whose decoded instructions the change may invalidate (ExecWrites).
// A page without it holds no instruction an emulator may run without
// checking it first: such an emulator fetched none from it since it
// lost execute permission, which changed ExecWrites, or ever.
func (m *Memory) changed(addr, size uint64, exec bool) {
	m.lastLeaf = nil
	m.gen++
	if exec {
		m.codeGen++
	}
	if m.ExecHook != nil {
		m.ExecHook(addr, size)
	}
}

// Spans calls f for every maximal mapped range, in address order.
func (m *Memory) Spans(f func(start, end uint64)) {
	for k := 0; k < len(m.ivs); {
		s, e := m.ivs[k].start, m.ivs[k].end
		for k++; k < len(m.ivs) && m.ivs[k].start == e; k++ {
			e = m.ivs[k].end
		}
		f(s<<pageShift, e<<pageShift)
	}
}

// Regions calls f for every maximal mapped range with one permission (and,
// for shared mappings, one Shared at consecutive pages), in address order
// (end is 0 for a range that reaches the top of the address space).
func (m *Memory) Regions(f func(start, end uint64, p Perm)) {
	for _, s := range m.ivs {
		f(s.start<<pageShift, s.end<<pageShift, s.perm&^mapped)
	}
}

// FindFree returns the lowest page-aligned address a ≥ lo with
// [a, a+size) unmapped and a+size ≤ hi, or false.
func (m *Memory) FindFree(lo, hi, size uint64) (uint64, bool) {
	size = (size + PageSize - 1) &^ (PageSize - 1)
	a := (lo + PageSize - 1) &^ (PageSize - 1)
	for _, s := range m.ivs {
		ss, se := s.start<<pageShift, s.end<<pageShift
		if se <= a && se != 0 {
			continue
		}
		if ss >= a && ss-a >= size {
			break
		}
		a = se
		if a == 0 {
			return 0, false
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
		ss, se := m.ivs[i].start<<pageShift, m.ivs[i].end<<pageShift
		if ss >= end {
			continue
		}
		if se != 0 && se <= end && end-se >= size {
			break
		}
		end = min(end, ss)
	}
	if end < size || end-size < lo {
		return 0, false
	}
	return end - size, true
}

// find returns the index of the first span that ends after page pn.
func (m *Memory) find(pn uint64) int {
	return sort.Search(len(m.ivs), func(i int) bool { return m.ivs[i].end > pn })
}

// overlaps reports whether a page of [lo, hi) is mapped.
func (m *Memory) overlaps(lo, hi uint64) bool {
	k := m.find(lo)
	return k < len(m.ivs) && m.ivs[k].start < hi
}

// execIn reports whether a page of [lo, hi) is mapped with execute
// permission.
func (m *Memory) execIn(lo, hi uint64) bool {
	for k := m.find(lo); k < len(m.ivs) && m.ivs[k].start < hi; k++ {
		if m.ivs[k].perm&Exec != 0 {
			return true
		}
	}
	return false
}

// covered reports whether every page of [lo, hi) is mapped.
func (m *Memory) covered(lo, hi uint64) bool {
	for k := m.find(lo); lo < hi; k++ {
		if k >= len(m.ivs) || m.ivs[k].start > lo {
			return false
		}
		lo = m.ivs[k].end
	}
	return true
}

// setSpan makes [n.start, n.end) mapped as n says (n.perm has the mapped
// bit), or unmapped if n.perm is 0, merging neighbours that continue each
// other, and keeps Size.
func (m *Memory) setSpan(n span) {
	lo, hi := n.start, n.end
	i := m.find(lo)
	j := i
	for ; j < len(m.ivs) && m.ivs[j].start < hi; j++ {
		s := m.ivs[j]
		m.size -= min(s.end, hi) - max(s.start, lo)
	}
	var pieces []span
	if i > 0 {
		pieces = append(pieces, m.ivs[i-1])
	}
	if j > i && m.ivs[i].start < lo {
		left := m.ivs[i]
		left.end = lo
		pieces = append(pieces, left)
	}
	if n.perm != 0 {
		pieces = append(pieces, n)
		m.size += hi - lo
	}
	if j > i && m.ivs[j-1].end > hi {
		right := m.ivs[j-1]
		if right.obj != nil {
			right.off = right.offAt(hi)
		}
		right.start = hi
		pieces = append(pieces, right)
	}
	if j < len(m.ivs) {
		pieces = append(pieces, m.ivs[j])
	}
	merged := pieces[:0]
	for _, s := range pieces {
		if n := len(merged); n > 0 && s.follows(merged[n-1]) {
			merged[n-1].end = s.end
			continue
		}
		merged = append(merged, s)
	}
	if i > 0 {
		i--
	}
	if j < len(m.ivs) {
		j++
	}
	m.ivs = append(m.ivs[:i], append(merged, m.ivs[j:]...)...)
}

// spanHas reports whether page pn is mapped, from the spans.
func (m *Memory) spanHas(pn uint64) bool {
	k := m.find(pn)
	return k < len(m.ivs) && m.ivs[k].start <= pn
}

// fault builds the error for a failed access at addr.
func (m *Memory) fault(addr uint64) error {
	if _, ok := m.Perm(addr); !ok {
		return &AccessError{Addr: addr, Err: ErrUnmapped}
	}
	pn := addr >> pageShift
	if s := m.ivs[m.find(pn)]; s.obj != nil && !(s.obj.private() && m.stored(pn)) && !s.obj.has(s.offAt(pn)) {
		return &AccessError{Addr: addr, Err: ErrBeyond}
	}
	return &AccessError{Addr: addr, Err: ErrPermission}
}

// stored reports whether page pn has storage.
func (m *Memory) stored(pn uint64) bool {
	l := m.leafFor(pn, false)
	return l != nil && l.data[pn&levelMask] != nil
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
	if d := m.fast(addr, len(p), Read|mapped); d != nil {
		copy(p, d[addr&(PageSize-1):])
		return nil
	}
	if m.fastZero(addr, len(p)) {
		clear(p)
		return nil
	}
	return m.read(addr, p, Read)
}

// fastZero is fast's other common case for a read: n bytes within one
// readable private page of the leaf leafFor looked up last that has no
// storage yet (never written: it reads as zeros, as copyPages reads it).
func (m *Memory) fastZero(addr uint64, n int) bool {
	pn := addr >> pageShift
	l := m.lastLeaf
	if l == nil || m.lastPN != pn>>levelBits || addr&(PageSize-1)+uint64(n) > PageSize {
		return false
	}
	i := pn & levelMask
	return l.data[i] == nil && l.perm[i]&(Read|mapped|volatile|shared) == Read|mapped
}

// fast is the common case of a data access: n bytes within one page of
// the leaf leafFor looked up last, whose entry has the bits of mask other
// than cow (mapped and the permission) and, if mask has cow, not cow (a
// store), and materialised. It returns the page, or nil for every other
// case (read and write then handle it, with the same outcome).
func (m *Memory) fast(addr uint64, n int, mask Perm) *[PageSize]byte {
	pn := addr >> pageShift
	l := m.lastLeaf
	if l == nil || m.lastPN != pn>>levelBits || addr&(PageSize-1)+uint64(n) > PageSize {
		return nil
	}
	i := pn & levelMask
	if l.perm[i]&(mask|volatile) != mask&^cow {
		return nil
	}
	return l.data[i]
}

// ReadPage is Read's common case without the copy, for an emulator that
// reads a value in place: when the n bytes at addr (0 < n ≤ PageSize)
// lie in one page that Read would copy them from with nothing else to
// do, it returns that page's storage and true, or nil and true for such
// a page never written (it reads as zeros). The bytes are at
// addr%PageSize of the page, which the caller must not modify and may use
// only until the next call that changes m. Otherwise (a fault, a volatile
// or shared mapping without storage, an access that crosses a page, a
// page not looked up last) it returns false and the caller calls Read,
// which has the outcome. It makes no change to m.
func (m *Memory) ReadPage(addr uint64, n int) (*[PageSize]byte, bool) {
	pn := addr >> pageShift
	l := m.lastLeaf
	if l == nil || m.lastPN != pn>>levelBits || addr&(PageSize-1)+uint64(n) > PageSize {
		return nil, false
	}
	i := pn & levelMask
	perm, d := l.perm[i], l.data[i]
	return d, perm&(Read|mapped|volatile) == Read|mapped && (d != nil || perm&shared == 0)
}

// WritePage is Write's common case without the copy, for an emulator
// that stores a value in place: when Write of the n bytes at addr
// (0 < n ≤ PageSize) would copy them into one page's storage with nothing
// else to do (the page writable, materialised, not shared copy-on-write,
// not a volatile mapping, and no Journal), it returns that storage, with
// the bytes at addr%PageSize; the caller writes them there at once.
// Otherwise it returns nil and the caller calls Write, which has the
// outcome. It makes no change to m.
func (m *Memory) WritePage(addr uint64, n int) *[PageSize]byte {
	if m.Journal != nil {
		return nil
	}
	return m.fastWrite(addr, n)
}

// fastWrite is fast for a store of n bytes at addr (mask Write|mapped|cow),
// counting it in ExecWrites when the page has execute permission.
func (m *Memory) fastWrite(addr uint64, n int) *[PageSize]byte {
	pn := addr >> pageShift
	l := m.lastLeaf
	if l == nil || m.lastPN != pn>>levelBits || addr&(PageSize-1)+uint64(n) > PageSize {
		return nil
	}
	i := pn & levelMask
	p := l.perm[i]
	if p&(Write|mapped|cow|volatile) != Write|mapped {
		return nil
	}
	if p&Exec != 0 {
		m.execWrites++
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
	if l == nil {
		if !m.spanHas(pn) {
			return nil, 0, false
		}
		l = m.leafFor(pn, true)
	}
	i := pn & levelMask
	if l.perm[i]&(perm|mapped) != perm|mapped {
		return nil, 0, false
	}
	if l.data[i] == nil && l.perm[i]&shared != 0 && !m.attach(l, i, pn) {
		return nil, 0, false
	}
	return l, i, true
}

// copyPages copies between p and the len(p) bytes at addr with perm: into
// p, or from p when write (into a page's own copy of a shared or
// copy-on-write page). An access within one page checks its page as it
// goes; a page-crossing one checks every page first (all or nothing).
func (m *Memory) copyPages(addr uint64, p []byte, perm Perm, write bool) error {
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
		d := l.data[i]
		if write && l.perm[i]&Exec != 0 {
			m.execWrites++
		}
		switch {
		case l.perm[i]&volatile != 0:
			if !copyVolatile(d, off, p[:k], write) {
				return &AccessError{Addr: addr, Err: ErrBeyond}
			}
		case write:
			if d == nil || l.perm[i]&cow != 0 {
				d = m.own(l, int(i))
			}
			copy(d[off:], p[:k])
		case d != nil:
			copy(p[:k], d[off:])
		default:
			clear(p[:k])
		}
		p = p[k:]
		addr += k
	}
	return nil
}

// read copies memory into p (copyPages).
func (m *Memory) read(addr uint64, p []byte, perm Perm) error {
	return m.copyPages(addr, p, perm, false)
}

// Write implements emulate.Memory: it copies p to addr. Every page touched
// must be writable; otherwise nothing is written.
func (m *Memory) Write(addr uint64, p []byte) error {
	if d := m.fastWrite(addr, len(p)); d != nil {
		copy(d[addr&(PageSize-1):], p)
		if m.Journal != nil {
			m.journalWrite(addr, p)
		}
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

// write copies p to memory (copyPages) and journals it.
func (m *Memory) write(addr uint64, p []byte, perm Perm) error {
	if err := m.copyPages(addr, p, perm, true); err != nil {
		return err
	}
	if m.Journal != nil {
		m.journalWrite(addr, p)
	}
	return nil
}

// Page returns the storage of the page holding addr, materialising it (or
// copying it, if it is shared with a Snapshot or a clone, or a file's
// page lent to a writable entry or asked for with Write: private.go), if
// the page is mapped with at least permission p; the caller may read (and,
// with Write, modify) it directly until Generation changes. A
// runner uses it for instruction caches and bulk copies.
func (m *Memory) Page(addr uint64, p Perm) (*[PageSize]byte, bool) {
	l, i, ok := m.slot(addr, p)
	if !ok {
		return nil, false
	}
	d := l.data[i]
	if (d == nil || l.perm[i]&cow != 0) && !(d != nil && lent(l.perm[i]) && (p|l.perm[i])&Write == 0) {
		d = m.own(l, int(i))
	}
	if p&Write != 0 && l.perm[i]&Exec != 0 {
		m.execWrites++ // the caller's stores through d (ExecWrites)
	}
	return d, true
}

// AccessPage implements emulate.PagedMemory: it is Page with the
// permission of the access (Read, Write or Exec).
func (m *Memory) AccessPage(addr uint64, access Access) (*[PageSize]byte, bool) {
	if l := m.leafFor(addr>>pageShift, false); l != nil && l.perm[addr>>pageShift&levelMask]&volatile != 0 {
		return nil, false // each access goes through Read or Write (copyPages)
	}
	p := Read
	switch access {
	case AccessWrite:
		p = Write
	case AccessExec:
		p = Exec
	default:
		if l, i, ok := m.slot(addr, Read); ok && lent(l.perm[i]) && l.perm[i]&Write != 0 {
			// A file's page lent to a writable private mapping: a store
			// in the emulator's Run may copy it while the emulator
			// keeps the page lent for loads, so each load goes through
			// Read (private.go).
			return nil, false
		}
	}
	return m.Page(addr, p)
}

// Generation implements emulate.PagedMemory: it changes with every Map,
// Unmap, Protect, Move, Zero, Snapshot, Restore and Clone (which end the
// validity of the pages Page returned).
func (m *Memory) Generation() uint64 { return m.gen }

// ExecWrites returns a number that changes whenever the contents of a
// page with execute permission may have changed since the last call: an
// emulator that decoded instructions from such pages keeps its decodings
// without comparing them with memory again while it returns the same
// number (emulate.Emulator.Run does, between two Runs). It counts
//
//   - Write, Poke and Apply's writes to a page with execute permission
//     (on any byte of such a page, whatever else the page holds);
//   - the pages with execute permission that Page (with Write),
//     AccessPage (AccessWrite) and WritePage lend for writing, once at
//     each lending, for the stores made through them afterwards: a
//     caller must not keep such a page across a call of ExecWrites that
//     should see its stores (Run's data caches keep such pages for one
//     Run, and pages lent without execute permission for later Runs
//     while Generation stays);
//   - every change of Generation that may change such a page: Unmap,
//     Protect, Move and Zero of a range with a page with execute
//     permission (a page without it holds no decoded instruction that
//     can still run unchecked: it had none since it lost execute
//     permission, which was such a change), Snapshot, Restore, Clone and
//     the other changes of the pages' storage; not Map and MapShared,
//     which map only unmapped pages, nor those calls on ranges without
//     execute permission (a program's start-up maps, unmaps and
//     protects its data hundreds of times);
//   - and, on every call, a shared mapping with execute permission
//     (MapShared, of any Shared): its pages are written by the other
//     mappings of its Shared, in other Memories too, which this Memory
//     does not see, so the number never stays the same while one is
//     mapped.
//
// Stores into pages with execute permission are thus seen however they
// are made; stores into other pages are not counted, as no instruction can
// be fetched from them until a Protect (Generation) gives them execute
// permission.
func (m *Memory) ExecWrites() uint64 {
	if m.execSharedGen != m.gen+1 {
		m.execShared = false
		for _, s := range m.ivs {
			if s.obj != nil && !s.obj.private() && s.perm&Exec != 0 {
				m.execShared = true
				break
			}
		}
		m.execSharedGen = m.gen + 1
	}
	if m.execShared {
		m.execWrites++
	}
	// Both only grow, so the sum changes whenever either does.
	return m.execWrites + m.codeGen
}

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
