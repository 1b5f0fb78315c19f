// Package branch evaluates the condition of a conditional branch: the one
// place both the emulator (emulate) and the debugger helpers (debug) take
// it from.
package branch

import "github.com/ppc64emu/ppc64emu/regs"

// Taken evaluates the condition of a conditional branch with the given BO
// and BI against CR and CTR, as the ISA defines it (Power ISA 3.1B Book I
// 2.4). ctr is the CTR value before the instruction; the returned newCTR is
// the value after it (decremented when BO[2] = 0). In 32-bit mode (is64
// false) only the low 32 bits of the decremented CTR are tested.
func Taken(bo, bi uint8, cr uint32, ctr uint64, is64 bool) (taken bool, newCTR uint64) {
	newCTR = ctr
	if bo&0x04 == 0 {
		newCTR--
		t := newCTR
		if !is64 {
			t &= 0xffffffff
		}
		if (t != 0) == (bo&0x02 != 0) {
			return false, newCTR
		}
	}
	return bo&0x10 != 0 || regs.CRBit(cr, int(bi)) == (bo&0x08 != 0), newCTR
}
