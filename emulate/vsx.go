package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/vec"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// VSX moves, permutes and logical ops (Power ISA 3.1B Book I 7.6): operand
// fetch → an internal/vec kernel → commit. VSR operands (XT, XA, XB, XC,
// XS) are full VSR numbers 0-63 in Inst.Args; elements are numbered from
// the most significant end (ISA numbering) in both byte orders. The
// facility (MSR[VSX], or MSR[FP]/MSR[VEC] for the moves whose register
// half decides) is checked by Step from decode's facility column.

// xs reads VSR n.
func xs(r *regs.Regs, n int64) regs.VSR { return r.VSR[n&63] }

// setXT writes the target VSR (argument 0).
func setXT(r *regs.Regs, in *decode.Inst, v regs.VSR) { r.VSR[in.Args[0]&63] = v }

// xBin: XT,XA,XB.
func xBin(f func(a, b vec.V) vec.V) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		setXT(r, in, f(xs(r, in.Args[1]), xs(r, in.Args[2])))
		return nil
	}
}

// xTern: XT,XA,XB,XC.
func xTern(f func(a, b, c vec.V) vec.V) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		setXT(r, in, f(xs(r, in.Args[1]), xs(r, in.Args[2]), xs(r, in.Args[3])))
		return nil
	}
}

// xUn: XT,XB.
func xUn(f func(b vec.V) vec.V) semFn {
	return func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
		setXT(r, in, f(xs(r, in.Args[1])))
		return nil
	}
}

func init() {
	def(xBin(vec.And), p.XXLAND)
	def(xBin(vec.AndC), p.XXLANDC)
	def(xBin(vec.Or), p.XXLOR)
	def(xBin(vec.OrC), p.XXLORC)
	def(xBin(vec.Xor), p.XXLXOR)
	def(xBin(vec.Nor), p.XXLNOR)
	def(xBin(vec.Nand), p.XXLNAND)
	def(xBin(vec.Eqv), p.XXLEQV)
	def(xTern(vec.Select), p.XXSEL)
	def(xBin(func(a, b vec.V) vec.V { return vec.MergeHigh(a, b, 4) }), p.XXMRGHW)
	def(xBin(func(a, b vec.V) vec.V { return vec.MergeLow(a, b, 4) }), p.XXMRGLW)
	def(xUn(func(b vec.V) vec.V { return vec.ByteReverse(b, 2) }), p.XXBRH)
	def(xUn(func(b vec.V) vec.V { return vec.ByteReverse(b, 4) }), p.XXBRW)
	def(xUn(func(b vec.V) vec.V { return vec.ByteReverse(b, 8) }), p.XXBRD)
	def(xUn(func(b vec.V) vec.V { return vec.ByteReverse(b, 16) }), p.XXBRQ)
	def(xTern(func(a, b, c vec.V) vec.V { return vec.Blend(a, b, c, 1) }), p.XXBLENDVB)
	def(xTern(func(a, b, c vec.V) vec.V { return vec.Blend(a, b, c, 2) }), p.XXBLENDVH)
	def(xTern(func(a, b, c vec.V) vec.V { return vec.Blend(a, b, c, 4) }), p.XXBLENDVW)
	def(xTern(func(a, b, c vec.V) vec.V { return vec.Blend(a, b, c, 8) }), p.XXBLENDVD)
	def(opXXPermDI, p.XXPERMDI)
	def(opXXSldWI, p.XXSLDWI)
	def(opXXSpltW, p.XXSPLTW)
	def(opXXSplatImm, p.XXSPLTIB, p.XXSPLTIW, p.XXSPLTIDP, p.XXSPLTI32DX)
	def(opXXPerm, p.XXPERM, p.XXPERMR)
	def(opXXPermX, p.XXPERMX)
	def(opXXEval, p.XXEVAL)
	def(opXXExtractUW, p.XXEXTRACTUW)
	def(opXXInsertW, p.XXINSERTW)
	def(opLXVKQ, p.LXVKQ)
	def(opXVTLSBB, p.XVTLSBB)
	def(opMTVSR, p.MTVSRD, p.MTVSRWA, p.MTVSRWZ, p.MTVSRDD, p.MTVSRWS)
	def(opMFVSR, p.MFVSRD, p.MFVSRWZ, p.MFVSRLD)
}

// opMTVSR: mtvsrd, mtvsrwa, mtvsrwz (doubleword 0 from RA; doubleword 1
// per Difference "vsx-move-dw1"), mtvsrdd (RA|0 ‖ RB), mtvsrws (the low
// word of RA in every word).
func opMTVSR(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	xt := in.Args[0] & 63
	ra := r.GPR[in.Args[1]&31]
	v := r.VSR[xt]
	switch in.Op {
	case p.MTVSRD:
		v.Hi = ra
	case p.MTVSRWA:
		v.Hi = uint64(int64(int32(ra)))
	case p.MTVSRWZ:
		v.Hi = uint64(uint32(ra))
	case p.MTVSRDD:
		v.Hi, v.Lo = 0, r.GPR[in.Args[2]&31]
		if in.Args[1] != 0 {
			v.Hi = ra
		}
	case p.MTVSRWS:
		v = vec.Splat(ra&0xffffffff, 4)
	}
	r.VSR[xt] = v
	return nil
}

// opMFVSR: mfvsrd (doubleword 0), mfvsrwz (word 1, zero-extended),
// mfvsrld (doubleword 1).
func opMFVSR(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	v := xs(r, in.Args[1])
	x := v.Hi
	switch in.Op {
	case p.MFVSRWZ:
		x &= 0xffffffff
	case p.MFVSRLD:
		x = v.Lo
	}
	r.GPR[in.Args[0]&31] = x
	return nil
}

// opXXPermDI: xxpermdi XT,XA,XB,DM: doubleword DM[0] of XA, doubleword
// DM[1] of XB.
func opXXPermDI(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a, b, dm := xs(r, in.Args[1]), xs(r, in.Args[2]), in.Args[3]
	t := regs.VSR{Hi: a.Hi, Lo: b.Hi}
	if dm&2 != 0 {
		t.Hi = a.Lo
	}
	if dm&1 != 0 {
		t.Lo = b.Lo
	}
	setXT(r, in, t)
	return nil
}

// opXXSldWI: xxsldwi XT,XA,XB,SHW: XA‖XB shifted left by SHW words.
func opXXSldWI(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setXT(r, in, vec.ShiftLeftDouble(xs(r, in.Args[1]), xs(r, in.Args[2]), 4*int(in.Args[3]&3)))
	return nil
}

// opXXSpltW: xxspltw XT,XB,UIM.
func opXXSpltW(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setXT(r, in, vec.SplatElement(xs(r, in.Args[1]), int(in.Args[2]&3), 4))
	return nil
}

// opXXSplatImm: xxspltib (a byte in every byte), xxspltiw (a word in every
// word), xxspltidp (the single-precision IMM32 in double format in each
// doubleword, as lfs converts), xxsplti32dx (IMM32 into word IX of each
// doubleword, the other words kept).
func opXXSplatImm(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	var t regs.VSR
	switch in.Op {
	case p.XXSPLTIB:
		t = vec.Splat(uint64(in.Args[1]&0xff), 1)
	case p.XXSPLTIW:
		t = vec.Splat(uint64(in.Args[1]&0xffffffff), 4)
	case p.XXSPLTIDP:
		imm := uint32(in.Args[1])
		if imm&0x7f800000 == 0 && imm&0x7fffff != 0 {
			if err := e.unknown(in, diffXXSpltIDPDen, "single-precision denormal IMM32 (result undefined): hardware result unknown"); err != nil {
				return err
			}
		}
		t = vec.Splat(fpDouble(imm), 8)
	case p.XXSPLTI32DX:
		t = xs(r, in.Args[0])
		imm := uint64(in.Args[2] & 0xffffffff)
		if in.Args[1]&1 == 0 {
			t.Hi = t.Hi&0xffffffff | imm<<32
			t.Lo = t.Lo&0xffffffff | imm<<32
		} else {
			t.Hi = t.Hi&^0xffffffff | imm
			t.Lo = t.Lo&^0xffffffff | imm
		}
	}
	setXT(r, in, t)
	return nil
}

// opXXPerm: xxperm, xxpermr XT,XA,XB: the bytes of XA‖XT chosen by XB.
func opXXPerm(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a, t, b := xs(r, in.Args[1]), xs(r, in.Args[0]), xs(r, in.Args[2])
	if in.Op == p.XXPERMR {
		setXT(r, in, vec.PermuteRight(a, t, b))
	} else {
		setXT(r, in, vec.Permute(a, t, b))
	}
	return nil
}

// opXXPermX: xxpermx XT,XA,XB,XC,UIM.
func opXXPermX(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setXT(r, in, vec.PermuteExtended(xs(r, in.Args[1]), xs(r, in.Args[2]), xs(r, in.Args[3]), uint(in.Args[4])))
	return nil
}

// opXXEval: xxeval XT,XA,XB,XC,IMM.
func opXXEval(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	setXT(r, in, vec.Eval(xs(r, in.Args[1]), xs(r, in.Args[2]), xs(r, in.Args[3]), uint8(in.Args[4])))
	return nil
}

// wordUIM is the byte number UIM (Args[2]) of xxextractuw and xxinsertw.
// Past 12 the word runs off the end and the result is undefined:
// Difference vsx-uim-over-12.
func (e *Emulator) wordUIM(in *decode.Inst) (int, error) {
	uim := int(in.Args[2] & 15)
	if uim > 12 {
		if err := e.unknown(in, diffVSXUIM, "UIM > 12 (result undefined): hardware result unknown"); err != nil {
			return 0, err
		}
	}
	return uim, nil
}

// opXXExtractUW: xxextractuw XT,XB,UIM: bytes UIM..UIM+3 of XB, zero
// extended, in doubleword 0; doubleword 1 is 0.
func opXXExtractUW(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	uim, err := e.wordUIM(in)
	if err != nil {
		return err
	}
	b := vec.Bytes(xs(r, in.Args[1]))
	var w uint64
	for i := range 4 {
		w = w<<8 | uint64(b[(uim+i)&15])
	}
	setXT(r, in, regs.VSR{Hi: w})
	return nil
}

// opXXInsertW: xxinsertw XT,XB,UIM: word 1 of XB into bytes UIM..UIM+3 of
// XT, the other bytes kept.
func opXXInsertW(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	uim, err := e.wordUIM(in)
	if err != nil {
		return err
	}
	w := uint32(xs(r, in.Args[1]).Hi)
	t := vec.Bytes(xs(r, in.Args[0]))
	for i := range 4 {
		if uim+i < 16 {
			t[uim+i] = uint8(w >> (24 - 8*i))
		}
	}
	setXT(r, in, vec.FromBytes(t))
	return nil
}

// lxvkqValues are lxvkq's binary128 constants by UIM (high doubleword; the
// low one is 0): 1 to 7, +∞, the default QNaN, −0, −1 to −7, −∞. Other
// UIM values are reserved.
var lxvkqValues = [32]uint64{
	1: 0x3fff000000000000, 2: 0x4000000000000000, 3: 0x4000800000000000, 4: 0x4001000000000000,
	5: 0x4001400000000000, 6: 0x4001800000000000, 7: 0x4001c00000000000,
	8: 0x7fff000000000000, 9: 0x7fff800000000000,
	16: 0x8000000000000000, 17: 0xbfff000000000000, 18: 0xc000000000000000, 19: 0xc000800000000000,
	20: 0xc001000000000000, 21: 0xc001400000000000, 22: 0xc001800000000000, 23: 0xc001c00000000000,
	24: 0xffff000000000000,
}

// opLXVKQ: lxvkq XT,UIM.
func opLXVKQ(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	uim := in.Args[1] & 31
	v := lxvkqValues[uim]
	if v == 0 {
		return refusal(in.Op, ErrIllegal, "lxvkq: reserved UIM", nil)
	}
	setXT(r, in, regs.VSR{Hi: v})
	return nil
}

// opXVTLSBB: xvtlsbb BF,XB: CR field BF = all ‖ 0 ‖ none ‖ 0 for the least
// significant bits of the bytes of XB.
func opXVTLSBB(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	all, none := vec.TestLSBByBytes(xs(r, in.Args[1]))
	var c uint32
	if all {
		c |= 8
	}
	if none {
		c |= 2
	}
	r.SetCRField(int(in.Args[0]&7), c)
	return nil
}
