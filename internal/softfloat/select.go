package softfloat

// Operations that choose or classify rather than compute: the maximum and
// minimum rules, the software divide and square-root tests, and rounding
// to a narrower precision in a format's own exponent range.

// MinMaxRule is a maximum or minimum rule (MinMax).
type MinMaxRule uint8

// The rules. Numbers order as IEEE 754 orders them, except where a rule
// says otherwise for zeros.
const (
	// MaxNum and MinNum are IEEE 754-2008 maxNum and minNum: a quiet NaN
	// loses to a number; with a signalling NaN operand, or two NaNs, the
	// result is the first NaN operand, quieted; −0 < +0; of two equal
	// operands, a.
	MaxNum MinMaxRule = iota
	MinNum
	// MaxC and MinC are the C conditional (a > b) ? a : b and
	// (a < b) ? a : b: b whenever either operand is a NaN (returned as it
	// is) or the comparison is false, so −0 and +0 give b.
	MaxC
	MinC
	// MaxJ and MinJ are Java's Math.max and Math.min: the first NaN
	// operand as it is (not quieted); −0 < +0.
	MaxJ
	MinJ
)

// MinMax sets r to the operand of a and b (encodings in format f) that
// rule chooses, or the quieted NaN MaxNum and MinNum return. A signalling
// NaN operand signals InvalidSNaN under every rule; nothing else is
// signalled, and nothing is rounded.
func MinMax(r *Result, f Format, a, b Bits, rule MinMaxRule) {
	*r = Result{}
	ca, cb := f.Classify(a), f.Classify(b)
	if ca == SNaN || cb == SNaN {
		r.Flags = InvalidSNaN
	}
	max := rule == MaxNum || rule == MaxC || rule == MaxJ
	if ca.IsNaN() || cb.IsNaN() {
		switch rule {
		case MaxC, MinC:
			r.Bits = b
		case MaxJ, MinJ:
			r.Bits = b
			if ca.IsNaN() {
				r.Bits = a
			}
		default:
			switch {
			case r.Flags == 0 && !ca.IsNaN():
				r.Bits = a
			case r.Flags == 0 && !cb.IsNaN():
				r.Bits = b
			default:
				x := f.Unpack(b)
				if ca.IsNaN() {
					x = f.Unpack(a)
				}
				r.Bits = nanBits(f, x.Neg, x.Hi, x.Lo)
			}
		}
		return
	}
	if ca == Zero && cb == Zero && rule != MaxC && rule != MinC {
		// −0 < +0: the maximum is −0 only if both are; the minimum +0
		// only if both are.
		if f.SignBit(a) == max {
			r.Bits = b
		} else {
			r.Bits = a
		}
		return
	}
	o := compareBits(f, a, b, ca, cb)
	var first bool
	switch rule {
	case MaxC:
		first = o == Greater
	case MinC:
		first = o == Less
	case MaxNum, MaxJ:
		first = o != Less
	default:
		first = o != Greater
	}
	if first {
		r.Bits = a
	} else {
		r.Bits = b
	}
}

// compareBits orders the non-NaN encodings a and b (classes ca, cb) of
// format f as Compare does (−0 = +0), without unpacking them up to 64 bits.
func compareBits(f Format, a, b Bits, ca, cb Class) Order {
	if f == Binary128 {
		o, _ := Compare(f.Unpack(a), f.Unpack(b), false)
		return o
	}
	ka, kb := orderKey(f, a.Lo, ca), orderKey(f, b.Lo, cb)
	switch {
	case ka < kb:
		return Less
	case ka > kb:
		return Greater
	}
	return Equal
}

// orderKey maps a non-NaN encoding x of class c of a format of at most 64
// bits to an integer of the same order (both zeros to 0): the encodings of
// positive values ascend with their magnitude.
func orderKey(f Format, x uint64, c Class) int64 {
	if c == Zero {
		return 0
	}
	w := uint(formats[f].width)
	mag := int64(x & (1<<(w-1) - 1))
	if x>>(w-1)&1 != 0 {
		return -mag
	}
	return mag
}

// TestDiv is the Power ISA software-divide test of a ÷ b (encodings in
// format f; ftdiv, xstdivdp, xvtdivdp, xvtdivsp): fe reports that the
// quotient may need special handling (an infinity or NaN operand, b zero,
// or exponents such that the quotient or a Newton-Raphson step may
// overflow, underflow or lose precision); fg that b is an infinity, a zero
// or a denormal. The exponents are unbiased (e_min − 1 for zeros and
// denormals): fe when e_b ≤ e_min or e_b ≥ e_max − 2, or for a non-zero a
// when e_a − e_b ≥ e_max, e_a − e_b ≤ e_min + 1 or e_a ≤ e_min + p − 2
// (p: the precision; −970 for binary64).
func TestDiv(f Format, a, b Bits) (fe, fg bool) {
	ca, cb := f.Classify(a), f.Classify(b)
	if ca == Inf || cb == Inf || cb == Zero {
		return true, true
	}
	d := &formats[f]
	emin := 1 - d.emax
	ea, eb := biasedExp(f, a)-d.emax, biasedExp(f, b)-d.emax
	switch {
	case ca.IsNaN() || cb.IsNaN():
		fe = true
	case eb <= emin || eb >= d.emax-2:
		fe = true
	case ca != Zero && (ea-eb >= d.emax || ea-eb <= emin+1 || ea <= emin+d.prec-1):
		fe = true
	}
	return fe, cb == Subnormal
}

// TestSqrt is the Power ISA software square-root test of b (ftsqrt,
// xstsqrtdp, xvtsqrtdp, xvtsqrtsp): fe when b is a zero, an infinity, a
// NaN, negative, or its unbiased exponent is at most e_min + p − 2 (−970
// for binary64); fg when b is a zero, an infinity or a denormal.
func TestSqrt(f Format, b Bits) (fe, fg bool) {
	c := f.Classify(b)
	if c == Inf || c == Zero {
		return true, true
	}
	d := &formats[f]
	eb := biasedExp(f, b) - d.emax
	fe = c.IsNaN() || f.SignBit(b) || eb <= 1-d.emax+d.prec-1
	return fe, c == Subnormal
}

// biasedExp is the exponent field of b.
func biasedExp(f Format, b Bits) int {
	_, e, _, _ := f.fields(b)
	return e
}

// RoundPrec sets r to a rounded to prec significant bits (at most f's
// precision) in mode m, with f's exponent range: a value below f's
// smallest normal keeps only the bits down to 2^(e_min − prec + 1), as in
// a format of precision prec that shares f's exponent range. The result is
// encoded in f. NaNs propagate quieted, their payload cut to the
// prec − 1 fraction bits of the narrower format; zeros and infinities pass
// unchanged; Overflow, Underflow (tiny and inexact), Inexact, RoundedUp
// and Tiny are those of the narrower rounding.
func RoundPrec(r *Result, f Format, a Value, prec int, m Mode) {
	*r = Result{}
	switch {
	case a.Class.IsNaN():
		a.Hi, a.Lo = shr128(a.Hi, a.Lo, 128-(prec-1))
		a.Hi, a.Lo = shl128(a.Hi, a.Lo, 128-(prec-1))
		Propagate(r, f, a)
		return
	case !a.Class.nonZeroFinite():
		r.Bits = f.Pack(a)
		return
	}
	emin := f.Emin()
	shift, tiny := 128-prec, false
	if a.Exp < emin {
		tiny = true
		shift += emin - a.Exp
	}
	kh, kl, inexact, inc := roundShift(a.Hi, a.Lo, shift, a.Neg, m)
	if m == ToOdd && inexact && kl&1 == 0 {
		kl |= 1
		inc = true // the magnitude grew; the bit is set, not added
	} else if inc {
		kh, kl = add128(kh, kl, 0, 1)
	}
	if kh|kl == 0 {
		r.Bits = signBits(f, a.Neg)
	} else {
		// k × 2^(a.Exp − 127 + shift), re-encoded exactly (or overflowing).
		n := lz128(kh, kl)
		kh, kl = shl128(kh, kl, n)
		round(r, f, m, a.Neg, a.Exp+shift-n, kh, kl)
	}
	r.Tiny = tiny
	// Scaled rounds the exact a again at prec bits (an enabled underflow
	// or overflow: the adjusted exponent, the full prec-bit significand).
	r.rounded, r.neg, r.exp, r.hi, r.lo, r.f, r.mode, r.prec = true, a.Neg, a.Exp, a.Hi, a.Lo, f, m, prec
	if inexact {
		r.Flags |= Inexact
		r.RoundedUp = r.RoundedUp || inc
		if tiny {
			r.Flags |= Underflow
		}
	}
}
