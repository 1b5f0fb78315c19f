package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/decimal"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// cdtbcd and cbcdtd: the fixed-point DPD ↔ BCD assists. Each word of RS
// is converted on its own: cdtbcd turns the two declets in the low 20 bits
// into six BCD digits in the low 24 bits; cbcdtd the reverse.

func init() {
	def(opCDTBCD, ppc64asm.CDTBCD)
	def(opCBCDTD, ppc64asm.CBCDTD)
}

func opCDTBCD(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	rs := r.GPR[in.Args[1]&31]
	var out uint64
	for w := 0; w < 2; w++ {
		word := rs >> (32 * w)
		v := decimal.Declet(word>>10)*1000 + decimal.Declet(word)
		var bcd uint64
		for i := 0; i < 6; i++ {
			bcd |= uint64(v%10) << (4 * i)
			v /= 10
		}
		out |= bcd << (32 * w)
	}
	r.GPR[in.Args[0]&31] = out
	return nil
}

func opCBCDTD(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	rs := r.GPR[in.Args[1]&31]
	var out uint64
	for w := 0; w < 2; w++ {
		word := rs >> (32 * w)
		// The ISA's encoding equations apply to any nibbles, digits or not.
		out |= (decimal.EncodeBits(word>>12)<<10 | decimal.EncodeBits(word)) << (32 * w)
	}
	r.GPR[in.Args[0]&31] = out
	return nil
}
