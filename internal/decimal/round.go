package decimal

// Rounding is a decimal rounding mode, numbered as FPSCR[DRN].
type Rounding uint8

// The eight decimal rounding modes (FPSCR[DRN] values).
const (
	HalfEven       Rounding = iota // round to nearest, ties to even
	TowardZero                     // truncate
	TowardPosInf                   // round toward +∞
	TowardNegInf                   // round toward −∞
	HalfAway                       // round to nearest, ties away from 0
	HalfTowardZero                 // round to nearest, ties toward 0
	AwayFromZero                   // round away from 0
	PrepareShorter                 // round to prepare for shorter precision (truncate, then make a last digit 0 or 5 odd)
)

// RMC returns the rounding mode named by an instruction's R and RMC fields
// (drintx, drintn; dqua, dquai and drrnd use R = 0): R = 0 selects ties to
// even, toward zero, ties away from zero or FPSCR[DRN] (drn); R = 1 toward
// +∞, toward −∞, away from zero or ties toward zero.
func RMC(r, rmc int, drn Rounding) Rounding {
	if r&1 == 0 {
		return [4]Rounding{HalfEven, TowardZero, HalfAway, drn}[rmc&3]
	}
	return [4]Rounding{TowardPosInf, TowardNegInf, AwayFromZero, HalfTowardZero}[rmc&3]
}

// Flags are the IEEE exception conditions an operation raised, with the
// Power ISA's invalid-operation causes kept apart (the FPSCR VX* bits).
type Flags uint16

// Exception conditions.
const (
	VXSNAN Flags = 1 << iota // signalling NaN operand
	VXISI                    // ∞ − ∞
	VXIDI                    // ∞ ÷ ∞
	VXZDZ                    // 0 ÷ 0
	VXIMZ                    // ∞ × 0
	VXVC                     // ordered compare with a NaN
	VXCVI                    // invalid conversion or quantize
	OX                       // overflow
	UX                       // underflow
	ZX                       // division by zero
	XX                       // inexact
	FR                       // the result was rounded up in magnitude (FPSCR[FR]; not an exception)

	// Invalid is every invalid-operation cause.
	Invalid = VXSNAN | VXISI | VXIDI | VXZDZ | VXIMZ | VXVC | VXCVI
)

// Context is the environment of an operation: the rounding mode and the
// overflow and underflow enables (FPSCR[OE], FPSCR[UE]), which change the
// result (exponent adjusted by Format.Alpha) as well as the flags.
type Context struct {
	Rounding Rounding
	OE, UE   bool
}

// increment decides whether to add one to the kept coefficient q when
// discarding: half is −1, 0 or +1 as the discarded part is below, exactly
// or above one half unit; nz says it is not zero.
func (rm Rounding) increment(neg bool, q u256, half int, nz bool) bool {
	if !nz {
		return false
	}
	switch rm {
	case HalfEven:
		return half > 0 || half == 0 && q[0]&1 == 1
	case TowardPosInf:
		return !neg
	case TowardNegInf:
		return neg
	case HalfAway:
		return half >= 0
	case HalfTowardZero:
		return half > 0
	case AwayFromZero:
		return true
	case PrepareShorter:
		_, d := q.divmod64(10)
		return d == 0 || d == 5
	}
	return false // TowardZero
}

// maxToward reports whether an overflow in mode rm gives the largest finite
// number rather than infinity.
func (rm Rounding) maxToward(neg bool) bool {
	switch rm {
	case TowardZero, PrepareShorter:
		return true
	case TowardPosInf:
		return neg
	case TowardNegInf:
		return !neg
	}
	return false
}

// Round rounds the exact value (−1)^neg × (c + s) × 10^e, where s is 0 if
// !sticky and strictly between 0 and 1 otherwise, into format f. When
// sticky is set, c must have more than p digits (so the rounding digit is
// exact). It applies the ISA's overflow and underflow rules: results too
// small are rounded at the subnormal exponent (UX if inexact), or with
// ctx.UE rounded normally and their exponent raised by Alpha (UX always);
// results too large give ±∞ or the largest finite number by mode (OX, XX),
// or with ctx.OE their exponent lowered by Alpha (OX); when the adjusted
// exponent is still out of range (a conversion from a wider format), the
// result is as with the enable off. A large exponent of
// a small coefficient is folded down (clamped) by padding with zeros.
func (f *Format) Round(ctx Context, neg bool, c u256, e int, sticky bool) (Number, Flags) {
	p := f.Precision
	n := Number{Neg: neg}
	if c.isZero() && !sticky {
		n.Exp = min(max(e, f.Qmin()), f.Qmax())
		return n, 0
	}
	c0, e0 := c, e
	nd := c.digits()
	tiny := e+nd-1 < f.Emin()
	var fl Flags
	drop := max(nd-p, 0)
	if !(tiny && ctx.UE) && e+drop < f.Qmin() {
		drop = f.Qmin() - e
	}
	inexact := sticky
	if drop > 0 {
		var q, r u256
		half := -1
		if drop > nd {
			q, r = u256{}, c
		} else {
			q, r = c.divPow10(drop)
			// compare r with 5·10^(drop−1)
			h := pow10[drop-1]
			h, _ = h.mul64(5)
			half = r.cmp(h)
			if half == 0 && sticky {
				half = 1
			}
		}
		nz := !r.isZero() || sticky
		inexact = nz
		if ctx.Rounding.increment(neg, q, half, nz) {
			fl |= FR
			q = q.add(u256{1})
			if q.cmp(pow10[p]) == 0 {
				q = pow10[p-1]
				drop++
			}
		}
		c, e = q, e+drop
	}
	if inexact {
		fl |= XX
	}
	if tiny {
		if ctx.UE {
			if e+f.Alpha < f.Qmin() {
				// Still too small after the adjustment (a conversion
				// from a wider format): round as if UE were 0.
				ctx.UE = false
				return f.Round(ctx, neg, c0, e0, sticky)
			}
			fl |= UX
			e += f.Alpha
		} else if inexact {
			fl |= UX
		}
	}
	if !c.isZero() && e+c.digits()-1 > f.Emax {
		fl |= OX
		fl &^= FR
		if ctx.OE && e-f.Alpha+c.digits()-1 <= f.Emax {
			e -= f.Alpha
		} else {
			fl |= XX
			if ctx.Rounding.maxToward(neg) {
				n.Coef = narrow(pow10[p].sub(u256{1}))
				n.Exp = f.Qmax()
			} else {
				n.Class = Infinity
			}
			return n, fl
		}
	}
	if e > f.Qmax() {
		c = c.mulPow10(e - f.Qmax())
		e = f.Qmax()
	}
	n.Coef, n.Exp = narrow(c), e
	return n, fl
}
