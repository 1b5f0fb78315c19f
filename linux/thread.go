//go:build linux

package linux

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sync/atomic"
	"time"

	"golang.org/x/arch/ppc64/ppc64asm"
	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Thread is one guest thread: its architectural state (registers,
// reservation, copy buffer, primed accumulators), which its address
// space's Emulator steps while the thread holds the process lock, run by
// one goroutine.
type Thread struct {
	p   *Process
	tid int
	ctx emulate.Context
	// The address space, descriptor table, signal handlers and thread
	// group the thread shares with others or owns (share.go).
	resources
	// comm is its command name (/proc/PID/comm, prctl PR_SET_NAME): the
	// base name of the program's path as execve was given it, at most 15
	// bytes, copied by clone.
	comm string
	// cred is its credentials (cred.go), copied by clone.
	cred *cred
	// sched is its scheduling policy, CPU affinity and I/O priority
	// (sys_sched.go), copied by clone.
	sched schedAttrs
	// mempol is its memory policy (set_mempolicy, mempolicy.go; nil: the
	// default), copied by clone, kept by execve.
	mempol *mempolicy
	// seccomp is its seccomp mode and filters (seccomp.go), nil without:
	// shared by clone, kept by execve.
	seccomp *seccompState
	// personality is its personality(2) (personality.go), copied by
	// clone, adjusted by execve.
	personality uint32
	// slack is its timer slack (prctl PR_SET_TIMERSLACK, timerslack_ns:
	// proctask.go), its creator's at clone, as its default too.
	slack timerSlack
	// io is its I/O accounting (/proc/PID/task/TID/io: proctask.go).
	io ioAcct
	// call is the system call it is in (/proc/PID/syscall, wchan).
	call sysCall
	// hostLocked says the goroutine keeps its host thread, which carries
	// hostFS, t's file-system credentials, if hostFSSet, and the host's
	// no_new_privs if hostNNP (hostcred.go).
	hostLocked, hostFSSet, hostNNP bool
	hostFS                         fsCred
	// lookups are host descriptors a lookup in a chroot(2) root opened
	// for the system call in progress (chroot.go chrootAt), closed when
	// it returns.
	lookups []int

	clearTID   uint64 // set_tid_address / CLONE_CHILD_CLEARTID
	robustList uint64 // set_robust_list: the head of the robust futex list (robust.go)
	rseq       uint64 // rseq: the registered struct rseq, 0 for none (rseq.go)
	rseqSig    uint32 // rseq: the signature before every abort address

	// Signals: the blocked mask, the thread's own pending signals (the
	// group's are Process.shared), the alternate stack, and a wake-up for
	// blocking waits.
	mask uint64
	sigq sigQueue
	// savedMask is the mask to restore after a call that replaced it for
	// its wait (rt_sigsuspend, ppoll, pselect6, epoll_pwait) returned
	// EINTR: the handler's frame records it, as Linux's saved_sigmask.
	savedMask   uint64
	restoreMask bool
	// realBlocked is the mask rt_sigtimedwait replaced while it waits
	// (Linux's real_blocked): a signal it blocks is not ignored.
	realBlocked uint64
	// restart says the system call the thread made last ended with a
	// -ERESTART* code whose restart is not yet decided (syscallRestart).
	restart bool
	// restartFn is the thread's restart block (Linux's
	// current->restart_block.fn), which restart_syscall runs; nil is
	// do_no_restart_syscall.
	restartFn func(t *Thread) (uint64, int)
	altSP     uint64
	altSize   uint64
	altFlags  uint64
	wake      chan struct{}
	gilWake   chan struct{} // receives the process lock (gil)
	// asleep says the thread waits in a system call (pollLoop's host
	// waits, waitFor) rather than runs or waits for the processor: /proc's
	// S, not R (procRunState). Other host calls (Thread.block: a
	// non-waiting attempt, a write, fsync) leave it R, as Linux shows a
	// task in a call that does not sleep. Written by the thread without
	// the process lock.
	asleep atomic.Bool

	execed bool // another thread of its process called execve: it ends

	// pdeathSig is prctl PR_SET_PDEATHSIG's signal, sent to its process
	// when its parent thread ends (threadGone); not copied by clone,
	// cleared by a change of ids.
	pdeathSig int

	cpuMark int64 // the host thread's CPU clock when last charged (rlimit.go)
	cpuLate bool  // a quantum ended without a charge (Thread.cpuQuantum)
	// utime is its CPU time so far (rlimit.go; /proc/PID/task/TID/stat,
	// CLOCK_THREAD_CPUTIME_ID, RUSAGE_THREAD).
	utime time.Duration
	// rtRun is its CPU time under SCHED_FIFO or SCHED_RR since it last
	// slept, counted while its process's soft RLIMIT_RTTIME is finite
	// (rlimit.go; Linux's p->rt.timeout).
	rtRun time.Duration

	buf      []byte            // scratch for system calls
	epollBuf []unix.EpollEvent // epoll_wait's host events (epollWait)
	count    uint64            // instructions executed, not yet added to the process
	// ownFS is its own working directory, root and umask after
	// unshare(CLONE_FS) in a process of several threads (fs.go), or nil:
	// its process's.
	ownFS *fsState
	// semUndo is its System V semaphore undo list (sysvipc.go
	// semUndoList), nil until its first SEM_UNDO operation: shared by
	// clone with CLONE_SYSVSEM, let go of by unshare(CLONE_SYSVSEM) and
	// as the thread ends (exitSem), kept by execve.
	semUndo *semUndoList
	// pt is its tracing if a guest thread traces it (ptrace.go), or nil.
	pt *tracee
	// exitPart: its part in its process's end is counted in exitLeft
	// (exitGroup).
	exitPart bool
}

// newThread creates thread tid of p with the resources r and adds it to
// r's thread group.
func (p *Process) newThread(tid int, r resources) *Thread {
	t := &Thread{p: p, tid: tid, resources: r, wake: make(chan struct{}, 1), gilWake: make(chan struct{}, 1)}
	r.files.users++
	if r.mm.e == nil {
		r.mm.e = p.newEmulator(r.mm)
	}
	r.group.threads[tid] = t
	r.group.nthreads.Add(1)
	return t
}

// newEmulator returns an Emulator for the threads of address space mm.
func (p *Process) newEmulator(mm *addressSpace) *emulate.Emulator {
	var code func(uintptr, int, uint64, int)
	if pm := p.perfMap; pm != nil {
		code = func(c uintptr, size int, addr uint64, n int) { pm.add(mm, c, size, addr, n) }
	}
	return emulate.New(emulate.Config{
		NativeCode: code,
		Level:      p.cpu.Level,
		Profile:    p.cfg.Profile,
		Engine:     p.cfg.Engine,
		TimeBase:   p.timeBase,
		Random:     p.darn,
		// A runner has no hardware to defer to: the hardware profile's
		// documented choices where POWER9/10's result is unknown, and
		// quadword accesses completed as Linux's alignment handler does.
		Complete: true,
	})
}

// run is the thread's goroutine.
func (t *Thread) run() {
	p := t.p
	defer t.releaseHostCred()
	t.lock()
	t.syncHostCred()
	// A host file a MAP_SHARED mapping maps can shrink under the guest
	// (its own ftruncate, or another host process): the next access to a
	// page past the new end is a host SIGBUS in this goroutine, which
	// with this set is a panic. The guest's accesses and the system
	// calls' copies recover it in mem (a Volatile Shared: the guest gets
	// SIGBUS at the instruction, a call EFAULT); one elsewhere (a direct
	// read of a page the runner took with Page) is recovered below.
	debug.SetPanicOnFault(true)
	defer func() {
		if x := recover(); x != nil {
			if f, ok := x.(interface{ Addr() uintptr }); ok && inSharedFile(f.Addr()) {
				// Linux's SIGBUS (BUS_ADRERR) at the access; the
				// instruction cannot be resumed here (a quantum's
				// registers are written back in pieces), so the
				// process ends as SIGBUS's default action ends it.
				t.killedBy(sigInfo{signo: abi.SIGBUS, code: abi.BUS_ADRERR}) // (the guest address is not known here)
				t.unlock()
				return
			}
			p.end(ExitStatus{Code: 70}, &StopError{TID: t.tid, NIP: t.ctx.Regs.NIP, Op: "runner", Err: fmt.Errorf("panic: %v", x)})
			t.unlock()
		}
	}()
	for {
		if t.gone() {
			t.unlock()
			return
		}
		if p.sigAny.Load() {
			if t.deliverSignals() {
				// The thread or the process ended.
				t.unlock()
				return
			}
		}
		stop := t.runQuantum()
		p.instructions.Add(t.count)
		t.count = 0
		t.cpuQuantum()
		if stop {
			t.unlock()
			return
		}
		// Another thread, a host signal or a timer waits for the lock.
		if p.gil.waiting() {
			t.yield()
			// Preempted: a restartable sequence restarts.
			if !t.rseqFixup() && t.syncSignal(abi.SIGSEGV, abi.SI_KERNEL, 0) {
				t.unlock()
				return
			}
		}
	}
}

// runQuantum executes up to one quantum of instructions; it reports whether
// the thread is finished. The quantum counts system calls and faults too.
func (t *Thread) runQuantum() bool {
	p := t.p
	if p.debugging(t) != nil {
		return t.runQuantumDebug()
	}
	r := &t.ctx.Regs
	left := uint64(p.quantum)
	for left > 0 {
		if l := t.pt; l != nil && l.step {
			return t.runStep() // PTRACE_SINGLESTEP (ptrace.go)
		}
		if p.rec != nil {
			p.rec.beforeRun(t)
		}
		n, err := t.mm.e.Run(r, t.mm.Mem, emulate.RunOptions{MaxSteps: left})
		t.count += n
		if p.rec != nil {
			p.rec.afterRun(t, n)
		}
		if err == emulate.ErrStepLimit {
			return false
		}
		left -= n + 1 // Run stops before its limit on any other outcome
		if t.stopped(err) {
			return true
		}
	}
	return false
}

// stopped handles what stopped Run at t's NIP, err (outcome, given the
// instruction there, for system calls and messages), and then the
// signals pending; it reports whether the thread is finished.
func (t *Thread) stopped(err error) bool {
	r := &t.ctx.Regs
	var word uint32
	if b, ok := t.mm.Mem.Page(r.NIP, mem.Exec); ok {
		word = t.p.order.Uint32(b[r.NIP&(mem.PageSize-4):])
	}
	in, _ := t.mm.e.FetchInst(r, t.mm.Mem)
	if t.outcome(in, word, err) || t.gone() {
		return true
	}
	return t.p.sigAny.Load() && t.deliverSignals()
}

// outcome handles an error from Step: system calls, signals, stops. It
// reports whether the thread is finished.
func (t *Thread) outcome(in *decode.Inst, word uint32, err error) bool {
	r := &t.ctx.Regs
	switch {
	case errors.Is(err, emulate.ErrMustNotStep) && in != nil && (in.Op == ppc64asm.SC || in.Op == ppc64asm.SCV):
		t.retire()
		return t.syscall(in.Op == ppc64asm.SCV)
	case errors.Is(err, emulate.ErrDataFault), errors.Is(err, emulate.ErrFetchFault), errors.Is(err, emulate.ErrAlignment):
		var f *emulate.Fault
		if errors.As(err, &f) {
			return t.fault(f)
		}
	case errors.Is(err, emulate.ErrTrap):
		return t.syncSignal(abi.SIGTRAP, abi.TRAP_BRKPT, r.NIP)
	case errors.Is(err, emulate.ErrIllegal):
		if t.kernelEmulates() {
			t.retire()
			return false
		}
		return t.syncSignal(abi.SIGILL, abi.ILL_ILLOPC, r.NIP)
	case errors.Is(err, emulate.ErrPrivileged), errors.Is(err, emulate.ErrMustNotStep):
		return t.syncSignal(abi.SIGILL, abi.ILL_PRVOPC, r.NIP)
	case errors.Is(err, emulate.ErrFPException):
		// The interrupt's state (FPSCR, CR, a target written before the
		// interrupt) is what the handler and the kernel's si_code see.
		var x *emulate.FPException
		if errors.As(err, &x) {
			x.Apply(r)
		}
		return t.syncSignal(abi.SIGFPE, fpeCode(r.FPSCR), r.NIP)
	}
	op := "?"
	if in != nil {
		op = in.Op.String()
	}
	t.p.end(ExitStatus{Code: 70}, &StopError{TID: t.tid, NIP: r.NIP, Word: word, Op: op, Err: err})
	return true
}

// retire counts an instruction the runner completed (a system call, an
// instruction it emulates).
func (t *Thread) retire() {
	t.count++
	if t.p.rec != nil {
		t.p.rec.retired()
	}
}

// fault turns a storage fault into SIGSEGV or SIGBUS.
func (t *Thread) fault(f *emulate.Fault) bool {
	if f.Alignment {
		return t.syncSignal(abi.SIGBUS, abi.BUS_ADRALN, f.Addr)
	}
	if errors.Is(f.Err, mem.ErrBeyond) {
		return t.syncSignal(abi.SIGBUS, abi.BUS_ADRERR, f.Addr)
	}
	code := abi.SEGV_ACCERR
	if f.Err == nil || errors.Is(f.Err, mem.ErrUnmapped) {
		code = abi.SEGV_MAPERR
		if !f.Fetch && t.growStack(f.Addr) {
			return false // the access runs again on the grown stack
		}
	}
	return t.syncSignal(abi.SIGSEGV, code, f.Addr)
}

// fpeCode picks the si_code of an enabled FP exception from the FPSCR the
// instruction left, in Linux's order (arch/powerpc/kernel/traps.c): invalid,
// overflow, underflow, divide by zero, inexact, else FPE_FLTUNK.
func fpeCode(fpscr uint64) int {
	switch {
	case fpscr&regs.FPSCRVE != 0 && fpscr&regs.FPSCRVX != 0:
		return abi.FPE_FLTINV
	case fpscr&regs.FPSCROE != 0 && fpscr&regs.FPSCROX != 0:
		return abi.FPE_FLTOVF
	case fpscr&regs.FPSCRUE != 0 && fpscr&regs.FPSCRUX != 0:
		return abi.FPE_FLTUND
	case fpscr&regs.FPSCRZE != 0 && fpscr&regs.FPSCRZX != 0:
		return abi.FPE_FLTDIV
	case fpscr&regs.FPSCRXE != 0 && fpscr&regs.FPSCRXX != 0:
		return abi.FPE_FLTRES
	}
	return abi.FPE_FLTUNK
}
