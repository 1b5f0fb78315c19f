package vec

import "math/bits"

// Divide and modulo (ISA 3.1: vdiv[e]{s,u}{w,d,q}, vmod{s,u}{w,d,q}). The
// ISA leaves the element result undefined for a zero divisor, for the
// most negative dividend divided by -1 (signed), and for an extended
// divide whose quotient does not fit in the element. The kernels compute
// every defined element and report the undefined ones in a bit mask
// (bit i for element i), leaving 0 in them; the caller decides their value.

// divu128 divides the 256-bit value hi:lo by d (hi < d, d ≠ 0) into a
// 128-bit quotient and remainder.
func divu128(hi, lo, d V) (q, r V) {
	r = hi
	for i := 127; i >= 0; i-- {
		top := r.Hi >> 63
		r = shl128(r, 1)
		r.Lo |= shr128(lo, uint(i)).Lo & 1
		if top != 0 || !less128(r, d) {
			r, _ = add128(r, not128(d), 1)
			q = q.WithDW(1-i/64, q.DW(1-i/64)|1<<(uint(i)%64))
		}
	}
	return q, r
}

// Divide is vdiv{s,u}{w,d,q} (extended = false) and vdive{s,u}{w,d,q}
// (extended: the dividend is a shifted left by the element width). With
// modulo it is vmod{s,u}{w,d,q}, the remainder of the plain divide.
func Divide(a, b V, w int, signed, extended, modulo bool) (r V, undef uint16) {
	if w == 16 {
		q, u := divide128(a, b, signed, extended, modulo)
		if u {
			return V{}, 1
		}
		return q, 0
	}
	x, n := elems(a, w)
	y, _ := elems(b, w)
	for i := range n {
		v, u := divideElem(x[i], y[i], w, signed, extended, modulo)
		x[i] = v
		if u {
			x[i] = 0
			undef |= 1 << i
		}
	}
	return fromElems(&x, w), undef
}

func divideElem(x, y uint64, w int, signed, extended, modulo bool) (uint64, bool) {
	if y == 0 {
		return 0, true
	}
	bitsW := uint(8 * w)
	if !signed {
		if !extended {
			if modulo {
				return x % y, false
			}
			return x / y, false
		}
		if x >= y { // quotient ≥ 2^bitsW
			return 0, true
		}
		if w == 8 {
			q, _ := bits.Div64(x, 0, y)
			return q, false
		}
		return x << bitsW / y, false
	}
	sx, sy := sext(x, w), sext(y, w)
	minV := int64(-1) << (bitsW - 1)
	if !extended {
		if sx == minV && sy == -1 {
			return 0, true
		}
		if modulo {
			return uint64(sx % sy), false
		}
		return uint64(sx / sy), false
	}
	// Extended signed: (sx × 2^bitsW) / sy must fit in bitsW bits.
	ax, ay := abs64(sx), abs64(sy)
	if ax >= ay && ax != 0 {
		return 0, true
	}
	var q uint64
	if w == 8 {
		q, _ = bits.Div64(ax, 0, ay)
	} else {
		q = ax << bitsW / ay
	}
	neg := (sx < 0) != (sy < 0)
	limit := uint64(1) << (bitsW - 1) // |min|
	if neg && q > limit || !neg && q >= limit {
		return 0, true
	}
	if neg {
		q = -q
	}
	return q & mask(w), false
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

func divide128(a, b V, signed, extended, modulo bool) (V, bool) {
	if isZero128(b) {
		return V{}, true
	}
	if !signed {
		if !extended {
			q, r := divu128(V{}, a, b)
			if modulo {
				return r, false
			}
			return q, false
		}
		if !less128(a, b) {
			return V{}, true
		}
		q, _ := divu128(a, V{}, b)
		return q, false
	}
	minQ := V{Hi: 1 << 63}
	negA, negB := int64(a.Hi) < 0, int64(b.Hi) < 0
	ax, ay := abs128(a), abs128(b)
	if !extended {
		if a == minQ && b == (V{Hi: ^uint64(0), Lo: ^uint64(0)}) {
			return V{}, true
		}
		q, r := divu128(V{}, ax, ay)
		if modulo {
			if negA {
				r = neg128(r)
			}
			return r, false
		}
		if negA != negB {
			q = neg128(q)
		}
		return q, false
	}
	if !less128(ax, ay) && !isZero128(ax) {
		return V{}, true
	}
	q, _ := divu128(ax, V{}, ay)
	neg := negA != negB
	if neg && less128(minQ, q) || !neg && !less128(q, minQ) {
		return V{}, true
	}
	if neg {
		q = neg128(q)
	}
	return q, false
}
