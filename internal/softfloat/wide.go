package softfloat

import "math/bits"

// 128- and 256-bit unsigned helpers on 64-bit words (hi first).

// lz128 counts the leading zeros of hi:lo.
func lz128(hi, lo uint64) int {
	if hi != 0 {
		return bits.LeadingZeros64(hi)
	}
	return 64 + bits.LeadingZeros64(lo)
}

// shl128 is hi:lo << n for 0 ≤ n (bits shifted out are lost).
func shl128(hi, lo uint64, n int) (uint64, uint64) {
	switch {
	case n <= 0:
		return hi, lo
	case n < 64:
		return hi<<uint(n) | lo>>uint(64-n), lo << uint(n)
	case n < 128:
		return lo << uint(n-64), 0
	}
	return 0, 0
}

// shr128 is hi:lo >> n for 0 ≤ n (bits shifted out are lost).
func shr128(hi, lo uint64, n int) (uint64, uint64) {
	switch {
	case n <= 0:
		return hi, lo
	case n < 64:
		return hi >> uint(n), lo>>uint(n) | hi<<uint(64-n)
	case n < 128:
		return 0, hi >> uint(n-64)
	}
	return 0, 0
}

// shrSticky is hi:lo >> n, or-ing any bit shifted out into bit 0.
func shrSticky(hi, lo uint64, n int) (uint64, uint64) {
	var out bool
	switch {
	case n <= 0:
		return hi, lo
	case n < 64:
		out = lo<<uint(64-n) != 0
		hi, lo = hi>>uint(n), lo>>uint(n)|hi<<uint(64-n)
	case n < 128:
		out = lo != 0 || hi<<uint(128-n) != 0
		hi, lo = 0, hi>>uint(n-64)
	default:
		out = hi|lo != 0
		hi, lo = 0, 0
	}
	if out {
		lo |= 1
	}
	return hi, lo
}

// less128 reports whether ah:al < bh:bl.
func less128(ah, al, bh, bl uint64) bool { return ah < bh || ah == bh && al < bl }

// sub128 is ah:al − bh:bl modulo 2^128.
func sub128(ah, al, bh, bl uint64) (uint64, uint64) {
	l, c := bits.Sub64(al, bl, 0)
	h, _ := bits.Sub64(ah, bh, c)
	return h, l
}

// add128 is ah:al + bh:bl modulo 2^128.
func add128(ah, al, bh, bl uint64) (uint64, uint64) {
	l, c := bits.Add64(al, bl, 0)
	h, _ := bits.Add64(ah, bh, c)
	return h, l
}

// u256 is a 256-bit unsigned number, w[0] the most significant word.
type u256 [4]uint64

// mul128x128 is the full 256-bit product of two 128-bit numbers.
func mul128x128(ah, al, bh, bl uint64) u256 {
	// (ah·2^64 + al)(bh·2^64 + bl)
	h1, l1 := bits.Mul64(ah, bh) // ·2^128
	h2, l2 := bits.Mul64(ah, bl) // ·2^64
	h3, l3 := bits.Mul64(al, bh) // ·2^64
	h4, l4 := bits.Mul64(al, bl)
	var r u256
	r[3] = l4
	var c uint64
	r[2], c = bits.Add64(h4, l2, 0)
	m1, c1 := bits.Add64(h2, l1, c)
	h1 += c1
	r[2], c = bits.Add64(r[2], l3, 0)
	m1, c1 = bits.Add64(m1, h3, c)
	h1 += c1
	r[1], r[0] = m1, h1
	return r
}

func (a u256) isZero() bool { return a[0]|a[1]|a[2]|a[3] == 0 }

func (a u256) less(b u256) bool {
	for i := range 4 {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func (a u256) add(b u256) u256 {
	var c uint64
	for i := 3; i >= 0; i-- {
		a[i], c = bits.Add64(a[i], b[i], c)
	}
	return a
}

func (a u256) sub(b u256) u256 {
	var c uint64
	for i := 3; i >= 0; i-- {
		a[i], c = bits.Sub64(a[i], b[i], c)
	}
	return a
}

func (a u256) lz() int {
	for i := range 4 {
		if a[i] != 0 {
			return 64*i + bits.LeadingZeros64(a[i])
		}
	}
	return 256
}

// shl is a << n for 0 ≤ n < 256.
func (a u256) shl(n int) u256 {
	for n >= 64 {
		a = u256{a[1], a[2], a[3], 0}
		n -= 64
	}
	if n > 0 {
		for i := 0; i < 3; i++ {
			a[i] = a[i]<<uint(n) | a[i+1]>>uint(64-n)
		}
		a[3] <<= uint(n)
	}
	return a
}

// shrSticky is a >> n, or-ing any bit shifted out into bit 0.
func (a u256) shrSticky(n int) u256 {
	if n <= 0 {
		return a
	}
	if n >= 256 {
		if a.isZero() {
			return a
		}
		return u256{0, 0, 0, 1}
	}
	sticky := false
	for n >= 64 {
		sticky = sticky || a[3] != 0
		a = u256{0, a[0], a[1], a[2]}
		n -= 64
	}
	if n > 0 {
		sticky = sticky || a[3]<<uint(64-n) != 0
		for i := 3; i > 0; i-- {
			a[i] = a[i]>>uint(n) | a[i-1]<<uint(64-n)
		}
		a[0] >>= uint(n)
	}
	if sticky {
		a[3] |= 1
	}
	return a
}
