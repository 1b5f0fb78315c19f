package decimal

import "math/bits"

// FromInt64 is dcffix and dcffixq: v converted to format f with exponent
// 0, rounded in ctx (exact for Extended).
func (f *Format) FromInt64(ctx Context, v int64) (Bits, Flags) {
	neg := v < 0
	m := uint64(v)
	if neg {
		m = -m
	}
	return f.pack(f.Round(ctx, neg, u256{m}, 0, false))
}

// FromInt128 is dcffixqq: the signed 128-bit integer hi:lo converted to
// Extended with exponent 0, rounded in ctx.
func (f *Format) FromInt128(ctx Context, hi, lo uint64) (Bits, Flags) {
	neg := int64(hi) < 0
	if neg {
		var b uint64
		lo, b = bits.Sub64(0, lo, 0)
		hi, _ = bits.Sub64(0, hi, b)
	}
	return f.pack(f.Round(ctx, neg, u256{lo, hi}, 0, false))
}

// toInt rounds finite y to an integer in mode rm and gives its magnitude
// and the rounding flags (XX, FR).
func (f *Format) toInt(rm Rounding, y Number) (c u256, fl Flags) {
	c = y.Coef.wide()
	if y.Exp < 0 {
		return roundAt(rm, y.Neg, c, -y.Exp)
	}
	if y.Exp > 0 && !c.isZero() {
		if c.digits()+y.Exp > 40 {
			return pow10[40], 0 // beyond any integer format
		}
		c = c.mulPow10(y.Exp)
	}
	return c, 0
}

// ToInt64 is dctfix and dctfixq: b rounded to an integer in mode rm.
// NaNs (VXCVI, and VXSNAN for a signalling one), infinities and values out
// of range (VXCVI) give the most negative or most positive integer;
// otherwise XX when inexact (and FR when rounded up).
func (f *Format) ToInt64(rm Rounding, b Bits) (int64, Flags) {
	y := f.Unpack(b)
	switch y.Class {
	case QNaN:
		return -1 << 63, VXCVI
	case SNaN:
		return -1 << 63, VXCVI | VXSNAN
	case Infinity:
		if y.Neg {
			return -1 << 63, VXCVI
		}
		return 1<<63 - 1, VXCVI
	}
	c, rfl := f.toInt(rm, y)
	if c[1]|c[2]|c[3] != 0 || c[0] > 1<<63 || c[0] == 1<<63 && !y.Neg {
		if y.Neg {
			return -1 << 63, VXCVI
		}
		return 1<<63 - 1, VXCVI
	}
	fl := rfl
	v := int64(c[0])
	if y.Neg {
		v = -v
	}
	return v, fl
}

// ToInt128 is dctfixqq: as ToInt64 for a signed 128-bit result hi:lo.
// With wrap, a finite b is out of range only when its rounded magnitude
// needs more than 128 bits (QEMU 7.2's range check); a magnitude of 2^127
// or more (beyond 2^127 for a negative b) that fits is then taken modulo
// 2^128 and negated for a negative b, with no VXCVI.
func (f *Format) ToInt128(rm Rounding, b Bits, wrap bool) (hi, lo uint64, fl Flags) {
	const minHi, maxHi = 1 << 63, 1<<63 - 1
	y := f.Unpack(b)
	switch y.Class {
	case QNaN:
		return minHi, 0, VXCVI
	case SNaN:
		return minHi, 0, VXCVI | VXSNAN
	case Infinity:
		if y.Neg {
			return minHi, 0, VXCVI
		}
		return maxHi, ^uint64(0), VXCVI
	}
	c, rfl := f.toInt(rm, y)
	limit := u256{0, 1 << 63}
	if c[2]|c[3] != 0 || !wrap && (c.cmp(limit) > 0 || c.cmp(limit) == 0 && !y.Neg) {
		if y.Neg {
			return minHi, 0, VXCVI
		}
		return maxHi, ^uint64(0), VXCVI
	}
	fl = rfl
	lo, hi = c[0], c[1]
	if y.Neg {
		var br uint64
		lo, br = bits.Sub64(0, lo, 0)
		hi, _ = bits.Sub64(0, hi, br)
	}
	return hi, lo, fl
}

// digitsOf returns the coefficient digits of b: the coefficient of a
// finite number, the payload of a NaN, none for an infinity.
func (f *Format) digitsOf(b Bits) (U128, bool) {
	y := f.Unpack(b)
	return y.Coef, y.Neg // 0 for an infinity (harness), the payload for a NaN
}

// DecodeBCD is ddedpd: the coefficient of b as BCD. sp = 0 or 1: the
// last 16 (Long) or 32 (Extended) digits unsigned; sp = 2: the last 15 or
// 31 digits and a sign code (C positive, D negative); sp = 3: F positive,
// D negative. The result is right-aligned in 64 or 128 bits.
func (f *Format) DecodeBCD(sp int, b Bits) Bits {
	c, neg := f.digitsOf(b)
	n := f.width / 4
	var out Bits
	put := func(i int, d uint64) { // nibble i from the right
		if i < 16 {
			out.Lo |= d << (4 * i)
		} else {
			out.Hi |= d << (4 * (i - 16))
		}
	}
	start := 0
	if sp&2 != 0 {
		sign := uint64(0xc)
		if sp&1 != 0 {
			sign = 0xf
		}
		if neg {
			sign = 0xd
		}
		put(0, sign)
		start = 1
	}
	w := c.wide()
	for i := start; i < n; i++ {
		var d uint64
		w, d = w.divmod64(10)
		put(i, d)
	}
	return out
}

// EncodeBCD is denbcd: BCD digits (right-aligned in 64 or 128 bits) to
// format f with exponent 0. signed (S = 1): the last nibble is a sign code
// (A C E F positive, B D negative). A digit above 9 or an invalid sign
// code is VXCVI (default QNaN).
func (f *Format) EncodeBCD(signed bool, b Bits) (Bits, Flags) {
	n := f.width / 4
	nib := func(i int) uint64 {
		if i < 16 {
			return b.Lo >> (4 * i) & 0xf
		}
		return b.Hi >> (4 * (i - 16)) & 0xf
	}
	var num Number
	start := 0
	if signed {
		s := nib(0)
		switch s {
		case 0xa, 0xc, 0xe, 0xf:
		case 0xb, 0xd:
			num.Neg = true
		default:
			return f.defaultNaN(), VXCVI
		}
		start = 1
	}
	var c u256
	for i := n - 1; i >= start; i-- {
		d := nib(i)
		if d > 9 {
			return f.defaultNaN(), VXCVI
		}
		c, _ = c.mul64(10)
		c = c.add(u256{d})
	}
	if c.digits() > f.Precision {
		// 32 digits of Extended fit; 16 of Long fit: only a Long with 16
		// unsigned digits reaches here, which the format holds too.
		return f.defaultNaN(), VXCVI
	}
	num.Coef = narrow(c)
	return f.Pack(num), 0
}

// BCDDigitTen reports whether the BCD string b (as for EncodeBCD) is
// invalid only because of digit nibbles 0xA: the sign code (signed) is
// valid, no nibble is above 0xA, and at least one digit nibble is 0xA.
func (f *Format) BCDDigitTen(signed bool, b Bits) bool {
	n, start, ten := f.width/4, 0, false
	if signed {
		if bcdNibble(b, 0) < 0xa {
			return false
		}
		start = 1
	}
	for i := start; i < n; i++ {
		switch d := bcdNibble(b, i); {
		case d > 0xa:
			return false
		case d == 0xa:
			ten = true
		}
	}
	return ten
}

func bcdNibble(b Bits, i int) uint64 {
	if i < 16 {
		return b.Lo >> (4 * i) & 0xf
	}
	return b.Hi >> (4 * (i - 16)) & 0xf
}

// EncodeBCDTen is QEMU 7.2's denbcd of a string BCDDigitTen accepts
// (target/ppc/dfp_helper.c through libdecnumber): a nibble 0xA is a digit
// worth ten, the digits are gathered in three-digit groups from the right
// (decNumber units) and each group's value, carries included, is encoded
// as one declet; a 16th digit of ten (Long, unsigned) becomes the leading
// digit 8 (its declet, 0x010, is taken for the leading digit and only its
// low bit kept). ok is false when a group's value exceeds 999: QEMU then
// indexes past its DPD table, which is not modelled.
func (f *Format) EncodeBCDTen(signed bool, b Bits) (v Bits, ok bool) {
	n, start := f.width/4, 0
	var num Number
	if signed {
		num.Neg = bcdNibble(b, 0) == 0xb || bcdNibble(b, 0) == 0xd
		start = 1
	}
	var c u256
	digits := n - start
	for g := (digits+2)/3 - 1; g >= 0; g-- {
		var u uint64
		for k := 2; k >= 0; k-- {
			if j := 3*g + k; j < digits {
				u = u*10 + bcdNibble(b, start+j)
			}
		}
		if u > 999 {
			return Bits{}, false
		}
		if g == 5 && u == 10 { // Long: a 16th digit of ten
			u = 8
		}
		c, _ = c.mul64(1000)
		c = c.add(u256{u})
	}
	num.Coef = narrow(c)
	return f.Pack(num), true
}
