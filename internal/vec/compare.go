package vec

import "math/bits"

// Integer compares (Power ISA 3.1B Book I 6.9.3). Each element of the
// result is all ones where the relation holds, else 0. For the record
// forms, Summary gives the CR6 value.

// Summary returns the CR field of a vector compare with Rc=1: 0b1000 if
// every element of r is all ones, 0b0010 if every element is 0 (r holds
// only all-ones or zero elements, so whole-register tests suffice).
func Summary(r V) uint32 {
	switch {
	case r.Hi&r.Lo == ^uint64(0):
		return 8
	case r.Hi|r.Lo == 0:
		return 2
	}
	return 0
}

func cmpMask(t bool) uint64 {
	if t {
		return ^uint64(0)
	}
	return 0
}

// CompareEqual is vcmpequ{b,h,w,d,q}.
func CompareEqual(a, b V, w int) V {
	if w == 16 {
		m := cmpMask(a == b)
		return V{Hi: m, Lo: m}
	}
	h := laneHigh[w&15]
	return V{Hi: zeroLanes(a.Hi^b.Hi, h), Lo: zeroLanes(a.Lo^b.Lo, h)}
}

// zeroLanes sets each lane of the result to all ones where the lane of x
// is 0; h has the most significant bit of each lane set (laneHigh).
func zeroLanes(x, h uint64) uint64 {
	// The high bit of each lane is set iff the lane is non-zero: the low
	// bits plus all-ones-but-the-high-bit carry into it unless all 0.
	nz := (x&^h + ^h | x) & h
	return fillLanes(nz^h, h)
}

// fillLanes widens each lane's high bit in t (t&h) to the whole lane.
func fillLanes(t, h uint64) uint64 {
	t &= h
	// Subtracting a 1 at each marked lane's low end sets the bits below its
	// high bit and clears that bit; or it back.
	return t | (t - t>>(bits.Len64(h&-h)-1))
}

// ltLanes has the high bit of each lane set where the lane of x is below
// that of y, unsigned: the borrow out of the lane-wise x - y.
func ltLanes(x, y, h uint64) uint64 {
	return (^x&y | ^(x^y)&swarSub(x, y, h)) & h
}

// CompareGreater is vcmpgt{s,u}{b,h,w,d,q}.
func CompareGreater(a, b V, w int, signed bool) V {
	if w == 16 {
		var t bool
		if signed {
			t = lessSigned128(b, a)
		} else {
			t = less128(b, a)
		}
		m := cmpMask(t)
		return V{Hi: m, Lo: m}
	}
	return V{Hi: lessMask(b.Hi, a.Hi, w, signed), Lo: lessMask(b.Lo, a.Lo, w, signed)}
}

// lessMask sets each w-byte lane (w ≤ 8) of the result to all ones where
// the lane of x is below that of y, signed or unsigned.
func lessMask(x, y uint64, w int, signed bool) uint64 {
	h := laneHigh[w&15]
	if signed { // flipping the sign bits orders signed lanes as unsigned
		x ^= h
		y ^= h
	}
	return fillLanes(ltLanes(x, y, h), h)
}

// CompareNotEqual is vcmpne{b,h,w}.
func CompareNotEqual(a, b V, w int) V {
	e := CompareEqual(a, b, w)
	return V{Hi: ^e.Hi, Lo: ^e.Lo}
}

// CompareNotEqualOrZero is vcmpnez{b,h,w}: elements that differ or where
// either is 0.
func CompareNotEqualOrZero(a, b V, w int) V {
	h := laneHigh[w&15]
	f := func(x, y uint64) uint64 { return ^zeroLanes(x^y, h) | zeroLanes(x, h) | zeroLanes(y, h) }
	return V{Hi: f(a.Hi, b.Hi), Lo: f(a.Lo, b.Lo)}
}

// CompareQuad is vcmpsq (signed) and vcmpuq: the CR field LT/GT/EQ of a
// against b (SO is 0).
func CompareQuad(a, b V, signed bool) uint32 {
	var lt bool
	if signed {
		lt = lessSigned128(a, b)
	} else {
		lt = less128(a, b)
	}
	switch {
	case lt:
		return 8
	case a == b:
		return 2
	}
	return 4
}
