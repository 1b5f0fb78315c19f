//go:build linux

package linux

import (
	"slices"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Scheduling priority (nice values): getpriority, setpriority and nice.
// Every guest thread keeps its own nice value (schedAttrs.nice), as Linux
// keeps a task's static priority: copied by clone and fork (reset to 0 by
// SCHED_RESET_ON_FORK when below 0, sched_fork), kept by execve, reported
// by /proc/PID/stat and sched_getattr. The host's threads keep theirs: a
// nice value given to the host thread that runs a guest thread would not
// change which guest thread runs, since one runs at a time, under the
// process lock, whatever the host's priorities (and the goroutines move
// between host threads); what the guest can observe of its nice value is
// what it reads back, and that is the guest's own. Process ids that are
// not the guest's are asked of the host, but for the runner's own threads
// (ESRCH); a process group with no guest process in it is ESRCH unless a
// host program the guest started leads it (hostGroup), as for kill.

// Values of getpriority's which (uapi linux/resource.h) and the nice
// range (include/linux/sched/prio.h: MIN_NICE, MAX_NICE, NICE_WIDTH).
const (
	prioProcess = 0
	prioPgrp    = 1
	prioUser    = 2
	minNice     = -20
	maxNice     = 19
	niceWidth   = 40
	capSysNice  = 23 // CAP_SYS_NICE (uapi linux/capability.h)
)

// prioTargets returns the guest threads which and who name, as
// kernel/sys.c's getpriority and setpriority walk them (a process id is
// one task, find_task_by_vpid; a process group and a user every thread of
// theirs, by thread id), and whether who is the host's (no guest process
// of that id).
func (t *Thread) prioTargets(which, who int) (targets []*Thread, host bool) {
	p := t.p
	switch which {
	case prioProcess:
		if t.hostOnly(who) && !p.hostThread(who) {
			return nil, true
		}
		if who == 0 {
			return []*Thread{t}, false
		}
		if u := p.guestThread(who); u != nil {
			targets = append(targets, u)
		}
	case prioPgrp:
		pg := who
		if who == 0 {
			pg = t.group.pgid
		}
		for _, g := range p.groups {
			if g.pgid == pg && !g.zombie {
				for _, u := range g.threads {
					targets = append(targets, u)
				}
			}
		}
		if len(targets) == 0 && p.hostGroup(pg) {
			return nil, true
		}
	case prioUser:
		// The threads whose real user id is who (0: the caller's), as
		// task_uid; a user with none of them is asked of the host.
		uid := uint32(who)
		if who == 0 {
			uid = t.cred.uid.r
		}
		for _, g := range p.groups {
			for _, u := range g.threads {
				if u.cred.uid.r == uid {
					targets = append(targets, u)
				}
			}
		}
		if len(targets) == 0 && who != 0 {
			return nil, true
		}
	}
	slices.SortFunc(targets, func(a, b *Thread) int { return a.tid - b.tid })
	return targets, false
}

// sysGetpriority returns the highest priority of the threads named, as
// the system call does: 20 - nice (1 to 40; glibc's getpriority turns it
// back into the nice value), ESRCH if none.
func sysGetpriority(t *Thread, a *sysArgs) (uint64, int) {
	which, who := a.Int(0), a.Int(1)
	if which < prioProcess || which > prioUser {
		return 0, abi.EINVAL
	}
	targets, host := t.prioTargets(which, who)
	if host {
		prio, err := unix.Getpriority(which, who) // the raw 20 - nice
		return uint64(prio), errnoOf(err)
	}
	best := 0
	for _, u := range targets {
		best = max(best, 20-u.sched.nice)
	}
	if best == 0 {
		return 0, abi.ESRCH
	}
	return uint64(best), 0
}

// sysSetpriority sets the nice value (clamped to -20..19) of the threads
// named, as kernel/sys.c's setpriority and set_one_prio: a thread of
// another user (the caller's effective uid neither its real nor its
// effective one) is EPERM without CAP_SYS_NICE, lowering a nice value
// beyond the target's RLIMIT_NICE without CAP_SYS_NICE is EACCES; such a
// thread is left alone and its error stays the answer even if others
// changed; ESRCH if none.
func sysSetpriority(t *Thread, a *sysArgs) (uint64, int) {
	which, who, nice := a.Int(0), a.Int(1), a.Int(2)
	if which < prioProcess || which > prioUser {
		return 0, abi.EINVAL
	}
	nice = min(max(nice, minNice), maxNice)
	targets, host := t.prioTargets(which, who)
	if host {
		return 0, errnoOf(unix.Setpriority(which, who, nice))
	}
	e := abi.ESRCH
	for _, u := range targets {
		switch {
		case !t.mayRenice(u):
			e = abi.EPERM
		case nice < u.sched.nice && !t.canNice(u, nice):
			e = abi.EACCES
		default:
			if e == abi.ESRCH {
				e = 0
			}
			u.sched.setNice(nice)
		}
	}
	return 0, e
}

// sysNice is nice(2), which glibc's nice does not use (it calls
// getpriority and setpriority): the increment (clamped to ±40) added to
// the caller's nice value, the sum clamped to -20..19; lowering beyond
// RLIMIT_NICE without CAP_SYS_NICE is EPERM. It answers 0, as Linux's
// (qemu-user answers the new nice value: it calls the host C library's
// nice).
func sysNice(t *Thread, a *sysArgs) (uint64, int) {
	inc := min(max(a.Int(0), -niceWidth), niceWidth)
	nice := min(max(t.sched.nice+inc, minNice), maxNice)
	if inc < 0 && !t.canNice(t, nice) {
		return 0, abi.EPERM
	}
	t.sched.setNice(nice)
	return 0, 0
}

// mayRenice is set_one_prio_perm: t's effective uid is u's real or
// effective one, or t has CAP_SYS_NICE.
func (t *Thread) mayRenice(u *Thread) bool {
	return t.cred.uid.e == u.cred.uid.r || t.cred.uid.e == u.cred.uid.e || t.cred.capable(capSysNice)
}

// canNice is can_nice: t may give u the nice value nice if 20 - nice is
// within u's process's RLIMIT_NICE or t has CAP_SYS_NICE.
func (t *Thread) canNice(u *Thread, nice int) bool {
	return uint64(20-nice) <= u.group.rl.nice.Cur || t.cred.capable(capSysNice)
}
