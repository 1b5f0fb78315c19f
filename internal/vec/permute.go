package vec

// Permute, merge, splat, pack and unpack, and the whole-register shifts
// (Power ISA 3.1B Book I 6.8).

// Permute is vperm: byte i is byte c[i]&31 of a‖b.
func Permute(a, b, c V) V {
	src := [4]uint64{a.Hi, a.Lo, b.Hi, b.Lo}
	var hi, lo uint64
	for i := uint(0); i < 64; i += 8 {
		k := c.Hi >> i
		hi |= (src[k>>3&3] >> (56 - 8*(k&7)) & 0xff) << i
		k = c.Lo >> i
		lo |= (src[k>>3&3] >> (56 - 8*(k&7)) & 0xff) << i
	}
	return V{Hi: hi, Lo: lo}
}

// PermuteRight is vpermr: byte i is byte 31 - (c[i]&31) of a‖b.
func PermuteRight(a, b, c V) V {
	return Permute(a, b, V{Hi: ^c.Hi, Lo: ^c.Lo})
}

// PermuteXor is vpermxor: byte i is a[c[i]>>4] ^ b[c[i]&15].
func PermuteXor(a, b, c V) V {
	x, y, s := Bytes(a), Bytes(b), Bytes(c)
	var r [16]uint8
	for i, k := range s {
		r[i] = x[k>>4] ^ y[k&15]
	}
	return FromBytes(r)
}

// MergeHigh is vmrghb, vmrghh, vmrghw (w = 1, 2, 4): the elements of the
// high halves of a and b, interleaved, a first.
func MergeHigh(a, b V, w int) V { return merge(a.Hi, b.Hi, w) }

// MergeLow is vmrglb, vmrglh, vmrglw: the low halves interleaved.
func MergeLow(a, b V, w int) V { return merge(a.Lo, b.Lo, w) }

// merge interleaves the w-byte elements of the doublewords x and y (the
// half of a and of b being merged), x first: the high words of x and y
// make the result's Hi, the low words its Lo. Each 32-bit half is spread
// so its elements sit in every other w-byte slot, then y's fill the gaps.
func merge(x, y uint64, w int) V {
	switch w {
	case 1:
		return V{Hi: spread8(x>>32)<<8 | spread8(y>>32), Lo: spread8(x&0xffffffff)<<8 | spread8(y&0xffffffff)}
	case 2:
		return V{Hi: spread16(x>>32)<<16 | spread16(y>>32), Lo: spread16(x&0xffffffff)<<16 | spread16(y&0xffffffff)}
	case 4:
		return V{Hi: x&0xffffffff00000000 | y>>32, Lo: x<<32 | y&0xffffffff}
	}
	// w = 8 (xxmrghd/xxmrgld shapes): one element from each.
	return V{Hi: x, Lo: y}
}

// spread8 moves byte i of the 32-bit x (byte 0 most significant) to the
// low byte of halfword i of the result.
func spread8(x uint64) uint64 {
	x = spread16(x)
	return (x | x<<8) & 0x00ff00ff00ff00ff
}

// spread16 moves halfword i of the 32-bit x to the low halfword of word i
// of the result.
func spread16(x uint64) uint64 { return (x | x<<16) & 0x0000ffff0000ffff }

// gather8 is the inverse of spread8: the low bytes of the four halfwords
// of x, packed into 32 bits.
func gather8(x uint64) uint64 {
	x &= 0x00ff00ff00ff00ff
	return gather16(x | x>>8)
}

// gather16 is the inverse of spread16: the low halfwords of the two words
// of x, packed into 32 bits.
func gather16(x uint64) uint64 {
	x &= 0x0000ffff0000ffff
	return (x | x>>16) & 0xffffffff
}

// MergeEvenWord is vmrgew: a0, b0, a2, b2.
func MergeEvenWord(a, b V) V {
	x, y := Words(a), Words(b)
	return FromWords([4]uint32{x[0], y[0], x[2], y[2]})
}

// MergeOddWord is vmrgow: a1, b1, a3, b3.
func MergeOddWord(a, b V) V {
	x, y := Words(a), Words(b)
	return FromWords([4]uint32{x[1], y[1], x[3], y[3]})
}

// SplatElement is vspltb, vsplth, vspltw: every element is element i of b
// (i taken modulo the element count).
func SplatElement(b V, i, w int) V {
	per := 8 / w // elements per doubleword
	i &= 2*per - 1
	d := b.Hi
	if i >= per {
		d, i = b.Lo, i-per
	}
	return Splat(d>>(64-uint(8*w)*uint(i+1)), w)
}

// SplatImmediate is vspltisb, vspltish, vspltisw: every element is the
// sign-extended 5-bit immediate sim.
func SplatImmediate(sim int64, w int) V {
	return Splat(uint64(sext(uint64(sim), 1)<<59>>59)&mask(w), w)
}

// ShiftLeftDouble is vsldoi: bytes sh..sh+15 of a‖b (sh 0..15).
func ShiftLeftDouble(a, b V, sh int) V {
	n := uint(sh&15) * 8
	if n == 0 {
		return a
	}
	return Or(shl128(a, n), shr128(b, 128-n))
}

// ShiftLeftDoubleBits is vsldbi: bits sh..sh+127 of a‖b (sh 0..7).
func ShiftLeftDoubleBits(a, b V, sh uint) V {
	sh &= 7
	if sh == 0 {
		return a
	}
	return V{Hi: a.Hi<<sh | a.Lo>>(64-sh), Lo: a.Lo<<sh | b.Hi>>(64-sh)}
}

// ShiftRightDoubleBits is vsrdbi: the low 128 bits of (a‖b) >> sh (sh 0..7).
func ShiftRightDoubleBits(a, b V, sh uint) V {
	sh &= 7
	if sh == 0 {
		return b
	}
	return V{Hi: b.Hi>>sh | a.Lo<<(64-sh), Lo: b.Lo>>sh | b.Hi<<(64-sh)}
}

// ShiftLeft is vsl: a shifted left by bits 125:127 of b.
func ShiftLeft(a, b V) V { return shl128(a, uint(b.Lo&7)) }

// ShiftRight is vsr: a shifted right by bits 125:127 of b.
func ShiftRight(a, b V) V { return shr128(a, uint(b.Lo&7)) }

// ShiftLeftOctet is vslo: a shifted left by bits 121:124 of b, in bytes.
func ShiftLeftOctet(a, b V) V { return shl128(a, uint(b.Lo>>3&15)*8) }

// ShiftRightOctet is vsro.
func ShiftRightOctet(a, b V) V { return shr128(a, uint(b.Lo>>3&15)*8) }

// PackModulo is vpkuhum, vpkuwum, vpkudum (w = 2, 4, 8): the low halves of
// the elements of a then b.
func PackModulo(a, b V, w int) V {
	switch w {
	case 2:
		return V{Hi: gather8(a.Hi)<<32 | gather8(a.Lo), Lo: gather8(b.Hi)<<32 | gather8(b.Lo)}
	case 4:
		return V{Hi: gather16(a.Hi)<<32 | gather16(a.Lo), Lo: gather16(b.Hi)<<32 | gather16(b.Lo)}
	}
	return V{Hi: a.Hi<<32 | a.Lo&0xffffffff, Lo: b.Hi<<32 | b.Lo&0xffffffff}
}

// PackSaturate is vpk{s,u}{h,w,d}{s,u}s: each element of a then b, signed
// (srcSigned) or unsigned, clamped to a half-width signed (dstSigned) or
// unsigned element.
func PackSaturate(a, b V, w int, srcSigned, dstSigned bool) (V, bool) {
	x, n := elems(a, w)
	y, _ := elems(b, w)
	var r [16]uint64
	copy(r[:n], x[:n])
	copy(r[n:2*n], y[:n])
	sat := false
	h := w / 2
	for i := range 2 * n {
		var s bool
		if srcSigned {
			r[i], s = clamp(sext(r[i], w), h, dstSigned)
		} else {
			// An unsigned source (≤ 2^64-1) above the destination range.
			lim := mask(h)
			if dstSigned {
				lim >>= 1
			}
			if r[i] > lim {
				r[i], s = lim, true
			}
		}
		sat = sat || s
	}
	return fromElems(&r, h), sat
}

// PackPixel is vpkpx: each word of a then b becomes a 1/5/5/5 halfword from
// its bits 7, 8:12, 16:20 and 24:28.
func PackPixel(a, b V) V {
	x, y := Words(a), Words(b)
	var h [8]uint16
	for i := range 8 {
		v := x[i&3]
		if i >= 4 {
			v = y[i&3]
		}
		h[i] = uint16(v>>24&1)<<15 | uint16(v>>19&31)<<10 | uint16(v>>11&31)<<5 | uint16(v>>3&31)
	}
	return FromHalves(h)
}

// UnpackSigned is vupkhsb, vupkhsh, vupkhsw (low = false) and vupklsb,
// vupklsh, vupklsw (low): the high or low half of b's w-byte elements,
// sign-extended to 2w bytes.
func UnpackSigned(b V, w int, low bool) V {
	d := b.Hi
	if low {
		d = b.Lo
	}
	var hi, lo uint64 // the two 32-bit halves of d, one element per 2w-byte lane
	switch w {
	case 1:
		hi, lo = spread8(d>>32), spread8(d&0xffffffff)
	case 2:
		hi, lo = spread16(d>>32), spread16(d&0xffffffff)
	default:
		return V{Hi: uint64(int64(int32(d >> 32))), Lo: uint64(int64(int32(d)))}
	}
	// Fill the upper half of each lane whose element is negative.
	bw := 8 * uint(w)
	signs, fill := laneHigh[2*w]>>bw, mask(w)<<bw
	ext := func(x uint64) uint64 { return x | (x&signs)>>(bw-1)*fill }
	return V{Hi: ext(hi), Lo: ext(lo)}
}

// UnpackPixel is vupkhpx and vupklpx: each 1/5/5/5 halfword of the high or
// low half of b becomes a word of bytes (sign-extended bit 0, then the
// three 5-bit fields zero-extended).
func UnpackPixel(b V, low bool) V {
	h := Halves(b)
	from := 0
	if low {
		from = 4
	}
	var w [4]uint32
	for i := range 4 {
		v := uint32(h[from+i])
		a := uint32(0)
		if v&0x8000 != 0 {
			a = 0xff
		}
		w[i] = a<<24 | (v>>10&31)<<16 | (v>>5&31)<<8 | v&31
	}
	return FromWords(w)
}
