//go:build linux

package linux

import (
	"encoding/binary"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

func init() {
	def(abi.SYS_RT_SIGACTION, sysSigaction)
	def(abi.SYS_RT_SIGPROCMASK, sysSigprocmask)
	def(abi.SYS_SIGALTSTACK, sysSigaltstack)
	def(abi.SYS_RT_SIGRETURN, func(t *Thread, a *[6]uint64) (uint64, int) {
		if t.sigreturn() {
			return 0, errExit
		}
		return 0, errNoResult
	})
	def(abi.SYS_RT_SIGPENDING, func(t *Thread, a *[6]uint64) (uint64, int) {
		return 0, t.put64(a[0], t.pendingSet()&t.mask)
	})
	def(abi.SYS_RT_SIGSUSPEND, func(t *Thread, a *[6]uint64) (uint64, int) {
		if a[1] != 8 {
			return 0, abi.EINVAL
		}
		m, e := t.get64(a[0])
		if e != 0 {
			return 0, e
		}
		// Wait under the given mask; the handler runs with it (plus its
		// own), and sigreturn restores the old one.
		old := t.mask
		t.mask = m &^ unblockable
		for t.deliverable() == 0 {
			if t.waitFor(nil, -1) == waitExit {
				return 0, errExit
			}
		}
		t.savedMask, t.restoreMask = old, true
		t.p.sigAny.Store(true)
		return 0, abi.EINTR
	})
	def(abi.SYS_PAUSE, func(t *Thread, a *[6]uint64) (uint64, int) {
		for t.deliverable() == 0 {
			if t.waitFor(nil, -1) == waitExit {
				return 0, errExit
			}
		}
		return 0, abi.EINTR
	})
	def(abi.SYS_RT_SIGQUEUEINFO, func(t *Thread, a *[6]uint64) (uint64, int) {
		return sigqueueinfo(t, int(int32(a[0])), 0, int(int32(a[1])), a[2])
	})
	def(abi.SYS_RT_TGSIGQUEUEINFO, func(t *Thread, a *[6]uint64) (uint64, int) {
		return sigqueueinfo(t, int(int32(a[0])), int(int32(a[1])), int(int32(a[2])), a[3])
	})
	def(abi.SYS_RT_SIGTIMEDWAIT, sysSigtimedwait)
	def(abi.SYS_TGKILL, func(t *Thread, a *[6]uint64) (uint64, int) {
		return tkill(t, int(int32(a[0])), int(int32(a[1])), int(a[2]))
	})
	def(abi.SYS_TKILL, func(t *Thread, a *[6]uint64) (uint64, int) {
		return tkill(t, t.p.pid, int(int32(a[0])), int(a[1]))
	})
	def(abi.SYS_KILL, func(t *Thread, a *[6]uint64) (uint64, int) {
		pid, sig := int(int32(a[0])), int(a[1])
		if sig < 0 || sig > abi.NSIG {
			return 0, abi.EINVAL
		}
		if pid == t.p.pid || pid == 0 {
			if sig != 0 && !t.p.postProcess(t.group, sigInfo{signo: sig, code: abi.SI_USER, pid: t.p.pid, uid: unix.Getuid()}) {
				return 0, abi.EAGAIN
			}
			return 0, 0
		}
		return 0, errnoOf(unix.Kill(pid, unix.Signal(sig)))
	})
}

func tkill(t *Thread, pid, tid, sig int) (uint64, int) {
	// Linux's tkill/tgkill: a thread or group id that is not positive is
	// EINVAL, before the signal number is looked at.
	if sig < 0 || sig > abi.NSIG || pid <= 0 || tid <= 0 {
		return 0, abi.EINVAL
	}
	if pid != t.p.pid {
		return 0, abi.ESRCH
	}
	u := t.group.threads[tid]
	if u == nil {
		return 0, abi.ESRCH
	}
	if sig != 0 && !u.post(sigInfo{signo: sig, code: abi.SI_TKILL, pid: t.p.pid, uid: unix.Getuid()}) {
		return 0, abi.EAGAIN
	}
	return 0, 0
}

// struct sigaction on powerpc64: handler, flags, restorer, mask (8 bytes each).
func sysSigaction(t *Thread, a *[6]uint64) (uint64, int) {
	sig, act, old := int(a[0]), a[1], a[2]
	if sig < 1 || sig > abi.NSIG || a[3] != 8 {
		return 0, abi.EINVAL
	}
	if act != 0 && (sig == abi.SIGKILL || sig == abi.SIGSTOP) {
		return 0, abi.EINVAL
	}
	o := t.p.order
	cur := t.sighand.actions[sig]
	if act != 0 {
		b, e := t.read(act, 32)
		if e != 0 {
			return 0, e
		}
		t.sighand.actions[sig] = sigAction{handler: o.Uint64(b), flags: o.Uint64(b[8:]), restorer: o.Uint64(b[16:]), mask: o.Uint64(b[24:]) &^ unblockable}
		if h := t.sighand.actions[sig].handler; h == abi.SIG_IGN || h == abi.SIG_DFL && abi.Default(sig) == abi.ActIgnore {
			// POSIX: setting a pending signal's action to ignore it
			// discards it, blocked or not.
			t.p.flush(t.group, sig)
		}
	}
	if old != 0 {
		b := make([]byte, 32)
		o.PutUint64(b, cur.handler)
		o.PutUint64(b[8:], cur.flags)
		o.PutUint64(b[16:], cur.restorer)
		o.PutUint64(b[24:], cur.mask)
		if e := t.write(old, b); e != 0 {
			return 0, e
		}
	}
	return 0, 0
}

func sysSigprocmask(t *Thread, a *[6]uint64) (uint64, int) {
	how, set, old := a[0], a[1], a[2]
	if a[3] != 8 {
		return 0, abi.EINVAL
	}
	cur := t.mask
	if set != 0 {
		m, e := t.get64(set)
		if e != 0 {
			return 0, e
		}
		switch how {
		case abi.SIG_BLOCK:
			t.mask |= m
		case abi.SIG_UNBLOCK:
			t.mask &^= m
		case abi.SIG_SETMASK:
			t.mask = m
		default:
			return 0, abi.EINVAL
		}
		t.mask &^= unblockable
		t.p.sigAny.Store(true)
	}
	if old != 0 {
		if e := t.put64(old, cur); e != 0 {
			return 0, e
		}
	}
	return 0, 0
}

// stack_t: ss_sp (8), ss_flags (int, padded to 8), ss_size (8).
func sysSigaltstack(t *Thread, a *[6]uint64) (uint64, int) {
	ss, old := a[0], a[1]
	o := t.p.order
	if old != 0 {
		b := make([]byte, 24)
		flags := uint32(0)
		if t.altSize == 0 || t.altFlags&abi.SS_DISABLE != 0 {
			flags = abi.SS_DISABLE
		} else if t.onAltStack(t.ctx.Regs.GPR[1]) {
			flags = abi.SS_ONSTACK
		}
		o.PutUint64(b, t.altSP)
		o.PutUint32(b[8:], flags)
		o.PutUint64(b[16:], t.altSize)
		if e := t.write(old, b); e != 0 {
			return 0, e
		}
	}
	if ss != 0 {
		b, e := t.read(ss, 24)
		if e != 0 {
			return 0, e
		}
		if t.onAltStack(t.ctx.Regs.GPR[1]) {
			return 0, abi.EPERM
		}
		sp, flags, size := o.Uint64(b), uint64(o.Uint32(b[8:])), o.Uint64(b[16:])
		switch {
		case flags&abi.SS_DISABLE != 0:
			t.altSP, t.altSize, t.altFlags = 0, 0, abi.SS_DISABLE
		case flags != 0 && flags != abi.SS_ONSTACK:
			return 0, abi.EINVAL
		case size < abi.MINSIGSTKSZ:
			return 0, unixENOMEM
		default:
			t.altSP, t.altSize, t.altFlags = sp, size, 0
		}
	}
	return 0, 0
}

const unixENOMEM = abi.ENOMEM

// sigqueueinfo is rt_sigqueueinfo (tid 0: to the process) and
// rt_tgsigqueueinfo: the caller's siginfo travels with the signal. As in
// Linux, a siginfo that claims to come from the kernel or from kill/tgkill
// (si_code >= 0 or SI_TKILL) may only be sent to the caller's own process.
func sigqueueinfo(t *Thread, pid, tid, sig int, uinfo uint64) (uint64, int) {
	if sig < 0 || sig > abi.NSIG {
		return 0, abi.EINVAL
	}
	raw, e := t.read(uinfo, abi.SiginfoSize)
	if e != 0 {
		return 0, e
	}
	o := t.p.order
	code := int(int32(o.Uint32(raw[8:])))
	if (code >= 0 || code == abi.SI_TKILL) && pid != t.p.pid {
		return 0, abi.EPERM
	}
	info := sigInfo{signo: sig, code: code, pid: int(int32(o.Uint32(raw[16:]))), uid: int(o.Uint32(raw[20:])), raw: raw}
	if pid != t.p.pid {
		// Another process: the host's rt_sigqueueinfo with the fields
		// of the rt/kill layout re-encoded in the host's byte order.
		var h [abi.SiginfoSize]byte
		n := binary.NativeEndian
		n.PutUint32(h[0:], uint32(sig))
		n.PutUint32(h[8:], uint32(int32(code)))
		n.PutUint32(h[16:], uint32(info.pid))
		n.PutUint32(h[20:], uint32(info.uid))
		n.PutUint64(h[24:], o.Uint64(raw[24:]))
		var errno unix.Errno
		if tid == 0 {
			_, _, errno = unix.Syscall(unix.SYS_RT_SIGQUEUEINFO, uintptr(pid), uintptr(sig), uintptr(unsafe.Pointer(&h[0])))
		} else {
			_, _, errno = unix.Syscall6(unix.SYS_RT_TGSIGQUEUEINFO, uintptr(pid), uintptr(tid), uintptr(sig), uintptr(unsafe.Pointer(&h[0])), 0, 0)
		}
		return 0, int(errno)
	}
	if sig == 0 {
		return 0, 0
	}
	ok := true
	if tid == 0 {
		ok = t.p.postProcess(t.group, info)
	} else {
		u := t.group.threads[tid]
		if u == nil {
			return 0, abi.ESRCH
		}
		ok = u.post(info)
	}
	if !ok {
		return 0, abi.EAGAIN
	}
	return 0, 0
}

// sysSigtimedwait is rt_sigtimedwait(set, info, timeout, sigsetsize): it
// takes one pending signal of set (the lowest; real-time instances in the
// order sent) without running its handler. While it waits, the signals of
// set are unblocked for the thread, as in Linux, so that a signal sent to
// the process reaches it. A signal outside set that has a handler ends the
// wait with EINTR (never restarted); the timeout with EAGAIN.
func sysSigtimedwait(t *Thread, a *[6]uint64) (uint64, int) {
	if a[3] != 8 {
		return 0, abi.EINVAL
	}
	set, e := t.get64(a[0])
	if e != 0 {
		return 0, e
	}
	set &^= unblockable
	d := time.Duration(-1)
	if a[2] != 0 {
		if d, e = t.getTimespec(a[2]); e != 0 {
			return 0, e
		}
	}
	deadline := time.Now().Add(d)
	for {
		if sig, info := t.take(set); sig != 0 {
			t.p.sigAny.Store(true) // recomputed by the next delivery pass
			if a[1] != 0 {
				b := make([]byte, abi.SiginfoSize)
				t.p.putSiginfo(b, sig, &info)
				if e := t.write(a[1], b); e != 0 {
					return 0, e
				}
			}
			return uint64(sig), 0
		}
		if t.deliverable() != 0 {
			return 0, abi.EINTR
		}
		left := time.Duration(-1)
		if d >= 0 {
			if left = time.Until(deadline); left <= 0 {
				return 0, abi.EAGAIN
			}
		}
		old := t.mask
		t.mask &^= set
		res := t.waitFor(nil, left)
		t.mask = old
		if res == waitExit {
			return 0, errExit
		}
	}
}
