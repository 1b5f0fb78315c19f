//go:build linux

package linux

import (
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// Scheduling attributes of a task that programs read and set (chrt,
// taskset, ionice, Python's os.sched_*, posix_spawn's attributes): the
// policy and real-time priority (sched_setscheduler and its kin), the CPU
// affinity and the I/O priority. Guest threads are goroutines of one host
// process, so none of them changes how the host schedules the runner:
// every guest thread keeps its own values (schedAttrs), checked as Linux
// 6.1 checks them (kernel/sched/core.c, block/ioprio.c), copied by clone
// and kept by execve as Linux keeps a task's; the initial thread starts
// with the runner's own. A thread id that is not the guest's is asked of
// the host, as under qemu-user.

// Policies (uapi linux/sched.h), the real-time priority range
// (MAX_RT_PRIO) and the I/O priority encoding (uapi linux/ioprio.h).
const (
	schedNormal      = 0
	schedFIFO        = 1
	schedRR          = 2
	schedBatch       = 3
	schedIdle        = 5
	schedDeadline    = 6
	schedResetOnFork = 0x40000000
	maxRTPrio        = 100
	rrTimesliceNs    = 100_000_000 // RR_TIMESLICE: 100 ms

	ioprioClassShift = 13
	ioprioClassNone  = 0
	ioprioClassRT    = 1
	ioprioClassBE    = 2
	ioprioClassIdle  = 3
	ioprioNrLevels   = 8
	ioprioWhoProcess = 1
	ioprioWhoPgrp    = 2
	ioprioWhoUser    = 3
	capSysAdmin      = 21 // CAP_SYS_ADMIN (uapi linux/capability.h)
)

// schedAttrs is a thread's scheduling attributes.
type schedAttrs struct {
	policy      int
	rtPrio      int  // sched_priority: 1 to 99 under SCHED_FIFO and SCHED_RR, else 0
	resetOnFork bool // SCHED_RESET_ON_FORK
	// affinity is the CPU mask set by sched_setaffinity, nil until then
	// (the host's mask of the runner).
	affinity []uint64
	ioprio   int // ioprio_set's value; 0 (IOPRIO_CLASS_NONE) if never set
}

// hostSchedAttrs returns the runner's own policy, priority and I/O
// priority, the initial thread's.
func hostSchedAttrs() schedAttrs {
	var s schedAttrs
	if r, _, e := unix.RawSyscall(unix.SYS_SCHED_GETSCHEDULER, 0, 0, 0); e == 0 {
		s.policy = int(r) &^ schedResetOnFork
		s.resetOnFork = int(r)&schedResetOnFork != 0
	}
	var prio int32
	if _, _, e := unix.RawSyscall(unix.SYS_SCHED_GETPARAM, 0, uintptr(unsafe.Pointer(&prio)), 0); e == 0 {
		s.rtPrio = int(prio)
	}
	if r, _, e := unix.RawSyscall(unix.SYS_IOPRIO_GET, ioprioWhoProcess, 0, 0); e == 0 {
		s.ioprio = int(r)
	}
	return s
}

// forked returns the attributes of a task cloned from one with s:
// SCHED_RESET_ON_FORK gives the child SCHED_NORMAL for a real-time policy
// and clears itself (sched_fork).
func (s schedAttrs) forked() schedAttrs {
	if s.resetOnFork {
		if s.policy == schedFIFO || s.policy == schedRR {
			s.policy, s.rtPrio = schedNormal, 0
		}
		s.resetOnFork = false
	}
	return s
}

// schedTarget returns the guest thread tid names for t (0: t itself), or
// host true for a thread of another host process, or ESRCH (a guest id
// with no live thread, a thread of the runner).
func (t *Thread) schedTarget(tid int) (*Thread, bool, int) {
	switch {
	case tid == 0:
		return t, false, 0
	case t.p.guestPid(tid):
		if u := t.p.guestThread(tid); u != nil {
			return u, false, 0
		}
		return nil, false, abi.ESRCH
	case t.p.hostThread(tid):
		return nil, false, abi.ESRCH
	}
	return nil, true, 0
}

// sameOwner is check_same_owner: t's effective uid is u's real or
// effective one.
func (t *Thread) sameOwner(u *Thread) bool {
	return t.cred.uid.e == u.cred.uid.e || t.cred.uid.e == u.cred.uid.r
}

func sysSchedGetscheduler(t *Thread, a *sysArgs) (uint64, int) {
	pid := a.Int(0)
	if pid < 0 {
		return 0, abi.EINVAL
	}
	u, host, e := t.schedTarget(pid)
	if e != 0 {
		return 0, e
	}
	if host {
		r, _, err := unix.RawSyscall(unix.SYS_SCHED_GETSCHEDULER, uintptr(pid), 0, 0)
		return uint64(r), int(err)
	}
	p := u.sched.policy
	if u.sched.resetOnFork {
		p |= schedResetOnFork
	}
	return uint64(p), 0
}

func sysSchedGetparam(t *Thread, a *sysArgs) (uint64, int) {
	pid := a.Int(0)
	if a.Ptr(1) == 0 || pid < 0 {
		return 0, abi.EINVAL
	}
	u, host, e := t.schedTarget(pid)
	if e != 0 {
		return 0, e
	}
	var sp abi.SchedParam
	if host {
		if _, _, err := unix.RawSyscall(unix.SYS_SCHED_GETPARAM, uintptr(pid), uintptr(unsafe.Pointer(&sp.Priority)), 0); err != 0 {
			return 0, int(err)
		}
	} else if u.sched.policy == schedFIFO || u.sched.policy == schedRR {
		sp.Priority = int32(u.sched.rtPrio)
	}
	return 0, putStruct(t, a.Ptr(1), abi.SchedParamLayout, &sp)
}

func sysSchedSetscheduler(t *Thread, a *sysArgs) (uint64, int) {
	if a.Int(1) < 0 {
		return 0, abi.EINVAL
	}
	return t.setScheduler(a.Int(0), a.Int(1), a.Ptr(2))
}

func sysSchedSetparam(t *Thread, a *sysArgs) (uint64, int) {
	return t.setScheduler(a.Int(0), -1, a.Ptr(1))
}

// setScheduler is do_sched_setscheduler: policy -1 (sched_setparam)
// keeps the target's policy.
func (t *Thread) setScheduler(pid, policy int, param uint64) (uint64, int) {
	if param == 0 || pid < 0 {
		return 0, abi.EINVAL
	}
	sp, e := getStruct(t, param, abi.SchedParamLayout)
	if e != 0 {
		return 0, e
	}
	prio := sp.Priority
	u, host, e := t.schedTarget(pid)
	if e != 0 {
		return 0, e
	}
	if host {
		num := uintptr(unix.SYS_SCHED_SETSCHEDULER)
		args := [3]uintptr{uintptr(pid), uintptr(policy), uintptr(unsafe.Pointer(&prio))}
		if policy < 0 {
			num, args = unix.SYS_SCHED_SETPARAM, [3]uintptr{uintptr(pid), uintptr(unsafe.Pointer(&prio)), 0}
		}
		_, _, err := unix.RawSyscall(num, args[0], args[1], args[2])
		return 0, int(err)
	}
	old := u.sched
	reset := old.resetOnFork
	if policy < 0 {
		policy = old.policy
	} else {
		reset = policy&schedResetOnFork != 0
		policy &^= schedResetOnFork
		switch policy {
		case schedNormal, schedBatch, schedIdle, schedFIFO, schedRR, schedDeadline:
		default:
			return 0, abi.EINVAL
		}
	}
	rt := policy == schedFIFO || policy == schedRR
	// sched_priority is unsigned in struct sched_attr: a negative one is
	// above MAX_RT_PRIO-1.
	if uint32(prio) > maxRTPrio-1 || rt != (prio != 0) || policy == schedDeadline {
		return 0, abi.EINVAL // SCHED_DEADLINE: no runtime or deadline here
	}
	if !t.cred.capable(capSysNice) && !t.mayReschedule(u, policy, int(prio), reset) {
		return 0, abi.EPERM
	}
	u.sched.policy, u.sched.rtPrio, u.sched.resetOnFork = policy, int(prio), reset
	return 0, 0
}

// mayReschedule is user_check_sched_setscheduler without CAP_SYS_NICE:
// a real-time policy within RLIMIT_RTPRIO, leaving SCHED_IDLE within
// RLIMIT_NICE, the same owner, and SCHED_RESET_ON_FORK kept.
func (t *Thread) mayReschedule(u *Thread, policy, prio int, reset bool) bool {
	if policy == schedFIFO || policy == schedRR {
		var rl unix.Rlimit
		var rtprio uint64
		if unix.Getrlimit(unix.RLIMIT_RTPRIO, &rl) == nil {
			rtprio = rl.Cur
		}
		if policy != u.sched.policy && rtprio == 0 {
			return false
		}
		if prio > u.sched.rtPrio && uint64(prio) > rtprio {
			return false
		}
	}
	if u.sched.policy == schedIdle && policy != schedIdle && !canNice(u.group.nice) {
		return false
	}
	return t.sameOwner(u) && (!u.sched.resetOnFork || reset)
}

func sysSchedGetPriorityMax(t *Thread, a *sysArgs) (uint64, int) {
	switch a.Int(0) {
	case schedFIFO, schedRR:
		return maxRTPrio - 1, 0
	case schedNormal, schedBatch, schedIdle, schedDeadline:
		return 0, 0
	}
	return 0, abi.EINVAL
}

func sysSchedGetPriorityMin(t *Thread, a *sysArgs) (uint64, int) {
	switch a.Int(0) {
	case schedFIFO, schedRR:
		return 1, 0
	case schedNormal, schedBatch, schedIdle, schedDeadline:
		return 0, 0
	}
	return 0, abi.EINVAL
}

// sysSchedRrGetInterval gives SCHED_RR's time slice (RR_TIMESLICE), 0 for
// SCHED_FIFO, and for the other policies the host's answer for the
// runner (CFS's slice, which depends on the host's load).
func sysSchedRrGetInterval(t *Thread, a *sysArgs) (uint64, int) {
	pid := a.Int(0)
	if pid < 0 {
		return 0, abi.EINVAL
	}
	u, host, e := t.schedTarget(pid)
	if e != 0 {
		return 0, e
	}
	var ts unix.Timespec
	switch {
	case host || (u.sched.policy != schedFIFO && u.sched.policy != schedRR):
		q := 0
		if host {
			q = pid
		}
		if _, _, err := unix.RawSyscall(unix.SYS_SCHED_RR_GET_INTERVAL, uintptr(q), uintptr(unsafe.Pointer(&ts)), 0); err != 0 {
			return 0, int(err)
		}
	case u.sched.policy == schedRR:
		ts = unix.NsecToTimespec(rrTimesliceNs)
	}
	g := abi.Timespec{Sec: int64(ts.Sec), Nsec: int64(ts.Nsec)}
	return 0, putStruct(t, a.Ptr(1), abi.TimespecLayout, &g)
}

// hostCPUs returns the runner's CPU mask as 64-bit words.
func hostCPUs() []uint64 {
	var set unix.CPUSet
	if unix.SchedGetaffinity(0, &set) != nil {
		return []uint64{1}
	}
	w := make([]uint64, len(set))
	for i := range set {
		w[i] = uint64(set[i])
	}
	return w
}

// sysSchedSetaffinity stores the mask (the first len bytes, the rest
// clear, as get_user_cpu_mask; at most the host's cpumask) intersected
// with the CPUs the runner may use: EINVAL if none is left (Linux's
// cpu_active_mask and cpuset check), EPERM for another owner's thread
// without CAP_SYS_NICE.
func sysSchedSetaffinity(t *Thread, a *sysArgs) (uint64, int) {
	pid := a.Int(0)
	hostw := hostCPUs()
	n := min(uint64(a.Uint(1)), uint64(len(hostw)*8))
	b, e := t.read(a.Ptr(2), int(n))
	if e != 0 {
		return 0, e
	}
	// The guest's words; a partial last one holds the bytes given, as
	// copy_from_user into a cleared mask leaves them.
	b = append(b, make([]byte, len(hostw)*8-len(b))...)
	mask := make([]uint64, len(hostw))
	for i := range mask {
		abi.Uint64Layout.Decode(t.p.order, b[8*i:], &mask[i])
	}
	u, host, e := t.schedTarget(pid)
	if e != 0 {
		return 0, e
	}
	if host {
		var set unix.CPUSet
		for c := 0; c < len(mask)*64 && c < 8*int(unsafe.Sizeof(set)); c++ {
			if mask[c/64]&(1<<(c%64)) != 0 {
				set.Set(c)
			}
		}
		return 0, errnoOf(unix.SchedSetaffinity(pid, &set))
	}
	if !t.sameOwner(u) && !t.cred.capable(capSysNice) {
		return 0, abi.EPERM
	}
	any := false
	for i := range mask {
		mask[i] &= hostw[i]
		any = any || mask[i] != 0
	}
	if !any {
		return 0, abi.EINVAL
	}
	u.sched.affinity = mask
	return 0, 0
}

// ioprioValid is ioprio_check_cap: the class and level of an I/O
// priority, the real-time class needing CAP_SYS_ADMIN or CAP_SYS_NICE.
func (t *Thread) ioprioValid(ioprio int) int {
	class, data := (ioprio>>ioprioClassShift)&7, ioprio&(1<<ioprioClassShift-1)
	switch class {
	case ioprioClassRT:
		if !t.cred.capable(capSysAdmin) && !t.cred.capable(capSysNice) {
			return abi.EPERM
		}
		fallthrough
	case ioprioClassBE:
		if data >= ioprioNrLevels {
			return abi.EINVAL
		}
	case ioprioClassIdle:
	case ioprioClassNone:
		if data != 0 {
			return abi.EINVAL
		}
	default:
		return abi.EINVAL
	}
	return 0
}

// ioprioTargets returns the guest threads which and who name for
// ioprio_get and ioprio_set (a process id names one thread, as
// find_task_by_vpid; a process group and a user all their threads), host
// true for a thread id that is not the guest's, EINVAL for an unknown
// which.
func (t *Thread) ioprioTargets(which, who int) ([]*Thread, bool, int) {
	var ts []*Thread
	switch which {
	case ioprioWhoProcess:
		u, host, e := t.schedTarget(who)
		if u != nil {
			ts = append(ts, u)
		}
		return ts, host, e
	case ioprioWhoPgrp:
		pg := who
		if who == 0 {
			pg = t.group.pgid
		}
		for _, g := range t.p.groups {
			if g.pgid == pg && !g.zombie {
				for _, u := range g.threads {
					ts = append(ts, u)
				}
			}
		}
	case ioprioWhoUser:
		uid := uint32(who)
		if who == 0 {
			uid = t.cred.uid.r
		}
		for _, g := range t.p.groups {
			for _, u := range g.threads {
				if u.cred.uid.r == uid {
					ts = append(ts, u)
				}
			}
		}
	default:
		return nil, false, abi.EINVAL
	}
	return ts, false, 0
}

func sysIoprioSet(t *Thread, a *sysArgs) (uint64, int) {
	which, who, ioprio := a.Int(0), a.Int(1), a.Int(2)
	if e := t.ioprioValid(ioprio); e != 0 {
		return 0, e
	}
	ts, host, e := t.ioprioTargets(which, who)
	if e != 0 {
		return 0, e
	}
	if host {
		_, _, err := unix.RawSyscall(unix.SYS_IOPRIO_SET, uintptr(which), uintptr(who), uintptr(ioprio))
		return 0, int(err)
	}
	if len(ts) == 0 {
		return 0, abi.ESRCH
	}
	for _, u := range ts {
		// set_task_ioprio: the target's real uid is the caller's real or
		// effective one, or CAP_SYS_NICE.
		if u.cred.uid.r != t.cred.uid.e && u.cred.uid.r != t.cred.uid.r && !t.cred.capable(capSysNice) {
			return 0, abi.EPERM
		}
		u.sched.ioprio = ioprio
	}
	return 0, 0
}

// sysIoprioGet answers a thread's I/O priority as set (0, class none, if
// never), and for a process group or a user the best effective one of
// their threads: an unset priority is the one the nice value gives
// (class idle under SCHED_IDLE, real-time under a real-time policy, else
// best effort; level (nice + 20) / 5), and the best is the lowest value
// (ioprio_best, 6.1).
func sysIoprioGet(t *Thread, a *sysArgs) (uint64, int) {
	which, who := a.Int(0), a.Int(1)
	ts, host, e := t.ioprioTargets(which, who)
	if e != 0 {
		return 0, e
	}
	if host {
		r, _, err := unix.RawSyscall(unix.SYS_IOPRIO_GET, uintptr(which), uintptr(who), 0)
		return uint64(r), int(err)
	}
	if len(ts) == 0 {
		return 0, abi.ESRCH
	}
	if which == ioprioWhoProcess {
		return uint64(ts[0].sched.ioprio), 0
	}
	best := -1
	for _, u := range ts {
		p := u.sched.ioprio
		if p>>ioprioClassShift&7 == ioprioClassNone {
			class := ioprioClassBE
			switch u.sched.policy {
			case schedIdle:
				class = ioprioClassIdle
			case schedFIFO, schedRR:
				class = ioprioClassRT
			}
			p = class<<ioprioClassShift | (u.group.nice+20)/5
		}
		if best < 0 || p < best {
			best = p
		}
	}
	return uint64(best), 0
}

// sysFallocate passes fallocate(fd, mode, offset, len) to the host: the
// same checks (EBADF, EINVAL for a negative offset or a length not above
// zero, EOPNOTSUPP, ESPIPE, ENODEV) and effect.
func sysFallocate(t *Thread, a *sysArgs) (uint64, int) {
	var err error
	t.block(func() { err = unix.Fallocate(t.fd(a.Fd(0)), uint32(a.Int(1)), a.Long(2), a.Long(3)) })
	return 0, errnoOf(err)
}
