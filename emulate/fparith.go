package emulate

import (
	"math"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Floating-point arithmetic: fadd, fsub, fmul, fdiv, fsqrt, the fused
// multiply-adds, the estimates (fre, frsqrte) and their single-precision
// forms, fsel, frsp, the compares and the software-divide/sqrt tests.
//
// Every result is computed exactly and rounded once (softfloat.go), to
// double or to single precision (single forms: the exact result is rounded
// once to single and held in double format), in the mode FPSCR[RN] names.
// NaN operands propagate in the ISA's order FRA, FRB, FRC, quieted; a
// single-precision result keeps only the single-precision part of the
// payload. Invalid operations give the default QNaN 0x7FF8000000000000.

type fpArith uint8

const (
	faAdd fpArith = iota + 1
	faSub
	faMul
	faDiv
	faSqrt
	faMAdd
	faMSub
	faNMAdd
	faNMSub
	faRe
	faRSqrte
	faRSP
)

type fpArithSpec struct {
	kind   fpArith
	single bool
}

var fpArithOps = map[decode.Op]fpArithSpec{
	ppc64asm.FADD: {faAdd, false}, ppc64asm.FADDCC: {faAdd, false},
	ppc64asm.FADDS: {faAdd, true}, ppc64asm.FADDSCC: {faAdd, true},
	ppc64asm.FSUB: {faSub, false}, ppc64asm.FSUBCC: {faSub, false},
	ppc64asm.FSUBS: {faSub, true}, ppc64asm.FSUBSCC: {faSub, true},
	ppc64asm.FMUL: {faMul, false}, ppc64asm.FMULCC: {faMul, false},
	ppc64asm.FMULS: {faMul, true}, ppc64asm.FMULSCC: {faMul, true},
	ppc64asm.FDIV: {faDiv, false}, ppc64asm.FDIVCC: {faDiv, false},
	ppc64asm.FDIVS: {faDiv, true}, ppc64asm.FDIVSCC: {faDiv, true},
	ppc64asm.FSQRT: {faSqrt, false}, ppc64asm.FSQRTCC: {faSqrt, false},
	ppc64asm.FSQRTS: {faSqrt, true}, ppc64asm.FSQRTSCC: {faSqrt, true},
	ppc64asm.FMADD: {faMAdd, false}, ppc64asm.FMADDCC: {faMAdd, false},
	ppc64asm.FMADDS: {faMAdd, true}, ppc64asm.FMADDSCC: {faMAdd, true},
	ppc64asm.FMSUB: {faMSub, false}, ppc64asm.FMSUBCC: {faMSub, false},
	ppc64asm.FMSUBS: {faMSub, true}, ppc64asm.FMSUBSCC: {faMSub, true},
	ppc64asm.FNMADD: {faNMAdd, false}, ppc64asm.FNMADDCC: {faNMAdd, false},
	ppc64asm.FNMADDS: {faNMAdd, true}, ppc64asm.FNMADDSCC: {faNMAdd, true},
	ppc64asm.FNMSUB: {faNMSub, false}, ppc64asm.FNMSUBCC: {faNMSub, false},
	ppc64asm.FNMSUBS: {faNMSub, true}, ppc64asm.FNMSUBSCC: {faNMSub, true},
	ppc64asm.FRE: {faRe, false}, ppc64asm.FRECC: {faRe, false},
	ppc64asm.FRES: {faRe, true}, ppc64asm.FRESCC: {faRe, true},
	ppc64asm.FRSQRTE: {faRSqrte, false}, ppc64asm.FRSQRTECC: {faRSqrte, false},
	ppc64asm.FRSQRTES: {faRSqrte, true}, ppc64asm.FRSQRTESCC: {faRSqrte, true},
	ppc64asm.FRSP: {faRSP, true}, ppc64asm.FRSPCC: {faRSP, true},
}

var fpArithSpecs [decode.NumOps]fpArithSpec

func init() {
	for op, s := range fpArithOps {
		fpArithSpecs[op] = s
		def(opFPArith, op)
	}
	def(opFSel, ppc64asm.FSEL, ppc64asm.FSELCC)
	def(opFCmp, ppc64asm.FCMPU, ppc64asm.FCMPO)
	def(opFTDiv, ppc64asm.FTDIV)
	def(opFTSqrt, ppc64asm.FTSQRT)
	def(opMFFS, ppc64asm.MFFS, ppc64asm.MFFSCC, ppc64asm.MFFSCE, ppc64asm.MFFSCDRN,
		ppc64asm.MFFSCDRNI, ppc64asm.MFFSCRN, ppc64asm.MFFSCRNI, ppc64asm.MFFSL)
	def(opMTFSF, ppc64asm.MTFSF, ppc64asm.MTFSFCC)
	def(opMTFSFI, ppc64asm.MTFSFI, ppc64asm.MTFSFICC)
	def(opMTFSB, ppc64asm.MTFSB0, ppc64asm.MTFSB0CC, ppc64asm.MTFSB1, ppc64asm.MTFSB1CC)
	def(opMCRFS, ppc64asm.MCRFS)
}

func opFPArith(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if r.MSR&regs.MSRFP == 0 {
		return fpUnavailable(in)
	}
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	s := fpArithSpecs[in.Op]
	if (s.kind == faRe || s.kind == faRSqrte) && !e.qemu() {
		return &OpError{Op: in.Op, Kind: ErrNotEmulated, Reason: "estimate: hardware result unknown"}
	}
	f := &fmtDouble
	if s.single {
		f = &fmtSingle
	}
	rn := int(r.FPSCR & regs.FPSCRRN)
	frt := int(in.Args[0]) & 31
	var res fpResult
	if rn == regs.RoundNearest && !s.single && s.kind <= faSqrt {
		if fpFast(&res, s.kind, r.FPR(int(in.Args[1])), r.FPR(int(in.Args[2]))) {
			return e.fpCommit(r, in, frt, &res, false, false)
		}
	}
	switch s.kind {
	case faAdd, faSub:
		fpAddSub(&res, r.FPR(int(in.Args[1])), r.FPR(int(in.Args[2])), s.kind == faSub, f, rn)
	case faMul:
		fpMul(&res, r.FPR(int(in.Args[1])), r.FPR(int(in.Args[2])), f, rn)
	case faDiv:
		fpDiv(&res, r.FPR(int(in.Args[1])), r.FPR(int(in.Args[2])), f, rn)
	case faSqrt:
		fpSqrt(&res, r.FPR(int(in.Args[1])), f, rn)
	case faMAdd, faMSub, faNMAdd, faNMSub:
		fpFMA(&res, r.FPR(int(in.Args[1])), r.FPR(int(in.Args[2])), r.FPR(int(in.Args[3])), s.kind, f, rn)
	case faRSP:
		fpRoundTo(&res, r.FPR(int(in.Args[1])), f, rn)
	case faRe:
		fpRecip(&res, r.FPR(int(in.Args[1])), s.single, rn)
	case faRSqrte:
		fpRSqrt(&res, r.FPR(int(in.Args[1])), s.single, rn)
	}
	return e.fpCommit(r, in, frt, &res, s.single, false)
}

// fpFastExp bounds the unbiased exponents the native fast path accepts:
// operands and result stay far enough from the denormal and overflow ranges
// that the error terms below are exact and no result is tiny or overflows.
const fpFastExp = 900

// fpFast computes a double-precision add, subtract, multiply, divide or
// square root (x, y: the operands; y unused for sqrt) in round-to-nearest
// with the host's IEEE arithmetic, and the exact inexact and rounded-up
// flags from the error term (TwoSum for add, FMA residuals for the rest).
// It reports false, leaving res alone, outside the range where that is
// provably exact; the exact path then takes over.
func fpFast(res *fpResult, kind fpArith, x, y uint64) bool {
	ex, ey := int(x>>52&0x7ff)-1023, int(y>>52&0x7ff)-1023
	if ex < -fpFastExp || ex > fpFastExp {
		return false
	}
	if kind != faSqrt && (ey < -fpFastExp || ey > fpFastExp) {
		return false
	}
	a, b := math.Float64frombits(x), math.Float64frombits(y)
	var v, err float64 // result, and a value whose sign is that of (exact − v)
	switch kind {
	case faAdd, faSub:
		if kind == faSub {
			b = -b
		}
		v = a + b
		bv := v - a
		err = (a - (v - bv)) + (b - bv) // TwoSum: exact − v, exactly
	case faMul:
		if ex+ey < -fpFastExp || ex+ey > fpFastExp {
			return false
		}
		v = float64(a * b)
		err = math.FMA(a, b, -v)
	case faDiv:
		if ex-ey < -fpFastExp || ex-ey > fpFastExp {
			return false
		}
		v = float64(a / b)
		err = math.FMA(-v, b, a) // a − v·b: exact; the sign of exact − v is its sign times b's
		if b < 0 {
			err = -err
		}
	case faSqrt:
		if a <= 0 {
			return false
		}
		v = math.Sqrt(a)
		err = math.FMA(-v, v, a)
	}
	if v == 0 {
		return false // signed-zero rules: the exact path
	}
	bits := math.Float64bits(v)
	res.rnd, res.f, res.val = true, &fmtDouble, bits
	res.rd = rounded{bits: bits, inexact: err != 0, up: err != 0 && (err < 0) != (v < 0)}
	return true
}

// fpNaNResult sets res to the first NaN among ops (quieted; truncated to
// single precision for single results) with VXSNAN if any operand is a
// signalling NaN. It reports whether there was a NaN.
func fpNaNResult(res *fpResult, single bool, ops ...uint64) bool {
	found := false
	for _, x := range ops {
		if fpIsSNaN(x) {
			res.vx |= regs.FPSCRVXSNAN
		}
		if !found && fpIsNaN(x) {
			res.val = fpQuiet(x)
			if single {
				res.val = fpToSingleNaN(res.val)
			}
			found = true
		}
	}
	return found
}

// fpSignedZero is ±0.
func fpSignedZero(neg bool) uint64 {
	if neg {
		return fpSignBit
	}
	return 0
}

// fpInfOf is ±inf.
func fpInfOf(neg bool) uint64 {
	if neg {
		return fpInf | fpSignBit
	}
	return fpInf
}

// fpRoundTo rounds the double x to format f (frsp, and x + 0 for single
// forms). NaN and infinities pass (quieted), zeros are exact.
func fpRoundTo(res *fpResult, x uint64, f *fpFormat, rn int) {
	single := f.prec == 24
	switch {
	case fpNaNResult(res, single, x):
	case fpIsInf(x) || fpIsZero(x):
		res.val = x
	default:
		neg, exp, sig := fpUnpack(x)
		res.setRounded(neg, exp, sig, false, f, rn)
	}
}

func fpAddSub(res *fpResult, a, b uint64, sub bool, f *fpFormat, rn int) {
	if fpNaNResult(res, f.prec == 24, a, b) {
		return
	}
	if sub {
		b ^= fpSignBit
	}
	switch {
	case fpIsInf(a) && fpIsInf(b):
		if fpNeg(a) != fpNeg(b) {
			res.vx, res.val = regs.FPSCRVXISI, fpDefNaN
			return
		}
		res.val = a
	case fpIsInf(a):
		res.val = a
	case fpIsInf(b):
		res.val = b
	case fpIsZero(a) && fpIsZero(b):
		if fpNeg(a) == fpNeg(b) {
			res.val = a
		} else {
			res.val = fpSignedZero(rn == regs.RoundDown)
		}
	case fpIsZero(a):
		fpRoundTo(res, b, f, rn)
	case fpIsZero(b):
		fpRoundTo(res, a, f, rn)
	default:
		x := add128(fromDouble(a), fromDouble(b), rn)
		if x.zero {
			res.val = fpSignedZero(x.neg)
			return
		}
		res.setRounded(x.neg, x.exp, x.hi, x.lo != 0, f, rn)
	}
}

func fpMul(res *fpResult, a, c uint64, f *fpFormat, rn int) {
	if fpNaNResult(res, f.prec == 24, a, c) {
		return
	}
	neg := fpNeg(a) != fpNeg(c)
	switch {
	case fpIsInf(a) && fpIsZero(c), fpIsZero(a) && fpIsInf(c):
		res.vx, res.val = regs.FPSCRVXIMZ, fpDefNaN
	case fpIsInf(a) || fpIsInf(c):
		res.val = fpInfOf(neg)
	case fpIsZero(a) || fpIsZero(c):
		res.val = fpSignedZero(neg)
	default:
		x := mul128(a, c)
		res.setRounded(x.neg, x.exp, x.hi, x.lo != 0, f, rn)
	}
}

func fpDiv(res *fpResult, a, b uint64, f *fpFormat, rn int) {
	if fpNaNResult(res, f.prec == 24, a, b) {
		return
	}
	neg := fpNeg(a) != fpNeg(b)
	switch {
	case fpIsInf(a) && fpIsInf(b):
		res.vx, res.val = regs.FPSCRVXIDI, fpDefNaN
	case fpIsZero(a) && fpIsZero(b):
		res.vx, res.val = regs.FPSCRVXZDZ, fpDefNaN
	case fpIsInf(a):
		res.val = fpInfOf(neg)
	case fpIsZero(b):
		res.zx, res.val = true, fpInfOf(neg)
	case fpIsZero(a) || fpIsInf(b):
		res.val = fpSignedZero(neg)
	default:
		n, e, s, st := div64(a, b)
		res.setRounded(n, e, s, st, f, rn)
	}
}

func fpSqrt(res *fpResult, b uint64, f *fpFormat, rn int) {
	if fpNaNResult(res, f.prec == 24, b) {
		return
	}
	switch {
	case fpIsZero(b):
		res.val = b
	case fpNeg(b):
		res.vx, res.val = regs.FPSCRVXSQRT, fpDefNaN
	case fpIsInf(b):
		res.val = b
	default:
		e, s, st := sqrt64(b)
		res.setRounded(false, e, s, st, f, rn)
	}
}

// fpFMA computes ±(a×c ± b) with one rounding. The negative forms round
// the sum and then negate it (the ISA: the same result as fmadd/fmsub
// followed by negation), except that NaNs keep their sign.
func fpFMA(res *fpResult, a, c, b uint64, kind fpArith, f *fpFormat, rn int) {
	single := f.prec == 24
	if fpNaNResult(res, single, a, b, c) {
		if fpIsInf(a) && fpIsZero(c) || fpIsZero(a) && fpIsInf(c) {
			res.vx |= regs.FPSCRVXIMZ
		}
		return
	}
	if kind == faMSub || kind == faNMSub {
		b ^= fpSignBit
	}
	negate := kind == faNMAdd || kind == faNMSub
	rs := rn
	pneg := fpNeg(a) != fpNeg(c)
	switch {
	case fpIsInf(a) && fpIsZero(c), fpIsZero(a) && fpIsInf(c):
		res.vx, res.val = regs.FPSCRVXIMZ, fpDefNaN
		return
	case fpIsInf(a) || fpIsInf(c):
		if fpIsInf(b) && fpNeg(b) != pneg {
			res.vx, res.val = regs.FPSCRVXISI, fpDefNaN
			return
		}
		res.val = fpInfOf(pneg)
	case fpIsInf(b):
		res.val = b
	case fpIsZero(a) || fpIsZero(c):
		if fpIsZero(b) {
			if fpNeg(b) == pneg {
				res.val = b
			} else {
				res.val = fpSignedZero(rs == regs.RoundDown)
			}
		} else {
			fpRoundTo(res, b, f, rs)
		}
	case fpIsZero(b):
		x := mul128(a, c)
		res.setRounded(x.neg, x.exp, x.hi, x.lo != 0, f, rs)
	default:
		x := add128(mul128(a, c), fromDouble(b), rs)
		if x.zero {
			res.val = fpSignedZero(x.neg)
		} else {
			res.setRounded(x.neg, x.exp, x.hi, x.lo != 0, f, rs)
		}
	}
	if negate {
		if res.rnd {
			// fpCommit negates after any exponent-adjusted re-rounding.
			res.negate = true
		} else {
			res.val ^= fpSignBit
		}
	}
}

// fpRecip is QEMU's fre/fres: 1/x rounded to double (then to single).
func fpRecip(res *fpResult, b uint64, single bool, rn int) {
	fpDiv(res, 0x3ff0000000000000, b, &fmtDouble, rn)
	if res.zx {
		// QEMU 7.2 answers ±0.5 for the reciprocal of ±0 (harness:
		// fre of +0 gives 0x3FE0000000000000 with ZX).
		res.val = 0x3fe0000000000000 | b&fpSignBit
		return
	}
	if single {
		fpToSingleAfter(res, rn)
	}
}

// fpRSqrt is QEMU's frsqrte/frsqrtes: sqrt rounded to double, then 1/that
// rounded to double (then to single).
func fpRSqrt(res *fpResult, b uint64, single bool, rn int) {
	var s fpResult
	fpSqrt(&s, b, &fmtDouble, rn)
	if s.vx != 0 {
		*res = s
		if single {
			fpToSingleAfter(res, rn)
		}
		return
	}
	fpDiv(res, 0x3ff0000000000000, s.val, &fmtDouble, rn)
	res.vx |= s.vx
	if s.rnd && s.rd.inexact && res.rnd {
		res.rd.inexact = true
	}
	if s.rnd && s.rd.inexact && !res.rnd {
		// 1/sqrt of a finite non-zero is always rounded: not reached.
		res.rnd, res.rd, res.f = true, rounded{bits: res.val, inexact: true}, &fmtDouble
	}
	if single {
		fpToSingleAfter(res, rn)
	}
}

// fpToSingleAfter rounds an already rounded double result once more to
// single precision, merging the flags (QEMU's fres, frsqrtes).
func fpToSingleAfter(res *fpResult, rn int) {
	if res.vx != 0 || res.zx {
		if fpIsNaN(res.val) {
			res.val = fpToSingleNaN(res.val)
		}
		return
	}
	prev := *res
	var s fpResult
	fpRoundTo(&s, res.val, &fmtSingle, rn)
	if fpIsNaN(prev.val) {
		res.val = s.val
		return
	}
	if !s.rnd {
		return
	}
	*res = s
	if prev.rnd {
		res.rd.inexact = res.rd.inexact || prev.rd.inexact
		res.rd.tiny = res.rd.tiny || prev.rd.tiny
	}
}

func opFSel(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if r.MSR&regs.MSRFP == 0 {
		return fpUnavailable(in)
	}
	// fsel FRT,FRA,FRC,FRB
	a := r.FPR(int(in.Args[1]))
	v := r.FPR(int(in.Args[3]))
	if !fpIsNaN(a) && (!fpNeg(a) || fpIsZero(a)) {
		v = r.FPR(int(in.Args[2]))
	}
	r.VSR[in.Args[0]&31] = regs.VSR{Hi: v}
	fpRecord(r, in)
	return nil
}

// fpCompareCode is the FL FG FE FU code of comparing a with b.
func fpCompareCode(a, b uint64) uint32 {
	switch {
	case fpIsNaN(a) || fpIsNaN(b):
		return 1
	case fpIsZero(a) && fpIsZero(b):
		return 2
	}
	// Order the bit patterns as numbers.
	ka, kb := fpOrderKey(a), fpOrderKey(b)
	switch {
	case ka < kb:
		return 8
	case ka > kb:
		return 4
	}
	return 2
}

// fpOrderKey maps a non-NaN double to a signed integer of the same order.
func fpOrderKey(x uint64) int64 {
	if fpNeg(x) {
		return -int64(x &^ fpSignBit)
	}
	return int64(x)
}

func opFCmp(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if r.MSR&regs.MSRFP == 0 {
		return fpUnavailable(in)
	}
	bf := int(in.Args[0] & 7)
	a, b := r.FPR(int(in.Args[1])), r.FPR(int(in.Args[2]))
	c := fpCompareCode(a, b)
	old := r.FPSCR
	var ex uint64
	if fpIsSNaN(a) || fpIsSNaN(b) {
		ex |= regs.FPSCRVXSNAN
		if in.Op == ppc64asm.FCMPO && old&regs.FPSCRVE == 0 {
			ex |= regs.FPSCRVXVC
		}
	} else if c == 1 && in.Op == ppc64asm.FCMPO {
		ex |= regs.FPSCRVXVC
	}
	fs := old&^regs.FPSCRFPCC | uint64(c)<<regs.FPSCRFPRFLSB
	if ex&^old != 0 {
		fs |= regs.FPSCRFX
	}
	fs = regs.FPSCRSummary(fs | ex)
	cr := regs.SetCRField(r.CR, bf, c)
	if ex != 0 && old&regs.FPSCRVE != 0 && e.fpTrapMode(r) {
		return &FPException{Op: in.Op, FPSCR: fs, CR: cr, Target: -1}
	}
	r.FPSCR, r.CR = fs, cr
	return nil
}

// fpExpOf is the unbiased exponent field of x (−1023 for zeros and
// denormals), as ftdiv and ftsqrt use it.
func fpExpOf(x uint64) int { return int(x>>52&0x7ff) - 1023 }

func opFTDiv(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if r.MSR&regs.MSRFP == 0 {
		return fpUnavailable(in)
	}
	bf := int(in.Args[0] & 7)
	a, b := r.FPR(int(in.Args[1])), r.FPR(int(in.Args[2]))
	fe, fg := false, false
	if fpIsInf(a) || fpIsInf(b) || fpIsZero(b) {
		fe, fg = true, true
	} else {
		ea, eb := fpExpOf(a), fpExpOf(b)
		switch {
		case fpIsNaN(a) || fpIsNaN(b):
			fe = true
		case eb <= -1022 || eb >= 1021:
			fe = true
		case !fpIsZero(a) && (ea-eb >= 1023 || ea-eb <= -1021 || ea <= -970):
			fe = true
		}
		if b>>52&0x7ff == 0 {
			fg = true
		}
	}
	r.CR = regs.SetCRField(r.CR, bf, ftFlags(fg, fe))
	return nil
}

func opFTSqrt(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if r.MSR&regs.MSRFP == 0 {
		return fpUnavailable(in)
	}
	bf := int(in.Args[0] & 7)
	b := r.FPR(int(in.Args[1]))
	fe, fg := false, false
	if fpIsInf(b) || fpIsZero(b) {
		fe, fg = true, true
	} else {
		if fpIsNaN(b) || fpNeg(b) || fpExpOf(b) <= -970 {
			fe = true
		}
		if b>>52&0x7ff == 0 {
			fg = true
		}
	}
	r.CR = regs.SetCRField(r.CR, bf, ftFlags(fg, fe))
	return nil
}

// ftFlags is the CR field of ftdiv and ftsqrt: 0b1 ‖ fg ‖ fe ‖ 0b0.
func ftFlags(fg, fe bool) uint32 {
	c := uint32(8)
	if fg {
		c |= 4
	}
	if fe {
		c |= 2
	}
	return c
}
