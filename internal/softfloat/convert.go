package softfloat

import (
	"cmp"
	"math/bits"
)

// Convert sets r to a rounded to dst in mode m: a conversion between
// formats (NaNs quieted, their payload kept left-aligned) or, with dst a's
// own format, a rounding to a narrower range or precision.
func Convert(r *Result, dst Format, a Value, m Mode) {
	*r = Result{}
	switch {
	case Propagate(r, dst, a):
	case a.Class == Inf:
		r.Bits = infBits(dst, a.Neg)
	case a.Class == Zero:
		r.Bits = signBits(dst, a.Neg)
	default:
		round(r, dst, m, a.Neg, a.Exp, a.Hi, a.Lo)
	}
}

// RoundToInt sets r to a rounded to an integral value in format f, mode
// m. Inexact is set when the value changed (callers whose instruction does
// not signal it ignore it); RoundedUp when the magnitude grew. NaNs
// propagate quieted; infinities and zeros are returned unchanged.
func RoundToInt(r *Result, f Format, a Value, m Mode) {
	*r = Result{}
	switch {
	case Propagate(r, f, a):
		return
	case !a.Class.nonZeroFinite() || a.Exp >= formats[f].prec-1:
		r.Bits = f.Pack(a)
		return
	}
	kh, kl, inexact, inc := roundShift(a.Hi, a.Lo, 127-a.Exp, a.Neg, m)
	if inc {
		kh, kl = add128(kh, kl, 0, 1)
	}
	if inexact {
		r.Flags = Inexact
		r.RoundedUp = inc
	}
	if kh|kl == 0 {
		r.Bits = signBits(f, a.Neg)
		return
	}
	n := lz128(kh, kl)
	kh, kl = shl128(kh, kl, n)
	var x Result
	round(&x, f, m, a.Neg, 127-n, kh, kl) // exact
	r.Bits = x.Bits
}

// ToInt sets r to a converted to a width-bit integer (width 8 to 128),
// signed or unsigned, rounded in mode m: r.Bits is the integer as a 128-bit
// two's complement number. A NaN, an infinity or a value out of range
// signals InvalidCVI (and InvalidSNaN for a signalling NaN) and gives the
// saturated value: the most negative integer (signed) or 0 (unsigned) for a
// NaN, the nearest bound otherwise. A valid conversion that rounded
// signals Inexact, with RoundedUp when the magnitude grew.
func ToInt(r *Result, a Value, width int, signed bool, m Mode) {
	*r = Result{}
	if a.Class == Normal && a.Lo == 0 && a.Exp < 63 && width <= 64 && toInt64(r, a, width, signed, m) {
		return
	}
	// The bounds as magnitudes: max positive, max negative.
	var maxH, maxL, minH, minL uint64
	switch {
	case signed:
		minH, minL = shl128(0, 1, width-1)
		maxH, maxL = sub128(minH, minL, 0, 1)
	default:
		maxH, maxL = shr128(^uint64(0), ^uint64(0), 128-width)
	}
	sat := func(neg bool) {
		r.Flags |= InvalidCVI
		if !neg {
			r.Bits = Bits{maxH, maxL}
			return
		}
		r.Bits.Hi, r.Bits.Lo = sub128(0, 0, minH, minL)
	}
	switch a.Class {
	case SNaN, QNaN:
		if a.Class == SNaN {
			r.Flags = InvalidSNaN
		}
		sat(true)
		return
	case Inf:
		sat(a.Neg)
		return
	case Zero:
		return
	}
	if a.Exp >= 128 {
		sat(a.Neg)
		return
	}
	kh, kl, inexact, inc := roundShift(a.Hi, a.Lo, 127-a.Exp, a.Neg, m)
	if inc {
		kh, kl = add128(kh, kl, 0, 1)
	}
	if a.Neg {
		if kh|kl != 0 && (!signed || less128(minH, minL, kh, kl)) {
			sat(true)
			return
		}
		kh, kl = sub128(0, 0, kh, kl)
	} else if less128(maxH, maxL, kh, kl) {
		sat(false)
		return
	}
	if inexact {
		r.Flags = Inexact
		r.RoundedUp = inc
	}
	r.Bits = Bits{kh, kl}
}

// ToIntBinary64 is ToInt of the binary64 encoding x: a normal value below
// 2^63 goes straight to the 64-bit path without unpacking.
func ToIntBinary64(r *Result, x uint64, width int, signed bool, m Mode) {
	if e := x >> 52 & 0x7ff; e-1 < 1023+62 && width <= 64 { // normal, |x| < 2^63
		*r = Result{}
		if toInt64(r, makeValue(Normal, x>>63 != 0, int(e)-1023, 1<<63|x<<11, 0), width, signed, m) {
			return
		}
	}
	ToInt(r, Binary64.Unpack(B(x)), width, signed, m)
}

// toInt64 is ToInt for a normal value of at most 64 significant bits
// below 2^63 (every binary64 or smaller one in that range) and a result of
// at most 64 bits, in 64-bit arithmetic: the integer part k, the first
// fraction bit (half) and the rest (sticky). It reports false, leaving r
// alone, when the rounded value is out of range (ToInt then saturates).
func toInt64(r *Result, a Value, width int, signed bool, m Mode) bool {
	var k uint64
	var half, rest bool
	switch {
	case a.Exp >= 0: // 1 ≤ |a| < 2^63
		k = a.Hi >> uint(63-a.Exp)
		frac := a.Hi << uint(a.Exp+1)
		half, rest = frac>>63 != 0, frac<<1 != 0
	case a.Exp == -1: // ½ ≤ |a| < 1
		half, rest = true, a.Hi<<1 != 0
	default: // 0 < |a| < ½
		rest = true
	}
	inexact := half || rest
	var inc bool
	switch m {
	case NearestEven:
		inc = half && (rest || k&1 != 0)
	case Up:
		inc = inexact && !a.Neg
	case Down:
		inc = inexact && a.Neg
	case NearestAway:
		inc = half
	}
	if inc {
		k++
	}
	// The largest magnitude: 2^(w−1) − 1 or 2^(w−1) (negative) signed,
	// 2^w − 1 or 0 (negative) unsigned; k < 2^63 + 1 here.
	switch {
	case signed && !a.Neg:
		if k > 1<<uint(width-1)-1 {
			return false
		}
	case signed:
		if k > 1<<uint(width-1) {
			return false
		}
	case a.Neg:
		if k != 0 {
			return false
		}
	case width < 64:
		if k > 1<<uint(width)-1 {
			return false
		}
	}
	if a.Neg && k != 0 {
		r.Bits = Bits{^uint64(0), -k}
	} else {
		r.Bits = Bits{0, k}
	}
	if inexact {
		r.Flags = Inexact
		r.RoundedUp = inc
	}
	return true
}

// FromInt sets r to the 128-bit integer hi:lo (two's complement if signed)
// rounded to dst in mode m. A 64-bit integer is passed sign- or
// zero-extended.
func FromInt(r *Result, dst Format, hi, lo uint64, signed bool, m Mode) {
	*r = Result{}
	neg := signed && hi>>63 != 0
	if neg {
		hi, lo = sub128(0, 0, hi, lo)
	}
	if hi|lo == 0 {
		r.Bits = signBits(dst, false)
		return
	}
	var n int
	if hi == 0 {
		n = 64 + bits.LeadingZeros64(lo)
		hi, lo = lo<<uint(n-64), 0
	} else {
		n = bits.LeadingZeros64(hi)
		hi, lo = shl128(hi, lo, n)
	}
	round(r, dst, m, neg, 127-n, hi, lo)
}

// Order is the result of a comparison.
type Order int8

// The orders.
const (
	Less Order = iota
	Equal
	Greater
	Unordered
)

// Compare compares a and b (−0 = +0). A signalling NaN operand signals
// InvalidSNaN; with signaling set (an ordered comparison), any NaN operand
// also signals InvalidCompare.
func Compare(a, b Value, signaling bool) (Order, Flags) {
	if a.Class.IsNaN() || b.Class.IsNaN() {
		var fl Flags
		if a.Class == SNaN || b.Class == SNaN {
			fl = InvalidSNaN
		}
		if signaling {
			fl |= InvalidCompare
		}
		return Unordered, fl
	}
	if a.Class == Zero && b.Class == Zero {
		return Equal, 0
	}
	// The sign decides unless both have the same one; then magnitudes.
	if a.Neg != b.Neg && !(a.Class == Zero || b.Class == Zero) {
		if a.Neg {
			return Less, 0
		}
		return Greater, 0
	}
	c := cmpMag(&a, &b)
	switch {
	case a.Class == Zero:
		c = -1
		if b.Neg {
			c = 1
		}
		return order(c), 0
	case b.Class == Zero:
		c = 1
		if a.Neg {
			c = -1
		}
		return order(c), 0
	}
	if a.Neg {
		c = -c
	}
	return order(c), 0
}

func order(c int) Order {
	switch {
	case c < 0:
		return Less
	case c > 0:
		return Greater
	}
	return Equal
}

// cmpMag compares the magnitudes of two non-zero non-NaN values.
func cmpMag(a, b *Value) int {
	switch {
	case a.Class == Inf && b.Class == Inf:
		return 0
	case a.Class == Inf:
		return 1
	case b.Class == Inf:
		return -1
	}
	return cmp.Or(cmp.Compare(a.Exp, b.Exp), cmp.Compare(a.Hi, b.Hi), cmp.Compare(a.Lo, b.Lo))
}
