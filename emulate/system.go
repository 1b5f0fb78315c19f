package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/trap"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Traps, system calls, interrupt returns, power-saving and MSR moves. The
// SPR moves are in spr.go.

var (
	errSyscall = &opErrs{kind: ErrMustNotStep, reason: "system call"}
	errRFI     = &opErrs{kind: ErrMustNotStep, reason: "return from interrupt"}
	errStop    = &opErrs{kind: ErrMustNotStep, reason: "power-saving stop"}
	errMSRBits = [...]error{
		hardwareUnknown(ppc64asm.MTMSR, "sets reserved MSR bits, changes TS/TM, or runs in secure state", nil),
		hardwareUnknown(ppc64asm.MTMSRD, "sets reserved MSR bits, changes TS/TM, or runs in secure state", nil),
	}
)

// MSR masks for mtmsr/mtmsrd (Power ISA 3.1B Book III 3.2.1, 5.4.4).
const (
	// msrDefined is every MSR bit ISA 3.1B defines; the rest are reserved.
	msrDefined = regs.MSRSF | regs.MSRHV | regs.MSRTS | regs.MSRTM | regs.MSRVEC | regs.MSRVSX |
		regs.MSRS | regs.MSREE | regs.MSRPR | regs.MSRFP | regs.MSRME | regs.MSRFE0 | regs.MSRSE |
		regs.MSRBE | regs.MSRFE1 | regs.MSRIR | regs.MSRDR | msrPMM | regs.MSRRI | regs.MSRLE
	msrPMM = 1 << 2 // ISA bit 61: performance monitor mark
	// msrMoved is what mtmsrd with L=0 copies from RS: every defined bit
	// except HV, S, ME and LE (never altered by mtmsr[d]) and TS/TM (which
	// have transition rules of their own; see opMtmsr).
	msrMoved = msrDefined &^ (regs.MSRHV | regs.MSRS | regs.MSRME | regs.MSRLE | regs.MSRTS | regs.MSRTM)
	// msrL1 is what the L=1 forms copy: EE and RI.
	msrL1 = regs.MSREE | regs.MSRRI
)

func init() {
	def(opTrap, ppc64asm.TW, ppc64asm.TD, ppc64asm.TWI, ppc64asm.TDI)
	defRefusal(errSyscall, ppc64asm.SC, ppc64asm.SCV)
	defRefusal(errRFI, ppc64asm.RFID, ppc64asm.HRFID, ppc64asm.URFID, ppc64asm.RFSCV)
	// stop is the only power-saving instruction ppc64asm decodes: nap,
	// sleep, rvwinkle and doze (ISA 2.07, removed in ISA 3.0) do not
	// decode and are illegal, as on POWER9 and POWER10.
	defRefusal(errStop, ppc64asm.STOP)
	def(opMfmsr, ppc64asm.MFMSR)
	def(opMtmsr, ppc64asm.MTMSR, ppc64asm.MTMSRD)
}

// tw TO,RA,RB; td TO,RA,RB; twi TO,RA,SI; tdi TO,RA,SI.
func opTrap(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a := r.GPR[in.Args[1]&31]
	var b uint64
	if in.Kinds[2] == decode.ArgGPR {
		b = r.GPR[in.Args[2]&31]
	} else {
		b = uint64(in.Args[2])
	}
	word := in.Op == ppc64asm.TW || in.Op == ppc64asm.TWI
	if trap.Fires(uint8(in.Args[0]), a, b, word) {
		return ErrTrap
	}
	return nil
}

// mfmsr RT (supervisor state; the precheck refuses it in problem state).
func opMfmsr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	r.GPR[in.Args[0]&31] = r.MSR
	return nil
}

// mtmsr RS,L and mtmsrd RS,L (supervisor state).
//
// L=1: only EE and RI are copied from RS. L=0: mtmsrd copies every MSR bit
// except HV, S, ME and LE; mtmsr the same within bits 32:63 only. Setting
// PR also sets EE, IR and DR (MSR[EE] = RS[EE] | RS[PR], likewise IR, DR).
// The ISA's further rules — the TS/TM transaction-state transitions and the
// secure-state (S=1) clause for IR/DR — and reserved bits set in RS are
// not emulated. Unlike the Linux kernel, clearing RI is emulated (the ISA
// allows it).
func opMtmsr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	rs := r.GPR[in.Args[0]&31]
	l1 := in.Args[1]&1 != 0
	msr := r.MSR
	if l1 {
		r.MSR = msr&^msrL1 | rs&msrL1
		return nil
	}
	moved, idx := uint64(msrMoved), 1
	if in.Op == ppc64asm.MTMSR {
		moved, idx = msrMoved&0xffffffff, 0
		rs &= 0xffffffff
		rs |= msr &^ 0xffffffff // bits 0:31 are not altered
	}
	if rs&^msrDefined != 0 || (rs^msr)&(regs.MSRTS|regs.MSRTM) != 0 && in.Op == ppc64asm.MTMSRD ||
		msr&regs.MSRS != 0 {
		return errMSRBits[idx]
	}
	v := msr&^moved | rs&moved
	if rs&regs.MSRPR != 0 {
		v |= regs.MSREE | regs.MSRIR | regs.MSRDR
	}
	r.MSR = v
	return nil
}
