package vec

import "math/bits"

// Element shifts and rotates (Power ISA 3.1B Book I 6.9.4), the
// quadword shifts and rotates of ISA 3.1, and vslv/vsrv.

// ShiftLeftElem is vslb, vslh, vslw, vsld: each element of a shifted left
// by the low log2(8w) bits of the element of b.
func ShiftLeftElem(a, b V, w int) V {
	return V{Hi: shiftLanes(a.Hi, b.Hi, w, shiftLeft), Lo: shiftLanes(a.Lo, b.Lo, w, shiftLeft)}
}

// ShiftRightElem is vsrb, vsrh, vsrw, vsrd.
func ShiftRightElem(a, b V, w int) V {
	return V{Hi: shiftLanes(a.Hi, b.Hi, w, shiftRight), Lo: shiftLanes(a.Lo, b.Lo, w, shiftRight)}
}

// ShiftRightAlgebraicElem is vsrab, vsrah, vsraw, vsrad.
func ShiftRightAlgebraicElem(a, b V, w int) V {
	return V{Hi: shiftLanes(a.Hi, b.Hi, w, shiftRightAlg), Lo: shiftLanes(a.Lo, b.Lo, w, shiftRightAlg)}
}

// The element shifts of shiftLanes.
const (
	shiftLeft = iota
	shiftRight
	shiftRightAlg
)

// shiftLanes shifts each w-byte lane of the doubleword x (w ≤ 8) by the
// low log2(8w) bits of the same lane of y, as op says: a direct lane
// loop (glibc's string functions run vslb/vsrb-family shifts in their
// inner loops; map2's element arrays and closure calls cost more than the
// shifts).
func shiftLanes(x, y uint64, w, op int) uint64 {
	bw := uint(8 * w)
	m, lm := uint64(bw-1), mask(w)
	var out uint64
	for s := uint(0); s < 64; s += bw {
		e, n := x>>s&lm, y>>s&m
		switch op {
		case shiftLeft:
			e <<= n
		case shiftRight:
			e >>= n
		default:
			e = uint64(sext(e, w) >> n)
		}
		out |= e & lm << s
	}
	return out
}

// rotl rotates the low 8w bits of x left by n.
func rotl(x uint64, n uint, w int) uint64 {
	if w == 8 {
		return bits.RotateLeft64(x, int(n))
	}
	bw := uint(8 * w)
	n %= bw
	return (x<<n | x>>(bw-n)) & mask(w)
}

// RotateElem is vrlb, vrlh, vrlw, vrld.
func RotateElem(a, b V, w int) V {
	m := uint64(8*w - 1)
	return map2(a, b, w, func(x, y uint64) uint64 { return rotl(x, uint(y&m), w) })
}

// elemMask is the ISA's MASK(mb, me) within a bw-bit element: ones from
// bit mb to bit me (ISA numbering), wrapping when mb > me.
func elemMask(mb, me, bw uint) uint64 {
	all := ^uint64(0) >> (64 - bw)
	if mb <= me {
		return all >> mb & (all << (bw - 1 - me)) & all
	}
	return (all>>mb | all<<(bw-1-me)) & all
}

// RotateMask is vrlwmi, vrlwnm (w = 4) and vrldmi, vrldnm (w = 8): each
// element of a rotated left by the shift count in the element of b and
// ANDed with MASK(mb, me) from the same element of b; with insert the
// masked bits replace those of t (the old VRT), else the rest is 0. In a
// word of b, mb is bits 11:15, me 19:23 and the shift 27:31; in a
// doubleword mb is bits 42:47, me 50:55 and the shift 58:63.
func RotateMask(a, b, t V, w int, insert bool) V {
	x, n := elems(a, w)
	y, _ := elems(b, w)
	z, _ := elems(t, w)
	bw := uint(8 * w)
	fm := uint64(bw - 1)
	for i := range n {
		sh := uint(y[i] & fm)
		me := uint(y[i] >> 8 & fm)
		mb := uint(y[i] >> 16 & fm)
		m := elemMask(mb, me, bw)
		r := rotl(x[i], sh, w) & m
		if insert {
			r |= z[i] &^ m
		}
		x[i] = r
	}
	return fromElems(&x, w)
}

// rotl128 rotates a left by n bits.
func rotl128(a V, n uint) V {
	n &= 127
	if n == 0 {
		return a
	}
	l, r := shl128(a, n), shr128(a, 128-n)
	return V{Hi: l.Hi | r.Hi, Lo: l.Lo | r.Lo}
}

// mask128 is MASK(mb, me) over 128 bits.
func mask128(mb, me uint) V {
	ones := V{Hi: ^uint64(0), Lo: ^uint64(0)}
	if mb <= me {
		m := shr128(ones, mb)
		k := shl128(ones, 127-me)
		return And(m, k)
	}
	return Or(shr128(ones, mb), shl128(ones, 127-me))
}

// RotateQuad is vrlq: a rotated left by bits 57:63 of b.
func RotateQuad(a, b V) V { return rotl128(a, uint(b.Hi&127)) }

// ShiftLeftQuad is vslq: a shifted left by bits 57:63 of b.
func ShiftLeftQuad(a, b V) V { return shl128(a, uint(b.Hi&127)) }

// ShiftRightQuad is vsrq.
func ShiftRightQuad(a, b V) V { return shr128(a, uint(b.Hi&127)) }

// ShiftRightAlgebraicQuad is vsraq.
func ShiftRightAlgebraicQuad(a, b V) V { return sra128(a, uint(b.Hi&127)) }

// RotateMaskQuad is vrlqmi (insert) and vrlqnm: a rotated left by bits
// 57:63 of b, ANDed with MASK(mb, me) where mb is bits 41:47 and me bits
// 49:55 of b; with insert the masked bits replace those of t.
func RotateMaskQuad(a, b, t V, insert bool) V {
	sh := uint(b.Hi & 127)
	me := uint(b.Hi >> 8 & 127)
	mb := uint(b.Hi >> 16 & 127)
	m := mask128(mb, me)
	r := And(rotl128(a, sh), m)
	if insert {
		r = Or(r, AndC(t, m))
	}
	return r
}

// ShiftLeftVariable is vslv: byte i is the high byte of (a[i]‖a[i+1])
// shifted left by b[i]&7 (a[16] = 0).
func ShiftLeftVariable(a, b V) V {
	x, y := Bytes(a), Bytes(b)
	var r [16]uint8
	for i := range 16 {
		v := uint16(x[i]) << 8
		if i < 15 {
			v |= uint16(x[i+1])
		}
		r[i] = uint8(v << (y[i] & 7) >> 8)
	}
	return FromBytes(r)
}

// ShiftRightVariable is vsrv: byte i is the low byte of (a[i-1]‖a[i])
// shifted right by b[i]&7 (a[-1] = 0).
func ShiftRightVariable(a, b V) V {
	x, y := Bytes(a), Bytes(b)
	var r [16]uint8
	for i := range 16 {
		v := uint16(x[i])
		if i > 0 {
			v |= uint16(x[i-1]) << 8
		}
		r[i] = uint8(v >> (y[i] & 7))
	}
	return FromBytes(r)
}
