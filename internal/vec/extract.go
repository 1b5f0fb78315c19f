package vec

// Extract and insert, string isolate and mask ops (Power ISA 3.1B Book I
// 6.8 and 6.9.7). Where an index reaches past the end of the register, the
// ISA's shift-based definitions bring in zeros; the kernels follow them.

// ExtractElem is vextractub, vextractuh, vextractuw, vextractd: the w bytes
// of b starting at byte i, zero-extended into doubleword 0; doubleword 1
// is 0.
func ExtractElem(b V, i, w int) V {
	s := shl128(b, uint(i&15)*8)
	return V{Hi: s.Hi >> (64 - 8*uint(w))}
}

// InsertElem is vinsertb, vinserth, vinsertw, vinsertd: the w bytes of b
// ending at byte 7 replace bytes i…i+w-1 of t (bytes past 15 are dropped).
func InsertElem(t, b V, i, w int) V {
	return insertBytes(t, b.Hi&mask(w), i, w)
}

// insertBytes writes the low w bytes of x into t at bytes i…i+w-1,
// dropping those past byte 15.
func insertBytes(t V, x uint64, i, w int) V {
	i &= 15
	x &= mask(w)
	// Place x so that its top byte lands at byte i of a 128-bit value.
	pos := 128 - 8*uint(i) - 8*uint(w) // shift left of x in the 128-bit value
	var v, m V
	if int(pos) >= 0 {
		v = shl128(V{Lo: x}, pos)
		m = shl128(V{Lo: mask(w)}, pos)
	} else {
		v = shr128(V{Lo: x}, -pos)
		m = shr128(V{Lo: mask(w)}, -pos)
	}
	return Or(AndC(t, m), v)
}

// ExtractLeft is vextublx, vextuhlx, vextuwlx: the w bytes of b from byte
// index (RA's low 4 bits), zero-extended.
func ExtractLeft(b V, index uint64, w int) uint64 {
	return shl128(b, uint(index&15)*8).Hi >> (64 - 8*uint(w))
}

// ExtractRight is vextubrx, vextuhrx, vextuwrx: the w bytes of b ending at
// byte 15 - index, zero-extended.
func ExtractRight(b V, index uint64, w int) uint64 {
	return shr128(b, uint(index&15)*8).Lo & mask(w)
}

// ExtractDoubleLeft is vextdubvlx, vextduhvlx, vextduwvlx, vextddvlx: the
// w bytes of a‖b from byte index (RC's low 5 bits), zero-extended into
// doubleword 0 (doubleword 1 is 0).
func ExtractDoubleLeft(a, b V, index uint64, w int) V {
	i := int(index & 31)
	x, y := Bytes(a), Bytes(b)
	var all [40]uint8
	copy(all[:16], x[:])
	copy(all[16:32], y[:])
	var v uint64
	for k := range w {
		v = v<<8 | uint64(all[i+k])
	}
	return V{Hi: v}
}

// ExtractDoubleRight is vextdubvrx, …: the w bytes of a‖b ending at byte
// 31 - index.
func ExtractDoubleRight(a, b V, index uint64, w int) V {
	i := int(index & 31)
	x, y := Bytes(a), Bytes(b)
	var all [40]uint8 // byte j of a‖b is all[8+j]; all[0:8] are zeros
	copy(all[8:24], x[:])
	copy(all[24:40], y[:])
	end := 8 + 31 - i // index into all of the last byte
	var v uint64
	for k := end - w + 1; k <= end; k++ {
		v = v<<8 | uint64(all[k])
	}
	return V{Hi: v}
}

// InsertLeft is vinsblx, vinshlx, vinswlx, vinsdlx (x from RB) and
// vinsbvlx, vinshvlx, vinswvlx (x from VRB): the low w bytes of x replace
// bytes index…index+w-1 of t.
func InsertLeft(t V, x, index uint64, w int) V { return insertBytes(t, x, int(index&15), w) }

// InsertRight is vinsbrx, …: the low w bytes of x replace the w bytes of t
// ending at byte 15 - index.
func InsertRight(t V, x, index uint64, w int) V {
	i := int(index & 15)
	shift := uint(8 * i)
	m := shl128(V{Lo: mask(w)}, shift)
	v := shl128(V{Lo: x & mask(w)}, shift)
	return Or(AndC(t, m), v)
}

// ClearLeft is vclrlb: with n < 16, the leftmost 16-n bytes of a become 0;
// otherwise a is unchanged.
func ClearLeft(a V, n uint64) V { return clearBytes(a, n, shr128) }

// ClearRight is vclrrb: with n < 16, the rightmost 16-n bytes become 0.
func ClearRight(a V, n uint64) V { return clearBytes(a, n, shl128) }

// clearBytes keeps the n bytes of a that shift (shr128: the right end,
// shl128: the left end) leaves of an all-ones mask moved by 16-n bytes.
func clearBytes(a V, n uint64, shift func(V, uint) V) V {
	if n >= 16 {
		return a
	}
	if n == 0 {
		return V{}
	}
	return And(a, shift(V{Hi: ^uint64(0), Lo: ^uint64(0)}, uint(128-8*n)))
}

// StringIsolate is vstribl, vstrihl (right = false) and vstribr, vstrihr
// (w = 1, 2): the elements of b from the left (or right) end up to the
// first zero element are kept, the rest become 0. found reports a zero
// element (CR6 bit 2 of the record forms).
func StringIsolate(b V, w int, right bool) (r V, found bool) {
	x, n := elems(b, w)
	for k := range n {
		i := k
		if right {
			i = n - 1 - k
		}
		if found {
			x[i] = 0
		} else if x[i] == 0 {
			found = true
		}
	}
	return fromElems(&x, w), found
}

// ExpandMask is vexpandbm, vexpandhm, vexpandwm, vexpanddm, vexpandqm:
// each element becomes all ones if its most significant bit is set, else 0.
func ExpandMask(b V, w int) V {
	if w == 16 {
		m := uint64(int64(b.Hi) >> 63)
		return V{Hi: m, Lo: m}
	}
	h := laneHigh[w&15]
	return V{Hi: fillLanes(b.Hi, h), Lo: fillLanes(b.Lo, h)}
}

// ExtractMask is vextractbm, …, vextractqm: the most significant bit of
// each element, element 0's first, right-justified.
func ExtractMask(b V, w int) uint64 {
	if w == 16 {
		return b.Hi >> 63
	}
	x, n := elems(b, w)
	var r uint64
	for i := range n {
		r = r<<1 | x[i]>>(8*uint(w)-1)
	}
	return r
}

// CountMask is vcntmbb, vcntmbh, vcntmbw, vcntmbd: the number of elements
// whose most significant bit equals mp, in the top bits of the result
// (shifted left by 56, 57, 58, 59 for w = 1, 2, 4, 8).
func CountMask(b V, w int, mp uint64) uint64 {
	x, n := elems(b, w)
	var c uint64
	for i := range n {
		if x[i]>>(8*uint(w)-1) == mp&1 {
			c++
		}
	}
	shift := uint(56)
	for k := w; k > 1; k >>= 1 {
		shift++
	}
	return c << shift
}

// MaskFromBits is mtvsrbm, mtvsrhm, mtvsrwm, mtvsrdm, mtvsrqm and
// mtvsrbmi: element i is all ones if bit i of the low 16/w bits of x
// (counted from the left) is set.
func MaskFromBits(x uint64, w int) V {
	if w == 16 {
		m := -(x & 1)
		return V{Hi: m, Lo: m}
	}
	n := 16 / w
	var e [16]uint64
	for i := range n {
		if x>>(n-1-i)&1 != 0 {
			e[i] = ^uint64(0)
		}
	}
	return fromElems(&e, w)
}
