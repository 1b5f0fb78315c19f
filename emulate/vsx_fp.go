package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/softfloat"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// VSX scalar double- and single-precision ops (Power ISA 3.1B Book I 7.6):
// the operands are doubleword 0 of VSRs 0-63 and the arithmetic, rounding
// and FPSCR update are the scalar FP facility's (fpArith, fpCommit: one
// core, not a second copy). A result goes to doubleword 0 of XT;
// doubleword 1 becomes 0 (as for the FPRs, Difference "fpr-dw1").

// xsArithSpec is an op's kind plus the multiply-add form: the a-forms
// add XT (XT = XA×XB + XT), the m-forms multiply by it (XT = XA×XT + XB).
// The single-precision forms are the ops with decode's FlagSingle.
type xsArithSpec struct {
	kind  fpArith
	mForm bool
}

var xsArithOps = map[decode.Op]xsArithSpec{
	p.XSADDDP: {faAdd, false}, p.XSADDSP: {faAdd, false},
	p.XSSUBDP: {faSub, false}, p.XSSUBSP: {faSub, false},
	p.XSMULDP: {faMul, false}, p.XSMULSP: {faMul, false},
	p.XSDIVDP: {faDiv, false}, p.XSDIVSP: {faDiv, false},
	p.XSSQRTDP: {faSqrt, false}, p.XSSQRTSP: {faSqrt, false},
	p.XSRSP:  {faRSP, false},
	p.XSREDP: {faRe, false}, p.XSRESP: {faRe, false},
	p.XSRSQRTEDP: {faRSqrte, false}, p.XSRSQRTESP: {faRSqrte, false},
	p.XSMADDADP: {faMAdd, false}, p.XSMADDMDP: {faMAdd, true},
	p.XSMADDASP: {faMAdd, false}, p.XSMADDMSP: {faMAdd, true},
	p.XSMSUBADP: {faMSub, false}, p.XSMSUBMDP: {faMSub, true},
	p.XSMSUBASP: {faMSub, false}, p.XSMSUBMSP: {faMSub, true},
	p.XSNMADDADP: {faNMAdd, false}, p.XSNMADDMDP: {faNMAdd, true},
	p.XSNMADDASP: {faNMAdd, false}, p.XSNMADDMSP: {faNMAdd, true},
	p.XSNMSUBADP: {faNMSub, false}, p.XSNMSUBMDP: {faNMSub, true},
	p.XSNMSUBASP: {faNMSub, false}, p.XSNMSUBMSP: {faNMSub, true},
}

var xsArithSpecs [decode.NumOps]xsArithSpec

func init() {
	defSpecs(opXSArith, &xsArithSpecs, xsArithOps)
}

// dw0 is doubleword 0 of VSR n.
func dw0(r *regs.Regs, n int64) uint64 { return r.VSR[n&63].Hi }

// opXSArith: XT,XA,XB (XT,XB for the one-operand ops).
func opXSArith(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	s := xsArithSpecs[in.Op]
	x, y, z := xsOperands(r, in, s)
	return e.fpArith(r, in, s.kind, int(in.Args[0]&63), x, y, z)
}

// xsOperands are the operands of a VSX scalar arithmetic op of spec s in
// the FPU's order: multiplicands, then the addend.
func xsOperands(r *regs.Regs, in *decode.Inst, s xsArithSpec) (x, y, z uint64) {
	xt := int(in.Args[0] & 63)
	x, y = dw0(r, in.Args[1]), dw0(r, in.Args[2])
	if s.kind >= faMAdd && s.kind <= faNMSub {
		if s.mForm {
			y, z = r.VSR[xt].Hi, y
		} else {
			z = r.VSR[xt].Hi
		}
	}
	return x, y, z
}

func init() {
	def(opXSCvDPInt, p.XSCVDPSXDS, p.XSCVDPSXWS, p.XSCVDPUXDS, p.XSCVDPUXWS)
	def(opXSCvDPSP, p.XSCVDPSP)
	def(opXSCvSPDP, p.XSCVSPDP)
	def(opXSMove, p.XSCVDPSPN, p.XSCVSPDPN, p.XSABSDP, p.XSNABSDP, p.XSNEGDP, p.XSCPSGNDP)
}

// opXSCvDPInt: xscvdp{s,u}x{d,w}s XT,XB: doubleword 0 of XB converted to a
// signed or unsigned doubleword or word, rounding toward zero; FPRF is not
// changed. The word forms put the word in words 0 and 1 (Power ISA 3.1
// defines word 0, undefined before, as the copy every processor writes;
// QEMU 7.2 agrees).
func opXSCvDPInt(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	word := in.Op == p.XSCVDPSXWS || in.Op == p.XSCVDPUXWS
	signed := in.Op == p.XSCVDPSXDS || in.Op == p.XSCVDPSXWS
	width := 64
	if word {
		width = 32
	}
	var res fpResult
	res.f = softfloat.Binary64
	softfloat.ToInt(&res.sf, dv(dw0(r, in.Args[1])), width, signed, softfloat.TowardZero)
	if word {
		w := res.sf.Bits.Lo & 0xffffffff
		res.sf.Bits.Lo = w<<32 | w
	}
	res.sf.Bits.Hi = 0
	return e.fpCommit(r, in, int(in.Args[0]&63), &res, true)
}

// opXSCvDPSP: xscvdpsp XT,XB: rounded to single precision, in words 0 and
// 1 of XT (single format).
func opXSCvDPSP(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	var res fpResult
	fpRoundTo(&res, dw0(r, in.Args[1]), softfloat.Binary32, fpMode(r))
	res.spWords = true
	return e.fpCommit(r, in, int(in.Args[0]&63), &res, false)
}

// opXSCvSPDP: xscvspdp XT,XB: the single in word 0 of XB in double
// format (a signalling NaN quieted, with VXSNAN).
func opXSCvSPDP(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	var res fpResult
	res.f = softfloat.Binary64
	w := uint32(dw0(r, in.Args[1]) >> 32)
	softfloat.Convert(&res.sf, softfloat.Binary64, softfloat.Binary32.Unpack(softfloat.B(uint64(w))), softfloat.NearestEven)
	return e.fpCommit(r, in, int(in.Args[0]&63), &res, false)
}

// opXSMove: the non-signalling conversions and the sign operations, which
// leave FPSCR alone: xscvdpspn (the single-precision word, as stfs forms
// it, in words 0 and 1), xscvspdpn (word 0 in double format, as lfs
// converts), xsabsdp, xsnabsdp, xsnegdp, xscpsgndp XT,XA,XB (sign of XA).
func opXSMove(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	b := dw0(r, in.Args[1])
	var v uint64
	switch in.Op {
	case p.XSCVDPSPN:
		w, ok := fpSingle(b)
		if !ok {
			if err := e.unknown(in, diffXSCvDPSPN, "value below the single-precision denormal range: hardware result unknown"); err != nil {
				return err
			}
		}
		v = uint64(w)<<32 | uint64(w)
	case p.XSCVSPDPN:
		v = fpDouble(uint32(b >> 32))
	case p.XSABSDP:
		v = b &^ fpSignBit
	case p.XSNABSDP:
		v = b | fpSignBit
	case p.XSNEGDP:
		v = b ^ fpSignBit
	case p.XSCPSGNDP:
		v = b&fpSignBit | dw0(r, in.Args[2])&^fpSignBit
	}
	r.VSR[in.Args[0]&63] = regs.VSR{Hi: v}
	return nil
}

func init() {
	def(opXSExpSig, p.XSIEXPDP, p.XSXEXPDP, p.XSXSIGDP, p.XSIEXPQP, p.XSXEXPQP, p.XSXSIGQP,
		p.XVIEXPDP, p.XVIEXPSP, p.XVXEXPDP, p.XVXEXPSP, p.XVXSIGDP, p.XVXSIGSP)
}

// expSig splits the encoding x of a format with eb exponent and fb fraction
// bits: the biased exponent, and the significand with its implicit bit
// (1 for a normal number, 0 for zeros, denormals, infinities and NaNs).
func expSig(x uint64, eb, fb uint) (exp, sig uint64) {
	exp = x >> fb & (1<<eb - 1)
	sig = x & (1<<fb - 1)
	if exp != 0 && exp != 1<<eb-1 {
		sig |= 1 << fb
	}
	return exp, sig
}

// opXSExpSig: the exponent and significand insert/extract ops of the
// binary64 (xs*dp, xv*dp), binary32 (xv*sp) and binary128 (xs*qp) formats.
// No FPSCR change.
func opXSExpSig(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	switch in.Op {
	case p.XSIEXPDP: // XT,RA,RB
		ra, rb := r.GPR[in.Args[1]&31], r.GPR[in.Args[2]&31]
		r.VSR[in.Args[0]&63] = regs.VSR{Hi: ra&^(0x7ff<<52) | (rb&0x7ff)<<52}
	case p.XSXEXPDP: // RT,XB
		exp, _ := expSig(dw0(r, in.Args[1]), 11, 52)
		r.GPR[in.Args[0]&31] = exp
	case p.XSXSIGDP:
		_, sig := expSig(dw0(r, in.Args[1]), 11, 52)
		r.GPR[in.Args[0]&31] = sig
	case p.XSIEXPQP: // VRT,VRA,VRB
		a, b := r.VSR[32+in.Args[1]&31], r.VSR[32+in.Args[2]&31]
		r.VSR[32+in.Args[0]&31] = regs.VSR{Hi: a.Hi&^(0x7fff<<48) | (b.Hi&0x7fff)<<48, Lo: a.Lo}
	case p.XSXEXPQP: // VRT,VRB
		exp, _ := expSig(r.VSR[32+in.Args[1]&31].Hi, 15, 48)
		r.VSR[32+in.Args[0]&31] = regs.VSR{Hi: exp}
	case p.XSXSIGQP:
		b := r.VSR[32+in.Args[1]&31]
		_, sig := expSig(b.Hi, 15, 48)
		r.VSR[32+in.Args[0]&31] = regs.VSR{Hi: sig, Lo: b.Lo}
	default: // the vector forms, XT,XA,XB or XT,XB
		sp := in.Op == p.XVIEXPSP || in.Op == p.XVXEXPSP || in.Op == p.XVXSIGSP
		eb, fb, n := uint(11), uint(52), 2
		if sp {
			eb, fb, n = 8, 23, 4
		}
		a, b := r.VSR[in.Args[1]&63], r.VSR[in.Args[2]&63]
		var t regs.VSR
		for i := 0; i < n; i++ {
			x := lane(a, sp, i)
			var v uint64
			switch in.Op {
			case p.XVIEXPDP, p.XVIEXPSP:
				mask := uint64(1<<eb-1) << fb
				v = x&^mask | lane(b, sp, i)<<fb&mask
			case p.XVXEXPDP, p.XVXEXPSP:
				v, _ = expSig(x, eb, fb)
			default:
				_, v = expSig(x, eb, fb)
			}
			t = withLane(t, sp, i, v)
		}
		r.VSR[in.Args[0]&63] = t
	}
	return nil
}
