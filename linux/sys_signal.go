//go:build linux

package linux

import (
	"encoding/binary"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

func sysRtSigreturn(t *Thread, a *sysArgs) (uint64, int) {
	// As Linux's sys_rt_sigreturn: a restart_syscall from here on
	// fails with EINTR (do_no_restart_syscall).
	t.restartFn = nil
	if !t.sigreturn() {
		return 0, 0 // a bad frame: SIGSEGV is forced (sigreturn)
	}
	return 0, errNoResult
}

func sysRtSigpending(t *Thread, a *sysArgs) (uint64, int) {
	return 0, t.put64(a.Ptr(0), t.pendingSet()&t.mask)
}

// sigset reads the sigset_t at addr whose size the caller gives (EINVAL
// unless it is 8, the kernel's sigset_t).
func (t *Thread) sigset(addr, size uint64) (uint64, int) {
	if size != 8 {
		return 0, abi.EINVAL
	}
	return t.get64(addr)
}

func sysRtSigsuspend(t *Thread, a *sysArgs) (uint64, int) {
	m, e := t.sigset(a.Ptr(0), a.Size(1))
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
	// As Linux's sigsuspend: -ERESTARTNOHAND with the mask to restore.
	// A handler that runs makes it EINTR (and sigreturn restores the
	// mask); a signal that runs none (ignored, a stop and continue)
	// restores the mask and restarts the call, which waits again.
	t.savedMask, t.restoreMask = old, true
	t.p.sigAny.Store(true)
	return 0, errRestartNoHand
}

// sysPause waits for a signal: EINTR once a handler runs; a signal that
// runs none (SIGCONT's default, a stop) restarts it, as Linux's
// ERESTARTNOHAND.
func sysPause(t *Thread, a *sysArgs) (uint64, int) {
	for t.deliverable() == 0 {
		if t.waitFor(nil, -1) == waitExit {
			return 0, errExit
		}
	}
	return 0, errRestartNoHand
}

func sysRtSigqueueinfo(t *Thread, a *sysArgs) (uint64, int) {
	return sigqueueinfo(t, a.Int(0), 0, a.Int(1), a.Ptr(2))
}

func sysRtTgsigqueueinfo(t *Thread, a *sysArgs) (uint64, int) {
	return sigqueueinfo(t, a.Int(0), a.Int(1), a.Int(2), a.Ptr(3))
}

func sysTgkill(t *Thread, a *sysArgs) (uint64, int) {
	if a.Int(0) <= 0 {
		return 0, abi.EINVAL
	}
	return tkill(t, a.Int(0), a.Int(1), a.Int(2))
}

func sysTkill(t *Thread, a *sysArgs) (uint64, int) {
	return tkill(t, 0, a.Int(0), a.Int(1))
}

func sysKill(t *Thread, a *sysArgs) (uint64, int) {
	pid, sig := a.Int(0), a.Int(1)
	if sig < 0 || sig > abi.NSIG {
		return 0, abi.EINVAL
	}
	return t.p.kill(t, pid, sig)
}

// kill sends sig from t to the guest processes pid names, as kill(2): a
// process id, 0 for t's process group, -pgid for a group, -1 for every
// process but t's own and the initial one. Process ids the runner gave
// out are guest processes only (ESRCH once reaped); another pid is the
// host's. A process group with no guest process in it is ESRCH, as Linux
// answers for a group the caller cannot see, unless a host program the
// guest started leads it (hostGroup): the runner's own host group (where
// the first guest process starts) and other host processes' groups are
// never signalled.
func (p *Process) kill(t *Thread, pid, sig int) (uint64, int) {
	info := sigInfo{signo: sig, code: abi.SI_USER, pid: t.group.tgid, uid: int(t.cred.uid.r)}
	var targets []*threadGroup
	switch {
	case pid > 0:
		g := p.groups[pid]
		if g == nil {
			if e := p.hostTarget(pid); e != 0 {
				return 0, e
			}
			if e := t.mayKillHost(pid, sig); e != 0 {
				return 0, e
			}
			return 0, errnoOf(unix.Kill(pid, unix.Signal(sig)))
		}
		targets = append(targets, g)
	case pid == -1:
		for _, g := range p.groups {
			if g != t.group && g != p.group {
				targets = append(targets, g)
			}
		}
	default:
		pg := -pid
		if pid == 0 {
			pg = t.group.pgid
		}
		for _, g := range p.groups {
			if g.pgid == pg {
				targets = append(targets, g)
			}
		}
		if len(targets) == 0 && p.hostGroup(pg) {
			return 0, errnoOf(unix.Kill(-pg, unix.Signal(sig)))
		}
	}
	if len(targets) == 0 {
		return 0, abi.ESRCH
	}
	// As Linux's group kill: success if one process could be sent the
	// signal, else the last refusal.
	e := 0
	sent := false
	for _, g := range targets {
		if e = t.mayKill(g, g.creds(), sig); e != 0 {
			continue
		}
		sent = true
		if sig != 0 && !g.zombie && !p.postProcess(g, info) {
			return 0, abi.EAGAIN
		}
	}
	if sent {
		return 0, 0
	}
	return 0, e
}

func tkill(t *Thread, pid, tid, sig int) (uint64, int) {
	// Linux's tkill/tgkill: a thread or group id that is not positive is
	// EINVAL, before the signal number is looked at.
	if sig < 0 || sig > abi.NSIG || pid < 0 || tid <= 0 {
		return 0, abi.EINVAL
	}
	var u *Thread
	for _, g := range t.p.groups {
		if (pid == 0 || g.tgid == pid) && g.threads[tid] != nil {
			u = g.threads[tid]
		}
	}
	if u == nil {
		return 0, abi.ESRCH
	}
	if e := t.mayKill(u.group, u.cred, sig); e != 0 {
		return 0, e
	}
	if sig != 0 && !u.post(sigInfo{signo: sig, code: abi.SI_TKILL, pid: t.group.tgid, uid: int(t.cred.uid.r)}) {
		return 0, abi.EAGAIN
	}
	return 0, 0
}

func sysSigaction(t *Thread, a *sysArgs) (uint64, int) {
	sig, act, old := a.Int(0), a.Ptr(1), a.Ptr(2)
	if sig < 1 || sig > abi.NSIG || a.Size(3) != 8 {
		return 0, abi.EINVAL
	}
	if act != 0 && (sig == abi.SIGKILL || sig == abi.SIGSTOP) {
		return 0, abi.EINVAL
	}
	cur := t.sighand.actions[sig]
	if act != 0 {
		g, e := getStruct(t, act, abi.SigactionLayout)
		if e != 0 {
			return 0, e
		}
		t.setAction(sig, sigAction{handler: g.Handler, flags: g.Flags, restorer: g.Restorer, mask: g.Mask})
	}
	if old != 0 {
		g := abi.Sigaction{Handler: cur.handler, Flags: cur.flags, Restorer: cur.restorer, Mask: cur.mask}
		if e := putStruct(t, old, abi.SigactionLayout, &g); e != 0 {
			return 0, e
		}
	}
	return 0, 0
}

// setAction makes act the action of signal sig (valid, neither SIGKILL
// nor SIGSTOP), as Linux's do_sigaction does.
func (t *Thread) setAction(sig int, act sigAction) {
	act.mask &^= unblockable
	t.sighand.actions[sig] = act
	if h := act.handler; h == abi.SIG_IGN || h == abi.SIG_DFL && abi.Default(sig) == abi.ActIgnore {
		// POSIX: setting a pending signal's action to ignore it
		// discards it, blocked or not.
		t.p.flush(t.group, sig)
	}
}

// sysSignal is signal(2) of powerpc64 Linux (__ARCH_WANT_SYS_SIGNAL):
// the handler with SA_RESETHAND and SA_NODEFER (Linux's SA_ONESHOT and
// SA_NOMASK) and an empty mask; the result is the old handler.
func sysSignal(t *Thread, a *sysArgs) (uint64, int) {
	sig := a.Int(0)
	if sig < 1 || sig > abi.NSIG || sig == abi.SIGKILL || sig == abi.SIGSTOP {
		return 0, abi.EINVAL
	}
	old := t.sighand.actions[sig].handler
	t.setAction(sig, sigAction{handler: a.Ptr(1), flags: abi.SA_RESETHAND | abi.SA_NODEFER})
	return old, 0
}

// sysSgetmask is sgetmask(2) (CONFIG_SGETMASK_SYSCALL, on for powerpc):
// the thread's blocked set, all 64 signals in one word on powerpc64.
func sysSgetmask(t *Thread, a *sysArgs) (uint64, int) { return t.mask, 0 }

// sysSsetmask is ssetmask(2): the blocked set becomes the int argument
// (sign-extended to the 64-bit word, as Linux's siginitset of an int),
// less SIGKILL and SIGSTOP; the result is the old set.
func sysSsetmask(t *Thread, a *sysArgs) (uint64, int) {
	old := t.mask
	t.mask = uint64(int64(a.Int(0))) &^ unblockable
	t.p.sigAny.Store(true) // the new mask may unblock something
	return old, 0
}

// sysRestartSyscall is restart_syscall(2), Linux's sys_restart_syscall:
// it runs the thread's restart block, which a call that ended with
// ERESTART_RESTARTBLOCK set (a sleep or timed wait: what is left of it),
// and which sigreturn resets to do_no_restart_syscall, EINTR. A call made
// by the guest itself runs it as well.
func sysRestartSyscall(t *Thread, a *sysArgs) (uint64, int) {
	if t.restartFn == nil {
		return 0, abi.EINTR
	}
	return t.restartFn(t)
}

func sysSigprocmask(t *Thread, a *sysArgs) (uint64, int) {
	how, set, old := a.Ulong(0), a.Ptr(1), a.Ptr(2)
	if a.Size(3) != 8 {
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

func sysSigaltstack(t *Thread, a *sysArgs) (uint64, int) {
	ss, old := a.Ptr(0), a.Ptr(1)
	if old != 0 {
		flags := int32(0)
		if t.altSize == 0 || t.altFlags&abi.SS_DISABLE != 0 {
			flags = abi.SS_DISABLE
		} else if t.onAltStack(t.ctx.Regs.GPR[1]) {
			flags = abi.SS_ONSTACK
		}
		g := abi.StackT{Sp: t.altSP, Flags: flags, Size: t.altSize}
		if e := putStruct(t, old, abi.StackTLayout, &g); e != 0 {
			return 0, e
		}
	}
	if ss != 0 {
		g, e := getStruct(t, ss, abi.StackTLayout)
		if e != 0 {
			return 0, e
		}
		if t.onAltStack(t.ctx.Regs.GPR[1]) {
			return 0, abi.EPERM
		}
		sp, flags, size := g.Sp, uint64(uint32(g.Flags)), g.Size
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
	var si abi.Siginfo
	abi.SiginfoLayout.Decode(t.p.order, raw, &si)
	code := int(si.Code)
	if (code >= 0 || code == abi.SI_TKILL) && pid != t.group.tgid {
		return 0, abi.EPERM
	}
	info := sigInfo{signo: sig, code: code, pid: int(si.Pid), uid: int(si.UID), raw: raw}
	g := t.p.groups[pid]
	if g == nil {
		if e := t.p.hostTarget(pid); e != 0 {
			return 0, e
		}
		if e := t.mayKillHost(pid, sig); e != 0 {
			return 0, e
		}
		// Another process: the host's rt_sigqueueinfo with the fields
		// of the rt/kill layout re-encoded in the host's byte order.
		hs := abi.Siginfo{Signo: int32(sig), Code: si.Code, Pid: si.Pid, UID: si.UID, Value: si.Value}
		h := abi.SiginfoLayout.Bytes(binary.NativeEndian, &hs)
		var errno unix.Errno
		if tid == 0 {
			_, _, errno = unix.Syscall(unix.SYS_RT_SIGQUEUEINFO, uintptr(pid), uintptr(sig), uintptr(unsafe.Pointer(&h[0])))
		} else {
			_, _, errno = unix.Syscall6(unix.SYS_RT_TGSIGQUEUEINFO, uintptr(pid), uintptr(tid), uintptr(sig), uintptr(unsafe.Pointer(&h[0])), 0, 0)
		}
		return 0, int(errno)
	}
	// A guest process (the caller's own or another): never the host's
	// process or thread that has the same number.
	c := g.creds()
	var u *Thread
	if tid != 0 {
		if u = g.threads[tid]; u == nil {
			return 0, abi.ESRCH
		}
		c = u.cred
	}
	if e := t.mayKill(g, c, sig); e != 0 {
		return 0, e
	}
	if sig == 0 || g.zombie {
		return 0, 0
	}
	ok := true
	if tid == 0 {
		ok = t.p.postProcess(g, info)
	} else {
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
func sysSigtimedwait(t *Thread, a *sysArgs) (uint64, int) {
	set, e := t.sigset(a.Ptr(0), a.Size(3))
	if e != 0 {
		return 0, e
	}
	set &^= unblockable
	d, e := t.getTimeout(a.Ptr(2))
	if e != 0 {
		return 0, e
	}
	deadline := time.Now().Add(d)
	for {
		if sig, info := t.take(set); sig != 0 {
			t.p.sigAny.Store(true) // recomputed by the next delivery pass
			if a.Ptr(1) != 0 {
				b := make([]byte, abi.SiginfoSize)
				t.p.putSiginfo(b, sig, &info)
				if e := t.write(a.Ptr(1), b); e != 0 {
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
		t.realBlocked = old
		res := t.waitFor(nil, left)
		t.mask, t.realBlocked = old, 0
		if res == waitExit {
			return 0, errExit
		}
	}
}
