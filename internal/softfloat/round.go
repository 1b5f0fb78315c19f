package softfloat

// Mode is a rounding direction.
type Mode uint8

// The rounding modes. The first four are numbered as the Power ISA's
// FPSCR[RN] field numbers them, but callers should map explicitly.
const (
	NearestEven Mode = iota // round to nearest, ties to even
	TowardZero              // round toward zero (truncate)
	Up                      // round toward +∞
	Down                    // round toward −∞
	NearestAway             // round to nearest, ties away from zero
	ToOdd                   // round to odd: truncate, then set the last bit if inexact
)

// Flags are IEEE 754 exception flags, the invalid-operation exception
// split by cause.
type Flags uint16

// The flags.
const (
	InvalidSNaN    Flags = 1 << iota // an operand is a signalling NaN
	InvalidISI                       // ∞ − ∞ (magnitude subtraction of infinities)
	InvalidIMZ                       // ∞ × 0
	InvalidZDZ                       // 0 ÷ 0
	InvalidIDI                       // ∞ ÷ ∞
	InvalidSqrt                      // square root of a number below zero
	InvalidCVI                       // conversion to integer of a NaN, ∞ or out-of-range value
	InvalidCompare                   // ordered (signalling) comparison involving a NaN
	DivByZero                        // a finite non-zero number divided by zero
	Overflow                         // the rounded result exceeds the largest finite number
	Underflow                        // tiny (before rounding) and inexact
	Inexact                          // the result differs from the exact value

	// Invalid is every invalid-operation cause.
	Invalid = InvalidSNaN | InvalidISI | InvalidIMZ | InvalidZDZ | InvalidIDI |
		InvalidSqrt | InvalidCVI | InvalidCompare
)

// Result is the outcome of an operation.
type Result struct {
	Bits  Bits  // the result's encoding in the destination format
	Flags Flags // the exceptions the operation signals
	// RoundedUp: rounding increased the magnitude of the result (the
	// Power ISA's FR). Inexact (FI) is in Flags.
	RoundedUp bool
	// Tiny: the exact non-zero result was below the smallest normal
	// magnitude before rounding, inexact or not. Underflow in Flags is
	// Tiny and Inexact.
	Tiny bool

	// The exact value that was rounded, for Scaled.
	rounded bool
	neg     bool
	exp     int
	hi, lo  uint64
	f       Format
	mode    Mode
	prec    int // RoundPrec's precision (0: f's)
}

// Scaled rounds the exact value behind r again with its exponent raised by
// adjust (negative: lowered), in r's format and mode (and, for a RoundPrec
// result, at its precision): the result a trapped
// overflow (adjust = −f.Adjust()) or underflow (adjust = f.Adjust())
// delivers. A result that was not rounded from an exact value (a NaN, an
// infinity, an exact zero) is returned unchanged.
func (r *Result) Scaled(adjust int) Result {
	if !r.rounded {
		return *r
	}
	var s Result
	if r.prec != 0 {
		// A RoundPrec result: the exact value again at that precision.
		RoundPrec(&s, r.f, makeValue(Normal, r.neg, r.exp+adjust, r.hi, r.lo), r.prec, r.mode)
		return s
	}
	round(&s, r.f, r.mode, r.neg, r.exp+adjust, r.hi, r.lo)
	return s
}

// WideSingle is, for a Binary32 result r rounded from an exact value, that
// value rounded to single precision (24 bits) in r's mode with an unbounded
// exponent, the exponent then raised by adjust, as a binary64 encoding: the
// Power ISA's FPR image of an enabled single-precision overflow or
// underflow whose adjusted exponent is still outside single range (Book I,
// the round-to-single-precision model: "exp ← exp − 192", written in double
// format). ok is false when r is not such a result or the adjusted exponent
// is outside double range too.
func (r *Result) WideSingle(adjust int) (bits uint64, inexact, roundedUp, ok bool) {
	if !r.rounded || r.f != Binary32 {
		return 0, false, false, false
	}
	_, kl, inexact, inc := roundShift(r.hi, r.lo, 128-24, r.neg, r.mode)
	e := r.exp
	if r.mode == ToOdd && inexact && kl&1 == 0 {
		kl |= 1
		roundedUp = true
	}
	if inc {
		kl++
		roundedUp = true
		if kl>>24 != 0 {
			kl >>= 1
			e++
		}
	}
	e += adjust
	if e < -1022 || e > 1023 {
		return 0, false, false, false
	}
	bits = uint64(e+1023)<<52 | (kl&(1<<23-1))<<29
	if r.neg {
		bits |= 1 << 63
	}
	return bits, inexact, roundedUp, true
}

// SetExact makes r an exact result that was computed elsewhere and is
// already representable (for example by a host's native arithmetic), so
// that it carries it the same way as a rounded one: bits, inexact and
// rounded-up. (It sets r in place: building a Result and copying it costs
// a store-forwarding stall on the FP fast path.)
func (r *Result) SetExact(b Bits, inexact, roundedUp bool) {
	*r = Result{}
	r.Bits, r.RoundedUp = b, roundedUp
	if inexact {
		r.Flags = Inexact
	}
}

// round rounds (−1)^neg × (hi:lo)/2^127 × 2^exp (bit 127 of hi:lo set; bit
// 0 may stand for any non-zero amount below it: a sticky bit) to format f
// in mode m, into r.
func round(r *Result, f Format, m Mode, neg bool, exp int, hi, lo uint64) {
	d := &formats[f]
	*r = Result{rounded: true, neg: neg, exp: exp, hi: hi, lo: lo, f: f, mode: m}
	e := exp
	emin := 1 - d.emax
	shift := 128 - d.prec
	if e < emin {
		r.Tiny = true
		shift += emin - e
		e = emin
	}
	kh, kl, inexact, inc := roundShift(hi, lo, shift, neg, m)
	if m == ToOdd && inexact && kl&1 == 0 {
		kl |= 1
		r.RoundedUp = true
	}
	if inc {
		kh, kl = add128(kh, kl, 0, 1)
		r.RoundedUp = true
		// A carry out of the precision: the significand is 2^prec.
		if f == Binary128 && kh>>49 != 0 || f != Binary128 && kl>>uint(d.prec) != 0 {
			kh, kl = shr128(kh, kl, 1)
			e++
		}
	}
	if inexact {
		r.Flags |= Inexact
		if r.Tiny {
			r.Flags |= Underflow
		}
	}
	if e > d.emax {
		r.Flags |= Overflow | Inexact
		toInf := m == NearestEven || m == NearestAway || (m == Up && !neg) || (m == Down && neg)
		r.RoundedUp = toInf
		if toInf {
			r.Bits = infBits(f, neg)
		} else {
			r.Bits = f.MaxFinite(neg)
		}
		return
	}
	// Normal when the implicit bit position is set: add the biased
	// exponent minus one (the implicit bit supplies the one).
	s := signBits(f, neg)
	fb := uint(d.prec - 1)
	if f == Binary128 {
		if kh>>48 != 0 {
			kh += uint64(e+d.emax-1) << 48
		}
	} else if kl>>fb != 0 {
		kl += uint64(e+d.emax-1) << fb
	}
	r.Bits = Bits{Hi: kh | s.Hi, Lo: kl | s.Lo}
}

// roundShift rounds hi:lo >> shift to an integer in mode m (neg: the sign
// of the value, for the directed modes). It reports whether bits were lost
// and whether the integer must be incremented (not yet done; ToOdd never
// increments: its caller sets the last bit).
func roundShift(hi, lo uint64, shift int, neg bool, m Mode) (kh, kl uint64, inexact, inc bool) {
	var half, rest bool
	switch {
	case shift == 0:
	case shift < 64:
		kh, kl = hi>>uint(shift), lo>>uint(shift)|hi<<uint(64-shift)
		half = lo>>uint(shift-1)&1 != 0
		rest = lo<<uint(65-shift) != 0
	case shift == 64:
		kl = hi
		half = lo>>63 != 0
		rest = lo<<1 != 0
	case shift < 128:
		kl = hi >> uint(shift-64)
		half = hi>>uint(shift-65)&1 != 0
		rest = hi<<uint(129-shift) != 0 || lo != 0
	case shift == 128:
		half = hi>>63 != 0
		rest = hi<<1 != 0 || lo != 0
	default:
		rest = hi|lo != 0
	}
	if shift == 0 {
		return hi, lo, false, false
	}
	inexact = half || rest
	switch m {
	case NearestEven:
		inc = half && (rest || kl&1 != 0)
	case Up:
		inc = inexact && !neg
	case Down:
		inc = inexact && neg
	case NearestAway:
		inc = half
	}
	return kh, kl, inexact, inc
}
