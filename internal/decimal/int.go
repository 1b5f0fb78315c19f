package decimal

import "math/bits"

// u256 is an unsigned 256-bit integer, least significant word first. It
// holds exact intermediate coefficients: a product of two 34-digit
// coefficients, a sum aligned by up to 37 digits, a scaled dividend.
type u256 [4]uint64

// pow10 holds 10^0 … 10^77 (10^77 < 2^256).
var pow10 = func() (t [78]u256) {
	t[0] = u256{1}
	for i := 1; i < len(t); i++ {
		t[i], _ = t[i-1].mul64(10)
	}
	return t
}()

func (x u256) isZero() bool { return x[0]|x[1]|x[2]|x[3] == 0 }

func (x u256) cmp(y u256) int {
	for i := 3; i >= 0; i-- {
		if x[i] != y[i] {
			if x[i] < y[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

func (x u256) add(y u256) u256 {
	var c uint64
	x[0], c = bits.Add64(x[0], y[0], 0)
	x[1], c = bits.Add64(x[1], y[1], c)
	x[2], c = bits.Add64(x[2], y[2], c)
	x[3], _ = bits.Add64(x[3], y[3], c)
	return x
}

// sub returns x − y for x ≥ y.
func (x u256) sub(y u256) u256 {
	var b uint64
	x[0], b = bits.Sub64(x[0], y[0], 0)
	x[1], b = bits.Sub64(x[1], y[1], b)
	x[2], b = bits.Sub64(x[2], y[2], b)
	x[3], _ = bits.Sub64(x[3], y[3], b)
	return x
}

// mul64 returns x·m and whether it overflowed 256 bits.
func (x u256) mul64(m uint64) (u256, bool) {
	var z u256
	var carry uint64
	for i := 0; i < 4; i++ {
		hi, lo := bits.Mul64(x[i], m)
		var c uint64
		z[i], c = bits.Add64(lo, carry, 0)
		carry = hi + c
	}
	return z, carry != 0
}

// mul returns x·y; the caller guarantees it fits.
func (x u256) mul(y u256) u256 {
	var z u256
	for i := 0; i < 4; i++ {
		if y[i] == 0 {
			continue
		}
		var carry uint64
		for j := 0; i+j < 4; j++ {
			hi, lo := bits.Mul64(x[j], y[i])
			var c uint64
			lo, c = bits.Add64(lo, carry, 0)
			hi += c
			z[i+j], c = bits.Add64(z[i+j], lo, 0)
			carry = hi + c
		}
	}
	return z
}

// mulPow10 returns x·10^n; the caller guarantees it fits.
func (x u256) mulPow10(n int) u256 {
	switch {
	case n == 0:
		return x
	case n <= 19:
		z, _ := x.mul64(pow10[n][0])
		return z
	}
	return x.mul(pow10[n])
}

// divmod64 returns x/d and x%d.
func (x u256) divmod64(d uint64) (u256, uint64) {
	var q u256
	var r uint64
	top := 3
	for top > 0 && x[top] == 0 {
		top--
	}
	if top == 0 {
		return u256{x[0] / d}, x[0] % d
	}
	for i := top; i >= 0; i-- {
		q[i], r = bits.Div64(r, x[i], d)
	}
	return q, r
}

func (x u256) bitLen() int {
	for i := 3; i >= 0; i-- {
		if x[i] != 0 {
			return 64*i + bits.Len64(x[i])
		}
	}
	return 0
}

func (x u256) lsh1() u256 {
	return u256{x[0] << 1, x[1]<<1 | x[0]>>63, x[2]<<1 | x[1]>>63, x[3]<<1 | x[2]>>63}
}

// divmod returns x/y and x%y for y ≠ 0: a one-word divisor takes the
// word-at-a-time path, a two-word one (a coefficient) Knuth's algorithm D
// on 64-bit digits, a longer one divmodSlow.
func (x u256) divmod(y u256) (q, r u256) {
	if y[1]|y[2]|y[3] == 0 {
		q, rr := x.divmod64(y[0])
		return q, u256{rr}
	}
	if x.cmp(y) < 0 {
		return u256{}, x
	}
	if y[2]|y[3] != 0 {
		return x.divmodSlow(y)
	}
	// Normalise: the divisor's top bit set.
	s := uint(bits.LeadingZeros64(y[1]))
	v1, v0 := y[1]<<s|y[0]>>(64-s)&mask(s), y[0]<<s
	var u [5]uint64
	u[4] = x[3] >> (64 - s) & mask(s)
	for i := 3; i > 0; i-- {
		u[i] = x[i]<<s | x[i-1]>>(64-s)&mask(s)
	}
	u[0] = x[0] << s
	for j := 2; j >= 0; j-- {
		// Estimate q̂ from the top two words of the remainder.
		var qhat, rhat uint64
		over := false
		if u[j+2] >= v1 { // = v1: q̂ = 2^64−1, r̂ = u[j+1] + v1
			qhat = ^uint64(0)
			var c uint64
			rhat, c = bits.Add64(u[j+1], v1, 0)
			over = c != 0 || u[j+2] > v1
		} else {
			qhat, rhat = bits.Div64(u[j+2], u[j+1], v1)
		}
		for !over {
			ph, pl := bits.Mul64(qhat, v0)
			if ph < rhat || ph == rhat && pl <= u[j] {
				break
			}
			qhat--
			var c uint64
			rhat, c = bits.Add64(rhat, v1, 0)
			if c != 0 {
				break
			}
		}
		// u[j..j+2] −= q̂·(v1:v0)
		h0, l0 := bits.Mul64(qhat, v0)
		h1, l1 := bits.Mul64(qhat, v1)
		var b uint64
		u[j], b = bits.Sub64(u[j], l0, 0)
		m1, c1 := bits.Add64(l1, h0, 0)
		u[j+1], b = bits.Sub64(u[j+1], m1, b)
		var b2 uint64
		u[j+2], b2 = bits.Sub64(u[j+2], h1+c1, b)
		if b2 != 0 {
			// q̂ was one too large: add the divisor back.
			qhat--
			var c uint64
			u[j], c = bits.Add64(u[j], v0, 0)
			u[j+1], c = bits.Add64(u[j+1], v1, c)
			u[j+2] += c
		}
		q[j] = qhat
	}
	r = u256{u[0]>>s | u[1]<<(64-s)&mask(s), u[1]>>s | u[2]<<(64-s)&mask(s), 0, 0}
	if s == 0 {
		r = u256{u[0], u[1]}
	}
	return q, r
}

// divmodSlow divides by shifting and subtracting (divisors of three or
// four words: powers of ten above 10^38, rare).
func (x u256) divmodSlow(y u256) (q, r u256) {
	for i := x.bitLen() - 1; i >= 0; i-- {
		r = r.lsh1()
		r[0] |= x[i/64] >> (uint(i) % 64) & 1
		if r.cmp(y) >= 0 {
			r = r.sub(y)
			q[i/64] |= 1 << (uint(i) % 64)
		}
	}
	return q, r
}

// mask is all ones when s ≠ 0 (a shift by 64 − s is then meaningful).
func mask(s uint) uint64 {
	if s == 0 {
		return 0
	}
	return ^uint64(0)
}

// divPow10 returns x/10^n and x%10^n.
func (x u256) divPow10(n int) (q, r u256) {
	if n == 0 {
		return x, u256{}
	}
	if n >= len(pow10) {
		return u256{}, x
	}
	if n <= 19 {
		q, rr := x.divmod64(pow10[n][0])
		return q, u256{rr}
	}
	return x.divmod(pow10[n])
}

// digits returns the number of decimal digits of x (0 for 0).
func (x u256) digits() int {
	if x.isZero() {
		return 0
	}
	// bitLen·log10(2) under-estimates by at most one.
	n := x.bitLen() * 1233 >> 12
	if n < len(pow10) && x.cmp(pow10[n]) >= 0 {
		n++
	}
	if n == 0 {
		n = 1
	}
	return n
}
