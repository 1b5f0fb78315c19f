//go:build linux

package linux

import (
	"maps"
	"slices"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

func sysExitGroup(t *Thread, a *sysArgs) (uint64, int) {
	t.exitGroup(ExitStatus{Code: a.Int(0) & 0xff})
	return 0, errExit
}

// exitGroup ends t's process with st (exit_group, a fatal signal), as
// Linux's do_group_exit: every thread passes through do_exit, so each
// traced thread with PTRACE_O_TRACEEXIT makes its exit event stop first
// (ptrace.go). If there is one (t too), the other threads are sent
// SIGKILL (zap_other_threads), which they take as their part in the end
// (its status st: Linux's group_exit_code), the traced ones with their
// exit stops; the last of those to be done ends the process, the others
// wait for that.
func (t *Thread) exitGroup(st ExitStatus) {
	g, p := t.group, t.p
	if g.exitLeft > 0 {
		st = g.exitSt // t's part in another thread's exit_group
	} else if len(p.traced) != 0 && len(g.threads) > 1 {
		ids := slices.Sorted(maps.Keys(g.threads))
		for _, tid := range ids {
			if u := g.threads[tid]; u.pt != nil && u.pt.opts&(1<<ptraceEventExit) != 0 {
				u.exitPart = true
				g.exitLeft++
			}
		}
		if g.exitLeft > 0 {
			g.exitSt = st
			for _, tid := range ids {
				if u := g.threads[tid]; u != t {
					u.post(sigInfo{signo: abi.SIGKILL, code: abi.SI_KERNEL})
				}
			}
		}
	}
	ended := t.ptraceExit(st)
	if t.exitPart {
		t.exitPart = false
		g.exitLeft--
	}
	if ended {
		return
	}
	if g.exitLeft == 0 {
		t.flushCount()
		p.groupExit(g, st)
		return
	}
	for !t.gone() {
		t.unlock()
		select {
		case <-g.dead:
		case <-p.done:
		}
		t.lock()
	}
}

func sysSetTidAddress(t *Thread, a *sysArgs) (uint64, int) {
	t.clearTID = a.Ptr(0)
	return uint64(t.tid), 0
}

func sysExit(t *Thread, a *sysArgs) (uint64, int) {
	return t.exitThread(ExitStatus{Code: a.Int(0) & 0xff})
}

// exitThread ends t as Linux's do_exit: its process ends with status st
// if t was its last thread.
func (t *Thread) exitThread(st ExitStatus) (uint64, int) {
	p := t.p
	if t.group.exitLeft > 0 {
		t.exitGroup(st) // its process's end is under way
		return 0, errExit
	}
	if t.ptraceExit(st) {
		return 0, errExit
	}
	t.exitRobustList()
	if t.clearTID != 0 {
		if t.put32(t.clearTID, 0) == 0 {
			p.futexWake(t.futexAt(t.clearTID, 0), 1, abi.FUTEX_BITSET_ANY)
		}
	}
	for sig := range t.sigq.queued {
		p.queuedN -= len(t.sigq.queued[sig]) // a thread's own pending signals end with it
	}
	t.flushCount()
	t.exitSem()
	if t.files.users--; t.files.users == 0 {
		t.files.closeAll() // its last thread: the descriptors close, as Linux's exit_files
	}
	t.dropFS()
	p.ptraceGone(t, st)
	p.threadGone(t)
	delete(t.group.threads, t.tid)
	if t.group.nthreads.Add(-1) == 0 {
		p.groupExit(t.group, st)
	}
	return 0, errExit
}

// CLONE_PIDFD and CLONE_DETACHED (uapi linux/sched.h).
const (
	clonePidfd    = 0x1000
	cloneDetached = 0x400000
)

func sysClone(t *Thread, a *sysArgs) (uint64, int) {
	p := t.p
	flags, stack, ptid, tls, ctid := a.Ulong(0), a.Ptr(1), a.Ptr(2), a.Ptr(3), a.Ptr(4)
	if e := cloneCheck(flags); e != 0 {
		return 0, e
	}
	if flags&clonePidfd != 0 {
		// Linux's copy_process and sys_clone: not for a thread, and
		// the pidfd goes where CLONE_PARENT_SETTID would put the id.
		if flags&(cloneDetached|abi.CLONE_THREAD|abi.CLONE_PARENT_SETTID) != 0 {
			return 0, abi.EINVAL
		}
		if !t.writable(ptid, 4) {
			return 0, abi.EFAULT
		}
	}
	if e := t.taskLimit(); e != 0 {
		return 0, e
	}
	if flags&(abi.CLONE_THREAD|abi.CLONE_FS) == abi.CLONE_THREAD {
		// A thread without CLONE_FS would need a working directory and
		// umask of its own; a new process shares the runner's (see the
		// package documentation).
		return 0, abi.ENOSYS
	}
	tid := p.nextTID
	res, e := t.cloneResources(flags, tid)
	if e != 0 {
		return 0, e
	}
	var pidfd uint64
	if flags&clonePidfd != 0 {
		// In the parent's table only (a forked child's copy is made).
		if pidfd, e = t.newPidfd(res.group, 0); e != 0 {
			if flags&abi.CLONE_FILES == 0 {
				res.files.closeAll()
			}
			return 0, e
		}
	}
	p.nextTID++
	if flags&abi.CLONE_THREAD == 0 {
		// A new guest process (fork.go): a child of t's process (or of
		// its parent with CLONE_PARENT), in its process group.
		g := res.group
		g.parent, g.parentTid, g.pgid, g.sid, g.exitSignal = t.group, t.tid, t.group.pgid, t.group.sid, int(flags&0xff)
		g.tty = t.group.tty
		if flags&cloneParent != 0 {
			g.parent, g.parentTid = t.group.parent, t.group.parentTid
		}
		p.groups[tid] = g
		if d := p.debugging(t); d != nil {
			d.forked(t, tid, flags)
		}
	}
	c := p.newThread(tid, res)
	if flags&abi.CLONE_SYSVSEM != 0 {
		// Linux's copy_semundo: t's list, made to be shared; without
		// the flag the new thread has none.
		c.semUndo = t.semUndoList()
		c.semUndo.users++
	}
	if res.group == t.group && t.ownFS != nil {
		c.ownFS = t.ownFS // CLONE_FS: a thread shares its creator's
		c.ownFS.users++
	}
	c.comm, c.cred, c.sched, c.personality, c.mempol = t.comm, t.cred, t.sched.forked(), t.personality, t.mempol
	c.seccomp = t.seccomp
	c.slack = t.slack.forked()
	// The child starts from the parent's state after the sc (NIP is
	// already past it), as returning from the kernel: no reservation.
	c.ctx = t.ctx
	c.ctx.SwitchOut()
	c.ctx.Regs.GPR[3] = 0
	c.ctx.Regs.CR &^= crSO
	if stack != 0 {
		c.ctx.Regs.GPR[1] = stack
	}
	if flags&abi.CLONE_SETTLS != 0 {
		c.ctx.Regs.GPR[13] = tls
	}
	c.mask = t.mask
	if flags&abi.CLONE_VM == 0 {
		// A new address space keeps the rseq registration (Linux's
		// rseq_fork); a thread starts without one.
		c.rseq, c.rseqSig = t.rseq, t.rseqSig
	}
	if flags&abi.CLONE_PARENT_SETTID != 0 {
		t.put32(ptid, uint32(tid))
	}
	if flags&clonePidfd != 0 {
		t.put32(ptid, uint32(pidfd))
	}
	if flags&abi.CLONE_CHILD_SETTID != 0 {
		// In the child's memory (Linux's schedule_tail, the child's
		// first act): a forked child's copy, not the parent's, where
		// glibc's fork points it at the thread's own tid field, which
		// its locks use to name their owner (forktid.c).
		c.put32(ctid, uint32(tid))
	}
	if flags&abi.CLONE_CHILD_CLEARTID != 0 {
		c.clearTID = ctid
	}
	// A traced caller's child may be traced too, and the caller stops
	// for the event once the child runs (ptrace.go).
	event := t.ptraceCloneEvent(flags)
	t.ptraceCloned(c, flags, event)
	if p.rec != nil {
		p.gil.book(c.gilWake) // the child runs after the threads waiting now (gil.go)
	}
	go c.run()
	if event != 0 && t.ptraceEvent(event, uint64(tid)) {
		return 0, errExit
	}
	if flags&abi.CLONE_VFORK != 0 && flags&abi.CLONE_THREAD == 0 {
		// The parent sleeps until the child execs or ends (Linux's
		// wait_for_vfork_done: signals stay pending meanwhile).
		done := c.group.vforkDone
		t.unlock()
		select {
		case <-done:
		case <-p.done:
		case <-t.group.dead:
		}
		t.lock()
		if t.gone() || t.ptraceEvent(ptraceEventVforkDone, uint64(tid)) {
			return 0, errExit
		}
	}
	return uint64(tid), 0
}

func sysFork(t *Thread, a *sysArgs) (uint64, int) {
	return sysClone(t, &sysArgs{abi.SIGCHLD})
}

func sysVfork(t *Thread, a *sysArgs) (uint64, int) {
	return sysClone(t, &sysArgs{abi.CLONE_VM | abi.CLONE_VFORK | abi.SIGCHLD})
}

// futexQueue is the list of threads waiting on one futex word.
type futexQueue struct {
	waiters []*futexWaiter
}

type futexWaiter struct {
	ch     chan struct{}
	bitset uint32
	t      *Thread  // the waiting thread
	key    futexKey // the queue it is in: its futex's, or the one FUTEX_CMP_REQUEUE moved it to
	// vec is the wait of a futex_waitv call this waiter is one of (they
	// share ch), or nil.
	vec   *futexVec
	woken bool // a wake took it out of its queue
}

// futexVec is one futex_waitv call's wait (futexwaitv.go).
type futexVec struct {
	closed bool // ch is closed: a wake has ended the wait
}

// wake ends w's wait: it closes w's channel, but once only for the
// waiters of one futex_waitv call, each of which is marked woken.
func (w *futexWaiter) wake() {
	w.woken = true
	if w.vec != nil {
		if w.vec.closed {
			return
		}
		w.vec.closed = true
	}
	if w.t.p.rec != nil {
		w.t.p.gil.book(w.t.gilWake) // it runs again in the order of its wake-up (gil.go)
	}
	close(w.ch)
}

// futexKey names a futex word as Linux's get_futex_key does: a private
// futex, or a shared one in private memory, is an address in one address
// space (space is its *addressSpace); a shared futex in a shared mapping
// is an offset in the object mapped (space is the *mem.Shared of
// anonymous memory, or the fileID of a file), whichever process and
// address map it.
type futexKey struct {
	space any
	off   uint64
}

// fileID names a host file (its device and inode number).
type fileID struct{ dev, ino uint64 }

// futexAt returns the key of the futex word at addr for a futex call
// with op's flags.
func (t *Thread) futexAt(addr, op uint64) futexKey {
	if op&abi.FUTEX_PRIVATE_FLAG == 0 {
		if s, off, ok := t.mm.Mem.SharedAt(addr); ok {
			if f, ok := s.Owner.(*sharedFile); ok {
				return futexKey{f.id, f.off + off}
			}
			return futexKey{s, off}
		}
	}
	return futexKey{t.mm, addr}
}

func (p *Process) futexWake(k futexKey, n int, bitset uint32) int {
	q := p.futexes[k]
	if q == nil {
		return 0
	}
	woken := 0
	rest := q.waiters[:0]
	for _, w := range q.waiters {
		if woken < n && w.bitset&bitset != 0 {
			w.wake()
			woken++
			continue
		}
		rest = append(rest, w)
	}
	q.waiters = rest
	if len(rest) == 0 {
		delete(p.futexes, k)
	}
	return woken
}

// futexRemove takes w out of its queue (a timeout, a signal).
func (p *Process) futexRemove(w *futexWaiter) {
	k := w.key
	q := p.futexes[k]
	if q == nil {
		return
	}
	for i, x := range q.waiters {
		if x == w {
			q.waiters = append(q.waiters[:i], q.waiters[i+1:]...)
			break
		}
	}
	if len(q.waiters) == 0 {
		delete(p.futexes, k)
	}
}

// futexBitset is the bitset of a futex wait or wake: val3 for the
// _BITSET commands, where 0 is EINVAL; FUTEX_BITSET_ANY otherwise.
func futexBitset(bitsetCmd bool, val3 uint32) (uint32, int) {
	switch {
	case !bitsetCmd:
		return abi.FUTEX_BITSET_ANY, 0
	case val3 == 0:
		return 0, abi.EINVAL
	}
	return val3, 0
}

// futexWait waits on the futex at addr (its value checked already) until
// a wake, the deadline (none if zero) or a signal. A signal ends a wait
// without a deadline with ERESTARTSYS (a restart under SA_RESTART), a
// timed one with ERESTART_RESTARTBLOCK and a restart block that waits
// again to the same deadline if the value is still val (Linux's
// futex_wait and futex_wait_restart, which first resets the block).
func futexWait(t *Thread, addr, op uint64, val, bitset uint32, deadline time.Time) (uint64, int) {
	p := t.p
	d := time.Duration(-1)
	if !deadline.IsZero() {
		d = max(time.Until(deadline), 0)
	}
	k := t.futexAt(addr, op)
	w := &futexWaiter{ch: make(chan struct{}), bitset: bitset, t: t, key: k}
	q := p.futexes[k]
	if q == nil {
		q = &futexQueue{}
		p.futexes[k] = q
	}
	q.waiters = append(q.waiters, w)
	switch t.waitFor(w.ch, d) {
	case waitReady:
		return 0, 0
	case waitTimeout:
		p.futexRemove(w)
		return 0, abi.ETIMEDOUT
	case waitExit:
		return 0, errExit
	}
	p.futexRemove(w)
	if deadline.IsZero() {
		return 0, errRestart
	}
	t.restartFn = func(t *Thread) (uint64, int) {
		t.restartFn = nil
		cur, e := t.get32(addr)
		switch {
		case e != 0:
			return 0, e
		case cur != val:
			return 0, abi.EAGAIN
		}
		return futexWait(t, addr, op, val, bitset, deadline)
	}
	return 0, errRestartBlock
}

func sysFutex(t *Thread, a *sysArgs) (uint64, int) {
	p := t.p
	addr, op, val, timeout, addr2, val3 := a.Ptr(0), a.Ulong(1), a.Uint(2), a.Ptr(3), a.Ptr(4), a.Uint(5)
	cmd := op &^ (abi.FUTEX_PRIVATE_FLAG | abi.FUTEX_CLOCK_REALTIME) & 0xffffffff
	switch cmd {
	case abi.FUTEX_WAIT, abi.FUTEX_WAIT_BITSET:
		bitset, e := futexBitset(cmd == abi.FUTEX_WAIT_BITSET, val3)
		if e != 0 {
			return 0, e
		}
		if addr&3 != 0 {
			return 0, abi.EINVAL
		}
		cur, e := t.get32(addr)
		if e != 0 {
			return 0, e
		}
		if cur != val {
			return 0, abi.EAGAIN
		}
		d := time.Duration(-1)
		if timeout != 0 {
			var e int
			d, e = t.getTimespec(timeout)
			if e != 0 {
				return 0, e
			}
			if cmd == abi.FUTEX_WAIT_BITSET {
				// An absolute time on CLOCK_REALTIME or CLOCK_MONOTONIC.
				clock := int32(unix.CLOCK_MONOTONIC)
				if op&abi.FUTEX_CLOCK_REALTIME != 0 {
					clock = unix.CLOCK_REALTIME
				}
				var ts unix.Timespec
				_ = unix.ClockGettime(clock, &ts)
				d -= time.Duration(ts.Sec)*time.Second + time.Duration(ts.Nsec)
				d = max(d, 0)
			}
		}
		if d < 0 {
			return futexWait(t, addr, op, val, bitset, time.Time{})
		}
		return futexWait(t, addr, op, val, bitset, time.Now().Add(d))
	case abi.FUTEX_WAKE, abi.FUTEX_WAKE_BITSET:
		bitset, e := futexBitset(cmd == abi.FUTEX_WAKE_BITSET, val3)
		if e != 0 {
			return 0, e
		}
		if e := t.futexKey(addr, op); e != 0 {
			return 0, e
		}
		return uint64(p.futexWake(t.futexAt(addr, op), int(int32(val)), bitset)), 0
	case abi.FUTEX_WAKE_OP:
		return futexWakeOp(t, addr, op, int(int32(val)), int(int32(timeout)), addr2, val3)
	case abi.FUTEX_REQUEUE, abi.FUTEX_CMP_REQUEUE:
		if int32(val) < 0 || int32(timeout) < 0 {
			return 0, abi.EINVAL
		}
		if e := t.futexKey(addr, op); e != 0 {
			return 0, e
		}
		if e := t.futexKey(addr2, op); e != 0 {
			return 0, e
		}
		if cmd == abi.FUTEX_CMP_REQUEUE {
			cur, e := t.get32(addr)
			if e != 0 {
				return 0, e
			}
			if cur != val3 {
				return 0, abi.EAGAIN
			}
		}
		k, k2 := t.futexAt(addr, op), t.futexAt(addr2, op)
		n := p.futexWake(k, int(int32(val)), abi.FUTEX_BITSET_ANY)
		// Move up to timeout (val2) waiters to addr2.
		moved := 0
		if q := p.futexes[k]; q != nil {
			limit := int(int32(timeout))
			for len(q.waiters) > 0 && moved < limit {
				w := q.waiters[0]
				q.waiters = q.waiters[1:]
				q2 := p.futexes[k2]
				if q2 == nil {
					q2 = &futexQueue{}
					p.futexes[k2] = q2
				}
				q2.waiters = append(q2.waiters, w)
				w.key = k2
				moved++
			}
			if len(q.waiters) == 0 {
				delete(p.futexes, k)
			}
		}
		return uint64(n + moved), 0
	}
	return 0, abi.ENOSYS
}

// futexKey checks a futex word's address as Linux's get_futex_key does:
// a word not 4-byte aligned is EINVAL, one beyond the user address space
// EFAULT; a shared futex (without FUTEX_PRIVATE_FLAG) must be on a mapped,
// readable page (Linux looks its page up: EFAULT), a private one is not
// looked up.
func (t *Thread) futexKey(addr, op uint64) int {
	if addr&3 != 0 {
		return abi.EINVAL
	}
	if addr > taskSize-4 {
		return abi.EFAULT
	}
	if op&abi.FUTEX_PRIVATE_FLAG == 0 {
		if p, ok := t.mm.Mem.Perm(addr); !ok || p&mem.Read == 0 {
			return abi.EFAULT
		}
	}
	return 0
}

// futexWakeOp is FUTEX_WAKE_OP (kernel/futex/waitwake.c, futex_wake_op):
// it applies the operation encoded in enc to the word at addr2 (atomic for
// the guest: its threads run one at a time), wakes up to n waiters on addr
// and, if the word's old value passes the encoded comparison, up to n2 on
// addr2. enc: bits 28-30 the operation (set, add, or, andn, xor), bit 31
// "the operand is a shift count", bits 24-27 the comparison (eq, ne, lt,
// le, gt, ge), bits 12-23 the operand and 0-11 the comparand (signed).
func futexWakeOp(t *Thread, addr, op uint64, n, n2 int, addr2 uint64, enc uint32) (uint64, int) {
	if e := t.futexKey(addr, op); e != 0 {
		return 0, e
	}
	if e := t.futexKey(addr2, op); e != 0 {
		return 0, e
	}
	oparg := int32(enc<<8) >> 20
	cmparg := int32(enc<<20) >> 20
	if enc&(1<<31) != 0 {
		oparg = 1 << (uint32(oparg) & 31)
	}
	if pr, ok := t.mm.Mem.Perm(addr2); !ok || pr&mem.Write == 0 {
		return 0, abi.EFAULT
	}
	old, e := t.get32(addr2)
	if e != 0 {
		return 0, e
	}
	v := uint32(oparg)
	switch enc >> 28 & 7 {
	case 0:
	case 1:
		v += old
	case 2:
		v |= old
	case 3:
		v = old &^ v
	case 4:
		v ^= old
	default:
		return 0, abi.ENOSYS
	}
	if e := t.put32(addr2, v); e != 0 {
		return 0, e
	}
	o := int32(old)
	var hit bool
	switch enc >> 24 & 15 {
	case 0:
		hit = o == cmparg
	case 1:
		hit = o != cmparg
	case 2:
		hit = o < cmparg
	case 3:
		hit = o <= cmparg
	case 4:
		hit = o > cmparg
	case 5:
		hit = o >= cmparg
	default:
		return 0, abi.ENOSYS
	}
	woken := t.p.futexWake(t.futexAt(addr, op), n, abi.FUTEX_BITSET_ANY)
	if hit {
		woken += t.p.futexWake(t.futexAt(addr2, op), n2, abi.FUTEX_BITSET_ANY)
	}
	return uint64(woken), 0
}

// flushCount adds the thread's instructions to the process's count before
// the process may end, so that Instructions is complete when Wait returns.
func (t *Thread) flushCount() {
	t.p.instructions.Add(t.count)
	t.count = 0
}
