package vec

import "math/bits"

// Integer arithmetic (Power ISA 3.1B Book I 6.9.1): modulo, saturating and
// carry/extended add and subtract, average, absolute difference, min/max,
// multiply, multiply-sum, sum-across, multiply by 10, divide and modulo,
// negate and sign extension.

func addc(x, y, c uint64) (uint64, uint64) { return bits.Add64(x, y, c) }

// laneHigh[w] is the most significant bit of each w-byte lane of a
// doubleword (w = 1, 2, 4, 8).
var laneHigh = [16]uint64{1: 0x8080808080808080, 2: 0x8000800080008000, 4: 0x8000000080000000, 8: 0x8000000000000000}

// laneLow[w] is the least significant bit of each w-byte lane of a
// doubleword (w = 1, 2, 4, 8).
var laneLow = [16]uint64{1: 0x0101010101010101, 2: 0x0001000100010001, 4: 0x0000000100000001, 8: 1}

func hiBits(w int) uint64 { return laneHigh[w&15] }

// swarAdd adds the w-byte lanes of x and y modulo 2^(8w).
func swarAdd(x, y, h uint64) uint64 { return (x&^h + y&^h) ^ (x^y)&h }

// swarSub subtracts the lanes of y from those of x modulo 2^(8w).
func swarSub(x, y, h uint64) uint64 { return (x | h - y&^h) ^ (x^^y)&h }

// AddModulo is vaddubm, vadduhm, vadduwm, vaddudm, vadduqm (w = 1…16).
func AddModulo(a, b V, w int) V {
	if w == 16 {
		r, _ := add128(a, b, 0)
		return r
	}
	h := laneHigh[w&15]
	return V{Hi: swarAdd(a.Hi, b.Hi, h), Lo: swarAdd(a.Lo, b.Lo, h)}
}

// SubModulo is vsububm, vsubuhm, vsubuwm, vsubudm, vsubuqm (w = 1…16).
func SubModulo(a, b V, w int) V {
	if w == 16 {
		r, _ := add128(a, not128(b), 1)
		return r
	}
	h := hiBits(w)
	return V{Hi: swarSub(a.Hi, b.Hi, h), Lo: swarSub(a.Lo, b.Lo, h)}
}

// AddCarry is vaddcuw (w = 4) and vaddcuq (w = 16): each element is the
// carry out of the unsigned sum of the elements of a and b.
func AddCarry(a, b V, w int) V {
	if w == 16 {
		_, c := add128(a, b, 0)
		return V{Lo: c}
	}
	return map2(a, b, w, func(x, y uint64) uint64 { return (x + y) >> (8 * uint(w)) })
}

// SubCarry is vsubcuw (w = 4) and vsubcuq (w = 16): the carry out of
// a + ¬b + 1, that is 1 when a ≥ b unsigned.
func SubCarry(a, b V, w int) V {
	if w == 16 {
		_, c := add128(a, not128(b), 1)
		return V{Lo: c}
	}
	return map2(a, b, w, func(x, y uint64) uint64 {
		if x >= y {
			return 1
		}
		return 0
	})
}

// AddExtended is vaddeuqm: a + b + c[127] modulo 2^128.
func AddExtended(a, b, c V) V { r, _ := add128(a, b, c.Lo&1); return r }

// AddExtendedCarry is vaddecuq: the carry out of a + b + c[127].
func AddExtendedCarry(a, b, c V) V { _, k := add128(a, b, c.Lo&1); return V{Lo: k} }

// SubExtended is vsubeuqm: a + ¬b + c[127] modulo 2^128.
func SubExtended(a, b, c V) V { r, _ := add128(a, not128(b), c.Lo&1); return r }

// SubExtendedCarry is vsubecuq: the carry out of a + ¬b + c[127].
func SubExtendedCarry(a, b, c V) V { _, k := add128(a, not128(b), c.Lo&1); return V{Lo: k} }

// clamp saturates v to the range of a w-byte element, signed or unsigned,
// reporting whether it had to.
func clamp(v int64, w int, signed bool) (uint64, bool) {
	var lo, hi int64
	if signed {
		hi = int64(1)<<(8*uint(w)-1) - 1
		lo = -hi - 1
	} else {
		hi = int64(1)<<(8*uint(w)) - 1
	}
	switch {
	case v > hi:
		return uint64(hi) & mask(w), true
	case v < lo:
		return uint64(lo) & mask(w), true
	}
	return uint64(v) & mask(w), false
}

// val reads a w-byte element as a signed or unsigned value (w ≤ 4).
func val(x uint64, w int, signed bool) int64 {
	if signed {
		return sext(x, w)
	}
	return int64(x)
}

// AddSaturate is vaddsbs, vaddshs, vaddsws (signed) and vaddubs, vadduhs,
// vadduws (w = 1, 2, 4); sat reports whether any element saturated.
func AddSaturate(a, b V, w int, signed bool) (V, bool) {
	h := laneHigh[w&15]
	var over uint64 // the high bit of each lane that saturated
	f := func(x, y uint64) uint64 {
		r := swarAdd(x, y, h)
		if signed { // both addends' signs differ from the sum's
			o := ^(x ^ y) & (x ^ r) & h
			over |= o
			return satSigned(r, x, o, h)
		}
		c := (x&y | (x|y)&^r) & h // the carry out of each lane
		over |= c
		return r | fillLanes(c, h)
	}
	r := V{Hi: f(a.Hi, b.Hi), Lo: f(a.Lo, b.Lo)}
	return r, over != 0
}

// SubSaturate is vsubsbs, vsubshs, vsubsws, vsububs, vsubuhs, vsubuws.
func SubSaturate(a, b V, w int, signed bool) (V, bool) {
	h := laneHigh[w&15]
	var over uint64
	f := func(x, y uint64) uint64 {
		r := swarSub(x, y, h)
		if signed { // the operands' signs differ and the result's is y's
			o := (x ^ y) & (x ^ r) & h
			over |= o
			return satSigned(r, x, o, h)
		}
		bo := ltLanes(x, y, h) // the borrow out of each lane: clamp to 0
		over |= bo
		return r &^ fillLanes(bo, h)
	}
	r := V{Hi: f(a.Hi, b.Hi), Lo: f(a.Lo, b.Lo)}
	return r, over != 0
}

// satSigned replaces the lanes of r whose high bit is set in o (signed
// overflow) by the most negative value where the lane of x is negative,
// else the most positive (the overflow went the way of x's sign).
func satSigned(r, x, o, h uint64) uint64 {
	m := fillLanes(o, h)
	neg := fillLanes(x, h)
	return r&^m | (neg&h|^neg&^h)&m
}

// Average is vavg{s,u}{b,h,w}: (a + b + 1) >> 1 computed without overflow.
func Average(a, b V, w int, signed bool) V {
	h := laneHigh[w&15]
	f := func(x, y uint64) uint64 {
		if signed { // biasing both by 2^(8w-1) maps signed lanes onto unsigned
			x, y = x^h, y^h
		}
		// Per lane, ⌈(x+y)/2⌉ = (x|y) - ((x^y)>>1); the masked shift keeps
		// each lane's bits in the lane, and no lane borrows.
		r := (x | y) - (x^y)>>1&^h
		if signed {
			r ^= h
		}
		return r
	}
	return V{Hi: f(a.Hi, b.Hi), Lo: f(a.Lo, b.Lo)}
}

// AbsDiff is vabsdub, vabsduh, vabsduw: |a - b| of unsigned elements.
func AbsDiff(a, b V, w int) V {
	h := laneHigh[w&15]
	f := func(x, y uint64) uint64 {
		m := lessMask(y, x, w, false) // lanes where x > y
		return swarSub(x, y, h)&m | swarSub(y, x, h)&^m
	}
	return V{Hi: f(a.Hi, b.Hi), Lo: f(a.Lo, b.Lo)}
}

// Max is vmax{s,u}{b,h,w,d}.
func Max(a, b V, w int, signed bool) V {
	f := func(x, y uint64) uint64 {
		m := lessMask(x, y, w, signed)
		return y&m | x&^m
	}
	return V{Hi: f(a.Hi, b.Hi), Lo: f(a.Lo, b.Lo)}
}

// Min is vmin{s,u}{b,h,w,d}.
func Min(a, b V, w int, signed bool) V {
	f := func(x, y uint64) uint64 {
		m := lessMask(y, x, w, signed)
		return y&m | x&^m
	}
	return V{Hi: f(a.Hi, b.Hi), Lo: f(a.Lo, b.Lo)}
}

// mulFull multiplies two w-byte elements (w ≤ 8) into a 128-bit product.
func mulFull(x, y uint64, w int, signed bool) V {
	if !signed {
		hi, lo := bits.Mul64(x, y)
		return V{Hi: hi, Lo: lo}
	}
	sx, sy := sext(x, w), sext(y, w)
	hi, lo := bits.Mul64(uint64(sx), uint64(sy))
	if sx < 0 {
		hi -= uint64(sy)
	}
	if sy < 0 {
		hi -= uint64(sx)
	}
	return V{Hi: hi, Lo: lo}
}

// mulEvenOdd multiplies the elements of parity odd (0 even, 1 odd) into
// double-width products.
func mulEvenOdd(a, b V, w int, signed bool, odd int) V {
	if w == 8 {
		p := mulFull(a.DW(odd), b.DW(odd), 8, signed)
		return p
	}
	x, n := elems(a, w)
	y, _ := elems(b, w)
	var r [16]uint64
	for i := 0; i < n/2; i++ {
		r[i] = mulFull(x[2*i+odd], y[2*i+odd], w, signed).Lo
	}
	return fromElems(&r, 2*w)
}

// MulEven is vmule{s,u}{b,h,w,d}: the products of the even-numbered
// elements, each twice as wide.
func MulEven(a, b V, w int, signed bool) V { return mulEvenOdd(a, b, w, signed, 0) }

// MulOdd is vmulo{s,u}{b,h,w,d}.
func MulOdd(a, b V, w int, signed bool) V { return mulEvenOdd(a, b, w, signed, 1) }

// MulLow is vmuluwm (w = 4) and vmulld (w = 8): products modulo 2^(8w).
func MulLow(a, b V, w int) V {
	return map2(a, b, w, func(x, y uint64) uint64 { return x * y })
}

// MulHigh is vmulh{s,u}{w,d}: the high half of each product.
func MulHigh(a, b V, w int, signed bool) V {
	return map2(a, b, w, func(x, y uint64) uint64 {
		p := mulFull(x, y, w, signed)
		if w == 8 {
			return p.Hi
		}
		return p.Lo >> (8 * uint(w))
	})
}

// MsumMixedByteModulo is vmsummbm: each word of c plus the four products
// of the signed bytes of a and the unsigned bytes of b in that word.
func MsumMixedByteModulo(a, b, c V) V {
	x, y := Bytes(a), Bytes(b)
	t := Words(c)
	for i := range 4 {
		s := int64(int32(t[i]))
		for j := range 4 {
			s += int64(int8(x[4*i+j])) * int64(y[4*i+j])
		}
		t[i] = uint32(s)
	}
	return FromWords(t)
}

// MsumUnsignedByteModulo is vmsumubm.
func MsumUnsignedByteModulo(a, b, c V) V {
	x, y := Bytes(a), Bytes(b)
	t := Words(c)
	for i := range 4 {
		for j := range 4 {
			t[i] += uint32(x[4*i+j]) * uint32(y[4*i+j])
		}
	}
	return FromWords(t)
}

// MsumHalf is vmsumshm, vmsumshs (signed) and vmsumuhm, vmsumuhs
// (unsigned): each word of c plus the two products of the halfwords of a
// and b in that word, modulo 2^32 or (saturate) clamped to the word range.
func MsumHalf(a, b, c V, signed, saturate bool) (V, bool) {
	x, y := Halves(a), Halves(b)
	t := Words(c)
	sat := false
	for i := range 4 {
		var s int64
		if signed {
			s = int64(int32(t[i])) + int64(int16(x[2*i]))*int64(int16(y[2*i])) + int64(int16(x[2*i+1]))*int64(int16(y[2*i+1]))
		} else {
			s = int64(t[i]) + int64(x[2*i])*int64(y[2*i]) + int64(x[2*i+1])*int64(y[2*i+1])
		}
		if saturate {
			v, ss := clamp(s, 4, signed)
			t[i], sat = uint32(v), sat || ss
		} else {
			t[i] = uint32(s)
		}
	}
	return FromWords(t), sat
}

// msumUD is the 130-bit sum of the two doubleword products of a and b and
// the quadword c: (carry, sum).
func msumUD(a, b, c V) (uint64, V) {
	p0 := mulFull(a.Hi, b.Hi, 8, false)
	p1 := mulFull(a.Lo, b.Lo, 8, false)
	s, k1 := add128(p0, p1, 0)
	s, k2 := add128(s, c, 0)
	return k1 + k2, s
}

// MsumUnsignedDoubleModulo is vmsumudm.
func MsumUnsignedDoubleModulo(a, b, c V) V { _, s := msumUD(a, b, c); return s }

// MsumCarryUnsignedDouble is vmsumcud: the carry out of vmsumudm's sum.
func MsumCarryUnsignedDouble(a, b, c V) V { k, _ := msumUD(a, b, c); return V{Lo: k} }

// MulHighAddSaturate is vmhaddshs (round = false) and vmhraddshs (round =
// true): ((a×b [+ 0x4000]) >> 15) + c for signed halfwords, saturated.
func MulHighAddSaturate(a, b, c V, round bool) (V, bool) {
	x, y, z := Halves(a), Halves(b), Halves(c)
	sat := false
	for i := range 8 {
		p := int64(int16(x[i])) * int64(int16(y[i]))
		if round {
			p += 0x4000
		}
		v, s := clamp(p>>15+int64(int16(z[i])), 2, true)
		x[i], sat = uint16(v), sat || s
	}
	return FromHalves(x), sat
}

// MulLowAddModulo is vmladduhm: (a×b + c) modulo 2^16.
func MulLowAddModulo(a, b, c V) V {
	x, y, z := Halves(a), Halves(b), Halves(c)
	for i := range 8 {
		x[i] = x[i]*y[i] + z[i]
	}
	return FromHalves(x)
}

// SumAcross is vsumsws: the four signed words of a plus word 3 of b,
// saturated, in word 3; the other words are 0.
func SumAcross(a, b V) (V, bool) {
	x := Words(a)
	s := int64(int32(b.Word(3)))
	for _, v := range x {
		s += int64(int32(v))
	}
	v, sat := clamp(s, 4, true)
	return V{Lo: v}, sat
}

// SumAcrossHalf is vsum2sws: words 0+1 of a plus word 1 of b into word 1,
// words 2+3 plus word 3 into word 3, saturated; words 0 and 2 are 0.
func SumAcrossHalf(a, b V) (V, bool) {
	x, y := Words(a), Words(b)
	var t [4]uint32
	sat := false
	for j := range 2 {
		s := int64(int32(x[2*j])) + int64(int32(x[2*j+1])) + int64(int32(y[2*j+1]))
		v, ss := clamp(s, 4, true)
		t[2*j+1], sat = uint32(v), sat || ss
	}
	return FromWords(t), sat
}

// SumAcrossQuarter is vsum4sbs (w = 1, signed), vsum4ubs (w = 1, unsigned)
// and vsum4shs (w = 2, signed): each word of b plus the elements of a in
// that word, saturated.
func SumAcrossQuarter(a, b V, w int, signed bool) (V, bool) {
	x, _ := elems(a, w)
	y := Words(b)
	per := 4 / w
	sat := false
	for i := range 4 {
		s := val(uint64(y[i]), 4, signed)
		for j := range per {
			s += val(x[per*i+j], w, signed)
		}
		v, ss := clamp(s, 4, signed)
		y[i], sat = uint32(v), sat || ss
	}
	return FromWords(y), sat
}

// Mul10 is vmul10uq (carry = false) and vmul10cuq (carry = true) with cin =
// 0, and vmul10euq / vmul10ecuq with cin = bits 124:127 of VRB: a×10 + cin
// modulo 2^128, or the part above 2^128.
func Mul10(a V, cin uint64, carry bool) V {
	h1, lo := bits.Mul64(a.Lo, 10)
	h2, hi := bits.Mul64(a.Hi, 10)
	hi, k := bits.Add64(hi, h1, 0)
	top := h2 + k
	lo, k = bits.Add64(lo, cin, 0)
	hi, k = bits.Add64(hi, 0, k)
	top += k
	if carry {
		return V{Lo: top}
	}
	return V{Hi: hi, Lo: lo}
}

// Negate is vnegw (w = 4) and vnegd (w = 8).
func Negate(a V, w int) V { return map1(a, w, func(x uint64) uint64 { return -x }) }

// SignExtend is vextsb2w, vextsh2w, vextsb2d, vextsh2d, vextsw2d (from bytes
// to w bytes, w = 4 or 8) and vextsd2q (from = 8, w = 16): each w-byte
// element becomes the sign extension of its low from bytes.
func SignExtend(a V, from, w int) V {
	if w == 16 {
		return V{Hi: uint64(int64(a.Lo) >> 63), Lo: a.Lo}
	}
	return map1(a, w, func(x uint64) uint64 { return uint64(sext(x, from)) })
}
