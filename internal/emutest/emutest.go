// Package emutest holds what the tests of the emulator packages share: the
// machine state they start from. It is imported by tests only.
package emutest

import "github.com/ppc64emu/ppc64emu/regs"

// MSR is the machine state register of a test machine: 64-bit problem
// state with the FP, VMX and VSX facilities on, big-endian (add
// regs.MSRLE for little-endian). Tests that need another state say so.
const MSR = regs.MSRSF | regs.MSRPR | regs.MSRFP | regs.MSRVEC | regs.MSRVSX

// Regs returns a register file in the test machine's state (MSR, in the
// given byte order) with NIP at nip and everything else zero.
func Regs(nip uint64, le bool) regs.Regs {
	r := regs.Regs{NIP: nip, MSR: MSR}
	if le {
		r.MSR |= regs.MSRLE
	}
	return r
}
