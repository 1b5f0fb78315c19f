package record

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// ErrReadOnly: a replay's registers and memory cannot be changed.
var ErrReadOnly = errors.New("record: a replay cannot be changed")

// GDBTarget is a gdbstub.Target over a Session (ppc64emu replay -gdb):
// continue, stepi, breakpoints, and reverse-continue and reverse-stepi
// over the whole recording, after the exit too: the end of the recording
// is a stop at the end of the history (GDB: "No more reverse-execution
// history."), as rr reports it, not the program's exit. Registers and
// memory are read-only. Write, read and access watchpoints stop before
// the instruction that accesses a watched byte, forwards and backwards
// (Session.Watches: the watched pages are accessed through hooks, the
// rest at full speed). An interrupt (GDB's Ctrl-C) stops a continue, and
// a reverse-continue at the next checkpoint interval, with SIGINT.
type GDBTarget struct {
	s         *Session
	interrupt atomic.Bool
	// live (NewLiveGDBTarget) is the program behind a growing log;
	// atLive says that the view is where it stopped (its frontier), so
	// that it answers.
	live    Live
	atLive  bool
	dropped int         // live.Dropped when the Session was made
	running atomic.Bool // live.Resume runs
	// stepLeft: the Session got to the frontier before the step was done.
	stepLeft bool
	// Checkpoints bounds a live target's checkpoints
	// (Session.MaxCheckpoints; NewLiveGDBTarget), Interval sets their
	// spacing (0: the Session's default).
	Checkpoints int
	Interval    uint64
	// StopAtExit makes a live target report the program's end as the
	// end of the history, as a replay's, so that GDB can go back from
	// there; otherwise GDB is told the program exited.
	StopAtExit bool
	// Err is the first error of the replay (a damaged log, a divergence):
	// the Session stays where it happened.
	Err error
	// Files, if set, are a replay's files other than its /proc/PID/maps
	// (OpenFile): the program's libraries, for GDB's host I/O (replay
	// -gdb: linux.SysrootFiles of the recording's sysroot).
	Files gdbstub.Files
	// Exe is a replay's program as its /proc/PID/exe named it, an
	// absolute host path (NewGDBTarget: the header's first argument, if
	// absolute; logs written before it was recorded so may hold a
	// relative one). GDB is told it (qXfer:exec-file) and given the host's
	// file at that path; "" if none.
	Exe string
	// auxv is a replay's auxiliary vector (Auxv), pid its process id
	// (Pid).
	auxv []byte
	pid  int
}

// NewGDBTarget returns a target for s.
func NewGDBTarget(s *Session) *GDBTarget {
	g := &GDBTarget{s: s}
	if s.Now() == 0 {
		// At the program's start: its stack holds the vector.
		if c, m := s.Context(s.Current()), s.Memory(0); c != nil && m != nil {
			g.auxv = StackAuxv(m, g.ByteOrder(), c.Regs.GPR[1])
		}
		g.pid = int(s.Current()) // the first process's only thread
	}
	if a := s.Header().Args; len(a) > 0 && strings.HasPrefix(a[0], "/") {
		g.Exe = a[0]
	}
	s.Interrupt = func() bool { return g.interrupt.Swap(false) }
	return g
}

// ByteOrder implements gdbstub.Target.
func (g *GDBTarget) ByteOrder() binary.ByteOrder {
	if g.live != nil {
		return g.live.ByteOrder()
	}
	if g.s.Header().LittleEndian {
		return binary.LittleEndian
	}
	return binary.BigEndian
}

// Threads implements gdbstub.Target.
func (g *GDBTarget) Threads() []int {
	if g.atLive {
		return g.live.Threads()
	}
	var ids []int
	for _, t := range g.s.Threads() {
		if g.s.Follow == nil || g.s.Follow(t) {
			ids = append(ids, int(t))
		}
	}
	return ids
}

var errNoThread = errors.New("record: no such thread")

// Regs implements gdbstub.Target.
func (g *GDBTarget) Regs(tid int) (regs.Regs, error) {
	if g.atLive {
		return g.live.Regs(tid)
	}
	if tid <= 0 {
		tid = int(g.s.Current())
	}
	c := g.s.Context(uint64(tid))
	if c == nil {
		return regs.Regs{}, errNoThread
	}
	return c.Regs, nil
}

// SetRegs implements gdbstub.Target: ErrReadOnly, but where a live
// program stopped.
func (g *GDBTarget) SetRegs(tid int, r *regs.Regs) error {
	if g.atLive {
		return g.live.SetRegs(tid, r)
	}
	return ErrReadOnly
}

// ReadMemory implements gdbstub.Target: the running thread's address space
// (Session.ReadMemory).
func (g *GDBTarget) ReadMemory(addr uint64, p []byte) error {
	if g.atLive {
		return g.live.ReadMemory(addr, p)
	}
	return g.s.ReadMemory(addr, p)
}

// WriteMemory implements gdbstub.Target: ErrReadOnly, but where a live
// program stopped.
func (g *GDBTarget) WriteMemory(addr uint64, p []byte) error {
	if g.atLive {
		return g.live.WriteMemory(addr, p)
	}
	return ErrReadOnly
}

// Auxv implements gdbstub.Target: a live program's; a replay's, read from
// the initial stack of the recording's first thread (NewGDBTarget), as
// the live run read it (the program's first address space's: Linux's
// saved_auxv, which an execve replaces, as run -gdb's is not either).
func (g *GDBTarget) Auxv() []byte {
	if g.live != nil {
		return g.live.Auxv()
	}
	return g.auxv
}

// StackAuxv copies the auxiliary vector from a program's initial stack in
// m, whose stack pointer is sp (argc, argv, NULL, envp, NULL, then the
// pairs up to AT_NULL), in byte order o; nil if m does not hold one.
func StackAuxv(m *mem.Memory, o binary.ByteOrder, sp uint64) []byte {
	var w [8]byte
	word := func(a uint64) (uint64, bool) {
		if m.Peek(a, w[:]) != nil {
			return 0, false
		}
		return o.Uint64(w[:]), true
	}
	argc, ok := word(sp)
	if !ok || argc > 1<<20 {
		return nil
	}
	a := sp + 8*(argc+2)
	for i := 0; i < 1<<20; i++ { // envp
		v, ok := word(a)
		if !ok {
			return nil
		}
		a += 8
		if v == 0 {
			break
		}
	}
	var out []byte
	for i := 0; i < 256; i++ {
		tag, ok1 := word(a)
		val, ok2 := word(a + 8)
		if !ok1 || !ok2 {
			return nil
		}
		out = append(out, abi.AuxvLayout.Bytes(o, &abi.Auxv{Tag: tag, Val: val})...)
		a += 16
		if tag == 0 {
			break
		}
	}
	return out
}

// Interrupt implements gdbstub.Target.
func (g *GDBTarget) Interrupt() {
	g.interrupt.Store(true)
	if g.running.Load() {
		g.live.Interrupt()
	}
}

// Kill implements gdbstub.Target: a live program ends.
func (g *GDBTarget) Kill() {
	if g.live != nil {
		g.live.Kill()
	}
}

// Detach implements gdbstub.Target: a live program runs on from where it
// stopped (a replay has nothing to run on).
func (g *GDBTarget) Detach(program gdbstub.SignalSet) {
	if g.live != nil {
		g.live.Detach(program)
	}
}

// chunk is how many instructions a continue runs between looks at
// Interrupt.
const chunk = 1 << 22

// Resume implements gdbstub.Target.
func (g *GDBTarget) Resume(a gdbstub.Action) gdbstub.Stop {
	if g.live != nil {
		return g.resumeLive(a)
	}
	return g.resume(a)
}

// resume runs the Session; for a live target it may stop at the frontier
// (Session.AtFrontier) with nothing else to report.
func (g *GDBTarget) resume(a gdbstub.Action) gdbstub.Stop {
	s := g.s
	g.interrupt.Store(false)
	bps := a.Points.Breakpoints()
	s.Watches = s.Watches[:0]
	for _, w := range a.Points.Watches() {
		s.Watches = append(s.Watches, Watch{Addr: w.Addr, Len: w.Len, Read: w.Kind != gdbstub.WatchWrite, Write: w.Kind != gdbstub.WatchRead})
	}
	tid := uint64(max(a.Thread, 0))
	if a.Step && tid == 0 {
		tid = s.Current()
	}
	s.StopAt = func(t uint64, sig int) bool {
		// As the live run reported it (linux.Debugger): every signal
		// but those GDB passes, unless the thread is being stepped.
		return (s.Follow == nil || s.Follow(t)) && (!a.Pass.Has(sig) || a.Step && t == tid)
	}
	defer func() { s.StopAt = nil }()
	var err error
	st := gdbstub.Stop{Signal: gdbstub.SigTrap}
	switch {
	case a.Reverse:
		var ok bool
		if a.Step {
			if tid == 0 {
				tid = s.Current()
			}
			ok, err = s.StepBack(tid)
		} else {
			ok, err = s.Back(bps) // and to watched accesses
		}
		if errors.Is(err, ErrInterrupted) {
			return gdbstub.Stop{Thread: int(s.Current()), Signal: abi.SIGINT}
		}
		if err == nil && !ok {
			return gdbstub.Stop{Thread: int(s.Current()), Signal: gdbstub.SigTrap, Reason: gdbstub.ReasonHistoryBegin}
		}
		if t, ok := s.Taken(); ok && err == nil {
			return gdbstub.Stop{Thread: int(t.TID), Signal: t.Signal}
		}
		if acc, hit := s.WatchHit(); hit && err == nil {
			// GDB steps over an instruction stopped at by a watchpoint
			// (PowerPC's stop before the access), here backwards: the
			// stop is after the access, so that GDB's step back ends
			// before it, as the forward stop is.
			st.Thread = int(s.Current())
			if err = s.Seek(s.Now() + 1); err == nil {
				g.report(&st, acc, a.Points)
				return st
			}
		}
	case a.Step:
		if tid == 0 {
			tid = s.Current()
		}
		var hit bool
		hit, err = s.StepForward(tid)
		if errors.Is(err, errFrontier) {
			g.stepLeft = true // for the live program (resumeLive)
			return gdbstub.Stop{Thread: int(tid)}
		}
		if !hit && err == nil {
			// The stop is the stepped thread's, though another may
			// run next.
			st.Thread = int(tid)
		}
	default:
		for {
			var hit bool
			hit, err = s.Run(min(s.Now(), math.MaxUint64-chunk)+chunk, bps)
			if done, _, _ := s.Exited(); hit || err != nil || done || s.AtFrontier() || g.interrupt.Swap(false) {
				break
			}
		}
	}
	if st.Thread == 0 {
		st.Thread = int(s.Current())
	}
	if t, ok := s.Taken(); ok && err == nil {
		// Where the thread took the signal, before its disposition
		// acted: the live run's stop. The replay goes on as recorded,
		// whatever signal GDB's next resumption names.
		return gdbstub.Stop{Thread: int(t.TID), Signal: t.Signal}
	}
	if done, _, _ := s.Exited(); done && err == nil {
		// The end of the recording, as rr: GDB stays attached ("No more
		// reverse-execution history"), so that it can go back from there.
		st.Reason = gdbstub.ReasonHistoryEnd
		return st
	}
	if err != nil && g.Err == nil {
		g.Err = err // the replay stops where it failed
	}
	if acc, ok := s.WatchHit(); ok {
		g.report(&st, acc, a.Points)
	} else if ok, hw := a.Points.Breakpoint(s.pc()); ok {
		st.Reason = gdbstub.ReasonSWBreak
		if hw {
			st.Reason = gdbstub.ReasonHWBreak
		}
	}
	return st
}

// report makes st the stop at the watchpoint acc triggers.
func (g *GDBTarget) report(st *gdbstub.Stop, acc Access, pts *gdbstub.Points) {
	if w, at, ok := pts.Watch(acc.Addr, uint64(acc.N), acc.Write); ok {
		st.Reason, st.Addr = watchReasons[w.Kind], at
	}
}

// monitorHelp is what "monitor help" prints.
const monitorHelp = `when      print the current event: the instructions executed so far
goto N    move to event N (the point before instruction N executes; the
          end of the recording if it has fewer), forwards or backwards;
          then make GDB read the registers and memory there again:
          maintenance flush register-cache (flushregs in GDB 12 and
          older) and maintenance flush dcache
help      print this
`

// Monitor implements gdbstub.Monitor: GDB's "monitor when" and "monitor
// goto N" name and move to a point of the recording by its event number,
// the instruction count (Session.Now), as rr's "when" does.
func (g *GDBTarget) Monitor(cmd string) (string, error) {
	s := g.s
	f := strings.Fields(cmd)
	switch {
	case len(f) == 1 && f[0] == "when":
		if g.atLive {
			if err := g.catchUp(); err != nil {
				return "", err
			}
			s = g.s
		}
		return fmt.Sprintf("Current event: %d\n", s.Now()), nil
	case len(f) == 2 && f[0] == "goto":
		n, err := strconv.ParseUint(f[1], 0, 64)
		if err != nil {
			return "", fmt.Errorf("%w: goto %q: not an event number", ErrMonitor, f[1])
		}
		if g.live != nil {
			if err := g.catchUp(); err != nil {
				return "", err
			}
			s = g.s
		}
		if err := s.Seek(n); err != nil {
			if g.Err == nil {
				g.Err = err
			}
			return "", err
		}
		if g.live != nil {
			g.atLive = s.AtFrontier()
			if g.atLive {
				g.live.Recheck()
			}
		}
		return fmt.Sprintf("Current event: %d\n", s.Now()), nil
	case len(f) == 1 && f[0] == "help":
		return monitorHelp, nil
	}
	return "", fmt.Errorf("%w: %q (monitor help lists the commands)", ErrMonitor, cmd)
}

// ErrMonitor refuses a monitor command GDBTarget does not know, or its
// arguments.
var ErrMonitor = errors.New("record: invalid monitor command")

// watchReasons are the stop reasons of the watchpoint kinds.
var watchReasons = map[gdbstub.WatchKind]gdbstub.Reason{
	gdbstub.WatchWrite:  gdbstub.ReasonWatch,
	gdbstub.WatchRead:   gdbstub.ReasonRWatch,
	gdbstub.WatchAccess: gdbstub.ReasonAWatch,
}

// pc is the current thread's next instruction address.
func (s *Session) pc() uint64 {
	if c := s.Context(s.Current()); c != nil {
		return c.Regs.NIP
	}
	return 0
}
