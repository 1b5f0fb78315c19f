package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/softfloat"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// VSX scalar quad-precision ops (Power ISA 3.1B Book I 7.6): binary128
// operands in whole VRs (VSRs 32-63), the arithmetic in internal/softfloat
// (exact on 64-bit words), the FPSCR update by fpCommit as for every
// scalar FP op (FPRF classifies the binary128 result). The "o" forms
// round to odd.

var qpQ = softfloat.Binary128

// qv unpacks VR n (VSR 32+n) as a binary128.
func qv(r *regs.Regs, n int64) softfloat.Value {
	v := r.VSR[32+n&31]
	return qpQ.Unpack(softfloat.Bits{Hi: v.Hi, Lo: v.Lo})
}

// qpMode is the rounding mode of a quad op: round to odd for the "o"
// forms, else FPSCR[RN].
func qpMode(r *regs.Regs, odd bool) softfloat.Mode {
	if odd {
		return softfloat.ToOdd
	}
	return fpMode(r)
}

type qpSpec struct {
	kind fpArith
	odd  bool
}

var qpArithOps = map[decode.Op]qpSpec{
	p.XSADDQP: {faAdd, false}, p.XSADDQPO: {faAdd, true},
	p.XSSUBQP: {faSub, false}, p.XSSUBQPO: {faSub, true},
	p.XSMULQP: {faMul, false}, p.XSMULQPO: {faMul, true},
	p.XSDIVQP: {faDiv, false}, p.XSDIVQPO: {faDiv, true},
	p.XSSQRTQP: {faSqrt, false}, p.XSSQRTQPO: {faSqrt, true},
	p.XSMADDQP: {faMAdd, false}, p.XSMADDQPO: {faMAdd, true},
	p.XSMSUBQP: {faMSub, false}, p.XSMSUBQPO: {faMSub, true},
	p.XSNMADDQP: {faNMAdd, false}, p.XSNMADDQPO: {faNMAdd, true},
	p.XSNMSUBQP: {faNMSub, false}, p.XSNMSUBQPO: {faNMSub, true},
}

var qpArithSpecs [decode.NumOps]qpSpec

func init() {
	defSpecs(opQPArith, &qpArithSpecs, qpArithOps)
	def(opQPConv, p.XSCVDPQP, p.XSCVQPDP, p.XSCVQPDPO, p.XSCVSDQP, p.XSCVUDQP, p.XSCVSQQP, p.XSCVUQQP)
	def(opQPToInt, p.XSCVQPSDZ, p.XSCVQPSWZ, p.XSCVQPUDZ, p.XSCVQPUWZ, p.XSCVQPSQZ, p.XSCVQPUQZ)
	def(opQPMove, p.XSABSQP, p.XSNABSQP, p.XSNEGQP, p.XSCPSGNQP)
	def(opQPCmp, p.XSCMPUQP, p.XSCMPOQP)
	def(opQPRound, p.XSRQPI, p.XSRQPIX, p.XSRQPXP)
}

// opQPArith: VRT,VRA,VRB (VRT,VRB for the square root); the multiply-adds
// compute VRA×VRB ± VRT, NaNs in the order VRA, VRT, VRB (the FPU's FRA,
// FRB, FRC: multiplicand, addend, multiplicand).
func opQPArith(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	s := qpArithSpecs[in.Op]
	mode := qpMode(r, s.odd)
	t := 32 + int(in.Args[0]&31)
	res := fpResult{f: qpQ}
	sf := &res.sf
	switch s.kind {
	case faAdd:
		softfloat.Add(sf, qpQ, qv(r, in.Args[1]), qv(r, in.Args[2]), mode)
	case faSub:
		softfloat.Sub(sf, qpQ, qv(r, in.Args[1]), qv(r, in.Args[2]), mode)
	case faMul:
		softfloat.Mul(sf, qpQ, qv(r, in.Args[1]), qv(r, in.Args[2]), mode)
	case faDiv:
		softfloat.Div(sf, qpQ, qv(r, in.Args[1]), qv(r, in.Args[2]), mode)
	case faSqrt:
		softfloat.Sqrt(sf, qpQ, qv(r, in.Args[1]), mode)
	default:
		// VRA × VRB ± VRT: the FPU's FRA, FRC and FRB.
		fmaValues(&res, qpQ, qv(r, in.Args[1]), qv(r, in.Args[2]), qv(r, in.Args[0]), s.kind, mode)
	}
	return e.fpCommit(r, in, t, &res, false)
}

// opQPConv: conversions that round into a floating-point format:
// xscvdpqp (doubleword 0 of VRB, exact), xscvqpdp[o] (to double in
// doubleword 0), xscvsdqp, xscvudqp (doubleword 0 of VRB as an integer),
// xscvsqqp, xscvuqqp (the 128-bit integer VRB).
func opQPConv(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	t := 32 + int(in.Args[0]&31)
	b := r.VSR[32+in.Args[1]&31]
	mode := qpMode(r, in.Op == p.XSCVQPDPO)
	res := fpResult{f: qpQ}
	sf := &res.sf
	switch in.Op {
	case p.XSCVDPQP:
		softfloat.Convert(sf, qpQ, dv(b.Hi), mode)
	case p.XSCVQPDP, p.XSCVQPDPO:
		res.f = softfloat.Binary64
		softfloat.Convert(sf, softfloat.Binary64, qv(r, in.Args[1]), mode)
	case p.XSCVSDQP:
		softfloat.FromInt(sf, qpQ, uint64(int64(b.Hi)>>63), b.Hi, true, mode)
	case p.XSCVUDQP:
		softfloat.FromInt(sf, qpQ, 0, b.Hi, false, mode)
	case p.XSCVSQQP:
		softfloat.FromInt(sf, qpQ, b.Hi, b.Lo, true, mode)
	case p.XSCVUQQP:
		softfloat.FromInt(sf, qpQ, b.Hi, b.Lo, false, mode)
	}
	return e.fpCommit(r, in, t, &res, false)
}

// opQPToInt: xscvqp{s,u}{w,d,q}z: VRB converted to an integer rounding
// toward zero; a word or doubleword result in doubleword 0 (a signed word
// sign-extended), doubleword 1 zero; FPRF unchanged.
func opQPToInt(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	width, signed := 64, false
	switch in.Op {
	case p.XSCVQPSDZ:
		signed = true
	case p.XSCVQPSWZ:
		width, signed = 32, true
	case p.XSCVQPUWZ:
		width = 32
	case p.XSCVQPSQZ:
		width, signed = 128, true
	case p.XSCVQPUQZ:
		width = 128
	}
	res := fpResult{f: qpQ}
	softfloat.ToInt(&res.sf, qv(r, in.Args[1]), width, signed, softfloat.TowardZero)
	if width < 128 {
		lo := res.sf.Bits.Lo
		if width == 32 && !signed {
			lo &= 0xffffffff
		}
		res.sf.Bits = softfloat.Bits{Hi: lo}
	}
	return e.fpCommit(r, in, 32+int(in.Args[0]&31), &res, true)
}

// opQPMove: xsabsqp, xsnabsqp, xsnegqp VRT,VRB and xscpsgnqp VRT,VRA,VRB
// (the sign of VRA): no FPSCR change.
func opQPMove(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	v := r.VSR[32+in.Args[1]&31]
	const sign = uint64(1) << 63
	switch in.Op {
	case p.XSABSQP:
		v.Hi &^= sign
	case p.XSNABSQP:
		v.Hi |= sign
	case p.XSNEGQP:
		v.Hi ^= sign
	case p.XSCPSGNQP:
		b := r.VSR[32+in.Args[2]&31]
		v.Hi, v.Lo = v.Hi&sign|b.Hi&^sign, b.Lo
	}
	r.VSR[32+in.Args[0]&31] = v
	return nil
}

// opQPCmp: xscmpuqp, xscmpoqp BF,VRA,VRB.
func opQPCmp(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	a, b := qv(r, in.Args[1]), qv(r, in.Args[2])
	o, fl := softfloat.Compare(a, b, false)
	c := [...]uint32{softfloat.Less: 8, softfloat.Greater: 4, softfloat.Equal: 2, softfloat.Unordered: 1}[o]
	return e.fpCompare(r, in, c, fl&softfloat.InvalidSNaN != 0, in.Op == p.XSCMPOQP)
}

// opQPRound: xsrqpi[x] R,VRT,VRB,RMC: VRB rounded to an integral value in
// the mode R and RMC name (qpRoundMode); xsrqpix signals inexact, xsrqpi
// does not; FR is cleared. xsrqpxp R,VRT,VRB,RMC: VRB rounded to
// double-extended precision (a 64-bit significand) in binary128's exponent
// range, with the full FPSCR update (FR, FI, XX; FPRF of the result).
func opQPRound(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	t, b := 32+int(in.Args[1]&31), qv(r, in.Args[2])
	mode, err := e.qpRoundMode(r, in)
	if err != nil {
		return err
	}
	res := fpResult{f: qpQ}
	if in.Op == p.XSRQPXP {
		// A tiny operand with UE=1 is defined (Book I 7.3.3.4.4: the
		// value with its exponent raised by 24576, rounded to 64 bits;
		// QEMU 7.2 agrees); with UE=0 the ISA leaves open how many bits
		// it keeps (xsrqpxp-tiny).
		if b.Class.IsFinite() && b.Class != softfloat.Zero && b.Exp < qpQ.Emin() && r.FPSCR&regs.FPSCRUE == 0 {
			if err := e.unknown(in, diffXSRQPXPTiny, "xsrqpxp of a value below the normal range: hardware result unknown"); err != nil {
				return err
			}
		}
		if v := r.VSR[32+in.Args[2]&31]; b.Class.IsNaN() && v.Lo&(1<<49-1) != 0 {
			if err := e.unknown(in, diffXSRQPXPNaN, "xsrqpxp of a NaN whose payload is longer than 63 bits: hardware result unknown"); err != nil {
				return err
			}
		}
		softfloat.RoundPrec(&res.sf, qpQ, b, 64, mode)
		return e.fpCommit(r, in, t, &res, false)
	}
	softfloat.RoundToInt(&res.sf, qpQ, b, mode)
	if in.Op != p.XSRQPIX {
		res.sf.Flags &= softfloat.Invalid
	}
	res.sf.RoundedUp = false
	return e.fpCommit(r, in, t, &res, false)
}

// qpRoundMode is the rounding mode of xsrqpi[x] and xsrqpxp (arguments
// R, VRT, VRB, RMC): R=1: RMC 0 nearest-even, 1 toward zero, 2 up, 3 down;
// R=0: RMC 0 nearest-away, 3 FPSCR[RN]; R=0 with RMC 1 or 2 is reserved
// (Difference "xsrqpi-rmc-reserved": POWER9 rounds away from zero for
// RMC 2; QEMU rounds to nearest-even).
func (e *Emulator) qpRoundMode(r *regs.Regs, in *decode.Inst) (softfloat.Mode, error) {
	rbit, rmc := in.Args[0]&1, in.Args[3]&3
	switch {
	case rbit == 1:
		return sfMode[rmc], nil // RMC numbers the modes as FPSCR[RN] does
	case rmc == 0:
		return softfloat.NearestAway, nil
	case rmc == 3:
		return fpMode(r), nil
	case rmc == 2 && !e.qemuOwn(diffXSRQPIReserved):
		// POWER9 rounds away from zero (xsrqpi-rmc-reserved).
		if r.VSR[32+in.Args[2]&31].Hi>>63 != 0 {
			return softfloat.Down, nil
		}
		return softfloat.Up, nil
	}
	if err := e.unknown(in, diffXSRQPIReserved, "R=0 and RMC=1 or 2 (reserved): hardware result unknown"); err != nil {
		return 0, err
	}
	return softfloat.NearestEven, nil
}
