//go:build linux

package linux

import (
	"encoding/binary"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
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

	// sched_attr's sizes and flags (uapi linux/sched/types.h and
	// linux/sched.h), SCHED_CAPACITY_SCALE, and the deadline parameters'
	// bounds (DL_SCALE; the default sched_deadline_period_min_us and
	// _max_us, in nanoseconds).
	schedAttrSizeVer0    = 48
	schedAttrSize        = 56 // SCHED_ATTR_SIZE_VER1, sizeof(struct sched_attr) in 6.1
	schedFlagResetOnFork = 0x01
	schedFlagDLOverrun   = 0x04
	schedFlagKeepPolicy  = 0x08
	schedFlagKeepParams  = 0x10
	schedFlagUtilMin     = 0x20
	schedFlagUtilMax     = 0x40
	schedFlagAll         = 0x7f
	schedFlagSugov       = 0x10000000
	schedCapacityScale   = 1024
	dlScale              = 10
	dlPeriodMinNs        = 100 * 1000
	dlPeriodMaxNs        = (1 << 22) * 1000

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
	// nice is its nice value (sys_prio.go), kept under every policy as
	// Linux keeps static_prio.
	nice int
	// prio is its priority as /proc/PID/stat shows it (task_prio: the
	// task's prio - MAX_RT_PRIO), which follows the nice value given to
	// sched_setattr even under SCHED_IDLE, where the nice value itself
	// stays (normalPrio).
	prio int
	// The SCHED_DEADLINE parameters (nanoseconds) and flags, set by
	// sched_setattr.
	dlRuntime, dlDeadline, dlPeriod uint64
	dlFlags                         uint64
	// The utilization clamps (sched_util_min and _max), when the host
	// has them (hostUclamp).
	utilMin, utilMax uint32
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
	if prio, err := unix.Getpriority(prioProcess, 0); err == nil {
		s.nice = 20 - prio // the raw call's 20 - nice
	}
	s.prio = normalPrio(s.policy, s.rtPrio, s.nice)
	if u := hostUclamp(); u.ok {
		s.utilMin, s.utilMax = u.min, u.max
	}
	return s
}

// hostUclamp is the runner's utilization clamps and whether the host
// has them (a kernel built with CONFIG_UCLAMP_TASK reports a maximum of
// SCHED_CAPACITY_SCALE for a task that never set one; without it both are
// 0 and setting a clamp is EOPNOTSUPP).
var hostUclamp = sync.OnceValue(func() (u struct {
	min, max uint32
	ok       bool
}) {
	var b [schedAttrSize]byte
	if _, _, e := unix.RawSyscall6(unix.SYS_SCHED_GETATTR, 0, uintptr(unsafe.Pointer(&b[0])), schedAttrSize, 0, 0, 0); e != 0 {
		return u
	}
	var a abi.SchedAttr
	abi.SchedAttrLayout.Decode(binary.NativeEndian, b[:], &a)
	u.min, u.max, u.ok = a.UtilMin, a.UtilMax, a.Size >= schedAttrSize && a.UtilMax != 0
	return u
})

// forked returns the attributes of a task cloned from one with s:
// SCHED_RESET_ON_FORK gives the child SCHED_NORMAL and nice 0 for a
// real-time or deadline policy, nice 0 for a negative nice value, and
// clears itself (sched_fork).
func (s schedAttrs) forked() schedAttrs {
	if s.resetOnFork {
		switch {
		case s.policy == schedFIFO || s.policy == schedRR || s.policy == schedDeadline:
			s.policy, s.rtPrio, s.nice = schedNormal, 0, 0
			s.dlRuntime, s.dlDeadline, s.dlPeriod, s.dlFlags = 0, 0, 0, 0
		case s.nice < 0:
			s.nice = 0
		}
		s.resetOnFork = false
	}
	s.prio = normalPrio(s.policy, s.rtPrio, s.nice) // the parent's normal_prio
	return s
}

// normalPrio is __normal_prio as task_prio shows it: -101 under
// SCHED_DEADLINE, -1 - the real-time priority under SCHED_FIFO and
// SCHED_RR, else 20 + nice.
func normalPrio(policy, rtPrio, nice int) int {
	switch policy {
	case schedDeadline:
		return -101
	case schedFIFO, schedRR:
		return -1 - rtPrio
	}
	return 20 + nice
}

// setNice is set_user_nice: the nice value, and the priority with it but
// under a real-time or deadline policy.
func (s *schedAttrs) setNice(nice int) {
	s.nice = nice
	if s.policy != schedFIFO && s.policy != schedRR && s.policy != schedDeadline {
		s.prio = 20 + nice
	}
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

// setScheduler is do_sched_setscheduler and _sched_setscheduler: policy
// -1 (sched_setparam) keeps the target's policy, SCHED_RESET_ON_FORK in
// the policy is the flag, and the nice value stays the target's.
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
	attr := abi.SchedAttr{Policy: uint32(policy), Priority: uint32(prio), Nice: int32(u.sched.nice)}
	if policy >= 0 && policy&schedResetOnFork != 0 {
		attr.Flags |= schedFlagResetOnFork
		attr.Policy &^= schedResetOnFork
	}
	return 0, t.setSchedAttr(u, &attr, policy < 0)
}

// setSchedAttr is __sched_setscheduler for a user's call: u gets attr's
// policy (keep: u's own, SETPARAM_POLICY) and parameters after Linux 6.1's
// checks (kernel/sched/core.c), in its order: EINVAL for an unknown
// policy or flag and for parameters the policy does not take; without
// CAP_SYS_NICE, EPERM for a nice value below RLIMIT_NICE's, a real-time
// policy or priority beyond RLIMIT_RTPRIO, SCHED_DEADLINE, leaving
// SCHED_IDLE beyond RLIMIT_NICE, another user's thread or clearing
// SCHED_RESET_ON_FORK; EOPNOTSUPP for utilization clamps on a host
// without them. Nothing changes on an error.
func (t *Thread) setSchedAttr(u *Thread, attr *abi.SchedAttr, keep bool) int {
	old := u.sched
	policy := int(attr.Policy)
	reset := attr.Flags&schedFlagResetOnFork != 0
	if keep {
		policy, reset = old.policy, old.resetOnFork
	} else {
		switch policy {
		case schedNormal, schedBatch, schedIdle, schedFIFO, schedRR, schedDeadline:
		default:
			return abi.EINVAL
		}
	}
	if attr.Flags&^(schedFlagAll|schedFlagSugov) != 0 {
		return abi.EINVAL
	}
	rt := policy == schedFIFO || policy == schedRR
	fair := policy == schedNormal || policy == schedBatch
	if attr.Priority > maxRTPrio-1 || (policy == schedDeadline && !dlParamsValid(attr)) || rt != (attr.Priority != 0) {
		return abi.EINVAL
	}
	nice := int(attr.Nice)
	if !t.cred.capable(capSysNice) {
		if fair && nice < old.nice && !t.canNice(u, nice) {
			return abi.EPERM
		}
		if rt {
			rtprio := u.group.rl.rtprio.Cur
			if policy != old.policy && rtprio == 0 {
				return abi.EPERM
			}
			if int(attr.Priority) > old.rtPrio && uint64(attr.Priority) > rtprio {
				return abi.EPERM
			}
		}
		if policy == schedDeadline {
			return abi.EPERM
		}
		if old.policy == schedIdle && policy != schedIdle && !t.canNice(u, old.nice) {
			return abi.EPERM
		}
		if !t.sameOwner(u) || (old.resetOnFork && !reset) {
			return abi.EPERM
		}
	}
	if attr.Flags&schedFlagSugov != 0 {
		return abi.EINVAL
	}
	n := old
	if attr.Flags&(schedFlagUtilMin|schedFlagUtilMax) != 0 {
		if !hostUclamp().ok {
			return int(unix.EOPNOTSUPP)
		}
		// uclamp_validate: each clamp -1 (the default) or up to
		// SCHED_CAPACITY_SCALE, the minimum not above the maximum.
		lo, hi := int64(int32(old.utilMin)), int64(int32(old.utilMax))
		if attr.Flags&schedFlagUtilMin != 0 {
			lo = int64(int32(attr.UtilMin))
		}
		if attr.Flags&schedFlagUtilMax != 0 {
			hi = int64(int32(attr.UtilMax))
		}
		if lo+1 > schedCapacityScale+1 || hi+1 > schedCapacityScale+1 || lo < -1 || hi < -1 || (lo != -1 && hi != -1 && lo > hi) {
			return abi.EINVAL
		}
		if lo == -1 {
			lo = 0
		}
		if hi == -1 {
			hi = schedCapacityScale
		}
		n.utilMin, n.utilMax = uint32(lo), uint32(hi)
	}
	n.resetOnFork = reset
	// Nothing else changes when the policy and its parameters are the
	// same and no clamp is given.
	util := attr.Flags&(schedFlagUtilMin|schedFlagUtilMax) != 0
	if policy == old.policy && !util && !(fair && nice != old.nice) && !(rt && int(attr.Priority) != old.rtPrio) &&
		!(policy == schedDeadline && (attr.Runtime != old.dlRuntime || attr.Deadline != old.dlDeadline ||
			attr.Period != old.dlPeriod || attr.Flags&schedFlagDLOverrun != old.dlFlags)) {
		u.sched.resetOnFork = reset
		return 0
	}
	if attr.Flags&schedFlagKeepParams == 0 {
		// __setscheduler_params: the nice value under SCHED_NORMAL and
		// SCHED_BATCH only, the deadline parameters under
		// SCHED_DEADLINE, the real-time priority always (0 for the
		// others).
		n.policy, n.rtPrio = policy, int(attr.Priority)
		n.prio = normalPrio(policy, int(attr.Priority), nice)
		if fair {
			n.nice = nice
		}
		if policy == schedDeadline {
			n.dlRuntime, n.dlDeadline, n.dlPeriod = attr.Runtime, attr.Deadline, attr.Period
			n.dlFlags = attr.Flags & schedFlagDLOverrun
		}
	}
	u.sched = n
	return 0
}

// dlParamsValid is __checkparam_dl: a deadline, a runtime of at least
// 2^DL_SCALE ns, neither deadline nor period with the top bit,
// runtime ≤ deadline ≤ period (the deadline if 0), the period within the
// default sched_deadline_period_min_us and _max_us.
func dlParamsValid(a *abi.SchedAttr) bool {
	if a.Flags&schedFlagSugov != 0 {
		return true
	}
	if a.Deadline == 0 || a.Runtime < 1<<dlScale || a.Deadline&(1<<63) != 0 || a.Period&(1<<63) != 0 {
		return false
	}
	period := a.Period
	if period == 0 {
		period = a.Deadline
	}
	return period >= a.Deadline && a.Deadline >= a.Runtime && period >= dlPeriodMinNs && period <= dlPeriodMaxNs
}

// sysSchedSetattr is sched_setattr(pid, attr, flags): sched_copy_attr's
// size rules (a size of 0 is SCHED_ATTR_SIZE_VER0's 48; below 48, above
// a page, or a larger structure whose extra bytes are not zero is E2BIG
// with the size the kernel knows, 56, written back; utilization clamps
// need 56 bytes, EINVAL), the nice value clamped to -20..19,
// SCHED_FLAG_KEEP_POLICY the target's policy, then setSchedAttr.
func sysSchedSetattr(t *Thread, a *sysArgs) (uint64, int) {
	pid, addr := a.Int(0), a.Ptr(1)
	if addr == 0 || pid < 0 || a.Uint(2) != 0 {
		return 0, abi.EINVAL
	}
	sb, e := t.read(addr, 4)
	if e != 0 {
		return 0, e
	}
	size := uint64(t.p.order.Uint32(sb))
	if size == 0 {
		size = schedAttrSizeVer0
	}
	e2big := func() (uint64, int) {
		var b [4]byte
		t.p.order.PutUint32(b[:], schedAttrSize)
		if e := t.write(addr, b[:]); e != 0 {
			return 0, e
		}
		return 0, abi.E2BIG
	}
	if size < schedAttrSizeVer0 || size > mem.PageSize {
		return e2big()
	}
	// copy_struct_from_user: the bytes the kernel knows, and the rest
	// zero.
	b, e := t.read(addr, int(size))
	if e != 0 {
		return 0, e
	}
	for _, c := range b[min(size, schedAttrSize):] {
		if c != 0 {
			return e2big()
		}
	}
	buf := make([]byte, schedAttrSize)
	copy(buf, b)
	var attr abi.SchedAttr
	abi.SchedAttrLayout.Decode(t.p.order, buf, &attr)
	if attr.Flags&(schedFlagUtilMin|schedFlagUtilMax) != 0 && size < schedAttrSize {
		return 0, abi.EINVAL
	}
	attr.Nice = min(max(attr.Nice, minNice), maxNice)
	if int32(attr.Policy) < 0 {
		return 0, abi.EINVAL
	}
	u, host, e := t.schedTarget(pid)
	if e != 0 {
		return 0, e
	}
	if host {
		abi.SchedAttrLayout.Encode(binary.NativeEndian, buf, &attr)
		binary.NativeEndian.PutUint32(buf, uint32(min(size, schedAttrSize)))
		_, _, err := unix.RawSyscall(unix.SYS_SCHED_SETATTR, uintptr(pid), uintptr(unsafe.Pointer(&buf[0])), 0)
		return 0, int(err)
	}
	return 0, t.setSchedAttr(u, &attr, attr.Flags&schedFlagKeepPolicy != 0)
}

// sysSchedGetattr is sched_getattr(pid, attr, size, flags): EINVAL for a
// size below 48 or above a page or any flag; the policy, SCHED_FLAG_RESET_ON_FORK,
// the real-time priority, or the deadline parameters, or the nice value
// (get_params) and the utilization clamps, as many bytes as the caller
// gave up to the 56 the kernel knows, with size saying how many.
func sysSchedGetattr(t *Thread, a *sysArgs) (uint64, int) {
	pid, addr, usize := a.Int(0), a.Ptr(1), uint64(a.Uint(2))
	if addr == 0 || pid < 0 || usize > mem.PageSize || usize < schedAttrSizeVer0 || a.Uint(3) != 0 {
		return 0, abi.EINVAL
	}
	u, host, e := t.schedTarget(pid)
	if e != 0 {
		return 0, e
	}
	var attr abi.SchedAttr
	buf := make([]byte, schedAttrSize)
	if host {
		if _, _, err := unix.RawSyscall6(unix.SYS_SCHED_GETATTR, uintptr(pid), uintptr(unsafe.Pointer(&buf[0])), schedAttrSize, 0, 0, 0); err != 0 {
			return 0, int(err)
		}
		abi.SchedAttrLayout.Decode(binary.NativeEndian, buf, &attr)
	} else {
		s := u.sched
		attr.Policy = uint32(s.policy)
		if s.resetOnFork {
			attr.Flags |= schedFlagResetOnFork
		}
		switch s.policy {
		case schedDeadline:
			attr.Runtime, attr.Deadline, attr.Period = s.dlRuntime, s.dlDeadline, s.dlPeriod
			attr.Flags |= s.dlFlags
		case schedFIFO, schedRR:
			attr.Priority = uint32(s.rtPrio)
		default:
			attr.Nice = int32(s.nice)
		}
		if hostUclamp().ok {
			attr.UtilMin, attr.UtilMax = s.utilMin, s.utilMax
		}
	}
	n := min(usize, schedAttrSize)
	attr.Size = uint32(n)
	abi.SchedAttrLayout.Encode(t.p.order, buf, &attr)
	return 0, t.write(addr, buf[:n])
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
			p = class<<ioprioClassShift | (u.sched.nice+20)/5
		}
		if best < 0 || p < best {
			best = p
		}
	}
	return uint64(best), 0
}

// sysFallocate passes fallocate(fd, mode, offset, len) to the host: the
// same checks (EBADF, EINVAL for a negative offset or a length not above
// zero, EOPNOTSUPP, ESPIPE, ENODEV) and effect. An allocation that would
// make the file larger (mode 0 or FALLOC_FL_ZERO_RANGE, without
// FALLOC_FL_KEEP_SIZE) is checked against RLIMIT_FSIZE first, as ext4's
// and tmpfs's fallocate call inode_newsize_ok.
func sysFallocate(t *Thread, a *sysArgs) (uint64, int) {
	mode, off, n := a.Int(1), int64(a.Long(2)), int64(a.Long(3))
	if e, ok := t.procFileAllocate(t.fd(a.Fd(0)), uint32(mode), off, n); ok {
		return 0, e
	}
	if (mode == 0 || mode == unix.FALLOC_FL_ZERO_RANGE) && off >= 0 && n > 0 && off+n > 0 {
		if e := t.fsizeGrow(t.fd(a.Fd(0)), "", off+n); e != 0 {
			return 0, e
		}
	}
	var err error
	t.block(func() { err = unix.Fallocate(t.fd(a.Fd(0)), uint32(a.Int(1)), a.Long(2), a.Long(3)) })
	return 0, errnoOf(err)
}
