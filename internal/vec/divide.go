package vec

import "math/bits"

// Divide and modulo (ISA 3.1: vdiv[e]{s,u}{w,d,q}, vmod{s,u}{w,d,q}). The
// ISA leaves an element's result undefined for a zero divisor, for the most
// negative dividend divided by -1 (signed), and for an extended divide
// whose quotient does not fit in the element. The kernel reports those
// elements in undef (bit i for element i); among them, special marks the
// zero divisors and most-negative ÷ -1 cases. In an undefined element it
// leaves the quotient of the exact division truncated to the element
// (wrapping), or 0 for a zero divisor; the caller decides what to keep.

// divu256 divides the 256-bit value hi:lo by d ≠ 0, returning the low 128
// bits of the quotient, the remainder, and whether the quotient needed more
// than 128 bits.
func divu256(hi, lo, d V) (q, r V, wide bool) {
	for i := 255; i >= 0; i-- {
		top := r.Hi >> 63
		r = shl128(r, 1)
		if i >= 128 {
			r.Lo |= shr128(hi, uint(i-128)).Lo & 1
		} else {
			r.Lo |= shr128(lo, uint(i)).Lo & 1
		}
		if top != 0 || !less128(r, d) {
			r, _ = add128(r, not128(d), 1)
			if i >= 128 {
				wide = true
			} else {
				q = Or(q, shl128(V{Lo: 1}, uint(i)))
			}
		}
	}
	return q, r, wide
}

// Divide is vdiv{s,u}{w,d,q} (extended = false) and vdive{s,u}{w,d,q}
// (extended: the dividend is a shifted left by the element width). With
// modulo it is vmod{s,u}{w,d,q}, the remainder of the plain divide.
func Divide(a, b V, w int, signed, extended, modulo bool) (r V, undef, special uint16) {
	if w == 16 {
		q, u, s := divide128(a, b, signed, extended, modulo)
		if u {
			undef = 1
		}
		if s {
			special = 1
		}
		return q, undef, special
	}
	x, n := elems(a, w)
	y, _ := elems(b, w)
	for i := range n {
		v, u, s := divideElem(x[i], y[i], w, signed, extended, modulo)
		x[i] = v
		if u {
			undef |= 1 << i
		}
		if s {
			special |= 1 << i
		}
	}
	return fromElems(&x, w), undef, special
}

func divideElem(x, y uint64, w int, signed, extended, modulo bool) (q uint64, undef, special bool) {
	if y == 0 {
		return 0, true, true
	}
	bw := uint(8 * w)
	m := mask(w)
	if !signed {
		switch {
		case modulo:
			return x % y, false, false
		case !extended:
			return x / y, false, false
		case w == 8:
			// (x·2^64) / y: the high part of the quotient is x / y.
			qh, rem := x/y, x%y
			ql, _ := bits.Div64(rem, 0, y)
			return ql, qh != 0, false
		}
		q = x << bw / y
		return q & m, q > m, false
	}
	sx, sy := sext(x, w), sext(y, w)
	minV := int64(-1) << (bw - 1)
	if sx == minV && sy == -1 {
		special = true
	}
	if !extended {
		if special {
			// The quotient 2^(bw-1) does not fit; wrapped it is x again,
			// and the remainder is 0.
			if modulo {
				return 0, true, true
			}
			return x, true, true
		}
		if modulo {
			return uint64(sx%sy) & m, false, false
		}
		return uint64(sx/sy) & m, false, false
	}
	// Extended signed: (sx·2^bw) / sy.
	neg := (sx < 0) != (sy < 0)
	ax, ay := abs64(sx), abs64(sy)
	var mag V // |quotient| as 128 bits
	if w == 8 {
		qh, rem := ax/ay, ax%ay
		ql, _ := bits.Div64(rem, 0, ay)
		mag = V{Hi: qh, Lo: ql}
	} else {
		mag = V{Lo: ax << bw / ay}
	}
	qv := mag
	if neg {
		qv = neg128(mag)
	}
	// Fits if -2^(bw-1) ≤ q < 2^(bw-1).
	limit := shl128(V{Lo: 1}, bw-1)
	fits := less128(mag, limit) || neg && mag == limit
	return qv.Lo & m, !fits, special
}

func abs64(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}

func isZero128(a V) bool { return a.Hi|a.Lo == 0 }

func abs128(a V) V {
	if int64(a.Hi) < 0 {
		return neg128(a)
	}
	return a
}

func divide128(a, b V, signed, extended, modulo bool) (r V, undef, special bool) {
	if isZero128(b) {
		return V{}, true, true
	}
	var hi, lo V
	if extended {
		hi = a
	} else {
		lo = a
	}
	if !signed {
		q, rem, wide := divu256(hi, lo, b)
		if modulo {
			return rem, false, false
		}
		return q, wide, false
	}
	minQ := V{Hi: 1 << 63}
	ones := V{Hi: ^uint64(0), Lo: ^uint64(0)}
	special = a == minQ && b == ones
	negA, negB := int64(a.Hi) < 0, int64(b.Hi) < 0
	ax, ay := abs128(a), abs128(b)
	if extended {
		hi, lo = ax, V{}
	} else {
		hi, lo = V{}, ax
	}
	q, rem, wide := divu256(hi, lo, ay)
	if modulo {
		if negA {
			rem = neg128(rem)
		}
		return rem, special, special
	}
	neg := negA != negB
	fits := !wide && (less128(q, minQ) || neg && q == minQ)
	if neg {
		q = neg128(q)
	}
	return q, !fits, special
}
