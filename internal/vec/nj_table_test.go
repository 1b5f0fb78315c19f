package vec

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/softfloat"
)

// TestNJRulesOfTheTable checks the VSCR[NJ]=1 rules of power9-behaviour.md's
// second table (Valgrind none/tests/ppc64/subnormal_test.stdout.exp, IBM
// POWER8/9, HW-measured) one by one: denormal sources are zeros of the same
// sign before the IEEE rules; a denormal result is a zero of the result's
// sign; vmaxfp/vminfp return the flushed zero; compares use the flushed
// values; vcfsx/vcfux/vrfin/vrfiz are unchanged by NJ.
func TestNJRulesOfTheTable(t *testing.T) {
	nj := FPMode{FlushIn: true, FlushOut: true}
	const (
		den  = 0x00000005 // positive denormal
		nden = 0x80000005 // negative denormal
		min  = 0x00800000 // 2^-126, smallest normal
	)
	w := func(v V) uint32 { return v.Word(0) }
	w2 := func(v V, _ bool) uint32 { return v.Word(0) }
	for _, c := range []struct {
		name      string
		got, want uint32
	}{
		// Sources: a negative denormal is -0, so -0 + -0 = -0.
		{"vaddfp(-den, -den)", w2(AddFP(splat32(nden), splat32(nden), nj)), 0x80000000},
		// 1 + den: the denormal is 0, so exactly 1.
		{"vaddfp(1, den)", w2(AddFP(splat32(0x3f800000), splat32(den), nj)), 0x3f800000},
		// Results: 2^-126 · -0.5 + -0 (vmaddfp A·C + B) is a denormal: a zero of the result's sign.
		{"vmaddfp(min, -0.5, -0) result", w2(MultiplyAddFP(splat32(min), splat32(0x80000000), splat32(0xbf000000), false, nj)), 0x80000000},
		// vmaxfp/vminfp: the flushed zero, not the denormal.
		{"vmaxfp(den, -0)", w2(MaxFP(splat32(den), splat32(0x80000000), nj)), 0},
		{"vminfp(-den, +0)", w2(MinFP(splat32(nden), splat32(0), nj)), 0x80000000},
		// Compares: den == 0 under NJ, not without it.
		{"vcmpeqfp(den, 0) NJ", w(CompareFP(splat32(den), splat32(0), 0, nj)), 0xffffffff},
		{"vcmpeqfp(den, 0)", w(CompareFP(splat32(den), splat32(0), 0, FPMode{})), 0},
		{"vcmpgtfp(den, 0) NJ", w(CompareFP(splat32(den), splat32(0), 2, nj)), 0},
		// Unchanged by NJ.
		{"vcfsx(1) NJ", ConvertFromIntFP(splat32(1), 0, true).Word(0), 0x3f800000},
		{"vrfin(den) NJ", RoundToIntFP(splat32(den), softfloat.NearestEven, nj).Word(0), RoundToIntFP(splat32(den), softfloat.NearestEven, FPMode{}).Word(0)},
		{"vrfiz(-den) NJ", RoundToIntFP(splat32(nden), softfloat.TowardZero, nj).Word(0), RoundToIntFP(splat32(nden), softfloat.TowardZero, FPMode{}).Word(0)},
	} {
		if c.got != c.want {
			t.Errorf("%s = %08x, want %08x", c.name, c.got, c.want)
		}
	}
}
