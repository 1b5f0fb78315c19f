package vec

import "math/bits"

// Kernels of the VSX permute and logical ops that VMX has no twin for
// (Power ISA 3.1B Book I 7.6): byte reversal, blend, the extended permute,
// the ternary logical evaluate and the byte LSB test.

// ByteReverse is xxbrh, xxbrw, xxbrd, xxbrq (w = 2, 4, 8, 16): the bytes of
// each element reversed.
func ByteReverse(a V, w int) V {
	switch w {
	case 2:
		const m = 0x00ff00ff00ff00ff
		return V{Hi: a.Hi>>8&m | a.Hi&m<<8, Lo: a.Lo>>8&m | a.Lo&m<<8}
	case 4:
		h, l := bits.ReverseBytes64(a.Hi), bits.ReverseBytes64(a.Lo)
		return V{Hi: h<<32 | h>>32, Lo: l<<32 | l>>32}
	case 8:
		return V{Hi: bits.ReverseBytes64(a.Hi), Lo: bits.ReverseBytes64(a.Lo)}
	}
	return V{Hi: bits.ReverseBytes64(a.Lo), Lo: bits.ReverseBytes64(a.Hi)}
}

// Blend is xxblendvb, xxblendvh, xxblendvw, xxblendvd (w = 1, 2, 4, 8):
// element i is b's where the sign bit of c's element i is set, else a's.
func Blend(a, b, c V, w int) V {
	m := signMask(c.Hi, w)
	n := signMask(c.Lo, w)
	return V{Hi: a.Hi&^m | b.Hi&m, Lo: a.Lo&^n | b.Lo&n}
}

// signMask spreads the sign bit of each w-byte element of x over the
// element.
func signMask(x uint64, w int) uint64 {
	sh := uint(8*w - 1)
	var low uint64 // the least significant bit of each element
	switch w {
	case 1:
		low = 0x0101010101010101
	case 2:
		low = 0x0001000100010001
	case 4:
		low = 0x0000000100000001
	default:
		low = 1
	}
	s := x >> sh & low   // the sign bits, moved to bit 0 of their element
	return s<<(sh+1) - s // each element: 2^(8w) − 1 or 0 (the top carry falls off)
}

// PermuteExtended is xxpermx: byte i is byte c[i]&31 of a‖b when bits 0:2
// of c[i] equal uim, else 0.
func PermuteExtended(a, b, c V, uim uint) V {
	x, y, s := Bytes(a), Bytes(b), Bytes(c)
	var r [16]uint8
	for i, k := range s {
		switch {
		case uint(k>>5) != uim&7:
		case k&16 == 0:
			r[i] = x[k&15]
		default:
			r[i] = y[k&15]
		}
	}
	return FromBytes(r)
}

// Eval is xxeval: each result bit is bit (4·a + 2·b + c) of imm, numbering
// imm's bits from its most significant (the ISA's bit 0).
func Eval(a, b, c V, imm uint8) V {
	return V{Hi: eval64(a.Hi, b.Hi, c.Hi, imm), Lo: eval64(a.Lo, b.Lo, c.Lo, imm)}
}

func eval64(a, b, c uint64, imm uint8) uint64 {
	var r uint64
	for k := range 8 {
		if imm>>(7-k)&1 == 0 {
			continue
		}
		m := ^uint64(0)
		if k&4 != 0 {
			m &= a
		} else {
			m &^= a
		}
		if k&2 != 0 {
			m &= b
		} else {
			m &^= b
		}
		if k&1 != 0 {
			m &= c
		} else {
			m &^= c
		}
		r |= m
	}
	return r
}

// TestLSBByBytes is xvtlsbb: whether the least significant bit of every
// byte of b is 1 (all) and whether it is 0 in every byte (none).
func TestLSBByBytes(b V) (all, none bool) {
	const lsb = 0x0101010101010101
	x, y := b.Hi&lsb, b.Lo&lsb
	return x == lsb && y == lsb, x|y == 0
}

// GeneratePCV is xxgenpcvbm, xxgenpcvhm, xxgenpcvwm, xxgenpcvdm (w = 1,
// 2, 4, 8): the permute control vector that expands (imm bit 1 clear) or
// compresses (set) the elements of b whose most significant bit is set,
// in big-endian element order (imm bit 0 clear) or little-endian (set; the
// bytes are then numbered from the least significant end). Expansion:
// the bytes of the k-th selected element get the indices of bytes k×w to
// k×w+w−1; every other byte i gets 16 + i (the same byte of the second
// permute source). Compression: bytes k×w to k×w+w−1 get the indices of
// the k-th selected element's bytes; the rest are 0. imm is 0 to 3.
func GeneratePCV(b V, w int, imm int) V {
	src := Bytes(b)
	le, compress := imm&2 != 0, imm&1 != 0
	// at maps a byte number of the chosen order to the ISA byte number.
	at := func(i int) int {
		if le {
			return 15 - i
		}
		return i
	}
	var t [16]uint8
	if !compress {
		for i := range 16 {
			t[at(i)] = uint8(16 + i)
		}
	}
	j := 0
	for e := 0; e < 16; e += w {
		msb := at(e + w - 1) // the element's most significant byte
		if !le {
			msb = e
		}
		if src[msb]&0x80 == 0 {
			continue
		}
		for k := range w {
			if compress {
				t[at(j+k)] = uint8(e + k)
			} else {
				t[at(e+k)] = uint8(j + k)
			}
		}
		j += w
	}
	return FromBytes(t)
}
