//go:build linux

package linux

import (
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// POSIX per-process timers: timer_create, timer_settime, timer_gettime,
// timer_getoverrun, timer_delete. A timer is a Go timer whose expiry posts
// a signal to the guest (SIGEV_SIGNAL: to the process; SIGEV_THREAD_ID: to
// one thread; glibc builds SIGEV_THREAD on SIGEV_THREAD_ID) with si_code
// SI_TIMER, si_timerid, si_overrun and si_value. As in Linux, a timer has
// at most one signal queued: expiries while it is pending count as
// overruns, reported in si_overrun when it is taken and by
// timer_getoverrun.
//
// struct sigevent on powerpc64: sigev_value (8 bytes) at 0, sigev_signo
// (int) at 8, sigev_notify (int) at 12, and for SIGEV_THREAD_ID the
// thread id (int) at 16; 64 bytes in all.

const (
	sigevSignal   = 0
	sigevNone     = 1
	sigevThread   = 2
	sigevThreadID = 4
	siTimer       = -2
	timerAbstime  = 1
	maxOverrun    = 1<<31 - 1
)

// posixTimer is one timer_create timer.
type posixTimer struct {
	group       *threadGroup // the thread group that created it, whose signal it sends
	id          int
	clock       int
	notify, sig int
	tid         int
	value       uint64
	interval    time.Duration
	next        time.Time // expiry (zero: disarmed)
	gen         int       // bumped by every settime and delete: stale fires are ignored
	t           *time.Timer
	queued      bool // its signal is pending
	overrun     int  // expiries while queued
	overrunLast int  // overrun of the last signal taken
}

func init() {
	def(abi.SYS_TIMER_CREATE, sysTimerCreate)
	def(abi.SYS_TIMER_SETTIME, sysTimerSettime)
	def(abi.SYS_TIMER_GETTIME, func(t *Thread, a *[6]uint64) (uint64, int) {
		tm := t.group.timers[int(int32(a[0]))]
		if tm == nil {
			return 0, abi.EINVAL
		}
		return 0, t.putItimerspec(a[1], tm)
	})
	def(abi.SYS_TIMER_GETOVERRUN, func(t *Thread, a *[6]uint64) (uint64, int) {
		tm := t.group.timers[int(int32(a[0]))]
		if tm == nil {
			return 0, abi.EINVAL
		}
		return uint64(tm.overrunLast), 0
	})
	def(abi.SYS_TIMER_DELETE, func(t *Thread, a *[6]uint64) (uint64, int) {
		id := int(int32(a[0]))
		tm := t.group.timers[id]
		if tm == nil {
			return 0, abi.EINVAL
		}
		tm.disarm()
		delete(t.group.timers, id)
		return 0, 0
	})
}

func (tm *posixTimer) disarm() {
	tm.gen++
	if tm.t != nil {
		tm.t.Stop()
		tm.t = nil
	}
	tm.next = time.Time{}
}

// timerClock validates a clock id for timer_create.
func timerClock(c int) int {
	switch c {
	case unix.CLOCK_REALTIME, unix.CLOCK_MONOTONIC, unix.CLOCK_BOOTTIME, unix.CLOCK_TAI,
		unix.CLOCK_PROCESS_CPUTIME_ID, unix.CLOCK_THREAD_CPUTIME_ID:
		return 0
	case unix.CLOCK_REALTIME_ALARM, unix.CLOCK_BOOTTIME_ALARM:
		return abi.EPERM
	}
	return abi.EINVAL
}

func sysTimerCreate(t *Thread, a *[6]uint64) (uint64, int) {
	p := t.p
	clock := int(int32(a[0]))
	if e := timerClock(clock); e != 0 {
		return 0, e
	}
	tm := &posixTimer{group: t.group, clock: clock, notify: sigevSignal, sig: abi.SIGALRM}
	if a[1] != 0 {
		b, e := t.read(a[1], 64)
		if e != 0 {
			return 0, e
		}
		o := p.order
		tm.value = o.Uint64(b[0:])
		tm.sig = int(int32(o.Uint32(b[8:])))
		tm.notify = int(int32(o.Uint32(b[12:])))
		tm.tid = int(int32(o.Uint32(b[16:])))
		switch tm.notify {
		case sigevNone:
		case sigevSignal | sigevThreadID:
			if u := t.group.threads[tm.tid]; u == nil {
				return 0, abi.EINVAL
			}
			fallthrough
		case sigevSignal, sigevThread:
			if tm.sig <= 0 || tm.sig > abi.NSIG {
				return 0, abi.EINVAL
			}
		default:
			return 0, abi.EINVAL
		}
	}
	id := t.group.nextTimer
	for t.group.timers[id] != nil {
		id = (id + 1) & (1<<31 - 1)
	}
	tm.id = id
	if a[1] == 0 {
		tm.value = uint64(id)
	}
	if e := t.put32(a[2], uint32(id)); e != 0 {
		return 0, e
	}
	t.group.nextTimer = (id + 1) & (1<<31 - 1)
	if t.group.timers == nil {
		t.group.timers = map[int]*posixTimer{}
	}
	t.group.timers[id] = tm
	return 0, 0
}

// clockNow reads a timer's clock.
func clockNow(clock int) time.Duration {
	var ts unix.Timespec
	if clock == unix.CLOCK_PROCESS_CPUTIME_ID || clock == unix.CLOCK_THREAD_CPUTIME_ID {
		clock = unix.CLOCK_MONOTONIC
	}
	_ = unix.ClockGettime(int32(clock), &ts)
	return time.Duration(ts.Nano())
}

func sysTimerSettime(t *Thread, a *[6]uint64) (uint64, int) {
	p := t.p
	tm := t.group.timers[int(int32(a[0]))]
	if tm == nil {
		return 0, abi.EINVAL
	}
	b, e := t.read(a[2], 32)
	if e != 0 {
		return 0, e
	}
	var v [4]int64
	for i := range v {
		v[i] = int64(p.order.Uint64(b[8*i:]))
	}
	if v[0] < 0 || v[1] < 0 || v[1] >= 1e9 || v[2] < 0 || v[3] < 0 || v[3] >= 1e9 {
		return 0, abi.EINVAL
	}
	if a[3] != 0 {
		if e := t.putItimerspec(a[3], tm); e != 0 {
			return 0, e
		}
	}
	tm.disarm()
	interval := time.Duration(v[0])*time.Second + time.Duration(v[1])
	value := time.Duration(v[2])*time.Second + time.Duration(v[3])
	tm.interval = 0
	if value == 0 {
		return 0, 0
	}
	tm.interval = interval
	if a[1]&timerAbstime != 0 {
		value -= clockNow(tm.clock)
		if value < 0 {
			value = 0
		}
	}
	tm.next = time.Now().Add(value)
	tm.schedule(p, value)
	return 0, 0
}

// schedule arms the Go timer to fire after d.
func (tm *posixTimer) schedule(p *Process, d time.Duration) {
	gen := tm.gen
	tm.t = time.AfterFunc(d, func() {
		w := make(chan struct{}, 1)
		p.gil.lock(w)
		defer p.gil.unlock()
		if p.exited() || tm.gen != gen || tm.group.timers[tm.id] != tm {
			return
		}
		tm.fire(p)
		if tm.interval > 0 {
			tm.next = tm.next.Add(tm.interval)
			// Periods missed while the runner was busy count as overruns.
			for now := time.Now(); !tm.next.After(now); tm.next = tm.next.Add(tm.interval) {
				tm.addOverrun()
			}
			tm.schedule(p, time.Until(tm.next))
		} else {
			tm.next = time.Time{}
			tm.t = nil
		}
	})
}

func (tm *posixTimer) addOverrun() {
	if tm.overrun < maxOverrun {
		tm.overrun++
	}
}

// fire sends the timer's signal, or counts an overrun if it is still
// pending.
func (tm *posixTimer) fire(p *Process) {
	if tm.notify == sigevNone {
		return
	}
	if tm.queued {
		tm.addOverrun()
		return
	}
	raw := make([]byte, abi.SiginfoSize)
	o := p.order
	o.PutUint32(raw[0:], uint32(tm.sig))
	code := int32(siTimer)
	o.PutUint32(raw[8:], uint32(code))
	o.PutUint32(raw[16:], uint32(tm.id))
	o.PutUint64(raw[24:], tm.value)
	info := sigInfo{signo: tm.sig, code: siTimer, raw: raw, timer: tm}
	if tm.notify&sigevThreadID != 0 {
		u := tm.group.threads[tm.tid]
		if u == nil {
			return
		}
		tm.queued = !u.ignored(tm.sig)
		u.post(info)
		return
	}
	tm.queued = !tm.group.ignored(tm.sig)
	p.postProcess(tm.group, info)
}

// taken is called when the timer's signal is dequeued: it fills in
// si_overrun and lets the timer queue its signal again.
func (tm *posixTimer) taken(info *sigInfo, p *Process) {
	tm.queued = false
	tm.overrunLast = tm.overrun
	tm.overrun = 0
	if len(info.raw) >= 24 {
		p.order.PutUint32(info.raw[20:], uint32(tm.overrunLast))
	}
}

// putItimerspec writes the timer's interval and time left.
func (t *Thread) putItimerspec(addr uint64, tm *posixTimer) int {
	var left time.Duration
	if !tm.next.IsZero() {
		left = max(time.Until(tm.next), 1)
	}
	b := make([]byte, 32)
	putTimespec(t.p.order, b[0:], int64(tm.interval/time.Second), int64(tm.interval%time.Second))
	putTimespec(t.p.order, b[16:], int64(left/time.Second), int64(left%time.Second))
	return t.write(addr, b)
}

// stopTimers stops every timer (the process has ended).
func (p *Process) stopTimers() {
	for _, tm := range p.group.timers {
		tm.disarm()
	}
}
