//go:build linux

package linux

import (
	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Job control of guest processes, as Linux's kernel/signal.c does it: a
// stop signal whose action is the default (SIGSTOP always; SIGTSTP,
// SIGTTIN and SIGTTOU unless the process group is orphaned) stops the
// whole process when a thread takes it (do_signal_stop): its threads park
// at their next delivery point, its parent gets SIGCHLD with CLD_STOPPED
// (unless SA_NOCLDSTOP) and wait with WUNTRACED reports it once. SIGCONT,
// when it is sent, whatever its action or mask (prepare_signal), drops
// the pending stop signals and continues a stopped process: its parent
// gets CLD_CONTINUED and wait with WCONTINUED reports it once; sending a
// stop signal drops a pending SIGCONT. SIGKILL ends a stopped process.
// A host process standing for a guest one (hostexec.go) is left to the
// host.

// Values of wait's options and SIGCHLD's si_code for job control (uapi
// linux/wait.h, asm-generic/siginfo.h).
const (
	wCONTINUED   = 8
	cldSTOPPED   = 5
	cldCONTINUED = 6
)

// jobState is a guest process's job-control state.
type jobState struct {
	stopped  bool
	stopSig  int           // the signal that stopped it
	cont     chan struct{} // closed when it continues
	waitStop bool          // a stop that wait has not reported yet
	waitCont bool          // a continue that wait has not reported yet
}

// The events wait reports (waitChild).
const (
	evExit = iota
	evStop
	evCont
)

func isStopSignal(sig int) bool {
	return sig == abi.SIGSTOP || sig == abi.SIGTSTP || sig == abi.SIGTTIN || sig == abi.SIGTTOU
}

// prepare does, when sig is sent to g, what it does whatever its action:
// a stop signal drops a pending SIGCONT; SIGCONT drops pending stop
// signals and continues g if it is stopped.
func (p *Process) prepare(g *threadGroup, sig int) {
	if g.host != nil || g.exiting {
		return
	}
	switch {
	case isStopSignal(sig):
		p.flush(g, abi.SIGCONT)
	case sig == abi.SIGCONT:
		for _, s := range []int{abi.SIGSTOP, abi.SIGTSTP, abi.SIGTTIN, abi.SIGTTOU} {
			p.flush(g, s)
		}
		p.ptraceGroupNotify(g)
		if g.stopped {
			g.stopped, g.waitStop, g.waitCont = false, false, true
			close(g.cont)
			p.notifyStop(g, cldCONTINUED, abi.SIGCONT)
		}
	}
}

// groupStop stops g with sig (a thread of it took the signal).
func (p *Process) groupStop(g *threadGroup, sig int) {
	g.stopped, g.stopSig, g.waitStop, g.waitCont = true, sig, true, false
	g.cont = make(chan struct{})
	for _, t := range g.threads {
		t.wakeUp() // to park at its next delivery point
	}
	p.ptraceGroupNotify(g)
	p.sigAny.Store(true)
	p.notifyStop(g, cldSTOPPED, sig)
}

// notifyStop tells g's parent that g stopped or continued (Linux's
// do_notify_parent_cldstop): SIGCHLD with code unless its action ignores
// it or has SA_NOCLDSTOP, and a wake-up of its waits.
func (p *Process) notifyStop(g *threadGroup, code, sig int) {
	if g == p.group && code == cldSTOPPED {
		p.firstStops++
	}
	if g == p.group || code == cldSTOPPED {
		// Another's stop: FirstAlone may say yes now.
		select {
		case p.firstStop <- struct{}{}: // FirstStops
		default:
		}
	}
	par := g.parent
	if par == nil || par.exiting {
		return
	}
	if ldr := par.leaderActions(); ldr != nil && ldr.actions[abi.SIGCHLD].flags&abi.SA_NOCLDSTOP == 0 {
		p.postProcess(par, sigInfo{signo: abi.SIGCHLD, code: code, pid: g.tgid, uid: int(g.creds().uid.r), status: sig})
	}
	close(par.childEvent)
	par.childEvent = make(chan struct{})
}

// parkStopped keeps t off the processor while its process is stopped,
// until it continues or a SIGKILL is pending. It reports whether t's
// process or the run ended meanwhile. A traced thread's part in a
// group-stop is a ptrace stop with the stop signal, which its tracer's
// wait reports (attached during the stop too); resumed, it runs while
// its process stays stopped, as Linux's PTRACE_ATTACH tracee does, till
// a detach puts it back in the group-stop (untrace).
func (t *Thread) parkStopped() bool {
	g := t.group
	for g.stopped && !t.gone() && t.pendingSet()&sigBit(abi.SIGKILL) == 0 {
		if l := t.pt; l != nil {
			if l.groupStop == g.cont {
				break // resumed from this group-stop
			}
			l.groupStop = g.cont
			var ended bool
			if l.seized {
				ended = t.ptraceNotify(l, g.stopSig, g.stopSig|ptraceEventStop<<8, 0) // PTRACE_SEIZE's group-stop
			} else {
				ended = t.ptraceStop(l, g.stopSig, nil, 0)
			}
			if ended || t.pt != nil {
				return ended
			}
			continue // detached: back in the group-stop, no one told (__ptrace_unlink)
		}
		cont := g.cont
		t.unlock()
		select {
		case <-cont:
		case <-t.wake:
		case <-g.dead:
		case <-t.p.done:
		}
		t.lock()
	}
	return t.gone()
}

// killOrphanedPgrp sends SIGHUP and then SIGCONT to every process of
// group pgid if it is orphaned and one of them is stopped (Linux's
// kill_orphaned_pgrp: a stopped job nobody can continue any more).
func (p *Process) killOrphanedPgrp(pgid int) {
	stopped := false
	for _, g := range p.groups {
		stopped = stopped || g.pgid == pgid && g.stopped && !g.exiting
	}
	if !stopped || !p.orphanedPgrp(pgid) {
		return
	}
	for _, sig := range []int{abi.SIGHUP, abi.SIGCONT} {
		for _, g := range p.groups {
			if g.pgid == pgid && !g.exiting {
				p.postProcess(g, sigInfo{signo: sig, code: abi.SI_KERNEL})
			}
		}
	}
}

// orphanedPgrp reports whether process group pgid is orphaned (Linux's
// will_become_orphaned_pgrp): no member's parent is in another group of
// the same session. The first process's parent is the runner's host
// parent, taken to be a shell in another group of its session; an
// orphan's is init, in another session.
func (p *Process) orphanedPgrp(pgid int) bool {
	for _, g := range p.groups {
		if g.pgid != pgid || g.exiting {
			continue
		}
		if g == p.group {
			return false
		}
		if par := g.parent; par != nil && par.pgid != pgid && par.sid == g.sid {
			return false
		}
	}
	return true
}
