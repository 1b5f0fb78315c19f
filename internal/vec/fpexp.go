package vec

import (
	"math"
	"math/big"
	"math/bits"
)

// Exp2SeriesFP computes 2^b for each element the way QEMU 7.2's
// float32_exp2 does (its vexptefp): x = b·ln2, then the 15-term Taylor
// series 1 + Σ x^n/n! evaluated with 64-bit significands that are
// truncated with a sticky bit (not rounded) after every multiply and
// multiply-add, and one final rounding to binary32. The series is a poor
// approximation for large |x|; the point is to reproduce those values.
// Special cases: NaN → quiet NaN, +∞ → +∞, -∞ → +0, ±0 → 1.
func Exp2SeriesFP(b V, m FPMode) V {
	return perWordFP(b, m, func(v uint32) uint32 {
		switch {
		case v == 0x7f800000:
			return v
		case v == 0xff800000:
			return 0
		case v&0x7fffffff == 0:
			return 0x3f800000
		}
		x := pmul(unpack32(v), unpack64(math.Float64bits(math.Ln2)))
		xn := x
		r := unpack64(math.Float64bits(1))
		for _, c := range exp2Coeffs {
			r = pmuladd(unpack64(c), xn, r)
			xn = pmul(xn, x)
		}
		return r.pack32(m.FlushOut)
	})
}

// Exp2FP computes 2^b for each element correctly rounded to binary32
// (nearest, ties to even; a result below 2^-126 in magnitude is a denormal,
// or +0 when m flushes outputs): a valid vexptefp estimate everywhere, its
// error far inside the ISA's bound, where Exp2SeriesFP (QEMU 7.2's) is
// far off for large |b|. Special cases as Exp2SeriesFP: NaN → quiet NaN,
// +∞ → +∞, -∞ → +0, ±0 → 1.
func Exp2FP(b V, m FPMode) V {
	return perWordFP(b, m, func(v uint32) uint32 {
		r := math.Float32bits(float32(math.Exp2(float64(math.Float32frombits(v)))))
		if m.FlushOut && r < 0x00800000 {
			return 0
		}
		return r
	})
}

// perWordFP is f of each binary32 word of b, after m flushed a denormal
// input; a NaN gives itself, quieted, without calling f.
func perWordFP(b V, m FPMode, f func(v uint32) uint32) V {
	y := Words(b)
	for i, v := range y {
		v = m.flushIn(v)
		if f32IsNaN(v) {
			y[i] = v | f32QuietBit
			continue
		}
		y[i] = f(v)
	}
	return FromWords(y)
}

// exp2Coeffs are 1/n! for n = 1…15, each the nearest binary64.
var exp2Coeffs = func() (c [15]uint64) {
	f := big.NewInt(1)
	for n := 1; n <= 15; n++ {
		f.Mul(f, big.NewInt(int64(n)))
		q := new(big.Float).SetPrec(200).Quo(big.NewFloat(1).SetPrec(200), new(big.Float).SetPrec(200).SetInt(f))
		v, _ := q.Float64()
		c[n-1] = math.Float64bits(v)
	}
	return c
}()

// parts is a finite non-zero number (-1)^neg · frac · 2^(exp-63) with bit
// 63 of frac set; frac's bit 0 may be a sticky bit.
type parts struct {
	neg  bool
	exp  int
	frac uint64
}

func unpack32(x uint32) parts {
	e := int(x >> 23 & 0xff)
	s := uint64(x & 0x7fffff)
	if e == 0 { // denormal: normalise
		n := bits.LeadingZeros64(s) - 40
		return parts{neg: x>>31 != 0, exp: -126 - n, frac: s << 40 << uint(n)}
	}
	return parts{neg: x>>31 != 0, exp: e - 127, frac: (s | 1<<23) << 40}
}

func unpack64(x uint64) parts {
	e := int(x >> 52 & 0x7ff)
	return parts{neg: x>>63 != 0, exp: e - 1023, frac: (x&(1<<52-1) | 1<<52) << 11}
}

// wide is a 128-bit significand: value = (hi:lo) · 2^(exp-127).
type wide struct {
	neg    bool
	exp    int
	hi, lo uint64
}

func mulWide(a, b parts) wide {
	hi, lo := bits.Mul64(a.frac, b.frac)
	w := wide{neg: a.neg != b.neg, exp: a.exp + b.exp + 1, hi: hi, lo: lo}
	if hi>>63 == 0 {
		w.hi, w.lo = hi<<1|lo>>63, lo<<1
		w.exp--
	}
	return w
}

func (w wide) trunc() parts {
	f := w.hi
	if w.lo != 0 {
		f |= 1
	}
	return parts{neg: w.neg, exp: w.exp, frac: f}
}

func pmul(a, b parts) parts { return mulWide(a, b).trunc() }

// shrjam shifts hi:lo right by n with a sticky bit.
func shrjam(hi, lo uint64, n int) (uint64, uint64) {
	switch {
	case n <= 0:
		return hi, lo
	case n >= 128:
		if hi|lo != 0 {
			return 0, 1
		}
		return 0, 0
	}
	var sticky uint64
	var nh, nl uint64
	if n >= 64 {
		if lo != 0 || hi&(1<<uint(n-64)-1) != 0 {
			sticky = 1
		}
		nh, nl = 0, hi>>uint(n-64)
	} else {
		if lo&(1<<uint(n)-1) != 0 {
			sticky = 1
		}
		nh, nl = hi>>uint(n), lo>>uint(n)|hi<<(64-uint(n))
	}
	return nh, nl | sticky
}

// pmuladd is a·b + c with the product exact, the sum aligned with sticky
// shifts and the result truncated with a sticky bit.
func pmuladd(a, b, c parts) parts {
	p := mulWide(a, b)
	q := wide{neg: c.neg, exp: c.exp, hi: c.frac}
	if p.neg == q.neg {
		d := p.exp - q.exp
		if d > 0 {
			q.hi, q.lo = shrjam(q.hi, q.lo, d)
		} else if d < 0 {
			p.hi, p.lo = shrjam(p.hi, p.lo, -d)
			p.exp = q.exp
		}
		var k uint64
		p.lo, k = bits.Add64(p.lo, q.lo, 0)
		p.hi, k = bits.Add64(p.hi, q.hi, k)
		if k != 0 {
			p.hi, p.lo = shrjam(p.hi, p.lo, 1)
			p.hi |= 1 << 63
			p.exp++
		}
		return p.trunc()
	}
	d := p.exp - q.exp
	switch {
	case d > 0:
		q.hi, q.lo = shrjam(q.hi, q.lo, d)
		p.hi, p.lo = sub128(p.hi, p.lo, q.hi, q.lo)
	case d < 0:
		p.exp = q.exp
		p.neg = !p.neg
		p.hi, p.lo = shrjam(p.hi, p.lo, -d)
		p.hi, p.lo = sub128(q.hi, q.lo, p.hi, p.lo)
	default:
		var borrow uint64
		h, l := p.hi, p.lo
		l, borrow = bits.Sub64(l, q.lo, 0)
		h, borrow = bits.Sub64(h, q.hi, borrow)
		if borrow != 0 {
			l, borrow = bits.Sub64(0, l, 0)
			h, _ = bits.Sub64(0, h, borrow)
			p.neg = !p.neg
		}
		p.hi, p.lo = h, l
	}
	if p.hi|p.lo == 0 {
		return parts{} // exact cancellation (never seen in the series)
	}
	n := bits.LeadingZeros64(p.hi)
	if p.hi == 0 {
		n = 64 + bits.LeadingZeros64(p.lo)
	}
	switch {
	case n >= 64:
		p.hi, p.lo = p.lo<<uint(n-64), 0
	case n > 0:
		p.hi, p.lo = p.hi<<uint(n)|p.lo>>(64-uint(n)), p.lo<<uint(n)
	}
	p.exp -= n
	return p.trunc()
}

func sub128(ah, al, bh, bl uint64) (uint64, uint64) {
	l, k := bits.Sub64(al, bl, 0)
	h, _ := bits.Sub64(ah, bh, k)
	return h, l
}

// pack32 rounds p to binary32 (nearest even); with flush, a value whose
// exponent is below the normal range before rounding becomes a zero.
func (p parts) pack32(flush bool) uint32 {
	var sign uint32
	if p.neg {
		sign = 1 << 31
	}
	if p.frac == 0 {
		return sign
	}
	be := p.exp + 127
	if be >= 255 {
		return sign | 0x7f800000
	}
	frac := p.frac
	if be <= 0 {
		if flush {
			return sign
		}
		// Denormal: shift right by 1-be with sticky, as for exponent 1.
		s := 1 - be
		if s >= 64 {
			if frac != 0 {
				frac = 1
			}
		} else {
			st := uint64(0)
			if frac&(1<<uint(s)-1) != 0 {
				st = 1
			}
			frac = frac>>uint(s) | st
		}
		be = 0
	}
	// Keep 24 bits (bit 63 down to 40); round on the low 40.
	m := frac >> 40
	rest := frac & (1<<40 - 1)
	half := uint64(1) << 39
	if rest > half || rest == half && m&1 == 1 {
		m++
	}
	if be == 0 {
		// m ≤ 2^23 here; 2^23 is the smallest normal.
		return sign | uint32(m)
	}
	if m == 1<<24 {
		m >>= 1
		be++
		if be >= 255 {
			return sign | 0x7f800000
		}
	}
	return sign | uint32(be)<<23 | uint32(m)&0x7fffff
}
