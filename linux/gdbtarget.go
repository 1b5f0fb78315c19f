//go:build linux

package linux

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"sync/atomic"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/record"
	"github.com/ppc64emu/ppc64emu/regs"
)

// DebugConfig makes Start prepare a process for a debugger: the process
// stops before its first instruction, and Process.Debugger returns the
// gdbstub.Target that controls it.
type DebugConfig struct {
	// Checkpoints is the most checkpoints kept for reverse execution
	// (one every Interval instructions): reverse execution reaches back
	// to the oldest kept, Checkpoints×Interval instructions before the
	// point it starts from. Zero means DefaultCheckpoints; negative
	// means that the run is not recorded and there is no reverse
	// execution.
	Checkpoints int
	// Interval is the instructions between checkpoints; zero means
	// record.Session's default (2^24).
	Interval uint64
	// MaxHistory bounds, in bytes, the recording kept in memory: the
	// history reverse execution reaches. The recording is cut into
	// segments, each beginning with the whole state of the run (a reset
	// record: every address space's mappings and non-zero pages, every
	// thread's registers) and ending after Segment instructions or a
	// quarter of MaxHistory bytes; when one ends, the oldest are
	// dropped while the rest is over three quarters of MaxHistory, so
	// that the recording kept is at most MaxHistory bytes and one state
	// of the run more, and the history begins at the oldest segment kept.
	// Zero means DefaultMaxHistory.
	MaxHistory int64
	// Segment is the most instructions of a segment of the recording;
	// zero means DefaultSegment. Reverse execution replays from the
	// state at the beginning of the segment it goes back into, at most
	// Segment instructions, when no checkpoint is nearer.
	Segment uint64
	// StopAtExit keeps the program's past at its end: GDB is told of
	// the end of the history ("No more reverse-execution history."),
	// stopped where the last thread exited, and can go back from there;
	// otherwise it is told that the program exited.
	StopAtExit bool
	// Messages, if set, receives the debugger's notes for the user, one
	// line each: a process it does not follow (a child the debugged
	// process forked, which runs on without it).
	Messages io.Writer
}

// DefaultCheckpoints is the default of DebugConfig.Checkpoints: with the
// default interval, the last 2^32 instructions or so (about 30 s of a
// program's run on the emulator).
const DefaultCheckpoints = 256

// DefaultMaxHistory is the default of DebugConfig.MaxHistory: 1 GiB.
const DefaultMaxHistory = 1 << 30

// DefaultSegment is the default of DebugConfig.Segment: 2^27
// instructions, a second or two of a program's run on the emulator.
const DefaultSegment = 1 << 27

// Debugger is the gdbstub.Target of a process started with Config.Debug:
// GDB's all-stop model on top of the runner, with reverse execution over
// the whole run (record.NewLiveGDBTarget).
//
// The program runs at the emulator's speed: breakpoints are code hooks
// of the emulator and watchpoints memory hooks (they cost only on the
// pages they are on), a stepped thread runs one instruction at a time.
// A thread stops by parking between two runs of the emulator while it
// holds the process lock, so every other thread is stopped too (threads
// in a blocking system call stop when it returns). The debugger then
// reads and writes the state from its own goroutine.
//
// # Reverse execution
//
// The run is recorded as "ppc64emu record" records one (every input of
// the program from outside its instructions: system call results, signal
// frames, mappings, the thread schedule, time base values; package
// record), into memory. When GDB goes back, a record.Session of that log
// executes the run again from its beginning to where the program
// stopped, keeping checkpoints (DebugConfig.Checkpoints), and serves the
// past from them, in rr's manner; registers and memory of the past are
// read-only. When forward execution reaches the point where the program
// stopped, the program goes on for real (its system calls executed on
// the host again). A write watchpoint hit is found again in the Session,
// stopping before the instruction that accesses the watched bytes (the
// program itself stops a little after it); read and access watchpoints
// too. GDB's writes of registers and memory where the program stopped
// are part of the recording. Without a recording (Checkpoints < 0) a
// watchpoint stops the program after the access.
//
// # Signals
//
// As gdbserver's ptrace-stopped inferior: every signal a thread of the
// debugged process takes to deliver it (but SIGKILL and gdbstub.Action's
// Pass) stops the program, and GDB's resumption says which signal the
// thread gets (report); a signal GDB gives at another stop is delivered
// before the thread's next instruction; a stop signal GDB passes stops the
// program a second time, as a group-stop, and the next resumption lets it
// run on (groupStopped). Signals whose action ignores them are reported
// too, as Linux reports them to a tracer.
//
// # Other processes
//
// The debugger follows the process it started on, as GDB does by default
// (follow-fork-mode parent, detach-on-fork on) and as QEMU's stub does:
// a child it forks runs on without the debugger (no stops; its memory is
// its own copy), and DebugConfig.Messages is told. The stub reports no
// fork events, so GDB's follow-fork-mode child does not switch to the
// child. The recording has every process, so that reverse execution
// goes back over a fork or a vfork. While the debugged process is
// stopped, the others wait too (a parked thread holds the process lock).
// When the debugged process ends, GDB is told at once, while its orphans,
// if any, run on to their end (the runner's end).
type Debugger struct {
	*record.GDBTarget
	l *liveDebugger
}

// liveDebugger is the program side of a Debugger: record.Live.
type liveDebugger struct {
	p     *Process
	group *threadGroup // the process debugged (follows)
	auxv  []byte
	log   logBuf // the recording, if any
	msgs  io.Writer

	// The debugged process's end: gone closes once status is set
	// (groupExit), perhaps before the runner's end.
	gone   chan struct{}
	status ExitStatus

	stops     chan gdbstub.Stop // a parked thread reports its stop
	resume    chan struct{}     // the debugger lets the parked thread go
	parked    *Thread
	initial   bool
	killed    bool
	interrupt atomic.Bool
	seen      map[int]*Thread // every thread that ever ran

	// The current resumption (read by the running threads, written while
	// every thread is stopped).
	pts         *gdbstub.Points
	hooks       *emulate.Hooks // breakpoints (errBreakpoint) and watchpoints
	memHooks    *emulate.Hooks // the watchpoints alone
	stepping    bool
	stepTID     int
	stepStarted bool
	resumeSig   int  // the signal GDB passed to a thread stopped at a signal
	atSignal    bool // the parked thread stopped at a signal it takes (report)
	// detachSignals: the signals a thread stopped at one gets at a
	// detach (QProgramSignals).
	detachSignals gdbstub.SignalSet
	stopSig       int  // that signal
	atGroupStop   bool // the parked thread stopped in a group-stop (groupStopped)
	pass          gdbstub.SignalSet
	recheck       bool // the parked thread checks its instruction again (Recheck)
	// A watched access: the stop the program makes for it, and the
	// instruction count its run began at (WatchFrom).
	watchHit  *gdbstub.Stop
	watchFrom uint64
	runFrom   uint64
}

var (
	_ gdbstub.Target = (*Debugger)(nil)
	_ record.Live    = (*liveDebugger)(nil)
)

// logBuf holds a recording in memory: appended to, and cut at its
// segments' beginnings (trim).
type logBuf struct {
	b       []byte
	hdr     int   // the header's bytes, b's first
	segs    []int // where each segment but the first kept begins in b (its reset record)
	dropped int   // the times trim cut b
	peak    int   // the longest b was before a trim
}

// trim drops the oldest segments, keeping the newest, while b is over
// limit bytes. The bytes are moved within b: a record.Session of the old b
// is of no use (record.Live.Dropped).
func (l *logBuf) trim(limit int64) {
	k, size := 0, len(l.b)
	for k < len(l.segs) && int64(size) > limit {
		size = l.hdr + len(l.b) - l.segs[k]
		k++
	}
	if k == 0 {
		return
	}
	l.peak = max(l.peak, len(l.b))
	cut := l.segs[k-1]
	n := copy(l.b[l.hdr:], l.b[cut:])
	l.b = l.b[:l.hdr+n]
	segs := l.segs[:0]
	for _, s := range l.segs[k:] {
		segs = append(segs, s-cut+l.hdr)
	}
	l.segs = segs
	l.dropped++
}

func (l *logBuf) Write(p []byte) (int, error) {
	l.b = append(l.b, p...)
	return len(p), nil
}

// errBreakpoint stops the emulator at a breakpoint (a code hook).
var errBreakpoint = errors.New("linux: breakpoint")

func newDebugger(p *Process, cfg *DebugConfig, sp uint64) *liveDebugger {
	d := &liveDebugger{
		p: p, group: p.group, msgs: cfg.Messages, gone: make(chan struct{}),
		stops: make(chan gdbstub.Stop, 1), resume: make(chan struct{}),
		initial: true, seen: map[int]*Thread{},
	}
	d.auxv = record.StackAuxv(p.mm.Mem, p.order, sp)
	return d
}

// newView returns the Debugger of d.
func (d *liveDebugger) newView(cfg *DebugConfig) *Debugger {
	g := record.NewLiveGDBTarget(d)
	g.Checkpoints, g.Interval, g.StopAtExit = cfg.Checkpoints, cfg.Interval, cfg.StopAtExit
	if g.Checkpoints == 0 {
		g.Checkpoints = DefaultCheckpoints
	}
	return &Debugger{GDBTarget: g, l: d}
}

// Debugger returns the process's debugger (nil unless Config.Debug was
// set), once the program has stopped before its first instruction.
func (p *Process) Debugger() *Debugger {
	d := p.dbg
	if d == nil {
		return nil
	}
	if d.initial {
		<-d.stops
		d.initial = false
	}
	return p.debugger
}

// The hooks the runner calls (all with the process lock held).

// debugging returns the debugger that controls thread t, or nil: the
// debugger follows the threads of the process it started on only.
func (p *Process) debugging(t *Thread) *liveDebugger {
	if d := p.dbg; d != nil && t.group == d.group {
		return d
	}
	return nil
}

// forked is called when thread t of the debugged process made the new
// process tid (clone flags): the child runs on without the debugger.
func (d *liveDebugger) forked(t *Thread, tid int, flags uint64) {
	how := "forked"
	if flags&abi.CLONE_VM != 0 {
		how = "vforked"
	}
	if d.msgs != nil {
		fmt.Fprintf(d.msgs, "ppc64emu: gdb: process %d %s process %d, which runs on without the debugger (it stays on process %d: no fork events, GDB's follow-fork-mode child is not followed)\n",
			t.group.tgid, how, tid, t.group.tgid)
	}
}

// groupEnded is called (once) when the debugged process has ended with st
// while other guest processes run on. Its recording ends there: the
// debugger reads it while the orphans run.
func (d *liveDebugger) groupEnded(st ExitStatus) {
	if rc := d.p.rec; rc != nil && rc.debug && !rc.done {
		_ = rc.w.Flush()
		rc.done = true
	}
	d.status = st
	close(d.gone)
}

// ended reports whether the debugged process has ended (or the runner).
func (d *liveDebugger) ended() bool { return closed(d.gone) || d.p.exited() }

// watchChunk is the most instructions a thread runs between two looks
// at the watchpoints' hits.
const watchChunk = 1 << 14

// runQuantumDebug is runQuantum under the debugger: the emulator runs with
// the breakpoints and watchpoints as hooks, and the thread parks between
// runs when something stops the program.
func (t *Thread) runQuantumDebug() bool {
	p := t.p
	r := &t.ctx.Regs
	skip := false // the next instruction runs without the checks: the thread stopped there
	for left := uint64(p.quantum); left > 0; {
		d := p.dbg
		if d == nil {
			return false // detached: runQuantum runs on without it
		}
		if !skip {
			if st, stop := d.check(t); stop {
				st.Thread = t.tid
				if d.park(t, st) {
					return true
				}
				skip = !d.recheck
				d.recheck = false
				if p.sigAny.Load() && t.deliverable() != 0 {
					// GDB gave t a signal: delivered before its
					// next instruction.
					nip := r.NIP
					if t.deliverSignals() {
						return true
					}
					skip = skip && r.NIP == nip
				}
				continue
			}
		}
		opts := emulate.RunOptions{MaxSteps: left, Hooks: d.hooks}
		if skip || d.stepping && t.tid == d.stepTID {
			opts.MaxSteps = 1
		}
		if skip {
			opts.Hooks = d.memHooks
		}
		if d.memHooks != nil {
			opts.MaxSteps = min(opts.MaxSteps, watchChunk)
		}
		skip = false
		if p.rec != nil {
			p.rec.beforeRun(t)
			d.runFrom = p.rec.count
		}
		n, err := t.mm.e.Run(r, t.mm.Mem, opts)
		t.count += n
		if p.rec != nil {
			p.rec.afterRun(t, n)
		}
		if err == emulate.ErrStepLimit || errors.Is(err, errBreakpoint) {
			left -= n
			continue
		}
		left -= min(left, n+1)
		if t.stopped(err) {
			return true
		}
	}
	return false
}

// check reports whether thread t stops before the instruction at its NIP,
// and why.
func (d *liveDebugger) check(t *Thread) (st gdbstub.Stop, stop bool) {
	if d.seen[t.tid] == nil {
		d.seen[t.tid] = t
	}
	switch {
	case d.initial:
		st, stop = gdbstub.Stop{Signal: abi.SIGTRAP}, true
	case d.watchHit != nil:
		st, stop = *d.watchHit, true
		d.watchHit = nil
	case d.interrupt.Load() && d.interrupt.Swap(false): // (a load is cheaper)
		st, stop = gdbstub.Stop{Signal: abi.SIGINT}, true
	case d.stepping && t.tid == d.stepTID:
		if d.stepStarted {
			st, stop = gdbstub.Stop{Signal: abi.SIGTRAP}, true
		} else {
			d.stepStarted = true
		}
	}
	if !stop {
		if ok, hw := d.pts.Breakpoint(t.ctx.Regs.NIP); ok {
			st, stop = gdbstub.Stop{Signal: abi.SIGTRAP, Reason: gdbstub.ReasonSWBreak}, true
			if hw {
				st.Reason = gdbstub.ReasonHWBreak
			}
		}
	}
	return st, stop
}

// park stops the program at t and waits for the debugger: the recording
// is complete up to here.
func (d *liveDebugger) park(t *Thread, st gdbstub.Stop) bool {
	if rc := d.p.rec; rc != nil && !rc.done {
		rc.sync(t)
	}
	d.parked = t
	d.stops <- st
	<-d.resume
	return d.killed || d.p.exited()
}

// report is called when thread t takes sig (with info) to deliver it, as
// Linux's ptrace_signal is at a signal-delivery-stop: unless GDB passes
// sig without a stop (Action.Pass, while t is not being stepped), the
// program stops with sig and GDB's resumption says which signal, if any,
// t gets: sig itself, another one (a new siginfo of SI_USER, queued if t
// blocks it) or none. It reports the signal t delivers now, if any.
func (d *liveDebugger) report(t *Thread, sig int, info sigInfo) (int, sigInfo, bool) {
	if d.pass.Has(sig) && !(d.stepping && t.tid == d.stepTID) {
		return sig, info, true
	}
	d.resumeSig = 0
	d.atSignal, d.stopSig = true, sig
	gone := d.park(t, gdbstub.Stop{Thread: t.tid, Signal: sig})
	d.atSignal = false
	d.recheck = false // the thread goes on with the delivery, not an instruction
	s := d.resumeSig
	switch {
	case !gone && d.p.dbg == nil && d.detachSignals.Has(sig):
		return sig, info, true // detached: the thread gets its signal, as gdbserver passes it at a detach
	case !gone && d.p.dbg == nil:
		return 0, info, false // (GDB's handle nopass: QProgramSignals)
	case gone || s == 0:
		return 0, info, false
	case s == sig:
		return sig, info, true
	}
	info = d.given(s)
	if t.mask&sigBit(s) != 0 {
		t.post(info)
		return 0, info, false
	}
	return s, info, true
}

// given is the siginfo of sig when GDB gives it, as Linux's ptrace_signal
// makes one for the signal a tracer resumes a signal-delivery-stop with
// (a breakpoint's or a step's SIGTRAP among them) where it differs from
// the one the thread stopped at: SI_USER from the tracer, its pid and
// real user id. gdbserver, the tracer, is the parent of the program it
// starts; the runner stands for it, so si_pid is the debugged process's
// parent's pid (getppid() in it) and si_uid the runner's real user id.
func (d *liveDebugger) given(sig int) sigInfo {
	return sigInfo{signo: sig, code: abi.SI_USER, pid: d.p.ppidOf(d.group), uid: unix.Getuid(), debugged: true}
}

// groupStopped is called when a stop signal (sig, passed by GDB) stops the
// debugged process: as a traced process's group-stop is reported to its
// tracer, the program stops again with sig, and GDB's resumption (whatever
// signal it names: Linux ignores a signal given to a group-stop) lets it
// run on, without SIGCONT. It reports whether t's process or the run
// ended meanwhile. The process is not stopped for job control: its
// parent is not told and the runner does not stop (gdbserver's caller
// does not see its inferior stop either).
func (d *liveDebugger) groupStopped(t *Thread, sig int) bool {
	if d.pass.Has(sig) && !(d.stepping && t.tid == d.stepTID) {
		return false // reported and resumed at once, as gdbserver does
	}
	d.atGroupStop = true
	gone := d.park(t, gdbstub.Stop{Thread: t.tid, Signal: sig})
	d.atGroupStop = false
	d.recheck = false
	return gone || t.gone()
}

// setPoints makes the emulator's hooks for pts.
func (d *liveDebugger) setPoints(pts *gdbstub.Points) {
	d.pts = pts
	var h emulate.Hooks
	stop := func(*regs.Regs, *decode.Inst) error { return errBreakpoint }
	for _, a := range pts.Breakpoints() {
		h.Code = append(h.Code, emulate.CodeHook{Lo: a, Hi: a + 1, Fn: stop})
	}
	for _, w := range pts.Watches() {
		hi := w.Addr + w.Len
		if hi < w.Addr {
			hi = math.MaxUint64 // (the last byte of the address space is not watched)
		}
		h.Mem = append(h.Mem, emulate.MemHook{Lo: w.Addr, Hi: hi, Fn: d.accessed})
	}
	d.hooks, d.memHooks = nil, nil
	if len(h.Code) > 0 || len(h.Mem) > 0 {
		d.hooks = &h
	}
	if len(h.Mem) > 0 {
		d.memHooks = &emulate.Hooks{Mem: h.Mem}
	}
}

// accessed is the watchpoints' memory hook: an access of b at addr by
// an instruction of the current run.
func (d *liveDebugger) accessed(addr uint64, b []byte, write bool) {
	d.hitAt(addr, uint64(len(b)), write, d.runFrom)
}

// hitAt notes a watched access, the first since the program resumed; from
// is an instruction count at or before it.
func (d *liveDebugger) hitAt(addr, n uint64, write bool, from uint64) {
	if d.watchHit != nil {
		return
	}
	if w, at, ok := d.pts.Watch(addr, n, write); ok {
		r := gdbstub.ReasonWatch
		switch {
		case w.Kind == gdbstub.WatchAccess:
			r = gdbstub.ReasonAWatch
		case !write:
			r = gdbstub.ReasonRWatch
		}
		d.watchHit = &gdbstub.Stop{Signal: abi.SIGTRAP, Reason: r, Addr: at}
		d.watchFrom = from
	}
}

// changed is the recorder's report of a change of guest memory outside
// the program's instructions (a system call's results, a signal frame):
// a write for the watchpoints, by the instruction before it.
func (d *liveDebugger) changed(c *mem.Change, count uint64) {
	switch c.Op {
	case mem.ChangeWrite, mem.ChangeZero, mem.ChangeMove:
		if d.pts.HasWatches() && c.Size > 0 {
			d.hitAt(c.Addr, c.Size, true, count-min(count, 1))
		}
	}
}

// The record.Live methods (called by the debugger's goroutine while the
// program is stopped).

// ByteOrder implements gdbstub.Target.
func (d *liveDebugger) ByteOrder() binary.ByteOrder { return d.p.order }

// Threads implements gdbstub.Target.
func (d *liveDebugger) Threads() []int {
	var out []int
	for tid := range d.p.group.threads {
		out = append(out, tid)
	}
	sort.Ints(out)
	return out
}

var errNoThread = errors.New("linux: no such thread")

func (d *liveDebugger) thread(tid int) *Thread {
	if t := d.p.group.threads[tid]; t != nil {
		return t
	}
	return d.seen[tid]
}

// Regs implements gdbstub.Target.
func (d *liveDebugger) Regs(tid int) (regs.Regs, error) {
	t := d.thread(tid)
	if t == nil {
		return regs.Regs{}, errNoThread
	}
	return t.ctx.Regs, nil
}

// SetRegs implements gdbstub.Target (the recording has the change).
func (d *liveDebugger) SetRegs(tid int, r *regs.Regs) error {
	t := d.thread(tid)
	if t == nil {
		return errNoThread
	}
	t.ctx.Regs = *r
	return nil
}

// ReadMemory implements gdbstub.Target.
func (d *liveDebugger) ReadMemory(addr uint64, p []byte) error { return d.p.mm.Mem.Peek(addr, p) }

// WriteMemory implements gdbstub.Target (the recording has the change:
// mem.Memory.Journal).
func (d *liveDebugger) WriteMemory(addr uint64, p []byte) error { return d.p.mm.Mem.Poke(addr, p) }

// Auxv implements gdbstub.Target.
func (d *liveDebugger) Auxv() []byte { return d.auxv }

// Interrupt implements gdbstub.Target.
func (d *liveDebugger) Interrupt() { d.interrupt.Store(true) }

// Kill implements gdbstub.Target.
func (d *liveDebugger) Kill() {
	d.p.end(ExitStatus{Signal: abi.SIGKILL}, nil)
	d.release()
}

// Detach implements gdbstub.Target: the program runs on without
// breakpoints, watchpoints or recording; a thread stopped at a signal it
// takes gets it if it is in program, as gdbserver passes it at a detach.
func (d *liveDebugger) Detach(program gdbstub.SignalSet) {
	d.detachSignals = program
	if rc := d.p.rec; rc != nil && rc.debug {
		rc.done = true
		d.p.rec = nil
	}
	d.p.dbg = nil
	d.release()
}

// release lets the parked thread go.
func (d *liveDebugger) release() {
	if t := d.parked; t != nil {
		d.parked = nil
		if d.p.exited() {
			d.killed = true
		}
		d.resume <- struct{}{}
	}
}

// Log implements record.Live: the recording up to the stop.
func (d *liveDebugger) Log() []byte {
	rc := d.p.rec
	if rc == nil || !rc.debug {
		return nil
	}
	if err := rc.w.Flush(); err != nil {
		return nil
	}
	return d.log.b
}

// Dropped implements record.Live.
func (d *liveDebugger) Dropped() int { return d.log.dropped }

// HistorySize is the size of the recording a Debugger keeps in memory
// for reverse execution (DebugConfig.MaxHistory).
type HistorySize struct {
	Bytes   int // kept now
	Peak    int // the most kept at any time
	Dropped int // the times the oldest part was dropped
}

// History returns the size of the recording kept for reverse execution.
// Call it while the program is stopped (or after its end).
func (d *Debugger) History() HistorySize {
	l := &d.l.log
	return HistorySize{Bytes: len(l.b), Peak: max(l.peak, len(l.b)), Dropped: l.dropped}
}

// Follows implements record.Live: the threads of the debugged process,
// those that ran under the debugger and those it has now.
func (d *liveDebugger) Follows(tid int) bool {
	return d.seen[tid] != nil || d.group.threads[tid] != nil
}

// Recheck implements record.Live.
func (d *liveDebugger) Recheck() { d.recheck = true }

// WatchFrom implements record.Live.
func (d *liveDebugger) WatchFrom() uint64 { return d.watchFrom }

// Resume implements gdbstub.Target, forwards (record.Live).
func (d *liveDebugger) Resume(a gdbstub.Action) gdbstub.Stop {
	d.setPoints(a.Points)
	if d.ended() {
		return d.exitStop()
	}
	if a.Thread <= 0 && d.parked != nil {
		a.Thread = d.parked.tid
	}
	if a.Reverse {
		return gdbstub.Stop{Thread: a.Thread, Signal: abi.SIGTRAP, Reason: gdbstub.ReasonHistoryBegin}
	}
	if t := d.parked; t != nil && d.atSignal && d.recheck {
		// Forwards from the past to where the program stopped at a
		// signal (record.Live's Recheck): GDB, whose last stop was in
		// the past, is told of the signal again, as a replay tells
		// it, and its next resumption says what the thread gets.
		d.recheck = false
		return gdbstub.Stop{Thread: t.tid, Signal: d.stopSig}
	}
	d.stepping, d.stepTID, d.stepStarted = a.Step, a.Thread, false
	d.pass = a.Pass
	d.resumeSig, d.watchHit = 0, nil
	if t := d.parked; t != nil {
		// The parked thread executes its next instruction without
		// another check (unless Recheck): that instruction is its step.
		d.stepStarted = t.tid == a.Thread && !d.recheck
		switch u := d.p.group.threads[a.Thread]; {
		case a.Signal == 0 || d.atGroupStop && t.tid == a.Thread:
			// (a group-stop ignores the signal it is resumed with)
		case t.tid == a.Thread && d.atSignal:
			// GDB's signal replaces the one the thread stopped at
			// (report).
			d.resumeSig = a.Signal
		case u != nil:
			// Sent to the thread and delivered without another stop,
			// as Linux delivers a signal a traced thread is resumed
			// with at a breakpoint's or a step's stop (SIGTRAP's
			// signal-delivery-stop).
			u.post(d.given(a.Signal))
		}
	}
	d.release()
	select {
	case st := <-d.stops:
		return st
	case <-d.p.done:
	case <-d.gone:
	}
	return d.exitStop()
}

// exitStop reports the end of the debugged process: its own status once
// it ended (its orphans may run on), else the runner's.
func (d *liveDebugger) exitStop() gdbstub.Stop {
	st, err := d.status, error(nil)
	if !closed(d.gone) {
		st, err = d.p.Wait()
	}
	switch {
	case err != nil:
		return gdbstub.Stop{Kind: gdbstub.StopKilled, Signal: abi.SIGILL}
	case st.Signal != 0:
		return gdbstub.Stop{Kind: gdbstub.StopKilled, Signal: st.Signal}
	}
	return gdbstub.Stop{Kind: gdbstub.StopExited, Code: st.Code}
}

// String describes the debugger, for logs.
func (d *Debugger) String() string {
	return fmt.Sprintf("debugger of process %d, recording %d bytes", d.l.p.pid, len(d.l.log.b))
}
