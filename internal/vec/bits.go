package vec

import "math/bits"

// Bit counting, parity and bit gather/scatter (Power ISA 3.1B Book I
// 6.9.5-6.9.6 and the ISA 3.1 additions). The doubleword kernels
// (CentrifugeDW, DepositDW, ExtractDW, CountLeadingZerosUnderMask,
// CountTrailingZerosUnderMask, BitPermuteDW) are the scalar instructions'
// arithmetic too (cfuged, pdepd, pextd, cntlzdm, cnttzdm, bpermd).

// CountLeadingZeros is vclzb, vclzh, vclzw, vclzd.
func CountLeadingZeros(a V, w int) V {
	bw := 8 * w
	return map1(a, w, func(x uint64) uint64 { return uint64(bits.LeadingZeros64(x) - (64 - bw)) })
}

// CountTrailingZeros is vctzb, vctzh, vctzw, vctzd (8w for a 0 element).
func CountTrailingZeros(a V, w int) V {
	bw := 8 * w
	return map1(a, w, func(x uint64) uint64 {
		if x == 0 {
			return uint64(bw)
		}
		return uint64(bits.TrailingZeros64(x))
	})
}

// PopCount is vpopcntb, vpopcnth, vpopcntw, vpopcntd.
func PopCount(a V, w int) V {
	return map1(a, w, func(x uint64) uint64 { return uint64(bits.OnesCount64(x)) })
}

// Parity is vprtybw, vprtybd (w = 4, 8) and vprtybq (w = 16): each
// element is the parity of the least significant bits of its bytes.
func Parity(a V, w int) V {
	const lsb = 0x0101010101010101
	if w == 16 {
		return V{Lo: uint64(bits.OnesCount64((a.Hi^a.Lo)&lsb) & 1)}
	}
	return map1(a, w, func(x uint64) uint64 { return uint64(bits.OnesCount64(x&lsb) & 1) })
}

// BitPermuteDW is bpermd's arithmetic: byte i of s (i = 0 most
// significant) indexes a bit of b in ISA numbering (≥ 64 selects 0); the
// eight selected bits form the low byte of the result, byte 0's first.
func BitPermuteDW(s, b uint64) uint64 {
	var v uint64
	for i := range 8 {
		idx := s >> (56 - 8*i) & 0xff
		if idx < 64 {
			v |= (b >> (63 - idx) & 1) << (7 - i)
		}
	}
	return v
}

// BitPermuteQuad is vbpermq: byte i of b indexes a bit of a (ISA
// numbering, ≥ 128 selects 0); the 16 bits go to bits 48:63 of
// doubleword 0, byte 0's first; the rest is 0.
func BitPermuteQuad(a, b V) V {
	return V{Hi: bpermq8(a, b.Hi)<<8 | bpermq8(a, b.Lo)}
}

// bpermq8 is vbpermq for the eight indexes in the bytes of d, first in the
// most significant bit of the 8-bit result.
func bpermq8(a V, d uint64) uint64 {
	var v uint64
	for range 8 {
		idx := d >> 56
		d <<= 8
		x := a.Hi
		if idx&64 != 0 {
			x = a.Lo
		}
		v = v<<1 | x>>(63-idx&63)&1&^(idx>>7) // an index ≥ 128 selects 0
	}
	return v
}

// BitPermuteDouble is vbpermd: for each doubleword, BitPermuteDW of the
// doubleword of b as indexes into the doubleword of a.
func BitPermuteDouble(a, b V) V {
	return V{Hi: BitPermuteDW(b.Hi, a.Hi), Lo: BitPermuteDW(b.Lo, a.Lo)}
}

// gbbd transposes the 8×8 bit matrix of a doubleword: bit j of byte i
// becomes bit i of byte j (ISA numbering).
func gbbd(x uint64) uint64 {
	// Three rounds of delta swaps exchange the off-diagonal 1×1, 2×2 and
	// 4×4 blocks (the rows and columns are both numbered from the most
	// significant end, so this is the plain transpose).
	t := (x ^ x>>7) & 0x00aa00aa00aa00aa
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000cccc0000cccc
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000f0f0f0f0
	return x ^ t ^ t<<28
}

// GatherBitsByBytes is vgbbd.
func GatherBitsByBytes(a V) V { return V{Hi: gbbd(a.Hi), Lo: gbbd(a.Lo)} }

// GatherEveryNth is vgnb: bits 0, n, 2n, … of a (n = 2…7), packed from the
// most significant bit of the 64-bit result.
func GatherEveryNth(a V, n int) uint64 {
	if n < 2 {
		n = 2
	}
	var r uint64
	p := 0
	for i := 0; i < 128; i += n {
		if shr128(a, uint(127-i)).Lo&1 != 0 {
			r |= 1 << (63 - p)
		}
		p++
	}
	return r
}

// ExtractDW is pextd's arithmetic: the bits of x under the one bits of m,
// packed to the right in order.
func ExtractDW(x, m uint64) uint64 {
	var v uint64
	for k := 0; m != 0; k++ {
		low := m & -m
		if x&low != 0 {
			v |= 1 << k
		}
		m &^= low
	}
	return v
}

// DepositDW is pdepd's arithmetic: the low bits of x, in order, scattered
// to the positions of the one bits of m.
func DepositDW(x, m uint64) uint64 {
	var v uint64
	for k := 0; m != 0; k++ {
		low := m & -m
		if x>>k&1 != 0 {
			v |= low
		}
		m &^= low
	}
	return v
}

// CentrifugeDW is cfuged's arithmetic: the bits of x under the one bits of
// m go, in order, to the right of the result; those under the zero bits,
// in order, to their left.
func CentrifugeDW(x, m uint64) uint64 {
	return ExtractDW(x, ^m)<<bits.OnesCount64(m) | ExtractDW(x, m)
}

// CountLeadingZerosUnderMask is cntlzdm's arithmetic: leading zeros of x
// among the bits selected by m, counted from the most significant
// selected bit (all of them if none is one).
func CountLeadingZerosUnderMask(x, m uint64) uint64 {
	return uint64(bits.OnesCount64(m) - bits.Len64(ExtractDW(x, m)))
}

// CountTrailingZerosUnderMask is cnttzdm's arithmetic.
func CountTrailingZerosUnderMask(x, m uint64) uint64 {
	p := ExtractDW(x, m)
	if p == 0 {
		return uint64(bits.OnesCount64(m))
	}
	return uint64(bits.TrailingZeros64(p))
}

// perDW applies a doubleword kernel to both doublewords of a and b.
func perDW(a, b V, f func(x, m uint64) uint64) V {
	return V{Hi: f(a.Hi, b.Hi), Lo: f(a.Lo, b.Lo)}
}

// Centrifuge is vcfuged.
func Centrifuge(a, b V) V { return perDW(a, b, CentrifugeDW) }

// Deposit is vpdepd.
func Deposit(a, b V) V { return perDW(a, b, DepositDW) }

// Extract is vpextd.
func Extract(a, b V) V { return perDW(a, b, ExtractDW) }

// CountLeadingZerosMasked is vclzdm.
func CountLeadingZerosMasked(a, b V) V { return perDW(a, b, CountLeadingZerosUnderMask) }

// CountTrailingZerosMasked is vctzdm.
func CountTrailingZerosMasked(a, b V) V { return perDW(a, b, CountTrailingZerosUnderMask) }

// CountLeadingZeroLSBBytes is vclzlsbb: the number of bytes, from byte 0,
// whose least significant bit is 0, before the first that has it set.
func CountLeadingZeroLSBBytes(b V) uint64 {
	if m := b.Hi & laneLow[1]; m != 0 {
		return uint64(bits.LeadingZeros64(m) / 8)
	}
	return uint64(8 + bits.LeadingZeros64(b.Lo&laneLow[1])/8) // 16 if none
}

// CountTrailingZeroLSBBytes is vctzlsbb: the same from byte 15 down.
func CountTrailingZeroLSBBytes(b V) uint64 {
	if m := b.Lo & laneLow[1]; m != 0 {
		return uint64(bits.TrailingZeros64(m) / 8)
	}
	return uint64(8 + bits.TrailingZeros64(b.Hi&laneLow[1])/8) // 16 if none
}
