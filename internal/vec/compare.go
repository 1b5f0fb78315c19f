package vec

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
	if w == 1 {
		return V{Hi: eqBytes(a.Hi ^ b.Hi), Lo: eqBytes(a.Lo ^ b.Lo)}
	}
	return compareEqualWide(a, b, w)
}

func compareEqualWide(a, b V, w int) V {
	if w == 16 {
		m := cmpMask(a == b)
		return V{Hi: m, Lo: m}
	}
	return map2(a, b, w, func(x, y uint64) uint64 { return cmpMask(x == y) })
}

// eqBytes sets each byte of the result to 0xff where the byte of x is 0.
func eqBytes(x uint64) uint64 {
	const lo7 = 0x7f7f7f7f7f7f7f7f
	// High bit of each byte set iff the byte is non-zero.
	nz := (x&lo7 + lo7 | x) & 0x8080808080808080
	z := nz ^ 0x8080808080808080
	return z >> 7 * 0xff
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
	return map2(a, b, w, func(x, y uint64) uint64 { return cmpMask(lessElem(y, x, w, signed)) })
}

// CompareNotEqual is vcmpne{b,h,w}.
func CompareNotEqual(a, b V, w int) V {
	e := CompareEqual(a, b, w)
	return V{Hi: ^e.Hi, Lo: ^e.Lo}
}

// CompareNotEqualOrZero is vcmpnez{b,h,w}: elements that differ or where
// either is 0.
func CompareNotEqualOrZero(a, b V, w int) V {
	return map2(a, b, w, func(x, y uint64) uint64 { return cmpMask(x != y || x == 0 || y == 0) })
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
