//go:build linux

package linux

import (
	"math/bits"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/regs"
)

// sigInfo is the part of a siginfo the runner fills in.
type sigInfo struct {
	signo, code int
	addr        uint64 // si_addr (faults)
	pid, uid    int    // sender (kill, tkill, sigqueue), or the child (SIGCHLD)
	status      int    // SIGCHLD: the child's exit code or signal
	// raw, if set, is the whole siginfo as rt_sigqueueinfo's caller gave
	// it (guest byte order): the frame carries it unchanged but si_signo.
	raw []byte
	// timer, if set, is the POSIX timer that sent it (sys_timer.go).
	timer *posixTimer
	// sigpoll says the siginfo is signal-driven I/O's (asyncio.go):
	// si_band and si_fd follow the header.
	sigpoll bool
	band    int64
	fd      int
	// sigsys says the siginfo is a seccomp trap's (seccomp.go): si_errno,
	// and si_syscall and si_arch after si_call_addr (addr).
	sigsys  bool
	errno   int32
	syscall int32
	arch    uint32
	// debugged says the debugger (gdbtarget.go) or a guest tracer
	// (ptrace.go) gave the signal: it is delivered without another stop.
	debugged bool
	// seq is its place in the order the queued signals were sent
	// (enqueue): Linux's struct sigpending list order, which
	// PTRACE_PEEKSIGINFO shows.
	seq uint64
}

func sigBit(sig int) uint64 { return 1 << (sig - 1) }

// unblockable signals.
const unblockable = 1<<(abi.SIGKILL-1) | 1<<(abi.SIGSTOP-1)

// hostSigpending is the host's RLIMIT_SIGPENDING, the guest's at start:
// Linux bounds the queued signals of a user by it (beyond it sigqueue and
// kill of a real-time signal fail with EAGAIN); the runner bounds the
// process's queued real-time signals.
func hostSigpending() unix.Rlimit {
	var rl unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_SIGPENDING, &rl) != nil {
		rl = unix.Rlimit{Cur: 1 << 20, Max: 1 << 20}
	}
	return rl
}

// ignored reports whether sig, sent to t, would be discarded at once: not
// blocked (nor in the mask an rt_sigtimedwait replaced), and its action
// ignores it (Linux's sig_ignored: a blocked signal is kept, its action
// may change before it is unblocked).
func (t *Thread) ignored(sig int) bool {
	if (t.mask|t.realBlocked)&sigBit(sig) != 0 || sig == abi.SIGKILL || sig == abi.SIGSTOP {
		return false
	}
	if t.p.debugging(t) != nil || t.pt != nil {
		return false // the debugger or tracer sees it (Linux's sig_ignored under ptrace)
	}
	h := t.sighand.actions[sig].handler
	return h == abi.SIG_IGN || h == abi.SIG_DFL && abi.Default(sig) == abi.ActIgnore
}

// sigQueue is a set of pending signals, as Linux's struct sigpending: a
// thread's own (thread-directed: tkill, faults, timers aimed at a thread)
// or its thread group's shared one (process-directed: kill, sigqueue,
// process timers), which whichever thread first does not block a signal
// takes from. Standard signals are a bit and the first one's siginfo;
// real-time signals (SIGRTMIN = 32 and above) keep every instance with its
// siginfo, in the order sent.
type sigQueue struct {
	pending uint64                  // bit sig-1
	info    [abi.NSIG + 1]sigInfo   // standard signals: the pending one's siginfo
	queued  [abi.NSIG + 1][]sigInfo // real-time signals: every pending instance, in order
	// unseen: signals a recording discarded as ignored that a traced
	// process would have queued (record.go's noteIgnored).
	unseen unseenSigs
}

// lowest returns the lowest signal of q pending in set, or 0.
func (q *sigQueue) lowest(set uint64) int {
	if d := q.pending & set; d != 0 {
		return bits.TrailingZeros64(d) + 1
	}
	return 0
}

// enqueue makes info pending on q, a queue of guest process g (a
// thread's own or g's shared one), and readable on the signalfds of g's
// descriptor tables. The caller holds the process lock. A standard signal
// already pending is not queued again (the first one's siginfo is kept).
// It reports false if the real-time queue is full (the process's
// RLIMIT_SIGPENDING).
//
// The count and the limit are the runner's, one for all guest processes
// (queuedN, sigpendingRL, which setrlimit of any guest process sets).
// Linux 6.1's __sigqueue_alloc counts per real user id instead (the
// target's ucounts, UCOUNT_RLIMIT_SIGPENDING, across all its processes),
// counts the queued standard signals too (never refused: override_rlimit),
// and compares with the target process's own RLIMIT_SIGPENDING. So a
// guest whose processes run as different users, or set different limits,
// can see EAGAIN from sigqueue earlier or later than on Linux.
func (p *Process) enqueue(g *threadGroup, q *sigQueue, info sigInfo) bool {
	sig := info.signo
	p.sigSeq++
	info.seq = p.sigSeq
	if sig >= abi.SIGRTMIN {
		if uint64(p.queuedN) >= p.sigpendingRL.Cur {
			return false
		}
		q.queued[sig] = append(q.queued[sig], info)
		p.queuedN++
	} else if q.pending&sigBit(sig) == 0 {
		q.info[sig] = info
	}
	q.pending |= sigBit(sig)
	// Every table of g (a thread cloned without CLONE_FILES has its own;
	// a signalfd already readable is left as it is).
	for _, t := range g.threads {
		t.files.signalPosted(sig)
	}
	p.sigAny.Store(true)
	return true
}

// dequeue removes one instance of the pending signal sig from q and
// returns its siginfo.
func (p *Process) dequeue(q *sigQueue, sig int) sigInfo {
	var info sigInfo
	if sig < abi.SIGRTMIN {
		q.pending &^= sigBit(sig)
		info = q.info[sig]
	} else if l := q.queued[sig]; len(l) == 0 {
		q.pending &^= sigBit(sig)
		info = sigInfo{signo: sig}
	} else {
		info = l[0]
		l[0] = sigInfo{}
		p.queuedN--
		q.queued[sig] = l[1:]
		if len(l) == 1 {
			q.queued[sig] = nil
			q.pending &^= sigBit(sig)
		}
	}
	if info.timer != nil {
		info.timer.taken(&info, p)
	}
	return info
}

// drop discards every pending instance of sig in q.
func (p *Process) drop(q *sigQueue, sig int) {
	if q.pending&sigBit(sig) != 0 && q.info[sig].timer != nil {
		q.info[sig].timer.queued = false
	}
	for _, in := range q.queued[sig] {
		if in.timer != nil {
			in.timer.queued = false
		}
	}
	q.pending &^= sigBit(sig)
	p.queuedN -= len(q.queued[sig])
	q.queued[sig] = nil
	q.unseen.drop(sig)
}

// post makes sig pending on t (a thread-directed signal). The caller holds
// the process lock. As in Linux, an ignored signal is discarded. It
// reports false if the real-time queue is full.
func (t *Thread) post(info sigInfo) bool {
	t.p.prepare(t.group, info.signo)
	if t.ignored(info.signo) {
		t.p.noteIgnored(&t.sigq, info.signo)
		return true
	}
	if !t.p.enqueue(t.group, &t.sigq, info) {
		return false
	}
	t.wakeUp()
	return true
}

// wakeUp ends a wait of t (waitFor) so that it looks at its signals.
func (t *Thread) wakeUp() {
	select {
	case t.wake <- struct{}{}:
	default:
	}
}

// pendingSet is the set of signals pending for t: its own and its
// group's.
func (t *Thread) pendingSet() uint64 { return t.sigq.pending | t.group.shared.pending }

// next returns the queue and the signal t takes next among set: its own
// lowest pending signal of set, else the group's (Linux's dequeue_signal
// looks at the thread's queue first), or 0.
func (t *Thread) next(set uint64) (*sigQueue, int) {
	if sig := t.sigq.lowest(set); sig != 0 {
		return &t.sigq, sig
	}
	return &t.group.shared, t.group.shared.lowest(set)
}

// take removes and returns the next signal of set for t (see next), or 0.
func (t *Thread) take(set uint64) (int, sigInfo) {
	q, sig := t.next(set)
	if sig == 0 {
		return 0, sigInfo{}
	}
	return sig, t.p.dequeue(q, sig)
}

// flush drops every pending instance of sig in thread group g (an action
// set to ignore it, as Linux does).
func (p *Process) flush(g *threadGroup, sig int) {
	for _, t := range g.threads {
		p.drop(&t.sigq, sig)
	}
	p.drop(&g.shared, sig)
}

// ignored reports whether a process-directed sig sent to g is discarded at
// once: Linux asks the thread it is sent to, the group leader (or any
// thread once the leader has exited).
func (g *threadGroup) ignored(sig int) bool {
	t := g.threads[g.tgid]
	if t == nil {
		for _, u := range g.threads {
			t = u
			break
		}
	}
	return t == nil || t.ignored(sig)
}

// postProcess makes a process-directed signal pending on thread group g:
// it stays there until a thread that does not block it takes it (at its
// next delivery point, or in sigtimedwait or a signalfd read), whichever
// thread that is. One thread that does not block it is woken from a wait,
// as Linux's complete_signal picks one (the main thread first); if every
// thread blocks it, the first to unblock it takes it.
func (p *Process) postProcess(g *threadGroup, info sigInfo) bool {
	sig := info.signo
	p.prepare(g, sig)
	if g.host != nil {
		return g.host.signal(sig) // a host process (hostexec.go)
	}
	if g.ignored(sig) {
		p.noteIgnored(&g.shared, sig)
		return true
	}
	if !p.enqueue(g, &g.shared, info) {
		return false
	}
	var target *Thread
	for _, t := range g.threads {
		if t.mask&sigBit(sig) == 0 && (target == nil || t.tid == g.tgid || target.tid != g.tgid && t.tid < target.tid) {
			target = t
		}
	}
	if target != nil {
		target.wakeUp()
	}
	return true
}

// deliverable returns the signal t delivers next (see next), or 0. A
// stop its tracer asked for (PTRACE_INTERRUPT, ptrace.go) counts as a
// SIGSTOP would: it ends a wait, and the call restarts after the stop,
// as Linux's JOBCTL_TRAP_STOP sets TIF_SIGPENDING.
func (t *Thread) deliverable() int {
	_, sig := t.next(^(t.mask &^ unblockable))
	if l := t.pt; sig == 0 && l != nil && (l.trap || l.notify) {
		return abi.SIGSTOP
	}
	return sig
}

// syncSignal raises a synchronous signal for the current instruction (NIP
// unchanged). As Linux's force_sig, a blocked or ignored synchronous signal
// kills the process.
func (t *Thread) syncSignal(sig, code int, addr uint64) bool {
	return t.forceSignal(sigInfo{signo: sig, code: code, addr: addr})
}

// forceSignal raises the synchronous signal info describes, as
// syncSignal.
func (t *Thread) forceSignal(info sigInfo) bool {
	t.force(info)
	return t.deliverSignals()
}

// force queues the signal info describes as Linux's force_sig_info: one
// blocked or ignored is unblocked and its action made the default.
func (t *Thread) force(info sigInfo) {
	sig := info.signo
	act := &t.sighand.actions[sig]
	if t.mask&sigBit(sig) != 0 || act.handler == abi.SIG_IGN {
		act.handler = abi.SIG_DFL
		t.mask &^= sigBit(sig)
	}
	t.post(info)
}

// deliverSignals delivers every deliverable pending signal. It reports
// whether the process ended.
func (t *Thread) deliverSignals() bool {
	p := t.p
	for {
		// A group-stop t has not taken part in yet, then a
		// PTRACE_EVENT_STOP trap, come before the next signal: Linux's
		// get_signal looks for JOBCTL_STOP_PENDING and the traps each
		// time round, so a thread its tracer detaches from a
		// signal-delivery-stop while its process is stopped stops at
		// once (ptrace6.c).
		if t.group.stopped && t.parkStopped() {
			return true
		}
		if l := t.pt; l != nil && (l.trap || l.notify) && t.ptraceTrap() {
			return true
		}
		if p.takeIgnored(t) {
			continue
		}
		sig, info := t.take(^(t.mask &^ unblockable))
		if sig == 0 {
			break
		}
		if p.rec != nil && !info.debugged && sig != abi.SIGKILL {
			p.rec.take(t, sig) // (where a debugger is told of it: replay -gdb)
		}
		if d := p.debugging(t); d != nil && !info.debugged && sig != abi.SIGKILL {
			// The debugger sees the signal first and says which, if
			// any, the thread gets (gdbtarget.go).
			var ok bool
			if sig, info, ok = d.report(t, sig, info); !ok {
				if t.gone() {
					return true
				}
				continue
			}
		}
		if t.pt != nil && !info.debugged && sig != abi.SIGKILL {
			// The tracer sees the signal first (ptrace.go).
			var ok bool
			if sig, info, ok = t.ptraceSignal(sig, info); !ok {
				if t.gone() {
					return true
				}
				continue
			}
		}
		act := t.sighand.actions[sig]
		switch act.handler {
		case abi.SIG_IGN:
			continue
		case abi.SIG_DFL:
			switch abi.Default(sig) {
			case abi.ActIgnore, abi.ActCont:
				continue
			case abi.ActStop:
				if sig != abi.SIGSTOP && p.orphanedPgrp(t.group.pgid) {
					continue // an orphaned group does not stop for the terminal's signals
				}
				if d := p.debugging(t); d != nil {
					if d.groupStopped(t, sig) {
						return true
					}
					continue
				}
				p.groupStop(t.group, sig)
				if t.parkStopped() {
					return true
				}
				continue
			}
			t.killedBy(info)
			return true
		}
		t.syscallRestart(&act)
		if !t.rseqFixup() || !t.setupFrame(sig, &info, &act) {
			// The frame could not be written: SIGSEGV, as Linux forces.
			if sig == abi.SIGSEGV {
				t.killedBy(sigInfo{signo: abi.SIGSEGV, code: abi.SI_KERNEL})
				return true
			}
			t.sighand.actions[abi.SIGSEGV].handler = abi.SIG_DFL
			t.post(sigInfo{signo: abi.SIGSEGV, code: abi.SI_USER})
			continue
		}
		if act.flags&abi.SA_RESETHAND != 0 {
			// Linux's get_signal resets the handler only: sigaction
			// reads the flags and mask back as they were set.
			t.sighand.actions[sig].handler = abi.SIG_DFL
		}
		if l := t.pt; l != nil && l.step && t.ptraceNotify(l, abi.SIGTRAP, abi.SIGTRAP, 0) {
			// A tracee resumed with a step (TIF_SINGLESTEP) stops with
			// SIGTRAP once the frame is set up, before the handler
			// runs: signal_delivered's ptrace_notify (ptrace.go).
			return true
		}
	}
	t.syscallRestart(nil)
	if t.restoreMask {
		// No handler ran for the interrupted call: its mask ends now.
		t.mask, t.restoreMask = t.savedMask, false
	}
	any := false
	for _, g := range p.groups { // every guest process's (fork.go)
		any = any || g.shared.pending|g.shared.unseen.set != 0 || g.stopped
		for _, u := range g.threads {
			if u.sigq.pending|u.sigq.unseen.set != 0 {
				any = true
			}
		}
	}
	for _, l := range p.traced {
		any = any || l.trap || l.notify
	}
	p.sigAny.Store(any)
	return false
}

// putSiginfo encodes the 128-byte siginfo of sig into b (zeroed by the
// caller): si_signo, si_code and, for faults, si_addr, or the sender's pid
// and uid; a siginfo given by rt_sigqueueinfo is copied as it was given.
func (p *Process) putSiginfo(b []byte, sig int, info *sigInfo) {
	o := p.order
	var si abi.Siginfo
	if len(info.raw) >= abi.SiginfoLayout.Size() {
		abi.SiginfoLayout.Decode(o, info.raw, &si)
		si.Signo, si.Code = int32(sig), int32(info.code)
		abi.SiginfoLayout.Encode(o, b, &si)
		return
	}
	switch sig {
	case abi.SIGSEGV, abi.SIGBUS, abi.SIGILL, abi.SIGTRAP, abi.SIGFPE:
		if info.code > 0 {
			f := abi.SiginfoFault{Signo: int32(sig), Code: int32(info.code), Addr: info.addr}
			abi.SiginfoFaultLayout.Encode(o, b, &f)
			return
		}
	}
	if info.sigsys {
		f := abi.SiginfoSys{Signo: int32(sig), Errno: info.errno, Code: int32(info.code), CallAddr: info.addr, Syscall: info.syscall, Arch: info.arch}
		abi.SiginfoSysLayout.Encode(o, b, &f)
		return
	}
	if info.sigpoll {
		f := abi.SiginfoPoll{Signo: int32(sig), Code: int32(info.code), Band: info.band, Fd: int32(info.fd)}
		abi.SiginfoPollLayout.Encode(o, b, &f)
		return
	}
	if sig == abi.SIGCHLD && info.code >= cldEXITED && info.code <= cldCONTINUED {
		c := abi.SiginfoChld{Signo: int32(sig), Code: int32(info.code), Pid: int32(info.pid), UID: uint32(info.uid), Status: int32(info.status)}
		abi.SiginfoChldLayout.Encode(o, b, &c)
		return
	}
	si = abi.Siginfo{Signo: int32(sig), Code: int32(info.code), Pid: int32(info.pid), UID: uint32(info.uid)}
	abi.SiginfoLayout.Encode(o, b, &si)
}

// onAltStack reports whether sp lies on the thread's alternate stack.
func (t *Thread) onAltStack(sp uint64) bool {
	return t.altSize != 0 && sp-t.altSP < t.altSize
}

// setupFrame builds the rt_sigframe from the thread's context and points
// the thread at the handler. The handler starts from the interrupted
// context as a return from the kernel leaves it: without a reservation or a
// copy buffer (emulate.Context.SwitchOut; a larx…stcx. sequence the signal
// interrupted fails its stcx., which the ISA always allows).
func (t *Thread) setupFrame(sig int, info *sigInfo, act *sigAction) bool {
	p := t.p
	if p.rec != nil {
		p.rec.signal(t, sig)
	}
	r := &t.ctx.Regs
	o := p.order
	sp := r.GPR[1]
	if act.flags&abi.SA_ONSTACK != 0 && t.altSize != 0 && t.altFlags&abi.SS_DISABLE == 0 && !t.onAltStack(sp) {
		sp = t.altSP + t.altSize
	}
	frame := (sp - abi.FrameSize) &^ 15
	uc := frame
	// The frame's last 512 bytes are a gap over the interrupted code's
	// red zone (registers a function saves below r1 before it allocates
	// its frame): never written, as Linux writes only the fields.
	b := make([]byte, abi.FrameInfo+abi.SiginfoSize)

	// ucontext
	ssFlags := int32(0)
	if t.altSize == 0 || t.altFlags&abi.SS_DISABLE != 0 {
		ssFlags = abi.SS_DISABLE
	} else if t.onAltStack(r.GPR[1]) {
		ssFlags = abi.SS_ONSTACK
	}
	oldMask := t.mask
	if t.restoreMask {
		oldMask = t.savedMask // sigreturn ends the interrupted call's mask
	}
	uch := abi.UcontextHead{Stack: abi.StackT{Sp: t.altSP, Flags: ssFlags, Size: t.altSize}, Sigmask: oldMask}
	abi.UcontextHeadLayout.Encode(o, b, &uch)
	encodeSigcontext(o, b, uc, r, sigcontextHead{sig, act.handler, oldMask}, true)

	// pinfo, puc, siginfo
	ptrs := []uint64{frame + abi.FrameInfo, uc}
	for i := range ptrs {
		abi.Uint64Layout.Encode(o, b[abi.FrameInfo-16+8*i:], &ptrs[i])
	}
	t.p.putSiginfo(b[abi.FrameInfo:abi.FrameInfo+abi.SiginfoSize], sig, info)

	// As Linux's handle_rt_signal64 with a vDSO: the thread resumes at
	// the vDSO's bctrl, which calls the handler (CTR) and returns to
	// __kernel_sigtramp_rt64; ELFv1's handler is a descriptor (its entry
	// and TOC), ELFv2's entry is in r12 too. Without one (unmapped), at
	// the frame's tramp[], the same words (setup_trampoline: bctrl, the
	// return, three zero words), which run only where the stack is
	// executable.
	vd, err := vdsoFor(o)
	if err != nil {
		return false
	}
	start := t.mm.vdso + vd.startTramp
	if t.mm.vdso == 0 {
		copy(b[abi.FrameTramp:], vd.bytes[vd.startTramp:vd.startTramp+4*abi.TrampWords])
		start = frame + abi.FrameTramp
	}

	newSP := frame - abi.SignalFrameSize
	var chain [8]byte
	o.PutUint64(chain[:], r.GPR[1])
	if t.mm.Mem.Write(frame, b) != nil || t.mm.Mem.Write(newSP, chain[:]) != nil {
		return false
	}
	if p.Image.ABIv1 {
		d := make([]byte, abi.FuncDescLayout.Size())
		if t.mm.Mem.Read(act.handler, d) != nil {
			return false
		}
		var fd abi.FuncDesc
		abi.FuncDescLayout.Decode(o, d, &fd)
		r.CTR, r.GPR[2] = fd.Entry, fd.TOC
	} else {
		r.CTR = act.handler
		r.GPR[12] = act.handler
	}
	r.GPR[1] = newSP
	r.GPR[3] = uint64(sig)
	if act.flags&abi.SA_SIGINFO != 0 {
		r.GPR[4] = frame + abi.FrameInfo
		r.GPR[5] = uc
		r.GPR[6] = frame
	} else {
		r.GPR[4] = uc + abi.UcMcontext
	}
	r.NIP = start
	// The handler runs in the kernel's byte order, whatever the thread's
	// (switch_endian); rt_sigreturn brings the saved one back.
	r.MSR &^= regs.MSRLE
	if p.le {
		r.MSR |= regs.MSRLE
	}
	r.TRAP = 0 // no syscall restart from here on
	t.ctx.SwitchOut()

	t.restoreMask = false

	// As Linux, the handler starts with a clear FPSCR, so that it takes no
	// spurious FP exception (the frame keeps the interrupted one).
	r.FPSCR = 0

	t.mask |= act.mask
	if act.flags&abi.SA_NODEFER == 0 {
		t.mask |= sigBit(sig)
	}
	t.mask &^= unblockable
	return true
}

// killedBy ends t's process as the default action of info's signal
// does, which the caller has taken: a core dump first where that action
// dumps core (dumpCore: the wait status's WCOREDUMP, Config.Uncaught's
// line), as Linux's get_signal does also for a signal it forced (a signal
// frame it could not write or read, force_sigsegv; a SIGBUS at an access).
func (t *Thread) killedBy(info sigInfo) {
	if abi.Default(info.signo) == abi.ActCore {
		t.dumpCore(info.signo, &info)
	}
	t.exitGroup(ExitStatus{Signal: info.signo})
}

// sigreturn restores the state saved by setupFrame; the ucontext is at
// r1, as Linux's rt_sigreturn reads it (the trampoline has popped the
// __SIGNAL_FRAMESIZE below it: mapTrampoline). It reports whether it
// did. As Linux 6.1's powerpc64 rt_sigreturn, the mask is read and set
// first, then the registers; a frame outside the user address space or
// one it cannot read forces SIGSEGV (si_code SI_KERNEL, as force_sig),
// which a handler may catch (on an alternate stack: r1 is the bad
// frame), the registers as the call found them and the mask as far as
// it got. A handler of a frame left unrestored runs after the call
// returns 0.
func (t *Thread) sigreturn() bool {
	p := t.p
	r := &t.ctx.Regs
	o := p.order
	uc := r.GPR[1]
	badFrame := func() bool {
		t.force(sigInfo{signo: abi.SIGSEGV, code: abi.SI_KERNEL})
		return false
	}
	if !userRange(uc, abi.UcSize) {
		return badFrame()
	}
	m, e := t.get64(uc + abi.UcSigmask)
	if e != 0 {
		return badFrame()
	}
	t.mask = m &^ unblockable
	t.p.sigAny.Store(true) // the new mask may unblock something
	b := make([]byte, abi.UcSize)
	if t.mm.Mem.Read(uc, b) != nil {
		return badFrame()
	}
	// The restored context is the frame's registers over the current
	// context, assigned as one value once the frame has been read.
	c := t.ctx
	if !t.loadSigcontext(&c.Regs, b[abi.UcMcontext:], true) {
		return badFrame()
	}
	t.ctx = c
	var uch abi.UcontextHead
	abi.UcontextHeadLayout.Decode(o, b, &uch)
	// sigaltstack from uc_stack.
	ssp, sflags, ssize := uch.Stack.Sp, uint64(uint32(uch.Stack.Flags)), uch.Stack.Size
	if !t.onAltStack(r.GPR[1]) {
		if sflags&abi.SS_DISABLE != 0 {
			t.altSP, t.altSize, t.altFlags = 0, 0, abi.SS_DISABLE
		} else {
			t.altSP, t.altSize, t.altFlags = ssp, ssize, 0
		}
	}
	return true
}

// tempMask installs the sigset at addr (sigsetsize size; none if addr is 0)
// as the thread's mask for a waiting call (ppoll, pselect6, epoll_pwait).
// The returned function ends it given the call's errno: on EINTR the
// original mask comes back when the handler returns (or at once if no
// handler runs), otherwise at once.
func (t *Thread) tempMask(addr, size uint64) (func(errno int), int) {
	if addr == 0 {
		return func(int) {}, 0
	}
	if size != 8 {
		return nil, abi.EINVAL
	}
	m, e := t.get64(addr)
	if e != 0 {
		return nil, e
	}
	old := t.mask
	t.mask = m &^ unblockable
	return func(errno int) {
		if errno == abi.EINTR {
			t.savedMask, t.restoreMask = old, true
			t.p.sigAny.Store(true)
			return
		}
		t.mask = old
	}, 0
}
