package linux

import (
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

func init() {
	def(abi.SYS_EXIT_GROUP, func(t *Thread, a *[6]uint64) (uint64, int) {
		t.flushCount()
		t.p.end(ExitStatus{Code: int(a[0] & 0xff)}, nil)
		return 0, errExit
	})
	def(abi.SYS_EXIT, sysExit)
	def(abi.SYS_SET_TID_ADDRESS, func(t *Thread, a *[6]uint64) (uint64, int) {
		t.clearTID = a[0]
		return uint64(t.tid), 0
	})
	def(abi.SYS_CLONE, sysClone)
	def(abi.SYS_FUTEX, sysFutex)
}

func sysExit(t *Thread, a *[6]uint64) (uint64, int) {
	p := t.p
	if t.clearTID != 0 {
		if t.put32(t.clearTID, 0) == 0 {
			p.futexWake(t.clearTID, 1, abi.FUTEX_BITSET_ANY)
		}
	}
	for sig := range t.queued {
		p.queuedN -= len(t.queued[sig]) // a thread's pending signals end with it
	}
	t.flushCount()
	delete(p.threads, t.tid)
	if p.nthreads.Add(-1) == 0 {
		p.end(ExitStatus{Code: int(a[0] & 0xff)}, nil)
	}
	return 0, errExit
}

func sysClone(t *Thread, a *[6]uint64) (uint64, int) {
	p := t.p
	flags, stack, ptid, tls, ctid := a[0], a[1], a[2], a[3], a[4]
	const need = abi.CLONE_VM | abi.CLONE_THREAD | abi.CLONE_SIGHAND
	if flags&need != need {
		// fork, vfork and processes that share nothing are not supported.
		return 0, abi.ENOSYS
	}
	tid := p.nextTID
	p.nextTID++
	c := p.newThread(tid)
	c.r = t.r // NIP is already past the sc
	c.r.GPR[3] = 0
	c.r.CR &^= 1 << 28
	if stack != 0 {
		c.r.GPR[1] = stack
	}
	if flags&abi.CLONE_SETTLS != 0 {
		c.r.GPR[13] = tls
	}
	c.mask = t.mask
	if flags&abi.CLONE_PARENT_SETTID != 0 {
		t.put32(ptid, uint32(tid))
	}
	if flags&abi.CLONE_CHILD_SETTID != 0 {
		t.put32(ctid, uint32(tid))
	}
	if flags&abi.CLONE_CHILD_CLEARTID != 0 {
		c.clearTID = ctid
	}
	go c.run()
	return uint64(tid), 0
}

// futexQueue is the list of threads waiting on one futex word.
type futexQueue struct {
	waiters []*futexWaiter
}

type futexWaiter struct {
	ch     chan struct{}
	bitset uint32
}

func (p *Process) futexWake(addr uint64, n int, bitset uint32) int {
	q := p.futexes[addr]
	if q == nil {
		return 0
	}
	woken := 0
	rest := q.waiters[:0]
	for _, w := range q.waiters {
		if woken < n && w.bitset&bitset != 0 {
			close(w.ch)
			woken++
			continue
		}
		rest = append(rest, w)
	}
	q.waiters = rest
	if len(rest) == 0 {
		delete(p.futexes, addr)
	}
	return woken
}

func (p *Process) futexRemove(addr uint64, w *futexWaiter) {
	q := p.futexes[addr]
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
		delete(p.futexes, addr)
	}
}

func sysFutex(t *Thread, a *[6]uint64) (uint64, int) {
	p := t.p
	addr, op, val, timeout, addr2, val3 := a[0], a[1], uint32(a[2]), a[3], a[4], uint32(a[5])
	cmd := op &^ (abi.FUTEX_PRIVATE_FLAG | abi.FUTEX_CLOCK_REALTIME) & 0xffffffff
	switch cmd {
	case abi.FUTEX_WAIT, abi.FUTEX_WAIT_BITSET:
		bitset := uint32(abi.FUTEX_BITSET_ANY)
		if cmd == abi.FUTEX_WAIT_BITSET {
			bitset = val3
			if bitset == 0 {
				return 0, abi.EINVAL
			}
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
		w := &futexWaiter{ch: make(chan struct{}), bitset: bitset}
		q := p.futexes[addr]
		if q == nil {
			q = &futexQueue{}
			p.futexes[addr] = q
		}
		q.waiters = append(q.waiters, w)
		switch t.waitFor(w.ch, d) {
		case waitReady:
			return 0, 0
		case waitTimeout:
			p.futexRemove(addr, w)
			return 0, abi.ETIMEDOUT
		case waitExit:
			return 0, errExit
		default:
			p.futexRemove(addr, w)
			if timeout != 0 {
				// Linux restarts a timed wait only for a signal
				// without a handler (ERESTART_RESTARTBLOCK): a handler
				// sees EINTR, SA_RESTART or not.
				return 0, abi.EINTR
			}
			return 0, errRestart
		}
	case abi.FUTEX_WAKE, abi.FUTEX_WAKE_BITSET:
		bitset := uint32(abi.FUTEX_BITSET_ANY)
		if cmd == abi.FUTEX_WAKE_BITSET {
			bitset = val3
		}
		return uint64(p.futexWake(addr, int(int32(val)), bitset)), 0
	case abi.FUTEX_REQUEUE, abi.FUTEX_CMP_REQUEUE:
		if cmd == abi.FUTEX_CMP_REQUEUE {
			cur, e := t.get32(addr)
			if e != 0 {
				return 0, e
			}
			if cur != val3 {
				return 0, abi.EAGAIN
			}
		}
		n := p.futexWake(addr, int(int32(val)), abi.FUTEX_BITSET_ANY)
		// Move up to timeout (val2) waiters to addr2.
		moved := 0
		if q := p.futexes[addr]; q != nil {
			limit := int(int32(timeout))
			for len(q.waiters) > 0 && moved < limit {
				w := q.waiters[0]
				q.waiters = q.waiters[1:]
				q2 := p.futexes[addr2]
				if q2 == nil {
					q2 = &futexQueue{}
					p.futexes[addr2] = q2
				}
				q2.waiters = append(q2.waiters, w)
				moved++
			}
			if len(q.waiters) == 0 {
				delete(p.futexes, addr)
			}
		}
		return uint64(n + moved), 0
	}
	return 0, abi.ENOSYS
}

// flushCount adds the thread's instructions to the process's count before
// the process may end, so that Instructions is complete when Wait returns.
func (t *Thread) flushCount() {
	t.p.instructions.Add(t.count)
	t.count = 0
}
