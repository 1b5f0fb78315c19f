//go:build linux

package linux

import (
	"cmp"
	"errors"
	"slices"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/regs"
)

// ptrace(2) between guest processes. Every guest process is a thread
// group of the one runner Process, so a tracer and its tracee are
// goroutines under the same process lock, and tracing is done as gVisor's
// sentry does it: a tracee thread stops by parking its goroutine
// (ptraceStop) at a delivery point, where its registers are in its
// Context and its memory is its address space's, which the tracer reads
// and writes through the guest memory API while it holds the lock.
//
// What Linux 6.1 does (kernel/ptrace.c, kernel/signal.c,
// arch/powerpc/kernel/ptrace/) and the runner too: PTRACE_TRACEME (a
// guest parent only), ATTACH (the SIGSTOP, thread-directed), SEIZE,
// INTERRUPT (PTRACE_EVENT_STOP), DETACH, CONT, KILL, PEEKTEXT/PEEKDATA,
// POKETEXT/POKEDATA (ignoring the pages' protections, as FOLL_FORCE),
// PEEKUSR/POKEUSR (pt_regs indices, the MSR's SE/BE alone writable, SOFTE
// read as 1), GETREGS/SETREGS, GETFPREGS/SETFPREGS, GETVRREGS, GETVSRREGS,
// GETREGSET/SETREGSET (NT_PRSTATUS, NT_PRFPREG, NT_PPC_VMX, NT_PPC_VSX,
// NT_PPC_TAR, NT_PPC_PPR, NT_PPC_DSCR), GETSIGINFO/SETSIGINFO,
// SETOPTIONS, GETEVENTMSG; with ptrace_may_access's EPERM (mayAttach),
// ESRCH for a tracee not stopped or not the caller's, EIO for a bad
// request, signal or address. Signal-delivery-stops: a traced thread
// stops before it takes any signal but SIGKILL (ignored ones too, as
// Linux's sig_ignored under ptrace), its tracer's wait4/waitid report it
// (W_STOPCODE, CLD_TRAPPED, whatever WUNTRACED, __WALL or __WCLONE say),
// and the resuming request's data is the signal it takes (0 none; a
// changed signal has the tracer's SI_USER siginfo, and one now blocked is
// queued again). A tracee's end is reported to its tracer (unless the
// tracer is its process's parent and it is the leader: the parent's wait
// reports it; another tracer of a leader reaps it before its parent is
// told, as Linux's exit_notify); a tracer's end detaches its tracees,
// PTRACE_O_EXITKILL
// kills them. execve after PTRACE_TRACEME or ATTACH sends SIGTRAP
// (PTRACE_O_TRACEEXEC: PTRACE_EVENT_EXEC). /proc/PID/status has
// TracerPid, stat the state t.
//
// Events (Linux's ptrace_event, kernel_clone, ptrace_init_task): with
// PTRACE_O_TRACEFORK, TRACEVFORK or TRACECLONE (an exit signal other
// than SIGCHLD, threads too), or CLONE_PTRACE, a traced thread's new
// child or thread is traced by the same tracer with the same options,
// seized if it was (its first stop PTRACE_EVENT_STOP) or with a SIGSTOP
// pending, and the caller stops with the event (GETEVENTMSG the new id)
// unless CLONE_UNTRACED; TRACEVFORKDONE stops it once the vfork child
// has exec'd or ended; TRACEEXIT stops a thread that ends by exit,
// exit_group or a fatal signal before it goes, the message its wait
// status. An event, syscall or seized trap stop has ptrace_do_notify's
// siginfo (SIGTRAP, the stop's code, the tracee as the sender); every
// stop sets the event message (syscall stops: entry 1, exit 2).
//
// PTRACE_SYSCALL's syscall-enter and syscall-exit stops (SIGTRAP, |0x80
// with TRACESYSGOOD; the call is the one the registers name after the
// enter stop, -1 ENOSYS; a call seccomp answers has no stops) and
// PTRACE_SINGLESTEP (SIGTRAP, TRAP_TRACE, after one instruction; a
// system call traps at its end only when syscallWork, else the step runs
// the instruction after it too, as powerpc's do_syscall_trace_leave and
// the ISA's trace interrupt, which no sc has).
//
// GETSIGMASK/SETSIGMASK (the mask a handler's end restores, if it is to
// be), GET_SYSCALL_INFO (entry and exit under PTRACE_O_TRACESYSGOOD, as
// Linux: else the header alone).
//
// PTRACE_SYSEMU (powerpc has it: arch/powerpc's do_syscall_trace_enter):
// a syscall-enter stop, then the call does not run and the registers
// are as the tracer left them but r3, made an errno with CR0[SO] for sc
// if it is one from -4095 to -1 (syscall_exit_prepare); no exit stop
// unless the tracer resumed with PTRACE_SYSCALL. PTRACE_SYSEMU_SINGLESTEP
// (0x1e): SYSEMU's stops and SINGLESTEP's traps, one at a skipped
// call's end if the tracer resumed with it again.
//
// PTRACE_LISTEN (Linux's JOBCTL_LISTENING): at a PTRACE_EVENT_STOP of a
// seized tracee (else EIO) it stays stopped, its tracer's wait does not
// report it and requests but KILL and INTERRUPT are ESRCH, till SIGCONT
// or a new group-stop (a notification, which makes every seized thread
// of the process trap: JOBCTL_TRAP_NOTIFY) or INTERRUPT traps it again:
// SIGTRAP | PTRACE_EVENT_STOP<<8, the stop signal while the process is
// stopped (do_jobctl_trap). Any stop makes an INTERRUPT's trap, a
// PTRACE_EVENT_STOP a notification's (ptrace_stop).
//
// PTRACE_PEEKSIGINFO: the siginfos of the thread's or (SHARED) the
// process's queued signals in the order sent (sigInfo.seq), from off, at
// most nr, fewer once a signal for the tracer is pending; EINVAL for
// other flags or nr < 0, EFAULT if none could be written.
//
// At exit_group or a fatal signal each other traced thread with
// PTRACE_O_TRACEEXIT makes its exit event stop too, its message the
// process's status (exitGroup: each thread passes through do_exit).
//
// PTRACE_O_TRACESECCOMP: a seccomp filter's SECCOMP_RET_TRACE stops the
// thread with PTRACE_EVENT_SECCOMP (the message the filter's data), then
// the call the registers name runs if the filters let it (ptraceSeccomp).
//
// PTRACE_SINGLEBLOCK (powerpc's 0x100, user_enable_block_step: MSR_BE):
// SIGTRAP, TRAP_TRACE, si_addr the next instruction, after the next
// branch instruction (b, bc, bclr, bcctr, bctar and their forms) completes,
// taken or not (Power ISA 3.1 Book III, MSR[BE]: a branch type trace
// interrupt after any branch completes, whether or not it is taken;
// traps.c's single_step_exception reports it as a step's); a system call
// on the way behaves as under SINGLESTEP (syscallWork), and an execve
// ends it, as it does a step.
//
// A signal handler's delivery to a thread resumed with SINGLESTEP,
// SINGLEBLOCK or SYSEMU_SINGLESTEP (powerpc's TIF_SINGLESTEP, which those
// set and every other resume clears) ends in a stop (SIGTRAP,
// ptrace_do_notify's siginfo: si_code SIGTRAP) once the frame is set up
// and the handler's mask blocked, before the handler runs: powerpc's
// do_signal passes the flag to signal_setup_done, whose signal_delivered
// calls ptrace_notify(SIGTRAP, 0). The thread is then at the vDSO's
// trampoline, whose bctrl calls the handler (handle_rt_signal64).
//
// Not done: the hardware debug requests are EIO; SUSPEND_SECCOMP is EINVAL (as a kernel without
// CONFIG_CHECKPOINT_RESTORE); a traced
// thread's part in a group-stop is a ptrace stop with the stop signal
// (PTRACE_EVENT_STOP's for a seized one; reported to the parent too, as
// the untraced group-stop), and CONT's signal is not given then;
// a host process (hostexec.go) is never a tracee (ESRCH).

// ptrace requests (uapi linux/ptrace.h; the powerpc ones are regs').
const (
	ptraceTraceme     = 0
	ptracePeektext    = 1
	ptracePeekdata    = 2
	ptracePeekusr     = 3
	ptracePoketext    = 4
	ptracePokedata    = 5
	ptracePokeusr     = 6
	ptraceCont        = 7
	ptraceKill        = 8
	ptraceSinglestep  = 9
	ptraceSyscall     = 24
	ptraceSysemu      = 0x1d // powerpc's PTRACE_SYSEMU
	ptraceSysemuStep  = 0x1e // powerpc's PTRACE_SYSEMU_SINGLESTEP
	ptraceSingleblock = regs.PTRACE_SINGLEBLOCK
	ptraceAttach      = 16
	ptraceDetach      = 17
	ptraceSetoptions  = 0x4200
	ptraceGeteventmsg = 0x4201
	ptraceGetsiginfo  = 0x4202
	ptraceSetsiginfo  = 0x4203
	ptraceGetregset   = 0x4204
	ptraceSetregset   = 0x4205
	ptraceSeize       = 0x4206
	ptraceInterrupt   = 0x4207
	ptraceGetsigmask  = 0x420a
	ptraceSetsigmask  = 0x420b
	ptraceListen      = 0x4208
	ptracePeeksiginfo = 0x4209
	ptraceGetSyscall  = 0x420e // PTRACE_GET_SYSCALL_INFO

	ptracePeeksiginfoShared = 1 // PTRACE_PEEKSIGINFO_SHARED

	ptraceOTracesysgood   = 0x1
	ptraceOTraceexec      = 1 << ptraceEventExec
	ptraceOExitkill       = 0x100000
	ptraceOSuspendSeccomp = 0x200000
	ptraceOMask           = 0xff | ptraceOExitkill | ptraceOSuspendSeccomp

	// The events (PTRACE_EVENT_*), PTRACE_O_TRACE<event> being 1<<event.
	ptraceEventFork      = 1
	ptraceEventVfork     = 2
	ptraceEventClone     = 3
	ptraceEventExec      = 4
	ptraceEventVforkDone = 5
	ptraceEventExit      = 6
	ptraceEventSeccomp   = 7
	ptraceEventStop      = 128

	// GETEVENTMSG at a syscall-enter or syscall-exit stop
	// (PTRACE_EVENTMSG_SYSCALL_ENTRY, _EXIT).
	ptraceMsgSyscallEntry = 1
	ptraceMsgSyscallExit  = 2

	cldTRAPPED = 4 // SIGCHLD's si_code for a ptrace stop
	trapTRACE  = 2 // SIGTRAP's si_code after a single step (TRAP_TRACE)
)

// tracee is a traced guest thread and its tracer (Linux's task->ptrace
// and task->parent), in Process.traced by the tracee's id until the
// tracer detaches or has reaped its end.
type tracee struct {
	t      *Thread // the tracee
	tid    int
	tracer *Thread // the thread that attached (or the parent thread of PTRACE_TRACEME)
	seized bool
	opts   uint64 // PTRACE_O_*
	// The resumption's mode: stops at system calls' entries and exits
	// (PTRACE_SYSCALL), at their entries, not running them
	// (PTRACE_SYSEMU), after one instruction (PTRACE_SINGLESTEP), with
	// block after the next branch instruction (PTRACE_SINGLEBLOCK).
	sysTrace, sysEmu, step, block bool
	msg                           uint64 // PTRACE_GETEVENTMSG

	// PTRACE_EVENT_STOP traps not yet made (Linux's JOBCTL_TRAP_STOP and
	// JOBCTL_TRAP_NOTIFY): one asked for (INTERRUPT, a seized clone's
	// first stop), which any stop makes; a change of the group-stop
	// (SIGCONT, a new group-stop), which such a trap makes.
	trap, notify bool
	stopped      bool // in a ptrace stop
	// listening: the stop is a PTRACE_EVENT_STOP after PTRACE_LISTEN:
	// stopped still, but wait does not report it and requests other
	// than KILL and INTERRUPT are ESRCH; a trap ends it.
	listening bool
	code      int           // the stop's exit_code: the signal | event<<8
	info      *sigInfo      // a signal-delivery-stop's siginfo (GETSIGINFO), else nil
	resume    chan struct{} // closed when the tracer resumes it
	sig       int           // the signal the resumption gives
	report    bool          // the stop or end is for the tracer's wait to report
	// groupStop is the group-stop (its jobState.cont) the tracee
	// stopped for last (parkStopped).
	groupStop chan struct{}
	exited    bool // the tracee ended
	status    int  // its wait status then
}

// waitStatus is the status word wait4 reports of l's stop or end.
func (l *tracee) waitStatus() int {
	if l.exited {
		return l.status
	}
	return l.code<<8 | 0x7f // W_STOPCODE
}

// notify tells l's tracer's process of l's stop or end: SIGCHLD (a stop:
// CLD_TRAPPED unless its action has SA_NOCLDSTOP) and a wake-up of its
// waits.
func (p *Process) notify(l *tracee, code, status int) {
	tg := l.tracer.group
	if tg.exiting {
		return
	}
	if ldr := tg.leaderActions(); ldr != nil && (code != cldTRAPPED || ldr.actions[abi.SIGCHLD].flags&abi.SA_NOCLDSTOP == 0) {
		p.postProcess(tg, sigInfo{signo: abi.SIGCHLD, code: code, pid: l.tid, uid: int(l.t.cred.uid.r), status: status})
	}
	close(tg.childEvent)
	tg.childEvent = make(chan struct{})
}

// ptraceStop stops traced thread t with exit_code code, siginfo info
// (GETSIGINFO's; nil: EINVAL) and event message msg until its tracer
// resumes it, detaches, or SIGKILL or the process's end wakes it. It
// reports whether t's process or the run ended.
func (t *Thread) ptraceStop(l *tracee, code int, info *sigInfo, msg uint64) bool {
	p := t.p
	l.stopped, l.report, l.code, l.info, l.sig, l.msg = true, true, code, info, 0, msg
	l.resume = make(chan struct{})
	// Any stop makes a PTRACE_EVENT_STOP asked for; such a stop a
	// notification's too (Linux's ptrace_stop).
	l.trap = false
	if code>>8 == ptraceEventStop {
		l.notify = false
	}
	p.notify(l, cldTRAPPED, code&0xff)
	for t.pt == l && l.stopped && !t.gone() && t.pendingSet()&sigBit(abi.SIGKILL) == 0 {
		resume := l.resume
		t.unlock()
		select {
		case <-resume:
		case <-t.wake:
		case <-t.group.dead:
		case <-p.done:
		}
		t.lock()
	}
	l.stopped, l.report, l.info, l.listening = false, false, nil, false
	return t.gone()
}

// ptraceNotify is the stop of t for code with the siginfo Linux's
// ptrace_do_notify gives it (signo, code and t as the sender: GETSIGINFO
// at an event, syscall or PTRACE_SEIZE's trap stop) and event message msg
// (ptraceStop's result).
func (t *Thread) ptraceNotify(l *tracee, signo, code int, msg uint64) bool {
	raw := make([]byte, abi.SiginfoSize)
	si := abi.Siginfo{Signo: int32(signo), Code: int32(code), Pid: int32(t.tid), UID: t.cred.uid.r}
	abi.SiginfoLayout.Encode(t.p.order, raw, &si)
	return t.ptraceStop(l, code, &sigInfo{signo: signo, code: code, pid: t.tid, uid: int(t.cred.uid.r), raw: raw}, msg)
}

// ptraceTrap makes the PTRACE_EVENT_STOP trap of seized thread t that
// is pending (Linux's do_jobctl_trap): its signal the stop signal while
// its process is stopped (the trap is its part in the group-stop), else
// SIGTRAP (ptraceStop's result).
func (t *Thread) ptraceTrap() bool {
	l := t.pt
	if t.pendingSet()&sigBit(abi.SIGKILL) != 0 {
		l.trap, l.notify = false, false // SIGKILL comes first
		return false
	}
	sig := abi.SIGTRAP
	if g := t.group; g.stopped {
		sig, l.groupStop = g.stopSig, g.cont
	}
	return t.ptraceNotify(l, sig, sig|ptraceEventStop<<8, 0)
}

// ptraceTrapNotify tells seized l of a change of its process's
// group-stop (SIGCONT, a new group-stop: Linux's ptrace_trap_notify): a
// PTRACE_EVENT_STOP trap at its next delivery point, at once if it is
// listening.
func (p *Process) ptraceTrapNotify(l *tracee) {
	l.notify = true
	p.ptraceWake(l)
}

// ptraceGroupNotify tells g's seized threads of a change of its
// group-stop.
func (p *Process) ptraceGroupNotify(g *threadGroup) {
	for _, t := range g.threads {
		if l := t.pt; l != nil && l.seized {
			p.ptraceTrapNotify(l)
		}
	}
}

// ptraceWake wakes l's tracee to make its pending trap: one listening
// leaves its stop, one running leaves a waiting call (to restart it
// after the trap, as a signal would).
func (p *Process) ptraceWake(l *tracee) {
	p.sigAny.Store(true)
	switch {
	case l.listening:
		l.stopped = false
		close(l.resume)
	case !l.stopped:
		l.t.wakeUp()
	}
}

// ptraceEvent is the stop of traced thread t for event with message msg
// if its tracer asked for the event's stops (Linux's ptrace_event). It
// reports whether t's process or the run ended.
func (t *Thread) ptraceEvent(event int, msg uint64) bool {
	l := t.pt
	if l == nil || l.opts&(1<<event) == 0 {
		return false
	}
	return t.ptraceNotify(l, abi.SIGTRAP, abi.SIGTRAP|event<<8, msg)
}

// ptraceCloneEvent is the event clone's flags make for traced thread t
// (Linux's kernel_clone): PTRACE_EVENT_VFORK, _CLONE (an exit signal
// other than SIGCHLD: threads too) or _FORK if the tracer asked for it
// and CLONE_UNTRACED is not given, else 0.
func (t *Thread) ptraceCloneEvent(flags uint64) int {
	l := t.pt
	if l == nil || flags&abi.CLONE_UNTRACED != 0 {
		return 0
	}
	event := ptraceEventFork
	switch {
	case flags&abi.CLONE_VFORK != 0:
		event = ptraceEventVfork
	case flags&0xff != abi.SIGCHLD:
		event = ptraceEventClone
	}
	if l.opts&(1<<event) == 0 {
		return 0
	}
	return event
}

// ptraceCloned traces c, the new thread or process of traced thread t,
// by t's tracer when clone makes an event or is given CLONE_PTRACE
// (Linux's ptrace_init_task): with t's options, seized if t was (its
// first stop PTRACE_EVENT_STOP), else with a SIGSTOP pending.
func (t *Thread) ptraceCloned(c *Thread, flags uint64, event int) {
	l := t.pt
	if l == nil || event == 0 && flags&abi.CLONE_PTRACE == 0 {
		return
	}
	t.p.trace(&tracee{t: c, tid: c.tid, tracer: l.tracer, seized: l.seized, opts: l.opts})
	if l.seized {
		c.pt.trap = true
		t.p.sigAny.Store(true)
		return
	}
	c.post(sigInfo{signo: abi.SIGSTOP, code: abi.SI_USER})
}

// ptraceSeccomp is SECCOMP_RET_TRACE with data for t's system call, as
// Linux's __seccomp_filter: without a tracer that asked for
// PTRACE_EVENT_SECCOMP the call fails with ENOSYS; else t stops for the
// event (GETEVENTMSG data), and then the call the registers name runs if
// the filters (run again: SECCOMP_RET_TRACE now allows) let it, none if
// the tracer set the number to -1 (the result r3 as it left it) or a
// SIGKILL came. secure's results.
func (t *Thread) ptraceSeccomp(data uint32, scv bool) (handled, ended bool) {
	l := t.pt
	if l == nil || l.opts&(1<<ptraceEventSeccomp) == 0 {
		t.setReturn(scv, 0, abi.ENOSYS)
		return true, false
	}
	if t.ptraceEvent(ptraceEventSeccomp, uint64(data)) {
		return true, true
	}
	r := &t.ctx.Regs
	if t.pendingSet()&sigBit(abi.SIGKILL) != 0 {
		return true, false
	}
	nr := int32(r.GPR[0]) // syscall_get_nr
	if nr < 0 {
		t.skippedReturn(scv, r.GPR[3])
		return true, false
	}
	return t.secureCall(uint64(nr), scv, true)
}

// ptraceExit is the PTRACE_EVENT_EXIT stop of traced thread t as it ends
// with st, the message its wait status (Linux's do_exit). It reports
// whether t's process or the run ended meanwhile.
func (t *Thread) ptraceExit(st ExitStatus) bool {
	if t.pt == nil || t.pendingSet()&sigBit(abi.SIGKILL) != 0 {
		return false
	}
	return t.ptraceEvent(ptraceEventExit, uint64(st.waitStatus()))
}

// ptraceSignal is the signal-delivery-stop of traced thread t for sig
// (Linux's ptrace_signal), the same contract as the -gdb stub's report:
// the signal t takes, its siginfo, and false if it takes none (t may
// have ended: gone).
func (t *Thread) ptraceSignal(sig int, info sigInfo) (int, sigInfo, bool) {
	l := t.pt
	if t.pendingSet()&sigBit(abi.SIGKILL) != 0 {
		return 0, info, false // SIGKILL comes first
	}
	if t.ptraceStop(l, sig, &info, 0) || t.pt != l && l.sig == 0 {
		return 0, info, false
	}
	nsig := l.sig
	if nsig == 0 {
		return 0, info, false
	}
	if nsig != sig {
		info = sigInfo{signo: nsig, code: abi.SI_USER, pid: l.tracer.group.tgid, uid: int(l.tracer.cred.uid.r)}
	}
	info.debugged = true
	if t.mask&sigBit(nsig) != 0 {
		t.post(info) // blocked now: queued again
		return 0, info, false
	}
	return nsig, info, true
}

// ptraceGone is the end of thread t (its status st) for ptrace: its
// tracer is told (and reaps it with wait) unless it is the leader of a
// process the tracer is the parent of; its own tracees are detached,
// killed if they asked with PTRACE_O_EXITKILL.
func (p *Process) ptraceGone(t *Thread, st ExitStatus) {
	if len(p.traced) == 0 {
		return
	}
	if l := t.pt; l != nil {
		t.pt = nil
		l.stopped, l.info = false, nil
		tg := l.tracer.group
		if t.tid == t.group.tgid && t.group.parent == tg || tg.exiting {
			delete(p.traced, l.tid)
		} else {
			l.exited, l.report, l.status = true, true, st.waitStatus()
			if ldr := tg.leaderActions(); ldr != nil && (ldr.actions[abi.SIGCHLD].handler == abi.SIG_IGN || ldr.actions[abi.SIGCHLD].flags&abi.SA_NOCLDWAIT != 0) {
				p.ptraceReaped(l) // autoreaped (do_notify_parent)
			}
			code, status := cldEXITED, st.Code&0xff
			if st.Signal != 0 {
				code, status = cldKILLED, st.Signal
			}
			p.notify(l, code, status)
		}
	}
	for _, tid := range p.tracedIDs() {
		l := p.traced[tid]
		if l.tracer != t {
			continue
		}
		if l.exited {
			p.ptraceReaped(l)
			continue
		}
		if l.opts&ptraceOExitkill != 0 {
			l.t.post(sigInfo{signo: abi.SIGKILL, code: abi.SI_KERNEL})
		}
		p.untrace(l, 0)
	}
}

// ptraceReaped ends the tracing of l, whose tracee has ended and been
// reaped by its tracer (or by no one): a process leader's parent is then
// told of its end (groupExit left it for now: parentLater).
func (p *Process) ptraceReaped(l *tracee) {
	delete(p.traced, l.tid)
	if g := l.t.group; l.tid == g.tgid && g.parentLater {
		g.parentLater = false
		p.notifyParent(g)
	}
}

// tracedIDs are the ids of Process.traced in order (a deterministic
// order for wait and for the ends).
func (p *Process) tracedIDs() []int {
	ids := make([]int, 0, len(p.traced))
	for tid := range p.traced {
		ids = append(ids, tid)
	}
	slices.Sort(ids)
	return ids
}

// untrace ends the tracing of l (DETACH, the tracer's end) and resumes
// its tracee with signal sig if it is stopped. While its process is
// stopped the tracee goes back into the group-stop, untold, at once or
// at its next delivery point if it was running (Linux's __ptrace_unlink
// sets JOBCTL_STOP_PENDING).
func (p *Process) untrace(l *tracee, sig int) {
	delete(p.traced, l.tid)
	l.t.pt = nil
	l.trap, l.notify, l.report, l.listening = false, false, false, false
	if l.stopped {
		l.sig, l.stopped = sig, false
		close(l.resume)
	} else if l.t.group.stopped {
		p.sigAny.Store(true)
		l.t.wakeUp()
	}
}

// waitTraced is waitChild's part for the tracees of t's process (t's
// own with __WNOTHREAD) that match: one whose stop (whatever WUNTRACED
// says: Linux's wait_task_stopped for a ptraced task) or end (WEXITED)
// is not reported yet, whatever __WALL and __WCLONE say (eligible_child);
// any says there is one at all.
func (t *Thread) waitTraced(match func(g *threadGroup, id int) bool, options uint32) (l *tracee, any bool) {
	p := t.p
	for _, tid := range p.tracedIDs() {
		u := p.traced[tid]
		if u.tracer.group != t.group || options&wNOTHREAD != 0 && u.tracer != t || !match(u.t.group, tid) {
			continue
		}
		any = true
		if !u.report || u.exited && options&wEXITED == 0 {
			continue
		}
		if options&wNOWAIT == 0 {
			u.report = false
			if u.exited {
				p.ptraceReaped(u)
			}
		}
		return u, true
	}
	return nil, any
}

func sysPtrace(t *Thread, a *sysArgs) (uint64, int) {
	req, pid, addr, data := a.Long(0), a.Int(1), a.Ptr(2), a.Ptr(3)
	p := t.p
	if req == ptraceTraceme {
		return 0, t.ptraceTraceme()
	}
	u := p.guestTask(pid)
	if u == nil {
		return 0, abi.ESRCH
	}
	if req == ptraceAttach || req == ptraceSeize {
		return 0, t.ptraceAttach(u, req == ptraceSeize, addr, data)
	}
	l := u.pt
	if l == nil || l.tracer != t {
		return 0, abi.ESRCH
	}
	switch req {
	case ptraceKill:
		u.post(sigInfo{signo: abi.SIGKILL, code: abi.SI_USER, pid: t.group.tgid, uid: int(t.cred.uid.r)})
		return 0, 0
	case ptraceInterrupt:
		if !l.seized {
			return 0, abi.EIO
		}
		// A stop made is left alone but a listening one, which
		// traps again (Linux's PTRACE_INTERRUPT).
		if !l.stopped || l.listening {
			l.trap = true
			p.ptraceWake(l)
		}
		return 0, 0
	}
	if !l.stopped || l.listening {
		return 0, abi.ESRCH
	}
	return t.ptraceStopped(l, req, addr, data)
}

// ptraceTraceme makes t traced by its parent thread (PTRACE_TRACEME).
func (t *Thread) ptraceTraceme() int {
	p := t.p
	par := t.group.parent
	if t.pt != nil || par == nil || par.exiting || par.host != nil {
		return abi.EPERM // the initial process's parent is the runner's host parent
	}
	tracer := par.threads[t.group.parentTid]
	if tracer == nil {
		return abi.EPERM
	}
	p.trace(&tracee{t: t, tid: t.tid, tracer: tracer})
	return 0
}

// trace links l.
func (p *Process) trace(l *tracee) {
	if p.traced == nil {
		p.traced = map[int]*tracee{}
	}
	p.traced[l.tid] = l
	l.t.pt = l
}

// ptraceAttach is PTRACE_ATTACH or PTRACE_SEIZE (data: its options) of
// thread u by t (Linux's ptrace_attach).
func (t *Thread) ptraceAttach(u *Thread, seize bool, addr, data uint64) int {
	if seize && (addr != 0 || data&^ptraceOMask != 0) {
		return abi.EIO
	}
	if u.group == t.group || !t.mayAttach(u.group, u) || u.pt != nil {
		return abi.EPERM
	}
	if seize && data&ptraceOSuspendSeccomp != 0 {
		return abi.EINVAL
	}
	l := &tracee{t: u, tid: u.tid, tracer: t, seized: seize}
	if seize {
		l.opts = data
	}
	t.p.trace(l)
	if !seize {
		u.post(sigInfo{signo: abi.SIGSTOP, code: abi.SI_KERNEL})
	}
	return 0
}

// ptraceExec is the end of a successful execve of traced thread t: a
// PTRACE_EVENT_EXEC stop with PTRACE_O_TRACEEXEC, else SIGTRAP unless
// it was seized (Linux's ptrace_event). A PTRACE_SINGLESTEP that ran
// the execve ends with it: powerpc's start_thread gives the new program a
// fresh MSR without MSR_SE, so no step trap follows its first
// instruction; only with syscallWork does the call's end still report
// the step (do_syscall_trace_leave tests TIF_SINGLESTEP, which exec
// keeps). The next resume decides again (ptrace5.c).
func (t *Thread) ptraceExec() {
	l := t.pt
	if l != nil && !t.syscallWork(l) {
		l.step, l.block = false, false
	}
	switch {
	case l == nil:
	case l.opts&ptraceOTraceexec != 0:
		t.ptraceEvent(ptraceEventExec, uint64(t.tid)) // an end shows at the call's return
	case !l.seized:
		t.post(sigInfo{signo: abi.SIGTRAP, code: abi.SI_USER})
	}
}

// ptraceSets are powerpc's requests that move one register set: its
// note type, the bytes moved, and whether the tracee's set is written.
var ptraceSets = map[int64]struct {
	note uint32
	size int
	set  bool
}{
	regs.PTRACE_GETREGS:    {regs.NT_PRSTATUS, regs.GPRegsPtraceSize, false},
	regs.PTRACE_GETREGS64:  {regs.NT_PRSTATUS, regs.GPRegsPtraceSize, false},
	regs.PTRACE_SETREGS:    {regs.NT_PRSTATUS, regs.GPRegsPtraceSize, true},
	regs.PTRACE_SETREGS64:  {regs.NT_PRSTATUS, regs.GPRegsPtraceSize, true},
	regs.PTRACE_GETFPREGS:  {regs.NT_PRFPREG, regs.FPRegsSize, false},
	regs.PTRACE_SETFPREGS:  {regs.NT_PRFPREG, regs.FPRegsSize, true},
	regs.PTRACE_GETVRREGS:  {regs.NT_PPC_VMX, regs.VMXRegsPtraceSize, false},
	regs.PTRACE_SETVRREGS:  {regs.NT_PPC_VMX, regs.VMXRegsPtraceSize, true},
	regs.PTRACE_GETVSRREGS: {regs.NT_PPC_VSX, regs.VSXRegsSize, false},
	regs.PTRACE_SETVSRREGS: {regs.NT_PPC_VSX, regs.VSXRegsSize, true},
}

// validSignal is Linux's valid_signal of a resuming request's data.
func validSignal(data uint64) bool { return data <= abi.NSIG }

// ptraceStopped is a request about l's stopped tracee.
func (t *Thread) ptraceStopped(l *tracee, req int64, addr, data uint64) (uint64, int) {
	p := t.p
	u := l.t
	r := &u.ctx.Regs
	o := p.order
	if s, ok := ptraceSets[req]; ok {
		if s.set {
			return 0, t.getRegset(data, s.note, r, s.size)
		}
		return 0, t.putRegset(data, s.note, r, s.size)
	}
	switch req {
	case ptraceCont, ptraceDetach, ptraceSyscall, ptraceSysemu, ptraceSysemuStep, ptraceSinglestep, ptraceSingleblock:
		if !validSignal(data) {
			return 0, abi.EIO
		}
		if req == ptraceDetach {
			p.untrace(l, int(data))
			return 0, 0
		}
		l.sysTrace = req == ptraceSyscall
		l.sysEmu = req == ptraceSysemu || req == ptraceSysemuStep
		l.step = req == ptraceSinglestep || req == ptraceSysemuStep || req == ptraceSingleblock
		l.block = req == ptraceSingleblock
		l.sig, l.stopped = int(data), false
		close(l.resume)
		return 0, 0
	case ptracePeektext, ptracePeekdata:
		var b [8]byte
		if u.mm.Mem.Peek(addr, b[:]) != nil {
			return 0, abi.EIO
		}
		return 0, t.put64(data, o.Uint64(b[:]))
	case ptracePoketext, ptracePokedata:
		var b [8]byte
		o.PutUint64(b[:], data)
		if u.mm.Mem.Poke(addr, b[:]) != nil {
			return 0, abi.EIO
		}
		return 0, 0
	case ptracePeekusr:
		v, ok := peekUser(r, addr)
		if !ok {
			return 0, abi.EIO
		}
		return 0, t.put64(data, v)
	case ptracePokeusr:
		if addr&7 != 0 || !pokeUser(r, int(addr/8), data) {
			return 0, abi.EIO
		}
		return 0, 0
	case ptraceGetregset, ptraceSetregset:
		return 0, t.ptraceRegset(r, uint32(addr), data, req == ptraceSetregset)
	case ptraceSetoptions:
		if data&^ptraceOMask != 0 {
			return 0, abi.EINVAL
		}
		if data&ptraceOSuspendSeccomp != 0 {
			return 0, abi.EINVAL
		}
		l.opts = data
		return 0, 0
	case ptraceGeteventmsg:
		return 0, t.put64(data, l.msg)
	case ptraceListen:
		// A seized tracee's PTRACE_EVENT_STOP stays, unreported, till a
		// trap ends it: at once if a notification came meanwhile.
		if !l.seized || l.info == nil || l.info.code>>8 != ptraceEventStop {
			return 0, abi.EIO
		}
		l.listening, l.report = true, false
		if l.notify {
			p.ptraceWake(l)
		}
		return 0, 0
	case ptracePeeksiginfo:
		return t.ptracePeekSiginfo(u, addr, data)
	case ptraceGetsigmask, ptraceSetsigmask:
		// The mask a handler's end restores if it is to be (Linux's
		// saved_sigmask); a set one ends that, SIGKILL and SIGSTOP
		// never blocked.
		if addr != 8 {
			return 0, abi.EINVAL
		}
		if req == ptraceGetsigmask {
			m := u.mask
			if u.restoreMask {
				m = u.savedMask
			}
			return 0, t.put64(data, m)
		}
		m, e := t.get64(data)
		if e != 0 {
			return 0, e
		}
		u.mask, u.restoreMask = m&^unblockable, false
		p.sigAny.Store(true)
		return 0, 0
	case ptraceGetSyscall:
		return t.ptraceSyscallInfo(l, addr, data)
	case ptraceGetsiginfo, ptraceSetsiginfo:
		if l.info == nil {
			return 0, abi.EINVAL
		}
		b := make([]byte, abi.SiginfoSize)
		if req == ptraceSetsiginfo {
			if t.mm.Mem.Read(data, b) != nil {
				return 0, abi.EFAULT
			}
			var si abi.Siginfo
			abi.SiginfoLayout.Decode(o, b, &si)
			*l.info = sigInfo{signo: l.info.signo, code: int(si.Code), raw: b}
			return 0, 0
		}
		p.putSiginfo(b, l.info.signo, l.info)
		if t.mm.Mem.Write(data, b) != nil {
			return 0, abi.EFAULT
		}
		return 0, 0
	}
	return 0, abi.EIO
}

// ptracePeekSiginfo is PTRACE_PEEKSIGINFO of stopped tracee u with the
// struct ptrace_peeksiginfo_args at addr (Linux's ptrace_peek_siginfo):
// the siginfos of u's own or (PTRACE_PEEKSIGINFO_SHARED) its process's
// queued signals from the off'th in the order sent, at most nr, to data,
// fewer if a signal for t is pending once one is copied; how many (0
// past the end), EFAULT if none could be written.
func (t *Thread) ptracePeekSiginfo(u *Thread, addr, data uint64) (uint64, int) {
	a, e := getStruct(t, addr, abi.PtracePeeksiginfoLayout)
	if e != 0 {
		return 0, e
	}
	if a.Flags&^ptracePeeksiginfoShared != 0 || a.Nr < 0 {
		return 0, abi.EINVAL
	}
	q := &u.sigq
	if a.Flags&ptracePeeksiginfoShared != 0 {
		q = &u.group.shared
	}
	list := q.inOrder()
	if a.Off >= uint64(len(list)) {
		return 0, 0
	}
	list = list[a.Off:]
	n := 0
	for n < int(a.Nr) && n < len(list) {
		b := make([]byte, abi.SiginfoSize)
		t.p.putSiginfo(b, list[n].signo, &list[n])
		if t.mm.Mem.Write(data+uint64(n)*abi.SiginfoSize, b) != nil {
			if n == 0 {
				return 0, abi.EFAULT
			}
			break
		}
		n++
		if t.deliverable() != 0 {
			break // a signal for the tracer stops the copy (signal_pending)
		}
	}
	return uint64(n), 0
}

// inOrder is q's queued signals in the order sent (Linux's list: a
// SIGKILL has no entry).
func (q *sigQueue) inOrder() []sigInfo {
	var l []sigInfo
	for sig := 1; sig < abi.SIGRTMIN; sig++ {
		if q.pending&sigBit(sig) != 0 && sig != abi.SIGKILL {
			l = append(l, q.info[sig])
		}
	}
	for _, queued := range q.queued {
		l = append(l, queued...)
	}
	slices.SortFunc(l, func(a, b sigInfo) int { return cmp.Compare(a.seq, b.seq) })
	return l
}

// ptraceSyscallInfo is PTRACE_GET_SYSCALL_INFO of l's stopped tracee
// into the n bytes at addr (Linux's ptrace_get_syscall_info): the
// call's number and arguments at a syscall-enter stop, its result at a
// syscall-exit stop (both under PTRACE_O_TRACESYSGOOD: the stop's
// siginfo says SIGTRAP|0x80), else the header alone (op
// PTRACE_SYSCALL_INFO_NONE); the size of the whole answer.
func (t *Thread) ptraceSyscallInfo(l *tracee, n, addr uint64) (uint64, int) {
	p := t.p
	r := &l.t.ctx.Regs
	const (
		none, entry, exit = 0, 1, 2
		headSize          = 24 // offsetof(struct ptrace_syscall_info, entry)
		entrySize         = headSize + 7*8
		exitSize          = headSize + 8 + 1
	)
	b := make([]byte, abi.PtraceSyscallInfoLayout.Size())
	size := headSize
	op := none
	if l.info != nil && l.info.code == abi.SIGTRAP|0x80 && (l.msg == ptraceMsgSyscallEntry || l.msg == ptraceMsgSyscallExit) {
		op = int(l.msg)
	}
	switch op {
	case exit:
		x := abi.PtraceSyscallExit{Op: exit, Arch: p.auditArch(), IP: r.NIP, SP: r.GPR[1], Rval: int64(r.GPR[3])}
		if r.TRAP&^0xf == 0x3000 {
			// scv: an error is a negated errno in r3.
			if x.Rval < 0 && x.Rval >= -4095 { // IS_ERR_VALUE
				x.IsError = 1
			}
		} else if r.CR&crSO != 0 {
			x.Rval, x.IsError = -x.Rval, 1 // sc: CR0[SO], the errno in r3
		}
		abi.PtraceSyscallExitLayout.Encode(p.order, b, &x)
		size = exitSize
	default:
		i := abi.PtraceSyscallInfo{Op: uint8(op), Arch: p.auditArch(), IP: r.NIP, SP: r.GPR[1]}
		if op == entry {
			i.Nr = uint64(int64(int32(r.GPR[0]))) // syscall_get_nr's int
			i.Args = [6]uint64{r.OrigGPR3, r.GPR[4], r.GPR[5], r.GPR[6], r.GPR[7], r.GPR[8]}
			size = entrySize
		}
		abi.PtraceSyscallInfoLayout.Encode(p.order, b, &i)
	}
	if t.mm.Mem.Write(addr, b[:min(uint64(size), n)]) != nil {
		return 0, abi.EFAULT
	}
	return uint64(size), 0
}

// ptraceGPRegs is the NT_PRSTATUS image of r as ptrace gives it: SOFTE
// read as 1 (the FP exception mode is in the MSR already: doc.go).
func ptraceGPRegs(r *regs.Regs) regs.Regs {
	c := *r
	c.SOFTE = 1
	return c
}

// peekUser is PTRACE_PEEKUSR's value at user-area offset addr (Linux's
// ptrace_get_reg and the FP slots), false for EIO.
func peekUser(r *regs.Regs, addr uint64) (uint64, bool) {
	if addr&7 != 0 || addr/8 >= regs.PT_FPSCR+1 {
		return 0, false
	}
	i := int(addr / 8)
	if i > regs.PT_DSCR && i < regs.PT_FPR0 {
		return 0, false
	}
	c := ptraceGPRegs(r)
	return c.UserReg(i)
}

// pokeUser is PTRACE_POKEUSR of v at index i (Linux's ptrace_put_reg):
// r0-r31, nip, orig_gpr3, ctr, link, xer and ccr as given, the MSR's SE
// and BE bits alone, the trap's bits but its low flag, DSCR, the FP
// slots; false (EIO) for the others.
func pokeUser(r *regs.Regs, i int, v uint64) bool {
	switch {
	case i == regs.PT_MSR:
		r.MSR = r.MSR&^regs.MSRDebugChange | v&regs.MSRDebugChange
		return true
	case i == regs.PT_TRAP:
		r.TRAP = r.TRAP&1 | v&^1
		return true
	case i <= regs.PT_CCR, i == regs.PT_DSCR, i >= regs.PT_FPR0 && i <= regs.PT_FPSCR:
		return r.SetUserReg(i, v)
	}
	return false
}

// putRegset writes the first n bytes of register set note of r to the
// tracer's memory at addr.
func (t *Thread) putRegset(addr uint64, note uint32, r *regs.Regs, n int) int {
	c := ptraceGPRegs(r)
	b, err := regs.EncodeRegset(&c, note, t.p.order)
	if err != nil {
		return abi.EIO
	}
	if t.mm.Mem.Write(addr, b[:min(n, len(b))]) != nil {
		return abi.EFAULT
	}
	return 0
}

// getRegset loads the first n bytes of register set note of r from the
// tracer's memory at addr (a part of the set: the rest unchanged), with
// POKEUSR's rules for the general registers (Linux's gpr_set leaves the
// slots it does not write as they were).
func (t *Thread) getRegset(addr uint64, note uint32, r *regs.Regs, n int) int {
	o := t.p.order
	b, err := regs.EncodeRegset(r, note, o)
	if err != nil {
		return abi.EIO
	}
	n = min(n, len(b))
	if t.mm.Mem.Read(addr, b[:n]) != nil {
		return abi.EFAULT
	}
	c := *r
	if note == regs.NT_PRSTATUS {
		var given regs.Regs
		if regs.DecodeGPRegs(&given, b, o) != nil {
			return abi.EIO
		}
		for i := 0; i < n/8 && i < regs.PT_REGS_COUNT; i++ {
			v, _ := given.UserReg(i)
			if old, _ := r.UserReg(i); v != old {
				pokeUser(&c, i, v)
			}
		}
		*r = c
		return 0
	}
	if regs.DecodeRegset(&c, note, b, o) != nil {
		return abi.EIO
	}
	*r = c
	return 0
}

// ptraceRegset is PTRACE_GETREGSET or SETREGSET (set) of note with the
// struct iovec at iov: a whole number of the set's slots, at most the
// set, its length then what moved (Linux's ptrace_regset).
func (t *Thread) ptraceRegset(r *regs.Regs, note uint32, iov uint64, set bool) int {
	v, e := getStruct(t, iov, abi.IovecLayout)
	if e != 0 {
		return e
	}
	full, err := regs.EncodeRegset(r, note, t.p.order)
	if err != nil {
		return abi.EINVAL
	}
	slot := uint64(8)
	if note == regs.NT_PPC_VMX {
		slot = 16
	}
	if v.Len%slot != 0 {
		return abi.EINVAL
	}
	n := int(min(v.Len, uint64(len(full))))
	if set {
		e = t.getRegset(v.Base, note, r, n)
	} else {
		e = t.putRegset(v.Base, note, r, n)
	}
	if e != 0 {
		return e
	}
	v.Len = uint64(n)
	return putStruct(t, iov, abi.IovecLayout, &v)
}

// tracerPid is /proc's TracerPid of g's thread u (the leader if nil): the
// tracer thread's id (Linux's task_pid_nr of ptrace_parent), 0 if it is
// not traced.
func (g *threadGroup) tracerPid(u *Thread) int {
	if u == nil {
		u = g.threads[g.tgid]
	}
	if u == nil || u.pt == nil {
		return 0
	}
	return u.pt.tracer.tid
}

// ptraceSyscallStop is a syscall-enter or syscall-exit stop of t
// (PTRACE_SYSCALL): SIGTRAP, with 0x80 under PTRACE_O_TRACESYSGOOD; a
// signal the resumption gives is sent to t, as Linux's
// ptrace_report_syscall does. It reports whether t's process or the run
// ended.
func (t *Thread) ptraceSyscallStop(l *tracee, msg uint64) bool {
	code := abi.SIGTRAP
	if l.opts&ptraceOTracesysgood != 0 {
		code |= 0x80
	}
	if t.ptraceNotify(l, abi.SIGTRAP, code, msg) {
		return true
	}
	if l.sig != 0 {
		t.post(sigInfo{signo: l.sig, code: abi.SI_KERNEL})
	}
	return false
}

// syscallWork reports whether a system call of t, traced by l, ends
// through powerpc's do_syscall_trace_leave: a flag of
// _TIF_SYSCALL_DOTRACE is set (PTRACE_SYSCALL, PTRACE_SYSEMU or
// SYSEMU_SINGLESTEP, a seccomp filter: TIF_SECCOMP).
func (t *Thread) syscallWork(l *tracee) bool {
	return l.sysTrace || l.sysEmu || t.seccomp != nil
}

// ptraceSyscallExit is the end of a system call of traced thread t, its
// result in the registers (do_syscall_trace_leave): with syscallWork,
// under PTRACE_SINGLESTEP or SYSEMU_SINGLESTEP a SIGTRAP (TRAP_TRACE at
// the next instruction: powerpc's user_single_step_report), else under
// PTRACE_SYSCALL the syscall-exit stop; without it nothing, and a step
// goes on through the next instruction (runStep). It reports whether t's
// process or the run ended.
func (t *Thread) ptraceSyscallExit() bool {
	l := t.pt
	switch {
	case l == nil || !t.syscallWork(l):
	case l.step:
		t.force(sigInfo{signo: abi.SIGTRAP, code: trapTRACE, addr: t.ctx.Regs.NIP})
	case l.sysTrace:
		return t.ptraceSyscallStop(l, ptraceMsgSyscallExit)
	}
	return false
}

// runStep runs one instruction of t for PTRACE_SINGLESTEP or
// SYSEMU_SINGLESTEP: once it has completed, SIGTRAP (TRAP_TRACE, forced
// as Linux's single-step trap) stops t again; an instruction that faults
// delivers its signal and is stepped again when it runs. No trace
// interrupt follows sc or scv (Power ISA 3.1 7.5.15): a system call
// traps at its end only through ptraceSyscallExit, else the step goes on
// through the instruction after it, as on Linux. It reports whether the
// thread is finished.
func (t *Thread) runStep() bool {
	p := t.p
	r := &t.ctx.Regs
	in, _ := t.mm.e.FetchInst(r, t.mm.Mem)
	sys := in != nil && (in.Op == ppc64asm.SC || in.Op == ppc64asm.SCV)
	if p.rec != nil {
		p.rec.beforeRun(t)
	}
	n, err := t.mm.e.Run(r, t.mm.Mem, emulate.RunOptions{MaxSteps: 1})
	t.count += n
	if p.rec != nil {
		p.rec.afterRun(t, n)
	}
	if err != emulate.ErrStepLimit {
		if t.stopped(err) {
			return true
		}
		if sys || !errors.Is(err, emulate.ErrMustNotStep) {
			return false
		}
	}
	if l := t.pt; l != nil && l.step {
		if l.block && !isBranch(in) {
			return false // PTRACE_SINGLEBLOCK: on to the next branch
		}
		l.step, l.block = false, false
		return t.syncSignal(abi.SIGTRAP, trapTRACE, r.NIP)
	}
	return false
}

// isBranch reports whether in is one of the Branch instructions whose
// completion makes MSR[BE]'s trace interrupt (b, bc, bclr, bcctr, bctar in
// all their forms), taken or not.
func isBranch(in *decode.Inst) bool {
	return in != nil && (in.Class == decode.ClassBranch || in.Class == decode.ClassCondBranch)
}
