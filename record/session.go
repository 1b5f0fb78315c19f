package record

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"sort"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
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
	ckpts []*checkpoint // by instruction count
	// anchors are the points of the log from which a replay can start:
	// its beginning and its reset records (Writer.Reset), by instruction
	// count; scanned is the offset and record count up to which the log
	// was looked through for them.
	anchors  []anchor
	scanned  int64
	scannedN int
	// Interval is the instructions between checkpoints (default 1<<24).
	Interval uint64
	// MaxCheckpoints, if not zero, bounds the checkpoints kept: beyond
	// it the one farthest from the Session's point is dropped. The
	// history still reaches back to the log's beginning (Oldest): a
	// point before the checkpoints kept is replayed again from the
	// nearest anchor of the log (its beginning or a reset record).
	MaxCheckpoints int
	// Watches make Run and Back stop also before an instruction that
	// accesses a watched byte (WatchHit), as a debugger's watchpoints do;
	// a memory change of the log (a system call's results, a signal
	// frame) that writes one is a write by the instruction before it.
	Watches []Watch
	// Interrupt, if set, is asked by Back before each checkpoint interval
	// it goes back over whether to stop there: Back then moves to the
	// earliest point it has looked back to (nothing to stop at after it)
	// and returns ErrInterrupted.
	Interrupt func() bool
	// Follow, if set, says which threads a debugger follows (one
	// process of several): only their instructions stop Run and Back at
	// breakpoints and watched accesses, and only the memory changes of
	// the log made while one of them runs (its system calls) count as
	// writes.
	Follow func(tid uint64) bool
	// StopAt, if set, makes Run, StepForward and Back stop also where
	// a thread took a signal to deliver it (a take record: where a
	// debugger was told of it, before its disposition acted) if
	// StopAt(tid, sig) says so: the point between the records of one
	// instruction count after the take record (Taken).
	StopAt func(tid uint64, sig int) bool
	// taken is the take record the Session stopped after (Taken);
	// lastTake the last record applied, if a take record.
	taken, lastTake *Take
	// stopTakes: Run is under way (StopAt applies); stopN, if not zero,
	// stops at the record numbered stopN (toRecord); noting: Back
	// notes the take records StopAt accepts in noted, in order;
	// entered is the thread whose signal frame (a signal record) was
	// applied last.
	stopTakes bool
	stopN     int
	noting    bool
	noted     []Take
	entered   uint64
	// takes are the numbers of the log's take records, in order (scan).
	takes  []int
	hit    *Access // the watched access at the stop (WatchHit)
	chunk  uint64  // watchChunk, or less in tests
	exited bool
	code   int
	signal int
	// live: the log is a live program's, growing (NewLiveSession); its
	// end is the frontier, where the program stopped, not a truncation.
	live, frontier bool
	// resetting: the records of a reset record's state are being applied
	// (up to its switch): their memory changes are no writes.
	resetting bool
	// printed is the last record applied so far: output records up to it
	// are not written again when the Session executes them again.
	printed int
	// future: the pages ReadMemory found in the log's later records;
	// fills the offsets of the records that may hold a page's later
	// contents for it (indexFill), by address space and page.
	future future
	fills  map[[2]uint64][]int64
}

// An anchor is a point of the log from which a replay can start: the
// log's beginning or a reset record, at byte off, after n records.
type anchor struct {
	at  uint64
	off int64
	n   int
}

// checkpoint is a Session's whole state at one point.
type checkpoint struct {
	at      uint64
	off     int64
	n       int
	shared  map[uint64]*mem.Shared // the Reader's shared objects
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
	return newSession(log, opts, false)
}

func newSession(log []byte, opts Options, live bool) (*Session, error) {
	rd, err := NewReader(bytes.NewReader(log))
	if err != nil {
		return nil, err
	}
	s := &Session{log: log, p: newReplayer(rd.Header, opts), Interval: 1 << 24, chunk: watchChunk, live: live}
	s.rd = readerAt(log, rd.r.off, 0, rd.Header, rd.version)
	s.anchors = []anchor{{off: rd.r.off}}
	s.scanned = rd.r.off
	s.scan()
	if err := s.settle(); err != nil {
		return nil, err
	}
	s.anchors[0].at = s.Now() // (a log that begins with a reset record)
	s.checkpoint()
	return s, nil
}

// scan looks through the log from where it was last looked through up
// to its end (or a record cut short) for reset records: anchors.
func (s *Session) scan() {
	b, off, n := s.log, s.scanned, s.scannedN
	for off < int64(len(b)) {
		size, k := binary.Uvarint(b[off+1:])
		end := off + 1 + int64(k) + int64(size)
		if k <= 0 || size > maxPayload || end > int64(len(b)) {
			break
		}
		if Kind(b[off]) == KindTake {
			s.takes = append(s.takes, n+1)
		}
		if Kind(b[off]) == KindMem {
			s.indexFill(b[off+1+int64(k):end], off)
		}
		if Kind(b[off]) == KindReset {
			if at, j := binary.Uvarint(b[off+1+int64(k) : end]); j > 0 && off > s.anchors[0].off {
				s.anchors = append(s.anchors, anchor{at: at, off: off, n: n})
			}
		}
		off, n = end, n+1
	}
	s.scanned, s.scannedN = off, n
}

// NewLiveSession starts a Session of a live program's log (ppc64emu run
// -gdb), which grows while the program runs on: its end is the point
// where the program stopped, the frontier. Run and Seek stop there
// (AtFrontier) until Grow gives the Session the longer log.
func NewLiveSession(log []byte, opts Options) (*Session, error) {
	return newSession(log, opts, true)
}

// Grow gives a live Session its log as it is now: the bytes it had and
// those appended since.
func (s *Session) Grow(log []byte) {
	if len(log) <= len(s.log) {
		return
	}
	s.log = log
	s.rd = s.rd.moved(log)
	s.frontier = false
	s.scan()
}

// atEnd reports whether the Session has applied every record of its log.
func (s *Session) atEnd() bool { return s.rd.r.off >= int64(len(s.log)) }

// AtFrontier reports whether a live Session is at the end of its log, the
// point where the live program stopped.
func (s *Session) AtFrontier() bool { return s.frontier }

// Oldest is the earliest point the Session can go back to, the log's
// beginning: 0, or the instruction count of a log that begins with a
// reset record (the live log of a long run, whose older records were
// dropped).
func (s *Session) Oldest() uint64 { return s.anchors[0].at }

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
	c := &checkpoint{at: p.res.Instructions, off: s.rd.r.off, n: s.rd.n, shared: maps.Clone(s.rd.shared), spaces: maps.Clone(p.spaces),
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
	i := sort.Search(len(s.ckpts), func(i int) bool { return s.ckpts[i].at > c.at })
	s.ckpts = slices.Insert(s.ckpts, i, c)
	if s.MaxCheckpoints > 0 && len(s.ckpts) > s.MaxCheckpoints {
		// The farthest from here, not the one just taken.
		far, d := -1, uint64(0)
		for j, o := range s.ckpts {
			if e := max(o.at, c.at) - min(o.at, c.at); j != i && (far < 0 || e > d) {
				far, d = j, e
			}
		}
		s.ckpts = slices.Delete(s.ckpts, far, far+1)
	}
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
	s.exited, s.frontier, s.resetting, s.taken, s.lastTake = c.exited, false, false, nil, nil
	s.rd = s.rd.at(s.log, c.off, c.n)
	s.rd.shared = maps.Clone(c.shared)
}

// fromAnchor starts the replay again at anchor a, as from the log's
// beginning, and takes a checkpoint there.
func (s *Session) fromAnchor(a anchor) (*checkpoint, error) {
	p := s.p
	p.spaces, p.threads, p.cur = map[uint64]*space{}, map[uint64]*thread{}, nil
	p.tb, p.darn, p.pending, p.retire, p.miss = nil, nil, 0, false, false
	p.res = Result{Instructions: a.at}
	s.exited, s.frontier, s.resetting, s.taken, s.lastTake = false, false, false, nil, nil
	s.rd = readerAt(s.log, a.off, a.n, s.rd.Header, s.rd.version)
	if err := s.settle(); err != nil {
		return nil, err
	}
	if s.Now() != a.at {
		return nil, diverged("the reset record at byte %d says %d instructions, its state %d", a.off, a.at, s.Now())
	}
	s.checkpoint()
	return s.ckptBefore(a.at), nil
}

// base is the point from which the Session gets to instruction count t
// the soonest (not executing anything): the last checkpoint at or before
// t or, if later, the last anchor; its instruction count.
func (s *Session) base(t uint64) (*checkpoint, anchor, uint64) {
	c := s.ckptBefore(t)
	// (the last anchor at or before t: the first after it, less one)
	i := sort.Search(len(s.anchors), func(i int) bool { return s.anchors[i].at > t })
	a := s.anchors[max(i-1, 0)]
	if c != nil && (c.at >= a.at || a.at > t) {
		return c, a, c.at
	}
	return nil, a, a.at
}

// back moves to the point base chooses for t.
func (s *Session) back(t uint64) (*checkpoint, error) {
	c, a, _ := s.base(t)
	if c == nil {
		return s.fromAnchor(a)
	}
	s.restore(c)
	return c, nil
}

// A Watch is a range of memory whose accesses stop a Session's Run and
// Back: reads of it if Read is set, writes if Write is.
type Watch struct {
	Addr, Len   uint64
	Read, Write bool
}

// An Access is a data access of N bytes at Addr: a write or a read.
type Access struct {
	Addr  uint64
	N     int
	Write bool
}

// WatchHit reports whether the last Run or Back stopped before an
// instruction that accesses a watched byte, and that instruction's
// (first) access of one.
func (s *Session) WatchHit() (Access, bool) {
	if s.hit == nil {
		return Access{}, false
	}
	return *s.hit, true
}

// watchChunk is the most instructions a Session executes at full speed
// between two looks at the count of watched accesses: a hit is then
// found again by executing at most that many one at a time.
const watchChunk = 1 << 14

// hooks are memory hooks that count the accesses Watches watch in
// p.hits, or nil without Watches. A hooked page is accessed through
// mem.Memory's Read and Write; every other page at full speed.
func (s *Session) hooks() *emulate.Hooks {
	p := s.p
	var h emulate.Hooks
	for _, w := range s.Watches {
		if w.Len == 0 || !w.Read && !w.Write {
			continue
		}
		hi := w.Addr + w.Len
		if hi < w.Addr {
			hi = math.MaxUint64 // (the last byte of the address space is not watched)
		}
		h.Mem = append(h.Mem, emulate.MemHook{Lo: w.Addr, Hi: hi, Fn: func(addr uint64, b []byte, write bool) {
			if write && w.Write || !write && w.Read {
				p.count(Access{addr, len(b), write})
			}
		}})
	}
	if len(h.Mem) == 0 {
		return nil
	}
	return &h
}

// settle applies the records up to the next that executes an instruction
// (or the end): the threads made and switched to, the context changes,
// so that Current is the thread that runs next.
func (s *Session) settle() error {
	for !s.exited && s.taken == nil && s.p.pending == 0 && !s.p.retire {
		if err := s.next(); err != nil {
			return atFrontier(err)
		}
	}
	return nil
}

// A Take is a signal a thread took to deliver it (a take record): the
// point where a debugger was told of it.
type Take struct {
	TID    uint64
	Signal int
	rec    int    // the record's number
	at     uint64 // the instruction count there
}

// Taken reports whether the last Run, StepForward or Back stopped where
// a thread took a signal (StopAt), and which.
func (s *Session) Taken() (Take, bool) {
	if s.taken == nil {
		return Take{}, false
	}
	return *s.taken, true
}

// errTaken: the Session stopped after a take record (Taken).
var errTaken = errors.New("record: at a signal")

// errFrontier: a live Session reached the end of its log.
var errFrontier = errors.New("record: at the frontier")

// atFrontier is err, or nil for errFrontier and errTaken (stops, not
// failures).
func atFrontier(err error) error {
	if err == errFrontier || err == errTaken {
		return nil
	}
	return err
}

// stuck reports whether a Session cannot go forwards: at the end of the
// run or of a live log.
func (s *Session) stuck() bool { return s.exited || s.frontier || s.taken != nil }

// next reads and applies one record.
func (s *Session) next() error {
	rec, err := s.rd.Next()
	if err == io.EOF && s.live {
		s.frontier = true
		return errFrontier
	}
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
	s.lastTake = nil
	switch rec.Kind {
	case KindTake:
		t := &Take{TID: rec.TID, Signal: int(min(rec.N, math.MaxInt32)), rec: s.rd.n, at: s.Now()}
		s.lastTake = t
		switch stop := s.StopAt != nil && s.StopAt(t.TID, t.Signal); {
		case s.rd.n == s.stopN, s.stopTakes && stop:
			s.taken = t
			return errTaken
		case s.noting && stop:
			s.noted = append(s.noted, *t)
		}
	case KindSignal:
		s.entered = rec.TID
	case KindExit:
		s.exited, s.code, s.signal = true, rec.Code, rec.Signal
	case KindReset:
		s.resetting = true
	case KindSwitch:
		s.resetting = false
	case KindMem:
		if h := s.p.hooks; h != nil && len(h.Mem) > 0 && !s.resetting {
			s.written(&rec.Change)
		}
	}
	return nil
}

// written counts, while the Session looks for watched accesses, the
// watched bytes a memory change of the log writes (a system call's
// results, a signal frame) as a write, by the instruction before the
// change: the replay applies it after that instruction.
func (s *Session) written(c *mem.Change) {
	if s.Follow != nil && (s.p.cur == nil || !s.Follow(s.p.cur.tid)) {
		return
	}
	switch c.Op {
	case mem.ChangeWrite, mem.ChangeZero, mem.ChangeMove:
	default:
		return
	}
	for _, w := range s.Watches {
		if !w.Write || w.Len == 0 || c.Size == 0 {
			continue
		}
		// Last bytes, not ends: a range may end at 2^64.
		if last, wlast := c.Addr+(c.Size-1), w.Addr+(w.Len-1); c.Addr <= wlast && w.Addr <= last {
			a := max(c.Addr, w.Addr)
			s.p.count(Access{a, int(min(last, wlast) - a + 1), true})
		}
	}
}

// Run executes forwards until the instruction count reaches target, the
// next instruction's address is one of until (not the first instruction:
// it runs even at a breakpoint), the next instruction accesses memory
// Watches watch (the first too, unless the last Run or Back stopped
// before it for that access: it then runs), or the run ends. It reports
// whether it stopped at one of until or at a watched access (WatchHit).
func (s *Session) Run(target uint64, until []uint64) (bool, error) {
	resumed := s.hit != nil
	s.hit, s.taken, s.stopTakes = nil, nil, s.StopAt != nil
	defer func() { s.stopTakes = false }()
	if s.exited || s.Now() >= target {
		err := s.settle()
		return s.taken != nil, err
	}
	h := s.hooks()
	if h == nil || resumed {
		if _, err := s.run(s.Now()+1, nil, nil); err != nil || s.taken != nil {
			return s.taken != nil, err
		}
	}
	if h == nil {
		return s.run(target, until, nil)
	}
	for first := !resumed; !s.stuck() && s.Now() < target; first = false {
		start, n := s.Now(), s.p.hits
		stop, u := start+min(target-start, s.chunk), until
		if first {
			stop, u = start+1, nil
		}
		hit, err := s.run(stop, u, h)
		if err != nil {
			return false, err
		}
		if s.p.hits > n {
			// (before a signal taken after it)
			return true, s.locate(start, n, n+1)
		}
		if hit || s.taken != nil {
			return true, nil
		}
	}
	return false, nil
}

// run executes forwards until the instruction count reaches target, the
// next instruction's address is one of until, the Session stops after a
// take record (Taken: see next), or the run ends, with the memory hooks
// of hooks (nil for none). It reports whether it stopped at one of until
// or at a take record.
func (s *Session) run(target uint64, until []uint64, hooks *emulate.Hooks) (bool, error) {
	p := s.p
	p.hooks, p.follow = breakHooks(until, hooks), s.Follow
	defer func() { p.hooks = nil }()
	for !s.stuck() && p.res.Instructions < target {
		if p.res.Instructions >= s.ckptDue() {
			s.checkpoint()
		}
		before := p.res.Instructions
		hit, err := p.exec(min(target, s.ckptDue()))
		if err != nil || hit {
			return hit, err
		}
		if p.res.Instructions > before || p.pending != 0 || p.retire {
			continue
		}
		if err := s.next(); err != nil {
			return err == errTaken, atFrontier(err)
		}
	}
	err := s.settle()
	return s.taken != nil, err
}

// errBreak stops exec at a breakpoint.
var errBreak = errors.New("record: breakpoint")

// breakHooks are mem's memory hooks and a code hook at each of until
// that stops the run there (errBreak): unlike emulate.RunOptions.Until,
// they leave the emulator's fast path on every page without one.
func breakHooks(until []uint64, mem *emulate.Hooks) *emulate.Hooks {
	if len(until) == 0 {
		return mem
	}
	h := &emulate.Hooks{}
	if mem != nil {
		h.Mem = mem.Mem
	}
	stop := func(*regs.Regs, *decode.Inst) error { return errBreak }
	for _, a := range until {
		h.Code = append(h.Code, emulate.CodeHook{Lo: a, Hi: a + 1, Fn: stop})
	}
	return h
}

// locate moves to the watched access numbered k (p.hits), the first at
// or after instruction count start, where p.hits is n: back to start,
// then one instruction at a time until the access, and back to the point
// before its instruction (WatchHit).
func (s *Session) locate(start, n, k uint64) error {
	h := s.hooks()
	defer func(on bool) { s.stopTakes = on }(s.stopTakes)
	s.stopTakes = false
	if err := s.Seek(start); err != nil {
		return err
	}
	p := s.p
	p.hits, p.accessAt = n, k
	defer func() { p.accessAt = 0 }()
	for !s.stuck() {
		at := s.Now()
		if _, err := s.run(at+1, nil, h); err != nil {
			return err
		}
		if p.hits >= k {
			a := p.access
			err := s.Seek(at)
			s.hit = &a
			return err
		}
	}
	return diverged("watched access %d after instruction %d not found again", k, start)
}

// ckptDue is the instruction count at which the next checkpoint is due:
// an Interval after the last one at or before Now (now, if none).
func (s *Session) ckptDue() uint64 {
	now := s.Now()
	last := s.ckptBefore(now)
	switch {
	case last == nil:
		return now
	case last.at > math.MaxUint64-s.Interval:
		return math.MaxUint64
	}
	return last.at + s.Interval
}

// Seek moves to instruction count target (before or after Now): back to
// the last checkpoint or anchor at or before it (forwards too, if one is
// past Now), then forwards.
func (s *Session) Seek(target uint64) error {
	s.hit, s.taken = nil, nil
	defer func(on bool) { s.stopTakes = on }(s.stopTakes)
	s.stopTakes = false
	if _, _, at := s.base(target); target < s.Now() || s.exited || at > s.Now() {
		if _, err := s.back(target); err != nil {
			return err
		}
	}
	_, err := s.run(target, nil, nil)
	return err
}

// ckptBefore is the last checkpoint at or before instruction count t;
// of several at t (at an exit), the first. Nil if there is none.
func (s *Session) ckptBefore(t uint64) *checkpoint {
	i, found := slices.BinarySearchFunc(s.ckpts, t, func(c *checkpoint, t uint64) int { return cmp.Compare(c.at, t) })
	if found {
		return s.ckpts[i]
	}
	if i == 0 {
		return nil
	}
	return s.ckpts[i-1]
}

// Back moves to the last point before Now at which the next instruction's
// address is one of until, the next instruction accesses memory Watches
// watch (WatchHit) or a thread took a signal StopAt stops at (Taken). It
// reports whether it found one; if not it moves to the beginning of the
// run (or, interrupted, returns ErrInterrupted).
//
// It goes back one checkpoint interval at a time: it restores the
// interval's checkpoint and executes it at full speed (the watched pages
// excepted), noting the breakpoints it stops at and counting the watched
// accesses, then moves to the last of these events: a watched access is
// found again by executing at most watchChunk instructions one at a time.
func (s *Session) Back(until []uint64) (bool, error) {
	h := s.hooks()
	// The take records before here are those before endN, by number.
	end, endN := s.Now(), s.rd.n+1
	if s.taken != nil {
		endN = s.taken.rec
	}
	s.taken = nil
	for end > s.Oldest() {
		if s.Interrupt != nil && s.Interrupt() {
			if err := s.Seek(end); err != nil {
				return false, err
			}
			return false, ErrInterrupted
		}
		if c, _, _ := s.base(end - 1); c != nil && len(until) == 0 && !s.takesIn(c.n, endN) && s.unwritten(c, end) {
			end, endN = c.at, c.n+1
			continue
		}
		c, err := s.back(end - 1)
		if err != nil {
			return false, err
		}
		s.noting, s.noted = s.StopAt != nil, s.noted[:0]
		bp, at := false, uint64(0)                                    // the last breakpoint stop before end
		watched, from, n, k := false, uint64(0), uint64(0), uint64(0) // the last chunk with watched accesses: its start, the count before and after
		for skip := false; !s.stuck() && s.Now() < end; {
			start, before := s.Now(), s.p.hits
			if skip {
				// Past the breakpoint stopped at.
				if _, err := s.run(start+1, nil, h); err != nil {
					return false, err
				}
			}
			stop := end
			if h != nil {
				stop = s.Now() + min(end-s.Now(), s.chunk)
			}
			hit, err := s.run(stop, until, h)
			if err != nil {
				return false, err
			}
			if s.p.hits > before {
				watched, from, n, k = true, start, before, s.p.hits
				bp = false
			}
			if skip = hit && s.Now() < end; skip {
				bp, at = true, s.Now()
			}
		}
		s.noting = false
		take := 0 // the last take record before endN StopAt stops at
		for _, r := range s.noted {
			if r.rec < endN {
				take = r.rec
			}
		}
		switch {
		case bp:
			err = s.Seek(at)
		case watched:
			err = s.locate(from, n, k)
		case take != 0:
			return true, s.toRecord(take)
		}
		if bp || watched {
			// A signal taken after the stop found comes first.
			if err == nil && take > s.rd.n {
				err = s.toRecord(take)
			}
			return true, err
		}
		end, endN = c.at, c.n+1
	}
	return false, s.Seek(s.Oldest())
}

// takesIn reports whether the log has take records numbered from lo+1 up
// to hi-1 (a Session with StopAt only).
func (s *Session) takesIn(lo, hi int) bool {
	if s.StopAt == nil {
		return false
	}
	i := sort.SearchInts(s.takes, lo+1)
	return i < len(s.takes) && s.takes[i] < hi
}

// toRecord moves to the point after take record k (Taken): back to the
// last checkpoint or anchor before it, then forwards.
func (s *Session) toRecord(k int) error {
	s.stopN = k
	defer func() { s.stopN = 0 }()
	s.hit = nil
	var c *checkpoint
	for _, o := range s.ckpts {
		if o.n < k {
			c = o
		}
	}
	var a anchor
	for _, o := range s.anchors {
		if o.n < k {
			a = o
		}
	}
	if c != nil && c.n >= a.n {
		s.restore(c)
	} else if _, err := s.fromAnchor(a); err != nil {
		return err
	}
	if s.taken == nil {
		if _, err := s.run(math.MaxUint64, nil, nil); err != nil {
			return err
		}
	}
	if s.taken == nil || s.taken.rec != k {
		return diverged("take record %d not found again", k)
	}
	return nil
}

// ErrInterrupted: Session.Interrupt stopped a Back.
var ErrInterrupted = errors.New("record: interrupted")

// unwritten reports whether the instructions from checkpoint c to the
// checkpoint at end cannot have triggered a watch: the Watches watch
// writes only, and no page they watch was written in any address space
// between the two checkpoints (mem.Snapshot.Unchanged). Back then skips
// the interval without executing it.
func (s *Session) unwritten(c *checkpoint, end uint64) bool {
	n := s.ckptBefore(end)
	if n == nil || n.at != end || n == c || len(n.snaps) != len(c.snaps) {
		return false
	}
	for as, snap := range c.snaps {
		later := n.snaps[as]
		if later == nil {
			return false
		}
		for _, w := range s.Watches {
			if w.Read || w.Len == 0 || w.Len > maxWatchPages*mem.PageSize {
				return false
			}
			for pg := w.Addr &^ (mem.PageSize - 1); pg-w.Addr < w.Len || pg < w.Addr; pg += mem.PageSize {
				if !snap.Unchanged(later, pg) {
					return false
				}
				if pg+mem.PageSize < pg {
					break
				}
			}
		}
	}
	return true
}

// maxWatchPages is the most pages a watch may span for Back to skip
// intervals that did not write them.
const maxWatchPages = 16

// StepForward moves forwards until thread tid (the next to run for 0) has
// executed one instruction, the other threads running as recorded before
// it; it stops early at a watched access (reported, as Run's) or at the
// end of the run. Stopped where the thread took a signal (Taken), a step
// of it that enters the signal's handler stops at the handler's first
// instruction, none executed, as Linux's single-step into a handler does.
func (s *Session) StepForward(tid uint64) (bool, error) {
	if t := s.taken; t != nil {
		s.taken = nil
		if tid == 0 || t.TID == tid {
			s.entered, s.stopTakes = 0, s.StopAt != nil
			err := s.settle()
			s.stopTakes = false
			if err != nil || s.taken != nil || s.entered == t.TID {
				return false, err
			}
		}
	}
	for !s.stuck() {
		if tid == 0 || s.Current() == tid {
			now := s.Now()
			hit, err := s.Run(now+1, nil)
			if err == nil && !hit && s.Now() == now && s.frontier {
				return false, errFrontier // the live program's to execute
			}
			return hit, err
		}
		// Another thread's turn: the rest of it at once.
		hit, err := s.Run(s.Now()+max(s.p.pending, 1), nil)
		if hit || err != nil {
			return hit, err
		}
	}
	if s.frontier {
		return false, errFrontier
	}
	return false, nil
}

// StepBack moves to the last point before Now at which thread tid (any
// thread for 0) executes an instruction: the point before it, or, if the
// thread took a signal StopAt stops at after that instruction, the point
// after the take record (Taken), as rr's reverse-stepi stops where the
// signal was reported going forwards. It reports whether there is one;
// if not it moves to the beginning of the run.
func (s *Session) StepBack(tid uint64) (bool, error) {
	// The take records before here are those before endN, by number.
	end, endN := s.Now(), s.rd.n+1
	if s.taken != nil {
		endN = s.taken.rec
	}
	s.taken = nil
	for end > s.Oldest() {
		c, err := s.back(end - 1)
		if err != nil {
			return false, err
		}
		s.p.lastAt = map[uint64]uint64{}
		s.noting, s.noted = s.StopAt != nil, s.noted[:0]
		_, err = s.run(end, nil, nil)
		s.noting = false
		last, ok := s.p.lastAt[tid]
		if tid == 0 {
			last, ok = end-1, s.Now() == end
		}
		s.p.lastAt = nil
		if err != nil {
			return false, err
		}
		ok = ok && last >= c.at
		take := 0 // the thread's last take record before endN, after its last instruction
		for _, r := range s.noted {
			if r.rec < endN && (tid == 0 || r.TID == tid) && (!ok || r.at > last) {
				take = r.rec
			}
		}
		switch {
		case take != 0:
			return true, s.toRecord(take)
		case ok:
			return true, s.Seek(last)
		}
		end, endN = c.at, c.n+1
	}
	return false, s.Seek(s.Oldest())
}
