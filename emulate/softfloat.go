package emulate

import (
	"math"
	"math/bits"
)

// This file is the exact binary floating-point core: every operation is
// computed exactly (or exactly enough: a 64-bit significand plus a sticky
// bit) with integer arithmetic and then rounded once, in any of the
// FPSCR[RN] modes, to double or to single precision. Nothing here allocates.
//
// A finite non-zero value is held unpacked as (neg, exp, sig): the value is
// (−1)^neg × sig/2^63 × 2^exp, with bit 63 of sig set, so that
// 2^exp ≤ |value| < 2^(exp+1).

// fpFormat describes a binary floating-point format.
type fpFormat struct {
	prec   int // significand bits, the implicit one included
	emin   int // exponent of the smallest normal number
	emax   int // exponent of the largest finite number
	adjust int // exponent adjustment of enabled overflow and underflow
}

var (
	fmtDouble = fpFormat{prec: 53, emin: -1022, emax: 1023, adjust: 1536}
	fmtSingle = fpFormat{prec: 24, emin: -126, emax: 127, adjust: 192}
)

// roundTiesAway is the rounding mode of frin, beyond the four RN modes.
const roundTiesAway = 4

// Double-format constants.
const (
	fpSignBit  = uint64(1) << 63
	fpExpMask  = uint64(0x7ff) << 52
	fpFracMask = uint64(1)<<52 - 1
	fpQuietBit = uint64(1) << 51
	fpDefNaN   = uint64(0x7ff8000000000000) // the default quiet NaN
	fpInf      = uint64(0x7ff0000000000000)
)

func fpIsNaN(x uint64) bool  { return x&^fpSignBit > fpInf }
func fpIsSNaN(x uint64) bool { return fpIsNaN(x) && x&fpQuietBit == 0 }
func fpIsInf(x uint64) bool  { return x&^fpSignBit == fpInf }
func fpIsZero(x uint64) bool { return x&^fpSignBit == 0 }
func fpNeg(x uint64) bool    { return x&fpSignBit != 0 }

// fpUnpack splits a finite non-zero double.
func fpUnpack(x uint64) (neg bool, exp int, sig uint64) {
	neg = x&fpSignBit != 0
	e := int(x >> 52 & 0x7ff)
	f := x & fpFracMask
	if e != 0 {
		return neg, e - 1023, 1<<63 | f<<11
	}
	lz := bits.LeadingZeros64(f)
	return neg, -1011 - lz, f << uint(lz)
}

// rounded is the outcome of rounding an exact value.
type rounded struct {
	bits     uint64 // the result in double format
	inexact  bool   // the result differs from the exact value (FI)
	up       bool   // the magnitude was increased (FR)
	tiny     bool   // tiny before rounding (below the format's smallest normal)
	overflow bool   // the rounded exponent exceeds the format's maximum
}

// fpRound rounds (−1)^neg × (sig + sticky·ε)/2^63 × 2^exp (bit 63 of sig set)
// to format f in mode rn, giving the result in double format. With
// overflow and the result is ±inf or ±max as the mode says.
func fpRound(neg bool, exp int, sig uint64, sticky bool, f *fpFormat, rn int) rounded {
	var r rounded
	e := exp
	shift := 64 - f.prec
	if e < f.emin {
		r.tiny = true
		shift += f.emin - e
		e = f.emin
	}
	var kept uint64
	var half, rest bool
	switch {
	case shift < 64:
		kept = sig >> uint(shift)
		rem := sig << uint(64-shift)
		half = rem>>63 != 0
		rest = rem<<1 != 0 || sticky
	case shift == 64:
		half = sig>>63 != 0
		rest = sig<<1 != 0 || sticky
	default:
		rest = true
	}
	r.inexact = half || rest
	var inc bool
	switch rn {
	case 0:
		inc = half && (rest || kept&1 != 0)
	case 2:
		inc = r.inexact && !neg
	case 3:
		inc = r.inexact && neg
	case roundTiesAway:
		inc = half
	}
	if inc {
		kept++
		r.up = true
		if kept == 1<<uint(f.prec) {
			kept >>= 1
			e++
		}
	}
	if e > f.emax {
		r.overflow, r.inexact = true, true
		toInf := rn == 0 || rn == roundTiesAway || (rn == 2 && !neg) || (rn == 3 && neg)
		r.up = toInf
		r.bits = fpMaxOrInf(neg, f, toInf)
		return r
	}
	r.bits = fpEncode(neg, e, kept, f)
	return r
}

// fpMaxOrInf is ±inf, or ±the largest finite number of format f (in double
// format).
func fpMaxOrInf(neg bool, f *fpFormat, inf bool) uint64 {
	var b uint64
	switch {
	case inf:
		b = fpInf
	case f.prec == 24:
		b = 0x47efffffe0000000
	default:
		b = 0x7fefffffffffffff
	}
	if neg {
		b |= fpSignBit
	}
	return b
}

// fpEncode packs the rounded significand kept (at most prec bits; below
// 2^(prec−1) only for a denormal, when e = emin) with exponent e, in double
// format.
func fpEncode(neg bool, e int, kept uint64, f *fpFormat) uint64 {
	var s uint64
	if neg {
		s = fpSignBit
	}
	if kept == 0 {
		return s
	}
	if f.prec == 53 {
		if kept < 1<<52 {
			return s | kept // denormal
		}
		return s | uint64(e+1023)<<52 | kept&fpFracMask
	}
	// Single precision: the value is kept × 2^(e−23); any single-precision
	// number is a normal double.
	lz := bits.LeadingZeros64(kept) - 40 // 0 for a normal single
	e -= lz
	kept <<= uint(lz)
	return s | uint64(e+1023)<<52 | (kept&(1<<23-1))<<29
}

// exact128 is an exact intermediate: (−1)^neg × (hi:lo)/2^127 × 2^exp with
// bit 127 set, or zero.
type exact128 struct {
	neg    bool
	exp    int
	hi, lo uint64
	zero   bool
}

func (x exact128) round(f *fpFormat, rn int) rounded {
	return fpRound(x.neg, x.exp, x.hi, x.lo != 0, f, rn)
}

// shr128 shifts hi:lo right by n, or-ing any bit shifted out into bit 0.
func shr128(hi, lo uint64, n int) (uint64, uint64) {
	switch {
	case n == 0:
		return hi, lo
	case n < 64:
		out := lo<<uint(64-n) != 0
		lo = lo>>uint(n) | hi<<uint(64-n)
		hi >>= uint(n)
		if out {
			lo |= 1
		}
	case n < 128:
		out := lo != 0 || hi<<uint(128-n) != 0
		lo = hi >> uint(n-64)
		hi = 0
		if out {
			lo |= 1
		}
	default:
		out := hi|lo != 0
		hi, lo = 0, 0
		if out {
			lo = 1
		}
	}
	return hi, lo
}

// add128 adds two exact values whose significands have bit 127 set and bit 0
// clear. An exact zero sum has zero set and the sign the mode gives.
func add128(a, b exact128, rn int) exact128 {
	if a.exp < b.exp || (a.exp == b.exp && (a.hi < b.hi || a.hi == b.hi && a.lo < b.lo)) {
		a, b = b, a
	}
	ah, al := shr128(a.hi, a.lo, 1)
	bh, bl := shr128(b.hi, b.lo, 1)
	bh, bl = shr128(bh, bl, a.exp-b.exp)
	var sh, sl uint64
	if a.neg == b.neg {
		var c uint64
		sl, c = bits.Add64(al, bl, 0)
		sh, _ = bits.Add64(ah, bh, c)
	} else {
		var c uint64
		sl, c = bits.Sub64(al, bl, 0)
		sh, _ = bits.Sub64(ah, bh, c)
	}
	if sh|sl == 0 {
		return exact128{zero: true, neg: rn == 3}
	}
	lz := bits.LeadingZeros64(sh)
	if sh == 0 {
		lz = 64 + bits.LeadingZeros64(sl)
	}
	switch {
	case lz >= 64:
		sh, sl = sl<<uint(lz-64), 0
	case lz > 0:
		sh, sl = sh<<uint(lz)|sl>>uint(64-lz), sl<<uint(lz)
	}
	return exact128{neg: a.neg, exp: a.exp + 1 - lz, hi: sh, lo: sl}
}

// fromDouble is the exact128 of a finite non-zero double.
func fromDouble(x uint64) exact128 {
	neg, exp, sig := fpUnpack(x)
	return exact128{neg: neg, exp: exp, hi: sig}
}

// mul128 is the exact product of two finite non-zero doubles.
func mul128(a, b uint64) exact128 {
	na, ea, sa := fpUnpack(a)
	nb, eb, sb := fpUnpack(b)
	hi, lo := bits.Mul64(sa, sb)
	e := ea + eb + 1
	if hi>>63 == 0 {
		hi, lo = hi<<1|lo>>63, lo<<1
		e--
	}
	return exact128{neg: na != nb, exp: e, hi: hi, lo: lo}
}

// div64 is the quotient of two finite non-zero doubles, as a 64-bit
// significand and a sticky bit.
func div64(a, b uint64) (neg bool, exp int, sig uint64, sticky bool) {
	na, ea, sa := fpUnpack(a)
	nb, eb, sb := fpUnpack(b)
	var q, rem uint64
	if sa < sb {
		q, rem = bits.Div64(sa, 0, sb)
		exp = ea - eb - 1
	} else {
		q, rem = bits.Div64(sa>>1, sa<<63, sb)
		exp = ea - eb
	}
	return na != nb, exp, q, rem != 0
}

// sqrt64 is the square root of a finite positive double, as a 64-bit
// significand and a sticky bit.
func sqrt64(a uint64) (exp int, sig uint64, sticky bool) {
	_, e, s := fpUnpack(a)
	// N = mantissa × 2^126 with an even exponent left over.
	var hi, lo uint64
	if e&1 == 0 {
		hi, lo = s>>1, s<<63
	} else {
		hi, lo = s, 0
		e--
	}
	g := uint64(math.Sqrt(float64(hi) * 0x1p64))
	if g < 1<<63 {
		g = 1 << 63
	}
	for range 3 {
		if hi >= g {
			g = math.MaxUint64
			continue
		}
		q, _ := bits.Div64(hi, lo, g)
		s, c := bits.Add64(g, q, 0)
		g = s>>1 | c<<63
	}
	cmp := func(r uint64) int { // sign of r² − N
		ph, pl := bits.Mul64(r, r)
		switch {
		case ph > hi || ph == hi && pl > lo:
			return 1
		case ph == hi && pl == lo:
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
	return e / 2, g, cmp(g) != 0
}

// fpQuiet makes a NaN quiet.
func fpQuiet(x uint64) uint64 { return x | fpQuietBit }

// fpToSingleNaN truncates a (quiet) NaN's payload to single precision, kept
// in double format.
func fpToSingleNaN(x uint64) uint64 { return x &^ (1<<29 - 1) }

// fprfClass returns FPSCR[FPRF] (C FL FG FE FU, 5 bits) for the double x;
// with single set, x holds a single-precision value and is classified in
// single format (a denormal single is a normal double).
func fprfClass(x uint64, single bool) uint64 {
	neg := fpNeg(x)
	var c uint64
	switch {
	case fpIsNaN(x):
		return 0x11
	case fpIsInf(x):
		c = 0x05
		if neg {
			c = 0x09
		}
	case fpIsZero(x):
		c = 0x02
		if neg {
			c = 0x12
		}
	default:
		e := int(x >> 52 & 0x7ff)
		den := e == 0
		if single {
			den = e < 1023-126
		}
		switch {
		case den && neg:
			c = 0x18
		case den:
			c = 0x14
		case neg:
			c = 0x08
		default:
			c = 0x04
		}
	}
	return c
}
