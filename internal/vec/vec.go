// Package vec holds the lane arithmetic of the Power ISA vector facilities
// (VMX, and the parts VSX and MMA share with it) as pure functions on plain
// 128-bit values: no register file, no Memory, no profile. The emulate
// package fetches operands, calls a kernel and commits the result.
//
// Element numbering is the ISA's: element 0 is the most significant end of
// the register (regs.VSR's Hi), in both byte orders. Where a kernel takes an
// element width w, it is in bytes (1, 2, 4, 8 or 16). Kernels whose ISA
// result depends on saturation return a sat flag (the caller sets
// VSCR[SAT]); kernels with cases the ISA leaves undefined say so in their
// documentation and return a flag for them, so the caller can apply its
// implementation profile.
//
// The files group the kernels by family: intarith.go (add, subtract,
// average, min/max, multiply, multiply-sum, sum-across, divide), logical.go,
// permute.go (permute, merge, splat, pack/unpack, whole-register shifts),
// shift.go (element shifts and rotates), compare.go, bits.go (count,
// popcount, parity, bit gather/scatter), extract.go (extract/insert, string
// and mask ops), crypto.go (AES, SHA-2 sigma, carry-less multiply) and
// fp.go (VMX single-precision arithmetic).
package vec

import (
	"encoding/binary"

	"github.com/ppc64emu/ppc64emu/regs"
)

// V is a 128-bit vector value: Hi is doubleword 0 (bytes 0-7), Lo
// doubleword 1.
type V = regs.VSR

// Bytes returns the 16 byte elements of v, element 0 first.
func Bytes(v V) (b [16]uint8) {
	binary.BigEndian.PutUint64(b[:8], v.Hi)
	binary.BigEndian.PutUint64(b[8:], v.Lo)
	return b
}

// FromBytes is the inverse of Bytes.
func FromBytes(b [16]uint8) V {
	return V{Hi: binary.BigEndian.Uint64(b[:8]), Lo: binary.BigEndian.Uint64(b[8:])}
}

// Halves returns the 8 halfword elements of v.
func Halves(v V) (h [8]uint16) {
	for i := range 4 {
		h[i] = uint16(v.Hi >> (48 - 16*i))
		h[4+i] = uint16(v.Lo >> (48 - 16*i))
	}
	return h
}

// FromHalves is the inverse of Halves.
func FromHalves(h [8]uint16) V {
	var v V
	for i := range 4 {
		v.Hi |= uint64(h[i]) << (48 - 16*i)
		v.Lo |= uint64(h[4+i]) << (48 - 16*i)
	}
	return v
}

// Words returns the 4 word elements of v.
func Words(v V) [4]uint32 {
	return [4]uint32{uint32(v.Hi >> 32), uint32(v.Hi), uint32(v.Lo >> 32), uint32(v.Lo)}
}

// FromWords is the inverse of Words.
func FromWords(w [4]uint32) V {
	return V{Hi: uint64(w[0])<<32 | uint64(w[1]), Lo: uint64(w[2])<<32 | uint64(w[3])}
}

// elems unpacks v into n = 16/w elements of w bytes each (w = 1, 2, 4 or 8;
// 16 is taken as 8), zero-extended, element 0 first. Each width has its
// own fixed-count loop, so the shifts and masks are constants.
func elems(v V, w int) (e [16]uint64, n int) {
	switch w {
	case 1:
		for i := range 8 {
			s := 56 - 8*uint(i)
			e[i], e[8+i] = v.Hi>>s&0xff, v.Lo>>s&0xff
		}
		return e, 16
	case 2:
		for i := range 4 {
			s := 48 - 16*uint(i)
			e[i], e[4+i] = v.Hi>>s&0xffff, v.Lo>>s&0xffff
		}
		return e, 8
	case 4:
		e[0], e[1], e[2], e[3] = v.Hi>>32, v.Hi&0xffffffff, v.Lo>>32, v.Lo&0xffffffff
		return e, 4
	}
	e[0], e[1] = v.Hi, v.Lo
	return e, 2
}

// fromElems packs the first 16/w elements of e (each truncated to w bytes;
// w as for elems).
func fromElems(e *[16]uint64, w int) V {
	var v V
	switch w {
	case 1:
		for i := range 8 {
			s := 56 - 8*uint(i)
			v.Hi |= e[i] & 0xff << s
			v.Lo |= e[8+i] & 0xff << s
		}
	case 2:
		for i := range 4 {
			s := 48 - 16*uint(i)
			v.Hi |= e[i] & 0xffff << s
			v.Lo |= e[4+i] & 0xffff << s
		}
	case 4:
		v.Hi = e[0]<<32 | e[1]&0xffffffff
		v.Lo = e[2]<<32 | e[3]&0xffffffff
	default:
		v.Hi, v.Lo = e[0], e[1]
	}
	return v
}

// sext sign-extends the low 8w bits of x.
func sext(x uint64, w int) int64 {
	s := uint(64 - 8*w)
	return int64(x<<s) >> s
}

// mask returns the all-ones value of a w-byte element (w ≤ 8).
func mask(w int) uint64 {
	if w >= 8 {
		return ^uint64(0)
	}
	return uint64(1)<<(8*uint(w)) - 1
}

// map2 applies f to the corresponding w-byte elements of a and b (w ≤ 8).
func map2(a, b V, w int, f func(x, y uint64) uint64) V {
	x, n := elems(a, w)
	y, _ := elems(b, w)
	for i := range n {
		x[i] = f(x[i], y[i])
	}
	return fromElems(&x, w)
}

// map1 applies f to each w-byte element of a (w ≤ 8).
func map1(a V, w int, f func(x uint64) uint64) V {
	x, n := elems(a, w)
	for i := range n {
		x[i] = f(x[i])
	}
	return fromElems(&x, w)
}

// Splat returns a vector with every w-byte element (w ≤ 8) equal to x
// (truncated to w bytes).
func Splat(x uint64, w int) V {
	if w >= 8 {
		return V{Hi: x, Lo: x}
	}
	d := x & mask(w) * laneLow[w&15]
	return V{Hi: d, Lo: d}
}

// Quadword helpers: a V as one 128-bit integer.

func add128(a, b V, c uint64) (V, uint64) {
	lo, c1 := addc(a.Lo, b.Lo, c)
	hi, c2 := addc(a.Hi, b.Hi, c1)
	return V{Hi: hi, Lo: lo}, c2
}

func not128(a V) V { return V{Hi: ^a.Hi, Lo: ^a.Lo} }

func neg128(a V) V {
	r, _ := add128(not128(a), V{}, 1)
	return r
}

// shl128 and shr128 shift a by n mod 128. A Go shift by 64 or more gives
// 0, so each term vanishes outside its range of n (64-n and n-64 wrap to
// large counts).
func shl128(a V, n uint) V {
	n &= 127
	return V{Hi: a.Hi<<n | a.Lo>>(64-n) | a.Lo<<(n-64), Lo: a.Lo << n}
}

func shr128(a V, n uint) V {
	n &= 127
	return V{Hi: a.Hi >> n, Lo: a.Lo>>n | a.Hi<<(64-n) | a.Hi>>(n-64)}
}

func sra128(a V, n uint) V {
	n &= 127
	switch {
	case n == 0:
		return a
	case n >= 64:
		return V{Hi: uint64(int64(a.Hi) >> 63), Lo: uint64(int64(a.Hi) >> (n - 64))}
	}
	return V{Hi: uint64(int64(a.Hi) >> n), Lo: a.Lo>>n | a.Hi<<(64-n)}
}

func less128(a, b V) bool { return a.Hi < b.Hi || a.Hi == b.Hi && a.Lo < b.Lo }

func lessSigned128(a, b V) bool {
	if a.Hi != b.Hi {
		return int64(a.Hi) < int64(b.Hi)
	}
	return a.Lo < b.Lo
}
