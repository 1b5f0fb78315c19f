package softfloat

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestGoNative checks binary64 and binary32 round-to-nearest arithmetic
// against Go's own (IEEE) float64 and float32 operations.
func TestGoNative(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i := range n {
		a := randomValue(rng, Binary64, nil, false)
		b := randomValue(rng, Binary64, &a, false)
		c := randomValue(rng, Binary64, nil, false)
		x, y, z := math.Float64frombits(a.Lo), math.Float64frombits(b.Lo), math.Float64frombits(c.Lo)
		va, vb, vc := Binary64.Unpack(a), Binary64.Unpack(b), Binary64.Unpack(c)
		var r Result
		check := func(op string, want float64) {
			t.Helper()
			got := math.Float64frombits(r.Bits.Lo)
			if r.Bits.Lo != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Fatalf("case %d: %s(%#x, %#x, %#x) = %#x, want %#x", i, op, a.Lo, b.Lo, c.Lo, r.Bits.Lo, math.Float64bits(want))
			}
		}
		Add(&r, Binary64, va, vb, NearestEven)
		check("add", x+y)
		Sub(&r, Binary64, va, vb, NearestEven)
		check("sub", x-y)
		Mul(&r, Binary64, va, vb, NearestEven)
		check("mul", x*y)
		Div(&r, Binary64, va, vb, NearestEven)
		check("div", x/y)
		Sqrt(&r, Binary64, va, NearestEven)
		check("sqrt", math.Sqrt(x))
		FMA(&r, Binary64, va, vb, vc, NearestEven)
		check("fma", math.FMA(x, y, z))
		Convert(&r, Binary32, va, NearestEven)
		if got, want := uint32(r.Bits.Lo), math.Float32bits(float32(x)); got != want && !math.IsNaN(x) {
			t.Fatalf("case %d: float32(%#x) = %#x, want %#x", i, a.Lo, got, want)
		}

		// binary32, with Go's float32 arithmetic (sqrt: the float64 root
		// rounded to float32, innocuous since 53 ≥ 2·24 + 2).
		a32 := randomValue(rng, Binary32, nil, false)
		b32 := randomValue(rng, Binary32, &a32, false)
		p, q := math.Float32frombits(uint32(a32.Lo)), math.Float32frombits(uint32(b32.Lo))
		pa, pb := Binary32.Unpack(a32), Binary32.Unpack(b32)
		check32 := func(op string, want float32) {
			t.Helper()
			got := math.Float32frombits(uint32(r.Bits.Lo))
			if uint32(r.Bits.Lo) != math.Float32bits(want) && !(got != got && want != want) {
				t.Fatalf("case %d: %s32(%#x, %#x) = %#x, want %#x", i, op, a32.Lo, b32.Lo, r.Bits.Lo, math.Float32bits(want))
			}
		}
		Add(&r, Binary32, pa, pb, NearestEven)
		check32("add", p+q)
		Mul(&r, Binary32, pa, pb, NearestEven)
		check32("mul", p*q)
		Div(&r, Binary32, pa, pb, NearestEven)
		check32("div", p/q)
		Sqrt(&r, Binary32, pa, NearestEven)
		check32("sqrt", float32(math.Sqrt(float64(p))))
		Convert(&r, Binary64, pa, NearestEven)
		if got := math.Float64frombits(r.Bits.Lo); got != float64(p) && !math.IsNaN(got) {
			t.Fatalf("case %d: float64(%#x) = %v, want %v", i, a32.Lo, got, float64(p))
		}
	}
}

// TestBFloat16 checks conversions binary32 → bfloat16 against the usual
// integer formula for round-to-nearest-even (add 0x7FFF plus the lowest
// kept bit, truncate), and bfloat16 → binary32 (exact: append 16 zeros),
// on every bfloat16 and many binary32 values.
func TestBFloat16(t *testing.T) {
	for h := range uint32(1 << 16) {
		var r Result
		Convert(&r, Binary32, BFloat16.Unpack(B(uint64(h))), NearestEven)
		want := h << 16
		if BFloat16.Classify(B(uint64(h))) == SNaN {
			want |= 1 << 22 // quieted
		}
		if uint32(r.Bits.Lo) != want {
			t.Fatalf("bfloat16 %#04x → binary32 %#08x, want %#08x", h, r.Bits.Lo, want)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200000 {
		x := uint32(randomValue(rng, Binary32, nil, true).Lo)
		var r Result
		Convert(&r, BFloat16, Binary32.Unpack(B(uint64(x))), NearestEven)
		var want uint32
		if math.IsNaN(float64(math.Float32frombits(x))) {
			want = (x | 1<<22) >> 16
		} else {
			want = (x + 0x7fff + (x>>16)&1) >> 16
		}
		if uint32(r.Bits.Lo) != want {
			t.Fatalf("binary32 %#08x → bfloat16 %#04x, want %#04x", x, r.Bits.Lo, want)
		}
	}
}

// TestScaled: a trapped overflow or underflow delivers the exact value
// with its exponent adjusted by 1536 (binary64) or 192 (binary32), rounded
// once (Power ISA 3.1B 4.4.4, 4.4.5; IEEE 754-1985 7.3, 7.4).
func TestScaled(t *testing.T) {
	if Binary64.Adjust() != 1536 || Binary32.Adjust() != 192 || Binary128.Adjust() != 24576 {
		t.Fatalf("Adjust: %d %d %d", Binary64.Adjust(), Binary32.Adjust(), Binary128.Adjust())
	}
	var r Result
	big := Binary64.Unpack(B(0x7fe0000000000000)) // 2^1023
	Mul(&r, Binary64, big, Binary64.Unpack(B(0x4010000000000000)), NearestEven)
	if r.Bits.Lo != 0x7ff0000000000000 || r.Flags != Overflow|Inexact {
		t.Fatalf("2^1023 × 4 = %#x %v", r.Bits.Lo, r.Flags)
	}
	s := r.Scaled(-Binary64.Adjust())
	if s.Bits.Lo != math.Float64bits(0x1p-511) || s.Flags != 0 { // 2^1025 / 2^1536
		t.Fatalf("scaled = %#x %v", s.Bits.Lo, s.Flags)
	}
	tiny := Binary64.Unpack(B(1)) // 2^-1074
	Mul(&r, Binary64, tiny, Binary64.Unpack(B(0x3fe8000000000000)), NearestEven)
	if r.Bits.Lo != 1 || r.Flags != Underflow|Inexact || !r.Tiny || !r.RoundedUp {
		t.Fatalf("2^-1074 × 0.75 = %#x %v tiny %v up %v", r.Bits.Lo, r.Flags, r.Tiny, r.RoundedUp)
	}
	s = r.Scaled(Binary64.Adjust())
	if s.Bits.Lo != math.Float64bits(0.75*0x1p462) || s.Flags != 0 {
		t.Fatalf("scaled = %#x %v", s.Bits.Lo, s.Flags)
	}
}

// TestFlagsByCause: each invalid operation names its cause.
func TestFlagsByCause(t *testing.T) {
	f := Binary128
	inf, zero, one := f.Unpack(f.Inf(false)), f.Unpack(f.Zero(false)), f.Unpack(Bits{Hi: 0x3fff << 48})
	ninf, none := f.Unpack(f.Inf(true)), f.Unpack(Bits{Hi: 0xbfff << 48})
	snan := f.Unpack(Bits{Hi: 0x7fff << 48, Lo: 1})
	var r Result
	cases := []struct {
		name string
		run  func()
		want Flags
	}{
		{"∞−∞", func() { Add(&r, f, inf, ninf, NearestEven) }, InvalidISI},
		{"∞×0", func() { Mul(&r, f, inf, zero, NearestEven) }, InvalidIMZ},
		{"0/0", func() { Div(&r, f, zero, zero, NearestEven) }, InvalidZDZ},
		{"∞/∞", func() { Div(&r, f, inf, ninf, NearestEven) }, InvalidIDI},
		{"1/0", func() { Div(&r, f, one, zero, NearestEven) }, DivByZero},
		{"√−1", func() { Sqrt(&r, f, none, NearestEven) }, InvalidSqrt},
		{"SNaN+1", func() { Add(&r, f, snan, one, NearestEven) }, InvalidSNaN},
		{"int(∞)", func() { ToInt(&r, inf, 64, true, NearestEven) }, InvalidCVI},
		{"cmp(SNaN)", func() { _, r.Flags = Compare(snan, one, true) }, InvalidSNaN | InvalidCompare},
	}
	for _, c := range cases {
		r = Result{}
		c.run()
		if r.Flags != c.want {
			t.Errorf("%s: flags %v, want %v", c.name, r.Flags, c.want)
		}
	}
}

// TestAllocs: the binary128 paths allocate nothing.
func TestAllocs(t *testing.T) {
	f := Binary128
	a, b := f.Unpack(Bits{0x3fff123456789abc, 0xdef0123456789abc}), f.Unpack(Bits{0x4000fedcba987654, 0x3210fedcba987654})
	var r Result
	allocs := testing.AllocsPerRun(100, func() {
		Add(&r, f, a, b, NearestEven)
		Mul(&r, f, a, b, Up)
		Div(&r, f, a, b, Down)
		Sqrt(&r, f, a, ToOdd)
		FMA(&r, f, a, b, a, TowardZero)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations", allocs)
	}
}

// bench128 measures op on two binary128 operands, normal numbers near 1
// with full significands.
func bench128(b *testing.B, op func(r *Result, dst Format, x, y Value, m Mode)) {
	x := Binary128.Unpack(Bits{0x3fff123456789abc, 0xdef0123456789abc})
	y := Binary128.Unpack(Bits{0x3ffefedcba987654, 0x3210fedcba987654})
	var r Result
	for b.Loop() {
		op(&r, Binary128, x, y, NearestEven)
	}
}

func BenchmarkAdd128(b *testing.B) { bench128(b, Add) }
func BenchmarkMul128(b *testing.B) { bench128(b, Mul) }
func BenchmarkDiv128(b *testing.B) { bench128(b, Div) }
func BenchmarkSqrt128(b *testing.B) {
	bench128(b, func(r *Result, dst Format, x, _ Value, m Mode) { Sqrt(r, dst, x, m) })
}

// Example: 1/3 in binary128, rounded up, with its flags.
func Example() {
	f := Binary128
	one := f.Unpack(Bits{Hi: 0x3fff_0000_0000_0000})
	three := f.Unpack(Bits{Hi: 0x4000_8000_0000_0000})
	var r Result
	Div(&r, f, one, three, Up)
	fmt.Printf("%016x%016x inexact=%v roundedUp=%v\n", r.Bits.Hi, r.Bits.Lo, r.Flags&Inexact != 0, r.RoundedUp)
	// Output: 3ffd5555555555555555555555555556 inexact=true roundedUp=true
}

// TestToIntBinary64 checks the binary64 entry point of ToInt against ToInt
// itself (which TestGCCOracle checks against GCC) on edge and random
// doubles, every width, signedness and rounding mode: the same encoding,
// flags and rounded-up bit.
func TestToIntBinary64(t *testing.T) {
	xs := []uint64{0, 1 << 63, 0x3fe0000000000000, 0x3ff8000000000000, 0xbff8000000000000,
		0x4004000000000000, 0xc004000000000000, 0x41dfffffffc00000, 0xc1e0000000000000,
		0x41e0000000000000, 0x43dfffffffffffff, 0x43e0000000000000, 0xc3e0000000000000,
		0x43efffffffffffff, 0x7ff0000000000000, 0x7ff8000000000000, 0x7ff4000000000000,
		0x0000000000000001, 0x3cb0000000000000, 0x3fefffffffffffff}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		x := rng.Uint64()
		if rng.IntN(2) == 0 { // most in the integer range
			x = x&^(0x7ff<<52) | uint64(1023-4+rng.IntN(70))<<52
		}
		xs = append(xs, x)
	}
	for _, x := range xs {
		for _, width := range []int{32, 64} {
			for _, signed := range []bool{false, true} {
				for _, m := range []Mode{NearestEven, TowardZero, Up, Down, NearestAway, ToOdd} {
					var want, got Result
					ToInt(&want, Binary64.Unpack(B(x)), width, signed, m)
					ToIntBinary64(&got, x, width, signed, m)
					if got.Bits != want.Bits || got.Flags != want.Flags || got.RoundedUp != want.RoundedUp {
						t.Fatalf("%#x width %d signed %v mode %v: got %x %v %v, ToInt %x %v %v",
							x, width, signed, m, got.Bits, got.Flags, got.RoundedUp, want.Bits, want.Flags, want.RoundedUp)
					}
				}
			}
		}
	}
}
