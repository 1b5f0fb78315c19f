package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/trap"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Traps, system calls, interrupt returns and SPR moves.

// SPR numbers used here.
const (
	sprXER = 1
	sprLR  = 8
	sprCTR = 9
)

var (
	errSyscall = &OpError{Kind: ErrMustNotStep, Reason: "system call"}
	errRFI     = &OpError{Kind: ErrMustNotStep, Reason: "return from interrupt"}
)

func init() {
	def(opTrap, ppc64asm.TW, ppc64asm.TD, ppc64asm.TWI, ppc64asm.TDI)
	def(func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error { return errSyscall },
		ppc64asm.SC, ppc64asm.SCV)
	def(func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error { return errRFI },
		ppc64asm.RFID, ppc64asm.HRFID, ppc64asm.URFID, ppc64asm.RFSCV)
	def(opMfspr, ppc64asm.MFSPR)
	def(opMtspr, ppc64asm.MTSPR)
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

// mfspr RT,SPR for the SPRs emulated so far.
func opMfspr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	var v uint64
	switch in.Args[1] {
	case sprXER:
		v = r.XER
	case sprLR:
		v = r.LR
	case sprCTR:
		v = r.CTR
	default:
		return notEmulated(in.Op)
	}
	r.GPR[in.Args[0]&31] = v
	return nil
}

// mtspr SPR,RS for the SPRs emulated so far.
func opMtspr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	v := r.GPR[in.Args[1]&31]
	switch in.Args[0] {
	case sprXER:
		r.XER = v & e.prof.xerMask
	case sprLR:
		r.LR = v
	case sprCTR:
		r.CTR = v
	default:
		return notEmulated(in.Op)
	}
	return nil
}
