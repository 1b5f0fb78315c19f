package softfloat

import (
	"math"
	"math/bits"
)

// Propagate handles NaN operands: if any of ops is a NaN, it sets r to the
// first NaN in argument order, quieted, in format dst (InvalidSNaN if any
// operand is a signalling NaN) and reports true. Callers whose architecture
// orders the operands differently call it first with their order.
func Propagate(r *Result, dst Format, ops ...Value) bool {
	nan := false
	for i := range ops {
		nan = nan || ops[i].Class.IsNaN()
	}
	if !nan {
		return false
	}
	found := false
	for i := range ops {
		x := &ops[i]
		if x.Class == SNaN {
			r.Flags |= InvalidSNaN
		}
		if !found && x.Class.IsNaN() {
			r.Bits = nanBits(dst, x.Neg, x.Hi, x.Lo)
			found = true
		}
	}
	return found
}

func invalid(r *Result, dst Format, why Flags) {
	r.Flags |= why
	r.Bits = dst.DefaultNaN()
}

// zeroSum is the sign of an exact zero sum of operands of opposite signs:
// +0 in every mode but Down.
func zeroSum(m Mode) bool { return m == Down }

// Add sets r to a + b rounded to dst in mode m.
func Add(r *Result, dst Format, a, b Value, m Mode) {
	*r = Result{}
	if Propagate(r, dst, a, b) {
		return
	}
	add(r, dst, a, b, m)
}

// Sub sets r to a − b rounded to dst in mode m.
func Sub(r *Result, dst Format, a, b Value, m Mode) {
	*r = Result{}
	if Propagate(r, dst, a, b) {
		return
	}
	b.Neg = !b.Neg
	add(r, dst, a, b, m)
}

func add(r *Result, dst Format, a, b Value, m Mode) {
	switch {
	case a.Class == Inf && b.Class == Inf:
		if a.Neg != b.Neg {
			invalid(r, dst, InvalidISI)
			return
		}
		r.Bits = infBits(dst, a.Neg)
	case a.Class == Inf:
		r.Bits = infBits(dst, a.Neg)
	case b.Class == Inf:
		r.Bits = infBits(dst, b.Neg)
	case a.Class == Zero && b.Class == Zero:
		if a.Neg == b.Neg {
			r.Bits = signBits(dst, a.Neg)
		} else {
			r.Bits = signBits(dst, zeroSum(m))
		}
	case a.Class == Zero:
		round(r, dst, m, b.Neg, b.Exp, b.Hi, b.Lo)
	case b.Class == Zero:
		round(r, dst, m, a.Neg, a.Exp, a.Hi, a.Lo)
	default:
		neg, exp, hi, lo, zero := addExact(a.Neg, a.Exp, a.Hi, a.Lo, b.Neg, b.Exp, b.Hi, b.Lo)
		if zero {
			r.Bits = signBits(dst, zeroSum(m))
			return
		}
		round(r, dst, m, neg, exp, hi, lo)
	}
}

// addExact adds two exact non-zero values whose significands have bit 127
// set and bit 0 clear or sticky (the smaller operand may carry a sticky
// bit). zero reports an exact zero sum.
func addExact(an bool, ae int, ah, al uint64, bn bool, be int, bh, bl uint64) (neg bool, exp int, hi, lo uint64, zero bool) {
	if ae < be || ae == be && less128(ah, al, bh, bl) {
		an, ae, ah, al, bn, be, bh, bl = bn, be, bh, bl, an, ae, ah, al
	}
	ah, al = shrSticky(ah, al, 1)
	bh, bl = shrSticky(bh, bl, 1)
	bh, bl = shrSticky(bh, bl, ae-be)
	var sh, sl uint64
	if an == bn {
		sh, sl = add128(ah, al, bh, bl)
	} else {
		sh, sl = sub128(ah, al, bh, bl)
	}
	if sh|sl == 0 {
		return false, 0, 0, 0, true
	}
	n := lz128(sh, sl)
	sh, sl = shl128(sh, sl, n)
	return an, ae + 1 - n, sh, sl, false
}

// mulExact is the product of two finite non-zero values: 128 bits and a
// sticky bit.
func mulExact(a, b *Value) (neg bool, exp int, hi, lo uint64) {
	neg = a.Neg != b.Neg
	exp = a.Exp + b.Exp + 1
	if a.Lo == 0 && b.Lo == 0 {
		hi, lo = bits.Mul64(a.Hi, b.Hi)
	} else {
		p := mul128x128(a.Hi, a.Lo, b.Hi, b.Lo)
		hi, lo = p[0], p[1]
		if p[2]|p[3] != 0 {
			lo |= 1
		}
	}
	if hi>>63 == 0 {
		hi, lo = shl128(hi, lo, 1)
		exp--
	}
	return neg, exp, hi, lo
}

// Mul sets r to a × b rounded to dst in mode m.
func Mul(r *Result, dst Format, a, b Value, m Mode) {
	*r = Result{}
	if Propagate(r, dst, a, b) {
		return
	}
	neg := a.Neg != b.Neg
	switch {
	case a.Class == Inf && b.Class == Zero, a.Class == Zero && b.Class == Inf:
		invalid(r, dst, InvalidIMZ)
	case a.Class == Inf || b.Class == Inf:
		r.Bits = infBits(dst, neg)
	case a.Class == Zero || b.Class == Zero:
		r.Bits = signBits(dst, neg)
	default:
		neg, exp, hi, lo := mulExact(&a, &b)
		round(r, dst, m, neg, exp, hi, lo)
	}
}

// Div sets r to a ÷ b rounded to dst in mode m.
func Div(r *Result, dst Format, a, b Value, m Mode) {
	*r = Result{}
	if Propagate(r, dst, a, b) {
		return
	}
	neg := a.Neg != b.Neg
	switch {
	case a.Class == Inf && b.Class == Inf:
		invalid(r, dst, InvalidIDI)
	case a.Class == Zero && b.Class == Zero:
		invalid(r, dst, InvalidZDZ)
	case a.Class == Inf:
		r.Bits = infBits(dst, neg)
	case b.Class == Zero:
		r.Flags |= DivByZero
		r.Bits = infBits(dst, neg)
	case a.Class == Zero || b.Class == Inf:
		r.Bits = signBits(dst, neg)
	default:
		exp, hi, lo := divExact(&a, &b, dst)
		round(r, dst, m, neg, exp, hi, lo)
	}
}

// divExact is the quotient of the significands of two finite non-zero
// values, normalized, with a sticky bit: at least prec(dst) + 2 bits.
func divExact(a, b *Value, dst Format) (exp int, hi, lo uint64) {
	exp = a.Exp - b.Exp
	if a.Lo == 0 && b.Lo == 0 && formats[dst].prec <= 62 {
		var q, rem uint64
		if a.Hi < b.Hi {
			q, rem = bits.Div64(a.Hi, 0, b.Hi)
			exp--
		} else {
			q, rem = bits.Div64(a.Hi>>1, a.Hi<<63, b.Hi)
		}
		hi = q
		if rem != 0 {
			lo = 1
		}
		return exp, hi, lo
	}
	// Restoring division, one quotient bit per step: 124 bits.
	rh, rl := a.Hi, a.Lo
	var qh, ql uint64
	carry := false
	for range 124 {
		qh, ql = shl128(qh, ql, 1)
		if carry || !less128(rh, rl, b.Hi, b.Lo) {
			rh, rl = sub128(rh, rl, b.Hi, b.Lo)
			ql |= 1
		}
		carry = rh>>63 != 0
		rh, rl = shl128(rh, rl, 1)
	}
	n := lz128(qh, ql) // 4 or 5
	if n == 5 {
		exp--
	}
	qh, ql = shl128(qh, ql, n)
	if carry || rh|rl != 0 {
		ql |= 1
	}
	return exp, qh, ql
}

// Sqrt sets r to the square root of a rounded to dst in mode m.
func Sqrt(r *Result, dst Format, a Value, m Mode) {
	*r = Result{}
	if Propagate(r, dst, a) {
		return
	}
	switch {
	case a.Class == Zero:
		r.Bits = signBits(dst, a.Neg)
	case a.Neg:
		invalid(r, dst, InvalidSqrt)
	case a.Class == Inf:
		r.Bits = infBits(dst, false)
	default:
		exp, hi, lo := sqrtExact(&a, dst)
		round(r, dst, m, false, exp, hi, lo)
	}
}

// sqrtExact is the square root of a finite positive value, normalized, with
// a sticky bit: at least prec(dst) + 2 bits.
func sqrtExact(a *Value, dst Format) (exp int, hi, lo uint64) {
	e := a.Exp
	odd := e&1 != 0
	if odd {
		e--
	}
	if a.Lo == 0 && formats[dst].prec <= 62 {
		// N = m × 2^126 (m·2 for an odd exponent); the root has 64 bits.
		nh, nl := a.Hi>>1, a.Hi<<63
		if odd {
			nh, nl = a.Hi, 0
		}
		g := uint64(math.Sqrt(float64(nh) * 0x1p64))
		if g < 1<<63 {
			g = 1 << 63
		}
		for range 3 {
			if nh >= g {
				g = math.MaxUint64
				continue
			}
			q, _ := bits.Div64(nh, nl, g)
			s, c := bits.Add64(g, q, 0)
			g = s>>1 | c<<63
		}
		cmp := func(r uint64) int { // sign of r² − N
			ph, pl := bits.Mul64(r, r)
			switch {
			case ph > nh || ph == nh && pl > nl:
				return 1
			case ph == nh && pl == nl:
				return 0
			}
			return -1
		}
		for cmp(g) > 0 {
			g--
		}
		for g != math.MaxUint64 && cmp(g+1) <= 0 {
			g++
		}
		if cmp(g) != 0 {
			lo = 1
		}
		return e / 2, g, lo
	}
	// Bit-by-bit: the root R = ⌊√(m' × 2^238)⌋ ∈ [2^119, 2^120), where
	// m' = S/2^127 (×2 for an odd exponent); the radicand is S << 111
	// (112), consumed two bits at a time from the top (240 bits).
	sh := 111
	if odd {
		sh = 112
	}
	bit := func(k int) uint64 { // bit k of S << sh
		j := k - sh
		switch {
		case j < 0:
			return 0
		case j < 64:
			return a.Lo >> uint(j) & 1
		}
		return a.Hi >> uint(j-64) & 1
	}
	var remH, remL, rootH, rootL uint64
	for i := 119; i >= 0; i-- {
		remH, remL = shl128(remH, remL, 2)
		remL |= bit(2*i+1)<<1 | bit(2*i)
		th, tl := shl128(rootH, rootL, 2)
		tl |= 1
		rootH, rootL = shl128(rootH, rootL, 1)
		if !less128(remH, remL, th, tl) {
			remH, remL = sub128(remH, remL, th, tl)
			rootL |= 1
		}
	}
	hi, lo = shl128(rootH, rootL, 8)
	if remH|remL != 0 {
		lo |= 1
	}
	return e / 2, hi, lo
}

// FMA sets r to a × b + c rounded once to dst in mode m. NaNs propagate in
// the order a, b, c; ∞ × 0 signals InvalidIMZ even when c is a quiet NaN.
func FMA(r *Result, dst Format, a, b, c Value, m Mode) {
	*r = Result{}
	imz := a.Class == Inf && b.Class == Zero || a.Class == Zero && b.Class == Inf
	if Propagate(r, dst, a, b, c) {
		if imz {
			r.Flags |= InvalidIMZ
		}
		return
	}
	pneg := a.Neg != b.Neg
	switch {
	case imz:
		invalid(r, dst, InvalidIMZ)
	case a.Class == Inf || b.Class == Inf:
		if c.Class == Inf && c.Neg != pneg {
			invalid(r, dst, InvalidISI)
			return
		}
		r.Bits = infBits(dst, pneg)
	case c.Class == Inf:
		r.Bits = infBits(dst, c.Neg)
	case a.Class == Zero || b.Class == Zero:
		switch {
		case c.Class != Zero:
			round(r, dst, m, c.Neg, c.Exp, c.Hi, c.Lo)
		case c.Neg == pneg:
			r.Bits = signBits(dst, pneg)
		default:
			r.Bits = signBits(dst, zeroSum(m))
		}
	case c.Class == Zero:
		neg, exp, hi, lo := mulExact(&a, &b)
		round(r, dst, m, neg, exp, hi, lo)
	case a.Lo|b.Lo|c.Lo == 0 && (a.Hi|b.Hi|c.Hi)<<53 == 0:
		// Significands of at most 53 bits: the product (106 bits) and
		// the sum are exact in 128-bit arithmetic.
		neg, exp, hi, lo := mulExact(&a, &b)
		neg, exp, hi, lo, zero := addExact(neg, exp, hi, lo, c.Neg, c.Exp, c.Hi, c.Lo)
		if zero {
			r.Bits = signBits(dst, zeroSum(m))
			return
		}
		round(r, dst, m, neg, exp, hi, lo)
	default:
		fma256(r, dst, &a, &b, &c, m)
	}
}

// fma256 is a × b + c for finite non-zero operands of up to 128-bit
// significands, on 256-bit integers.
func fma256(r *Result, dst Format, a, b, c *Value, m Mode) {
	p := mul128x128(a.Hi, a.Lo, b.Hi, b.Lo) // value p/2^254 × 2^(ea+eb)
	pe := a.Exp + b.Exp + 1
	if p[0]>>63 == 0 {
		p = p.shl(1)
		pe--
	}
	q := u256{c.Hi, c.Lo, 0, 0}
	pn, qn, qe := a.Neg != b.Neg, c.Neg, c.Exp
	if pe < qe || pe == qe && p.less(q) {
		p, q, pe, qe, pn, qn = q, p, qe, pe, qn, pn
	}
	p = p.shrSticky(1)
	q = q.shrSticky(1).shrSticky(pe - qe)
	var s u256
	if pn == qn {
		s = p.add(q)
	} else {
		s = p.sub(q)
	}
	if s.isZero() {
		r.Bits = signBits(dst, zeroSum(m))
		return
	}
	n := s.lz()
	s = s.shl(n)
	lo := s[1]
	if s[2]|s[3] != 0 {
		lo |= 1
	}
	round(r, dst, m, pn, pe+1-n, s[0], lo)
}
