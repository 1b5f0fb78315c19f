package mem

import (
	"errors"
	"runtime/debug"
)

// ErrChange is Apply's error for a Change of no known kind.
var ErrChange = errors.New("mem: unknown change")

// ChangeOp says which method made a Change.
type ChangeOp uint8

// The changes a Journal is told of.
const (
	ChangeMap       ChangeOp = iota + 1 // Map(Addr, Size, Perm)
	ChangeUnmap                         // Unmap(Addr, Size)
	ChangeProtect                       // Protect(Addr, Size, Perm)
	ChangeMove                          // Move(Addr, Src, Size): Addr is the destination
	ChangeZero                          // Zero(Addr, Size)
	ChangeWrite                         // Write or Poke of Data at Addr
	ChangeMapShared                     // MapShared(Addr, Size, Perm, Shared, Off)
	// ChangeFill: the page at Addr of a private file mapping (MapPrivate)
	// was read in from its file, Data. It may come while an emulator runs
	// (the access that read it in), unlike the others: a recorder that
	// leaves out the changes a Run makes (the program's own stores) keeps
	// this one, an input, which a replay applies as a Poke before the
	// instructions of that Run (none of them could read the page before).
	ChangeFill
)

// A Change is one successful change of a Memory made through its methods,
// as Memory.Journal is told of it. Applying the Changes in order to a
// copy of the Memory's state before them (Map, Unmap, Protect, Move and
// Zero as they say, a ChangeWrite with Poke) gives the state after them,
// but for stores through pages Page lent.
type Change struct {
	Op         ChangeOp
	Addr, Size uint64  // the range changed (Size is len(Data) for ChangeWrite)
	Src        uint64  // ChangeMove: the source
	Perm       Perm    // ChangeMap, ChangeProtect: the permission (RWX bits)
	Data       []byte  // ChangeWrite, ChangeFill: the bytes written or read in, valid during the call only
	Shared     *Shared // ChangeMapShared: the object mapped
	Off        uint64  // ChangeMapShared: the page of Shared at Addr
}

// journalWrite tells the Journal of a write of p at addr. It passes a
// copy of p, so that p does not escape (Write's callers keep their
// buffers on the stack).
func (m *Memory) journalWrite(addr uint64, p []byte) {
	m.jbuf = append(m.jbuf[:0], p...)
	m.Journal(&Change{Op: ChangeWrite, Addr: addr, Size: uint64(len(p)), Data: m.jbuf})
}

// Apply makes the change c to m, as the method it names did; a ChangeWrite
// is a Poke (the write succeeded where it was made).
func (m *Memory) Apply(c *Change) error {
	switch c.Op {
	case ChangeMap:
		return m.Map(c.Addr, c.Size, c.Perm)
	case ChangeUnmap:
		return m.Unmap(c.Addr, c.Size)
	case ChangeProtect:
		return m.Protect(c.Addr, c.Size, c.Perm)
	case ChangeMove:
		return m.Move(c.Addr, c.Src, c.Size)
	case ChangeZero:
		m.Zero(c.Addr, c.Size)
		return nil
	case ChangeWrite, ChangeFill:
		return m.Poke(c.Addr, c.Data)
	case ChangeMapShared:
		return m.MapShared(c.Addr, c.Size, c.Perm, c.Shared, c.Off)
	}
	return ErrChange
}

// Stored calls f, in address order, for every page of m that has storage
// (was written or lent by Page), with its address and contents, until f
// returns false; pages without storage read as zeros. f must not change
// m, nor keep or change the page. A page of a Volatile Shared is given as
// a copy, taken on this goroutine with debug.SetPanicOnFault set for the
// copy; a page that faults (past the end of a host file that shrank) has
// no contents any more and is given as zeros (what it reads as once the
// file is extended again).
func (m *Memory) Stored(f func(addr uint64, p *[PageSize]byte) bool) {
	stop := false
	var buf *[PageSize]byte
	m.leaves(0, numPages, func(l *leaf, base uint64, i, j int) {
		for k := i; k < j && !stop; k++ {
			d := l.data[k]
			if d == nil || l.perm[k]&mapped == 0 {
				continue
			}
			if l.perm[k]&volatile != 0 {
				if buf == nil {
					buf = new([PageSize]byte)
				}
				if !copyVolatileFaultSafe(d, buf) {
					clear(buf[:])
				}
				d = buf
			}
			stop = !f((base+uint64(k))<<pageShift, d)
		}
	})
}

// copyVolatileFaultSafe copies page d of a Volatile Shared into buf with
// faults recovered whatever the goroutine's setting, and reports whether
// the whole page could be read.
func copyVolatileFaultSafe(d, buf *[PageSize]byte) bool {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	return copyVolatile(d, 0, buf[:], false)
}
