// Package softfloat is an exact IEEE 754 binary floating-point core on
// plain integers, parametric in the format: binary16, bfloat16, binary32,
// binary64 and binary128.
//
// Every operation follows one shape: unpack the operands (Format.Unpack),
// compute the exact result (or, for division and square root, enough bits
// and a sticky bit), round it once to the destination format in the given
// Mode, and hand back the encoding with the IEEE 754 exception flags in a
// Result. The invalid-operation flag carries its cause (signalling NaN,
// ∞ − ∞, ∞ × 0, 0 ÷ 0, ∞ ÷ ∞, square root of a negative number, invalid
// integer conversion, invalid compare), and a Result records what an
// architecture's status register needs beyond the IEEE flags: whether the
// rounding increased the magnitude (the Power ISA's FR; FI is the inexact
// flag), whether the exact value was tiny before rounding (tininess is
// detected before rounding, as on POWER), and the exact value itself, so
// that an enabled overflow or underflow can be delivered with the
// exponent-adjusted result (Result.Scaled).
//
// The package knows no register file and no status register: mapping the
// flags onto an FPSCR is the caller's job. Nothing allocates; binary128 is
// computed on 64-bit words with math/bits (no math/big).
//
// NaNs: an operation whose operands include a NaN returns the first NaN
// operand in argument order, quieted (Propagate); a payload is kept
// left-aligned, so narrowing truncates its low bits and widening appends
// zeros. An invalid operation returns the default NaN: positive, quiet bit
// only (DefaultNaN).
package softfloat

import "math/bits"

// Format is a binary floating-point interchange format.
type Format uint8

// The formats.
const (
	Binary16  Format = iota // IEEE 754 half precision: 1+5+10 bits
	BFloat16                // bfloat16: 1+8+7 bits (binary32's exponent range)
	Binary32                // IEEE 754 single precision: 1+8+23 bits
	Binary64                // IEEE 754 double precision: 1+11+52 bits
	Binary128               // IEEE 754 quadruple precision: 1+15+112 bits
)

type formatDesc struct {
	name  string
	width int // total bits
	prec  int // significand bits, the implicit one included
	emax  int // exponent of the largest finite number (= the bias)
}

var formats = [...]formatDesc{
	Binary16:  {"binary16", 16, 11, 15},
	BFloat16:  {"bfloat16", 16, 8, 127},
	Binary32:  {"binary32", 32, 24, 127},
	Binary64:  {"binary64", 64, 53, 1023},
	Binary128: {"binary128", 128, 113, 16383},
}

// String is the format's name.
func (f Format) String() string { return formats[f].name }

// Width is the size of an encoding in bits.
func (f Format) Width() int { return formats[f].width }

// Prec is the significand precision p in bits, the implicit bit included.
func (f Format) Prec() int { return formats[f].prec }

// Emax is the exponent of the largest finite number; it is also the bias.
func (f Format) Emax() int { return formats[f].emax }

// Emin is the exponent of the smallest normal number, 1 − Emax.
func (f Format) Emin() int { return 1 - formats[f].emax }

// Adjust is the exponent adjustment of a trapped overflow or underflow
// (IEEE 754-1985 7.3, 7.4; the Power ISA's 192 and 1536): 3·2^(w−2) for w
// exponent bits. For binary128 that is 24576, the value the IEEE 754r draft
// of 2003-08-12 (8.2, trapped overflow) names for quad; the Power ISA's quad
// text was not found, the same rule is assumed (vsx_qp.go).
func (f Format) Adjust() int { d := &formats[f]; return 3 << (d.width - d.prec - 2) }

// Bits is an encoding, right-aligned in 128 bits: formats up to 64 bits
// wide use Lo only.
type Bits struct{ Hi, Lo uint64 }

// B is the Bits of an encoding of at most 64 bits.
func B(x uint64) Bits { return Bits{Lo: x} }

// Class is the class of a datum.
type Class uint8

// The classes.
const (
	Zero Class = iota
	Subnormal
	Normal
	Inf
	QNaN
	SNaN
)

// IsNaN reports whether c is QNaN or SNaN.
func (c Class) IsNaN() bool { return c >= QNaN }

// IsFinite reports whether c is Zero, Subnormal or Normal.
func (c Class) IsFinite() bool { return c <= Normal }

// nonZeroFinite reports whether c is Subnormal or Normal.
func (c Class) nonZeroFinite() bool { return c == Subnormal || c == Normal }

// Value is an unpacked datum. For a finite non-zero value, Sig (Hi:Lo) has
// bit 127 set and the value is (−1)^Neg × Sig/2^127 × 2^Exp, so that
// 2^Exp ≤ |value| < 2^(Exp+1) (a subnormal is normalized). For a NaN, Sig
// is the fraction field left-aligned (bit 127 is the quiet bit).
//
// Class and Neg sit in an embedded header so that Value has four fields:
// the compiler then keeps a Value in registers and stores it field by
// field where it is passed, instead of building it on the stack and
// copying it in 16-byte blocks (a store-forwarding stall per operand on
// the FP step path). Inside the package, build one with makeValue.
type Value struct {
	ValueHead
	Exp    int
	Hi, Lo uint64
}

// ValueHead is the class and sign of a Value (embedded: v.Class, v.Neg).
type ValueHead struct {
	Class Class
	Neg   bool
}

// makeValue is the Value of class c and sign neg with exponent exp and
// significand hi:lo.
func makeValue(c Class, neg bool, exp int, hi, lo uint64) Value {
	return Value{ValueHead: ValueHead{Class: c, Neg: neg}, Exp: exp, Hi: hi, Lo: lo}
}

// fields splits an encoding into sign, biased exponent and fraction (the
// fraction in fh:fl, right-aligned).
func (f Format) fields(b Bits) (neg bool, e int, fh, fl uint64) {
	d := &formats[f]
	fb := uint(d.prec - 1)
	if d.width == 128 {
		return b.Hi>>63 != 0, int(b.Hi >> 48 & 0x7fff), b.Hi & (1<<48 - 1), b.Lo
	}
	x := b.Lo
	return x>>uint(d.width-1)&1 != 0, int(x>>fb) & (1<<uint(d.width-d.prec) - 1), 0, x & (1<<fb - 1)
}

// Classify is the class of the encoding b.
func (f Format) Classify(b Bits) Class {
	if f == Binary64 {
		return classify64(b.Lo)
	}
	return f.classify(b)
}

func classify64(x uint64) Class {
	x &^= 1 << 63
	switch {
	case x >= 0x7ff8000000000000:
		return QNaN
	case x > 0x7ff0000000000000:
		return SNaN
	case x == 0x7ff0000000000000:
		return Inf
	case x >= 1<<52:
		return Normal
	case x != 0:
		return Subnormal
	}
	return Zero
}

func (f Format) classify(b Bits) Class {
	d := &formats[f]
	_, e, fh, fl := f.fields(b)
	switch {
	case e == 2*d.emax+1:
		switch {
		case fh|fl == 0:
			return Inf
		case d.width == 128 && fh>>47 != 0, d.width < 128 && fl>>uint(d.prec-2) != 0:
			return QNaN
		}
		return SNaN
	case e != 0:
		return Normal
	case fh|fl != 0:
		return Subnormal
	}
	return Zero
}

// SignBit reports whether the sign bit of b is set.
func (f Format) SignBit(b Bits) bool {
	if f == Binary128 {
		return b.Hi>>63 != 0
	}
	return b.Lo>>uint(formats[f].width-1)&1 != 0
}

// Unpack splits the encoding b.
func (f Format) Unpack(b Bits) Value {
	if f == Binary64 {
		if e := b.Lo >> 52 & 0x7ff; e-1 < 0x7fe { // normal: the common case, inlined
			return makeValue(Normal, b.Lo>>63 != 0, int(e)-1023, 1<<63|b.Lo<<11, 0)
		}
		return unpack64(b.Lo)
	}
	return f.unpack(b)
}

func (f Format) unpack(b Bits) Value {
	d := &formats[f]
	neg, e, fh, fl := f.fields(b)
	v := Value{ValueHead: ValueHead{Neg: neg}}
	fb := d.prec - 1
	switch {
	case e == 2*d.emax+1:
		if fh|fl == 0 {
			v.Class = Inf
			return v
		}
		v.Hi, v.Lo = shl128(fh, fl, 128-fb)
		v.Class = SNaN
		if v.Hi>>63 != 0 {
			v.Class = QNaN
		}
		return v
	case e != 0:
		v.Class, v.Exp = Normal, e-d.emax
		if d.width == 128 {
			v.Hi, v.Lo = shl128(fh|1<<48, fl, 15)
		} else {
			v.Hi = (fl | 1<<uint(fb)) << uint(63-fb)
		}
		return v
	case fh|fl == 0:
		v.Class = Zero
		return v
	}
	// Subnormal: the value is frac × 2^(emin − fb).
	v.Class = Subnormal
	lz := lz128(fh, fl)
	v.Hi, v.Lo = shl128(fh, fl, lz)
	v.Exp = 1 - d.emax - fb + 127 - lz
	return v
}

// unpack64 is Unpack for binary64, the common case, written out.
func unpack64(x uint64) Value {
	neg := x>>63 != 0
	e := int(x >> 52 & 0x7ff)
	frac := x & (1<<52 - 1)
	if uint(e-1) < 0x7fe {
		return makeValue(Normal, neg, e-1023, 1<<63|frac<<11, 0)
	}
	switch {
	case e != 0 && frac == 0:
		return makeValue(Inf, neg, 0, 0, 0)
	case e != 0:
		c := SNaN
		if frac>>51 != 0 {
			c = QNaN
		}
		return makeValue(c, neg, 0, frac<<12, 0)
	case frac == 0:
		return makeValue(Zero, neg, 0, 0, 0)
	}
	lz := bits.LeadingZeros64(frac)
	return makeValue(Subnormal, neg, -1011-lz, frac<<uint(lz), 0)
}

// signBits is the sign bit of format f.
func signBits(f Format, neg bool) Bits {
	if !neg {
		return Bits{}
	}
	if f == Binary128 {
		return Bits{Hi: 1 << 63}
	}
	return Bits{Lo: 1 << uint(formats[f].width-1)}
}

// infBits is ±∞ in format f.
func infBits(f Format, neg bool) Bits {
	s := signBits(f, neg)
	d := &formats[f]
	if d.width == 128 {
		s.Hi |= 0x7fff << 48
	} else {
		s.Lo |= uint64(2*d.emax+1) << uint(d.prec-1)
	}
	return s
}

// Inf is ±∞ in format f.
func (f Format) Inf(neg bool) Bits { return infBits(f, neg) }

// Zero is ±0 in format f.
func (f Format) Zero(neg bool) Bits { return signBits(f, neg) }

// MaxFinite is ±the largest finite number of format f.
func (f Format) MaxFinite(neg bool) Bits {
	b := infBits(f, false)
	lo, borrow := bits.Sub64(b.Lo, 1, 0)
	hi := b.Hi - borrow
	s := signBits(f, neg)
	return Bits{Hi: hi | s.Hi, Lo: lo | s.Lo}
}

// DefaultNaN is the default quiet NaN of format f: positive, with only the
// quiet bit of the fraction set.
func (f Format) DefaultNaN() Bits { return nanBits(f, false, 1<<63, 0) }

// nanBits is a quiet NaN with the left-aligned payload hi:lo.
func nanBits(f Format, neg bool, hi, lo uint64) Bits {
	d := &formats[f]
	fb := d.prec - 1
	hi |= 1 << 63
	fh, fl := shr128(hi, lo, 128-fb)
	b := infBits(f, neg)
	b.Hi |= fh
	b.Lo |= fl
	return b
}

// Pack encodes v in format f without rounding: zeros, infinities and NaNs
// (the payload truncated or extended, the quiet bit kept as it is) are
// exact; a finite value must be representable (Convert rounds it).
func (f Format) Pack(v Value) Bits {
	switch v.Class {
	case Zero:
		return signBits(f, v.Neg)
	case Inf:
		return infBits(f, v.Neg)
	case QNaN, SNaN:
		d := &formats[f]
		fb := d.prec - 1
		fh, fl := shr128(v.Hi, v.Lo, 128-fb)
		b := infBits(f, v.Neg)
		b.Hi |= fh
		b.Lo |= fl
		if fh|fl == 0 { // an SNaN whose payload does not fit: keep it a NaN
			b.Lo |= 1
		}
		return b
	}
	var r Result
	round(&r, f, NearestEven, v.Neg, v.Exp, v.Hi, v.Lo)
	return r.Bits
}
