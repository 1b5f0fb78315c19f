package record

import (
	"encoding/binary"
	"slices"

	"github.com/ppc64emu/ppc64emu/mem"
)

// ReadMemory copies the bytes at addr in the address space of the current
// thread to p, as Memory(0).Peek does, but for the pages of a file's
// private mapping that the program has not touched yet at this point:
// their contents come from the log's later records.
//
// The recorder logs a page of a private file mapping (a library's code and
// data) when the program first touches it (mem.ChangeFill, a fill record),
// so until then the replay's page reads as zeros while the live program's
// reads the file: GDB, whose prologue analysis reads a function's code
// when it places "break printf", or a user's "x &some_global" in a
// library's .data, would see zeros where the live run shows the file.
//
// A page the replay has no storage for here is, in the live run, either
// one not read in yet or one that reads as zeros (anonymous memory not
// written, a page of zeros in a reset record's image). Its first later
// record that changes its contents or its mapping tells which: a fill
// (the page read in, whatever its permissions now or then) holds what the
// file has there, the page's contents here; a write, a zero, an unmap, a
// map or a move (of it or onto it) leaves it as the replay has it (zeros):
// Linux and mem read a private file page in before a store to it, so a
// write before any fill means the page was in already (and held zeros); a
// page dropped (MADV_DONTNEED) or mapped anew before its fill may show
// other bytes then. A protect changes neither, and is passed over. A
// program that changes the file's bytes between here and the fill (a
// write(2) to it, another process) shows them early; a page that is never
// touched reads as zeros (the log has nothing of it).
//
// A log of version 2 logs a fill as a whole-page write: there the look
// ahead is for the pages mapped without write permission (which only a
// fill or a change of mapping can change), and the first later record
// that changes the page, if a write of the whole page, holds its data.
//
// A page with no whole-page fill (version 2: write) after this point in
// the log (Session.fills, noted once as the log is first read) reads as
// zeros without a look through the later records: anonymous memory not
// written yet, most of what GDB reads of a stack or a heap.
func (s *Session) ReadMemory(addr uint64, p []byte) error {
	m := s.Memory(0)
	if m == nil {
		return errNoThread
	}
	if err := m.Peek(addr, p); err != nil {
		return err
	}
	var want []uint64 // the pages to look ahead for
	for pg := addr &^ (mem.PageSize - 1); pg < addr+uint64(len(p)) || pg < addr; pg += mem.PageSize {
		// (Version 2, not PROT_NONE: no access fills it.)
		if perm, ok := m.Perm(pg); ok && !m.HasPage(pg) && (s.rd.version >= 3 || perm&mem.Write == 0 && perm&(mem.Read|mem.Exec) != 0) {
			want = append(want, pg)
		}
		if pg+mem.PageSize < pg {
			break
		}
	}
	if len(want) == 0 {
		return nil
	}
	as, ok := uint64(0), false
	for n, sp := range s.p.spaces {
		if sp.m == m {
			as, ok = n, true
		}
	}
	if !ok {
		return nil
	}
	for pg, data := range s.ahead(as, want) {
		// The part of the page within [addr, addr+len(p)).
		lo, hi := max(pg, addr), min(pg+mem.PageSize-1, addr+uint64(len(p))-1)
		copy(p[lo-addr:hi-addr+1], data[lo-pg:hi-pg+1])
	}
	return nil
}

// ahead returns, for each page of pages (in address space as), the data
// of its later fill by ReadMemory's rule for the log's version. The
// answers are kept until the Session moves.
func (s *Session) ahead(as uint64, pages []uint64) map[uint64][]byte {
	if s.future.n != s.rd.n || s.future.off != s.rd.r.off {
		s.future = future{n: s.rd.n, off: s.rd.r.off, known: map[[2]uint64][]byte{}}
	}
	out := map[uint64][]byte{}
	var left []uint64
	for _, pg := range pages {
		if d, ok := s.future.known[[2]uint64{as, pg}]; ok {
			if d != nil {
				out[pg] = d
			}
		} else {
			left = append(left, pg)
		}
	}
	if len(left) == 0 {
		return out
	}
	// A page with no record after this point that could give its data
	// (indexFill) reads as zeros without a look through the rest of the
	// log (an anonymous page not written yet).
	for _, pg := range slices.Clone(left) {
		offs := s.fills[[2]uint64{as, pg}]
		if i, _ := slices.BinarySearch(offs, s.rd.r.off); i == len(offs) {
			s.future.known[[2]uint64{as, pg}] = nil
			left = slices.DeleteFunc(left, func(x uint64) bool { return x == pg })
		}
	}
	settle := func(pg uint64, d []byte) {
		s.future.known[[2]uint64{as, pg}] = d
		if d != nil {
			out[pg] = d
		}
		left = slices.DeleteFunc(left, func(x uint64) bool { return x == pg })
	}
	rd := readerAt(s.log, s.rd.r.off, s.rd.n, s.rd.Header, s.rd.version)
	for len(left) > 0 {
		rec, err := rd.Next()
		if err != nil || rec.Kind == KindReset || rec.Kind == KindExit || rec.Kind == KindSpace && rec.AS == as {
			break
		}
		if rec.Kind != KindMem || rec.AS != as {
			continue
		}
		c := &rec.Change
		fills := c.Op == mem.ChangeFill // version 3
		if rd.version < 3 {
			fills = c.Op == mem.ChangeWrite && len(c.Data) == mem.PageSize
		} else if c.Op == mem.ChangeProtect {
			continue
		}
		for _, pg := range slices.Clone(left) {
			if !touches(c, pg) {
				continue
			}
			if fills && c.Addr == pg && len(c.Data) == mem.PageSize {
				settle(pg, slices.Clone(c.Data))
			} else {
				settle(pg, nil)
			}
		}
	}
	for _, pg := range left {
		s.future.known[[2]uint64{as, pg}] = nil
	}
	return out
}

// indexFill notes, for ahead, a mem record at byte off of the log whose
// payload is p if its data may be a page's later contents there: a whole
// page's fill (a whole page's write in a log of version 2), by address
// space and page (Session.fills, in log order). A page with none after a
// point gets nothing from the records after it. Damaged payloads are
// passed over (the Reader refuses them when it reaches them).
func (s *Session) indexFill(p []byte, off int64) {
	as, i := binary.Uvarint(p)
	if i <= 0 || i >= len(p) {
		return
	}
	op := mem.ChangeOp(p[i])
	addr, j := binary.Uvarint(p[i+1:])
	if j <= 0 {
		return
	}
	n, _ := binary.Uvarint(p[i+1+j:])
	want := mem.ChangeFill
	if s.rd.version < 3 {
		want = mem.ChangeWrite
	}
	if op != want || n != mem.PageSize || addr%mem.PageSize != 0 {
		return
	}
	if s.fills == nil {
		s.fills = map[[2]uint64][]int64{}
	}
	k := [2]uint64{as, addr}
	s.fills[k] = append(s.fills[k], off)
}

// future is what ahead found from one point of the log: for each
// (address space, page) looked for, the page's data, or nil if unknown.
type future struct {
	n     int
	off   int64
	known map[[2]uint64][]byte
}

// touches reports whether change c changes page pg: its range, and a
// move's source too (last bytes, not ends: a range may end at 2^64).
func touches(c *mem.Change, pg uint64) bool {
	in := func(a, n uint64) bool {
		return n != 0 && a <= pg+(mem.PageSize-1) && pg <= a+(n-1)
	}
	return in(c.Addr, c.Size) || c.Op == mem.ChangeMove && in(c.Src, c.Size)
}
