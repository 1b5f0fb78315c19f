//go:build linux

package linux

import (
	"encoding/binary"
	"maps"
	"slices"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/linux/internal/seccomp"
)

// Seccomp (seccomp(2), prctl PR_SET_SECCOMP/PR_GET_SECCOMP) as Linux 6.1's
// kernel/seccomp.c, in the runner: a thread's mode and chain of filters
// are checked on each of its system calls before the call runs
// (Thread.secure), never on the runner's own host calls. The filters are
// classic BPF programs over struct seccomp_data (package
// internal/seccomp), with arch AUDIT_ARCH_PPC64 or AUDIT_ARCH_PPC64LE by
// the guest's byte order. A thread's mode and filters are copied by
// clone and kept by execve. What the runner does not do:
// SECCOMP_FILTER_FLAG_NEW_LISTENER (user notification listeners) is
// refused with EINVAL, as by Linux before 5.0, which did not know the
// flag (libseccomp then reports notification as unavailable), so
// SECCOMP_RET_USER_NOTIF always finds no listener and fails the call
// with ENOSYS, as Linux does without one; SECCOMP_RET_TRACE makes a
// PTRACE_EVENT_SECCOMP stop of a thread traced with
// PTRACE_O_TRACESECCOMP (ptrace.go), else fails the call with ENOSYS, as
// Linux does without a tracer; SECCOMP_RET_LOG and SECCOMP_FILTER_FLAG_LOG log nothing (the
// runner has no audit log); SECCOMP_FILTER_FLAG_SPEC_ALLOW changes
// nothing (there is no speculation to mitigate); an execve of a host
// program (hostexec.go) by a thread under seccomp is refused with
// ENOEXEC, since its filters could not follow it. The runner's vDSO makes
// system calls (vdso.go), so the time calls glibc makes there
// (clock_gettime, clock_getres, gettimeofday, time, getcpu), which
// Linux's vDSO answers from its data page without one, reach the filters
// and strict mode.

// seccompState is a thread's seccomp mode and, in filter mode, its chain
// of filters. One is never changed once made: threads share it (clone,
// SECCOMP_FILTER_FLAG_TSYNC). A thread without seccomp has none.
type seccompState struct {
	mode   int // unix.SECCOMP_MODE_STRICT or unix.SECCOMP_MODE_FILTER
	filter *seccomp.Filter
}

// strictState is SECCOMP_MODE_STRICT's state.
var strictState = &seccompState{mode: unix.SECCOMP_MODE_STRICT}

// seccompMode is t's mode: SECCOMP_MODE_DISABLED, _STRICT or _FILTER.
func (t *Thread) seccompMode() int {
	if t.seccomp == nil {
		return unix.SECCOMP_MODE_DISABLED
	}
	return t.seccomp.mode
}

// strictAllowed reports whether strict mode lets system call nr run:
// read, write, exit and, on powerpc, rt_sigreturn (asm/seccomp.h).
func strictAllowed(nr int32) bool {
	switch nr {
	case abi.SYS_READ, abi.SYS_WRITE, abi.SYS_EXIT, abi.SYS_RT_SIGRETURN:
		return true
	}
	return false
}

// seccompFlags are the SECCOMP_SET_MODE_FILTER flags Linux 6.1 knows
// (SECCOMP_FILTER_FLAG_MASK).
const seccompFlags = unix.SECCOMP_FILTER_FLAG_TSYNC | unix.SECCOMP_FILTER_FLAG_LOG |
	unix.SECCOMP_FILTER_FLAG_SPEC_ALLOW | unix.SECCOMP_FILTER_FLAG_NEW_LISTENER |
	unix.SECCOMP_FILTER_FLAG_TSYNC_ESRCH | unix.SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV

// maxErrno is MAX_ERRNO: SECCOMP_RET_ERRNO's data is capped to it.
const maxErrno = 4095

func sysSeccomp(t *Thread, a *sysArgs) (uint64, int) {
	return t.doSeccomp(a.Uint(0), a.Uint(1), a.Ptr(2))
}

// doSeccomp is seccomp(op, flags, uargs), as Linux's do_seccomp.
func (t *Thread) doSeccomp(op, flags uint32, uargs uint64) (uint64, int) {
	switch op {
	case unix.SECCOMP_SET_MODE_STRICT:
		if flags != 0 || uargs != 0 {
			return 0, abi.EINVAL
		}
		if t.seccompMode() == unix.SECCOMP_MODE_FILTER {
			return 0, abi.EINVAL
		}
		t.seccomp = strictState
		return 0, 0
	case unix.SECCOMP_SET_MODE_FILTER:
		return t.setSeccompFilter(flags, uargs)
	case unix.SECCOMP_GET_ACTION_AVAIL:
		if flags != 0 {
			return 0, abi.EINVAL
		}
		action, e := t.get32(uargs)
		if e != 0 {
			return 0, e
		}
		switch action {
		case unix.SECCOMP_RET_KILL_PROCESS, unix.SECCOMP_RET_KILL_THREAD, unix.SECCOMP_RET_TRAP,
			unix.SECCOMP_RET_ERRNO, unix.SECCOMP_RET_USER_NOTIF, unix.SECCOMP_RET_TRACE,
			unix.SECCOMP_RET_LOG, unix.SECCOMP_RET_ALLOW:
			return 0, 0
		}
		return 0, abi.EOPNOTSUPP
	case unix.SECCOMP_GET_NOTIF_SIZES:
		if flags != 0 {
			return 0, abi.EINVAL
		}
		sizes := abi.SeccompNotifSizes{Notif: seccomp.NotifSize, NotifResp: seccomp.NotifRespSize, Data: seccomp.DataSize}
		b := abi.SeccompNotifSizesLayout.Bytes(t.p.order, &sizes)
		return 0, t.write(uargs, b)
	}
	return 0, abi.EINVAL
}

// setSeccompFilter attaches the filter at uargs (struct sock_fprog) to t,
// as seccomp_set_mode_filter, in its order of checks: the flags, the
// program (seccomp_prepare_user_filter: EFAULT, a length out of range,
// EACCES without no_new_privs or CAP_SYS_ADMIN, a NULL program, EFAULT,
// an invalid one), strict mode, the chain's length (ENOMEM) and, with
// SECCOMP_FILTER_FLAG_TSYNC, whether every other thread can take the new
// chain (the first that cannot: its thread id as the result, or ESRCH
// with SECCOMP_FILTER_FLAG_TSYNC_ESRCH). It returns 0 on success.
func (t *Thread) setSeccompFilter(flags uint32, uargs uint64) (uint64, int) {
	const (
		tsync    = unix.SECCOMP_FILTER_FLAG_TSYNC
		listener = unix.SECCOMP_FILTER_FLAG_NEW_LISTENER
	)
	switch {
	case flags&^seccompFlags != 0:
		return 0, abi.EINVAL
	case flags&tsync != 0 && flags&listener != 0 && flags&unix.SECCOMP_FILTER_FLAG_TSYNC_ESRCH == 0:
		return 0, abi.EINVAL
	case flags&unix.SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV != 0 && flags&listener == 0:
		return 0, abi.EINVAL
	case flags&listener != 0:
		return 0, abi.EINVAL // not implemented (see the top of this file)
	}
	prog, e := t.readFilter(uargs)
	if e != 0 {
		return 0, e
	}
	if t.seccompMode() == unix.SECCOMP_MODE_STRICT {
		return 0, abi.EINVAL
	}
	var prev *seccomp.Filter
	if t.seccomp != nil {
		prev = t.seccomp.filter
	}
	f, err := seccomp.Attach(prev, prog, flags&unix.SECCOMP_FILTER_FLAG_LOG != 0)
	if err != nil {
		return 0, abi.ENOMEM
	}
	if flags&tsync != 0 {
		for _, tid := range slices.Sorted(maps.Keys(t.group.threads)) {
			u := t.group.threads[tid]
			if u == t || u.seccomp == nil || u.seccomp.mode == unix.SECCOMP_MODE_FILTER && prev.Descends(u.seccomp.filter) {
				continue
			}
			if flags&unix.SECCOMP_FILTER_FLAG_TSYNC_ESRCH != 0 {
				return 0, abi.ESRCH
			}
			return uint64(u.tid), 0
		}
	}
	s := &seccompState{mode: unix.SECCOMP_MODE_FILTER, filter: f}
	t.seccomp = s
	if flags&tsync != 0 {
		for _, u := range t.group.threads {
			u.seccomp = s
			if t.cred.noNewPrivs && !u.cred.noNewPrivs {
				// Not setCred: that is for u's own goroutine. u's host
				// thread need not have it: u may not start a host
				// program under seccomp.
				n := u.cred.clone()
				n.noNewPrivs = true
				u.cred = n
			}
		}
	}
	return 0, 0
}

// readFilter reads and checks the program of the struct sock_fprog at
// addr (a 16-bit length, then a pointer to the instructions).
func (t *Thread) readFilter(addr uint64) ([]seccomp.Insn, int) {
	var fp abi.SockFprog
	b, e := t.read(addr, abi.SockFprogLayout.Size())
	if e != 0 {
		return nil, e
	}
	o := t.p.order
	abi.SockFprogLayout.Decode(o, b, &fp)
	n, at := int(fp.Len), fp.Filter
	switch {
	case n == 0 || n > unix.BPF_MAXINSNS:
		return nil, abi.EINVAL
	case !t.cred.noNewPrivs && !t.cred.capable(unix.CAP_SYS_ADMIN):
		return nil, abi.EACCES
	case at == 0:
		return nil, abi.EINVAL
	}
	size := abi.SockFilterLayout.Size()
	if b, e = t.read(at, n*size); e != 0 {
		return nil, e
	}
	prog := make([]seccomp.Insn, n)
	for i := range prog {
		var in abi.SockFilter
		abi.SockFilterLayout.Decode(o, b[i*size:], &in)
		prog[i] = seccomp.Insn(in)
	}
	checked, err := seccomp.Check(prog) // an *InvalidError
	if err != nil {
		return nil, abi.EINVAL
	}
	return checked, 0
}

// auditArch is the guest's AUDIT_ARCH_* (uapi linux/audit.h).
func (p *Process) auditArch() uint32 {
	if p.order == binary.BigEndian {
		return unix.AUDIT_ARCH_PPC64
	}
	return unix.AUDIT_ARCH_PPC64LE
}

// secure applies t's seccomp mode to the system call num it is making
// (NIP after the sc, r3 the first argument in OrigGPR3), as Linux's
// __secure_computing before the call runs. handled says the call is not
// to run: its result is in the registers, or the thread ended (ended).
func (t *Thread) secure(num uint64, scv bool) (handled, ended bool) {
	return t.secureCall(num, scv, false)
}

// secureCall is secure; recheck says the call is the one a tracer left
// at its PTRACE_EVENT_SECCOMP stop: SECCOMP_RET_TRACE then lets it run.
func (t *Thread) secureCall(num uint64, scv, recheck bool) (handled, ended bool) {
	r := &t.ctx.Regs
	nr := int32(num) // syscall_get_nr: an int
	if t.seccomp.mode == unix.SECCOMP_MODE_STRICT {
		if strictAllowed(nr) {
			return false, false
		}
		t.exitThread(ExitStatus{Signal: abi.SIGKILL}) // do_exit(SIGKILL): this thread
		return true, true
	}
	d := seccomp.Data{Nr: nr, Arch: t.p.auditArch(), IP: r.NIP,
		Args:      [6]uint64{r.OrigGPR3, r.GPR[4], r.GPR[5], r.GPR[6], r.GPR[7], r.GPR[8]},
		BigEndian: t.p.order == binary.BigEndian}
	ret, _ := t.seccomp.filter.Run(&d)
	data := ret & unix.SECCOMP_RET_DATA
	sigsys := func() sigInfo {
		return sigInfo{signo: abi.SIGSYS, code: abi.SYS_SECCOMP_CODE, addr: r.NIP, sigsys: true,
			errno: int32(data), syscall: nr, arch: d.Arch}
	}
	switch seccomp.Action(ret) {
	case unix.SECCOMP_RET_ALLOW, unix.SECCOMP_RET_LOG:
		return false, false
	case unix.SECCOMP_RET_ERRNO:
		t.setReturn(scv, 0, int(min(data, maxErrno)))
		return true, false
	case unix.SECCOMP_RET_TRACE:
		if !recheck {
			return t.ptraceSeccomp(uint32(data), scv)
		}
		return false, false // the call the tracer left runs
	case unix.SECCOMP_RET_USER_NOTIF:
		// No listener.
		t.setReturn(scv, 0, abi.ENOSYS)
		return true, false
	case unix.SECCOMP_RET_TRAP:
		// The registers as before the call (syscall_rollback), returned
		// as a skipped call returns r3: an sc's r3 that looks like an
		// errno becomes one.
		t.skippedReturn(scv, r.OrigGPR3)
		return true, t.forceSignal(sigsys())
	case unix.SECCOMP_RET_KILL_THREAD:
		if t.group.nthreads.Load() > 1 {
			t.exitThread(ExitStatus{Signal: abi.SIGSYS}) // do_exit(SIGSYS): this thread
			return true, true
		}
	}
	// SECCOMP_RET_KILL_PROCESS, an unknown action, or the last thread's
	// SECCOMP_RET_KILL_THREAD: SIGSYS as its default action, a core
	// dump of the registers as before the call.
	r.GPR[3] = r.OrigGPR3
	t.killedBy(sigsys())
	return true, true
}

// skippedReturn sets the registers as Linux returns from a system call
// whose r3 is v and that did not run (syscall_exit_prepare): for sc, a
// value from -4095 to -1 is an error (r3 its errno, CR0[SO] set), and
// CR0[SO] is otherwise left as it is (cleared at the call's entry, or as
// a tracer set it).
func (t *Thread) skippedReturn(scv bool, v uint64) {
	if !scv && v >= 1<<64-maxErrno {
		t.setReturn(false, 0, int(-v))
		return
	}
	t.ctx.Regs.GPR[3] = v
}
