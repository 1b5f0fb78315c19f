package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/softfloat"
	"github.com/ppc64emu/ppc64emu/internal/vec"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// VSX ops that select, classify or test rather than compute (Power ISA
// 3.1B Book I 7.6): maximum and minimum (the IEEE maxNum/minNum forms, the
// C-conditional c-forms and the Java j-forms, scalar dp and qp, vector dp
// and sp), exponent compare, test data class, the software divide and
// square-root tests, and the permute-control-vector generators. The rules
// themselves are internal/softfloat's (MinMax, TestDiv, TestSqrt) and
// internal/vec's (GeneratePCV).

func init() {
	def(opXMinMax, p.XSMAXDP, p.XSMINDP, p.XSMAXCDP, p.XSMINCDP, p.XSMAXJDP, p.XSMINJDP,
		p.XSMAXCQP, p.XSMINCQP, p.XVMAXDP, p.XVMINDP, p.XVMAXSP, p.XVMINSP)
	def(opXSCmpExp, p.XSCMPEXPDP, p.XSCMPEXPQP)
	def(opXSTstDC, p.XSTSTDCDP, p.XSTSTDCSP, p.XSTSTDCQP)
	def(opXVTstDC, p.XVTSTDCDP, p.XVTSTDCSP)
	def(opXVTest, p.XVTDIVDP, p.XVTDIVSP, p.XVTSQRTDP, p.XVTSQRTSP)
	def(opXXGenPCV, p.XXGENPCVBM, p.XXGENPCVHM, p.XXGENPCVWM, p.XXGENPCVDM)
}

// minMaxRules maps the max/min ops to their rule.
var minMaxRules = [decode.NumOps]softfloat.MinMaxRule{
	p.XSMAXDP: softfloat.MaxNum, p.XVMAXDP: softfloat.MaxNum, p.XVMAXSP: softfloat.MaxNum,
	p.XSMINDP: softfloat.MinNum, p.XVMINDP: softfloat.MinNum, p.XVMINSP: softfloat.MinNum,
	p.XSMAXCDP: softfloat.MaxC, p.XSMAXCQP: softfloat.MaxC,
	p.XSMINCDP: softfloat.MinC, p.XSMINCQP: softfloat.MinC,
	p.XSMAXJDP: softfloat.MaxJ, p.XSMINJDP: softfloat.MinJ,
}

// opXMinMax: XT,XA,XB (VRT,VRA,VRB for xsmaxcqp, xsmincqp). A scalar dp
// result goes to doubleword 0 (doubleword 1 zero); vector ops work per
// lane. A signalling NaN sets VXSNAN (and FX); nothing else changes in
// FPSCR; with VE=1 and a signalling NaN the target is not written.
func opXMinMax(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	rule := minMaxRules[in.Op]
	xt := int(in.Args[0] & 63)
	a, b := r.VSR[in.Args[1]&63], r.VSR[in.Args[2]&63]
	var out regs.VSR
	var fl softfloat.Flags
	var res softfloat.Result
	switch in.Op {
	case p.XSMAXCQP, p.XSMINCQP:
		xt = 32 + int(in.Args[0]&31)
		a, b = r.VSR[32+in.Args[1]&31], r.VSR[32+in.Args[2]&31]
		softfloat.MinMax(&res, qpQ, softfloat.Bits{Hi: a.Hi, Lo: a.Lo}, softfloat.Bits{Hi: b.Hi, Lo: b.Lo}, rule)
		out, fl = regs.VSR{Hi: res.Bits.Hi, Lo: res.Bits.Lo}, res.Flags
	case p.XVMAXDP, p.XVMINDP, p.XVMAXSP, p.XVMINSP:
		sp := in.Op == p.XVMAXSP || in.Op == p.XVMINSP
		f, n := xvLanes(sp)
		for i := 0; i < n; i++ {
			x, y := softfloat.B(lane(a, sp, i)), softfloat.B(lane(b, sp, i))
			softfloat.MinMax(&res, f, x, y, rule)
			if res.Flags != 0 && f.Classify(x) == softfloat.QNaN && f.Classify(y) == softfloat.SNaN {
				if err := e.unknown(in, diffVSXMaxNaNPair, "max/min of a quiet NaN and a signalling NaN: hardware result unknown"); err != nil {
					return err
				}
			}
			out = withLane(out, sp, i, res.Bits.Lo)
			fl |= res.Flags
		}
	default:
		x, y := softfloat.B(a.Hi), softfloat.B(b.Hi)
		softfloat.MinMax(&res, softfloat.Binary64, x, y, rule)
		if (rule == softfloat.MaxNum || rule == softfloat.MinNum) && res.Flags != 0 && fpClass(a.Hi) == softfloat.QNaN && fpClass(b.Hi) == softfloat.SNaN {
			if err := e.unknown(in, diffVSXMaxNaNPair, "max/min of a quiet NaN and a signalling NaN: hardware result unknown"); err != nil {
				return err
			}
		}
		out, fl = regs.VSR{Hi: res.Bits.Lo}, res.Flags
	}
	var ex uint64
	if fl&softfloat.InvalidSNaN != 0 {
		ex = regs.FPSCRVXSNAN
	}
	return e.xvCommit(r, in, xt, out, ex, ex != 0 && r.FPSCR&regs.FPSCRVE != 0)
}

// opXSCmpExp: xscmpexpdp BF,XA,XB and xscmpexpqp BF,VRA,VRB: the biased
// exponent fields compared (FU when either operand is a NaN) into CR field
// BF and FPSCR[FPCC]; no exception.
func opXSCmpExp(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	f := softfloat.Binary64
	a, b := softfloat.B(dw0(r, in.Args[1])), softfloat.B(dw0(r, in.Args[2]))
	ea, eb := a.Lo>>52&0x7ff, b.Lo>>52&0x7ff
	if in.Op == p.XSCMPEXPQP {
		f = qpQ
		x, y := r.VSR[32+in.Args[1]&31], r.VSR[32+in.Args[2]&31]
		a, b = softfloat.Bits{Hi: x.Hi, Lo: x.Lo}, softfloat.Bits{Hi: y.Hi, Lo: y.Lo}
		ea, eb = x.Hi>>48&0x7fff, y.Hi>>48&0x7fff
	}
	var c uint32
	switch {
	case f.Classify(a).IsNaN() || f.Classify(b).IsNaN():
		c = regs.CRSO
	case ea < eb:
		c = regs.CRLT
	case ea > eb:
		c = regs.CRGT
	default:
		c = regs.CREQ
	}
	return e.fpCompare(r, in, c, false, false)
}

// DCMX bits of the test-data-class ops (the 7-bit mask, bit 0 first).
const (
	dcNaN    = 0x40
	dcPosInf = 0x20
	dcNegInf = 0x10
	dcPosZ   = 0x08
	dcNegZ   = 0x04
	dcPosDen = 0x02
	dcNegDen = 0x01
)

// dataClass is the DCMX bit of class c with sign neg (0 for a normal
// number).
func dataClass(c softfloat.Class, neg bool) uint8 {
	var bit uint8
	switch c {
	case softfloat.QNaN, softfloat.SNaN:
		return dcNaN
	case softfloat.Inf:
		bit = dcNegInf
	case softfloat.Zero:
		bit = dcNegZ
	case softfloat.Subnormal:
		bit = dcNegDen
	default:
		return 0
	}
	if !neg {
		bit <<= 1
	}
	return bit
}

// opXSTstDC: xststdcdp BF,XB,DCMX (doubleword 0), xststdcsp (doubleword 0
// classified as a single-precision value: a double below the smallest
// single-precision normal is a denormal) and xststdcqp BF,VRB,DCMX: CR
// field BF and FPSCR[FPCC] ← sign ‖ 0 ‖ match ‖ 0, match when the
// operand's class is one DCMX selects. xststdcsp under QEMU also sets the
// last bit when the operand is not representable in single precision
// (Difference "xststdcsp-not-sp").
func opXSTstDC(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	dcmx := uint8(in.Args[2] & 0x7f)
	var cls softfloat.Class
	var neg, notSP bool
	switch in.Op {
	case p.XSTSTDCQP:
		v := r.VSR[32+in.Args[1]&31]
		b := softfloat.Bits{Hi: v.Hi, Lo: v.Lo}
		cls, neg = qpQ.Classify(b), qpQ.SignBit(b)
	default:
		x := dw0(r, in.Args[1])
		cls, neg = fpClass(x), fpNeg(x)
		if in.Op == p.XSTSTDCSP {
			if cls == softfloat.Normal && int(x>>52&0x7ff) < 1023+softfloat.Binary32.Emin() {
				cls = softfloat.Subnormal
			}
			w, _ := fpSingle(x)
			if notSP = fpDouble(w) != x; notSP {
				if err := e.unknown(in, diffXSTstDCSPNotSP, "xststdcsp of a value not representable in single precision: hardware result unknown"); err != nil {
					return err
				}
			}
		}
	}
	var c uint32
	if neg {
		c |= regs.CRLT
	}
	if dataClass(cls, neg)&dcmx != 0 {
		c |= regs.CREQ
	}
	if notSP {
		c |= regs.CRSO
	}
	return e.fpCompare(r, in, c, false, false)
}

// opXVTstDC: xvtstdcdp, xvtstdcsp XT,XB,DCMX: each lane all ones if its
// class is one DCMX selects, else zero. No FPSCR change.
func opXVTstDC(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	sp := in.Op == p.XVTSTDCSP
	f, n := xvLanes(sp)
	dcmx := uint8(in.Args[2] & 0x7f)
	b := r.VSR[in.Args[1]&63]
	var out regs.VSR
	for i := 0; i < n; i++ {
		x := softfloat.B(lane(b, sp, i))
		if dataClass(f.Classify(x), f.SignBit(x))&dcmx != 0 {
			out = withLane(out, sp, i, ^uint64(0))
		}
	}
	r.VSR[in.Args[0]&63] = out
	return nil
}

// opXVTest: xvtdiv{dp,sp} BF,XA,XB and xvtsqrt{dp,sp} BF,XB: the scalar
// tests (softfloat.TestDiv, TestSqrt) per lane, fe and fg ORed over the
// lanes, CR field BF ← 0b1 ‖ fg ‖ fe ‖ 0b0. No FPSCR change.
func opXVTest(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	sp := in.Op == p.XVTDIVSP || in.Op == p.XVTSQRTSP
	f, n := xvLanes(sp)
	a, b := r.VSR[in.Args[1]&63], r.VSR[in.Args[2]&63]
	var fe, fg bool
	for i := 0; i < n; i++ {
		var e1, g1 bool
		if in.Op == p.XVTDIVDP || in.Op == p.XVTDIVSP {
			e1, g1 = softfloat.TestDiv(f, softfloat.B(lane(a, sp, i)), softfloat.B(lane(b, sp, i)))
		} else {
			e1, g1 = softfloat.TestSqrt(f, softfloat.B(lane(a, sp, i)))
		}
		fe, fg = fe || e1, fg || g1
	}
	r.SetCRField(int(in.Args[0]&7), ftFlags(fg, fe))
	return nil
}

// pcvWidths is the element size of each xxgenpcv*m op.
var pcvWidths = [decode.NumOps]uint8{p.XXGENPCVBM: 1, p.XXGENPCVHM: 2, p.XXGENPCVWM: 4, p.XXGENPCVDM: 8}

// opXXGenPCV: xxgenpcv{b,h,w,d}m XT,VRB,IMM (vec.GeneratePCV). IMM above
// 3 is reserved: an invalid form (QEMU 7.2: illegal instruction).
func opXXGenPCV(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	imm := in.Args[2]
	if imm&^3 != 0 {
		if e.qemuSide(diffInvalidForm) {
			return profileIllegal(in.Op, "reserved IMM", QEMU, decode.ErrInvalidForm)
		}
		return hardwareUnknown(in.Op, "reserved IMM", decode.ErrInvalidForm)
	}
	setXT(r, in, vec.GeneratePCV(r.VSR[32+in.Args[1]&31], int(pcvWidths[in.Op]), int(imm)))
	return nil
}
