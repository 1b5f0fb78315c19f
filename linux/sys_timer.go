//go:build linux

package linux

import (
	"time"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// POSIX per-process timers: timer_create, timer_settime, timer_gettime,
// timer_getoverrun, timer_delete (struct sigevent is abi.Sigevent). A timer is a Go timer whose expiry posts
// a signal to the guest (SIGEV_SIGNAL: to the process; SIGEV_THREAD_ID: to
// one thread; glibc builds SIGEV_THREAD on SIGEV_THREAD_ID) with si_code
// SI_TIMER, si_timerid, si_overrun and si_value. As in Linux, a timer has
// at most one signal queued: expiries while it is pending count as
// overruns, reported in si_overrun when it is taken and by
// timer_getoverrun.

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

func sysTimerGettime(t *Thread, a *sysArgs) (uint64, int) {
	tm := t.group.posixTimer(a.Int(0))
	if tm == nil {
		return 0, abi.EINVAL
	}
	return 0, t.putItimerspec(a.Ptr(1), tm)
}

func sysTimerGetoverrun(t *Thread, a *sysArgs) (uint64, int) {
	tm := t.group.posixTimer(a.Int(0))
	if tm == nil {
		return 0, abi.EINVAL
	}
	return uint64(tm.overrunLast), 0
}

func sysTimerDelete(t *Thread, a *sysArgs) (uint64, int) {
	id := a.Int(0)
	tm := t.group.posixTimer(id)
	if tm == nil {
		return 0, abi.EINVAL
	}
	tm.disarm()
	delete(t.group.timers, id)
	return 0, 0
}

// posixTimer returns g's timer_create timer id, nil if none (negative ids
// are the runner's own: itimerReal).
func (g *threadGroup) posixTimer(id int) *posixTimer {
	if id < 0 {
		return nil
	}
	return g.timers[id]
}

// deletePosixTimers deletes g's timer_create timers (execve, as Linux's
// exit_itimers); its ITIMER_REAL stays.
func (g *threadGroup) deletePosixTimers() {
	for id, tm := range g.timers {
		if id >= 0 {
			tm.disarm()
			delete(g.timers, id)
		}
	}
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

func sysTimerCreate(t *Thread, a *sysArgs) (uint64, int) {
	clock := a.Int(0)
	if e := timerClock(clock); e != 0 {
		return 0, e
	}
	tm := &posixTimer{group: t.group, clock: clock, notify: sigevSignal, sig: abi.SIGALRM}
	if a.Ptr(1) != 0 {
		ev, e := getStruct(t, a.Ptr(1), abi.SigeventLayout)
		if e != 0 {
			return 0, e
		}
		tm.value, tm.sig, tm.notify, tm.tid = ev.Value, int(ev.Signo), int(ev.Notify), int(ev.Tid)
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
	if a.Ptr(1) == 0 {
		tm.value = uint64(id)
	}
	if e := t.put32(a.Ptr(2), uint32(id)); e != 0 {
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

func sysTimerSettime(t *Thread, a *sysArgs) (uint64, int) {
	p := t.p
	tm := t.group.posixTimer(a.Int(0))
	if tm == nil {
		return 0, abi.EINVAL
	}
	its, e := getStruct(t, a.Ptr(2), abi.ItimerspecLayout)
	if e != 0 {
		return 0, e
	}
	interval, ok1 := duration(its.Interval)
	value, ok2 := duration(its.Value)
	if !ok1 || !ok2 {
		return 0, abi.EINVAL
	}
	if a.Ptr(3) != 0 {
		if e := t.putItimerspec(a.Ptr(3), tm); e != 0 {
			return 0, e
		}
	}
	tm.disarm()
	tm.interval = 0
	if value == 0 {
		return 0, 0
	}
	tm.interval = interval
	if a.Ulong(1)&timerAbstime != 0 {
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
		if now := time.Now(); tm.interval > 0 && tm.next.After(now) {
			// The expiry this callback was armed for was counted as
			// an overrun when the signal was taken (taken): wait for
			// the next one.
			tm.schedule(p, tm.next.Sub(now))
			return
		}
		tm.fire(p)
		if tm.interval > 0 {
			tm.next = tm.next.Add(tm.interval)
			// Periods missed while the runner was busy count as overruns.
			tm.forward(time.Now())
			tm.schedule(p, time.Until(tm.next))
		} else {
			tm.next = time.Time{}
			tm.t = nil
		}
	})
}

// forward moves a periodic timer's next expiry past now, counting every
// expiry it passes over as an overrun, as Linux's hrtimer_forward does.
func (tm *posixTimer) forward(now time.Time) {
	d := now.Sub(tm.next)
	if d < 0 {
		return
	}
	n := d/tm.interval + 1
	tm.next = tm.next.Add(n * tm.interval)
	if int64(n) >= int64(maxOverrun-tm.overrun) {
		tm.overrun = maxOverrun
	} else {
		tm.overrun += int(n)
	}
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
	if tm.id == itimerReal {
		// setitimer's signal: SEND_SIG_PRIV (si_code SI_KERNEL), not
		// counted: a SIGALRM already pending absorbs it.
		p.postProcess(tm.group, sigInfo{signo: abi.SIGALRM, code: abi.SI_KERNEL})
		return
	}
	if tm.queued {
		tm.addOverrun()
		return
	}
	si := abi.Siginfo{Signo: int32(tm.sig), Code: siTimer, Pid: int32(tm.id), Value: tm.value}
	raw := abi.SiginfoLayout.Bytes(p.order, &si)
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
	// Linux rearms a periodic timer when its signal is dequeued
	// (posixtimer_rearm, hrtimer_forward to the current time): every
	// period that ended since counts, whether or not the host ran the
	// timer's callback for it in time.
	if tm.interval > 0 && !tm.next.IsZero() && tm.t != nil {
		tm.forward(time.Now())
	}
	tm.overrunLast = tm.overrun
	tm.overrun = 0
	if len(info.raw) >= abi.SiginfoLayout.Size() {
		// si_overrun
		var si abi.Siginfo
		abi.SiginfoLayout.Decode(p.order, info.raw, &si)
		si.UID = uint32(tm.overrunLast)
		abi.SiginfoLayout.Encode(p.order, info.raw, &si)
	}
}

// putItimerspec writes the timer's interval and time left. A timer past
// its expiry whose expiry has not yet been handled (its callback waits for
// the process lock) has 1 ns left, as Linux's common_timer_get reports for
// a timer that is still armed; a one-shot SIGEV_NONE timer has 0, which
// Linux reports for it as soon as it has expired.
func (t *Thread) putItimerspec(addr uint64, tm *posixTimer) int {
	var left time.Duration
	if !tm.next.IsZero() {
		left = time.Until(tm.next)
		if left <= 0 {
			left = 1
			if tm.notify == sigevNone && tm.interval == 0 {
				left = 0
			}
		}
	}
	its := abi.Itimerspec{Interval: timespec(tm.interval), Value: timespec(left)}
	return putStruct(t, addr, abi.ItimerspecLayout, &its)
}

// stopTimers stops every timer (the process has ended).
func (p *Process) stopTimers() {
	for _, tm := range p.group.timers {
		tm.disarm()
	}
}
