package emulate

import (
	"math/bits"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/vec"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Fixed-point logical and bit-manipulation instructions (Power ISA 3.1B
// Book I 3.3.13–3.3.14 and the ISA 3.1 additions). None of them depends on
// the computation mode except through CR0 (from the low word in 32-bit
// mode); their GPR results are always full 64-bit values.
//
// Operands come in ppc64asm's order: RA, RS[, RB | UI].
//
// Reserved fields (RB of exts*, cntlz*, cnttz*, popcnt*, prty*, br*; bit 31
// of the forms without Rc) are decided by the generic reserved-bits profile
// row before these functions run: the functions never read those fields.

func init() {
	defRc(opAnd, ppc64asm.AND, ppc64asm.ANDCC)
	defRc(opOr, ppc64asm.OR, ppc64asm.ORCC)
	defRc(opXor, ppc64asm.XOR, ppc64asm.XORCC)
	defRc(opNand, ppc64asm.NAND, ppc64asm.NANDCC)
	defRc(opNor, ppc64asm.NOR, ppc64asm.NORCC)
	defRc(opEqv, ppc64asm.EQV, ppc64asm.EQVCC)
	defRc(opAndc, ppc64asm.ANDC, ppc64asm.ANDCCC)
	defRc(opOrc, ppc64asm.ORC, ppc64asm.ORCCC)

	def(opOri, ppc64asm.ORI)
	def(opOris, ppc64asm.ORIS)
	def(opXori, ppc64asm.XORI)
	def(opXoris, ppc64asm.XORIS)
	def(opAndi, ppc64asm.ANDICC)
	def(opAndis, ppc64asm.ANDISCC)
	def(opNop, ppc64asm.NOP)
	def(opPnop, ppc64asm.PNOP)

	defRc(opExtsb, ppc64asm.EXTSB, ppc64asm.EXTSBCC)
	defRc(opExtsh, ppc64asm.EXTSH, ppc64asm.EXTSHCC)
	defRc(opExtsw, ppc64asm.EXTSW, ppc64asm.EXTSWCC)

	defRc(opBitUnary, ppc64asm.CNTLZW, ppc64asm.CNTLZWCC, ppc64asm.CNTLZD, ppc64asm.CNTLZDCC,
		ppc64asm.CNTTZW, ppc64asm.CNTTZWCC, ppc64asm.CNTTZD, ppc64asm.CNTTZDCC,
		ppc64asm.POPCNTB, ppc64asm.POPCNTW, ppc64asm.POPCNTD,
		ppc64asm.PRTYW, ppc64asm.PRTYD, ppc64asm.BRH, ppc64asm.BRW, ppc64asm.BRD)
	def(opBitBinary, ppc64asm.BPERMD, ppc64asm.CMPB, ppc64asm.CFUGED,
		ppc64asm.PDEPD, ppc64asm.PEXTD, ppc64asm.CNTLZDM, ppc64asm.CNTTZDM)

	// The reserved bits QEMU 7.2 ignores for these ops (RB of exts*,
	// cntlz*, cnttz*; bit 31 of cfuged, pdepd, pextd, cntlzdm, cnttzdm; bits
	// 12-13 of the pnop prefix) are in the measured table qemuLegality
	// (internal/tools/qemusurvey).
}

// logicRA writes v to RA (Args[0]). The ops that use it are registered
// with defRc, which sets CR0 from v for a record form.
func logicRA(r *regs.Regs, in *decode.Inst, v uint64) {
	r.GPR[in.Args[0]&31] = v
}

// lgRS and lgRB read the RS (Args[1]) and RB (Args[2]) operands.
func lgRS(r *regs.Regs, in *decode.Inst) uint64 { return r.GPR[in.Args[1]&31] }
func lgRB(r *regs.Regs, in *decode.Inst) uint64 { return r.GPR[in.Args[2]&31] }

// X-form logical: op RA,RS,RB.

func opAnd(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, lgRS(r, in)&lgRB(r, in))
	return nil
}

func opOr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, lgRS(r, in)|lgRB(r, in))
	return nil
}

func opXor(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, lgRS(r, in)^lgRB(r, in))
	return nil
}

func opNand(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, ^(lgRS(r, in) & lgRB(r, in)))
	return nil
}

func opNor(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, ^(lgRS(r, in) | lgRB(r, in)))
	return nil
}

func opEqv(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, ^(lgRS(r, in) ^ lgRB(r, in)))
	return nil
}

func opAndc(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, lgRS(r, in)&^lgRB(r, in))
	return nil
}

func opOrc(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, lgRS(r, in)|^lgRB(r, in))
	return nil
}

// D-form logical: op RA,RS,UI. UI is zero-extended; andi. and andis. always
// set CR0 (their table flags carry FlagRc).

func lgUI(in *decode.Inst) uint64 { return uint64(in.Args[2]) & 0xffff }

func opOri(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	r.GPR[in.Args[0]&31] = lgRS(r, in) | lgUI(in)
	return nil
}

func opOris(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	r.GPR[in.Args[0]&31] = lgRS(r, in) | lgUI(in)<<16
	return nil
}

func opXori(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	r.GPR[in.Args[0]&31] = lgRS(r, in) ^ lgUI(in)
	return nil
}

func opXoris(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	r.GPR[in.Args[0]&31] = lgRS(r, in) ^ lgUI(in)<<16
	return nil
}

func opAndi(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	v := lgRS(r, in) & lgUI(in)
	r.GPR[in.Args[0]&31] = v
	setCR0(r, v)
	return nil
}

func opAndis(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	v := lgRS(r, in) & (lgUI(in) << 16)
	r.GPR[in.Args[0]&31] = v
	setCR0(r, v)
	return nil
}

// opNop is nop (ori 0,0,0). Reserved bits of the pnop prefix are handled
// by the generic reserved-bits row.
func opNop(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error { return nil }

// opPnop is pnop, the ISA 3.1 prefixed no-op (prefix 0x07000000): its
// suffix is not executed, except that a suffix of the attn pattern is row
// pnop-attn-suffix.
func opPnop(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if in.Suffix>>26 == 0 && in.Suffix>>1&0x1ff == 256 {
		return e.prof.act(e.action(diffPnopAttn), in, "pnop with an attn suffix", decode.ErrInvalidForm)
	}
	return nil
}

// Sign extension and counting: op RA,RS.

func opExtsb(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, uint64(int64(int8(lgRS(r, in)))))
	return nil
}

func opExtsh(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, uint64(int64(int16(lgRS(r, in)))))
	return nil
}

func opExtsw(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, uint64(int64(int32(lgRS(r, in)))))
	return nil
}

// opBitUnary: cntlz*, cnttz*, popcnt*, prty* and br*, op RA,RS. The record
// forms (cntlz*., cnttz*.) are registered with defRc, which sets CR0.
func opBitUnary(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	s := lgRS(r, in)
	var v uint64
	switch in.Op {
	case ppc64asm.CNTLZW, ppc64asm.CNTLZWCC: // of the low word: 32 for zero
		v = uint64(bits.LeadingZeros32(uint32(s)))
	case ppc64asm.CNTLZD, ppc64asm.CNTLZDCC:
		v = uint64(bits.LeadingZeros64(s))
	case ppc64asm.CNTTZW, ppc64asm.CNTTZWCC: // of the low word: 32 for zero
		v = uint64(bits.TrailingZeros32(uint32(s)))
	case ppc64asm.CNTTZD, ppc64asm.CNTTZDCC:
		v = uint64(bits.TrailingZeros64(s))
	case ppc64asm.POPCNTB:
		v = popcntBytes(s)
	case ppc64asm.POPCNTW:
		v = uint64(bits.OnesCount32(uint32(s>>32)))<<32 | uint64(bits.OnesCount32(uint32(s)))
	case ppc64asm.POPCNTD:
		v = uint64(bits.OnesCount64(s))
	case ppc64asm.PRTYW:
		// Parity of the least significant bit of each byte of each word,
		// in bit 63 of the word's half of RA.
		p := s & 0x0101010101010101
		p ^= p >> 16
		p ^= p >> 8
		v = p & 0x0000000100000001
	case ppc64asm.PRTYD:
		v = uint64(bits.OnesCount64(s&0x0101010101010101) & 1)
	case ppc64asm.BRH:
		v = (s&0x00ff00ff00ff00ff)<<8 | (s>>8)&0x00ff00ff00ff00ff
	case ppc64asm.BRW:
		v = uint64(bits.ReverseBytes32(uint32(s>>32)))<<32 | uint64(bits.ReverseBytes32(uint32(s)))
	case ppc64asm.BRD:
		v = bits.ReverseBytes64(s)
	default:
		return notEmulated(in.Op)
	}
	r.GPR[in.Args[0]&31] = v
	return nil
}

// popcntBytes counts the one bits of each byte of x into that byte.
func popcntBytes(x uint64) uint64 {
	x -= (x >> 1) & 0x5555555555555555
	x = x&0x3333333333333333 + (x>>2)&0x3333333333333333
	return (x + x>>4) & 0x0f0f0f0f0f0f0f0f
}

// opBitBinary: bpermd, cmpb and the ISA 3.1 mask ops, op RA,RS,RB, no
// record forms.
func opBitBinary(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	s, b := lgRS(r, in), lgRB(r, in)
	var v uint64
	switch in.Op {
	case ppc64asm.BPERMD:
		v = vec.BitPermuteDW(s, b)
	case ppc64asm.CMPB:
		x := s ^ b
		for i := 0; i < 64; i += 8 {
			if x>>i&0xff == 0 {
				v |= 0xff << i
			}
		}
	case ppc64asm.CFUGED:
		v = vec.CentrifugeDW(s, b)
	case ppc64asm.PDEPD:
		v = vec.DepositDW(s, b)
	case ppc64asm.PEXTD:
		v = vec.ExtractDW(s, b)
	case ppc64asm.CNTLZDM:
		v = vec.CountLeadingZerosUnderMask(s, b)
	case ppc64asm.CNTTZDM:
		v = vec.CountTrailingZerosUnderMask(s, b)
	default:
		return notEmulated(in.Op)
	}
	r.GPR[in.Args[0]&31] = v
	return nil
}
