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
	// errRestartBlock: interrupted; EINTR if a handler runs, else
	// restart_syscall(2) runs the thread's restart block (Linux's
	// ERESTART_RESTARTBLOCK: a timed sleep or wait goes on with the
	// time left).
	errRestartBlock = 516
)

// restartCode is the Linux -ERESTART* code of internal errno e (e itself
// if it is none).
func restartCode(e int) int {
	switch e {
	case errRestart:
		return abi.ERESTARTSYS
	case errRestartNoHand:
		return abi.ERESTARTNOHAND
	case errRestartBlock:
		return abi.ERESTART_RESTARTBLOCK
	}
	return e
}

// isRestart reports whether internal errno e asks for a restart.
func isRestart(e int) bool {
	return e == errRestart || e == errRestartNoHand || e == errRestartBlock
}

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
	t.restart = false
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
		// to restart shows Linux's -ERESTART* code); the tracer's
		// changes of the result stand.
		if errno != errNoResult {
			t.setReturn(scv, ret, restartCode(errno))
		}
		if t.ptraceSyscallExit() {
			return true
		}
		if !isRestart(errno) {
			return false
		}
	} else if isRestart(errno) {
		t.setReturn(scv, 0, restartCode(errno))
	}
	switch {
	case errno == errExit:
		return true
	case errno == errNoResult:
		return false
	case isRestart(errno):
		// As Linux 6.1: syscall_exit_prepare (interrupt.c) leaves the
		// -ERESTART* code in r3 (CR0[SO] set for sc) and the pc after
		// the sc; the signal delivery that follows decides, after
		// get_signal's stops (a tracer's signal-delivery-stop sees
		// those registers and may change them), between a restart and
		// EINTR (syscallRestart).
		t.restart = true
		return t.deliverSignals()
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

// syscallRestart is Linux 6.1's check_syscall_restart
// (arch/powerpc/kernel/signal.c), run once by the signal delivery after a
// call that ended with a -ERESTART* code, when get_signal has chosen the
// signal whose handler runs (act) or found none (act nil): from the
// registers as they are then (a tracer may have changed them at a stop),
// a system call's trap (0xc00 sc, 0x3000 scv) whose result is
// ERESTARTSYS (restarted if no handler runs or it has SA_RESTART),
// ERESTARTNOINTR (always), ERESTARTNOHAND or ERESTART_RESTARTBLOCK (if no
// handler runs) is restarted: the pc back at the sc, r3 the call's first
// argument again (orig_gpr3), or for ERESTART_RESTARTBLOCK r0
// restart_syscall's number (the restart block says what it does). A call
// not restarted returns EINTR. Linux leaves CR0[SO] as it is when it
// restarts an sc, set (qemu-user 7.2 clears it), so a handler's ucontext
// and a stop at the restart show it (restartcr.c).
func (t *Thread) syscallRestart(act *sigAction) {
	if !t.restart {
		return
	}
	t.restart = false
	r := &t.ctx.Regs
	var code uint64
	switch r.TRAP &^ 1 { // (the low bit: Linux's norestart flag)
	case 0x3000:
		if r.GPR[3] < 1<<64-maxErrno {
			return
		}
		code = -r.GPR[3]
	case 0xc00:
		if r.CR&crSO == 0 {
			return
		}
		code = r.GPR[3]
	default:
		return
	}
	restart := true
	switch code {
	case abi.ERESTARTSYS:
		restart = act == nil || act.flags&abi.SA_RESTART != 0
	case abi.ERESTARTNOHAND, abi.ERESTART_RESTARTBLOCK:
		restart = act == nil
	case abi.ERESTARTNOINTR:
	default:
		return
	}
	if !restart {
		t.setReturn(r.TRAP&^1 == 0x3000, 0, abi.EINTR)
		return
	}
	if code == abi.ERESTART_RESTARTBLOCK {
		r.GPR[0] = abi.SYS_RESTART_SYSCALL
	} else {
		r.GPR[3] = r.OrigGPR3
	}
	r.NIP -= 4
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
