//go:build linux

package linux

import (
	"time"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Interval timers (kernel/time/itimer.c): setitimer, getitimer and alarm.
// ITIMER_REAL is a posixTimer of the thread group under the id itimerReal
// (no timer_create id is negative), so the group's end and the runner's
// stop it as theirs; it sends SIGALRM to the process with si_code
// SI_KERNEL. fork does not copy it (the child's group starts with none)
// and execve keeps it, as Linux does. ITIMER_VIRTUAL and ITIMER_PROF count
// the process's CPU time (kernel/time/posix-cpu-timers.c): the runner's
// measure of it is the one RLIMIT_CPU uses, the CPU time of the host
// threads while they run the process's threads (rlimit.go), charged at
// each quantum's end and when a thread gives up the process lock, which
// is when the timers are checked. That time is not split into user and
// system time (the runner's work for a system call is the process's
// too), so both count it; they send SIGVTALRM and SIGPROF to the process
// with si_code SI_KERNEL, as Linux's check_cpu_itimer, and are kept and
// not inherited as ITIMER_REAL is. As Linux's set_cpu_itimer, a value
// set is one tick longer than asked (getitimer right after setitimer
// reads more than was set), and an armed timer at or past its expiry has
// one tick left.

// Values of setitimer's which (uapi linux/time.h) and the id of the
// ITIMER_REAL timer.
const (
	itimerRealWhich = 0
	itimerVirtual   = 1
	itimerProf      = 2
	itimerReal      = -1
)

// tickNsec is the length of a scheduler tick of the kernel the runner
// stands for (TICK_NSEC): Debian's kernels are built with CONFIG_HZ=250.
const tickNsec = time.Second / 250

// cpuItimer is an ITIMER_VIRTUAL or ITIMER_PROF: when it expires, in the
// process's CPU time (0: disarmed), and its interval.
type cpuItimer struct{ expires, incr time.Duration }

// cpuItimerSignals are the signals of ITIMER_VIRTUAL and ITIMER_PROF.
var cpuItimerSignals = [2]int{abi.SIGVTALRM, abi.SIGPROF}

// itimer checks which: the group's ITIMER_REAL timer (nil if never set)
// for itimerRealWhich, nil for the CPU-time timers, EINVAL for other
// values.
func (t *Thread) itimer(which int) (*posixTimer, int) {
	switch which {
	case itimerRealWhich:
		return t.group.timers[itimerReal], 0
	case itimerVirtual, itimerProf:
		return nil, 0
	}
	return nil, abi.EINVAL
}

// cpuItimerLeft is a CPU-time timer's interval and time left, the CPU
// time charged so far (cpuCharge) taken off: an armed timer that the
// charge has not yet fired has a tick left (Linux's get_cpu_itimer).
func (g *threadGroup) cpuItimerLeft(which int) (interval, left time.Duration) {
	it := g.cpuTimers[which-itimerVirtual]
	if it.expires == 0 {
		return it.incr, 0
	}
	if it.expires < g.rl.cpuUsed {
		return it.incr, tickNsec
	}
	return it.incr, it.expires - g.rl.cpuUsed
}

// fireCPUTimers sends the signal of each CPU-time timer of g that the CPU
// time has reached, and rearms it by its interval or disarms it (Linux's
// check_cpu_itimer).
func (g *threadGroup) fireCPUTimers(p *Process) {
	for i := range g.cpuTimers {
		it := &g.cpuTimers[i]
		if it.expires == 0 || g.rl.cpuUsed < it.expires {
			continue
		}
		if it.incr > 0 {
			it.expires += it.incr
		} else {
			it.expires = 0
		}
		p.postProcess(g, sigInfo{signo: cpuItimerSignals[i], code: abi.SI_KERNEL})
	}
}

// itimerLeft is the ITIMER_REAL timer's interval and time left: a timer
// whose expiry the runner has not yet handled has 1 µs left, as Linux's
// itimer_get_remtime reports for an armed timer at or past its expiry.
func itimerLeft(tm *posixTimer) (interval, left time.Duration) {
	if tm == nil || tm.next.IsZero() {
		return 0, 0
	}
	left = time.Until(tm.next)
	if left < time.Microsecond {
		left = time.Microsecond
	}
	return tm.interval, left
}

// timeval is d as a struct timeval, microseconds truncated.
func timeval(d time.Duration) abi.Timeval {
	return abi.Timeval{Sec: int64(d / time.Second), Usec: int64(d % time.Second / time.Microsecond)}
}

func sysGetitimer(t *Thread, a *sysArgs) (uint64, int) {
	which := a.Int(0)
	tm, e := t.itimer(which)
	if e != 0 {
		return 0, e
	}
	interval, left := itimerLeft(tm)
	if which != itimerRealWhich {
		t.cpuCharge()
		interval, left = t.group.cpuItimerLeft(which)
	}
	return 0, putStruct(t, a.Ptr(1), abi.ItimervalLayout, &abi.Itimerval{Interval: timeval(interval), Value: timeval(left)})
}

// sysSetitimer is setitimer(which, new, old): a new value of NULL disarms
// (Linux since 5.x accepts it so); a timeval with microseconds outside
// 0..999999 or negative seconds is EINVAL.
func sysSetitimer(t *Thread, a *sysArgs) (uint64, int) {
	which := a.Int(0)
	tm, e := t.itimer(which)
	if e != 0 {
		return 0, e
	}
	var nv abi.Itimerval
	if a.Ptr(1) != 0 {
		if nv, e = getStruct(t, a.Ptr(1), abi.ItimervalLayout); e != 0 {
			return 0, e
		}
	}
	interval, okInterval := tvDuration(nv.Interval)
	if value, ok := tvDuration(nv.Value); ok && okInterval {
		if which != itimerRealWhich {
			t.cpuCharge()
		}
		if a.Ptr(2) != 0 {
			oi, ol := itimerLeft(tm)
			if which != itimerRealWhich {
				oi, ol = t.group.cpuItimerLeft(which)
			}
			if e := putStruct(t, a.Ptr(2), abi.ItimervalLayout, &abi.Itimerval{Interval: timeval(oi), Value: timeval(ol)}); e != 0 {
				return 0, e
			}
		}
		if which == itimerRealWhich {
			t.setItimerReal(interval, value)
			return 0, 0
		}
		it := cpuItimer{incr: interval}
		if value > 0 {
			it.expires = t.group.rl.cpuUsed + value + tickNsec
		}
		t.group.cpuTimers[which-itimerVirtual] = it
		return 0, 0
	}
	return 0, abi.EINVAL
}

// tvDuration is tv as a duration, false if it is not a valid timeval.
func tvDuration(tv abi.Timeval) (time.Duration, bool) {
	return duration(abi.Timespec{Sec: tv.Sec, Nsec: tv.Usec * 1000})
}

// setItimerReal arms (value > 0) or disarms the group's ITIMER_REAL.
func (t *Thread) setItimerReal(interval, value time.Duration) {
	g := t.group
	tm := g.timers[itimerReal]
	if tm == nil {
		if value == 0 {
			return
		}
		tm = &posixTimer{group: g, id: itimerReal, notify: sigevSignal, sig: abi.SIGALRM}
		if g.timers == nil {
			g.timers = map[int]*posixTimer{}
		}
		g.timers[itimerReal] = tm
	}
	tm.disarm()
	tm.interval = 0
	if value == 0 {
		return
	}
	tm.interval = interval
	tm.next = time.Now().Add(value)
	tm.schedule(t.p, value)
}

// sysAlarm is alarm(seconds): ITIMER_REAL set to seconds (0 disarms),
// returning the seconds that were left, rounded as Linux's
// alarm_setitimer rounds them (half a second or more up, and never 0 for
// a timer still armed).
func sysAlarm(t *Thread, a *sysArgs) (uint64, int) {
	tm, _ := t.itimer(itimerRealWhich)
	_, left := itimerLeft(tm)
	old := timeval(left)
	if old.Sec == 0 && old.Usec != 0 || old.Usec >= 500000 {
		old.Sec++
	}
	t.setItimerReal(0, time.Duration(a.Uint(0))*time.Second)
	return uint64(old.Sec), 0
}
