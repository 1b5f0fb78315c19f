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
	defBranch(opBCDirect, ppc64asm.BC, ppc64asm.BCA, ppc64asm.BCL, ppc64asm.BCLA)
	defBranch(opBC, ppc64asm.BCLR, ppc64asm.BCLRL, ppc64asm.BCCTR, ppc64asm.BCCTRL,
		ppc64asm.BCTAR, ppc64asm.BCTARL)

	// QEMU 7.2 ignores the reserved bits 16:18 of bclr[l] and bcctr[l]
	// and executes the invalid form bcctr[l] with BO[2]=0: measured in
	// emulate/testdata/qemu-legality.txt; what it then does is below.
}

// iea truncates an effective address to 32 bits in 32-bit mode.
func iea(r *regs.Regs, a uint64) uint64 {
	if !r.Is64() {
		return a & 0xffffffff
	}
	return a
}

// target computes a relative (ArgPCRel) or absolute (ArgLabel) branch target.
func target(r *regs.Regs, kind decode.ArgKind, v int64) uint64 {
	if kind == decode.ArgLabel {
		return iea(r, uint64(v))
	}
	return iea(r, r.NIP+uint64(v))
}

// b, ba, bl, bla.
func opB(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	cia := r.NIP
	r.NIP = target(r, in.Kinds[0], in.Args[0])
	if in.Has(decode.FlagLink) {
		r.LR = iea(r, cia+4)
	}
	return nil
}

// bc, bca, bcl, bcla: the relative and absolute forms.
func opBCDirect(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	cia, is64 := r.NIP, r.Is64()
	taken, ctr := branch.Taken(uint8(in.Args[0]), uint8(in.Args[1]), r.CR, r.CTR, is64)
	r.CTR = ctr
	next := cia + 4
	if in.Has(decode.FlagLink) {
		r.LR = iea(r, next)
	}
	if taken {
		next = uint64(in.Args[2])
		if in.Kinds[2] != decode.ArgLabel {
			next += cia
		}
	}
	if !is64 {
		next &= 0xffffffff
	}
	r.NIP = next
	return nil
}

// bclr, bcctr, bctar in every BO/BI/BH/LK form: the target is LR, CTR or
// TAR with bits 62:63 cleared, read before LR is written.
func opBC(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	bo, bi := uint8(in.Args[0]), uint8(in.Args[1])
	cia := r.NIP
	var tgt uint64
	switch {
	case in.Has(decode.FlagTargetLR):
		tgt = r.LR &^ 3
	case in.Has(decode.FlagTargetCTR):
		tgt = r.CTR &^ 3
	default:
		tgt = r.TAR &^ 3
	}
	if bo&0x04 == 0 && in.Has(decode.FlagTargetCTR) {
		// The invalid form both profiles execute (row bcctr-decrement):
		// test the CTR before the decrement, then decrement.
		old := r.CTR
		if !r.Is64() {
			old &= 0xffffffff
		}
		if (old == 0) != (bo&0x02 != 0) {
			r.NIP = iea(r, cia+4)
			if in.Has(decode.FlagLink) {
				r.LR = iea(r, cia+4)
			}
			return nil
		}
		bo |= 0x04 // CTR tested; what remains is the CR condition
		r.CTR--
	}
	taken, ctr := branch.Taken(bo, bi, r.CR, r.CTR, r.Is64())
	r.CTR = ctr
	if taken {
		r.NIP = iea(r, tgt)
	} else {
		r.NIP = iea(r, cia+4)
	}
	if in.Has(decode.FlagLink) {
		r.LR = iea(r, cia+4)
	}
	return nil
}
