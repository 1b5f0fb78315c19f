//go:build linux

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Scheduling priority (nice values): getpriority and setpriority. Every
// guest process keeps its own nice value (threadGroup.nice), copied at
// fork and kept by execve, as Linux keeps a task's; the host's threads,
// which the runner's goroutines share, keep theirs (a nice value given to
// host threads would not change which guest thread runs: one runs at a
// time, under the process lock, whatever the host's priorities; and the
// goroutines move between host threads). Process ids that are not the
// guest's are asked of the host, but for the runner's own threads
// (ESRCH); a process group with no guest process in it is ESRCH unless a
// host program the guest started leads it (hostGroup), as for kill.

// Values of getpriority's which (uapi linux/resource.h) and the nice
// range (include/linux/sched/prio.h: MIN_NICE, MAX_NICE).
const (
	prioProcess = 0
	prioPgrp    = 1
	prioUser    = 2
	minNice     = -20
	maxNice     = 19
	capSysNice  = 23 // CAP_SYS_NICE (uapi linux/capability.h)
)

// prioTargets returns the guest processes which and who name, as
// kernel/sys.c's getpriority and setpriority walk them, and whether who
// is the host's (no guest process of that id).
func (t *Thread) prioTargets(which, who int) (targets []*threadGroup, host bool) {
	p := t.p
	switch which {
	case prioProcess:
		if t.hostOnly(who) && !p.hostThread(who) {
			return nil, true
		}
		if g := t.procOf(who); g != nil && !g.zombie {
			targets = append(targets, g)
		}
	case prioPgrp:
		pg := who
		if who == 0 {
			pg = t.group.pgid
		}
		for _, g := range p.groups {
			if g.pgid == pg && !g.zombie {
				targets = append(targets, g)
			}
		}
		if len(targets) == 0 && p.hostGroup(pg) {
			return nil, true
		}
	case prioUser:
		if who != 0 && who != unix.Getuid() {
			return nil, true
		}
		for _, g := range p.groups {
			if !g.zombie {
				targets = append(targets, g)
			}
		}
	}
	return targets, false
}

// sysGetpriority returns the highest priority of the processes named, as
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
	for _, g := range targets {
		best = max(best, 20-g.nice)
	}
	if best == 0 {
		return 0, abi.ESRCH
	}
	return uint64(best), 0
}

// sysSetpriority sets the nice value (clamped to -20..19) of the processes
// named: lowering it needs 20 - nice within RLIMIT_NICE or CAP_SYS_NICE
// (EACCES), as kernel/sys.c's set_one_prio and can_nice; ESRCH if none.
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
	for _, g := range targets {
		if nice < g.nice && !canNice(nice) {
			e = abi.EACCES
			continue
		}
		g.nice, e = nice, 0
	}
	return 0, e
}

// canNice reports whether a process may lower its nice value to nice:
// 20 - nice within the host's RLIMIT_NICE, or the host process has
// CAP_SYS_NICE.
func canNice(nice int) bool {
	var rl unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NICE, &rl) == nil && uint64(20-nice) <= rl.Cur {
		return true
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	return unix.Capget(&hdr, &data[0]) == nil && data[0].Effective&(1<<capSysNice) != 0
}
