// Package decimal is the Power ISA's decimal floating point on plain
// values: the DFP Short, Long and Extended formats (IEEE 754-2008 decimal32,
// decimal64 and decimal128 in the densely packed decimal encoding), their
// arithmetic with the eight decimal rounding modes of FPSCR[DRN] and the
// IEEE exception flags, and the conversions and tests of the DFP
// instructions. It knows nothing of registers: the emulate package fetches
// operands, calls these functions and commits the results and flags.
//
// Every result is computed exactly and rounded once. Nothing allocates.
package decimal

import "math/bits"

// Bits is an encoded DFP value. A DFP Extended value is Hi:Lo (Hi holds
// bits 0:63, the even register of an FPR pair); a Long value is in Lo
// (Hi = 0); a Short value is in the low 32 bits of Lo.
type Bits struct{ Hi, Lo uint64 }

// Format describes one DFP format.
type Format struct {
	Name      string
	Precision int // p: coefficient digits
	Emax      int // largest adjusted exponent
	Bias      int // biased exponent = q + Bias
	ecBits    int // exponent continuation bits
	declets   int // coefficient continuation declets ((p−1)/3)
	width     int // bits
	// Alpha is the exponent adjustment of an enabled overflow or underflow
	// result (Power ISA Book I 5.5.10: 576 Long, 9216 Extended).
	Alpha int
}

// The three DFP formats.
var (
	Short    = &Format{Name: "decimal32", Precision: 7, Emax: 96, Bias: 101, ecBits: 6, declets: 2, width: 32, Alpha: 144}
	Long     = &Format{Name: "decimal64", Precision: 16, Emax: 384, Bias: 398, ecBits: 8, declets: 5, width: 64, Alpha: 576}
	Extended = &Format{Name: "decimal128", Precision: 34, Emax: 6144, Bias: 6176, ecBits: 12, declets: 11, width: 128, Alpha: 9216}
)

// Emin is the smallest adjusted exponent of a normal number (1 − Emax).
func (f *Format) Emin() int { return 1 - f.Emax }

// Qmin is the smallest exponent q (of the coefficient's last digit).
func (f *Format) Qmin() int { return f.Emin() - f.Precision + 1 }

// Qmax is the largest exponent q.
func (f *Format) Qmax() int { return f.Emax - f.Precision + 1 }

// Class is what an encoding holds.
type Class uint8

// Classes of DFP values.
const (
	Finite Class = iota
	Infinity
	QNaN
	SNaN
)

// Number is a decoded DFP value: (−1)^Neg × Coef × 10^Exp for Finite; for
// NaNs Coef is the payload (the trailing p−1 digits).
type Number struct {
	Neg   bool
	Class Class
	Exp   int  // q, unbiased
	Coef  U128 // the coefficient (< 10^34)
}

// U128 is an unsigned 128-bit coefficient.
type U128 struct{ Hi, Lo uint64 }

func (c U128) wide() u256     { return u256{c.Lo, c.Hi} }
func (c U128) isZero() bool   { return c.Hi|c.Lo == 0 }
func narrow(x u256) U128      { return U128{Hi: x[1], Lo: x[0]} }
func (n *Number) isNaN() bool { return n.Class >= QNaN }

// dpdDecode maps a declet (10 bits) to its value 0…999; dpdEncode the
// inverse for canonical declets. Both follow the ISA's DPD tables (Book I
// 5.3 Densely Packed Decimal): digits d1 d2 d3 from bits pqr stu v wxy.
var dpdDecode, dpdEncode = func() (dec [1024]uint16, enc [1000]uint16) {
	for b := 0; b < 1024; b++ {
		bit := func(i int) int { return b >> (9 - i) & 1 } // i = 0 is the leftmost bit
		p, q, r, s, t, u, v, w, x, y := bit(0), bit(1), bit(2), bit(3), bit(4), bit(5), bit(6), bit(7), bit(8), bit(9)
		var d1, d2, d3 int
		switch {
		case v == 0:
			d1, d2, d3 = 4*p+2*q+r, 4*s+2*t+u, 4*w+2*x+y
		case w == 0 && x == 0:
			d1, d2, d3 = 4*p+2*q+r, 4*s+2*t+u, 8+y
		case w == 0 && x == 1:
			d1, d2, d3 = 4*p+2*q+r, 8+u, 4*s+2*t+y
		case w == 1 && x == 0:
			d1, d2, d3 = 8+r, 4*s+2*t+u, 4*p+2*q+y
		case s == 0 && t == 0:
			d1, d2, d3 = 8+r, 8+u, 4*p+2*q+y
		case s == 0 && t == 1:
			d1, d2, d3 = 8+r, 4*p+2*q+u, 8+y
		case s == 1 && t == 0:
			d1, d2, d3 = 4*p+2*q+r, 8+u, 8+y
		default:
			d1, d2, d3 = 8+r, 8+u, 8+y
		}
		dec[b] = uint16(100*d1 + 10*d2 + d3)
	}
	for n := 0; n < 1000; n++ {
		enc[n] = uint16(encodeBCD(uint64(n/100<<8 | n/10%10<<4 | n%10)))
	}
	return dec, enc
}()

// encodeBCD is the ISA's DPD encoding of three BCD digits (12 bits,
// abcd efgh ijkm) as boolean equations on the bits: nibbles above 9 are
// not refused but encoded by the same equations, as cbcdtd does.
func encodeBCD(v uint64) uint64 {
	bit := func(i int) int { return int(v >> (11 - i) & 1) } // i = 0 is a
	a, bb, c, d := bit(0), bit(1), bit(2), bit(3)
	e, f, g, h := bit(4), bit(5), bit(6), bit(7)
	i, j, k, m := bit(8), bit(9), bit(10), bit(11)
	var o [10]int // p q r s t u v w x y
	switch a<<2 | e<<1 | i {
	case 0b000:
		o = [10]int{bb, c, d, f, g, h, 0, j, k, m}
	case 0b001:
		o = [10]int{bb, c, d, f, g, h, 1, 0, 0, m}
	case 0b010:
		o = [10]int{bb, c, d, j, k, h, 1, 0, 1, m}
	case 0b011:
		o = [10]int{bb, c, d, 1, 0, h, 1, 1, 1, m}
	case 0b100:
		o = [10]int{j, k, d, f, g, h, 1, 1, 0, m}
	case 0b101:
		o = [10]int{f, g, d, 0, 1, h, 1, 1, 1, m}
	case 0b110:
		o = [10]int{j, k, d, 0, 0, h, 1, 1, 1, m}
	default:
		o = [10]int{0, 0, d, 1, 1, h, 1, 1, 1, m}
	}
	var r uint64
	for _, x := range o {
		r = r<<1 | uint64(x)
	}
	return r
}

// EncodeBits is EncodeBCD's bitwise form for any 12 bits (cbcdtd).
func EncodeBits(bcd uint64) uint64 { return encodeBCD(bcd & 0xfff) }

// field returns the bits of b from bit position pos (0 = the format's
// leftmost bit) of the given length.
func (f *Format) field(b Bits, pos, n int) uint64 {
	// Bit pos counts from the left of a width-bit value.
	sh := f.width - pos - n // shift from the right
	var v uint64
	switch {
	case sh >= 64:
		v = b.Hi >> (sh - 64)
	case sh+n <= 64:
		v = b.Lo >> sh
	default:
		v = b.Lo>>sh | b.Hi<<(64-sh)
	}
	return v & (1<<n - 1)
}

// Unpack decodes b. Every bit pattern decodes: non-canonical declets give
// their digits as the ISA defines, a coefficient over 10^p − 1 cannot occur
// in DPD, and the unused bits of infinities and NaNs are ignored (a NaN's
// payload is its coefficient continuation).
func (f *Format) Unpack(b Bits) Number {
	var n Number
	n.Neg = f.field(b, 0, 1) != 0
	g := f.field(b, 1, 5)
	econ := f.field(b, 6, f.ecBits)
	var lead, emsb uint64
	switch {
	case g>>3 != 3:
		emsb, lead = g>>3, g&7
	case g>>1 == 0b1111:
		if g&1 == 0 {
			n.Class = Infinity
			return n
		}
		n.Class = QNaN
		if econ>>(f.ecBits-1) != 0 {
			n.Class = SNaN
		}
	default:
		emsb, lead = g>>1&3, 8+g&1
	}
	if n.isNaN() {
		lead = 0
	}
	// Up to 18 digits accumulate in a uint64: the leading digit and the
	// first declets, then (Extended) the last six declets.
	first := min(f.declets, 5)
	hi := lead
	for i := 0; i < first; i++ {
		hi = hi*1000 + uint64(dpdDecode[f.field(b, 6+f.ecBits+10*i, 10)])
	}
	if f.declets == first {
		n.Coef = U128{Lo: hi}
	} else {
		var lo uint64
		for i := first; i < f.declets; i++ {
			lo = lo*1000 + uint64(dpdDecode[f.field(b, 6+f.ecBits+10*i, 10)])
		}
		ph, pl := bits.Mul64(hi, 1e18)
		var carry uint64
		pl, carry = bits.Add64(pl, lo, 0)
		n.Coef = U128{Hi: ph + carry, Lo: pl}
	}
	if !n.isNaN() {
		n.Exp = int(emsb<<f.ecBits|econ) - f.Bias
	}
	return n
}

// setField ORs v into b at bit position pos of length n.
func (f *Format) setField(b *Bits, pos, n int, v uint64) {
	sh := f.width - pos - n
	switch {
	case sh >= 64:
		b.Hi |= v << (sh - 64)
	case sh+n <= 64:
		b.Lo |= v << sh
	default:
		b.Lo |= v << sh
		b.Hi |= v >> (64 - sh)
	}
}

// Pack encodes n canonically. A finite n must fit the format (coefficient
// below 10^p, Qmin ≤ Exp ≤ Qmax); a NaN payload keeps its last p−1 digits.
// Infinities encode with zero continuation fields.
func (f *Format) Pack(n Number) Bits {
	var b Bits
	if n.Neg {
		f.setField(&b, 0, 1, 1)
	}
	switch n.Class {
	case Infinity:
		f.setField(&b, 1, 5, 0b11110)
		return b
	case QNaN, SNaN:
		f.setField(&b, 1, 5, 0b11111)
		if n.Class == SNaN {
			f.setField(&b, 6, 1, 1)
		}
	}
	// Split the coefficient into the last 18 digits and the rest.
	hi, lo := n.Coef.Lo, uint64(0)
	last := f.declets
	if f.declets > 5 {
		hi, lo = bits.Div64(n.Coef.Hi%1e18, n.Coef.Lo, 1e18)
		for i := f.declets - 1; i >= 5; i-- {
			f.setField(&b, 6+f.ecBits+10*i, 10, uint64(dpdEncode[lo%1000]))
			lo /= 1000
		}
		last = 5
	}
	for i := last - 1; i >= 0; i-- {
		f.setField(&b, 6+f.ecBits+10*i, 10, uint64(dpdEncode[hi%1000]))
		hi /= 1000
	}
	if n.isNaN() {
		return b
	}
	lead := hi % 10
	be := uint64(n.Exp + f.Bias)
	emsb := be >> f.ecBits
	f.setField(&b, 6, f.ecBits, be&(1<<f.ecBits-1))
	if lead < 8 {
		f.setField(&b, 1, 5, emsb<<3|lead)
	} else {
		f.setField(&b, 1, 5, 0b11000|emsb<<1|lead&1)
	}
	return b
}

// ParseFinite encodes the finite value (−1)^neg × digits × 10^exp, the
// digits given as a decimal string of at most p digits and exp within
// [Qmin, Qmax]; out-of-range input is clamped into range. It is for
// building test operands.
func ParseFinite(f *Format, neg bool, digits string, exp int) Bits {
	var c u256
	for i := 0; i < len(digits) && i < f.Precision; i++ {
		c, _ = c.mul64(10)
		c = c.add(u256{uint64(digits[i]-'0') % 10})
	}
	exp = min(max(exp, f.Qmin()), f.Qmax())
	return f.Pack(Number{Neg: neg, Exp: exp, Coef: narrow(c)})
}

// Declet returns the three digits (0…999) a 10-bit declet encodes.
func Declet(d uint64) int { return int(dpdDecode[d&0x3ff]) }
