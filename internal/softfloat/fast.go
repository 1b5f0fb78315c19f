package softfloat

import "math"

// The native fast path: binary64 and binary32 results in round to nearest,
// ties to even, computed with the host's IEEE 754 double arithmetic (Go
// guarantees correctly rounded float64 +, −, ×, ÷, math.Sqrt and math.FMA,
// and a float64 → float32 conversion that rounds to nearest even), with the
// inexact and rounded-up flags derived from exact error terms. Fast64 and
// Narrow32 accept only operands and results whose exponents keep every
// error term exact and every result normal and finite; outside that range
// they report !ok and the caller takes the exact path (Add, Mul, FMA, …),
// which gives the same result there bit for bit.

// FastOp is an operation of the fast path.
type FastOp uint8

// The fast-path operations; FastFMA is x×y + z with one rounding (the
// caller negates z for a multiply-subtract and the result for the
// negative forms: round to nearest is symmetric).
const (
	FastAdd FastOp = iota + 1
	FastSub
	FastMul
	FastDiv
	FastSqrt
	FastFMA
)

// Unbiased binary64 exponent bounds of the fast path (generated code
// checks them too: emulate's native_fp.go). An operand of add,
// subtract or square root, and every result, lies in [2^−FastExp,
// 2^(FastExp+1)); an operand of multiply, divide or FMA in [2^−FastExpMul,
// 2^(FastExpMul+1)), so that a product or quotient stays inside the first
// range too. Error terms are then at least 2^−1010 or exactly zero (no
// underflow), and no sum or product overflows.
const (
	FastExp    = 900
	FastExpMul = 440
)

// fastIn reports whether the unbiased exponent of the double a lies in
// [−lim, lim] (zeros, subnormals, infinities and NaNs do not).
func fastIn(a float64, lim int) bool {
	return uint(int(math.Float64bits(a)>>52&0x7ff)-1023+lim) <= uint(2*lim)
}

// Fast64 is op(x, y, z) rounded to binary64, round to nearest even: v, and
// err, a value with the sign of the exact result minus v, zero exactly
// when v is exact. y is unused by FastSqrt, z by all but FastFMA. It
// reports !ok (v and err meaningless) outside the fast path's range: a
// zero, subnormal, infinite or NaN operand, the square root of a negative
// number, an operand or result exponent beyond the bounds above.
func Fast64(op FastOp, x, y, z float64) (v, err float64, ok bool) {
	switch op {
	case FastAdd, FastSub:
		if !fastIn(x, FastExp) || !fastIn(y, FastExp) {
			return 0, 0, false
		}
		if op == FastSub {
			y = -y
		}
		v = x + y
		// TwoSum (Knuth): exact − v, exactly, in any binary format
		// without overflow.
		bv := v - x
		err = (x - (v - bv)) + (y - bv)
	case FastMul:
		if !fastIn(x, FastExpMul) || !fastIn(y, FastExpMul) {
			return 0, 0, false
		}
		v = x * y
		err = math.FMA(x, y, -v) // the product's error, exactly (no underflow)
	case FastDiv:
		if !fastIn(x, FastExpMul) || !fastIn(y, FastExpMul) {
			return 0, 0, false
		}
		v = x / y
		// The remainder x − v·y is exact; exact − v = remainder / y.
		err = math.FMA(-v, y, x)
		if y < 0 {
			err = -err
		}
	case FastSqrt:
		if x < 0 || !fastIn(x, FastExp) {
			return 0, 0, false
		}
		v = math.Sqrt(x)
		err = math.FMA(-v, v, x) // x − v², of the sign of √x − v
	case FastFMA:
		if !fastIn(x, FastExpMul) || !fastIn(y, FastExpMul) || !fastIn(z, FastExp) {
			return 0, 0, false
		}
		v = math.FMA(x, y, z)
		err = fmaErr(x, y, z, v)
	default:
		return 0, 0, false
	}
	// v ≠ 0 and inside the range: no overflow, no tiny result (and no
	// signed-zero rule to apply).
	return v, err, fastIn(v, FastExp)
}

// fmaErr is x×y + z − v for v = RN(x×y + z), as a float64 of the same sign
// that is zero only when v is exact: ErrFma of Boldo and Muller ("Exact and
// Approximated Error of the FMA", IEEE Transactions on Computers 60(2),
// 2011), which gives x×y + z = v + r2 + r3 exactly with |r3| ≤
// ulp(r2)/2 in binary64 without underflow; the sign of r2 + r3 rounded is
// then that of the exact error.
func fmaErr(x, y, z, v float64) float64 {
	u1 := x * y
	u2 := math.FMA(x, y, -u1) // x×y = u1 + u2
	a1, a2 := twoSum(z, u2)
	b1, b2 := twoSum(u1, a1)
	g := (b1 - v) + b2
	r2 := g + a2 // Fast2Sum(g, a2)
	r3 := a2 - (r2 - g)
	return r2 + r3
}

// twoSum is s = RN(a + b) and the exact a + b − s.
func twoSum(a, b float64) (s, t float64) {
	s = a + b
	bv := s - a
	return s, (a - (s - bv)) + (b - bv)
}

// Narrow32 rounds v = RN64(exact), with err as Fast64 gives it, to binary32
// as rounding the exact value once would: s (a binary32 value held in a
// float64), inexact (s ≠ exact) and up (|s| > |exact|). Rounding twice is
// rounding once unless v is a binary32 rounding midpoint that is not
// exact: a midpoint is a double, so an exact value and its RN64 never lie
// on two sides of one. It reports !ok for that case and for a v outside
// the normal binary32 range (tiny or near overflow).
func Narrow32(v, err float64) (s float64, inexact, up, ok bool) {
	b := math.Float64bits(v)
	if e := int(b>>52&0x7ff) - 1023; e < -125 || e > 126 {
		return 0, false, false, false
	}
	if b&(1<<29-1) == 1<<28 && err != 0 {
		return 0, false, false, false
	}
	s = float64(float32(v))
	if s != v {
		// s and the exact value lie on the same side of v: a double
		// between them would be nearer the exact value than v.
		return s, true, math.Abs(s) > math.Abs(v), true
	}
	return s, err != 0, err != 0 && (err < 0) != (v < 0), true
}
