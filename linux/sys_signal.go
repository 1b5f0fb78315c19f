package linux

import (
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
		return 0, t.put64(a[0], t.pending&t.mask)
	})
	def(abi.SYS_RT_SIGSUSPEND, func(t *Thread, a *[6]uint64) (uint64, int) {
		m, e := t.get64(a[0])
		if e != 0 {
			return 0, e
		}
		old := t.mask
		t.mask = m &^ unblockable
		if t.waitFor(nil, -1) == waitExit {
			return 0, errExit
		}
		// The handler runs with the suspended mask; sigreturn restores
		// the saved one, which must be the old mask.
		sig := t.deliverable()
		if sig != 0 {
			t.deliverSignals()
		}
		t.mask = old
		return 0, abi.EINTR
	})
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
			if sig != 0 {
				t.p.postProcess(sigInfo{signo: sig, code: abi.SI_USER, pid: t.p.pid, uid: unix.Getuid()})
			}
			return 0, 0
		}
		return 0, errnoOf(unix.Kill(pid, unix.Signal(sig)))
	})
}

func tkill(t *Thread, pid, tid, sig int) (uint64, int) {
	if sig < 0 || sig > abi.NSIG {
		return 0, abi.EINVAL
	}
	if pid != t.p.pid {
		return 0, abi.ESRCH
	}
	u := t.p.threads[tid]
	if u == nil {
		return 0, abi.ESRCH
	}
	if sig != 0 {
		u.post(sigInfo{signo: sig, code: abi.SI_TKILL, pid: t.p.pid, uid: unix.Getuid()})
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
	cur := t.p.actions[sig]
	if act != 0 {
		b, e := t.read(act, 32)
		if e != 0 {
			return 0, e
		}
		t.p.actions[sig] = sigAction{handler: o.Uint64(b), flags: o.Uint64(b[8:]), restorer: o.Uint64(b[16:]), mask: o.Uint64(b[24:]) &^ unblockable}
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
		} else if t.onAltStack(t.r.GPR[1]) {
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
		if t.onAltStack(t.r.GPR[1]) {
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
