package record

import (
	"errors"
	"math"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Live is a program running under a debugger whose run a growing log
// records (ppc64emu run -gdb, linux.Debugger): NewLiveGDBTarget serves
// the past from a Session of the log and hands forward execution back to
// the program where it stopped, its frontier. Its gdbstub.Target methods
// act on the program as it stopped; its Resume runs forwards only, and
// executes the instruction the program stopped at without stopping at
// it again (a breakpoint there was reported), unless Recheck was called.
type Live interface {
	gdbstub.Target
	// Log returns the log of the run up to the stop: every record so
	// far, the bytes of the previous call's and more. nil means that
	// the run is not recorded (no reverse execution).
	Log() []byte
	// Recheck makes the next Resume stop at the instruction the
	// program stopped at if a breakpoint is there (the debugger got
	// back to it by replay, and has not stopped there yet).
	Recheck()
	// Follows reports whether the debugger follows thread tid: the
	// program's threads, not those of other processes it made, whose
	// instructions do not stop the past either.
	Follows(tid int) bool
	// Dropped is the times the program dropped the oldest part of its
	// log to bound it (the log then begins with a reset record): a
	// Session of a log Log returned before is of no use.
	Dropped() int
	// WatchFrom is, after Resume reported a watchpoint stop (the
	// program goes on past the access before it stops), an instruction
	// count at or before the access and after the previous stop: a
	// Session finds the access from there.
	WatchFrom() uint64
}

// NewLiveGDBTarget returns a target for the live program l: forward
// execution is l's, and reverse execution and everything up to l's stop
// come from a Session of l's log made when GDB first goes back, which
// catches up with the log (executing what l executed since) whenever GDB
// goes back from l's stop. Set Checkpoints, Interval and StopAtExit before
// the first Resume.
func NewLiveGDBTarget(l Live) *GDBTarget {
	return &GDBTarget{live: l, atLive: true}
}

// catchUp makes g's Session, or grows it, and moves it to the frontier.
func (g *GDBTarget) catchUp() error {
	log := g.live.Log()
	if log == nil {
		return errNoHistory
	}
	if g.s != nil && g.live.Dropped() != g.dropped {
		g.s = nil // (its log was cut)
	}
	if g.s == nil {
		g.dropped = g.live.Dropped()
		s, err := NewLiveSession(log, Options{})
		if err != nil {
			return err
		}
		s.MaxCheckpoints = g.Checkpoints
		if g.Interval != 0 {
			s.Interval = g.Interval
		}
		s.Interrupt = func() bool { return g.interrupt.Swap(false) }
		s.Follow = func(tid uint64) bool { return g.live.Follows(int(tid)) }
		g.s = s
	} else {
		g.s.Grow(log)
	}
	if err := g.s.Seek(math.MaxUint64); err != nil {
		return err
	}
	// A log that ends with a take record is that of a program stopped
	// at the signal (or, passed, just after it): the Session is there.
	g.s.taken = g.s.lastTake
	return nil
}

// errNoHistory: the live run is not recorded.
var errNoHistory = errors.New("record: the run is not recorded (no reverse execution)")

// resumeLive is Resume of a live target.
func (g *GDBTarget) resumeLive(a gdbstub.Action) gdbstub.Stop {
	if a.Reverse && g.atLive {
		if err := g.catchUp(); err != nil {
			if err != errNoHistory && g.Err == nil {
				g.Err = err
			}
			return gdbstub.Stop{Thread: a.Thread, Signal: abi.SIGTRAP, Reason: gdbstub.ReasonHistoryBegin}
		}
		g.atLive = false
	}
	if !g.atLive {
		g.stepLeft = false
		st := g.resume(a)
		if _, ok := g.s.Taken(); ok && !a.Reverse && g.s.atEnd() && g.Err == nil {
			// The signal the live program stopped at: GDB is told of
			// it here, and its next resumption is the program's.
			g.atLive = true
			return st
		}
		if a.Reverse || !g.s.AtFrontier() || g.Err != nil {
			return st
		}
		if _, hit := g.s.WatchHit(); hit {
			return st
		}
		// Forwards to the frontier with nothing to stop at: the live
		// program goes on from there (a step not done yet is its).
		g.atLive = true
		g.live.Recheck()
		if a.Step && !g.stepLeft {
			return st // the step ended at the frontier
		}
	}
	g.running.Store(true)
	st := g.live.Resume(a)
	g.running.Store(false)
	switch {
	case st.Kind != gdbstub.StopSignal:
		if !g.StopAtExit || g.catchUp() != nil {
			return st
		}
		// The end of the run is the end of the history, as in a replay.
		g.atLive = false
		return gdbstub.Stop{Thread: int(g.s.Current()), Signal: abi.SIGTRAP, Reason: gdbstub.ReasonHistoryEnd}
	case st.Reason == gdbstub.ReasonWatch || st.Reason == gdbstub.ReasonRWatch || st.Reason == gdbstub.ReasonAWatch:
		// The program went past the access: find it in the Session.
		if g.catchUp() != nil {
			return st
		}
		s := g.s
		if err := s.Seek(g.live.WatchFrom()); err != nil {
			return st
		}
		g.atLive = false
		ws := gdbstub.Action{Points: a.Points, Thread: a.Thread}
		wst := g.resume(ws)
		if _, hit := s.WatchHit(); hit || g.Err != nil {
			return wst
		}
		g.atLive = s.AtFrontier() // (not found: the live stop)
	}
	return st
}
