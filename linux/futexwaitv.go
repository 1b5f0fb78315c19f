//go:build linux

package linux

import (
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// sysFutexWaitv is futex_waitv(2) (Linux 5.16; kernel/futex/syscalls.c
// and waitwake.c): wait on up to FUTEX_WAITV_MAX futex words at once, in
// the queues FUTEX_WAKE wakes (sys_thread.go). Checked in Linux 6.1's
// order: flags (none defined: EINVAL), the count (1 to 128) and a null
// array (EINVAL), the timeout's clock (CLOCK_MONOTONIC or CLOCK_REALTIME,
// else EINVAL, only with a timeout), the timeout (EFAULT, EINVAL; an
// absolute time on that clock), then each entry (EFAULT; flags other than
// FUTEX_32 and FUTEX_PRIVATE_FLAG, no FUTEX_32, or a reserved word not 0:
// EINVAL), each address (futexKey: EINVAL, EFAULT), each word in order
// (EFAULT; EAGAIN for one that differs from its entry's value, of which
// the low 32 bits count). It returns the index of a woken futex (the
// highest one, when several were woken before the thread ran), ETIMEDOUT
// at the deadline, and for a signal restarts as ERESTARTSYS does.
func sysFutexWaitv(t *Thread, a *sysArgs) (uint64, int) {
	addr, nr, clockid := a.Ptr(0), a.Uint(1), a.Int(4)
	if a.Uint(2) != 0 || nr == 0 || nr > abi.FUTEX_WAITV_MAX || addr == 0 {
		return 0, abi.EINVAL
	}
	d := time.Duration(-1)
	if a.Ptr(3) != 0 {
		if clockid != unix.CLOCK_MONOTONIC && clockid != unix.CLOCK_REALTIME {
			return 0, abi.EINVAL
		}
		abs, e := t.getTimespec(a.Ptr(3))
		if e != 0 {
			return 0, e
		}
		var now unix.Timespec
		_ = unix.ClockGettime(int32(clockid), &now)
		d = max(abs-time.Duration(now.Nano()), 0)
	}
	vs := make([]abi.FutexWaitv, nr)
	for i := range vs {
		v, e := getStruct(t, addr+uint64(i*abi.FutexWaitvLayout.Size()), abi.FutexWaitvLayout)
		if e != 0 {
			return 0, e
		}
		if v.Flags&^(abi.FUTEX_32|abi.FUTEX_PRIVATE_FLAG) != 0 || v.Reserved != 0 || v.Flags&abi.FUTEX_32 == 0 {
			return 0, abi.EINVAL
		}
		vs[i] = v
	}
	for _, v := range vs {
		if e := t.futexKey(v.Uaddr, uint64(v.Flags)); e != 0 {
			return 0, e
		}
	}
	for _, v := range vs {
		cur, e := t.get32(v.Uaddr)
		if e != 0 {
			return 0, e
		}
		if cur != uint32(v.Val) {
			return 0, abi.EAGAIN
		}
	}
	// Queued in order under the process lock: no wake comes between the
	// reads above and the queueing, as none comes under Linux's bucket
	// locks.
	p, ch, vec := t.p, make(chan struct{}), &futexVec{}
	ws := make([]*futexWaiter, len(vs))
	for i, v := range vs {
		k := t.futexAt(v.Uaddr, uint64(v.Flags))
		ws[i] = &futexWaiter{ch: ch, bitset: abi.FUTEX_BITSET_ANY, t: t, key: k, vec: vec}
		q := p.futexes[k]
		if q == nil {
			q = &futexQueue{}
			p.futexes[k] = q
		}
		q.waiters = append(q.waiters, ws[i])
	}
	r := t.waitFor(ch, d)
	if r == waitExit {
		return 0, errExit
	}
	woken := -1
	for i, w := range ws {
		if w.woken {
			woken = i
		} else {
			p.futexRemove(w)
		}
	}
	switch {
	case woken >= 0:
		return uint64(woken), 0
	case r == waitTimeout:
		return 0, abi.ETIMEDOUT
	}
	return 0, errRestart
}
