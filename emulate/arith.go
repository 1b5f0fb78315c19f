package emulate

import (
	"math"
	"math/bits"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Fixed-point arithmetic: the add and subtract families (with their OE, Rc
// and carrying forms), addex, addg6s, multiply, multiply-add, divide, modulo,
// darn, addpcis and paddi (pli, pla).
//
// XER rules (Power ISA 3.1B Book I 3.3.9 and the instruction pages):
//   - CA is the carry out of bit 0 in 64-bit mode and out of bit 32 in 32-bit
//     mode; CA32 is always the carry out of bit 32.
//   - OE=1 add/subtract forms set OV from the signed overflow of the 64-bit
//     result (of the low word in 32-bit mode), OV32 from that of the low word,
//     and SO if OV. Multiply and divide set OV = OV32 from the overflow the
//     instruction defines, whatever the mode.
//   - CR0 (Rc=1) is computed after the OV update, so CR0.SO is the new SO.
//
// Where the ISA leaves a result undefined (mulhw's high word, divide
// overflow, reserved CY and L values) the implementation profile decides:
// see the Differences rows appended below. POWER10 is assumed to behave as
// POWER9 there, as no source says otherwise.

// IDs of the Differences rows of this file.
const (
	arithQEMUSource = "QEMU 7.2 -cpu power10 runs of the reference harness: emulate/testdata/qemu/arith.{le,be}.txt"
	arithP9Source   = "shared/reference/power9-behaviour.md (POWER9 random tests, Microwatt)"
)

func init() {

	// Which reserved bits QEMU 7.2 ignores for these ops (e.g. addex bit
	// 31, after which it records CR0: addex-rc) is measured in
	// emulate/testdata/qemu-legality.txt.

	defRc(opAdd, ppc64asm.ADD, ppc64asm.ADDCC, ppc64asm.ADDO, ppc64asm.ADDOCC)
	defRc(opSubf, ppc64asm.SUBF, ppc64asm.SUBFCC, ppc64asm.SUBFO, ppc64asm.SUBFOCC)
	defRc(opNeg, ppc64asm.NEG, ppc64asm.NEGCC, ppc64asm.NEGO, ppc64asm.NEGOCC)
	def(opAddi, ppc64asm.ADDI, ppc64asm.ADDIS)
	def(opLi, ppc64asm.LI, ppc64asm.LIS)
	def(opCarrying,
		ppc64asm.ADDC, ppc64asm.ADDCCC, ppc64asm.ADDCO, ppc64asm.ADDCOCC,
		ppc64asm.ADDE, ppc64asm.ADDECC, ppc64asm.ADDEO, ppc64asm.ADDEOCC,
		ppc64asm.ADDME, ppc64asm.ADDMECC, ppc64asm.ADDMEO, ppc64asm.ADDMEOCC,
		ppc64asm.ADDZE, ppc64asm.ADDZECC, ppc64asm.ADDZEO, ppc64asm.ADDZEOCC,
		ppc64asm.SUBFC, ppc64asm.SUBFCCC, ppc64asm.SUBFCO, ppc64asm.SUBFCOCC,
		ppc64asm.SUBFE, ppc64asm.SUBFECC, ppc64asm.SUBFEO, ppc64asm.SUBFEOCC,
		ppc64asm.SUBFME, ppc64asm.SUBFMECC, ppc64asm.SUBFMEO, ppc64asm.SUBFMEOCC,
		ppc64asm.SUBFZE, ppc64asm.SUBFZECC, ppc64asm.SUBFZEO, ppc64asm.SUBFZEOCC,
		ppc64asm.ADDIC, ppc64asm.ADDICCC, ppc64asm.SUBFIC)
	def(opAddex, ppc64asm.ADDEX)
	def(opAddg6s, ppc64asm.ADDG6S)
	def(opMulli, ppc64asm.MULLI)
	defRc(opMullw, ppc64asm.MULLW, ppc64asm.MULLWCC, ppc64asm.MULLWO, ppc64asm.MULLWOCC)
	defRc(opMulld, ppc64asm.MULLD, ppc64asm.MULLDCC, ppc64asm.MULLDO, ppc64asm.MULLDOCC)
	def(opMulh, ppc64asm.MULHW, ppc64asm.MULHWCC, ppc64asm.MULHWU, ppc64asm.MULHWUCC,
		ppc64asm.MULHD, ppc64asm.MULHDCC, ppc64asm.MULHDU, ppc64asm.MULHDUCC)
	def(opMadd, ppc64asm.MADDHD, ppc64asm.MADDHDU, ppc64asm.MADDLD)
	def(opDivw,
		ppc64asm.DIVW, ppc64asm.DIVWCC, ppc64asm.DIVWO, ppc64asm.DIVWOCC,
		ppc64asm.DIVWU, ppc64asm.DIVWUCC, ppc64asm.DIVWUO, ppc64asm.DIVWUOCC,
		ppc64asm.DIVWE, ppc64asm.DIVWECC, ppc64asm.DIVWEO, ppc64asm.DIVWEOCC,
		ppc64asm.DIVWEU, ppc64asm.DIVWEUCC, ppc64asm.DIVWEUO, ppc64asm.DIVWEUOCC)
	def(opDivd,
		ppc64asm.DIVD, ppc64asm.DIVDCC, ppc64asm.DIVDO, ppc64asm.DIVDOCC,
		ppc64asm.DIVDU, ppc64asm.DIVDUCC, ppc64asm.DIVDUO, ppc64asm.DIVDUOCC,
		ppc64asm.DIVDE, ppc64asm.DIVDECC, ppc64asm.DIVDEO, ppc64asm.DIVDEOCC,
		ppc64asm.DIVDEU, ppc64asm.DIVDEUCC, ppc64asm.DIVDEUO, ppc64asm.DIVDEUOCC)
	def(opMod, ppc64asm.MODSW, ppc64asm.MODUW, ppc64asm.MODSD, ppc64asm.MODUD)
	def(opDarn, ppc64asm.DARN)
	def(opAddpcis, ppc64asm.ADDPCIS)
	def(opPaddi, ppc64asm.PADDI)
}

func opAdd(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addRT(r, in, r.GPR[in.Args[1]&31], r.GPR[in.Args[2]&31], 0)
	return nil
}

// subf RT,RA,RB: RT = ¬RA + RB + 1.
func opSubf(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addRT(r, in, ^r.GPR[in.Args[1]&31], r.GPR[in.Args[2]&31], 1)
	return nil
}

// neg RT,RA: RT = ¬RA + 1; OV when RA is the most negative number (of the
// low word, in 32-bit mode). CA is not altered.
func opNeg(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addRT(r, in, ^r.GPR[in.Args[1]&31], 0, 1)
	return nil
}

// addi RT,RA,SI and addis RT,RA,SI (SI shifted left 16 for addis).
func opAddi(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	imm := uint64(in.Args[2])
	if in.Op == ppc64asm.ADDIS {
		imm <<= 16
	}
	r.GPR[in.Args[0]&31] = gprOr0(r, in.Args[1]) + imm
	return nil
}

// li RT,SI and lis RT,SI: addi/addis with RA = 0.
func opLi(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	imm := uint64(in.Args[1])
	if in.Op == ppc64asm.LIS {
		imm <<= 16
	}
	r.GPR[in.Args[0]&31] = imm
	return nil
}

// carries returns the carry out of bit 0 (c64) and out of bit 32 (c32) of
// x + y + c (c is 0 or 1).
func carries(x, y, c uint64) (res, c64, c32 uint64) {
	res, c64 = bits.Add64(x, y, c)
	c32 = (x&0xffffffff + y&0xffffffff + c) >> 32
	return res, c64, c32
}

// setCA sets XER CA (from the carry out of bit 0 in 64-bit mode, of bit 32
// in 32-bit mode) and CA32 (the carry out of bit 32).
func setCA(r *regs.Regs, c64, c32 uint64) { setCarry(r, c64, c32, regs.XERCA, regs.XERCA32) }

// setCarry sets the XER bit carry from the carry out of bit 0 in 64-bit
// mode (of bit 32 in 32-bit mode) and carry32 from the carry out of bit 32:
// CA and CA32, or OV and OV32 for addex, which uses OV as its carry.
func setCarry(r *regs.Regs, c64, c32, carry, carry32 uint64) {
	c := c64
	if !r.Is64() {
		c = c32
	}
	x := r.XER &^ (carry | carry32)
	if c != 0 {
		x |= carry
	}
	if c32 != 0 {
		x |= carry32
	}
	r.XER = x
}

// setOVFlag sets OV and OV32 to ov, and SO if ov (multiply and divide).
func setOVFlag(r *regs.Regs, ov bool) {
	r.XER &^= regs.XEROV | regs.XEROV32
	if ov {
		r.XER |= regs.XEROV | regs.XEROV32 | regs.XERSO
	}
}

func caBit(r *regs.Regs) uint64 {
	if r.XER&regs.XERCA != 0 {
		return 1
	}
	return 0
}

// opCarrying: the add/subtract forms that write CA and CA32. Each is
// x + y + c for operands chosen from RA, RB, SI, −1, 0 and CA:
//
//	addc   RA + RB + 0        subfc   ¬RA + RB + 1
//	adde   RA + RB + CA       subfe   ¬RA + RB + CA
//	addme  RA + −1 + CA       subfme  ¬RA + −1 + CA
//	addze  RA + 0 + CA        subfze  ¬RA + 0 + CA
//	addic  RA + SI + 0        subfic  ¬RA + SI + 1
func opCarrying(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a := r.GPR[in.Args[1]&31]
	var x, y, c uint64
	switch in.Op {
	case ppc64asm.ADDC, ppc64asm.ADDCCC, ppc64asm.ADDCO, ppc64asm.ADDCOCC:
		x, y = a, r.GPR[in.Args[2]&31]
	case ppc64asm.ADDE, ppc64asm.ADDECC, ppc64asm.ADDEO, ppc64asm.ADDEOCC:
		x, y, c = a, r.GPR[in.Args[2]&31], caBit(r)
	case ppc64asm.ADDME, ppc64asm.ADDMECC, ppc64asm.ADDMEO, ppc64asm.ADDMEOCC:
		x, y, c = a, ^uint64(0), caBit(r)
	case ppc64asm.ADDZE, ppc64asm.ADDZECC, ppc64asm.ADDZEO, ppc64asm.ADDZEOCC:
		x, c = a, caBit(r)
	case ppc64asm.SUBFC, ppc64asm.SUBFCCC, ppc64asm.SUBFCO, ppc64asm.SUBFCOCC:
		x, y, c = ^a, r.GPR[in.Args[2]&31], 1
	case ppc64asm.SUBFE, ppc64asm.SUBFECC, ppc64asm.SUBFEO, ppc64asm.SUBFEOCC:
		x, y, c = ^a, r.GPR[in.Args[2]&31], caBit(r)
	case ppc64asm.SUBFME, ppc64asm.SUBFMECC, ppc64asm.SUBFMEO, ppc64asm.SUBFMEOCC:
		x, y, c = ^a, ^uint64(0), caBit(r)
	case ppc64asm.SUBFZE, ppc64asm.SUBFZECC, ppc64asm.SUBFZEO, ppc64asm.SUBFZEOCC:
		x, c = ^a, caBit(r)
	case ppc64asm.ADDIC, ppc64asm.ADDICCC:
		x, y = a, uint64(in.Args[2])
	case ppc64asm.SUBFIC:
		x, y, c = ^a, uint64(in.Args[2]), 1
	default:
		return notEmulated(in.Op)
	}
	res, c64, c32 := carries(x, y, c)
	setCA(r, c64, c32)
	if in.Has(decode.FlagOE) {
		setOV(r, x, y, res)
	}
	r.GPR[in.Args[0]&31] = res
	if in.Has(decode.FlagRc) || in.Op == ppc64asm.ADDICCC {
		setCR0(r, res)
	}
	return nil
}

// addex RT,RA,RB,CY with CY=0: RT = RA + RB + OV; OV is the carry out (of
// bit 0, or of bit 32 in 32-bit mode) and OV32 the carry out of bit 32. SO
// is not altered. Other CY values are reserved (addex-cy); so is bit 31
// (addex-rc).
func opAddex(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if in.Args[3] != 0 {
		switch e.action(diffAddexCY) {
		case Illegal:
			return profileIllegal(in.Op, "reserved CY value", e.prof.profile, nil)
		default:
			return hardwareUnknown(in.Op, "reserved CY value", nil)
		}
	}
	var c uint64
	if r.XER&regs.XEROV != 0 {
		c = 1
	}
	res, c64, c32 := carries(r.GPR[in.Args[1]&31], r.GPR[in.Args[2]&31], c)
	setCarry(r, c64, c32, regs.XEROV, regs.XEROV32)
	r.GPR[in.Args[0]&31] = res
	if in.Word&decode.WordRc != 0 && e.action(diffAddexRc) == Value {
		setCR0(r, res)
	}
	return nil
}

// addg6s RT,RA,RB: for each of the 16 nibbles, 6 if the sum RA + RB has no
// carry out of that nibble, else 0.
func opAddg6s(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a, b := r.GPR[in.Args[1]&31], r.GPR[in.Args[2]&31]
	sum, c64 := bits.Add64(a, b, 0)
	// Carry into bit k (k ≥ 1, LSB numbering) is bit k of a^b^sum; the
	// carry out of nibble i is the carry into bit 4i+4, the top nibble's
	// is c64.
	cin := (a ^ b ^ sum) >> 4
	cin |= c64 << 60
	var v uint64
	for i := uint(0); i < 16; i++ {
		if cin>>(4*i)&1 == 0 {
			v |= 6 << (4 * i)
		}
	}
	r.GPR[in.Args[0]&31] = v
	return nil
}

// mulli RT,RA,SI: the low 64 bits of RA × SI.
func opMulli(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	r.GPR[in.Args[0]&31] = r.GPR[in.Args[1]&31] * uint64(in.Args[2])
	return nil
}

// mullw RT,RA,RB: the 64-bit product of the signed low words; with OE=1,
// OV = OV32 = the product does not fit in 32 bits.
func opMullw(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	p := int64(int32(r.GPR[in.Args[1]&31])) * int64(int32(r.GPR[in.Args[2]&31]))
	if in.Has(decode.FlagOE) {
		setOVFlag(r, p != int64(int32(p)))
	}
	r.GPR[in.Args[0]&31] = uint64(p)
	return nil
}

// mulhs returns the high 64 bits of the signed 128-bit product a × b, and
// the low 64 bits.
func mulhs(a, b uint64) (hi, lo uint64) {
	hi, lo = bits.Mul64(a, b)
	if int64(a) < 0 {
		hi -= b
	}
	if int64(b) < 0 {
		hi -= a
	}
	return hi, lo
}

// mulld RT,RA,RB: the low 64 bits of the product; with OE=1, OV = the
// product does not fit in 64 signed bits, and OV32 = OV (mulldo-ov32: both
// profiles).
func opMulld(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a, b := r.GPR[in.Args[1]&31], r.GPR[in.Args[2]&31]
	lo := a * b
	if in.Has(decode.FlagOE) {
		hi, _ := mulhs(a, b)
		setOVFlag(r, hi != uint64(int64(lo)>>63))
	}
	r.GPR[in.Args[0]&31] = lo
	return nil
}

// mulhw, mulhwu, mulhd, mulhdu RT,RA,RB: the high half of the product. For
// the word forms bits 0:31 of RT are undefined (mulhw-high). OE=1 is a
// reserved bit of these forms (mulh-oe).
func opMulh(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if in.Word&decode.WordOE != 0 && e.action(diffMulhOE) == Illegal {
		return profileIllegal(in.Op, "OE=1", e.prof.profile, decode.ErrReservedBits)
	}
	a, b := r.GPR[in.Args[1]&31], r.GPR[in.Args[2]&31]
	var v uint64
	switch in.Op {
	case ppc64asm.MULHW, ppc64asm.MULHWCC:
		v = uint64(uint32(uint64(int64(int32(a))*int64(int32(b))) >> 32))
	case ppc64asm.MULHWU, ppc64asm.MULHWUCC:
		v = uint64(uint32(a)) * uint64(uint32(b)) >> 32
	case ppc64asm.MULHD, ppc64asm.MULHDCC:
		v, _ = mulhs(a, b)
	case ppc64asm.MULHDU, ppc64asm.MULHDUCC:
		v, _ = bits.Mul64(a, b)
	default:
		return notEmulated(in.Op)
	}
	switch in.Op {
	case ppc64asm.MULHW, ppc64asm.MULHWCC, ppc64asm.MULHWU, ppc64asm.MULHWUCC:
		if !e.qemuSide(diffMulhwHigh) {
			v |= v << 32 // POWER9 replicates the high word
		}
	}
	r.GPR[in.Args[0]&31] = v
	if in.Has(decode.FlagRc) {
		setCR0(r, v)
	}
	return nil
}

// maddhd, maddhdu, maddld RT,RA,RB,RC: the high (signed or unsigned) or low
// 64 bits of RA × RB + RC, RC sign-extended for maddhd and maddld.
func opMadd(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a, b, c := r.GPR[in.Args[1]&31], r.GPR[in.Args[2]&31], r.GPR[in.Args[3]&31]
	var v uint64
	switch in.Op {
	case ppc64asm.MADDLD:
		v = a*b + c
	case ppc64asm.MADDHD:
		hi, lo := mulhs(a, b)
		_, carry := bits.Add64(lo, c, 0)
		v = hi + carry + uint64(int64(c)>>63)
	case ppc64asm.MADDHDU:
		hi, lo := bits.Mul64(a, b)
		_, carry := bits.Add64(lo, c, 0)
		v = hi + carry
	default:
		return notEmulated(in.Op)
	}
	r.GPR[in.Args[0]&31] = v
	return nil
}

// divResult writes a divide's RT, OV/OV32/SO (OE=1) and CR0 (Rc=1).
func divResult(r *regs.Regs, in *decode.Inst, v uint64, ov bool) {
	if in.Has(decode.FlagOE) {
		setOVFlag(r, ov)
	}
	r.GPR[in.Args[0]&31] = v
	if in.Has(decode.FlagRc) {
		setCR0(r, v)
	}
}

// Word divides: divw, divwu (the low words), divwe, divweu (dividend
// (RA)32:63 ‖ 0³²). The 32-bit quotient goes to RT32:63; RT0:31 is
// undefined (divw-extend). An undefined result follows div-undefined.
func opDivw(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a, b := r.GPR[in.Args[1]&31], r.GPR[in.Args[2]&31]
	var (
		v     uint64
		undef bool
		qemu  = e.qemuSide(diffDivUndef)
	)
	switch in.Op {
	case ppc64asm.DIVW, ppc64asm.DIVWCC, ppc64asm.DIVWO, ppc64asm.DIVWOCC:
		x, y := int32(a), int32(b)
		if y == 0 || x == math.MinInt32 && y == -1 {
			undef = true
		} else {
			v = uint64(uint32(x / y))
		}
	case ppc64asm.DIVWU, ppc64asm.DIVWUCC, ppc64asm.DIVWUO, ppc64asm.DIVWUOCC:
		if uint32(b) == 0 {
			undef = true
		} else {
			v = uint64(uint32(a) / uint32(b))
		}
	case ppc64asm.DIVWE, ppc64asm.DIVWECC, ppc64asm.DIVWEO, ppc64asm.DIVWEOCC:
		x, y := int64(a<<32), int64(int32(b))
		if y == 0 || x == math.MinInt64 && y == -1 {
			undef = true
		} else if q := x / y; q != int64(int32(q)) {
			undef = true
		} else if e.qemuSide(diffDivwExtend) {
			v = uint64(q) // QEMU sign-extends divwe's quotient
		} else {
			v = uint64(uint32(q))
		}
	case ppc64asm.DIVWEU, ppc64asm.DIVWEUCC, ppc64asm.DIVWEUO, ppc64asm.DIVWEUOCC:
		x, y := a<<32, uint64(uint32(b))
		if y == 0 {
			undef = true
		} else if q := x / y; q > math.MaxUint32 {
			undef = true
		} else {
			v = q
		}
	default:
		return notEmulated(in.Op)
	}
	if undef {
		v = 0
		if qemu {
			switch in.Op {
			case ppc64asm.DIVW, ppc64asm.DIVWCC, ppc64asm.DIVWO, ppc64asm.DIVWOCC,
				ppc64asm.DIVWU, ppc64asm.DIVWUCC, ppc64asm.DIVWUO, ppc64asm.DIVWUOCC:
				v = uint64(uint32(a))
			}
		}
	}
	divResult(r, in, v, undef)
	return nil
}

// Doubleword divides: divd, divdu, divde, divdeu (dividend (RA) ‖ 0⁶⁴).
// An undefined result follows div-undefined; OV32 = OV (div-ov32).
func opDivd(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a, b := r.GPR[in.Args[1]&31], r.GPR[in.Args[2]&31]
	var (
		v     uint64
		undef bool
		qemu  = e.qemuSide(diffDivUndef)
	)
	switch in.Op {
	case ppc64asm.DIVD, ppc64asm.DIVDCC, ppc64asm.DIVDO, ppc64asm.DIVDOCC:
		x, y := int64(a), int64(b)
		if y == 0 || x == math.MinInt64 && y == -1 {
			undef = true
			if qemu {
				v = a // QEMU divides by 1 instead
			}
		} else {
			v = uint64(x / y)
		}
	case ppc64asm.DIVDU, ppc64asm.DIVDUCC, ppc64asm.DIVDUO, ppc64asm.DIVDUOCC:
		if b == 0 {
			undef = true
			if qemu {
				v = a
			}
		} else {
			v = a / b
		}
	case ppc64asm.DIVDE, ppc64asm.DIVDECC, ppc64asm.DIVDEO, ppc64asm.DIVDEOCC:
		// |quotient| = (|a| ‖ 0⁶⁴) / |b| fits in 64 bits only if |a| < |b|.
		ua, ub := a, b
		neg := (int64(a) < 0) != (int64(b) < 0)
		if int64(a) < 0 {
			ua = -a
		}
		if int64(b) < 0 {
			ub = -b
		}
		if b == 0 || ua >= ub {
			undef = true
			break
		}
		q, _ := bits.Div64(ua, 0, ub)
		if neg {
			undef = q > 1<<63
			v = -q
		} else {
			undef = q >= 1<<63
			v = q
		}
		if undef {
			if qemu {
				// QEMU misses this overflow: low 64 bits of the quotient, OV = 0.
				undef = false
			} else {
				v = 0
			}
		}
	case ppc64asm.DIVDEU, ppc64asm.DIVDEUCC, ppc64asm.DIVDEUO, ppc64asm.DIVDEUOCC:
		if b == 0 || a >= b {
			undef = true
		} else {
			v, _ = bits.Div64(a, 0, b)
		}
	default:
		return notEmulated(in.Op)
	}
	divResult(r, in, v, undef)
	return nil
}

// modsw, moduw, modsd, modud RT,RA,RB: the remainder, sign-extended
// (modsw) or zero-extended (moduw) from a word; 0 where the ISA leaves it
// undefined (mod-undefined, both profiles).
func opMod(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a, b := r.GPR[in.Args[1]&31], r.GPR[in.Args[2]&31]
	var v uint64
	switch in.Op {
	case ppc64asm.MODSW:
		x, y := int32(a), int32(b)
		if y != 0 && !(x == math.MinInt32 && y == -1) {
			v = uint64(int64(x % y))
		}
	case ppc64asm.MODUW:
		if uint32(b) != 0 {
			v = uint64(uint32(a) % uint32(b))
		}
	case ppc64asm.MODSD:
		x, y := int64(a), int64(b)
		if y != 0 && !(x == math.MinInt64 && y == -1) {
			v = uint64(x % y)
		}
	case ppc64asm.MODUD:
		if b != 0 {
			v = a % b
		}
	default:
		return notEmulated(in.Op)
	}
	r.GPR[in.Args[0]&31] = v
	return nil
}

// errDarnL3 is darn with L=3 on the hardware profile (darn-l3).
var errDarnL3 = &OpError{Op: ppc64asm.DARN, Kind: ErrIllegal, Reason: "darn L=3 reserved (hardware profile: illegal instruction)"}

// darn RT,L: a random number from Config.Random; not emulated without it.
// L=0 gives 32 bits (RT0:31 = 0), L=1 a conditioned and L=2 a raw 64-bit
// number; the error value is all ones. L=3 is reserved (darn-l3).
func opDarn(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	l := int(in.Args[1] & 3)
	if l == 3 && e.action(diffDarnL3) == Illegal {
		return errDarnL3
	}
	if e.cfg.Random == nil {
		return refusal(in.Op, ErrNotEmulated, "no Config.Random", nil)
	}
	v := ^uint64(0)
	if l == 3 {
		// QEMU profile: the error value.
	} else if x, ok := e.cfg.Random(l); ok {
		v = x
		if l == 0 {
			v &= 0xffffffff
		}
	}
	r.GPR[in.Args[0]&31] = v
	return nil
}

// addpcis RT,D: RT = NIA + (D << 16). NIA is 32 bits in 32-bit mode; the
// sum is not truncated (the ISA writes RT from the full sum).
func opAddpcis(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	nia := r.NIP + 4
	if !r.Is64() {
		nia &= 0xffffffff
	}
	r.GPR[in.Args[0]&31] = nia + uint64(in.Args[1])<<16
	return nil
}

// paddi RT,RA,SI,R (pli, pla): RT = (RA|0) + SI, or CIA + SI for R=1 (RA
// must be 0 then: decode flags R=1 with RA≠0 as an invalid form).
func opPaddi(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	var base uint64
	if in.Has(decode.FlagPCRel) {
		base = r.NIP
		if !r.Is64() {
			base &= 0xffffffff
		}
	} else {
		base = gprOr0(r, in.Args[1])
	}
	r.GPR[in.Args[0]&31] = base + uint64(in.Args[2])
	return nil
}
