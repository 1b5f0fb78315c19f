package vec

import (
	"math"

	"github.com/ppc64emu/ppc64emu/internal/softfloat"
)

// VMX single-precision floating point (Power ISA 3.1B Book I 6.10). The
// arithmetic is IEEE binary32 with round to nearest even (vrfi* excepted),
// no exceptions and no FPSCR. A NaN result is the first NaN operand in the
// order VRA, VRB, VRC, made quiet; an invalid operation gives the default
// NaN 0x7fc00000.
//
// Non-Java mode (VSCR[NJ]=1) is described to the kernels by an FPMode:
// FlushIn replaces each denormal source element by a zero of the same
// sign, FlushOut replaces a result whose exact value is non-zero and below
// 2^-126 in magnitude by a zero of the result's sign (including one that
// would round up to 2^-126). Which of the two an implementation does is
// the caller's business. Kernels report in boundary whether some element
// rounded up to ±2^-126 from below, the one case FlushOut's wording above
// decides.
//
// The IEEE operations (add, subtract, multiply-add, divide, square root,
// round to integer) are internal/softfloat's binary32 in round-to-nearest-
// even; its Result.Tiny (the exact result below 2^-126 before rounding) is
// what FlushOut tests.

// FPMode says which non-Java flushes apply.
type FPMode struct {
	FlushIn  bool // denormal source elements become zeros
	FlushOut bool // results below 2^-126 in magnitude become zeros
}

const (
	f32QuietBit   = 0x00400000
	f32DefaultNaN = 0x7fc00000
)

func f32IsNaN(x uint32) bool    { return x&0x7fffffff > 0x7f800000 }
func f32IsDenorm(x uint32) bool { return x&0x7f800000 == 0 && x&0x007fffff != 0 }

// flushIn applies FlushIn to one element.
func (m FPMode) flushIn(x uint32) uint32 {
	if m.FlushIn && f32IsDenorm(x) {
		return x & 0x80000000
	}
	return x
}

var bin32 = softfloat.Binary32

func unp(x uint32) softfloat.Value { return bin32.Unpack(softfloat.B(uint64(x))) }

// commit turns a softfloat result into an element under m's output flush,
// with the boundary report.
func (m FPMode) commit(r *softfloat.Result) (uint32, bool) {
	x := uint32(r.Bits.Lo)
	boundary := r.Tiny && x&0x7fffffff == 0x00800000
	if m.FlushOut && r.Tiny {
		return x & 0x80000000, boundary
	}
	return x, boundary
}

// nan2 returns the NaN result of a two-operand op, if either is a NaN.
func nan2(a, b uint32) (uint32, bool) {
	switch {
	case f32IsNaN(a):
		return a | f32QuietBit, true
	case f32IsNaN(b):
		return b | f32QuietBit, true
	}
	return 0, false
}

func f64(x uint32) float64 { return float64(math.Float32frombits(x)) }

// lanes4 applies f to the four word elements of a and b.
func lanes4(a, b V, m FPMode, f func(x, y uint32) (uint32, bool)) (V, bool) {
	x, y := Words(a), Words(b)
	any := false
	for i := range x {
		var bd bool
		x[i], bd = f(m.flushIn(x[i]), m.flushIn(y[i]))
		any = any || bd
	}
	return FromWords(x), any
}

// AddFP is vaddfp.
func AddFP(a, b V, m FPMode) (V, bool) {
	return lanes4(a, b, m, func(x, y uint32) (uint32, bool) {
		if finite2(x, y) {
			return m.native(f64(x)+f64(y), math.Float32frombits(x)+math.Float32frombits(y))
		}
		var r softfloat.Result
		softfloat.Add(&r, bin32, unp(x), unp(y), softfloat.NearestEven)
		return m.commit(&r)
	})
}

// SubFP is vsubfp.
func SubFP(a, b V, m FPMode) (V, bool) {
	return lanes4(a, b, m, func(x, y uint32) (uint32, bool) {
		if finite2(x, y) {
			return m.native(f64(x)-f64(y), math.Float32frombits(x)-math.Float32frombits(y))
		}
		var r softfloat.Result
		softfloat.Sub(&r, bin32, unp(x), unp(y), softfloat.NearestEven)
		return m.commit(&r)
	})
}

// The fast path for finite operands. The sum, difference or product of
// binary32 operands in binary64 is exact whenever it is below 2^-126 in
// magnitude, and rounding it (or a round-to-odd binary64 value) once more
// to binary32 is correct rounding (53 ≥ 2·24 + 2), so the host's float64
// arithmetic gives softfloat's results, Tiny included.

func finite2(x, y uint32) bool { return x&0x7f800000 != 0x7f800000 && y&0x7f800000 != 0x7f800000 }

// native rounds v (exact, or rounded to odd) to binary32 under m; zero is
// the host's float32 result, which has the IEEE sign of an exact zero.
func (m FPMode) native(v float64, zero float32) (uint32, bool) {
	if v == 0 {
		return math.Float32bits(zero), false
	}
	x := math.Float32bits(float32(v))
	tiny := math.Abs(v) < 0x1p-126
	boundary := tiny && x&0x7fffffff == 0x00800000
	if m.FlushOut && tiny {
		return x & 0x80000000, boundary
	}
	return x, boundary
}

// fmaOdd is x·y + z for binary32 operands, rounded to odd in binary64.
func fmaOdd(x, y, z float64) float64 {
	p := x * y // exact: 24 + 24 bits
	s := p + z
	if s == 0 {
		return s
	}
	bb := s - p
	e := (p - (s - bb)) + (z - bb)
	if e != 0 && math.Float64bits(s)&1 == 0 {
		if (e > 0) == (s > 0) {
			s = math.Float64frombits(math.Float64bits(s) + 1)
		} else {
			s = math.Float64frombits(math.Float64bits(s) - 1)
		}
	}
	return s
}

// MultiplyAddFP is vmaddfp (a·c + b) and, with negate, vnmsubfp
// (-(a·c - b)), rounded once. A NaN result is not negated.
func MultiplyAddFP(a, b, c V, negate bool, m FPMode) (V, bool) {
	x, y, z := Words(a), Words(b), Words(c)
	any := false
	for i := range x {
		fa, fb, fc := m.flushIn(x[i]), m.flushIn(y[i]), m.flushIn(z[i])
		var v uint32
		var bd bool
		if finite2(fa, fb) && finite2(fc, 0) {
			b64 := f64(fb)
			if negate {
				b64 = -b64
			}
			v, bd = m.native(fmaOdd(f64(fa), f64(fc), b64), float32(f64(fa)*f64(fc)+b64))
		} else {
			va, vb, vc := unp(fa), unp(fb), unp(fc)
			var r softfloat.Result
			if softfloat.Propagate(&r, bin32, va, vb, vc) { // the ISA's order: VRA, VRB, VRC
				x[i] = uint32(r.Bits.Lo)
				continue
			}
			if negate {
				vb.Neg = !vb.Neg
			}
			softfloat.FMA(&r, bin32, va, vc, vb, softfloat.NearestEven)
			v, bd = m.commit(&r)
			if bin32.Classify(r.Bits).IsNaN() {
				x[i] = v
				continue
			}
		}
		if negate {
			v ^= 0x80000000
		}
		x[i], any = v, any || bd
	}
	return FromWords(x), any
}

// MaxFP is vmaxfp: the larger element (+0 above -0); a NaN operand gives
// the NaN.
func MaxFP(a, b V, m FPMode) (V, bool) { return minMax(a, b, m, true) }

// MinFP is vminfp (-0 below +0).
func MinFP(a, b V, m FPMode) (V, bool) { return minMax(a, b, m, false) }

func minMax(a, b V, m FPMode, max bool) (V, bool) {
	return lanes4(a, b, m, func(x, y uint32) (uint32, bool) {
		if r, ok := nan2(x, y); ok {
			return r, false
		}
		fx, fy := f64(x), f64(y)
		pick := x
		switch {
		case fx == fy:
			// ±0: max prefers +0, min -0.
			if (x>>31 == 1) == max {
				pick = y
			}
		case (fy > fx) == max:
			pick = y
		}
		if m.FlushOut && f32IsDenorm(pick) {
			return pick & 0x80000000, false
		}
		return pick, false
	})
}

// RoundToIntFP is vrfin (rm softfloat.NearestEven), vrfiz (TowardZero),
// vrfip (Up) and vrfim (Down).
func RoundToIntFP(b V, rm softfloat.Mode, m FPMode) V {
	x := Words(b)
	for i, v := range x {
		var r softfloat.Result
		softfloat.RoundToInt(&r, bin32, unp(m.flushIn(v)), rm)
		x[i] = uint32(r.Bits.Lo)
	}
	return FromWords(x)
}

// ConvertFromIntFP is vcfsx (signed) and vcfux: each word integer converted
// to binary32 (round to nearest even), divided by 2^uim.
func ConvertFromIntFP(b V, uim uint, signed bool) V {
	x := Words(b)
	for i, v := range x {
		var f float32
		if signed {
			f = float32(int32(v))
		} else {
			f = float32(v)
		}
		x[i] = math.Float32bits(float32(math.Ldexp(float64(f), -int(uim&31))))
	}
	return FromWords(x)
}

// ConvertToIntFP is vctsxs (signed) and vctuxs: each element times 2^uim,
// truncated toward zero and saturated to a signed or unsigned word; sat
// reports a saturation. A NaN element gives 0 (nanSat says whether it
// counts as a saturation).
func ConvertToIntFP(b V, uim uint, signed bool, nanSat bool, m FPMode) (V, bool) {
	x := Words(b)
	sat := false
	for i, v := range x {
		v = m.flushIn(v)
		if f32IsNaN(v) {
			x[i] = 0
			sat = sat || nanSat
			continue
		}
		f := math.Trunc(math.Ldexp(f64(v), int(uim&31)))
		var lo, hi float64 = 0, math.MaxUint32
		if signed {
			lo, hi = math.MinInt32, math.MaxInt32
		}
		switch {
		case f > hi:
			f, sat = hi, true
		case f < lo:
			f, sat = lo, true
		}
		if signed {
			x[i] = uint32(int32(f))
		} else {
			x[i] = uint32(f)
		}
	}
	return FromWords(x), sat
}

// CompareFP is vcmpeqfp (op 0), vcmpgefp (1), vcmpgtfp (2): all ones where
// the relation holds (never for a NaN).
func CompareFP(a, b V, op int, m FPMode) V {
	r, _ := lanes4(a, b, m, func(x, y uint32) (uint32, bool) {
		fx, fy := f64(x), f64(y)
		var t bool
		switch op {
		case 0:
			t = fx == fy
		case 1:
			t = fx >= fy
		default:
			t = fx > fy
		}
		if t {
			return 0xffffffff, false
		}
		return 0, false
	})
	return r
}

// CompareBoundsFP is vcmpbfp: bit 0 of each word is set unless a ≤ b, bit
// 1 unless a ≥ -b (both for a NaN). inBounds reports that every word is 0
// (CR6 bit 2 of the record form).
func CompareBoundsFP(a, b V, m FPMode) (r V, inBounds bool) {
	r, _ = lanes4(a, b, m, func(x, y uint32) (uint32, bool) {
		fx, fy := f64(x), f64(y)
		var w uint32
		if !(fx <= fy) {
			w |= 0x80000000
		}
		if !(fx >= -fy) {
			w |= 0x40000000
		}
		return w, false
	})
	return r, r.Hi|r.Lo == 0
}

// ReciprocalFP is 1/b correctly rounded (what QEMU 7.2 gives for vrefp).
func ReciprocalFP(b V, m FPMode) (V, bool) {
	one := math.Float32bits(1)
	return lanes4(V{Hi: uint64(one)<<32 | uint64(one), Lo: uint64(one)<<32 | uint64(one)}, b, m,
		func(x, y uint32) (uint32, bool) { return div32(x, y, m) })
}

// div32 is x / y for binary32, under m's output flush.
func div32(x, y uint32, m FPMode) (uint32, bool) {
	var r softfloat.Result
	softfloat.Div(&r, bin32, unp(x), unp(y), softfloat.NearestEven)
	return m.commit(&r)
}

// ReciprocalSqrtFP is 1/sqrt(b) with both steps correctly rounded (what
// QEMU 7.2 gives for vrsqrtefp).
func ReciprocalSqrtFP(b V, m FPMode) (V, bool) {
	y := Words(b)
	any := false
	for i, v := range y {
		v = m.flushIn(v)
		var r softfloat.Result
		softfloat.Sqrt(&r, bin32, unp(v), softfloat.NearestEven)
		t, _ := m.commit(&r)
		if bin32.Classify(r.Bits).IsNaN() {
			y[i] = t
			continue
		}
		var bd bool
		y[i], bd = div32(math.Float32bits(1), t, m)
		any = any || bd
	}
	return FromWords(y), any
}
