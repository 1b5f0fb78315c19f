package linux

import (
	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/regs"
)

// sigInfo is the part of a siginfo the runner fills in.
type sigInfo struct {
	signo, code int
	addr        uint64 // si_addr (faults)
	pid, uid    int    // sender (kill, tkill)
}

func sigBit(sig int) uint64 { return 1 << (sig - 1) }

// unblockable signals.
const unblockable = 1<<(abi.SIGKILL-1) | 1<<(abi.SIGSTOP-1)

// post makes sig pending on t. The caller holds the process lock.
func (t *Thread) post(info sigInfo) {
	t.pending |= sigBit(info.signo)
	t.info[info.signo] = info
	t.p.sigAny.Store(true)
	select {
	case t.wake <- struct{}{}:
	default:
	}
}

// postProcess makes a process-directed signal pending on a thread that
// does not block it (the main thread if all do).
func (p *Process) postProcess(info sigInfo) {
	var target *Thread
	for _, t := range p.threads {
		if t.mask&sigBit(info.signo) == 0 {
			if target == nil || t.tid < target.tid {
				target = t
			}
		}
	}
	if target == nil {
		target = p.threads[p.pid]
		if target == nil {
			for _, t := range p.threads {
				target = t
				break
			}
		}
	}
	if target != nil {
		target.post(info)
	}
}

// deliverable returns the lowest pending, unblocked signal, or 0.
func (t *Thread) deliverable() int {
	d := t.pending &^ (t.mask &^ unblockable)
	if d == 0 {
		return 0
	}
	for sig := 1; sig <= abi.NSIG; sig++ {
		if d&sigBit(sig) != 0 {
			// Synchronous signals first, as Linux does.
			return sig
		}
	}
	return 0
}

// syncSignal raises a synchronous signal for the current instruction (NIP
// unchanged). As Linux's force_sig, a blocked or ignored synchronous signal
// kills the process.
func (t *Thread) syncSignal(sig, code int, addr uint64) bool {
	if d := t.p.dbg; d != nil {
		// A debugger sees the signal first and decides what the thread
		// gets (gdbtarget.go).
		if s := d.signal(t, sig); s != sig {
			if s == 0 || t.p.exited() {
				return t.p.exited()
			}
			sig, code = s, abi.SI_USER
		}
	}
	act := &t.p.actions[sig]
	if t.mask&sigBit(sig) != 0 || act.handler == abi.SIG_IGN {
		act.handler = abi.SIG_DFL
		t.mask &^= sigBit(sig)
	}
	t.post(sigInfo{signo: sig, code: code, addr: addr})
	return t.deliverSignals()
}

// deliverSignals delivers every deliverable pending signal. It reports
// whether the process ended.
func (t *Thread) deliverSignals() bool {
	p := t.p
	for {
		sig := t.deliverable()
		if sig == 0 {
			break
		}
		t.pending &^= sigBit(sig)
		info := t.info[sig]
		act := p.actions[sig]
		switch act.handler {
		case abi.SIG_IGN:
			continue
		case abi.SIG_DFL:
			switch abi.Default(sig) {
			case abi.ActIgnore, abi.ActCont, abi.ActStop:
				continue
			}
			p.end(ExitStatus{Signal: sig}, nil)
			return true
		}
		if !t.setupFrame(sig, &info, &act) {
			// The frame could not be written: SIGSEGV, as Linux forces.
			if sig == abi.SIGSEGV {
				p.end(ExitStatus{Signal: abi.SIGSEGV}, nil)
				return true
			}
			p.actions[abi.SIGSEGV].handler = abi.SIG_DFL
			t.post(sigInfo{signo: abi.SIGSEGV, code: abi.SI_USER})
			continue
		}
		if p.dbg != nil {
			p.dbg.cut() // the frame is not in the reverse-execution history
		}
		if act.flags&abi.SA_RESETHAND != 0 {
			p.actions[sig] = sigAction{}
		}
	}
	any := false
	for _, u := range p.threads {
		if u.pending != 0 {
			any = true
		}
	}
	p.sigAny.Store(any)
	return false
}

// onAltStack reports whether sp lies on the thread's alternate stack.
func (t *Thread) onAltStack(sp uint64) bool {
	return t.altSize != 0 && sp-t.altSP < t.altSize
}

// setupFrame builds the rt_sigframe and points the thread at the handler.
func (t *Thread) setupFrame(sig int, info *sigInfo, act *sigAction) bool {
	p := t.p
	r := &t.r
	o := p.order
	sp := r.GPR[1]
	if act.flags&abi.SA_ONSTACK != 0 && t.altSize != 0 && t.altFlags&abi.SS_DISABLE == 0 && !t.onAltStack(sp) {
		sp = t.altSP + t.altSize
	}
	frame := (sp - abi.FrameSize) &^ 15
	uc := frame
	b := make([]byte, abi.FrameSize)
	put64 := func(off int, v uint64) { o.PutUint64(b[off:], v) }
	put32 := func(off int, v uint32) { o.PutUint32(b[off:], v) }

	// ucontext
	put64(abi.UcStack, t.altSP)
	ssFlags := uint32(0)
	if t.altSize == 0 || t.altFlags&abi.SS_DISABLE != 0 {
		ssFlags = abi.SS_DISABLE
	} else if t.onAltStack(r.GPR[1]) {
		ssFlags = abi.SS_ONSTACK
	}
	put32(abi.UcStack+8, ssFlags)
	put64(abi.UcStack+16, t.altSize)
	put64(abi.UcSigmask, t.mask)
	mc := abi.UcMcontext
	put32(mc+abi.ScSignal, uint32(sig))
	put64(mc+abi.ScHandler, act.handler)
	put64(mc+abi.ScOldmask, t.mask)
	put64(mc+abi.ScRegs, uc+uint64(mc+abi.ScGPRegs))
	saved := *r
	saved.MSR |= regs.MSRVEC | regs.MSRVSX
	saved.SOFTE = 1
	regs.AppendGPRegs(b[:mc+abi.ScGPRegs], &saved, o)
	regs.AppendFPRegs(b[:mc+abi.ScFPRegs], r, o)
	vr := (uc + uint64(mc+abi.ScVMX) + 15) &^ 15
	put64(mc+abi.ScVRegs, vr)
	voff := int(vr - uc)
	regs.AppendVMXRegs(b[:voff], r, o)
	regs.AppendVSXRegs(b[:voff+abi.VMXVSXLow], r, o)

	// pinfo, puc, siginfo
	put64(abi.FrameInfo-16, frame+abi.FrameInfo)
	put64(abi.FrameInfo-8, uc)
	si := abi.FrameInfo
	put32(si, uint32(sig))
	put32(si+8, uint32(int32(info.code)))
	switch sig {
	case abi.SIGSEGV, abi.SIGBUS, abi.SIGILL, abi.SIGTRAP, abi.SIGFPE:
		if info.code > 0 {
			put64(si+16, info.addr)
			break
		}
		fallthrough
	default:
		put32(si+16, uint32(info.pid))
		put32(si+20, uint32(info.uid))
	}

	newSP := frame - abi.SignalFrameSize
	var chain [8]byte
	o.PutUint64(chain[:], r.GPR[1])
	if p.Mem.Write(frame, b) != nil || p.Mem.Write(newSP, chain[:]) != nil {
		return false
	}

	entry, toc := act.handler, r.GPR[2]
	if p.Image.ABIv1 {
		var d [16]byte
		if p.Mem.Read(act.handler, d[:]) != nil {
			return false
		}
		entry, toc = o.Uint64(d[0:]), o.Uint64(d[8:])
	}
	r.GPR[1] = newSP
	r.GPR[2] = toc
	r.GPR[3] = uint64(sig)
	r.GPR[4] = frame + abi.FrameInfo
	r.GPR[5] = uc
	r.GPR[6] = frame
	r.GPR[12] = entry
	r.LR = trampAddr
	r.NIP = entry
	r.TRAP = 0 // no syscall restart from here on

	// As Linux, the handler starts with a clear FPSCR, so that it takes no
	// spurious FP exception (the frame keeps the interrupted one).
	r.FPSCR = 0

	t.mask |= act.mask
	if act.flags&abi.SA_NODEFER == 0 {
		t.mask |= sigBit(sig)
	}
	t.mask &^= unblockable
	return true
}

// sigreturn restores the state saved by setupFrame; the ucontext is at
// r1 + __SIGNAL_FRAMESIZE.
func (t *Thread) sigreturn() bool {
	p := t.p
	r := &t.r
	o := p.order
	uc := r.GPR[1] + abi.SignalFrameSize
	b := make([]byte, abi.UcSize)
	if p.Mem.Read(uc, b) != nil {
		p.end(ExitStatus{Signal: abi.SIGSEGV}, nil)
		return true
	}
	mc := abi.UcMcontext
	var n regs.Regs = *r
	if err := regs.DecodeGPRegs(&n, b[mc+abi.ScGPRegs:mc+abi.ScGPRegs+regs.GPRegsSize], o); err != nil {
		p.end(ExitStatus{Signal: abi.SIGSEGV}, nil)
		return true
	}
	// Only the LE bit of the saved MSR is honoured.
	n.MSR = r.MSR&^regs.MSRLE | n.MSR&regs.MSRLE
	n.SOFTE = r.SOFTE
	_ = regs.DecodeFPRegs(&n, b[mc+abi.ScFPRegs:mc+abi.ScFPRegs+regs.FPRegsSize], o)
	if vr := o.Uint64(b[mc+abi.ScVRegs:]); vr != 0 {
		vb := make([]byte, abi.VMXVSXLow+32*8)
		if p.Mem.Read(vr, vb) == nil {
			_ = regs.DecodeVMXRegs(&n, vb[:regs.VMXRegsSize], o)
			_ = regs.DecodeVSXRegs(&n, vb[abi.VMXVSXLow:], o)
		}
	}
	*r = n
	t.mask = o.Uint64(b[abi.UcSigmask:]) &^ unblockable
	// sigaltstack from uc_stack.
	ssp, sflags, ssize := o.Uint64(b[abi.UcStack:]), uint64(o.Uint32(b[abi.UcStack+8:])), o.Uint64(b[abi.UcStack+16:])
	if !t.onAltStack(r.GPR[1]) {
		if sflags&abi.SS_DISABLE != 0 {
			t.altSP, t.altSize, t.altFlags = 0, 0, abi.SS_DISABLE
		} else {
			t.altSP, t.altSize, t.altFlags = ssp, ssize, 0
		}
	}
	t.p.sigAny.Store(true) // the new mask may unblock something
	return false
}
