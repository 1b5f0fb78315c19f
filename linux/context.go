//go:build linux

package linux

import (
	"encoding/binary"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// The sigcontext of a ucontext (abi.UcMcontext on) as Linux 6.1's
// powerpc64 setup_sigcontext writes it and restore_sigcontext reads it
// (arch/powerpc/kernel/signal_64.c): for a signal frame (setupFrame,
// sigreturn) and for swapcontext(2).

// sigcontextHead is what a sigcontext says besides the registers: the
// signal and handler (0 for swapcontext) and the old mask (a signal
// frame's only).
type sigcontextHead struct {
	sig     int
	handler uint64
	oldMask uint64
}

// sigcontextVRegs is the 16-byte aligned address in vmx_reserve of the
// ucontext at uc where the vector registers go (Linux's
// sigcontext_vmx_regs): the address its v_regs holds.
func sigcontextVRegs(uc uint64) uint64 {
	return (uc + uint64(abi.UcMcontext+abi.ScVMX) + 15) &^ 15
}

// ucontextBuf is the length of a buffer for the bytes of a ucontext:
// abi.UcSize, and up to 15 more, where the VSX doublewords end after the
// VMX area is aligned in a ucontext not itself 16-byte aligned.
const ucontextBuf = abi.UcSize + 15

// encodeSigcontext writes the sigcontext of the ucontext at uc into b
// (that ucontext's bytes, ucontextBuf of them): h's fields, the pointer
// to gp_regs, the registers of r, v_regs and the VMX registers (VSCR,
// VRSAVE), and if vsx the low doublewords of VSR0-31, the saved MSR
// saying which with MSR_VEC and MSR_VSX, and SOFTE 1. The runner's
// threads always count as having used VMX and VSX (Linux's used_vr,
// used_vsr): glibc's own string functions use them. It returns the
// offset of the VMX area in b.
func encodeSigcontext(o binary.ByteOrder, b []byte, uc uint64, r *regs.Regs, h sigcontextHead, vsx bool) int {
	mc := abi.UcMcontext
	sch := abi.SigcontextHead{Signal: int32(h.sig), Handler: h.handler, Oldmask: h.oldMask, Regs: uc + uint64(mc+abi.ScGPRegs)}
	abi.SigcontextHeadLayout.Encode(o, b[mc:], &sch)
	saved := *r
	saved.MSR = saved.MSR&^regs.MSRVSX | regs.MSRVEC
	if vsx {
		saved.MSR |= regs.MSRVSX
	}
	saved.SOFTE = 1
	regs.AppendGPRegs(b[:mc+abi.ScGPRegs], &saved, o)
	regs.AppendFPRegs(b[:mc+abi.ScFPRegs], r, o)
	vr := sigcontextVRegs(uc)
	abi.Uint64Layout.Encode(o, b[mc+abi.ScVRegs:], &vr)
	voff := int(vr - uc)
	regs.AppendVMXRegs(b[:voff], r, o)
	if vsx {
		regs.AppendVSXRegs(b[:voff+abi.VMXVSXLow], r, o)
	}
	return voff
}

// loadSigcontext loads into n (the thread's registers as they are) the
// registers the sigcontext sc (its bytes) saved, as Linux 6.1's
// restore_sigcontext: sig says a signal return (rt_sigreturn), else
// swapcontext, which keeps r13 (the thread pointer) and the MSR whole,
// where a signal return takes the saved MSR's LE bit. The vector
// registers come from v_regs if the saved MSR has MSR_VEC (else they are
// zeroed), VRSAVE always from v_regs (0 without it), VSX's low
// doublewords if it has MSR_VSX (else zeroed). It reports false where
// Linux's fails with EFAULT: a v_regs outside the user address space,
// or one it reads and cannot; n is then partly loaded.
func (t *Thread) loadSigcontext(n *regs.Regs, sc []byte, sig bool) bool {
	o := t.p.order
	cur := *n
	if regs.DecodeGPRegs(n, sc[abi.ScGPRegs:abi.ScGPRegs+regs.GPRegsSize], o) != nil ||
		regs.DecodeFPRegs(n, sc[abi.ScFPRegs:abi.ScFPRegs+regs.FPRegsSize], o) != nil {
		return false
	}
	msr := n.MSR
	n.MSR, n.SOFTE = cur.MSR, cur.SOFTE
	if sig {
		n.MSR = cur.MSR&^regs.MSRLE | msr&regs.MSRLE
	} else {
		n.GPR[13] = cur.GPR[13]
	}
	var vr uint64
	abi.Uint64Layout.Decode(o, sc[abi.ScVRegs:], &vr)
	if vr != 0 && !userRange(vr, regs.VMXRegsSize) {
		return false
	}
	switch {
	case vr != 0 && msr&regs.MSRVEC != 0:
		b := make([]byte, regs.VMXRegsPtraceSize)
		if t.mm.Mem.Read(vr, b) != nil || regs.DecodeVMXRegs(n, b, o) != nil {
			return false
		}
	default:
		for i := 32; i < 64; i++ {
			n.VSR[i] = regs.VSR{}
		}
		n.VSCR, n.VRSAVE = 0, 0
		if vr != 0 {
			w, e := t.get32(vr + abi.VMXVRSAVE)
			if e != 0 {
				return false
			}
			n.VRSAVE = w
		}
	}
	if msr&regs.MSRVSX != 0 {
		b := make([]byte, regs.VSXRegsSize)
		if t.mm.Mem.Read(vr+abi.VMXVSXLow, b) != nil || regs.DecodeVSXRegs(n, b, o) != nil {
			return false
		}
	} else {
		for i := range 32 {
			n.VSR[i].Lo = 0
		}
	}
	return true
}

// ucontextNoVSX is the smallest context swapcontext takes: a ucontext
// without the VSX doublewords at the end of vmx_reserve (Linux's
// UCONTEXTSIZEWITHOUTVSX; glibc's ucontext_t is this size).
const ucontextNoVSX = abi.UcSize - regs.VSXRegsSize

// userRange reports whether [addr, addr+size) lies in the user address
// space (Linux's access_ok).
func userRange(addr, size uint64) bool {
	return addr <= taskSize && size <= taskSize-addr
}

// sysSwapcontext is Linux 6.1's powerpc64 swapcontext(old, new,
// ctx_size) (signal_64.c): it saves the thread's context into *old if
// old is not NULL (the sigcontext and uc_sigmask only; with the VSX
// doublewords if ctx_size has room for them) and, if new is not NULL,
// loads *new and returns into it as rt_sigreturn does (r3 is the
// context's). EFAULT for an unreadable new MSR, an old or new outside
// the user address space or a new not readable for ctx_size bytes;
// EINVAL for a ctx_size below ucontextNoVSX, or below abi.UcSize where
// the new MSR has MSR_VSX. ctx_size is compared unsigned, as C compares a
// long with a sizeof: a negative one is huge, and fails access_ok.
// A context that cannot be loaded once the mask is set kills the process
// with SIGSEGV (force_exit_sig).
func sysSwapcontext(t *Thread, a *sysArgs) (uint64, int) {
	o := t.p.order
	oldCtx, newCtx, size := a.Ptr(0), a.Ptr(1), a.Size(2)
	var newMSR uint64
	if newCtx != 0 {
		var e int
		if newMSR, e = t.get64(newCtx + abi.UcMcontext + abi.ScGPRegs + 8*regs.PT_MSR); e != 0 {
			return 0, e
		}
	}
	if size < ucontextNoVSX || size < abi.UcSize && newMSR&regs.MSRVSX != 0 {
		return 0, abi.EINVAL
	}
	vsx := size >= abi.UcSize
	if oldCtx != 0 {
		if !userRange(oldCtx, size) {
			return 0, abi.EFAULT
		}
		if e := t.saveContext(oldCtx, vsx); e != 0 {
			return 0, e
		}
	}
	if newCtx == 0 {
		return 0, 0
	}
	if !userRange(newCtx, size) || !t.mm.Mem.Allowed(newCtx, size, mem.Read) {
		return 0, abi.EFAULT
	}
	b := make([]byte, min(size, abi.UcSize))
	if t.mm.Mem.Read(newCtx, b) != nil {
		t.killedBy(sigInfo{signo: abi.SIGSEGV, code: abi.SI_KERNEL})
		return 0, errExit
	}
	var uch abi.UcontextHead
	abi.UcontextHeadLayout.Decode(o, b, &uch)
	t.mask = uch.Sigmask &^ unblockable
	t.p.sigAny.Store(true) // the new mask may unblock something
	c := t.ctx
	if !t.loadSigcontext(&c.Regs, b[abi.UcMcontext:], false) {
		t.killedBy(sigInfo{signo: abi.SIGSEGV, code: abi.SI_KERNEL})
		return 0, errExit
	}
	t.ctx = c
	return 0, errNoResult
}

// saveContext writes the thread's context, as at the return of the
// swapcontext call it is in, into the ucontext at uc: what Linux's
// setup_sigcontext writes (signal and handler 0, no oldmask) and
// uc_sigmask; nothing else of the ucontext. The saved CR has CR0[SO]
// clear, as Linux's system call entry leaves it.
func (t *Thread) saveContext(uc uint64, vsx bool) int {
	o := t.p.order
	r := t.ctx.Regs
	r.CR &^= 1 << 28
	b := make([]byte, ucontextBuf)
	voff := encodeSigcontext(o, b, uc, &r, sigcontextHead{}, vsx)
	o.PutUint64(b[abi.UcSigmask:], t.mask)
	mc := abi.UcMcontext
	parts := [][2]int{
		{voff, voff + regs.VMXRegsPtraceSize},
		{mc + abi.ScFPRegs, mc + abi.ScVMX}, // fp_regs, v_regs
		{voff + abi.VMXVSXLow, voff + abi.VMXVSXLow + regs.VSXRegsSize},
		{mc + abi.ScRegs, mc + abi.ScFPRegs}, // regs, gp_regs
		{mc + abi.ScSignal, mc + abi.ScSignal + 4},
		{mc + abi.ScHandler, mc + abi.ScOldmask},
		{abi.UcSigmask, abi.UcSigmask + 8},
	}
	for i, p := range parts {
		if i == 2 && !vsx {
			continue
		}
		if e := t.write(uc+uint64(p[0]), b[p[0]:p[1]]); e != 0 {
			return e
		}
	}
	return 0
}

// sysSwitchEndian is Linux 6.1's powerpc64 switch_endian: it flips the
// calling thread's MSR[LE] and returns with r3 and CR0 as they were
// (TIF_RESTOREALL), so the thread goes on at the next word in the other
// byte order. The kernel's byte order, the process's (Process.order),
// stays: system calls read and write memory in it, signal handlers run
// in it (setupFrame) and rt_sigreturn returns to the saved one.
func sysSwitchEndian(t *Thread, a *sysArgs) (uint64, int) {
	t.ctx.Regs.MSR ^= regs.MSRLE
	return 0, errNoResult
}
