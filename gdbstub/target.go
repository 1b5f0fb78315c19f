package gdbstub

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/ppc64emu/ppc64emu/regs"
)

// Target is the program a Server debugs, in GDB's all-stop model: between
// Resume calls every thread is stopped, and the Server reads and writes
// registers and memory. Thread ids are positive. Signal numbers are Linux's
// (the Server translates them to GDB's).
//
// The methods other than Interrupt are called from one goroutine, and only
// while the program is stopped; Interrupt is called from another goroutine
// while Resume runs.
type Target interface {
	// ByteOrder is the program's byte order: registers and memory are
	// shown to GDB in it.
	ByteOrder() binary.ByteOrder
	// Threads returns the ids of the live threads, in a stable order.
	Threads() []int
	// Regs returns a copy of the registers of thread tid.
	Regs(tid int) (regs.Regs, error)
	// SetRegs replaces the registers of thread tid.
	SetRegs(tid int, r *regs.Regs) error
	// ReadMemory and WriteMemory access the program's memory as a
	// debugger does (ignoring page protections where the target can).
	ReadMemory(addr uint64, p []byte) error
	WriteMemory(addr uint64, p []byte) error
	// Auxv returns the auxiliary vector as the program sees it (pairs of
	// 64-bit words in the program's byte order), or nil.
	Auxv() []byte
	// Resume runs the program as a describes and blocks until it stops
	// again or ends.
	Resume(a Action) Stop
	// Interrupt asks a running Resume to stop soon (GDB's Ctrl-C); the
	// stop is reported with SIGINT. It is safe to call at any time.
	Interrupt()
	// Kill ends the program. Detach lets it run on without the debugger;
	// a thread stopped at a signal it takes (a Stop of that signal) gets
	// it if it is in program (GDB's QProgramSignals: the signals its
	// handle passes), else the signal is discarded, as gdbserver does.
	Kill()
	Detach(program SignalSet)
}

// Action is one Resume: forward or backward, one instruction of a thread
// or until something stops the program.
type Action struct {
	// Step, if set, stops after Thread has executed one instruction (in
	// reverse: after one instruction of Thread is undone). Otherwise the
	// program runs until a breakpoint, a watchpoint, a signal, an
	// interrupt or its end.
	Step bool
	// Thread is the thread to step; for a continue, the thread that
	// receives Signal. Zero means the thread that stopped last.
	Thread int
	// Signal, if not zero, is delivered to Thread as it resumes (Linux
	// numbering).
	Signal int
	// Reverse runs the program backwards through its recorded history.
	Reverse bool
	// Pass are the signals that do not stop the program (GDB's
	// QPassSignals: "handle SIG nostop noprint pass"): a thread that
	// receives one takes it at once, unless it is being stepped. Every
	// other signal a thread receives stops the program before it is
	// delivered (a Stop with that Signal), and GDB's next resumption
	// says which signal the thread gets (Action.Signal), if any.
	Pass SignalSet
	// Points are the breakpoints and watchpoints to honour. The Server
	// does not change them while Resume runs.
	Points *Points
}

// StopKind says why Resume returned.
type StopKind int

// Stop kinds.
const (
	// StopSignal: a thread stopped with Signal (SIGTRAP for a step, a
	// breakpoint or a watchpoint; SIGINT for an interrupt; otherwise a
	// signal the program received, not yet delivered).
	StopSignal StopKind = iota
	// StopExited: the program exited with Code.
	StopExited
	// StopKilled: the program was killed by Signal.
	StopKilled
)

// Reason refines a StopSignal for GDB.
type Reason int

// Stop reasons.
const (
	ReasonNone         Reason = iota
	ReasonSWBreak             // a breakpoint (Z0) at the thread's PC
	ReasonHWBreak             // a hardware breakpoint (Z1) at the thread's PC
	ReasonWatch               // a write watchpoint hit at Addr
	ReasonRWatch              // a read watchpoint hit at Addr
	ReasonAWatch              // an access watchpoint hit at Addr
	ReasonHistoryBegin        // reverse execution reached the start of the history
	ReasonHistoryEnd          // replay reached the end of the history (not used when replay goes live)
)

// Monitor is an optional interface of a Target: GDB's "monitor CMD"
// command (the qRcmd packet) calls Monitor with CMD, and GDB prints the
// output, or the error.
type Monitor interface {
	Monitor(cmd string) (output string, err error)
}

// Stop describes how the program stopped or ended.
type Stop struct {
	Kind   StopKind // stopped by a signal, exited or killed
	Thread int      // id of the thread that stopped (StopSignal)
	Signal int      // Linux signal number: the stop signal (StopSignal) or the killing signal (StopKilled)
	Code   int      // exit status (StopExited); GDB sees its low 8 bits
	Reason Reason   // what kind of trap a StopSignal is, for the T packet; ReasonNone for a plain signal
	Addr   uint64   // the data address of a watchpoint stop
}

// WatchKind is the access a watchpoint watches.
type WatchKind int

// Watchpoint kinds (Z2, Z3, Z4).
const (
	WatchWrite WatchKind = iota + 2
	WatchRead
	WatchAccess
)

// Watchpoint watches Len bytes at Addr.
type Watchpoint struct {
	Addr, Len uint64    // first byte watched and the number of bytes
	Kind      WatchKind // which accesses trigger it
}

// Points are the breakpoints and watchpoints GDB inserted.
type Points struct {
	sw, hw  map[uint64]bool
	watches []Watchpoint
}

// NewPoints returns an empty set.
func NewPoints() *Points {
	return &Points{sw: map[uint64]bool{}, hw: map[uint64]bool{}}
}

// Breakpoint reports whether a breakpoint is set at pc, and whether it is a
// hardware one.
func (p *Points) Breakpoint(pc uint64) (ok, hw bool) {
	if p == nil {
		return false, false
	}
	if p.sw[pc] {
		return true, false
	}
	return p.hw[pc], p.hw[pc]
}

// Breakpoints returns the addresses of every breakpoint (Z0 and Z1), in
// increasing order: a target that runs to a list of addresses
// (emulate.RunOptions.Until) rather than checking each instruction.
func (p *Points) Breakpoints() []uint64 {
	if p == nil {
		return nil
	}
	var a []uint64
	for pc := range p.sw {
		a = append(a, pc)
	}
	for pc := range p.hw {
		if !p.sw[pc] {
			a = append(a, pc)
		}
	}
	slices.Sort(a)
	return a
}

// HasWatches reports whether any watchpoint is set.
func (p *Points) HasWatches() bool { return p != nil && len(p.watches) > 0 }

// Watches returns the watchpoints set, by address: a target that watches
// ranges (emulate.MemHook) rather than checking each access.
func (p *Points) Watches() []Watchpoint {
	if p == nil {
		return nil
	}
	return slices.Clone(p.watches)
}

// Watch reports the first watchpoint that an access of n bytes at addr
// (a write if write is set, else a read) triggers, and the address within
// it that was accessed.
func (p *Points) Watch(addr, n uint64, write bool) (Watchpoint, uint64, bool) {
	if p == nil || n == 0 {
		return Watchpoint{}, 0, false
	}
	for _, w := range p.watches {
		switch {
		case w.Kind == WatchAccess:
		case write && w.Kind == WatchWrite:
		case !write && w.Kind == WatchRead:
		default:
			continue
		}
		// Last bytes, not ends: a range may end at 2^64.
		if addr <= w.Addr+(w.Len-1) && w.Addr <= addr+(n-1) {
			return w, max(addr, w.Addr), true
		}
	}
	return Watchpoint{}, 0, false
}

// Insert adds a point as a Z packet does: kind 0 (breakpoint), 1
// (hardware breakpoint), 2, 3 or 4 (write, read, access watchpoint of n
// bytes at addr). A watched range must end at or below 2^64; one that
// wraps, or another kind, is refused with ErrPoint and adds nothing.
func (p *Points) Insert(kind int, addr, n uint64) error {
	switch kind {
	case 0:
		p.sw[addr] = true
	case 1:
		p.hw[addr] = true
	case 2, 3, 4:
		w := Watchpoint{Addr: addr, Len: max(n, 1), Kind: WatchKind(kind)}
		if w.Addr+w.Len-1 < w.Addr {
			return fmt.Errorf("%w: %d bytes at %#x wrap past 2^64", ErrPoint, w.Len, addr)
		}
		for _, x := range p.watches {
			if x == w {
				return nil
			}
		}
		p.watches = append(p.watches, w)
		sort.Slice(p.watches, func(i, j int) bool { return p.watches[i].Addr < p.watches[j].Addr })
	default:
		return fmt.Errorf("%w: kind %d", ErrPoint, kind)
	}
	return nil
}

// ErrPoint refuses a breakpoint or watchpoint Points cannot hold.
var ErrPoint = errors.New("gdbstub: invalid breakpoint or watchpoint")

// Remove removes a point Insert added.
func (p *Points) Remove(kind int, addr, n uint64) {
	switch kind {
	case 0:
		delete(p.sw, addr)
	case 1:
		delete(p.hw, addr)
	default:
		w := Watchpoint{Addr: addr, Len: max(n, 1), Kind: WatchKind(kind)}
		for i, x := range p.watches {
			if x == w {
				p.watches = append(p.watches[:i], p.watches[i+1:]...)
				return
			}
		}
	}
}
