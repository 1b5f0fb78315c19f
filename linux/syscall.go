//go:build linux

package linux

import (
	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// sysFn is a system call handler. It returns the result or an errno (>0).
// Handlers run with the process lock held; blocking ones release it through
// Thread.block.
type sysFn func(t *Thread, a *sysArgs) (uint64, int)

// Internal errno values (never seen by the guest).
const (
	errRestart  = 512 // interrupted: restart if the signal's handler says SA_RESTART, else EINTR
	errNoResult = 513 // the handler set the registers itself (rt_sigreturn, exit)
	errExit     = 514 // the thread has ended
	// errRestartNoHand: interrupted; EINTR if a handler runs, else
	// restart (Linux's ERESTARTNOHAND: pause after a stop and SIGCONT).
	errRestartNoHand = 515
)

// syscall performs the system call at NIP (sc, or scv when scv is set).
// It reports whether the thread is finished.
func (t *Thread) syscall(scv bool) bool {
	r := &t.ctx.Regs
	num := r.GPR[0]
	if t.p.rec != nil {
		t.p.rec.syscall(t, num)
	}
	if t.cpuLate {
		// What a call shows of CPU times (/proc's stat, sched and
		// schedstat, the clocks, getrusage) counts t's time up to the
		// call (Thread.cpuQuantum).
		t.cpuAccount()
	}
	a := sysArgs{r.GPR[3], r.GPR[4], r.GPR[5], r.GPR[6], r.GPR[7], r.GPR[8]}
	t.restart = 0
	r.OrigGPR3 = r.GPR[3]
	r.NIP += 4
	r.TRAP = 0xc00
	if scv {
		r.TRAP = 0x3000
	} else {
		r.CR &^= crSO // cleared at entry, as 6.1's system_call_common
	}
	if l := t.pt; l != nil && (l.sysTrace || l.sysEmu) {
		// The syscall-enter stop (ptrace.go): the call is the one the
		// registers name after it, as the tracer left them; under
		// PTRACE_SYSEMU none runs, and r3 as the tracer left it is
		// the result (syscall_exit_prepare's errno for sc).
		emu := l.sysEmu
		if t.ptraceSyscallStop(l, ptraceMsgSyscallEntry) {
			return true
		}
		if emu {
			t.skippedReturn(scv, r.GPR[3])
			return t.ptraceSyscallExit()
		}
		num = r.GPR[0]
		a = sysArgs{r.GPR[3], r.GPR[4], r.GPR[5], r.GPR[6], r.GPR[7], r.GPR[8]}
	}
	if t.seccomp != nil {
		if handled, ended := t.secure(num, scv); handled {
			if t.p.cfg.Strace != nil && !ended {
				ret, errno := t.result(scv)
				t.strace(num, &a, ret, errno)
			}
			if t.pt != nil && !ended {
				return t.ptraceSyscallExit()
			}
			return ended
		}
		if t.pt != nil {
			// The call a PTRACE_EVENT_SECCOMP stop's tracer left.
			num = r.GPR[0]
			a = sysArgs{r.GPR[3], r.GPR[4], r.GPR[5], r.GPR[6], r.GPR[7], r.GPR[8]}
		}
	}
	var ret uint64
	var errno int
	// A call that ends the thread (exit, exit_group, or any call the
	// process's end interrupts) is traced before it runs, or not at all:
	// once it has run, the process may have ended and whoever waited for
	// it may be reading the trace.
	exiting := num == abi.SYS_EXIT || num == abi.SYS_EXIT_GROUP
	if t.p.cfg.Strace != nil && exiting {
		t.strace(num, &a, 0, errExit)
	}
	if h := handler(num); h != nil {
		t.call = sysCall{true, num, a}
		ret, errno = h(t, &a)
		t.call.inSys = false
		t.closeLookups()
		t.asyncAfterCall(num, &a, ret, errno)
		t.ioAccount(num, ret, errno)
	} else {
		errno = abi.ENOSYS
	}
	if errno == 0 && mayShrink(num, &a) {
		t.p.privateShrunk()
	}
	if t.p.rec != nil {
		t.p.rec.sysExit(t, num, &a, ret, errno)
	}
	if t.p.cfg.Strace != nil && !exiting && errno != errExit {
		t.strace(num, &a, ret, errno)
	}
	if l := t.pt; l != nil && errno != errExit && t.syscallWork(l) {
		// The syscall-exit stop or a single step's trap
		// (ptraceSyscallExit), the result in the registers (a call
		// to restart shows Linux's -ERESTARTSYS or -ERESTARTNOHAND);
		// the tracer's changes of the result stand.
		if errno != errNoResult {
			t.setReturn(scv, ret, errno)
		}
		if t.ptraceSyscallExit() {
			return true
		}
		if errno != errRestart && errno != errRestartNoHand {
			return false
		}
	}
	switch errno {
	case errExit:
		return true
	case errNoResult:
		return false
	case errRestart, errRestartNoHand:
		if sig := t.deliverable(); sig != 0 {
			act := &t.sighand.actions[sig]
			if act.handler > abi.SIG_IGN && (act.flags&abi.SA_RESTART == 0 || errno == errRestartNoHand) {
				errno = abi.EINTR
				break
			}
		}
		// Restart: back to the sc with the original r3. A signal whose
		// handler runs before the call does (after a stop, say) makes it
		// EINTR instead (interruptRestart), as Linux decides when it
		// delivers that signal. An sc's CR0[SO] stays set, as Linux
		// 6.1 leaves it: syscall_exit_prepare (interrupt.c) sets it for
		// the -ERESTART* result and check_syscall_restart (signal.c)
		// rewinds the pc and r3 only, so a handler's ucontext and a
		// ptrace stop at the restart show it (qemu-user 7.2 clears it).
		r.NIP -= 4
		r.GPR[3] = r.OrigGPR3
		if !scv {
			r.CR |= crSO
		}
		t.restart, t.restartScv = errno, scv
		return false
	}
	t.setReturn(scv, ret, errno)
	return false
}

// result is the result and errno in the registers of a call that
// returned (setReturn's inverse).
func (t *Thread) result(scv bool) (uint64, int) {
	r := &t.ctx.Regs
	switch {
	case scv && r.GPR[3] >= 1<<64-maxErrno:
		return 0, int(-r.GPR[3])
	case !scv && r.CR&crSO != 0:
		return 0, int(r.GPR[3])
	}
	return r.GPR[3], 0
}

// setReturn sets the registers a system call returns with: ret, or errno
// if not 0 (r3 and CR0[SO] for sc, a negative r3 for scv).
func (t *Thread) setReturn(scv bool, ret uint64, errno int) {
	r := &t.ctx.Regs
	if scv {
		if errno != 0 {
			ret = uint64(-int64(errno))
		}
		r.GPR[3] = ret
		return
	}
	if errno != 0 {
		r.GPR[3] = uint64(errno)
		r.CR |= crSO
	} else {
		r.GPR[3] = ret
		r.CR &^= crSO
	}
}

// crSO is CR0[SO], an sc's error flag.
const crSO = 1 << 28

// interruptRestart is called before a handler with action act runs: a
// system call set to restart (no handler was to run when it returned)
// returns EINTR instead if the handler does not restart it (not
// SA_RESTART, or ERESTARTNOHAND), as Linux's handle_signal decides. The
// handler's own code is never restarted.
func (t *Thread) interruptRestart(act *sigAction) {
	if t.restart != 0 && (act.flags&abi.SA_RESTART == 0 || t.restart == errRestartNoHand) {
		t.ctx.Regs.NIP += 4
		t.setReturn(t.restartScv, 0, abi.EINTR)
	}
	t.restart = 0
}

// block runs f, a host system call that may wait, without the process
// lock (f must not touch guest memory or process state). The goroutine
// keeps its host thread (cpuStart), which a system call holds anyway, so
// that thread's CPU clock goes on counting t's CPU time through f; t's
// time so far is accounted first (one read of that clock), since the
// threads that run while t waits may read it (a parent's clock of its
// child waiting in read(2) missed up to a quantum's time: cputime.c under
// -engine step).
func (t *Thread) block(f func()) {
	t.cpuAccount()
	t.dropLock()
	f()
	t.takeLock()
	t.rtSlept()
}

// handler is the handler of system call num, or nil.
func handler(num uint64) sysFn {
	if num < sysMax {
		return systab[num].fn
	}
	return nil
}
