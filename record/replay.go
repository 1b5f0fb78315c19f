package record

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Options configure Replay.
type Options struct {
	// Stdout and Stderr receive what the program wrote to the runner's
	// stdout and stderr while it was recorded; nil discards it.
	Stdout, Stderr io.Writer
	// MaxInstructions, if not zero, bounds the instructions replayed: a
	// log that asks for more fails with ErrLimit.
	MaxInstructions uint64
}

// ErrLimit: the log asks for more instructions than Options.MaxInstructions.
var ErrLimit = errors.New("record: instruction limit reached")

// Result is what a replay reproduced.
type Result struct {
	Code, Signal int    // the exit code, or the signal that killed the program
	Instructions uint64 // instructions executed by every thread
	Syscalls     uint64 // system calls, each checked against its recorded register hash
	// Threads are the final Contexts of every thread the log made, by
	// thread id.
	Threads map[uint64]*emulate.Context
}

// replayer is the state of a replay: the address spaces and threads the
// log made, the running thread, and the time base and darn values queued
// for the next Run.
type replayer struct {
	opts    Options
	hdr     Header
	spaces  map[uint64]*space
	threads map[uint64]*thread
	cur     *thread
	tb      []uint64
	darn    []darnValue
	miss    bool // the emulator asked for a time base or darn value the log did not have
	// pending is what is left of the current run record's instructions;
	// retire is an instruction retired by a retire record not yet counted
	// (exec executes both before the next record applies).
	pending uint64
	retire  bool
	// hooks, for a Session, stop exec at breakpoints (errBreak) and
	// count watched accesses in hits; the one numbered accessAt is kept
	// in access.
	hooks    *emulate.Hooks
	follow   func(tid uint64) bool // the threads hooks apply to (nil: all)
	hits     uint64
	accessAt uint64
	access   Access
	// lastAt, if set, gets for each thread the number of the last
	// instruction it executed (Session.StepBack).
	lastAt map[uint64]uint64
	res    Result
}

type space struct {
	m *mem.Memory
	e *emulate.Emulator
}

type thread struct {
	tid uint64
	ctx emulate.Context
	sp  *space
}

type darnValue struct {
	v  uint64
	ok bool
}

// Replay reproduces the run of the log r: it executes the program's
// instructions again on the emulator, taking every input the program had
// (system call results and the memory they wrote, signal frames, time
// base and darn values, the thread schedule) from the log, without
// executing any system call on the host. The output the program wrote
// to stdout and stderr goes to opts'. It checks the registers at every
// system call and each thread's at the exit against the log's hashes, and
// fails with ErrDiverged at the first difference.
func Replay(r io.Reader, opts Options) (*Result, error) {
	rd, err := NewReader(r)
	if err != nil {
		return nil, err
	}
	p := newReplayer(rd.Header, opts)
	for {
		if _, err := p.exec(math.MaxUint64); err != nil {
			return nil, fmt.Errorf("record %d: %w", rd.n, err)
		}
		rec, err := rd.Next()
		if err == io.EOF {
			return nil, fmt.Errorf("%w: no exit record", ErrTruncated)
		}
		if err != nil {
			return nil, err
		}
		if err := p.apply(rec); err != nil {
			return nil, fmt.Errorf("record %d (%s): %w", rd.n, rec.Kind, err)
		}
		if rec.Kind == KindExit {
			return p.result(), nil
		}
	}
}

func newReplayer(h Header, opts Options) *replayer {
	return &replayer{opts: opts, hdr: h, spaces: map[uint64]*space{}, threads: map[uint64]*thread{}}
}

// result is the Result so far, with the threads' Contexts.
func (p *replayer) result() *Result {
	res := p.res
	res.Threads = map[uint64]*emulate.Context{}
	for tid, t := range p.threads {
		res.Threads[tid] = &t.ctx
	}
	return &res
}

func diverged(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrDiverged, fmt.Sprintf(format, a...))
}

func (p *replayer) space(as uint64) (*space, error) {
	if s := p.spaces[as]; s != nil {
		return s, nil
	}
	return nil, fmt.Errorf("%w: address space %d not made", ErrFormat, as)
}

func (p *replayer) thread(tid uint64) (*thread, error) {
	if t := p.threads[tid]; t != nil {
		return t, nil
	}
	return nil, fmt.Errorf("%w: thread %d not made", ErrFormat, tid)
}

func (p *replayer) running() (*thread, error) {
	if p.cur == nil {
		return nil, fmt.Errorf("%w: no thread runs", ErrFormat)
	}
	return p.cur, nil
}

func (p *replayer) apply(r *Record) error {
	switch r.Kind {
	case KindSpace:
		if p.spaces[r.AS] != nil {
			return fmt.Errorf("%w: address space %d made twice", ErrFormat, r.AS)
		}
		cfg := p.hdr.Config
		cfg.TimeBase, cfg.Random = p.timeBase, p.random
		p.spaces[r.AS] = &space{m: mem.New(), e: emulate.New(cfg)}
	case KindMem:
		s, err := p.space(r.AS)
		if err != nil {
			return err
		}
		if err := s.m.Apply(&r.Change); err != nil {
			return diverged("memory change %+v: %v", r.Change, err)
		}
	case KindThread:
		if p.threads[r.TID] != nil {
			return fmt.Errorf("%w: thread %d made twice", ErrFormat, r.TID)
		}
		s, err := p.space(r.AS)
		if err != nil {
			return err
		}
		p.threads[r.TID] = &thread{tid: r.TID, ctx: r.Context(), sp: s}
	case KindSwitch:
		t, err := p.thread(r.TID)
		if err != nil {
			return err
		}
		p.cur = t
	case KindUse:
		t, err := p.thread(r.TID)
		if err != nil {
			return err
		}
		if t.sp, err = p.space(r.AS); err != nil {
			return err
		}
	case KindRun:
		if _, err := p.running(); err != nil {
			return err
		}
		if max := p.opts.MaxInstructions; max != 0 && (r.N > max || p.res.Instructions > max-r.N) {
			return fmt.Errorf("%w: %d", ErrLimit, max)
		}
		p.pending = r.N
	case KindRetire:
		if _, err := p.running(); err != nil {
			return err
		}
		p.retire = true
	case KindContext:
		t, err := p.thread(r.TID)
		if err != nil {
			return err
		}
		r.Apply(&t.ctx)
	case KindTimeBase:
		p.tb = append(p.tb, r.N)
	case KindDarn:
		p.darn = append(p.darn, darnValue{r.N, r.OK})
	case KindSyscall:
		t, err := p.thread(r.TID)
		if err != nil {
			return err
		}
		if t != p.cur {
			return diverged("system call %d of thread %d, which does not run", r.N, r.TID)
		}
		if h := Hash(&t.ctx); h != r.Hash {
			return diverged("thread %d: registers at system call %d (nip %#x) differ from the recording's", t.tid, r.N, t.ctx.Regs.NIP)
		}
		p.res.Syscalls++
	case KindOutput:
		w := p.opts.Stdout
		if r.Stream == 2 {
			w = p.opts.Stderr
		}
		if w != nil {
			if _, err := w.Write(r.Data); err != nil {
				return err
			}
		}
	case KindSignal, KindTake:
	case KindReset:
		// The state that follows replaces the replay's (the same, if the
		// replay got here by executing the records before).
		if len(p.threads) != 0 && r.N != p.res.Instructions {
			return diverged("reset after %d instructions, the replay is at %d", r.N, p.res.Instructions)
		}
		if p.pending != 0 || p.retire || len(p.tb) != 0 || len(p.darn) != 0 {
			return fmt.Errorf("%w: reset inside a run", ErrFormat)
		}
		p.spaces, p.threads, p.cur = map[uint64]*space{}, map[uint64]*thread{}, nil
		p.res.Instructions = r.N
	case KindExit:
		if r.Instructions != p.res.Instructions {
			return diverged("%d instructions, the recording %d", p.res.Instructions, r.Instructions)
		}
		for _, th := range r.Threads {
			t, err := p.thread(th.TID)
			if err != nil {
				return err
			}
			if Hash(&t.ctx) != th.Hash {
				return diverged("thread %d: final registers differ from the recording's", th.TID)
			}
		}
		p.res.Code, p.res.Signal = r.Code, r.Signal
	}
	return nil
}

// exec executes the instructions the records applied so far ask for (the
// rest of a run record, a retired instruction) until the instruction count
// reaches target. It stops before an instruction at a breakpoint of
// p.hooks and reports it.
func (p *replayer) exec(target uint64) (atBreak bool, err error) {
	for p.res.Instructions < target {
		if p.retire {
			p.retire = false
			p.res.Instructions++
			if p.lastAt != nil {
				p.lastAt[p.cur.tid] = p.res.Instructions - 1
			}
			continue
		}
		if p.pending == 0 {
			return false, nil
		}
		t := p.cur
		n := min(p.pending, target-p.res.Instructions)
		e := t.sp.e
		e.SetContext(&t.ctx)
		hooks := p.hooks
		if p.follow != nil && !p.follow(t.tid) {
			hooks = nil
		}
		got, err := e.Run(&t.ctx.Regs, t.sp.m, emulate.RunOptions{MaxSteps: n, Hooks: hooks})
		p.res.Instructions += got
		p.pending -= got
		if p.lastAt != nil && got > 0 {
			p.lastAt[t.tid] = p.res.Instructions - 1
		}
		switch {
		case p.miss:
			return false, diverged("thread %d read more time base or darn values than recorded (nip %#x)", t.tid, t.ctx.Regs.NIP)
		case errors.Is(err, errBreak):
			return true, nil
		case got < n:
			// (When got == n, Run may have looked at the instruction
			// after the last one: its outcome is the next record's
			// business.)
			return false, diverged("thread %d stopped after %d of %d instructions at %#x: %v", t.tid, got, n, t.ctx.Regs.NIP, err)
		case p.pending == 0 && (len(p.tb) != 0 || len(p.darn) != 0):
			return false, diverged("thread %d read fewer time base or darn values than recorded (nip %#x)", t.tid, t.ctx.Regs.NIP)
		}
	}
	return false, nil
}

// count counts a watched access (Session): the one numbered accessAt is
// kept.
func (p *replayer) count(a Access) {
	p.hits++
	if p.hits == p.accessAt {
		p.access = a
	}
}

func (p *replayer) timeBase() uint64 {
	if len(p.tb) == 0 {
		p.miss = true
		return 0
	}
	v := p.tb[0]
	p.tb = p.tb[1:]
	return v
}

func (p *replayer) random(l int) (uint64, bool) {
	if len(p.darn) == 0 {
		p.miss = true
		return 0, false
	}
	d := p.darn[0]
	p.darn = p.darn[1:]
	return d.v, d.ok
}
