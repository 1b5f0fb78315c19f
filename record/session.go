package record

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
)

// A Session is a replay under control, for a debugger: it moves to any
// point of the recorded run, forwards or backwards, in rr's manner — it
// keeps checkpoints (a copy-on-write snapshot of every address space and
// the threads' Contexts) every Interval instructions while it runs
// forwards, and goes back by restoring the nearest checkpoint before the
// target and executing forwards to it. A point of the run is an
// instruction count (Now): the state before the instruction with that
// number executes.
type Session struct {
	log   []byte
	p     *replayer
	rd    *Reader
	ckpts []*checkpoint
	// Interval is the instructions between checkpoints (default 1<<24).
	Interval uint64
	// Watch, if set, makes Run and Back stop also before an instruction
	// that writes n bytes at addr when Watch(addr, n) (WatchHit), as at a
	// breakpoint; Run then executes one instruction at a time.
	Watch  func(addr, n uint64) bool
	exited bool
	code   int
	signal int
	// printed is the last record applied so far: output records up to it
	// are not written again when the Session executes them again.
	printed int
}

// checkpoint is a Session's whole state at one point.
type checkpoint struct {
	at      uint64
	off     int64
	n       int
	spaces  map[uint64]*space
	snaps   map[uint64]*mem.Snapshot
	threads map[uint64]thread
	cur     uint64
	hasCur  bool
	tb      []uint64
	darn    []darnValue
	res     Result
	pending uint64
	retire  bool
	exited  bool
}

// NewSession starts a Session of the log, at its beginning (no
// instruction executed). The log is kept in memory.
func NewSession(log []byte, opts Options) (*Session, error) {
	rd, err := NewReader(bytes.NewReader(log))
	if err != nil {
		return nil, err
	}
	s := &Session{log: log, p: newReplayer(rd.Header, opts), Interval: 1 << 24}
	s.rd = readerAt(log, rd.r.off, 0, rd.Header)
	if err := s.settle(); err != nil {
		return nil, err
	}
	s.checkpoint()
	return s, nil
}

// Header is the log's header.
func (s *Session) Header() Header { return s.rd.Header }

// Now is the number of instructions executed so far.
func (s *Session) Now() uint64 { return s.p.res.Instructions }

// Exited reports whether the Session is at the end of the run, with its
// exit code or killing signal.
func (s *Session) Exited() (done bool, code, signal int) { return s.exited, s.code, s.signal }

// Threads are the ids of the threads that exist at this point, in order.
func (s *Session) Threads() []uint64 { return slices.Sorted(maps.Keys(s.p.threads)) }

// Current is the thread that runs next (0 before the first runs).
func (s *Session) Current() uint64 {
	if s.p.cur == nil {
		return 0
	}
	return s.p.cur.tid
}

// Context returns thread tid's Context (nil if it does not exist): the
// Session's own, to read.
func (s *Session) Context(tid uint64) *emulate.Context {
	if t := s.p.threads[tid]; t != nil {
		return &t.ctx
	}
	return nil
}

// Memory returns the address space of thread tid (of the current thread
// for 0), to read; nil if there is none.
func (s *Session) Memory(tid uint64) *mem.Memory {
	t := s.p.threads[tid]
	if tid == 0 {
		t = s.p.cur
	}
	if t == nil {
		return nil
	}
	return t.sp.m
}

func (s *Session) checkpoint() {
	p := s.p
	c := &checkpoint{at: p.res.Instructions, off: s.rd.r.off, n: s.rd.n, spaces: maps.Clone(p.spaces),
		snaps: map[uint64]*mem.Snapshot{}, threads: map[uint64]thread{}, tb: slices.Clone(p.tb),
		darn: slices.Clone(p.darn), res: p.res, pending: p.pending, retire: p.retire, exited: s.exited}
	for as, sp := range p.spaces {
		c.snaps[as] = sp.m.Snapshot()
	}
	for tid, t := range p.threads {
		c.threads[tid] = *t
	}
	if p.cur != nil {
		c.cur, c.hasCur = p.cur.tid, true
	}
	s.ckpts = append(s.ckpts, c)
}

func (s *Session) restore(c *checkpoint) {
	p := s.p
	p.spaces = maps.Clone(c.spaces)
	for as, sp := range p.spaces {
		sp.m.Restore(c.snaps[as])
	}
	p.threads = map[uint64]*thread{}
	for tid, t := range c.threads {
		t := t
		p.threads[tid] = &t
	}
	p.cur = nil
	if c.hasCur {
		p.cur = p.threads[c.cur]
	}
	p.tb, p.darn, p.res, p.pending, p.retire, p.miss = slices.Clone(c.tb), slices.Clone(c.darn), c.res, c.pending, c.retire, false
	s.exited = c.exited
	s.rd = readerAt(s.log, c.off, c.n, s.rd.Header)
}

// WatchHit reports whether the last Run or Back stopped before a write
// Watch watches, and the address written.
func (s *Session) WatchHit() (uint64, bool) { return s.p.watchAddr, s.p.watchHit }

// settle applies the records up to the next that executes an instruction
// (or the end): the threads made and switched to, the context changes,
// so that Current is the thread that runs next.
func (s *Session) settle() error {
	for !s.exited && s.p.pending == 0 && !s.p.retire {
		if err := s.next(); err != nil {
			return err
		}
	}
	return nil
}

// next reads and applies one record.
func (s *Session) next() error {
	rec, err := s.rd.Next()
	if err == io.EOF {
		return fmt.Errorf("%w: no exit record", ErrTruncated)
	}
	if err != nil {
		return err
	}
	if rec.Kind == KindOutput && s.rd.n <= s.printed {
		return nil // written when the Session first got here
	}
	s.printed = max(s.printed, s.rd.n)
	if err := s.p.apply(rec); err != nil {
		return fmt.Errorf("record %d (%s): %w", s.rd.n, rec.Kind, err)
	}
	if rec.Kind == KindExit {
		s.exited, s.code, s.signal = true, rec.Code, rec.Signal
	}
	return nil
}

// Run executes forwards until the instruction count reaches target, the
// next instruction's address is one of until (checked from the second
// instruction on), or the run ends. It reports whether it stopped at one
// of until.
func (s *Session) Run(target uint64, until []uint64) (bool, error) {
	p := s.p
	first := true
	for !s.exited && p.res.Instructions < target {
		if last := s.ckpts[len(s.ckpts)-1]; p.res.Instructions >= last.at+s.Interval {
			s.checkpoint()
		}
		limit := min(target, s.ckptDue())
		if first {
			// The first instruction runs even at a breakpoint.
			limit, first = min(limit, p.res.Instructions+1), false
			p.until, p.watch = nil, nil
		} else {
			p.until, p.watch = until, s.Watch
		}
		before := p.res.Instructions
		hit, err := p.exec(limit)
		p.until, p.watch = nil, nil
		if err != nil || hit {
			return hit, err
		}
		if p.res.Instructions > before || p.pending != 0 || p.retire {
			continue
		}
		if err := s.next(); err != nil {
			return false, err
		}
	}
	return false, s.settle()
}

// ckptDue is the instruction count at which the next checkpoint is due.
func (s *Session) ckptDue() uint64 {
	last := s.ckpts[len(s.ckpts)-1]
	if last.at > math.MaxUint64-s.Interval {
		return math.MaxUint64
	}
	return last.at + s.Interval
}

// Seek moves to instruction count target (before or after Now): back to
// the last checkpoint at or before it, then forwards.
func (s *Session) Seek(target uint64) error {
	if target < s.Now() || s.exited {
		s.restore(s.before(target))
	}
	w := s.Watch
	s.Watch = nil
	_, err := s.Run(target, nil)
	s.Watch = w
	return err
}

// before is the last checkpoint at or before instruction count t.
func (s *Session) before(t uint64) *checkpoint {
	i, _ := slices.BinarySearchFunc(s.ckpts, t, func(c *checkpoint, t uint64) int {
		switch {
		case c.at < t:
			return -1
		case c.at > t:
			return 1
		}
		return 0
	})
	if i < len(s.ckpts) && s.ckpts[i].at == t {
		// The first checkpoint at t (several are at 0 or at an exit).
		for i > 0 && s.ckpts[i-1].at == t {
			i--
		}
		return s.ckpts[i]
	}
	return s.ckpts[max(i-1, 0)]
}

// Back moves to the last point before Now at which the next instruction's
// address is one of until (and, if tid is not 0, thread tid runs it); with
// until empty, to the last point before Now at which thread tid (any
// thread for 0) executes an instruction. It reports whether it found one;
// if not it moves to the beginning of the run.
func (s *Session) Back(until []uint64, tid uint64) (bool, error) {
	end := s.Now()
	for end > 0 {
		c := s.before(end - 1)
		s.restore(c)
		found, at := false, uint64(0)
		waddr, wk := uint64(0), false // the watched write at the stop, if that is its reason
		if len(until) == 0 && s.Watch == nil {
			s.p.lastAt = map[uint64]uint64{}
			_, err := s.Run(end, nil)
			last, ok := s.p.lastAt[tid]
			if tid == 0 {
				last, ok = end-1, s.Now() == end
			}
			s.p.lastAt = nil
			if err != nil {
				return false, err
			}
			found, at = ok && last >= c.at, last
		}
		for (len(until) > 0 || s.Watch != nil) && s.Now() < end {
			hit, err := s.Run(end, until)
			if err != nil {
				return false, err
			}
			if !hit {
				break
			}
			if s.Now() < end && (tid == 0 || s.Current() == tid) {
				found, at = true, s.Now()
				waddr, wk = s.p.watchAddr, s.p.watchHit
			}
		}
		if found {
			err := s.Seek(at)
			s.p.watchAddr, s.p.watchHit = waddr, wk
			return true, err
		}
		end = c.at
	}
	return false, s.Seek(0)
}
