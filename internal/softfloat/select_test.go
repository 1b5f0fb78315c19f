package softfloat

import (
	"math/rand/v2"
	"testing"
)

// TestTestDivBinary64Bounds: the binary64 bounds of the Power ISA's ftdiv
// (Book I 4.6.10: e_b ≤ −1022, e_b ≥ 1021, e_a − e_b ≥ 1023, e_a − e_b ≤
// −1021, e_a ≤ −970) and ftsqrt (e_b ≤ −970) at and next to each bound.
func TestTestDivBinary64Bounds(t *testing.T) {
	pow := func(e int) Bits { return B(uint64(e+1023) << 52) } // 2^e, normal
	cases := []struct {
		a, b   Bits
		fe, fg bool
	}{
		{pow(0), pow(0), false, false},
		{pow(0), pow(-1021), false, false},
		{pow(0), pow(1020), false, false},
		{pow(0), pow(1021), true, false},   // e_b ≥ 1021
		{pow(0), B(1), true, true},         // denormal b: e_b = −1023
		{pow(1021), pow(-1), false, false}, // e_a − e_b = 1022
		{pow(1022), pow(-1), true, false},  // e_a − e_b = 1023
		{pow(1000), pow(-23), true, false}, // e_a − e_b = 1023
		{pow(1000), pow(-22), false, false},
		{pow(-969), pow(51), false, false}, // e_a − e_b = −1020
		{pow(-970), pow(50), true, false},  // e_a ≤ −970
		{pow(-969), pow(53), true, false},  // e_a − e_b = −1022 ≤ −1021
		{B(0), pow(1020), false, false},    // a zero: only b's bounds
		{B(0x7ff8000000000000), pow(0), true, false},
		{pow(0), B(1 << 63), true, true}, // b = −0
		{B(0x7ff0000000000000), pow(0), true, true},
	}
	for _, c := range cases {
		fe, fg := TestDiv(Binary64, c.a, c.b)
		if fe != c.fe || fg != c.fg {
			t.Errorf("TestDiv(%#x, %#x) = fe %v fg %v, want %v %v", c.a.Lo, c.b.Lo, fe, fg, c.fe, c.fg)
		}
	}
	for _, c := range []struct {
		b      Bits
		fe, fg bool
	}{
		{pow(-969), false, false}, {pow(-970), true, false}, {B(1), true, true}, {B(0), true, true},
		{B(1<<63 | 1023<<52), true, false}, {B(0x7ff0000000000001), true, false}, {B(0x7ff0000000000000), true, true},
	} {
		fe, fg := TestSqrt(Binary64, c.b)
		if fe != c.fe || fg != c.fg {
			t.Errorf("TestSqrt(%#x) = fe %v fg %v, want %v %v", c.b.Lo, fe, fg, c.fe, c.fg)
		}
	}
}

// TestMinMaxRules: IEEE 754-2008 maxNum/minNum, the C conditional and
// Java's Math.max/min on binary32 special values.
func TestMinMaxRules(t *testing.T) {
	const one, two, pz, nz, qnan, snan = 0x3f800000, 0x40000000, 0, 0x80000000, 0x7fc00005, 0x7f800005
	cases := []struct {
		rule    MinMaxRule
		a, b    uint64
		want    uint64
		invalid bool
	}{
		{MaxNum, one, two, two, false}, {MinNum, one, two, one, false},
		{MaxNum, pz, nz, pz, false}, {MaxNum, nz, pz, pz, false}, {MinNum, pz, nz, nz, false},
		{MaxNum, qnan, one, one, false}, {MinNum, one, qnan, one, false}, {MaxNum, qnan, qnan | 1<<31, qnan, false},
		{MaxNum, snan, one, 0x7fc00005, true}, {MaxNum, one, snan, 0x7fc00005, true}, {MaxNum, qnan, snan, qnan, true},
		{MaxC, pz, nz, nz, false}, {MaxC, nz, pz, pz, false}, {MinC, pz, nz, nz, false}, {MinC, nz, pz, pz, false},
		{MaxC, two, one, two, false}, {MaxC, qnan, one, one, false}, {MaxC, one, snan, snan, true},
		{MaxJ, snan, one, snan, true}, {MaxJ, one, qnan, qnan, false}, {MaxJ, qnan, snan, qnan, true},
		{MaxJ, nz, pz, pz, false}, {MinJ, pz, nz, nz, false}, {MinJ, two, one, one, false},
	}
	for _, c := range cases {
		var r Result
		MinMax(&r, Binary32, B(c.a), B(c.b), c.rule)
		if r.Bits.Lo != c.want || (r.Flags == InvalidSNaN) != c.invalid {
			t.Errorf("rule %d (%#x, %#x) = %#x flags %v, want %#x invalid %v", c.rule, c.a, c.b, r.Bits.Lo, r.Flags, c.want, c.invalid)
		}
	}
}

// TestRoundPrec: rounding binary128 to a 64-bit significand in binary128's
// exponent range.
// roundPrecCase is a RoundPrec case at 64 bits: in rounded in mode m gives
// want with flags and FR (roundsUp); in TestRoundPrecScaled, want is that
// result's Scaled(Binary128.Adjust()).
type roundPrecCase struct {
	name     string
	in       Bits
	m        Mode
	want     Bits
	flags    Flags
	roundsUp bool
}

func TestRoundPrec(t *testing.T) {
	cases := []roundPrecCase{
		{"exact", Bits{0x3fff000000000000, 1 << 49}, NearestEven, Bits{0x3fff000000000000, 1 << 49}, 0, false},
		{"tie to even", Bits{0x3fff000000000000, 1 << 48}, NearestEven, Bits{0x3fff000000000000, 0}, Inexact, false},
		{"toward zero", Bits{0x3fff000000000000, 3 << 47}, TowardZero, Bits{0x3fff000000000000, 0}, Inexact, false},
		{"carry into the exponent", Bits{0x3fffffffffffffff, 0xffff800000000000}, NearestEven, Bits{0x4000000000000000, 0}, Inexact, true},
		{"overflow", Bits{0x7ffeffffffffffff, 0xffff800000000000}, NearestEven, Bits{0x7fff000000000000, 0}, Overflow | Inexact, true},
		// 2^-16446: half the smallest 64-bit-precision denormal
		// (2^-16445): a tie that rounds to even (0).
		{"tiny tie", Bits{0, 1 << 48}, NearestEven, Bits{}, Inexact | Underflow, false},
		{"tiny up", Bits{0, 1 << 48}, Up, Bits{0, 1 << 49}, Inexact | Underflow, true},
		{"smallest binary128 denormal, down", Bits{1 << 63, 1}, Down, Bits{1 << 63, 1 << 49}, Inexact | Underflow, true},
		{"NaN payload cut to 63 bits", Bits{0x7fff800000000000, 0xffff<<48 | 0xffff}, NearestEven, Bits{0x7fff800000000000, 0xfffe << 48}, 0, false},
	}
	for _, c := range cases {
		var r Result
		RoundPrec(&r, Binary128, Binary128.Unpack(c.in), 64, c.m)
		if r.Bits != c.want || r.Flags != c.flags || r.RoundedUp != c.roundsUp {
			t.Errorf("%s: %#x flags %v up %v, want %#x flags %v up %v", c.name, r.Bits, r.Flags, r.RoundedUp, c.want, c.flags, c.roundsUp)
		}
	}
}

// TestRoundPrecScaled: xsrqpxp's enabled underflow (Power ISA 3.1B Book I
// 7.3.3.4.4: a tiny binary128 value's exponent raised by 24576, then rounded
// to the 64-bit significand) keeps all 64 bits, not only those of the
// denormal rounding. Expected values worked by hand and matching QEMU 7.2's
// xsrqpxp with UE=1 (ppc64emu oracle -ops xsrqpxp, seeds 1-3).
func TestRoundPrecScaled(t *testing.T) {
	cases := []roundPrecCase{
		// 2^-16430 × (1 + 2^-48 − 2^-64): 65 bits, the dropped bit a tie
		// whose kept neighbour is odd: up to 1 + 2^-48, × 2^(−16430+24576).
		{"tie up to even", Bits{0x0000000000000001, 0x000000000000ffff}, NearestEven, Bits{0x5fd1000000000001, 0}, Inexact, true},
		// 2^-16429 × (1 + 2^-64): a tie, away from zero: 1 + 2^-63.
		{"tie away", Bits{0x0000000000000002, 0x0000000000000002}, NearestAway, Bits{0x5fd2000000000000, 0x0002000000000000}, Inexact, true},
		// exactly 64 significant bits: exact after the adjustment.
		{"64 bits exact", Bits{0x00000000007fffff, 0x4a9e8cd000800000}, NearestEven, Bits{0x5fe7fffffd2a7a33, 0x4002000000000000}, 0, false},
	}
	for _, c := range cases {
		var r Result
		RoundPrec(&r, Binary128, Binary128.Unpack(c.in), 64, c.m)
		if !r.Tiny {
			t.Errorf("%s: not tiny", c.name)
		}
		s := r.Scaled(Binary128.Adjust())
		if s.Bits != c.want || s.Flags != c.flags || s.RoundedUp != c.roundsUp {
			t.Errorf("%s: Scaled %#x flags %v up %v, want %#x flags %v up %v", c.name, s.Bits, s.Flags, s.RoundedUp, c.want, c.flags, c.roundsUp)
		}
	}
}

// TestCompareBitsMatchesCompare: the encoding-order shortcut of MinMax
// orders every pair of non-NaN binary32 and binary64 values as Compare
// does.
func TestCompareBitsMatchesCompare(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, f := range []Format{Binary32, Binary64} {
		for range 20000 {
			a, b := randomValue(rng, f, nil, false), randomValue(rng, f, nil, false)
			if rng.IntN(8) == 0 {
				b = a // equal magnitudes, sometimes of opposite signs
				if rng.IntN(2) == 0 {
					b.Lo ^= 1 << uint(f.Width()-1)
				}
			}
			ca, cb := f.Classify(a), f.Classify(b)
			if ca.IsNaN() || cb.IsNaN() {
				continue
			}
			want, _ := Compare(f.Unpack(a), f.Unpack(b), false)
			if got := compareBits(f, a, b, ca, cb); got != want {
				t.Fatalf("%v %#x vs %#x: %v, want %v", f, a.Lo, b.Lo, got, want)
			}
		}
	}
}
