package vec

import (
	"math/bits"
)

// Log2FP computes log2(b) for each element the way QEMU 7.2's float32_log2
// does (its vlogefp, QEMU ≥ 6.1): the exponent as an integer plus a
// fraction found digit by digit by squaring the significand (kept as a
// 128-bit fixed-point number whose squares are truncated), 25 digits (48
// when the exponent is -1), restarting the count at the first 1 digit when
// the exponent is 0; a sticky bit for the rest; then one rounding to
// binary32. Special cases: NaN → quiet NaN, ±0 → -∞, +∞ → +∞, negative →
// default NaN.
func Log2FP(b V, m FPMode) V {
	return perWordFP(b, m, func(v uint32) uint32 {
		switch {
		case v&0x7fffffff == 0:
			return 0xff800000
		case v>>31 == 1:
			return f32DefaultNaN
		case v == 0x7f800000:
			return v
		}
		return log2Parts(unpack32(v)).pack32(m.FlushOut)
	})
}

const implicit = uint64(1) << 63

// sq128 returns the high 128 bits of (a0:a1)².
func sq128(a0, a1 uint64) (uint64, uint64) {
	// (a0·2^64 + a1)² = a0²·2^128 + 2·a0·a1·2^64 + a1².
	h00, l00 := bits.Mul64(a0, a0)
	h01, l01 := bits.Mul64(a0, a1)
	h11, _ := bits.Mul64(a1, a1)
	// Words of the 256-bit result, w3 highest: w3:w2 = a0², w2:w1 += 2·a0·a1, w1 += h11.
	w3, w2 := h00, l00
	// 2·a0·a1 as 129 bits: c:h01:l01 doubled.
	c := h01 >> 63
	d1, d0 := h01<<1|l01>>63, l01<<1
	w1, k := bits.Add64(d0, h11, 0)
	w2, k = bits.Add64(w2, d1, k)
	w3, _ = bits.Add64(w3, c, k)
	_ = w1
	return w3, w2
}

func log2Parts(a parts) parts {
	aExp := a.exp
	fExp := -1
	var r uint64
	t := implicit
	a0, a1 := a.frac, uint64(0)
	n := 23 + 2
	if aExp == -1 {
		n = 23*2 + 2
		if n > 62 {
			n = 62
		}
	}
	exact := false
	for i := 0; i < n; i++ {
		switch {
		case a1 != 0:
			a0, a1 = sq128(a0, a1)
		case a0&0xffffffff != 0:
			a0, a1 = bits.Mul64(a0, a0)
		case a0&^implicit != 0:
			a0 >>= 32
			a0 *= a0
		default:
			exact = true
		}
		if exact {
			break
		}
		if a0&implicit != 0 {
			if aExp == 0 && r == 0 {
				fExp -= i
				t, r = implicit, implicit
				i = 0
			} else {
				r |= t
			}
		} else {
			var k uint64
			a1, k = bits.Add64(a1, a1, 0)
			a0, _ = bits.Add64(a0, a0, k)
		}
		t >>= 1
	}
	if !exact && (a1 != 0 || a0&^implicit != 0) {
		r |= 1
	}
	// The integer part.
	var z parts
	if aExp != 0 {
		mag := uint64(aExp)
		if aExp < 0 {
			mag = uint64(-aExp)
		}
		s := bits.LeadingZeros64(mag)
		z = parts{neg: aExp < 0, exp: 63 - s, frac: mag << uint(s)}
	}
	if r == 0 {
		return z // a zero z packs to +0
	}
	s := bits.LeadingZeros64(r)
	f := parts{exp: fExp - s, frac: r << uint(s)}
	switch {
	case aExp < 0:
		return subNormal64(z, f)
	case aExp > 0:
		return addNormal64(z, f)
	}
	return f
}

func shrjam64(x uint64, n int) uint64 {
	switch {
	case n <= 0:
		return x
	case n >= 64:
		if x != 0 {
			return 1
		}
		return 0
	}
	j := uint64(0)
	if x&(1<<uint(n)-1) != 0 {
		j = 1
	}
	return x>>uint(n) | j
}

func addNormal64(a, b parts) parts {
	d := a.exp - b.exp
	if d > 0 {
		b.frac = shrjam64(b.frac, d)
	} else if d < 0 {
		a.frac = shrjam64(a.frac, -d)
		a.exp = b.exp
	}
	var k uint64
	a.frac, k = bits.Add64(a.frac, b.frac, 0)
	if k != 0 {
		a.frac = shrjam64(a.frac, 1) | implicit
		a.exp++
	}
	return a
}

func subNormal64(a, b parts) parts {
	d := a.exp - b.exp
	switch {
	case d > 0:
		b.frac = shrjam64(b.frac, d)
		a.frac -= b.frac
	case d < 0:
		a.exp = b.exp
		a.neg = !a.neg
		a.frac = b.frac - shrjam64(a.frac, -d)
	default:
		var borrow uint64
		a.frac, borrow = bits.Sub64(a.frac, b.frac, 0)
		if borrow != 0 {
			a.frac = -a.frac
			a.neg = !a.neg
		}
	}
	if a.frac == 0 {
		return parts{}
	}
	s := bits.LeadingZeros64(a.frac)
	a.frac <<= uint(s)
	a.exp -= s
	return a
}
