package decimal

// roundAt discards the last drop digits of c in mode rm, giving the kept
// coefficient and XX (anything non-zero was discarded) and FR (the kept
// part was incremented).
func roundAt(rm Rounding, neg bool, c u256, drop int) (u256, Flags) {
	if drop <= 0 {
		return c, 0
	}
	var q, r u256
	half := -1
	if drop > c.digits() {
		r = c
	} else {
		q, r = c.divPow10(drop)
		h, _ := pow10[drop-1].mul64(5)
		half = r.cmp(h)
	}
	nz := !r.isZero()
	var fl Flags
	if nz {
		fl = XX
	}
	if rm.increment(neg, q, half, nz) {
		q = q.add(u256{1})
		fl |= FR
	}
	return q, fl
}

// Quantize returns b with exponent exp (dqua: exp from FRA; dquai: TE),
// rounded in mode rm: XX when inexact, VXCVI when the coefficient would not
// fit or exp is out of range. With ref infinite (dqua), the result is
// infinite when b is infinite and invalid otherwise.
func (f *Format) Quantize(rm Rounding, b Bits, exp int, refInf bool) (Bits, Flags) {
	y := f.Unpack(b)
	if r, fl, ok := f.nan(&y, nil); ok {
		return r, fl
	}
	if y.Class == Infinity || refInf {
		if y.Class == Infinity && refInf {
			return f.Pack(Number{Neg: y.Neg, Class: Infinity}), 0
		}
		return f.defaultNaN(), VXCVI
	}
	return f.quantize(rm, y, exp)
}

// QuantizeRef is dqua: the exponent comes from the reference operand a.
// NaNs propagate in operand order, FRA (the reference) first, as for every
// DFP instruction (QEMU 7.2 agrees; the General Decimal Arithmetic
// specification takes the value first).
func (f *Format) QuantizeRef(rm Rounding, a, b Bits) (Bits, Flags) {
	x, y := f.Unpack(a), f.Unpack(b)
	if r, fl, ok := f.nan(&x, &y); ok {
		return r, fl
	}
	return f.Quantize(rm, b, x.Exp, x.Class == Infinity)
}

func (f *Format) quantize(rm Rounding, y Number, exp int) (Bits, Flags) {
	if exp < f.Qmin() || exp > f.Qmax() {
		return f.defaultNaN(), VXCVI
	}
	c := y.Coef.wide()
	var fl Flags
	if exp >= y.Exp {
		c, fl = roundAt(rm, y.Neg, c, exp-y.Exp)
	} else {
		if c.digits()+(y.Exp-exp) > f.Precision {
			if !c.isZero() {
				return f.defaultNaN(), VXCVI
			}
		} else {
			c = c.mulPow10(y.Exp - exp)
		}
	}
	if c.digits() > f.Precision {
		return f.defaultNaN(), VXCVI
	}
	return f.Pack(Number{Neg: y.Neg, Exp: exp, Coef: narrow(c)}), fl
}

// nanOrInf is the result of a one-operand op for a NaN (f.nan) or an
// infinity (kept, with its sign), with ok; for a finite y ok is false.
func (f *Format) nanOrInf(y *Number) (Bits, Flags, bool) {
	if r, fl, ok := f.nan(y, nil); ok {
		return r, fl, true
	}
	if y.Class == Infinity {
		return f.Pack(Number{Neg: y.Neg, Class: Infinity}), 0, true
	}
	return Bits{}, 0, false
}

// RoundToInt is drintx (exact = false: inexact sets XX) and drintn
// (inexact = true: no XX): b rounded to an integer in mode rm, keeping a
// non-negative exponent.
func (f *Format) RoundToInt(rm Rounding, b Bits, signalInexact bool) (Bits, Flags) {
	y := f.Unpack(b)
	if r, fl, ok := f.nanOrInf(&y); ok {
		return r, fl
	}
	if y.Exp >= 0 {
		return f.Pack(y), 0
	}
	r, fl := f.quantize(rm, y, 0)
	if !signalInexact {
		fl &^= XX | FR
	}
	return r, fl
}

// Reround is drrnd: b rounded to k significant digits (k = FRA bits
// 58:63) in mode rm. k = 0, zero, infinity and coefficients of k digits or
// fewer are unchanged; an exponent beyond Qmax is VXCVI.
func (f *Format) Reround(rm Rounding, k int, b Bits) (Bits, Flags) {
	y := f.Unpack(b)
	if r, fl, ok := f.nanOrInf(&y); ok {
		return r, fl
	}
	c := y.Coef.wide()
	nd := c.digits()
	if k == 0 || nd <= k {
		return f.Pack(y), 0
	}
	exp := y.Exp + nd - k
	q, fl := roundAt(rm, y.Neg, c, nd-k)
	if q.digits() > k {
		q, _ = q.divmod64(10)
		exp++
	}
	if exp > f.Qmax() {
		return f.defaultNaN(), VXCVI
	}
	return f.Pack(Number{Neg: y.Neg, Exp: exp, Coef: narrow(q)}), fl
}

// Shift is dscli (n > 0) and dscri (n < 0): the coefficient of a finite
// b shifted by n digits within p digits, digits shifted out lost, sign and
// exponent kept. For an infinity or a NaN the Power ISA 3.1B gives no
// result the hardware is known to produce; Shift returns QEMU 7.2's
// (target/ppc/dfp_helper.c, checked against the golden traces): for
// |n| ≤ p the value is decoded as decNumber does (an infinity has
// coefficient 0, a NaN its p−1-digit payload), the coefficient is shifted
// within p−1 digits and the result encoded canonically (sign, class and
// the SNaN bit kept); for |n| > p the sign, combination and exponent
// continuation fields are kept and the coefficient continuation becomes 0.
func (f *Format) Shift(b Bits, n int) (Bits, Flags) {
	y := f.Unpack(b)
	if y.Class != Finite && (n > f.Precision || -n > f.Precision) {
		var keep Bits // sign, combination and exponent continuation
		f.setField(&keep, 0, 6+f.ecBits, 1<<(6+f.ecBits)-1)
		return Bits{b.Hi & keep.Hi, b.Lo & keep.Lo}, 0
	}
	p := f.Precision
	if y.Class != Finite {
		p-- // a NaN's payload lives in the trailing p−1 digits
	}
	c := y.Coef.wide()
	switch {
	case n >= p || -n >= p:
		c = u256{}
	case n > 0:
		c = c.mulPow10(n)
		_, c = c.divPow10(p)
	case n < 0:
		c, _ = c.divPow10(-n)
	}
	y.Coef = narrow(c)
	return f.Pack(y), 0
}

// Convert converts b from format src to format f (dctdp, dctqpq: wider,
// exact; drsp, drdpq: narrower, rounded in ctx). A signalling NaN gives
// VXSNAN and is quieted, unless keepSNaN (then it stays signalling, with no
// exception); NaN payloads keep their last digits.
func (f *Format) Convert(ctx Context, src *Format, b Bits, keepSNaN bool) (Bits, Flags) {
	y := src.Unpack(b)
	if y.Class == SNaN && keepSNaN {
		return f.Pack(y), 0
	}
	if r, fl, ok := f.nanOrInf(&y); ok {
		return r, fl
	}
	return f.pack(f.Round(ctx, y.Neg, y.Coef.wide(), y.Exp, false))
}

// Classes of dtstdc's DCM bits (bit 0 = the leftmost of six).
const (
	DCZero      = 1 << 5
	DCSubnormal = 1 << 4
	DCNormal    = 1 << 3
	DCInfinity  = 1 << 2
	DCQNaN      = 1 << 1
	DCSNaN      = 1 << 0
)

// DataClass returns the class of b as one DCM bit, and its sign.
func (f *Format) DataClass(b Bits) (dc int, neg bool) {
	y := f.Unpack(b)
	switch y.Class {
	case Infinity:
		return DCInfinity, y.Neg
	case QNaN:
		return DCQNaN, y.Neg
	case SNaN:
		return DCSNaN, y.Neg
	}
	c := y.Coef.wide()
	switch {
	case c.isZero():
		return DCZero, y.Neg
	case y.Exp+c.digits()-1 < f.Emin():
		return DCSubnormal, y.Neg
	}
	return DCNormal, y.Neg
}

// DataGroup returns the group of b for dtstdg as one DGM bit (leftmost of
// six first): zero with non-extreme exponent; zero with extreme exponent;
// subnormal, or normal with extreme exponent; normal with non-extreme
// exponent and leftmost digit 0; the same with a non-zero leftmost digit;
// infinity or NaN. An extreme exponent is Qmin or Qmax.
func (f *Format) DataGroup(b Bits) (dg int, neg bool) {
	y := f.Unpack(b)
	if y.Class != Finite {
		return 1 << 0, y.Neg
	}
	c := y.Coef.wide()
	extreme := y.Exp == f.Qmin() || y.Exp == f.Qmax()
	switch {
	case c.isZero() && !extreme:
		return 1 << 5, y.Neg
	case c.isZero():
		return 1 << 4, y.Neg
	case extreme || y.Exp+c.digits()-1 < f.Emin():
		return 1 << 3, y.Neg
	case c.digits() < f.Precision:
		return 1 << 2, y.Neg
	}
	return 1 << 1, y.Neg
}

// TestExponent is dtstex: the condition code comparing the exponents of a
// and b (two infinities or two NaNs compare equal; otherwise a special
// value compares unordered).
func (f *Format) TestExponent(a, b Bits) uint32 {
	x, y := f.Unpack(a), f.Unpack(b)
	switch {
	case x.Class == Finite && y.Class == Finite:
		switch {
		case x.Exp < y.Exp:
			return CCLess
		case x.Exp > y.Exp:
			return CCGreater
		}
		return CCEqual
	case x.Class == Infinity && y.Class == Infinity, x.isNaN() && y.isNaN():
		return CCEqual
	}
	return CCUnorder
}

// TestSignificance is dtstsf and dtstsfi: the condition code comparing the
// reference significance k with the number of significant digits of b
// (zero has none); unordered for infinities and NaNs.
func (f *Format) TestSignificance(k int, b Bits) uint32 {
	y := f.Unpack(b)
	if y.Class != Finite {
		return CCUnorder
	}
	nsd := y.Coef.wide().digits()
	switch {
	case k == 0:
		return CCGreater
	case k < nsd:
		return CCLess
	case k > nsd:
		return CCGreater
	}
	return CCEqual
}

// Exponent is dxex: the biased exponent, or −1 for an infinity, −2 for a
// QNaN and −3 for an SNaN.
func (f *Format) Exponent(b Bits) int64 {
	y := f.Unpack(b)
	switch y.Class {
	case Infinity:
		return -1
	case QNaN:
		return -2
	case SNaN:
		return -3
	}
	return int64(y.Exp + f.Bias)
}

// InsertExponent is diex: b's sign and coefficient with biased exponent e;
// e = −1 gives an infinity, −3 an SNaN, −2 and every other value out of
// range a QNaN. A special result keeps b's coefficient continuation bits
// as they are; a finite result is encoded canonically, with coefficient 0
// when b is an infinity and the payload when b is a NaN (QEMU 7.2 agrees).
func (f *Format) InsertExponent(e int64, b Bits) Bits {
	y := f.Unpack(b)
	out := f.clearField(b, 1, 5+f.ecBits)
	switch {
	case e == -1:
		f.setField(&out, 1, 5, 0b11110)
	case e == -3:
		f.setField(&out, 1, 6, 0b111111)
	case e < 0 || e > int64(f.Qmax()+f.Bias):
		f.setField(&out, 1, 5, 0b11111)
	default:
		y.Class, y.Exp = Finite, int(e)-f.Bias
		return f.Pack(y)
	}
	return out
}

func (f *Format) clearField(b Bits, pos, n int) Bits {
	var m Bits
	f.setField(&m, pos, n, 1<<n-1)
	return Bits{b.Hi &^ m.Hi, b.Lo &^ m.Lo}
}

// NaNPayloadDigits returns the number of digits of b's NaN payload, or −1
// if b is not a NaN.
func (f *Format) NaNPayloadDigits(b Bits) int {
	y := f.Unpack(b)
	if !y.isNaN() {
		return -1
	}
	return y.Coef.wide().digits()
}

// TrailingNaN is POWER9's drsp/drdpq of a NaN b of format src whose
// payload has more than f.Precision−1 digits: the payload's trailing
// f.Precision−1 digits are kept, with the sign and class (measured:
// Valgrind's test_dfp2.stdout.exp, drsp of fe000000d0e0a0d0 gives
// fe00a0d0). An SNaN result is the caller's to quiet or keep.
func (f *Format) TrailingNaN(src *Format, b Bits) Bits {
	y := src.Unpack(b)
	if !y.isNaN() {
		return f.Pack(y)
	}
	_, c := y.Coef.wide().divPow10(f.Precision - 1)
	y.Coef = narrow(c)
	return f.Pack(y)
}

// NarrowNaN is QEMU 7.2's drsp/drdpq of a NaN b of format src whose
// payload has more than f.Precision−1 digits (the Power ISA 3.1B leaves
// that payload to the implementation). QEMU encodes through decNumber
// (target/ppc/dfp_helper.c, libdecnumber): a payload of more than p
// digits is first cut to its last p digits and the NaN made quiet (no
// flag); then a payload of exactly p significant digits does not fit and
// becomes 0. Sign and class (after the quieting) are kept; an SNaN result
// is the caller's to quiet or keep, as for any other NaN operand.
func (f *Format) NarrowNaN(src *Format, b Bits) Bits {
	y := src.Unpack(b)
	if !y.isNaN() {
		return f.Pack(y) // not a NaN: not this function's case
	}
	p := f.Precision
	c := y.Coef.wide()
	if c.digits() > p {
		_, c = c.divPow10(p)
		y.Class = QNaN
	}
	if c.digits() >= p {
		c = u256{}
	}
	y.Coef = narrow(c)
	return f.Pack(y)
}
