//go:build linux

package linux

import (
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Process groups and sessions of guest processes, as Linux keeps them
// (kernel/sys.c: setpgid, getpgid, getsid, setsid). The first process is
// in the runner's own group and session; its descendants inherit theirs
// and move with setpgid and setsid. They are the guest's: the host's
// process groups and sessions of the runner do not change (the runner is
// one host process), kill to a group reaches the guest processes in it
// (sys_signal.go) and never the runner's host group. Their controlling
// terminals and foreground groups are emulated too (ctty.go). Stop
// signals stop and SIGCONT continues guest processes (jobctl.go).

// procOf returns the guest process pid names for t (0: t's own), or nil.
func (t *Thread) procOf(pid int) *threadGroup {
	if pid == 0 {
		return t.group
	}
	return t.p.groups[pid]
}

// hostOnly reports whether pid is neither 0 nor a process id the runner
// gave out: a host process the guest may ask about.
func (t *Thread) hostOnly(pid int) bool { return pid != 0 && !t.p.guestPid(pid) }

func sysGetpgrp(t *Thread, a *sysArgs) (uint64, int) { return uint64(t.group.pgid), 0 }

func sysGetpgid(t *Thread, a *sysArgs) (uint64, int) {
	return procID(t, a.Int(0), unix.Getpgid, func(g *threadGroup) int { return g.pgid })
}

func sysGetsid(t *Thread, a *sysArgs) (uint64, int) {
	return procID(t, a.Int(0), unix.Getsid, func(g *threadGroup) int { return g.sid })
}

// procID answers getpgid and getsid for pid: the host's for a host
// process, field of a guest process, ESRCH for a guest pid with none.
func procID(t *Thread, pid int, host func(int) (int, error), field func(*threadGroup) int) (uint64, int) {
	if t.hostOnly(pid) {
		id, err := host(pid)
		return uint64(id), errnoOf(err)
	}
	g := t.procOf(pid)
	if g == nil || pid < 0 {
		return 0, abi.ESRCH
	}
	return uint64(field(g)), 0
}

// sysSetpgid is setpgid(pid, pgid) with Linux's checks: pid (0: the
// caller) is the caller or one of its children (ESRCH), a child that has
// not called execve (EACCES) in the caller's session (EPERM); a session
// leader cannot move (EPERM); pgid (0: pid) is pid itself or a group of
// the same session (EPERM).
func sysSetpgid(t *Thread, a *sysArgs) (uint64, int) {
	pid, pgid := a.Int(0), a.Int(1)
	if pid == 0 {
		pid = t.group.tgid
	}
	if pgid == 0 {
		pgid = pid
	}
	if pgid < 0 {
		return 0, abi.EINVAL
	}
	g := t.p.groups[pid]
	if g == nil || g.zombie || (g != t.group && g.parent != t.group) {
		return 0, abi.ESRCH
	}
	if g != t.group {
		if g.sid != t.group.sid {
			return 0, abi.EPERM
		}
		if g.execed {
			return 0, abi.EACCES
		}
	}
	if g.sid == g.tgid {
		return 0, abi.EPERM
	}
	if pgid != pid {
		found := false
		for _, o := range t.p.groups {
			if o.pgid == pgid && o.sid == t.group.sid && !o.zombie {
				found = true
				break
			}
		}
		if !found {
			return 0, abi.EPERM
		}
	}
	g.pgid = pgid
	return 0, 0
}

// sysSetsid makes the caller the leader of a new session and process
// group, unless it leads a process group already (EPERM).
func sysSetsid(t *Thread, a *sysArgs) (uint64, int) {
	g := t.group
	for _, o := range t.p.groups {
		if o.pgid == g.tgid && !o.zombie {
			return 0, abi.EPERM
		}
	}
	g.sid, g.pgid = g.tgid, g.tgid
	g.tty = nil // proc_clear_tty
	t.p.checkSession()
	return uint64(g.tgid), 0
}
