package vec

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/softfloat"
)

func splat32(x uint32) V { return FromWords([4]uint32{x, x, x, x}) }

// The fused multiply-add rounds once: checked against exact big.Float
// arithmetic (an independent reference) on random and edge operands.
func TestMultiplyAddExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	edge := []uint32{0x3f800000, 0x33800000, 0x33800001, 0x4b800000, 0x00800000, 0x00000001, 0x7f7fffff, 0x80800000, 0x3f800001}
	pick := func() uint32 {
		if rng.IntN(3) == 0 {
			return edge[rng.IntN(len(edge))] ^ uint32(rng.IntN(2))<<31
		}
		return rng.Uint32()&0x7fffffff | uint32(rng.IntN(2))<<31
	}
	for range 20000 {
		a, b, c := pick(), pick(), pick()
		fa, fb, fc := math.Float32frombits(a), math.Float32frombits(b), math.Float32frombits(c)
		if math.IsNaN(float64(fa)) || math.IsNaN(float64(fb)) || math.IsNaN(float64(fc)) ||
			math.IsInf(float64(fa), 0) || math.IsInf(float64(fb), 0) || math.IsInf(float64(fc), 0) {
			continue
		}
		x := new(big.Float).SetPrec(400).SetFloat64(float64(fa))
		x.Mul(x, new(big.Float).SetPrec(400).SetFloat64(float64(fc)))
		x.Add(x, new(big.Float).SetPrec(400).SetFloat64(float64(fb)))
		if x.Sign() == 0 {
			continue // the sign of an exact zero is tested below
		}
		want, _ := x.Float32() // big.Float rounds to nearest even, with denormals
		got, _ := MultiplyAddFP(splat32(a), splat32(b), splat32(c), false, FPMode{})
		if g := got.Word(0); g != math.Float32bits(want) {
			t.Fatalf("vmaddfp %08x·%08x+%08x = %08x, want %08x", a, c, b, g, math.Float32bits(want))
		}
	}
}

func TestFPSpecials(t *testing.T) {
	const (
		pinf, ninf = 0x7f800000, 0xff800000
		qnan, snan = 0x7fc00001, 0x7f800001
		one, mone  = 0x3f800000, 0xbf800000
		den        = 0x00000005 // a denormal
	)
	nj := FPMode{FlushIn: true, FlushOut: true}
	tests := []struct {
		name string
		got  uint32
		want uint32
	}{
		// NaN results: the first NaN operand (VRA, VRB, VRC order), quiet.
		{"add NaN A first", first(AddFP(splat32(snan), splat32(qnan), FPMode{})), 0x7fc00001},
		{"add NaN B", first(AddFP(splat32(one), splat32(snan), FPMode{})), 0x7fc00001},
		{"inf-inf default NaN", first(AddFP(splat32(pinf), splat32(ninf), FPMode{})), 0x7fc00000},
		{"madd B before C", first(MultiplyAddFP(splat32(one), splat32(0x7fc00002), splat32(0x7fc00003), false, FPMode{})), 0x7fc00002},
		{"inf·0 default NaN", first(MultiplyAddFP(splat32(pinf), splat32(one), splat32(0), false, FPMode{})), 0x7fc00000},
		{"nmsub NaN not negated", first(MultiplyAddFP(splat32(0x7fc00004), splat32(one), splat32(one), true, FPMode{})), 0x7fc00004},
		// vnmsubfp of an exact zero: -(a·c - b) = -(+0) = -0.
		{"nmsub zero", first(MultiplyAddFP(splat32(one), splat32(one), splat32(one), true, FPMode{})), 0x80000000},
		{"max ±0", first(MaxFP(splat32(0x80000000), splat32(0), FPMode{})), 0},
		{"min ±0", first(MinFP(splat32(0), splat32(0x80000000), FPMode{})), 0x80000000},
		// Non-Java mode: denormal sources are zeros, denormal results too.
		{"NJ add of denormals", first(AddFP(splat32(den), splat32(den), nj)), 0},
		{"no NJ add of denormals", first(AddFP(splat32(den), splat32(den), FPMode{})), 10},
		{"NJ max returns flushed zero", first(MaxFP(splat32(den), splat32(0x80000000), nj)), 0},
		{"NJ tiny product", first(MultiplyAddFP(splat32(0x00800000), splat32(0x80000000), splat32(0x3f000000), false, nj)), 0},
		{"vrfip of -0.5", RoundToIntFP(splat32(0xbf000000), softfloat.Up, FPMode{}).Word(0), 0x80000000},
		{"vrfim of 0.5", RoundToIntFP(splat32(0x3f000000), softfloat.Down, FPMode{}).Word(0), 0},
		{"vrfin of 2.5", RoundToIntFP(splat32(0x40200000), softfloat.NearestEven, FPMode{}).Word(0), 0x40000000},
		{"vcfsx -1 >> 1", ConvertFromIntFP(splat32(0xffffffff), 1, true).Word(0), 0xbf000000},
		{"vcfux 2^32-1 rounds", ConvertFromIntFP(splat32(0xffffffff), 0, false).Word(0), 0x4f800000},
		{"vexptefp(0)", Exp2SeriesFP(splat32(0), FPMode{}).Word(0), one},
		{"vexptefp(-inf)", Exp2SeriesFP(splat32(ninf), FPMode{}).Word(0), 0},
		{"vexptefp(1)", Exp2SeriesFP(splat32(one), FPMode{}).Word(0), 0x40000000},
		{"vlogefp(2^30)", Log2FP(splat32(0x4e800000), FPMode{}).Word(0), 0x41f00000}, // power9-behaviour.md sample (exact)
		{"vlogefp(±0)", Log2FP(splat32(0x80000000), FPMode{}).Word(0), 0xff800000},
		{"vlogefp(1)", Log2FP(splat32(one), FPMode{}).Word(0), 0},
		{"vlogefp(-1)", Log2FP(splat32(mone), FPMode{}).Word(0), 0x7fc00000},
		{"vrefp(-0)", first(ReciprocalFP(splat32(0x80000000), FPMode{})), ninf},
		{"vrsqrtefp(-0)", first(ReciprocalSqrtFP(splat32(0x80000000), FPMode{})), ninf},
		{"vrsqrtefp(-1)", first(ReciprocalSqrtFP(splat32(mone), FPMode{})), 0x7fc00000},
		{"vrsqrtefp(4)", first(ReciprocalSqrtFP(splat32(0x40800000), FPMode{})), 0x3f000000},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %08x, want %08x", tt.name, tt.got, tt.want)
		}
	}
}

func first(v V, _ bool) uint32 { return v.Word(0) }

func TestConvertToIntSaturates(t *testing.T) {
	in := FromWords([4]uint32{0x4f000000, 0xcf000001, 0x7fc00000, 0xbf800000}) // 2^31, -2^31-ε, NaN, -1
	s, sat := ConvertToIntFP(in, 0, true, false, FPMode{})
	if s != FromWords([4]uint32{0x7fffffff, 0x80000000, 0, 0xffffffff}) || !sat {
		t.Errorf("vctsxs = %08x sat %v", Words(s), sat)
	}
	u, sat := ConvertToIntFP(in, 0, false, false, FPMode{})
	if u != FromWords([4]uint32{0x80000000, 0, 0, 0}) || !sat {
		t.Errorf("vctuxs = %08x sat %v", Words(u), sat)
	}
	if _, sat := ConvertToIntFP(splat32(0x3f800000), 3, true, false, FPMode{}); sat {
		t.Error("vctsxs 1·2^3 saturated")
	}
}

func TestCompareBounds(t *testing.T) {
	a := FromWords([4]uint32{0x3f800000, 0x40000000, 0xc0000000, 0x7fc00000}) // 1, 2, -2, NaN
	b := splat32(0x3fc00000)                                                  // 1.5
	r, in := CompareBoundsFP(a, b, FPMode{})
	if want := FromWords([4]uint32{0, 0x80000000, 0x40000000, 0xc0000000}); r != want || in {
		t.Errorf("vcmpbfp = %08x (in bounds %v)", Words(r), in)
	}
}
