package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/branch"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Branches. The semantic functions set NIP themselves.

func init() {
	defBranch(opB, ppc64asm.B, ppc64asm.BA, ppc64asm.BL, ppc64asm.BLA)
	defBranch(opBC, ppc64asm.BC, ppc64asm.BCA, ppc64asm.BCL, ppc64asm.BCLA,
		ppc64asm.BCLR, ppc64asm.BCLRL, ppc64asm.BCCTR, ppc64asm.BCCTRL, ppc64asm.BCTAR, ppc64asm.BCTARL)

	// QEMU 7.2 ignores the reserved bits 16:18 of bclr[l] and bcctr[l]
	// and executes the invalid form bcctr[l] with BO[2]=0: measured in
	// emulate/testdata/qemu-legality.txt; what it then does is
	// branch.Taken's.
}

// iea truncates an effective address to 32 bits in 32-bit mode.
func iea(r *regs.Regs, a uint64) uint64 {
	if !r.Is64() {
		return a & 0xffffffff
	}
	return a
}

// b, ba, bl, bla.
func opB(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	cia := r.NIP
	r.NIP = branch.Target(in, r)
	if in.Has(decode.FlagLink) {
		r.LR = iea(r, cia+4)
	}
	return nil
}

// bc, bca, bcl, bcla, and bclr, bcctr, bctar in every BO/BI/BH/LK form
// (the target is read before LR is written). The invalid form bcctr[l]
// with BO[2]=0 is executed by both profiles as branch.Taken describes (row
// bcctr-decrement).
func opBC(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	cia := r.NIP
	tgt := branch.Target(in, r)
	taken, ctr := branch.Taken(in, r.CR, r.CTR, r.Is64())
	r.CTR = ctr
	if taken {
		r.NIP = tgt
	} else {
		r.NIP = iea(r, cia+4)
	}
	if in.Has(decode.FlagLink) {
		r.LR = iea(r, cia+4)
	}
	return nil
}
