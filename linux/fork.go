//go:build linux

package linux

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Guest processes. Every guest process is a thread group of the one
// Process (the runner): fork, vfork and clone without CLONE_THREAD make a
// new group whose threads run as goroutines under the same process lock,
// as gVisor's sentry does (Go cannot fork safely). The package
// documentation describes the design and what it costs.

// Values of wait4's and waitid's arguments and of SIGCHLD's si_code
// (uapi linux/wait.h, asm-generic/siginfo.h).
const (
	wNOHANG   = 0x1
	wUNTRACED = 0x2
	wEXITED   = 0x4
	wNOWAIT   = 0x01000000
	wALL      = 0x40000000 // __WALL
	wCLONE    = 0x80000000 // __WCLONE
	wNOTHREAD = 0x20000000 // __WNOTHREAD

	pALL   = 0
	pPID   = 1
	pPGID  = 2
	pPIDFD = 3

	cloneParent = 0x00008000 // CLONE_PARENT (uapi linux/sched.h)

	cldEXITED = 1
	cldKILLED = 2
	cldDUMPED = 3
	wCoreFlag = 0x80 // WCOREDUMP's bit of a wait status
)

// childState is what a thread group that is a guest process knows of its
// place in the process tree.
type childState struct {
	parent     *threadGroup  // nil for the initial process and for orphans
	parentTid  int           // the thread of parent that is its parent (the one that forked it, or its heir)
	exitSignal int           // the signal its end sends the parent (clone's low byte)
	pgid       int           // its process group
	exiting    bool          // exit_group or a fatal signal: its threads stop
	zombie     bool          // ended, not yet reaped
	status     ExitStatus    // how it ended, once zombie
	coreDumped bool          // a signal ended it with its core dumped (core.go's dumpCore): WCOREDUMP, CLD_DUMPED
	dead       chan struct{} // closed when it starts ending
	vforkDone  chan struct{} // closed when it execs or ends (a vfork parent waits)
	// parentLater says its parent is told of its end once its tracer
	// has reaped it (ptrace.go's ptraceReaped): till then the parent's
	// wait does not see it.
	parentLater bool
	childEvent  chan struct{} // closed (and replaced) when one of its children ends
}

func (c *childState) init() {
	c.dead = make(chan struct{})
	c.vforkDone = make(chan struct{})
	c.childEvent = make(chan struct{})
}

// gone reports whether t's thread should stop: the runner or its own
// process has ended.
func (t *Thread) gone() bool { return t.p.exited() || t.group.exiting || t.execed }

// waitStatus is the status word wait4 reports (Linux's encoding: the exit
// code in bits 8-15, or the killing signal in bits 0-6).
func (st ExitStatus) waitStatus() int {
	if st.Signal != 0 {
		return st.Signal & 0x7f
	}
	return (st.Code & 0xff) << 8
}

// waitStatus is g's status word as wait4 reports it, with WCOREDUMP's
// bit when its core was dumped.
func (g *threadGroup) waitStatus() int {
	ws := g.status.waitStatus()
	if g.coreDumped {
		ws |= wCoreFlag
	}
	return ws
}

// groupExit ends thread group g with st (exit_group, the last thread's
// exit, a fatal signal). A process other than the initial one is reported
// to its parent: SIGCHLD (its exit signal) and a zombie until waited for,
// or reaped at once if the parent ignores SIGCHLD or set SA_NOCLDWAIT. Its
// children become orphans, reaped when they end. The initial process has
// no guest parent: the runner stands for it. Orphans keep running after
// it ends, as on Linux, where init adopts them: the runner ends when the
// last guest process does, with the initial process's status (endIfLast).
func (p *Process) groupExit(g *threadGroup, st ExitStatus) {
	if g == p.group && !p.othersRun() {
		p.end(st, nil)
		return
	}
	if g.exiting {
		return
	}
	defer p.endIfLast()
	if g == p.group {
		p.firstStatus = st
		close(p.firstExit)
	}
	// The instruction counts of g's threads are the run's, kept when
	// the group goes: a thread that waits in a call (or for the lock)
	// has not added what it ran since its last quantum, and its
	// goroutine, woken below, may add it only after the run has ended
	// (Process.Instructions at Wait would then miss it, while the
	// recording's Run records have it: issue 26, exitwait.c).
	for _, t := range g.threads {
		t.flushCount()
	}
	g.exiting = true
	if g != p.group {
		// FirstAlone may say yes now: the initial process may have
		// stopped while this one lived.
		select {
		case p.firstStop <- struct{}{}: // FirstStops
		default:
		}
	}
	p.checkSession()
	close(g.dead)
	g.fs.release()
	p.recRelease(g, -1)
	if g.hostUndo != nil {
		p.semUndoPut(g.hostUndo, g.tgid)
		g.hostUndo = nil
	}
	for _, t := range g.threads { // all share one address space
		if g.host == nil {
			g.self.noteRSS(t.mm)
		}
		p.shmClose(t.mm, g.tgid)
		p.aioClose(t.mm)
		break
	}
	p.pidfdExit(g)
	for _, t := range g.threads {
		p.ptraceGone(t, st)
		p.threadGone(t)
		if g.cred == nil || t.tid == g.tgid {
			g.cred = t.cred
		}
		for sig := range t.sigq.queued {
			p.queuedN -= len(t.sigq.queued[sig])
		}
		t.exitSem()
		if t.files.users--; t.files.users == 0 {
			t.files.closeAll()
		}
		t.dropFS()
		t.wakeUp()
	}
	p.mqClosed(g) // its descriptors' close removed its mq_notify registrations
	for sig := range g.shared.queued {
		p.queuedN -= len(g.shared.queued[sig])
	}
	for _, tm := range g.timers {
		tm.disarm()
	}
	// A session leader's end hangs its session up (ctty.go).
	p.disassociate(g, true)
	// The groups g's end may orphan (Linux's exit_notify): its own, if its
	// parent (the runner's host parent for the first process) is in
	// another group of its session, and each child's in another group of
	// g's session.
	orphaning := []int{}
	if par := g.parent; g == p.group || par != nil && par.pgid != g.pgid && par.sid == g.sid {
		orphaning = append(orphaning, g.pgid)
	}
	for _, c := range p.groups {
		if c.parent == g {
			if c.pgid != g.pgid && c.sid == g.sid {
				orphaning = append(orphaning, c.pgid)
			}
			c.parent = nil
			if c.zombie {
				delete(p.groups, c.tgid)
			}
		}
	}
	for _, pg := range orphaning {
		p.killOrphanedPgrp(pg)
	}
	g.status = st
	g.zombie = true
	if d := p.dbg; d != nil && g == d.group {
		d.groupEnded(st)
	}
	g.vforkDoneOnce()
	if l := p.traced[g.tgid]; l != nil && l.exited && g.parent != nil && !g.parent.exiting {
		// Its tracer, not its parent, has its end to reap first
		// (ptraceReaped tells the parent then), as Linux's exit_notify
		// for a ptrace_reparented leader.
		g.parentLater = true
		return
	}
	p.notifyParent(g)
}

// notifyParent tells ended process g's parent of its end (its exit
// signal and a wake-up of its waits), or reaps it at once if the parent
// has gone or does not wait (Linux's do_notify_parent).
func (p *Process) notifyParent(g *threadGroup) {
	par := g.parent
	if par == nil || par.exiting {
		delete(p.groups, g.tgid)
		return
	}
	st := g.status
	code, status := cldEXITED, st.Code&0xff
	if st.Signal != 0 {
		code, status = cldKILLED, st.Signal
		if g.coreDumped {
			code = cldDUMPED
		}
	}
	if ldr := par.leaderActions(); ldr != nil {
		act := ldr.actions[abi.SIGCHLD]
		if act.handler == abi.SIG_IGN || act.flags&abi.SA_NOCLDWAIT != 0 {
			delete(p.groups, g.tgid) // no zombie (Linux's do_notify_parent autoreap)
		}
	}
	if g.exitSignal != 0 {
		p.postProcess(par, sigInfo{signo: g.exitSignal, code: code, pid: g.tgid, uid: int(g.creds().uid.r), status: status})
	}
	close(par.childEvent)
	par.childEvent = make(chan struct{})
}

// othersRun reports whether a guest process other than the initial one
// has not ended.
func (p *Process) othersRun() bool {
	for _, g := range p.groups {
		if g != p.group && !g.exiting {
			return true
		}
	}
	return false
}

// endIfLast ends the run, with the initial process's status, once that
// process and every other guest process have ended.
func (p *Process) endIfLast() {
	if p.group.exiting && !p.othersRun() {
		p.end(p.group.status, nil)
	}
}

func (g *threadGroup) vforkDoneOnce() {
	select {
	case <-g.vforkDone:
	default:
		close(g.vforkDone)
	}
}

// leaderActions returns the signal actions of g's threads (one table for
// a process), or nil if it has no thread left.
func (g *threadGroup) leaderActions() *sigHandlers {
	if t := g.threads[g.tgid]; t != nil {
		return t.sighand
	}
	for _, t := range g.threads {
		return t.sighand
	}
	return nil
}

// ppid is the parent's process id getppid answers: the guest parent, the
// runner's own parent for the initial process, 1 for an orphan (Linux
// reparents it to init).
func (t *Thread) ppid() int { return t.p.ppidOf(t.group) }

// ppidOf is the parent process id of guest process g.
func (p *Process) ppidOf(g *threadGroup) int {
	switch {
	case g == p.group && p.cfg.ParentPid > 0:
		return p.cfg.ParentPid
	case g == p.group:
		return unix.Getppid()
	case g.parent == nil:
		return 1
	}
	return g.parent.tgid
}

// guestPid reports whether pid is a process id the runner gave out (its
// own, or one of a guest process or thread): such a pid is never passed
// to the host's kill, which could reach an unrelated host process.
func (p *Process) guestPid(pid int) bool { return pid >= p.pid && pid < p.nextTID }

// hostTarget is ESRCH for a pid a signal from the guest must not be given
// to on the host: one the runner gave out (a guest process's, reaped
// then, whose number a host thread of the runner may have too), or a
// thread of the runner itself, which guest process ids are not (the
// host's kill of a thread id would signal the runner); 0 for another host
// process, which the guest may signal as under qemu-user.
func (p *Process) hostTarget(pid int) int {
	if p.guestPid(pid) || p.hostThread(pid) {
		return abi.ESRCH
	}
	return 0
}

// threadGone is the end of thread t for the processes it is the parent
// of (Linux's forget_original_parent: a parent is a thread): another
// thread of its process adopts them (the lowest id left, if any), and
// each child thread that asked with PR_SET_PDEATHSIG has its process sent
// that signal, as from t's process (SI_USER).
func (p *Process) threadGone(t *Thread) {
	g := t.group
	g.ioDead.add(&t.io)
	t.io = ioAcct{}
	heir := 0
	for tid, u := range g.threads {
		if u != t && !u.execed && (heir == 0 || tid < heir) {
			heir = tid
		}
	}
	for _, c := range p.groups {
		if c.parent != g || c.parentTid != t.tid || c.zombie || c.exiting {
			continue
		}
		c.parentTid = heir
		for _, u := range c.threads {
			if u.pdeathSig != 0 {
				p.postProcess(c, sigInfo{signo: u.pdeathSig, code: abi.SI_USER, pid: g.tgid, uid: int(t.cred.uid.r)})
			}
		}
	}
}

// hostGroup reports whether host process group pg is one a guest may
// signal or renice although no guest process is in it: one a host
// program the guest started (hostexec.go) leads, as after setsid(1) or a
// shell's job control. The runner's own group (which the first guest
// process starts in, and the runner's parent may be in) and any other
// host group are not: a guest never signals the runner or host
// processes it did not start.
func (p *Process) hostGroup(pg int) bool {
	if pg <= 0 || pg == unix.Getpgrp() {
		return false
	}
	for _, g := range p.groups {
		if g.host != nil && g.host.pid == pg {
			return true
		}
	}
	return false
}

// waited is what waitChild found: a child process and its event, or a
// tracee's stop or end (ptrace.go).
type waited struct {
	c  *threadGroup
	ev int
	pt *tracee
}

// waitChild looks for a child of t's process matched by match (given
// the process and its id, or a tracee's process and thread id), as
// Linux's do_wait: ECHILD without one; an ended one (with WEXITED) is
// returned (and reaped unless WNOWAIT), or one whose stop (WUNTRACED) or
// continue (WCONTINUED) has not been reported (jobctl.go), with the
// event, or a tracee's stop or end not reported (waitTraced); with
// WNOHANG nothing and 0 if there is none; else it waits (a signal
// restarts it or makes it EINTR as SA_RESTART says).
func (t *Thread) waitChild(match func(g *threadGroup, id int) bool, options uint32) (waited, int) {
	p := t.p
	signalled := false
	for {
		l, any := t.waitTraced(match, options)
		if l != nil {
			return waited{c: l.t.group, pt: l}, 0
		}
		for _, c := range p.groups {
			if c.parent != t.group || !match(c, c.tgid) {
				continue
			}
			// __WCLONE selects the children whose exit signal is not
			// SIGCHLD; __WALL both.
			if options&wALL == 0 && (c.exitSignal != abi.SIGCHLD) != (options&wCLONE != 0) {
				continue
			}
			any = true
			switch {
			case c.parentLater: // its tracer reaps it first
			case c.zombie && options&wEXITED != 0:
				if options&wNOWAIT == 0 {
					delete(p.groups, c.tgid)
					t.group.children.merge(&c.self)
					t.group.children.merge(&c.children)
					t.group.ioDead.add(&c.ioDead)
				}
				return waited{c: c, ev: evExit}, 0
			case c.zombie:
			case c.waitStop && c.stopped && options&wUNTRACED != 0:
				c.waitStop = c.waitStop && options&wNOWAIT != 0
				return waited{c: c, ev: evStop}, 0
			case c.waitCont && options&wCONTINUED != 0:
				c.waitCont = c.waitCont && options&wNOWAIT != 0
				return waited{c: c, ev: evCont}, 0
			}
		}
		if !any {
			return waited{}, abi.ECHILD
		}
		if options&wNOHANG != 0 {
			return waited{}, 0
		}
		if signalled {
			return waited{}, errRestart
		}
		switch t.waitFor(t.group.childEvent, -1) {
		case waitExit:
			return waited{}, errExit
		case waitSignal:
			// The children are looked at once more, as Linux's
			// do_wait does after any wake-up: a child's end that
			// came with its SIGCHLD is reported, not interrupted.
			signalled = true
		}
	}
}

// sysWaitpid is waitpid(pid, status, options): wait4 without rusage, as
// Linux's sys_waitpid (powerpc64 keeps the call).
func sysWaitpid(t *Thread, a *sysArgs) (uint64, int) {
	w := *a
	w[3] = 0
	return sysWait4(t, &w)
}

func sysWait4(t *Thread, a *sysArgs) (uint64, int) {
	pid, status, options, ru := a.Int(0), a.Ptr(1), uint32(a.Int(2)), a.Ptr(3)
	if options&^(wNOHANG|wUNTRACED|wCONTINUED|wALL|wCLONE|wNOTHREAD) != 0 {
		return 0, abi.EINVAL
	}
	self := t.group.pgid
	match := func(g *threadGroup, id int) bool {
		switch {
		case pid > 0:
			return id == pid
		case pid == 0:
			return g.pgid == self
		case pid < -1:
			return g.pgid == -pid
		}
		return true
	}
	w, e := t.waitChild(match, options|wEXITED)
	c := w.c
	if e != 0 || c == nil {
		return 0, e
	}
	id := c.tgid
	if status != 0 {
		// Linux's encoding: a stop is the signal<<8 | 0x7f, a continue
		// 0xffff.
		ws := c.waitStatus()
		switch {
		case w.pt != nil:
			ws, id = w.pt.waitStatus(), w.pt.tid
		case w.ev == evStop:
			ws = c.stopSig<<8 | 0x7f
		case w.ev == evCont:
			ws = 0xffff
		}
		if e := t.put32(status, uint32(ws)); e != 0 {
			return 0, e
		}
	}
	if ru != 0 {
		if e := putStruct(t, ru, abi.RusageLayout, c.rusage()); e != 0 {
			return 0, e
		}
	}
	if w.pt != nil {
		id = w.pt.tid
	}
	return uint64(id), 0
}

func sysWaitid(t *Thread, a *sysArgs) (uint64, int) {
	which, id, infop, options, ru := a.Int(0), a.Int(1), a.Ptr(2), uint32(a.Int(3)), a.Ptr(4)
	if options&^(wNOHANG|wUNTRACED|wEXITED|wCONTINUED|wNOWAIT|wALL|wCLONE|wNOTHREAD) != 0 || options&(wEXITED|wUNTRACED|wCONTINUED) == 0 {
		return 0, abi.EINVAL
	}
	var match func(g *threadGroup, id int) bool
	switch which {
	case pALL:
		match = func(*threadGroup, int) bool { return true }
	case pPID:
		if id <= 0 {
			return 0, abi.EINVAL
		}
		match = func(_ *threadGroup, tid int) bool { return tid == id }
	case pPGID:
		if id < 0 {
			return 0, abi.EINVAL
		}
		if id == 0 {
			id = t.group.pgid
		}
		match = func(g *threadGroup, _ int) bool { return g.pgid == id }
	case pPIDFD:
		// The process of a pidfd (pidfd.go); one opened with
		// PIDFD_NONBLOCK makes the wait WNOHANG, and EAGAIN if nothing
		// is ready (Linux's kernel_waitid).
		if id < 0 {
			return 0, abi.EINVAL
		}
		h := t.fd(id)
		if h < 0 || h == badFD {
			return 0, abi.EBADF
		}
		g := t.files.pidfds[h]
		if g == nil {
			if l, err := os.Readlink(fmt.Sprintf("/proc/self/fd/%d", h)); err != nil || l != "anon_inode:[pidfd]" {
				return 0, abi.EBADF
			}
			// A host process's pidfd: never the guest's child.
		}
		match = func(c *threadGroup, id int) bool { return c == g && id == c.tgid }
		if fl, err := unix.FcntlInt(uintptr(h), unix.F_GETFL, 0); err == nil && fl&unix.O_NONBLOCK != 0 && options&wNOHANG == 0 {
			w, e := t.waitChild(match, options|wNOHANG)
			if e == 0 && w.c == nil {
				return 0, abi.EAGAIN
			}
			return t.waitidResult(w, e, infop, ru)
		}
	default:
		return 0, abi.EINVAL
	}
	w, e := t.waitChild(match, options)
	return t.waitidResult(w, e, infop, ru)
}

// waitidResult stores what waitChild found (w, or the error e) at
// waitid's infop and ru.
func (t *Thread) waitidResult(w waited, e int, infop, ru uint64) (uint64, int) {
	c, ev := w.c, w.ev
	if e != 0 {
		return 0, e
	}
	if infop != 0 {
		var si abi.Siginfo
		if c != nil {
			si = abi.Siginfo{Signo: abi.SIGCHLD, Code: cldEXITED, Pid: int32(c.tgid), UID: c.creds().uid.r, Value: uint64(uint32(c.status.Code & 0xff))}
			switch {
			case w.pt != nil && !w.pt.exited:
				si.Pid, si.UID, si.Code, si.Value = int32(w.pt.tid), w.pt.t.cred.uid.r, cldTRAPPED, uint64(uint32(w.pt.code))
			case w.pt != nil:
				si.Pid, si.UID, si.Code, si.Value = int32(w.pt.tid), w.pt.t.cred.uid.r, cldEXITED, uint64(uint32(w.pt.status>>8&0xff))
				if w.pt.status&0x7f != 0 {
					si.Code, si.Value = cldKILLED, uint64(uint32(w.pt.status&0x7f))
				}
			case ev == evStop:
				si.Code, si.Value = cldSTOPPED, uint64(uint32(c.stopSig))
			case ev == evCont:
				si.Code, si.Value = cldCONTINUED, abi.SIGCONT
			case c.status.Signal != 0:
				si.Code, si.Value = cldKILLED, uint64(uint32(c.status.Signal))
				if c.coreDumped {
					si.Code = cldDUMPED
				}
			}
			if !t.p.le {
				si.Value <<= 32 // si_status is the int at offset 24: the first half of si_value's place
			}
		}
		if e := putStruct(t, infop, abi.SiginfoLayout, &si); e != 0 {
			return 0, e
		}
	}
	if ru != 0 {
		r := &abi.Rusage{}
		if c != nil {
			r = c.rusage()
		}
		if e := putStruct(t, ru, abi.RusageLayout, r); e != 0 {
			return 0, e
		}
	}
	return 0, 0
}
