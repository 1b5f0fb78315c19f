// Package bcd holds the Power ISA's decimal integer (BCD) operations of the
// vector facility on plain 128-bit values: signed BCD (31 digits and a sign
// code in the last nibble), unsigned BCD (32 digits), zoned and national
// decimal strings and signed quadword integers, with the results and the
// CR6 condition of bcdadd., bcdsub., bcdcfn., bcdctn., bcdcfz., bcdctz.,
// bcdcfsq., bcdctsq., bcdcpsgn., bcdsetsgn., bcds., bcdus., bcdsr.,
// bcdtrunc. and bcdutrunc. It knows nothing of registers.
package bcd

import (
	"cmp"
	"math/bits"
)

// V is a 128-bit vector register value: Hi holds bytes 0:7 (the leftmost,
// most significant digits), Lo bytes 8:15.
type V struct{ Hi, Lo uint64 }

// CR6 condition bits.
const (
	LT = 8 // negative
	GT = 4 // positive
	EQ = 2 // zero
	SO = 1 // overflow or invalid
)

// field returns the w-bit field i of v counting from the right (field 0
// ends at bit 127); setField sets it to x (x < 2^w). w divides 64.
func (v V) field(w, i int) uint64 {
	half, n := &v.Lo, 64/w
	if i >= n {
		half, i = &v.Hi, i-n
	}
	return *half >> (w * i) & (1<<w - 1)
}

func (v *V) setField(w, i int, x uint64) {
	half, n := &v.Lo, 64/w
	if i >= n {
		half, i = &v.Hi, i-n
	}
	*half = *half&^((1<<w-1)<<(w*i)) | x<<(w*i)
}

// nibble returns nibble i counting from the right (0 = bits 124:127).
func (v V) nibble(i int) uint64 { return v.field(4, i) }

func (v *V) setNibble(i int, d uint64) { v.setField(4, i, d) }

// u128 is a binary magnitude.
type u128 struct{ hi, lo uint64 }

func (x u128) mul10add(d uint64) u128 {
	h1, l := bits.Mul64(x.lo, 10)
	l, c := bits.Add64(l, d, 0)
	return u128{x.hi*10 + h1 + c, l}
}

func (x u128) cmp(y u128) int { return cmp.Or(cmp.Compare(x.hi, y.hi), cmp.Compare(x.lo, y.lo)) }

func (x u128) add(y u128) u128 {
	l, c := bits.Add64(x.lo, y.lo, 0)
	return u128{x.hi + y.hi + c, l}
}

func (x u128) sub(y u128) u128 {
	l, b := bits.Sub64(x.lo, y.lo, 0)
	return u128{x.hi - y.hi - b, l}
}

func (x u128) isZero() bool { return x.hi|x.lo == 0 }

// pow10_31 is 10^31, the bound of a 31-digit signed BCD magnitude.
var pow10_31 = func() u128 {
	a := u128{0, 1}
	for i := 0; i < 31; i++ {
		a = a.mul10add(0)
	}
	return a
}()

// digitsValid reports whether nibbles from..to−1 are all decimal digits.
func (v V) digitsValid(from, to int) bool {
	// A nibble is above 9 when its 8 bit and its 4 or 2 bit are set.
	bad := func(w uint64) uint64 {
		return w & 0x8888888888888888 >> 3 & (w&0x4444444444444444>>2 | w&0x2222222222222222>>1)
	}
	m := nibbleMask(from, to)
	return bad(v.Lo)&m.Lo == 0 && bad(v.Hi)&m.Hi == 0
}

// nibbleMask has the low bit of each nibble from..to−1 set.
func nibbleMask(from, to int) V {
	switch {
	case from == 1 && to == 32:
		return V{0x1111111111111111, 0x1111111111111110}
	case from == 0 && to == 32:
		return V{0x1111111111111111, 0x1111111111111111}
	}
	var m V
	for i := from; i < to; i++ {
		m.setNibble(i, 1)
	}
	return m
}

// magnitude returns the value of nibbles from..to−1 (digits), 16 nibbles
// at a time in 64-bit arithmetic.
func (v V) magnitude(from, to int) u128 {
	var hi, lo uint64 // digits to−1 … from+16, and from+15 … from
	for i := to - 1; i >= from; i-- {
		d := v.nibble(i)
		if i >= from+16 {
			hi = hi*10 + d
		} else {
			lo = lo*10 + d
		}
	}
	if hi == 0 {
		return u128{0, lo}
	}
	h, l := bits.Mul64(hi, 1e16)
	l, c := bits.Add64(l, lo, 0)
	return u128{h + c, l}
}

// signOf reports whether sign code s is negative and whether it is valid.
func signOf(s uint64) (neg, ok bool) {
	switch s {
	case 0xa, 0xc, 0xe, 0xf:
		return false, true
	case 0xb, 0xd:
		return true, true
	}
	return false, false
}

// Signed decodes a signed BCD value: its magnitude, sign and validity
// (every digit 0–9 and a sign code A–F).
func Signed(v V) (mag u128, neg, ok bool) {
	neg, ok = signOf(v.nibble(0))
	if !ok || !v.digitsValid(1, 32) {
		return u128{}, false, false
	}
	return v.magnitude(1, 32), neg, true
}

// plus returns the preferred positive sign code for PS: C (PS = 0) or F.
func plus(ps int) uint64 {
	if ps&1 != 0 {
		return 0xf
	}
	return 0xc
}

// put writes the low n digits of m into nibbles from..from+n−1 and reports
// whether m had more digits.
func (v *V) put(m u128, from, n int) (overflow bool) {
	// Split m into 16-digit chunks (two 128-by-64 divisions), then
	// convert each chunk in 64-bit arithmetic.
	var chunks [3]uint64
	var r uint64
	m.hi, r = bits.Div64(0, m.hi, 1e16)
	m.lo, r = bits.Div64(r, m.lo, 1e16)
	chunks[0] = r
	m.hi, r = bits.Div64(0, m.hi, 1e16)
	m.lo, r = bits.Div64(r, m.lo, 1e16)
	chunks[1] = r
	chunks[2] = m.lo // m < 2^128 < 10^39: at most 7 digits left, m.hi = 0
	for i := 0; i < n; i++ {
		c := &chunks[i/16]
		v.setNibble(from+i, *c%10)
		*c /= 10
	}
	for k := n / 16; k < 3; k++ {
		if chunks[k] != 0 {
			return true
		}
	}
	return false
}

// cr is the CR6 value of a signed result.
func cr(mag u128, neg, overflow bool) uint32 {
	var c uint32
	switch {
	case mag.isZero():
		c = EQ
	case neg:
		c = LT
	default:
		c = GT
	}
	if overflow {
		c |= SO
	}
	return c
}

// encode builds a signed BCD result from a magnitude (its low 31 digits).
func encode(mag u128, neg bool, ps int) (V, bool) {
	var r V
	of := r.put(mag, 1, 31)
	s := plus(ps)
	if neg {
		s = 0xd
	}
	r.setNibble(0, s)
	return r, of
}

// Status tells what the ISA says of a result: Defined, or why VRT (or
// CR6) is undefined by the ISA. For an undefined result, Result holds
// what QEMU 7.2 does (measured with the reference harness), for the QEMU
// profile; the hardware profile lets the CPU decide.
type Status uint8

// Result statuses.
const (
	Defined   Status = iota
	Undefined        // an invalid operand (sign code 0–9, digit above 9) or an overflow with VRT undefined
	// Unchanged: QEMU 7.2 leaves VRT as it was (Result.V is not to be
	// written); the ISA calls VRT undefined.
	Unchanged
)

// Result is the outcome of a BCD operation.
type Result struct {
	V      V
	CR     uint32
	Status Status
}

// sgn is the sign of a signed BCD value: +1, −1, or 0 for an invalid code.
func sgn(v V) int {
	neg, ok := signOf(v.nibble(0))
	switch {
	case !ok:
		return 0
	case neg:
		return -1
	}
	return 1
}

// preferred is the preferred sign code for sign s (an invalid sign counts
// as positive) and PS.
func preferred(s, ps int) uint64 {
	if s < 0 {
		return 0xd
	}
	return plus(ps)
}

// cmpZero is CR6 of a signed result r: EQ when its 31 digits are zero,
// else GT or LT from its sign code.
func cmpZero(r V) uint32 {
	if r.Hi == 0 && r.Lo>>4 == 0 {
		return EQ
	}
	if sgn(r) == 1 {
		return GT
	}
	return LT
}

// valid reports whether v is valid signed BCD.
func valid(v V) bool { return sgn(v) != 0 && v.digitsValid(1, 32) }

// Add is bcdadd. (sub: bcdsub.): the signed sum, its low 31 digits with
// the preferred sign code (PS), and CR6 (SO on overflow).
func Add(a, b V, ps int, sub bool) Result {
	if !valid(a) || !valid(b) {
		return Result{Status: Undefined, V: Invalid, CR: SO}
	}
	ma, mb := a.magnitude(1, 32), b.magnitude(1, 32)
	na, nb := sgn(a) < 0, sgn(b) < 0
	if sub {
		nb = !nb
	}
	var m u128
	neg := na
	if na == nb {
		m = ma.add(mb)
	} else if ma.cmp(mb) >= 0 {
		m = ma.sub(mb)
	} else {
		m, neg = mb.sub(ma), nb
	}
	if m.isZero() && na != nb {
		neg = false // equal magnitudes of opposite signs: +0
	}
	r, of := encode(m, neg, ps)
	c := cr(m, neg, false)
	if of {
		c |= SO
	}
	return Result{V: r, CR: c}
}

// CopySign is bcdcpsgn.: the digits of a with the sign code of b.
func CopySign(a, b V) Result {
	if sgn(a) == 0 || sgn(b) == 0 {
		return Result{Status: Unchanged, CR: SO}
	}
	r := a
	r.setNibble(0, b.nibble(0))
	if !a.digitsValid(1, 32) || !b.digitsValid(1, 32) {
		return Result{Status: Undefined, V: r, CR: SO}
	}
	return Result{V: r, CR: cmpZero(r)}
}

// SetSign is bcdsetsgn.: b with its sign code made preferred (PS).
func SetSign(b V, ps int) Result {
	r := b
	r.setNibble(0, preferred(sgn(b), ps))
	if !valid(b) {
		return Result{Status: Undefined, V: r, CR: SO}
	}
	return Result{V: r, CR: cmpZero(r)}
}

// FromInt128 is bcdcfsq.: the signed quadword b as signed BCD; a value of
// more than 31 digits is an overflow (SO, VRT undefined).
func FromInt128(b V, ps int) Result {
	neg := int64(b.Hi) < 0
	m := u128{b.Hi, b.Lo}
	c := uint32(GT)
	if neg {
		m = u128{}.sub(m)
		c = LT
	}
	if m.cmp(pow10_31) >= 0 {
		return Result{Status: Unchanged, CR: c | SO}
	}
	r, _ := encode(m, neg, ps)
	if m.isZero() {
		c = EQ
	}
	return Result{V: r, CR: c}
}

// ToInt128 is bcdctsq.: signed BCD b as a signed quadword.
func ToInt128(b V) Result {
	s := sgn(b)
	// Accumulate from the most significant digit; QEMU 7.2 stops after
	// the first invalid digit, having added its nibble value.
	var m u128
	bad := s == 0
	for i := 31; i >= 1; i-- {
		d := b.nibble(i)
		m = m.mul10add(d)
		if d > 9 {
			bad = true
		}
		if bad && i < 31 {
			break
		}
	}
	v := m
	if s == -1 {
		v = u128{}.sub(m)
	}
	r := V{v.hi, v.lo}
	if bad {
		return Result{Status: Undefined, V: r, CR: SO}
	}
	return Result{V: r, CR: cmpZero(b)}
}

// national halfword i from the right (0 = the sign).
func (v V) national(i int) uint64 {
	if i < 4 {
		return v.Lo >> (16 * i) & 0xffff
	}
	return v.Hi >> (16 * (i - 4)) & 0xffff
}

// FromNational is bcdcfn.: eight national (UTF-16) characters, seven
// digits 0x0030–0x0039 and a sign 0x002B (+) or 0x002D (−), as signed BCD.
func FromNational(b V, ps int) Result {
	sign := b.national(0)
	bad := sign != 0x2b && sign != 0x2d
	var r V
	for i := 1; i < 8; i++ {
		h := b.national(i)
		if h < 0x30 || h > 0x39 {
			bad = true
			break
		}
		r.setNibble(i, h&0xf)
	}
	if sign == 0x2b {
		r.setNibble(0, plus(ps))
	} else {
		r.setNibble(0, 0xd)
	}
	if bad {
		return Result{Status: Undefined, V: r, CR: SO}
	}
	return Result{V: r, CR: cmpZero(r)}
}

// ToNational is bcdctn.: signed BCD b as national decimal (its low seven
// digits; SO when more were non-zero).
func ToNational(b V) Result {
	s := sgn(b)
	bad := s == 0
	var r V
	for i := 1; i < 8; i++ {
		d := b.nibble(i)
		h := 0x30 + d
		if i < 4 {
			r.Lo |= h << (16 * i)
		} else {
			r.Hi |= h << (16 * (i - 4))
		}
		if d > 9 {
			bad = true
		}
		if bad {
			break
		}
	}
	if s == -1 {
		r.Lo |= 0x2d
	} else {
		r.Lo |= 0x2b
	}
	if bad {
		return Result{Status: Undefined, V: r, CR: SO}
	}
	c := cmpZero(b)
	if b.Hi != 0 || b.Lo>>32 != 0 {
		c |= SO
	}
	return Result{V: r, CR: c}
}

// zoned byte i from the right.
func (v V) zonedByte(i int) uint64 { return v.field(8, i) }

func (v *V) setZonedByte(i int, x uint64) { v.setField(8, i, x) }

// FromZoned is bcdcfz.: sixteen zoned bytes (zone nibble 3 with PS = 0, F
// with PS = 1; the last byte's zone is the sign: PS = 0: bit 0x4 set means
// negative; PS = 1: B or D negative, below A invalid) as signed BCD (the
// positive sign code is C).
func FromZoned(b V, ps int) Result {
	lead := uint64(3)
	if ps&1 != 0 {
		lead = 0xf
	}
	z := b.zonedByte(0) >> 4
	bad := ps&1 != 0 && z < 0xa
	var r V
	for i := 0; i < 16; i++ {
		x := b.zonedByte(i)
		zone := x >> 4
		if i == 0 {
			zone = lead
		}
		if zone != lead || x&0xf > 9 {
			bad = true
			break
		}
		r.setNibble(i+1, x&0xf)
	}
	if ps&1 != 0 && (z == 0xb || z == 0xd) || ps&1 == 0 && z&4 != 0 {
		r.setNibble(0, 0xd)
	} else {
		r.setNibble(0, 0xc)
	}
	if bad {
		return Result{Status: Undefined, V: r, CR: SO}
	}
	return Result{V: r, CR: cmpZero(r)}
}

// ToZoned is bcdctz.: signed BCD b as sixteen zoned bytes (its low 16
// digits; SO when more were non-zero); the last byte's zone is the sign:
// PS = 0: 3 or 7; PS = 1: C or D.
func ToZoned(b V, ps int) Result {
	s := sgn(b)
	bad := s == 0
	lead := uint64(0x30)
	if ps&1 != 0 {
		lead = 0xf0
	}
	var r V
	for i := 0; i < 16; i++ {
		d := b.nibble(i + 1)
		if d > 9 {
			bad = true
		}
		if bad {
			break
		}
		r.setZonedByte(i, lead|d)
	}
	z := uint64(0x3)
	switch {
	case ps&1 != 0 && s == 1:
		z = 0xc
	case ps&1 != 0:
		z = 0xd
	case s != 1:
		z = 0x7
	}
	r.setNibble(1, z)
	if bad {
		return Result{Status: Undefined, V: r, CR: SO}
	}
	c := cmpZero(b)
	if b.Hi>>4 != 0 {
		c |= SO
	}
	return Result{V: r, CR: c}
}

// shiftCount is the signed byte 7 of a (bcds., bcdus., bcdsr.).
func shiftCount(a V) int { return int(int8(a.Hi)) }

// shift128 shifts v by n nibbles (n > 0: left), reporting non-zero bits
// shifted out on the left.
func shift128(v V, n int) (V, bool) {
	switch {
	case n >= 32:
		return V{}, v.Hi|v.Lo != 0
	case n <= -32:
		return V{}, false
	case n > 0:
		sh := uint(4 * n)
		var lost bool
		if sh >= 64 {
			lost = v.Hi != 0 || v.Lo>>(128-sh) != 0
			return V{Hi: v.Lo << (sh - 64)}, lost
		}
		lost = v.Hi>>(64-sh) != 0
		return V{Hi: v.Hi<<sh | v.Lo>>(64-sh), Lo: v.Lo << sh}, lost
	case n < 0:
		sh := uint(-4 * n)
		if sh >= 64 {
			return V{Lo: v.Hi >> (sh - 64)}, false
		}
		return V{Hi: v.Hi >> sh, Lo: v.Lo>>sh | v.Hi<<(64-sh)}, false
	}
	return v, false
}

// Shift is bcds.: the digits of signed BCD b shifted left (count > 0) or
// right by the signed byte 7 of a (limited to ±31); SO when non-zero
// digits are shifted out. The sign code becomes the preferred one, also
// for a zero result.
func Shift(a, b V, ps int) Result {
	return shiftSigned(a, b, ps, false)
}

// ShiftRound is bcdsr.: as Shift, a right shift rounding half up on the
// most significant digit shifted out.
func ShiftRound(a, b V, ps int) Result {
	return shiftSigned(a, b, ps, true)
}

func shiftSigned(a, b V, ps int, round bool) Result {
	if !valid(b) {
		return Result{Status: Unchanged, CR: SO}
	}
	n := min(max(shiftCount(a), -31), 31)
	r := b
	r.Lo &^= 0xf
	r, lost := shift128(r, n)
	if round && n < 0 && r.nibble(0) >= 5 {
		m := r.magnitude(1, 32).add(u128{0, 1})
		r = V{}
		r.put(m, 1, 31)
	}
	r.setNibble(0, preferred(sgn(b), ps))
	c := cmpZero(r)
	if lost {
		c |= SO
	}
	return Result{V: r, CR: c}
}

// unsignedCR is CR6 of an unsigned result as the ISA defines it: EQ for
// zero, else GT.
func unsignedCR(r V) uint32 {
	if r.Hi|r.Lo == 0 {
		return EQ
	}
	return GT
}

// ShiftUnsigned is bcdus.: the 32 digits of unsigned BCD b shifted by the
// signed byte 7 of a. CR6 is EQ or GT (SO when non-zero digits are
// shifted out).
func ShiftUnsigned(a, b V) Result {
	if !b.digitsValid(0, 32) {
		return Result{Status: Unchanged, CR: SO}
	}
	r, lost := shift128(b, shiftCount(a))
	c := unsignedCR(r)
	if lost {
		c |= SO
	}
	return Result{V: r, CR: c}
}

// keepNibbles keeps the low i nibbles of b (i ≥ 0), reporting whether
// non-zero bits were dropped.
func keepNibbles(b V, i int) (V, bool) {
	switch {
	case i >= 32:
		return b, false
	case i > 16:
		mask := ^uint64(0) >> uint(128-4*i)
		return V{Hi: b.Hi & mask, Lo: b.Lo}, b.Hi&^mask != 0
	case i > 0:
		mask := ^uint64(0) >> uint(64-4*i)
		return V{Lo: b.Lo & mask}, b.Hi != 0 || b.Lo&^mask != 0
	}
	return V{}, b.Hi|b.Lo != 0
}

// Truncate is bcdtrunc.: signed BCD b keeping its low N digits, N the
// signed halfword 3 of a; SO when non-zero digits are dropped; the sign
// code becomes the preferred one. N ≥ 31 or N < −1 keeps every digit;
// N = −1 is QEMU 7.2's (harness): the low 16 nibbles are kept.
func Truncate(a, b V, ps int) Result {
	if !valid(b) {
		return Result{Status: Unchanged, CR: SO}
	}
	i := int(int16(a.Hi)) + 1 // nibbles kept, the sign's included
	r := b
	var lost bool
	switch {
	case i == 0:
		r, lost = keepNibbles(b, 16)
	case i > 0:
		r, lost = keepNibbles(b, i)
	}
	r.setNibble(0, preferred(sgn(b), ps))
	c := cmpZero(r)
	if lost {
		c |= SO
	}
	st := Defined
	if i <= 0 {
		st = Undefined
	}
	return Result{V: r, CR: c, Status: st}
}

// TruncateUnsigned is bcdutrunc.: unsigned BCD b keeping its low N
// digits (N the signed halfword 3 of a; N < 0 keeps all); SO when
// non-zero digits are dropped.
func TruncateUnsigned(a, b V) Result {
	if !b.digitsValid(0, 32) {
		return Result{Status: Unchanged, CR: SO}
	}
	i := int(int16(a.Hi))
	r := b
	var lost bool
	if i >= 0 {
		r, lost = keepNibbles(b, i)
	}
	c := unsignedCR(r)
	if lost {
		c |= SO
	}
	return Result{V: r, CR: c}
}

// QEMUEqualOnInvalid reports what QEMU 7.2 does for bcdadd./bcdsub. with
// operands of different effective signs and an invalid digit: it compares
// the magnitudes from the most significant digit and, reaching an invalid
// digit before any difference, takes them as equal (result +0, CR6 EQ);
// otherwise the result is Invalid. The ISA leaves the result undefined.
func QEMUEqualOnInvalid(a, b V, sub bool) bool {
	na, oka := signOf(a.nibble(0))
	nb, okb := signOf(b.nibble(0))
	if !oka || !okb || na != nb == sub {
		return false // same effective signs: QEMU adds and sees the digit
	}
	for i := 31; i >= 1; i-- {
		da, db := a.nibble(i), b.nibble(i)
		if da > 9 || db > 9 {
			return true
		}
		if da != db {
			return false
		}
	}
	return false
}

// Invalid is the result QEMU 7.2 gives bcdadd./bcdsub. for an invalid
// operand (all ones); the ISA leaves it undefined.
var Invalid = V{^uint64(0), ^uint64(0)}
