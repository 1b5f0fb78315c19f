package softfloat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// fastOperand draws a double for the fast-path tests: exponents mostly
// moderate, sometimes at and beyond the fast path's bounds, zeros and
// subnormals now and then, and significands with few bits (so that sums
// and products are often exact or exactly halfway between two results),
// long runs of ones, or random bits. single: a binary32 value.
func fastOperand(rng *rand.Rand, single bool) float64 {
	var e int
	switch rng.IntN(8) {
	case 0:
		e = rng.IntN(2*FastExp+40) - FastExp - 20 // around the bounds
	case 1:
		e = rng.IntN(2*FastExpMul+40) - FastExpMul - 20
	case 2:
		if rng.IntN(8) == 0 {
			return 0
		}
		e = -1023 // subnormal
	default:
		e = rng.IntN(40) - 20
	}
	f := rng.Uint64() & (1<<52 - 1)
	switch rng.IntN(4) {
	case 0:
		f &= ^uint64(0) << uint(40+rng.IntN(13)) // a few leading bits
	case 1:
		f |= (1<<52 - 1) >> uint(rng.IntN(52))
	case 2:
		f &= ^uint64(1<<29 - 1) // a binary32 significand
	}
	if single {
		e = min(e, 127)
		if e < -126 {
			e = -127 - rng.IntN(23) // a binary32 subnormal
		}
		f &= ^uint64(1<<29 - 1)
	}
	x := math.Float64frombits(rng.Uint64()&(1<<63) | uint64(max(min(e+1023, 2046), 0))<<52 | f)
	if single {
		x = float64(float32(x))
	}
	return x
}

// exactOp is op on x, y, z rounded once to f by the exact core.
func exactOp(r *Result, f Format, op FastOp, x, y, z float64) {
	v := func(a float64) Value { return Binary64.Unpack(B(math.Float64bits(a))) }
	switch op {
	case FastAdd:
		Add(r, f, v(x), v(y), NearestEven)
	case FastSub:
		Sub(r, f, v(x), v(y), NearestEven)
	case FastMul:
		Mul(r, f, v(x), v(y), NearestEven)
	case FastDiv:
		Div(r, f, v(x), v(y), NearestEven)
	case FastSqrt:
		Sqrt(r, f, v(x), NearestEven)
	case FastFMA:
		FMA(r, f, v(x), v(y), v(z), NearestEven)
	}
}

// TestFastMatchesExact: wherever Fast64 (and Narrow32 after it) accepts
// the operands, its result, inexact and rounded-up flags are the exact
// core's (the core is checked against Go's arithmetic, GCC's soft-float
// and QEMU's traces), and the exact core signals nothing else there
// (no overflow, no tiny result). Binary32 results are tried from binary32
// operands (the VSX vector and scalar single ops) and from any doubles
// (fadds and friends round the exact result of double operands once).
func TestFastMatchesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 7))
	n := 400000
	if testing.Short() {
		n = 40000
	}
	ops := []FastOp{FastAdd, FastSub, FastMul, FastDiv, FastSqrt, FastFMA}
	var accepted [2]int
	for i := range n {
		op := ops[i%len(ops)]
		single := i/len(ops)%3 == 0 // binary32 operands
		x, y, z := fastOperand(rng, single), fastOperand(rng, single), fastOperand(rng, single)
		switch rng.IntN(6) {
		case 0: // cancellation
			y = math.Float64frombits(math.Float64bits(x) ^ 1<<63 + uint64(rng.IntN(5)))
			if op == FastSub {
				y = -y
			}
		case 1: // an FMA near an exact cancellation
			z = -math.FMA(x, y, 0) * (1 + float64(rng.IntN(3)-1)*0x1p-52)
		}
		if single {
			y, z = float64(float32(y)), float64(float32(z))
		}
		v, err, ok := Fast64(op, x, y, z)
		if !ok {
			continue
		}
		var r Result
		exactOp(&r, Binary64, op, x, y, z)
		inexact := r.Flags&Inexact != 0
		if math.Float64bits(v) != r.Bits.Lo || (err != 0) != inexact ||
			(err != 0 && (err < 0) != (v < 0)) != r.RoundedUp || r.Flags&^Inexact != 0 || r.Tiny {
			t.Fatalf("Fast64(%d, %x, %x, %x) = %x err %x; exact %#x flags %v up %v tiny %v",
				op, x, y, z, v, err, r.Bits.Lo, r.Flags, r.RoundedUp, r.Tiny)
		}
		accepted[0]++
		s, inexact, up, ok := Narrow32(v, err)
		if !ok {
			continue
		}
		exactOp(&r, Binary32, op, x, y, z)
		if math.Float32bits(float32(s)) != uint32(r.Bits.Lo) || float64(float32(s)) != s ||
			inexact != (r.Flags&Inexact != 0) || up != r.RoundedUp || r.Flags&^Inexact != 0 || r.Tiny {
			t.Fatalf("Narrow32 of %d(%x, %x, %x) = %x inexact %v up %v; exact %#x flags %v up %v tiny %v",
				op, x, y, z, s, inexact, up, r.Bits.Lo, r.Flags, r.RoundedUp, r.Tiny)
		}
		accepted[1]++
	}
	if accepted[0] < n/3 || accepted[1] < n/10 {
		t.Errorf("the fast path took only %d binary64 and %d binary32 cases of %d", accepted[0], accepted[1], n)
	}
	t.Logf("%d cases: %d binary64 and %d binary32 results from the fast path", n, accepted[0], accepted[1])
}

// TestNarrow32Midpoints: a double on a binary32 rounding midpoint is
// refused when it is inexact (the exact value decides the direction) and
// rounded to even when exact, in the ISA's and IEEE's round to nearest.
func TestNarrow32Midpoints(t *testing.T) {
	mid := math.Float64frombits(0x3ff0000010000000) // 1 + 2^-24: halfway between 1 and 1 + 2^-23
	if _, _, _, ok := Narrow32(mid, 1); ok {
		t.Errorf("inexact midpoint accepted")
	}
	s, inexact, up, ok := Narrow32(mid, 0)
	if !ok || s != 1 || !inexact || up {
		t.Errorf("exact midpoint 1+2^-24: %v inexact %v up %v ok %v, want 1 true false true", s, inexact, up, ok)
	}
	s, inexact, up, ok = Narrow32(-math.Float64frombits(0x3ff0000030000000), 0) // −(1 + 3·2^-24): to even, up
	if !ok || s != -(1+0x1p-22) || !inexact || !up {
		t.Errorf("exact midpoint −(1+3·2^-24): %v inexact %v up %v ok %v", s, inexact, up, ok)
	}
}
