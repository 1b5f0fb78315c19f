// Package branch holds the rules of the branch instructions: where a
// branch goes (Target) and whether a conditional branch is taken (Taken).
// The emulator (emulate) and the debugger helpers (debug) take both from
// here; which branches decrement CTR is decode's FlagCTRDec.
package branch

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Target is the address the branch in (b, bc, bclr, bcctr, bctar in every
// form) goes to when it is taken, in the state r: Direct's target at
// r.NIP, or LR, CTR or TAR with the low two bits cleared, read before the
// instruction writes LR or CTR. In 32-bit mode (MSR[SF] = 0) the address
// is truncated to 32 bits.
func Target(in *decode.Inst, r *regs.Regs) uint64 {
	var t uint64
	switch {
	case in.Has(decode.FlagTargetLR):
		t = r.LR &^ 3
	case in.Has(decode.FlagTargetCTR):
		t = r.CTR &^ 3
	case in.Has(decode.FlagTargetTAR):
		t = r.TAR &^ 3
	default:
		return Direct(in, r.NIP, r.Is64())
	}
	if !r.Is64() {
		t &= 0xffffffff
	}
	return t
}

// Direct is the target of the direct branch in (b, bc and their link and
// absolute forms) at address cia: the displacement added to cia, or the
// absolute address itself (AA=1), truncated to 32 bits when is64 is false.
func Direct(in *decode.Inst, cia uint64, is64 bool) uint64 {
	i := 0 // b: LI is the only operand; bc: BO, BI, BD
	if in.Class == decode.ClassCondBranch {
		i = 2
	}
	t := uint64(in.Args[i])
	if in.Kinds[i] != decode.ArgLabel {
		t += cia
	}
	if !is64 {
		t &= 0xffffffff
	}
	return t
}

// Always reports whether the conditional branch in branches whatever CR
// and CTR hold: BO = 1z1zz (Power ISA 3.1B Book I 2.4, Figure 40).
func Always(in *decode.Inst) bool { return in.Args[0]&0x14 == 0x14 }

// Taken evaluates the condition of the conditional branch in (bc, bclr,
// bcctr, bctar in every form) against cr and ctr, as the ISA defines it
// (Power ISA 3.1B Book I 2.4). ctr is the CTR value before the
// instruction; the returned newCTR is the value after it (decremented when
// in.Has(decode.FlagCTRDec), BO[2] = 0). In 32-bit mode (is64 false) only
// the low 32 bits of CTR are tested.
//
// The invalid form bcctr[l] with BO[2] = 0 (decrement CTR and branch to
// it) is executed as QEMU and the server user manuals read it (emulate's
// Differences row bcctr-decrement): the CTR test uses CTR before the
// decrement, and CTR is decremented only when that test passes.
func Taken(in *decode.Inst, cr uint32, ctr uint64, is64 bool) (taken bool, newCTR uint64) {
	bo, bi := uint8(in.Args[0]), uint8(in.Args[1])
	newCTR = ctr
	if in.Has(decode.FlagCTRDec) {
		dec, t := ctr-1, ctr-1
		if in.Has(decode.FlagTargetCTR) {
			t = ctr // the invalid form tests CTR before the decrement
		}
		if !is64 {
			t &= 0xffffffff
		}
		if (t != 0) == (bo&0x02 != 0) {
			if in.Has(decode.FlagTargetCTR) {
				return false, ctr
			}
			return false, dec
		}
		newCTR = dec
	}
	return bo&0x10 != 0 || regs.CRBit(cr, int(bi)) == (bo&0x08 != 0), newCTR
}
