package mma

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/softfloat"
)

// words builds a vector from its four words, word 0 first (ISA order).
func words(w0, w1, w2, w3 uint32) Vec {
	return Vec{Hi: uint64(w0)<<32 | uint64(w1), Lo: uint64(w2)<<32 | uint64(w3)}
}

// TestIntKnownAnswers: the integer rank-k updates on small matrices, each
// expected element worked out by hand from the Power ISA 3.1B definitions
// (Book I 7.6.1.12: xvi4ger8, xvi8ger4[s]pp, xvi16ger2[s][pp]): element
// (i, j) is the sum over k of XA.word[i].elem[k] × XB.word[j].elem[k],
// elements numbered from the most significant end.
func TestIntKnownAnswers(t *testing.T) {
	type elem struct {
		i, j int
		want uint32
	}
	tests := []struct {
		name       string
		kind       IntKind
		a, b       Vec
		acc        Acc
		m          Masks
		accumulate bool
		saturate   bool
		want       []elem // the elements checked; with zeroRest every other is 0
		zeroRest   bool
		wantSat    bool
	}{
		{
			// a.word0 = 0x12345678: nibbles 1 2 3 4 5 6 7 8, and 8 is −8 as a
			// signed 4-bit value; a.word1 = 0xffffffff: eight −1.
			// b.word0 = 0x11111111: eight 1; b.word1 = 0x2222222f: 2 ×7, −1.
			// (0,0) = 1+2+3+4+5+6+7−8 = 20
			// (0,1) = 2×(1+2+3+4+5+6+7) + (−8)(−1) = 56 + 8 = 64
			// (1,0) = 8 × (−1×1) = −8 = 0xfffffff8
			// (1,1) = 7 × (−1×2) + (−1)(−1) = −13 = 0xfffffff3
			name: "xvi4ger8", kind: I4,
			a: words(0x12345678, 0xffffffff, 0, 0), b: words(0x11111111, 0x2222222f, 0, 0), m: AllMasks,
			want: []elem{{0, 0, 20}, {0, 1, 64}, {1, 0, 0xfffffff8}, {1, 1, 0xfffffff3}}, zeroRest: true,
		},
		{
			// PMSK 0x80 keeps product 0 only: (0,0) = 1×1 = 1; 0x01 keeps
			// product 7 only (next case): (0,0) = (−8)×1 = −8.
			name: "pmxvi4ger8 pmsk=0x80", kind: I4,
			a: words(0x12345678, 0, 0, 0), b: words(0x11111111, 0, 0, 0), m: Masks{X: 0xf, Y: 0xf, P: 0x80},
			want: []elem{{0, 0, 1}}, zeroRest: true,
		},
		{
			name: "pmxvi4ger8 pmsk=0x01", kind: I4,
			a: words(0x12345678, 0, 0, 0), b: words(0x11111111, 0, 0, 0), m: Masks{X: 0xf, Y: 0xf, P: 0x01},
			want: []elem{{0, 0, 0xfffffff8}}, zeroRest: true,
		},
		{
			// xvi8ger4: signed bytes of XA times unsigned bytes of XB.
			// a.word0 = 0x80ff0102: −128, −1, 1, 2; b.word0 = 0xff020304: 255, 2, 3, 4.
			// (0,0) = −128×255 − 1×2 + 1×3 + 2×4 = −32640 − 2 + 3 + 8 = −32631 = 0xffff8089
			// accumulate onto 5: −32626 = 0xffff808e
			name: "xvi8ger4pp", kind: I8, accumulate: true,
			a: words(0x80ff0102, 0, 0, 0), b: words(0xff020304, 0, 0, 0), acc: Acc{words(5, 7, 0, 0)}, m: AllMasks,
			want: []elem{{0, 0, 0xffff808e}, {0, 1, 7}}, zeroRest: true,
		},
		{
			// a.word0 = 0x7f7f7f7f (127 ×4), b.word0 = 0xffffffff (255 ×4):
			// 4×127×255 = 129540; plus 0x7fffff00 = 2147483392 gives
			// 2147612932, past 2^31−1: modulo 2^32 0x8001f904 ...
			name: "xvi8ger4pp wraps", kind: I8, accumulate: true,
			a: words(0x7f7f7f7f, 0, 0, 0), b: words(0xffffffff, 0, 0, 0), acc: Acc{words(0x7fffff00, 0, 0, 0)}, m: AllMasks,
			want: []elem{{0, 0, 0x8001f904}},
		},
		{
			// ... and saturated to 0x7fffffff by xvi8ger4spp.
			name: "xvi8ger4spp saturates", kind: I8, accumulate: true, saturate: true,
			a: words(0x7f7f7f7f, 0, 0, 0), b: words(0xffffffff, 0, 0, 0), acc: Acc{words(0x7fffff00, 0, 0, 0)}, m: AllMasks,
			want: []elem{{0, 0, 0x7fffffff}}, wantSat: true,
		},
		{
			// xvi16ger2: (−32768)(−32768) + (−32768)(−32768) = 2^31:
			// 0x80000000 modulo 2^32 ...
			name: "xvi16ger2", kind: I16,
			a: words(0x80008000, 0x00020003, 0, 0), b: words(0x80008000, 0xffff0004, 0, 0), m: AllMasks,
			// (1,1) = 2×(−1) + 3×4 = 10; (0,1) = −32768×−1 + −32768×4 = 32768 − 131072 = −98304 = 0xfffe8000
			want: []elem{{0, 0, 0x80000000}, {1, 1, 10}, {0, 1, 0xfffe8000}},
		},
		{
			// ... 0x7fffffff by xvi16ger2s.
			name: "xvi16ger2s", kind: I16, saturate: true,
			a: words(0x80008000, 0, 0, 0), b: words(0x80008000, 0, 0, 0), m: AllMasks,
			want: []elem{{0, 0, 0x7fffffff}}, wantSat: true,
		},
		{
			// PMSK 0b10: the first product only, 2^30.
			name: "pmxvi16ger2 pmsk=2", kind: I16,
			a: words(0x80008000, 0, 0, 0), b: words(0x80008000, 0, 0, 0), m: Masks{X: 0xf, Y: 0xf, P: 2},
			want: []elem{{0, 0, 0x40000000}},
		},
		{
			// XMSK 0b1000 (row 0), YMSK 0b0001 (column 3): every other
			// element becomes 0 although the form accumulates;
			// (0,3) = 1×4 + 1×4 + 9 = 17.
			name: "pmxvi16ger2spp masks", kind: I16, accumulate: true, saturate: true,
			a: words(0x00010001, 0x00010001, 0x00010001, 0x00010001), b: words(0x00040004, 0x00040004, 0x00040004, 0x00040004),
			acc:  Acc{words(1, 2, 3, 9), words(4, 5, 6, 7), words(8, 9, 10, 11), words(12, 13, 14, 15)},
			m:    Masks{X: 8, Y: 1, P: 3},
			want: []elem{{0, 3, 17}}, zeroRest: true,
		},
	}
	for _, tc := range tests {
		acc := tc.acc
		sat := Int(&acc, tc.kind, tc.a, tc.b, tc.m, tc.accumulate, tc.saturate)
		if sat != tc.wantSat {
			t.Errorf("%s: saturated = %v, want %v", tc.name, sat, tc.wantSat)
		}
		checked := map[[2]int]bool{}
		for _, e := range tc.want {
			checked[[2]int{e.i, e.j}] = true
			if got := acc[e.i].Word(e.j); got != e.want {
				t.Errorf("%s: (%d,%d) = %#x, want %#x", tc.name, e.i, e.j, got, e.want)
			}
		}
		if tc.zeroRest {
			for i := 0; i < 4; i++ {
				for j := 0; j < 4; j++ {
					if !checked[[2]int{i, j}] && acc[i].Word(j) != 0 {
						t.Errorf("%s: (%d,%d) = %#x, want 0", tc.name, i, j, acc[i].Word(j))
					}
				}
			}
		}
	}
}

// TestFloatKnownAnswers: small exact cases worked out by hand (IEEE
// encodings: 1.0 = 0x3f800000, 1.5 = 0x3fc00000, 2.0 = 0x40000000,
// 4.0 = 0x40800000; binary16 1.0 = 0x3c00, 2.0 = 0x4000, 3.0 = 0x4200,
// 0.5 = 0x3800; bfloat16 1.0 = 0x3f80, 2.0 = 0x4000, 3.0 = 0x4040,
// 0.5 = 0x3f00; binary64 2.0 = 0x4000…, 3.0 = 0x4008…, 6.0 = 0x4018…).
func TestFloatKnownAnswers(t *testing.T) {
	one := Acc{words(0x3f800000, 0, 0, 0)}
	a32, b32 := [2]Vec{words(0x3fc00000, 0, 0, 0)}, words(0x40000000, 0, 0, 0)
	tests := []struct {
		name    string
		kind    FloatKind
		a       [2]Vec
		b       Vec
		acc     Acc
		u       Update
		qemuNeg bool
		want    Vec // element (0,0) in word 0 (doubleword 0 for F64)
	}{
		{"xvf32ger 1.5×2", F32, a32, b32, one, Set, false, words(0x40400000, 0, 0, 0)},     // 3.0
		{"xvf32gerpp 1.5×2+1", F32, a32, b32, one, PP, false, words(0x40800000, 0, 0, 0)},  // 4.0
		{"xvf32gerpn 1.5×2−1", F32, a32, b32, one, PN, false, words(0x40000000, 0, 0, 0)},  // 2.0
		{"xvf32gernp −1.5×2+1", F32, a32, b32, one, NP, false, words(0xc0000000, 0, 0, 0)}, // −2.0
		{"xvf32gernn −1.5×2−1", F32, a32, b32, one, NN, false, words(0xc0800000, 0, 0, 0)}, // −4.0
		// −(1×1 − 1): the exact zero +0, negated (both the ISA's
		// −round(v) and QEMU's round(−v); QEMU traces testdata/traces/mma.*).
		{"xvf32gernp zero (ISA)", F32, [2]Vec{words(0x3f800000, 0, 0, 0)}, words(0x3f800000, 0, 0, 0), one, NP, false, words(0x80000000, 0, 0, 0)},
		{"xvf32gernp zero (QEMU)", F32, [2]Vec{words(0x3f800000, 0, 0, 0)}, words(0x3f800000, 0, 0, 0), one, NP, true, words(0x80000000, 0, 0, 0)},
		// 1×3 + 2×0.5 = 4.
		{"xvf16ger2", F16, [2]Vec{words(0x3c004000, 0, 0, 0)}, words(0x42003800, 0, 0, 0), Acc{}, Set, false, words(0x40800000, 0, 0, 0)},
		{"xvbf16ger2pp", BF16, [2]Vec{words(0x3f804000, 0, 0, 0)}, words(0x40403f00, 0, 0, 0), one, PP, false, words(0x40a00000, 0, 0, 0)}, // 5.0
		// Rows 0-1 from a[0], rows 2-3 from a[1]: 2×3 = 6.
		{"xvf64ger", F64, [2]Vec{{Hi: 0x4000000000000000}}, Vec{Hi: 0x4008000000000000}, Acc{}, Set, false, Vec{Hi: 0x4018000000000000}},
	}
	for _, tc := range tests {
		acc := tc.acc
		fl, _ := Float(&acc, tc.kind, tc.a, tc.b, AllMasks, tc.u, softfloat.NearestEven, tc.qemuNeg, Rebias{})
		if fl != 0 {
			t.Errorf("%s: flags %#x, want none", tc.name, fl)
		}
		// Element (0,0) only: the others multiply zeros.
		got, want := acc[0].Hi>>32, tc.want.Hi>>32
		if tc.kind == F64 {
			got, want = acc[0].Hi, tc.want.Hi
		}
		if got != want {
			t.Errorf("%s: (0,0) = %#x, want %#x", tc.name, got, want)
		}
	}
}

// TestFloatNegRounding: the n-forms in a directed mode. 1.1f × 1.1f
// (0x3f8ccccd squared) is exactly 1.2100000143…, between the binary32
// values 0x3f9ae148 (below, as the host's float64 comparison says) and
// 0x3f9ae149. xvf32gernp with ACC = 0 rounding up: the ISA's
// −round_up(v) is −0x3f9ae149; QEMU's round_up(−v) is −0x3f9ae148.
func TestFloatNegRounding(t *testing.T) {
	a, b := [2]Vec{words(0x3f8ccccd, 0, 0, 0)}, words(0x3f8ccccd, 0, 0, 0)
	for _, tc := range []struct {
		qemu bool
		want uint32
	}{{false, 0xbf9ae149}, {true, 0xbf9ae148}} {
		var acc Acc
		fl, _ := Float(&acc, F32, a, b, Masks{X: 8, Y: 8}, NP, softfloat.Up, tc.qemu, Rebias{})
		if got := acc[0].Word(0); got != tc.want || fl != softfloat.Inexact {
			t.Errorf("qemu=%v: %#x flags %#x, want %#x inexact", tc.qemu, got, fl, tc.want)
		}
	}
}

// TestFloatFlags: the exceptions a rank-1 update signals, by hand:
// ∞×0 (InvalidIMZ, default NaN 0x7fc00000), a signalling NaN operand
// (InvalidSNaN, quieted), 3.0×(1/3 rounded) inexact.
func TestFloatFlags(t *testing.T) {
	tests := []struct {
		name string
		x, y uint32
		want uint32
		fl   softfloat.Flags
	}{
		{"inf×0", 0x7f800000, 0, 0x7fc00000, softfloat.InvalidIMZ},
		{"snan×1", 0x7f800001, 0x3f800000, 0x7fc00001, softfloat.InvalidSNaN},
		{"1.1×1.1", 0x3f8ccccd, 0x3f8ccccd, 0x3f9ae148, softfloat.Inexact},
	}
	for _, tc := range tests {
		var acc Acc
		fl, _ := Float(&acc, F32, [2]Vec{words(tc.x, 0, 0, 0)}, words(tc.y, 0, 0, 0), Masks{X: 8, Y: 8}, Set, softfloat.NearestEven, true, Rebias{})
		if got := acc[0].Word(0); got != tc.want || fl != tc.fl {
			t.Errorf("%s: %#x flags %#x, want %#x flags %#x", tc.name, got, fl, tc.want, tc.fl)
		}
	}
}

func BenchmarkInt8(b *testing.B) {
	var acc Acc
	a, x := words(0x01020304, 0x05060708, 0x090a0b0c, 0x0d0e0f10), words(0x11121314, 0x15161718, 0x191a1b1c, 0x1d1e1f20)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Int(&acc, I8, a, x, AllMasks, true, false)
	}
}

// TestRebias: QEMU 7.2's rebiased results with OE/UE enabled, from the
// harness (testdata/traces/mma.*, vectors mma-f64gerpp-oe and -ue):
// 2^1023 × 2^1023 gives 2^(2046−1536) = 0x5fd…, overflow flagged;
// 2^-1022 × 2^-1022 (exact, tiny) gives 2^(−2044+1536) = 0x203…, underflow
// flagged, not inexact.
func TestRebias(t *testing.T) {
	for _, tc := range []struct {
		x      uint64
		rb     Rebias
		want   uint64
		wantFl softfloat.Flags
	}{
		{0x7fe0000000000000, Rebias{Overflow: true}, 0x5fd0000000000000, softfloat.Overflow},
		{0x0010000000000000, Rebias{Underflow: true}, 0x2030000000000000, softfloat.Underflow},
	} {
		acc := Acc{}
		a := [2]Vec{{Hi: tc.x}, {}}
		fl, _ := Float(&acc, F64, a, Vec{Hi: tc.x}, AllMasks, PP, softfloat.NearestEven, true, tc.rb)
		if acc[0].Hi != tc.want || fl&(softfloat.Overflow|softfloat.Underflow|softfloat.Inexact) != tc.wantFl {
			t.Errorf("%#x: %#x flags %v, want %#x %v", tc.x, acc[0].Hi, fl, tc.want, tc.wantFl)
		}
	}
}

// TestRebias16: the rebias in the 16-bit forms, QEMU 7.2's values from the
// harness (mkgolden -in with these operands): xvbf16ger2 of 2^127 × 2 with
// OE=1 rebiases the first rounding (the sum of products, binary32 range) to
// 2^(128−192) = 0x1f800000, overflow flagged; xvf16ger2pp of (−0)×h + 0×h
// plus the accumulator's 2^-149 with UE=1 (RN=2, up) rebiases the
// accumulate to 2^(−149+192) = 0x55000000, underflow flagged, exact.
func TestRebias16(t *testing.T) {
	all := Rebias{Overflow: true, Underflow: true}
	for _, tc := range []struct {
		name   string
		kind   FloatKind
		u      Update
		mode   softfloat.Mode
		rb     Rebias
		acc, a uint32
		b      uint32
		want   uint32
		wantFl softfloat.Flags
	}{
		{"xvbf16ger2 OE", BF16, Set, softfloat.NearestEven, Rebias{Overflow: true}, 0, 0x7f000000, 0x40000000, 0x1f800000, softfloat.Overflow},
		{"xvf16ger2pp UE", F16, PP, softfloat.Up, all, 1, 0x80000000, 0x04230a5c, 0x55000000, softfloat.Underflow},
	} {
		acc := Acc{words(tc.acc, 0, 0, 0)}
		fl, _ := Float(&acc, tc.kind, [2]Vec{words(tc.a, 0, 0, 0)}, words(tc.b, 0, 0, 0), AllMasks, tc.u, tc.mode, true, tc.rb)
		if got := uint32(acc[0].Hi >> 32); got != tc.want || fl&(softfloat.Overflow|softfloat.Underflow|softfloat.Inexact) != tc.wantFl {
			t.Errorf("%s: %#x flags %v, want %#x %v", tc.name, got, fl, tc.want, tc.wantFl)
		}
	}
}
