//go:build linux

package linux

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"sync/atomic"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/regs"
)

// DebugConfig makes Start prepare a process for a debugger: the process
// stops before its first instruction, and Process.Debugger returns the
// gdbstub.Target that controls it.
type DebugConfig struct {
	// History is the number of steps (instructions and system calls, of
	// all threads) kept for reverse execution; zero means
	// DefaultHistory, negative means no history.
	History int
	// Messages, if set, receives the debugger's notes for the user, one
	// line each: a process it does not follow (a child the debugged
	// process forked, which runs on without it).
	Messages io.Writer
}

// DefaultHistory is the default length of the reverse-execution history:
// GDB's own default for its process record (record full
// insn-number-max). A step costs about 200 bytes.
const DefaultHistory = 200000

// Debugger is the gdbstub.Target of a process started with
// Config.Debug: GDB's all-stop model on top of the runner.
//
// A thread stops by parking in the per-instruction check while it holds
// the process lock, so every other thread is stopped too (threads in a
// blocking system call stop when it returns). The debugger then reads
// and writes the state from its own goroutine.
//
// # Reverse execution
//
// Every executed instruction (its emulate.StepRecord, through an
// emulate.Observer on each thread's Emulator) and every system call (the
// registers it changed and the guest memory it wrote) is appended to one
// history in the global order the threads ran in (they run one at a time
// under the process lock), bounded to DebugConfig.History steps with the
// oldest dropped. Reverse execution undoes steps from the end; forward
// execution after it redoes them (system calls are not executed again:
// their recorded results are replayed) and goes live when the history is
// used up. Because the order is global, multi-threaded programs reverse
// exactly too, with these limits: threads created or ended inside the
// history are not un-created or revived (the thread list stays that of
// the live program), memory mappings (mmap, munmap, brk, mprotect) are not
// undone, and a signal handler frame built by the runner is not recorded,
// so the history restarts at every signal delivery.
//
// # Other processes
//
// The debugger follows the process it started on, as GDB does by default
// (follow-fork-mode parent, detach-on-fork on) and as QEMU's stub does:
// a child it forks runs on without the debugger (no stops, not in the
// history; its memory is its own copy), and DebugConfig.Messages is told.
// The stub reports no fork events, so GDB's follow-fork-mode child does
// not switch to the child. A vfork child (CLONE_VM, as posix_spawn) writes
// into the parent's memory without the history seeing it: the history
// restarts there. When the debugged process ends, GDB is told at once,
// while its orphans, if any, run on to their end (the runner's end). A write by GDB into
// registers or memory is recorded too (so reversing undoes it) and, in
// the middle of the history, discards the steps after it.
type Debugger struct {
	p     *Process
	group *threadGroup // the process debugged (follows)
	limit int
	auxv  []byte
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
	seen      map[int]*Thread // every thread that ever ran, for the history
	observed  *Thread         // the thread its Emulator's observer records

	// The current resumption (read by the running threads, written while
	// every thread is stopped).
	pts         *gdbstub.Points
	stepping    bool
	stepTID     int
	stepStarted bool
	resumeSig   int  // the signal GDB passed to a thread stopped at a signal
	recheck     bool // a replay moved the program: the parked thread checks its instruction again

	// The history: hist[:pos] are applied, hist[pos:] were undone.
	hist     []histRec
	pos      int
	hit      *gdbstub.Stop // a watchpoint hit by the current step
	readHit  *gdbstub.Stop // a tentative read hit (see watchMem)
	readAddr uint64
	readLen  int
	pending  map[int]gdbstub.Stop
	sys      map[*Thread]*sysRec
	free     *emulate.StepRecord // a dropped step's record, for the next (spare)
	// hist is arr[base:base+len(hist)]: dropping the oldest step moves
	// base on, and at the array's end the history moves back to its start.
	arr  []histRec
	base int
}

// histRec is one step of thread t, or (user set) a write by the debugger
// into t's registers or (t nil) into memory. A system call is two steps:
// its entry (the sc instruction: NIP past it, as a thread blocked in the
// call shows it) and, with cont set, its results when it returns, which
// complete the entry's instruction (a single step of the thread goes
// over both, and breakpoints are not checked at the results).
type histRec struct {
	t    *Thread
	rec  *emulate.StepRecord
	user bool
	cont bool
}

// sysRec collects a system call's effects while it runs.
type sysRec struct {
	before regs.Regs // the registers once the call is entered
	mem    []emulate.MemWrite
}

var _ gdbstub.Target = (*Debugger)(nil)

func newDebugger(p *Process, cfg *DebugConfig, sp uint64) *Debugger {
	d := &Debugger{
		p: p, group: p.group, limit: cfg.History, msgs: cfg.Messages, gone: make(chan struct{}),
		stops: make(chan gdbstub.Stop, 1), resume: make(chan struct{}),
		initial: true, seen: map[int]*Thread{},
		pending: map[int]gdbstub.Stop{}, sys: map[*Thread]*sysRec{},
	}
	if d.limit == 0 {
		d.limit = DefaultHistory
	}
	d.auxv = readAuxv(p, sp)
	return d
}

// readAuxv copies the auxiliary vector from the initial stack (argc,
// argv, NULL, envp, NULL, then the pairs up to AT_NULL).
func readAuxv(p *Process, sp uint64) []byte {
	var w [8]byte
	word := func(a uint64) (uint64, bool) {
		if p.mm.Mem.Peek(a, w[:]) != nil {
			return 0, false
		}
		return p.order.Uint64(w[:]), true
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
		out = append(out, abi.AuxvLayout.Bytes(p.order, &abi.Auxv{Tag: tag, Val: val})...)
		a += 16
		if tag == 0 {
			break
		}
	}
	return out
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
	return d
}

// The hooks the runner calls (all with the process lock held).

// debugging returns the debugger that controls thread t, or nil: the
// debugger follows the threads of the process it started on only.
func (p *Process) debugging(t *Thread) *Debugger {
	if d := p.dbg; d != nil && t.group == d.group {
		return d
	}
	return nil
}

// runsFree is called before thread t, of a process the debugger does not
// follow, runs a quantum: a vfork child shares the debugged process's
// Emulator, whose observer must not record its steps.
func (d *Debugger) runsFree(t *Thread) {
	if o := d.observed; o != nil && o.mm.e == t.mm.e {
		t.mm.e.SetObserver(nil)
		d.observed = nil
	}
}

// forked is called when thread t of the debugged process made the new
// process tid (clone flags): the child runs on without the debugger.
func (d *Debugger) forked(t *Thread, tid int, flags uint64) {
	how := "forked"
	if flags&abi.CLONE_VM != 0 {
		// It writes into the debugged memory unrecorded.
		d.cut()
		how = "vforked"
	}
	if d.msgs != nil {
		fmt.Fprintf(d.msgs, "ppc64emu: gdb: process %d %s process %d, which runs on without the debugger (it stays on process %d: no fork events, GDB's follow-fork-mode child is not followed)\n",
			t.group.tgid, how, tid, t.group.tgid)
	}
}

// groupEnded is called (once) when the debugged process has ended with st
// while other guest processes run on.
func (d *Debugger) groupEnded(st ExitStatus) {
	d.status = st
	close(d.gone)
}

// ended reports whether the debugged process has ended (or the runner).
func (d *Debugger) ended() bool { return closed(d.gone) || d.p.exited() }

// before is called before thread t executes the instruction at its NIP.
// It parks the thread when something stops the program and reports
// whether the thread must end (the debugger killed the process).
func (d *Debugger) before(t *Thread) bool {
	if d.seen[t.tid] == nil {
		d.seen[t.tid] = t
	}
	if d.observed != t {
		// The address space's Emulator steps every thread of it.
		t.mm.e.SetObserver(threadObserver{d, t})
		d.observed = t
	}
	for {
		st, stop := d.check(t)
		if !stop {
			return false
		}
		st.Thread = t.tid
		if d.park(t, st) {
			return true
		}
		// The parked thread's next instruction runs without the checks,
		// so that resuming from a breakpoint does not hit it again,
		// unless a replay of the history moved the program since: then
		// the thread has not stopped at that instruction yet.
		if !d.recheck {
			return false
		}
		d.recheck = false
	}
}

// check reports whether thread t stops before the instruction at its NIP,
// and why.
func (d *Debugger) check(t *Thread) (st gdbstub.Stop, stop bool) {
	if w, ok := d.pending[t.tid]; ok {
		// The previous step accessed a watched location: undo it and
		// stop before it, as GDB expects on POWER (the access is
		// reported before it happens).
		delete(d.pending, t.tid)
		if n := len(d.hist); n > 0 && d.hist[n-1].t == t && !d.hist[n-1].user {
			_ = d.hist[n-1].rec.Undo(&t.ctx, debugMem{d.p})
			d.hist = d.hist[:n-1]
			d.pos = len(d.hist)
		}
		st, stop = w, true
	}
	switch {
	case stop:
	case d.initial:
		st, stop = gdbstub.Stop{Signal: abi.SIGTRAP}, true
	case d.interrupt.Load() && d.interrupt.Swap(false): // (a load is cheaper per instruction)
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

// park stops the program at t and waits for the debugger.
func (d *Debugger) park(t *Thread, st gdbstub.Stop) bool {
	d.parked = t
	d.stops <- st
	<-d.resume
	return d.killed || d.p.exited()
}

// signal is called when thread t is about to receive the synchronous
// signal sig: the program stops, and GDB decides which signal, if any,
// the thread gets.
func (d *Debugger) signal(t *Thread, sig int) int {
	d.resumeSig = 0
	if d.park(t, gdbstub.Stop{Thread: t.tid, Signal: sig}) {
		return 0
	}
	d.recheck = false // the thread goes on with the delivery, not an instruction
	return d.resumeSig
}

// memory returns the Memory the emulator steps with: the process memory,
// watched for read and write watchpoints.
func (d *Debugger) memory() emulate.Memory { return watchMem{d} }

// watchMem checks every access of a step against the watchpoints. The
// Observer reads the old bytes of each write through it just before the
// write; such a read is not the program's, so a read hit stays tentative
// until the next access shows it was not followed by a write of the same
// bytes (a consequence: a single instruction that reads and then writes
// exactly the same bytes reports only the write).
type watchMem struct{ d *Debugger }

func (w watchMem) Read(addr uint64, p []byte) error {
	d := w.d
	if d.pts.HasWatches() {
		d.promoteRead()
		if wp, a, ok := d.pts.Watch(addr, uint64(len(p)), false); ok {
			r := gdbstub.ReasonRWatch
			if wp.Kind == gdbstub.WatchAccess {
				r = gdbstub.ReasonAWatch
			}
			d.readHit = &gdbstub.Stop{Signal: abi.SIGTRAP, Reason: r, Addr: a}
			d.readAddr, d.readLen = addr, len(p)
		}
	}
	return d.p.mm.Mem.Read(addr, p)
}

func (w watchMem) Write(addr uint64, p []byte) error {
	d := w.d
	if d.pts.HasWatches() {
		if d.readHit != nil && d.readAddr == addr && d.readLen == len(p) {
			d.readHit = nil // the Observer's read of the old bytes
		}
		d.promoteRead()
		if wp, a, ok := d.pts.Watch(addr, uint64(len(p)), true); ok && d.hit == nil {
			r := gdbstub.ReasonWatch
			if wp.Kind == gdbstub.WatchAccess {
				r = gdbstub.ReasonAWatch
			}
			d.hit = &gdbstub.Stop{Signal: abi.SIGTRAP, Reason: r, Addr: a}
		}
	}
	return d.p.mm.Mem.Write(addr, p)
}

// promoteRead makes a tentative read hit a real one.
func (d *Debugger) promoteRead() {
	if d.readHit != nil && d.hit == nil {
		d.hit = d.readHit
	}
	d.readHit = nil
}

// threadObserver records the steps of one thread.
type threadObserver struct {
	d *Debugger
	t *Thread
}

func (o threadObserver) ObserveStep(rec *emulate.StepRecord) {
	d := o.d
	d.promoteRead()
	if rec.Err != nil {
		d.hit = nil
		return
	}
	if d.limit >= 0 {
		// Kept without the instruction, in the storage of a dropped step.
		c := d.spare()
		r := *rec
		r.Inst = nil
		c.CopyFrom(&r)
		d.record(histRec{t: o.t, rec: c})
	}
	if d.hit != nil {
		d.pending[o.t.tid] = *d.hit
		d.hit = nil
	}
}

// spare returns a record for a new step: the one the history dropped last,
// or a new one.
func (d *Debugger) spare() *emulate.StepRecord {
	if d.free != nil {
		c := d.free
		d.free = nil
		return c
	}
	return new(emulate.StepRecord)
}

// record appends a step to the history, dropping the oldest beyond the
// limit.
func (d *Debugger) record(h histRec) {
	if d.limit < 0 {
		return
	}
	d.hist = d.hist[:d.pos]
	if len(d.hist) >= d.limit {
		if d.base == 0 && cap(d.hist) < d.limit+d.limit/4+1 {
			// Room past the full history, so that it moves back to the
			// array's start once every limit/4 steps at most.
			d.hist = slices.Grow(d.hist, d.limit/4+1)
			d.arr = d.hist[:cap(d.hist)]
		}
		// Drop the oldest step; its record serves the next step.
		d.free = d.hist[0].rec
		d.hist[0] = histRec{}
		d.hist = d.hist[1:]
		d.base++
	}
	if len(d.hist) == cap(d.hist) && d.base > 0 {
		// At the end of the array: move the history to its start.
		n := copy(d.arr, d.hist)
		clear(d.arr[n:])
		d.hist, d.base = d.arr[:n], 0
	}
	d.hist = append(d.hist, h)
	if d.base == 0 {
		d.arr = d.hist[:cap(d.hist)]
	}
	d.pos = len(d.hist)
}

// cut forgets the history (a change the history cannot undo happened).
func (d *Debugger) cut() {
	clear(d.hist)
	d.hist, d.pos = d.hist[:0], 0
}

// sysEnter and sysExit bracket a system call of t, sysEnter once its
// entry changed the registers (before is what they were at the sc);
// sysWrite is called before the call writes guest memory.
func (d *Debugger) sysEnter(t *Thread, before *regs.Regs) {
	d.sys[t] = &sysRec{before: t.ctx.Regs}
	d.record(histRec{t: t, rec: &emulate.StepRecord{Addr: before.NIP, Regs: diffRegs(before, &t.ctx.Regs)}})
}

func (d *Debugger) sysWrite(t *Thread, addr uint64, b []byte) {
	s := d.sys[t]
	if s == nil {
		return
	}
	old := make([]byte, len(b))
	ok := d.p.mm.Mem.Peek(addr, old) == nil
	s.mem = append(s.mem, emulate.MemWrite{Addr: addr, Old: old, New: append([]byte(nil), b...), OldOK: ok})
}

func (d *Debugger) sysExit(t *Thread) {
	s := d.sys[t]
	delete(d.sys, t)
	if s == nil {
		return
	}
	rec := &emulate.StepRecord{Addr: s.before.NIP, Regs: diffRegs(&s.before, &t.ctx.Regs), Mem: s.mem}
	d.record(histRec{t: t, rec: rec, cont: true})
}

// diffRegs lists the registers that differ between a and b.
func diffRegs(a, b *regs.Regs) []emulate.RegWrite {
	var out []emulate.RegWrite
	for g := emulate.Reg(0); g < emulate.NumRegs; g++ {
		if o, n := g.Get(a), g.Get(b); o != n {
			out = append(out, emulate.RegWrite{Reg: g, Old: o, New: n})
		}
	}
	return out
}

// debugMem accesses memory as a debugger: ignoring page protections.
type debugMem struct{ p *Process }

func (m debugMem) Read(addr uint64, b []byte) error  { return m.p.mm.Mem.Peek(addr, b) }
func (m debugMem) Write(addr uint64, b []byte) error { return m.p.mm.Mem.Poke(addr, b) }

// The gdbstub.Target methods (called by the debugger's goroutine while the
// program is stopped).

// ByteOrder implements gdbstub.Target.
func (d *Debugger) ByteOrder() binary.ByteOrder { return d.p.order }

// Threads implements gdbstub.Target.
func (d *Debugger) Threads() []int {
	var out []int
	for tid := range d.p.group.threads {
		out = append(out, tid)
	}
	sort.Ints(out)
	return out
}

var errNoThread = errors.New("linux: no such thread")

func (d *Debugger) thread(tid int) *Thread {
	if t := d.p.group.threads[tid]; t != nil {
		return t
	}
	return d.seen[tid]
}

// Regs implements gdbstub.Target.
func (d *Debugger) Regs(tid int) (regs.Regs, error) {
	t := d.thread(tid)
	if t == nil {
		return regs.Regs{}, errNoThread
	}
	return t.ctx.Regs, nil
}

// SetRegs implements gdbstub.Target.
func (d *Debugger) SetRegs(tid int, r *regs.Regs) error {
	t := d.thread(tid)
	if t == nil {
		return errNoThread
	}
	if w := diffRegs(&t.ctx.Regs, r); len(w) > 0 {
		d.record(histRec{t: t, rec: &emulate.StepRecord{Addr: r.NIP, Regs: w}, user: true})
		t.ctx.Regs = *r
	}
	return nil
}

// ReadMemory implements gdbstub.Target.
func (d *Debugger) ReadMemory(addr uint64, p []byte) error { return d.p.mm.Mem.Peek(addr, p) }

// WriteMemory implements gdbstub.Target.
func (d *Debugger) WriteMemory(addr uint64, p []byte) error {
	old := make([]byte, len(p))
	if err := d.p.mm.Mem.Peek(addr, old); err != nil {
		return err
	}
	if err := d.p.mm.Mem.Poke(addr, p); err != nil {
		return err
	}
	d.record(histRec{rec: &emulate.StepRecord{Mem: []emulate.MemWrite{{Addr: addr, Old: old, New: append([]byte(nil), p...), OldOK: true}}}, user: true})
	return nil
}

// Auxv implements gdbstub.Target.
func (d *Debugger) Auxv() []byte { return d.auxv }

// Interrupt implements gdbstub.Target.
func (d *Debugger) Interrupt() { d.interrupt.Store(true) }

// Kill implements gdbstub.Target.
func (d *Debugger) Kill() {
	d.p.end(ExitStatus{Signal: abi.SIGKILL}, nil)
	d.release()
}

// Detach implements gdbstub.Target: the program runs on without
// breakpoints, watchpoints or history.
func (d *Debugger) Detach() {
	for _, t := range d.seen {
		t.mm.e.SetObserver(nil)
	}
	d.p.dbg = nil
	d.release()
}

// release lets the parked thread go.
func (d *Debugger) release() {
	if t := d.parked; t != nil {
		d.parked = nil
		if d.p.exited() {
			d.killed = true
		}
		d.resume <- struct{}{}
	}
}

// undo and redo apply one history record backwards or forwards.
func (d *Debugger) undo(h histRec) {
	_ = h.rec.Undo(d.ctxOf(h), debugMem{d.p})
}

func (d *Debugger) redo(h histRec) {
	_ = h.rec.Redo(d.ctxOf(h), debugMem{d.p})
}

func (d *Debugger) ctxOf(h histRec) *emulate.Context {
	if h.t != nil {
		return &h.t.ctx
	}
	return new(emulate.Context) // a memory write has no registers
}

// Resume implements gdbstub.Target.
func (d *Debugger) Resume(a gdbstub.Action) gdbstub.Stop {
	d.pts = a.Points
	if d.ended() {
		return d.exitStop()
	}
	if a.Thread <= 0 && d.parked != nil {
		a.Thread = d.parked.tid
	}
	if a.Reverse {
		return d.reverse(a)
	}
	if d.pos < len(d.hist) {
		if st, ok := d.replay(a); ok {
			return st
		}
	}
	d.stepping, d.stepTID, d.stepStarted = a.Step, a.Thread, false
	d.resumeSig = 0
	if t := d.parked; t != nil {
		// The parked thread executes its next instruction without
		// another check (unless a replay moved it there): that
		// instruction is its step.
		d.stepStarted = t.tid == a.Thread && !d.recheck
		if a.Signal != 0 {
			if t.tid == a.Thread {
				d.resumeSig = a.Signal
			} else if u := d.p.group.threads[a.Thread]; u != nil {
				u.post(sigInfo{signo: a.Signal, code: abi.SI_USER})
			}
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
func (d *Debugger) exitStop() gdbstub.Stop {
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

// reverse runs backwards through the history.
func (d *Debugger) reverse(a gdbstub.Action) gdbstub.Stop {
	last := a.Thread
	for {
		if d.pos == 0 {
			return gdbstub.Stop{Thread: last, Signal: abi.SIGTRAP, Reason: gdbstub.ReasonHistoryBegin}
		}
		h := d.hist[d.pos-1]
		if h.user {
			d.undo(h)
			d.pos--
			continue
		}
		if d.interrupt.Swap(false) {
			return gdbstub.Stop{Thread: last, Signal: abi.SIGINT}
		}
		d.undo(h)
		d.pos--
		last = h.t.tid
		if a.Step {
			if h.t.tid == a.Thread && !h.cont {
				return gdbstub.Stop{Thread: last, Signal: abi.SIGTRAP}
			}
			continue
		}
		if st, ok := pointStop(a.Points, h, true); ok {
			return st
		}
	}
}

// pointStop reports whether a history step stops the program, replayed
// or reversed (after it is undone): a write watchpoint on one of its
// memory writes, or a breakpoint at its address. Going forwards the
// breakpoint comes first (it stops before the step); backwards the
// watchpoint does (the step is already undone).
func pointStop(pts *gdbstub.Points, h histRec, reverse bool) (gdbstub.Stop, bool) {
	st := gdbstub.Stop{Thread: h.t.tid, Signal: abi.SIGTRAP}
	brk := func() bool {
		if h.cont {
			return false // a system call's results: its entry was the instruction
		}
		ok, hw := pts.Breakpoint(h.rec.Addr)
		st.Reason = gdbstub.ReasonSWBreak
		if hw {
			st.Reason = gdbstub.ReasonHWBreak
		}
		return ok
	}
	if !reverse && brk() {
		return st, true
	}
	for _, w := range h.rec.Mem {
		if wp, addr, ok := pts.Watch(w.Addr, uint64(len(w.New)), true); ok {
			st.Reason, st.Addr = gdbstub.ReasonWatch, addr
			if wp.Kind == gdbstub.WatchAccess {
				st.Reason = gdbstub.ReasonAWatch
			}
			return st, true
		}
	}
	if reverse && brk() {
		return st, true
	}
	return gdbstub.Stop{}, false
}

// replay runs forwards through the undone part of the history; it reports
// false when the history is used up and the program must go on live.
func (d *Debugger) replay(a gdbstub.Action) (gdbstub.Stop, bool) {
	first := true
	for d.pos < len(d.hist) {
		h := d.hist[d.pos]
		if h.user {
			d.redo(h)
			d.pos++
			continue
		}
		tid := h.t.tid
		if !first {
			if d.interrupt.Swap(false) {
				return gdbstub.Stop{Thread: tid, Signal: abi.SIGINT}, true
			}
			if st, ok := pointStop(a.Points, h, false); ok {
				return st, true
			}
		}
		first = false
		d.redo(h)
		d.pos++
		d.recheck = true
		if a.Step && tid == a.Thread && !h.cont {
			return gdbstub.Stop{Thread: tid, Signal: abi.SIGTRAP}, true
		}
	}
	return gdbstub.Stop{}, false
}

// String describes the debugger's history, for logs.
func (d *Debugger) String() string {
	return fmt.Sprintf("history %d steps (position %d, limit %d)", len(d.hist), d.pos, d.limit)
}
