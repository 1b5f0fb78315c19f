package record

import (
	"encoding/binary"
	"errors"
	"math"
	"sync/atomic"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/regs"
)

// ErrReadOnly: a replay's registers and memory cannot be changed.
var ErrReadOnly = errors.New("record: a replay cannot be changed")

// GDBTarget is a gdbstub.Target over a Session (ppc64emu replay -gdb):
// continue, stepi, breakpoints, and reverse-continue and reverse-stepi
// over the whole recording, after the exit too: the end of the recording
// is a stop at the end of the history (GDB: "No more reverse-execution
// history."), as rr reports it, not the program's exit. Registers and memory are
// read-only; write and access watchpoints stop before a write (checked
// one instruction at a time while they are set), read watchpoints are not
// supported (they never stop).
type GDBTarget struct {
	s         *Session
	interrupt atomic.Bool
	// Err is the first error of the replay (a damaged log, a divergence):
	// the Session stays where it happened.
	Err error
}

// NewGDBTarget returns a target for s.
func NewGDBTarget(s *Session) *GDBTarget { return &GDBTarget{s: s} }

// ByteOrder implements gdbstub.Target.
func (g *GDBTarget) ByteOrder() binary.ByteOrder {
	if g.s.Header().LittleEndian {
		return binary.LittleEndian
	}
	return binary.BigEndian
}

// Threads implements gdbstub.Target.
func (g *GDBTarget) Threads() []int {
	var ids []int
	for _, t := range g.s.Threads() {
		ids = append(ids, int(t))
	}
	return ids
}

var errNoThread = errors.New("record: no such thread")

// Regs implements gdbstub.Target.
func (g *GDBTarget) Regs(tid int) (regs.Regs, error) {
	if tid <= 0 {
		tid = int(g.s.Current())
	}
	c := g.s.Context(uint64(tid))
	if c == nil {
		return regs.Regs{}, errNoThread
	}
	return c.Regs, nil
}

// SetRegs implements gdbstub.Target: ErrReadOnly.
func (g *GDBTarget) SetRegs(tid int, r *regs.Regs) error { return ErrReadOnly }

// ReadMemory implements gdbstub.Target: the running thread's address space.
func (g *GDBTarget) ReadMemory(addr uint64, p []byte) error {
	m := g.s.Memory(0)
	if m == nil {
		return errNoThread
	}
	return m.Peek(addr, p)
}

// WriteMemory implements gdbstub.Target: ErrReadOnly.
func (g *GDBTarget) WriteMemory(addr uint64, p []byte) error { return ErrReadOnly }

// Auxv implements gdbstub.Target: the recording does not keep it.
func (g *GDBTarget) Auxv() []byte { return nil }

// Interrupt implements gdbstub.Target.
func (g *GDBTarget) Interrupt() { g.interrupt.Store(true) }

// Kill implements gdbstub.Target (nothing to end).
func (g *GDBTarget) Kill() {}

// Detach implements gdbstub.Target.
func (g *GDBTarget) Detach() {}

// chunk is how many instructions a continue runs between looks at
// Interrupt.
const chunk = 1 << 22

// Resume implements gdbstub.Target.
func (g *GDBTarget) Resume(a gdbstub.Action) gdbstub.Stop {
	s := g.s
	g.interrupt.Store(false)
	bps := a.Points.Breakpoints()
	s.Watch = nil
	if a.Points.HasWatches() {
		s.Watch = func(addr, n uint64) bool {
			_, _, ok := a.Points.Watch(addr, n, true)
			return ok
		}
	}
	tid := uint64(max(a.Thread, 0))
	var err error
	switch {
	case a.Reverse:
		var ok bool
		if a.Step {
			if tid == 0 {
				tid = s.Current()
			}
			ok, err = s.Back(nil, tid)
		} else {
			ok, err = s.Back(bps, 0) // with s.Watch, also to watched writes
		}
		if err == nil && !ok {
			return gdbstub.Stop{Thread: int(s.Current()), Signal: gdbstub.SigTrap, Reason: gdbstub.ReasonHistoryBegin}
		}
	case a.Step:
		_, err = s.Run(s.Now()+1, nil)
	default:
		for {
			var hit bool
			hit, err = s.Run(min(s.Now(), math.MaxUint64-chunk)+chunk, bps)
			if done, _, _ := s.Exited(); hit || err != nil || done || g.interrupt.Swap(false) {
				break
			}
		}
	}
	st := gdbstub.Stop{Thread: int(s.Current()), Signal: gdbstub.SigTrap}
	if done, _, _ := s.Exited(); done && err == nil {
		// The end of the recording, as rr: GDB stays attached ("No more
		// reverse-execution history"), so that it can go back from there.
		st.Reason = gdbstub.ReasonHistoryEnd
		return st
	}
	if err != nil && g.Err == nil {
		g.Err = err // the replay stops where it failed
	}
	if addr, ok := s.WatchHit(); ok {
		if w, at, ok := a.Points.Watch(addr, 1, true); ok {
			st.Reason, st.Addr = gdbstub.ReasonWatch, at
			if w.Kind == gdbstub.WatchAccess {
				st.Reason = gdbstub.ReasonAWatch
			}
		}
	} else if ok, hw := a.Points.Breakpoint(s.pc()); ok {
		st.Reason = gdbstub.ReasonSWBreak
		if hw {
			st.Reason = gdbstub.ReasonHWBreak
		}
	}
	return st
}

// pc is the current thread's next instruction address.
func (s *Session) pc() uint64 {
	if c := s.Context(s.Current()); c != nil {
		return c.Regs.NIP
	}
	return 0
}
