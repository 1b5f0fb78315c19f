package record

import (
	"slices"

	"github.com/ppc64emu/ppc64emu/mem"
)

// ReadMemory copies the bytes at addr in the address space of the current
// thread to p, as Memory(0).Peek does, but for the pages the program maps
// without write permission that the replay has not been given yet: their
// contents come from the log's later records.
//
// The recorder writes a page of a private file mapping (a library's code
// and read-only data) when the program first touches it (mem.ChangeFill,
// logged as a whole-page write), so until then the replay's page reads as
// zeros while the live program's reads the file: GDB, whose prologue
// analysis reads a function's code when it places "break printf", would
// see zeros where the live run showed the code. A page mapped without
// write permission can change only by such a fill or by a change of its
// mapping (the program cannot store to it, nor a system call write it), so
// the first record of the log after this point that changes the page, if
// a write of the whole page, holds what the file had there; any other
// (a protect, an unmap, a partial write) leaves the page as the replay has
// it (zeros). A program that changes such a file's bytes between here and
// that record shows them early.
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
		// (Not PROT_NONE: no access fills it.)
		if perm, ok := m.Perm(pg); ok && perm&mem.Write == 0 && perm&(mem.Read|mem.Exec) != 0 && !m.HasPage(pg) {
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
// of the first record after the Session's point that changes it, if that
// is a write of the whole page (ReadMemory). The answers are kept until
// the Session moves.
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
		for _, pg := range slices.Clone(left) {
			if !touches(c, pg) {
				continue
			}
			if c.Op == mem.ChangeWrite && c.Addr == pg && len(c.Data) == mem.PageSize {
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
