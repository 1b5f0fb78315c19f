package vec

import (
	"math/rand/v2"
	"testing"
)

// Known answers from the ISA's definitions (Power ISA 3.1B Book I chapter
// 6), worked out by hand: one or two per kernel family, on the register
// view (element 0 most significant).
func TestKernelsISA(t *testing.T) {
	w4 := func(a, b, c, d uint32) V { return FromWords([4]uint32{a, b, c, d}) }
	h8 := func(h ...uint16) V { var x [8]uint16; copy(x[:], h); return FromHalves(x) }
	seq := V{Hi: 0x0001020304050607, Lo: 0x08090a0b0c0d0e0f}
	ones := V{Hi: ^uint64(0), Lo: ^uint64(0)}
	sat := func(v V, s bool) V {
		if !s {
			return V{Hi: 0xdead, Lo: 0xdead} // a saturation was expected
		}
		return v
	}
	nosat := func(v V, s bool) V {
		if s {
			return V{Hi: 0xbad, Lo: 0xbad}
		}
		return v
	}
	tests := []struct {
		name      string
		got, want V
	}{
		{"vaddubm wraps", AddModulo(V{Hi: 0xff01}, V{Hi: 0x0102}, 1), V{Hi: 0x0003}},
		{"vadduqm carries across", AddModulo(V{Lo: ^uint64(0)}, V{Lo: 1}, 16), V{Hi: 1}},
		{"vsubuhm", SubModulo(h8(1, 0), h8(2, 1), 2), h8(0xffff, 0xffff)},
		{"vaddcuw", AddCarry(w4(0xffffffff, 1, 0x80000000, 0), w4(1, 1, 0x80000000, 0), 4), w4(1, 0, 1, 0)},
		{"vsubcuq a ≥ b", SubCarry(V{Lo: 5}, V{Lo: 5}, 16), V{Lo: 1}},
		{"vaddeuqm uses bit 127 of c", AddExtended(V{Lo: 1}, V{Lo: 1}, V{Lo: 3}), V{Lo: 3}},
		{"vaddshs saturates", sat(AddSaturate(h8(0x7fff, 0x8000), h8(1, 0xffff), 2, true)), h8(0x7fff, 0x8000)},
		{"vsububs clamps at 0", sat(SubSaturate(V{Hi: 0x0105 << 48}, V{Hi: 0x0203 << 48}, 1, false)), V{Hi: 0x0002 << 48}},
		{"vavgsb rounds up", Average(V{Hi: 0xff01 << 48}, V{Hi: 0x0002 << 48}, 1, true), V{Hi: 0x0002 << 48}},
		{"vabsduw", AbsDiff(w4(1, 5, 0, 0), w4(4, 2, 0, 0), 4), w4(3, 3, 0, 0)},
		{"vmaxsb vs vmaxub", Max(V{Hi: 0x80 << 56}, V{Hi: 0x01 << 56}, 1, true), V{Hi: 0x01 << 56}},
		{"vminud", Min(V{Hi: 1, Lo: ^uint64(0)}, V{Hi: 2, Lo: 0}, 8, false), V{Hi: 1, Lo: 0}},
		{"vmulesb", MulEven(V{Hi: 0xff00 << 48}, V{Hi: 0x0200 << 48}, 1, true), V{Hi: 0xfffe << 48}},
		{"vmuloub", MulOdd(V{Hi: 0x00ff << 48}, V{Hi: 0x00ff << 48}, 1, false), V{Hi: 0xfe01 << 48}},
		{"vmulhuw", MulHigh(w4(0x80000000, 0, 0, 0), w4(4, 0, 0, 0), 4, false), w4(2, 0, 0, 0)},
		{"vmuleud", MulEven(V{Hi: ^uint64(0)}, V{Hi: 2}, 8, false), V{Hi: 1, Lo: ^uint64(0) - 1}},
		{"vmsumubm", MsumUnsignedByteModulo(w4(0x01020304, 0, 0, 0), w4(0x01010101, 0, 0, 0), w4(10, 0, 0, 0)), w4(20, 0, 0, 0)},
		{"vmsumshs saturates", sat(MsumHalf(h8(0x8000, 0x8000), h8(0x8000, 0x8000), w4(0x7fffffff, 0, 0, 0), true, true)), w4(0x7fffffff, 0, 0, 0)},
		{"vsum4ubs", nosat(SumAcrossQuarter(w4(0x01020304, 0, 0, 0), w4(1, 0, 0, 0), 1, false)), w4(11, 0, 0, 0)},
		{"vsumsws saturates", sat(SumAcross(w4(0x7fffffff, 1, 0, 0), V{})), w4(0, 0, 0, 0x7fffffff)},
		{"vmhraddshs", nosat(MulHighAddSaturate(h8(0x4000), h8(0x4000), h8(1), true)), h8(0x2001)},
		{"vmul10uq", Mul10(V{Lo: 7}, 0, false), V{Lo: 70}},
		{"vmul10ecuq carry", Mul10(V{Hi: 1 << 63}, 0, true), V{Lo: 5}},
		{"vnegw", Negate(w4(1, 0, 0, 0), 4), w4(0xffffffff, 0, 0, 0)},
		{"vextsb2w", SignExtend(w4(0x80, 0x7f, 0, 0xffffff01), 1, 4), w4(0xffffff80, 0x7f, 0, 1)},
		{"vsel", Select(V{Hi: 0xf0}, V{Hi: 0x0f}, V{Hi: 0x0c}), V{Hi: 0xfc}},
		{"vmrghb", MergeHigh(seq, ones, 1), V{Hi: 0x00ff01ff02ff03ff, Lo: 0x04ff05ff06ff07ff}},
		{"vmrgow", MergeOddWord(seq, ones), w4(0x04050607, 0xffffffff, 0x0c0d0e0f, 0xffffffff)},
		{"vsplth 3", SplatElement(seq, 3, 2), h8(0x0607, 0x0607, 0x0607, 0x0607, 0x0607, 0x0607, 0x0607, 0x0607)},
		{"vspltisw -16", SplatImmediate(0x10, 4), w4(0xfffffff0, 0xfffffff0, 0xfffffff0, 0xfffffff0)},
		{"vpkuwum", PackModulo(w4(0x00010002, 0x00030004, 0, 0), seq, 4), h8(2, 4, 0, 0, 0x0203, 0x0607, 0x0a0b, 0x0e0f)},
		{"vpkswus clamps", sat(PackSaturate(w4(0xffffffff, 0x10000, 5, 0), V{}, 4, true, false)), h8(0, 0xffff, 5, 0)},
		{"vpkpx", PackPixel(w4(0x01f8f8f8, 0, 0, 0), V{}), h8(0xffff)},
		{"vupkhpx", UnpackPixel(h8(0xffff), false), w4(0xff1f1f1f, 0, 0, 0)},
		{"vupklsh", UnpackSigned(h8(0, 0, 0, 0, 0x8000, 1, 0, 0), 2, true), w4(0xffff8000, 1, 0, 0)},
		{"vsldoi 15", ShiftLeftDouble(seq, ones, 15), V{Hi: 0x0fffffffffffffff, Lo: ^uint64(0)}},
		{"vsl by 4", ShiftLeft(seq, V{Lo: 4}), V{Hi: 0x0010203040506070, Lo: 0x8090a0b0c0d0e0f0}},
		{"vslo by 8 bytes", ShiftLeftOctet(seq, V{Lo: 8 << 3}), V{Hi: seq.Lo}},
		{"vsraw", ShiftRightAlgebraicElem(w4(0x80000000, 0, 0, 0), w4(33, 0, 0, 0), 4), w4(0xc0000000, 0, 0, 0)},
		{"vrlh", RotateElem(h8(0x8001), h8(1), 2), h8(0x0003)},
		// vrlwnm: sh = 4, mb = 28, me = 31: the rotated low nibble only.
		{"vrlwnm", RotateMask(w4(0x12345678, 0, 0, 0), w4(28<<16|31<<8|4, 0, 0, 0), V{}, 4, false), w4(0x1, 0, 0, 0)},
		{"vsraq", ShiftRightAlgebraicQuad(V{Hi: 1 << 63}, V{Hi: 64}), V{Hi: ^uint64(0), Lo: 1 << 63}},
		{"vcmpgtsb", CompareGreater(V{Hi: 0x0180 << 48}, V{}, 1, true), V{Hi: 0xff00 << 48}},
		{"vcmpnezb", CompareNotEqualOrZero(V{Hi: 0x0101 << 48}, V{Hi: 0x0102 << 48}, 1), V{Hi: 0x00ff_ffff_ffff_ffff, Lo: ^uint64(0)}},
		{"vclzh", CountLeadingZeros(h8(1, 0), 2), h8(15, 16, 16, 16, 16, 16, 16, 16)},
		{"vctzd", CountTrailingZeros(V{Hi: 8}, 8), V{Hi: 3, Lo: 64}},
		{"vpopcntw", PopCount(w4(0xff, 0, 0, 0xffffffff), 4), w4(8, 0, 0, 32)},
		{"vprtybd", Parity(V{Hi: 0x0100000000000001}, 8), V{}},
		{"vbpermq", BitPermuteQuad(V{Hi: 1 << 63}, V{Hi: 0x0080ffffffffffff, Lo: ^uint64(0)}), V{Hi: 0x8000}},
		{"vgbbd", GatherBitsByBytes(V{Hi: 0x8000000000000000}), V{Hi: 0x8000000000000000}},
		{"vgbbd transposes", GatherBitsByBytes(V{Hi: 0x0100000000000000}), V{Hi: 0x0000000000000080}},
		{"vextractuh 3", ExtractElem(seq, 3, 2), V{Hi: 0x0304}},
		{"vinsertw 4", InsertElem(seq, V{Hi: 0xaabbccdd}, 4, 4), V{Hi: 0x00010203aabbccdd, Lo: seq.Lo}},
		{"vclrrb keeps 3", ClearRight(seq, 3), V{Hi: 0x0001020000000000}},
		{"vclrlb keeps 3", ClearLeft(seq, 3), V{Lo: 0x0d0e0f}},
		{"vexpandhm", ExpandMask(h8(0x8000, 1), 2), h8(0xffff, 0)},
		{"mtvsrwm", MaskFromBits(0b1010, 4), w4(0xffffffff, 0, 0xffffffff, 0)},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %016x_%016x, want %016x_%016x", tt.name, tt.got.Hi, tt.got.Lo, tt.want.Hi, tt.want.Lo)
		}
	}
}

func TestKernelsScalarResults(t *testing.T) {
	seq := V{Hi: 0x0001020304050607, Lo: 0x08090a0b0c0d0e0f}
	tests := []struct {
		name      string
		got, want uint64
	}{
		{"vextublx 5", ExtractLeft(seq, 5, 1), 5},
		{"vextuwrx 0", ExtractRight(seq, 0, 4), 0x0c0d0e0f},
		{"vextuhlx index taken mod 16", ExtractLeft(seq, 16+2, 2), 0x0203},
		{"vclzlsbb", CountLeadingZeroLSBBytes(seq), 1},
		{"vctzlsbb", CountTrailingZeroLSBBytes(seq), 0},
		{"vextractbm", ExtractMask(V{Hi: 0x8000000000000080}, 1), 0x8100},
		{"vcntmbh MP=1", CountMask(FromHalves([8]uint16{0x8000, 0x8000, 1}), 2, 1), 2 << 57},
		{"vgnb N=4", GatherEveryNth(V{Hi: 0x8888888888888888, Lo: 0x8888888888888888}, 4), 0xffffffff00000000},
		{"cntlzdm", CountLeadingZerosUnderMask(0x0f, 0xff), 4},
		{"pdepd", DepositDW(0b101, 0xf0), 0x50},
		{"pextd", ExtractDW(0x50, 0xf0), 0b101},
		{"cfuged", CentrifugeDW(0xf0, 0xf0), 0x0f},
		{"bpermd", BitPermuteDW(0x00ffffffffffffff, 1<<63), 0x80},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %#x, want %#x", tt.name, tt.got, tt.want)
		}
	}
	// vstrihr.: the halfwords from the right up to the first zero.
	r, found := StringIsolate(FromHalves([8]uint16{1, 2, 3, 4, 5, 0, 7, 8}), 2, true)
	if r != FromHalves([8]uint16{0, 0, 0, 0, 0, 0, 7, 8}) || !found {
		t.Errorf("vstrihr = %x %v", r, found)
	}
	// Divide: the undefined cases are reported, the defined ones exact.
	q, undef, special := Divide(FromWords([4]uint32{7, 0x80000000, 9, 1}), FromWords([4]uint32{2, 0xffffffff, 0, 2}), 4, true, false, false)
	if q.Word(0) != 3 || undef != 0b0110 || special != 0b0110 {
		t.Errorf("vdivsw = %08x undef %04b special %04b", Words(q), undef, special)
	}
	q, undef, _ = Divide(FromWords([4]uint32{1, 3, 0, 0}), FromWords([4]uint32{2, 2, 1, 1}), 4, false, true, false)
	if q.Word(0) != 0x80000000 || undef != 0b0010 {
		t.Errorf("vdiveuw = %08x undef %04b", Words(q), undef)
	}
	q, undef, _ = Divide(V{Lo: 100}, V{Lo: 7}, 16, false, false, true)
	if q != (V{Lo: 2}) || undef != 0 {
		t.Errorf("vmoduq = %x", q)
	}
}

// TestShiftElemLanes: the element shifts' lane loop gives, lane by lane,
// the ISA's definition written with map2 (the element shifted by the low
// log2(8w) bits of the same element of b), for random vectors and every
// element width.
func TestShiftElemLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 2))
	for range 20000 {
		a := V{Hi: rng.Uint64(), Lo: rng.Uint64()}
		b := V{Hi: rng.Uint64(), Lo: rng.Uint64()}
		for _, w := range []int{1, 2, 4, 8} {
			m := uint64(8*w - 1)
			for _, c := range []struct {
				name string
				got  V
				want V
			}{
				{"sl", ShiftLeftElem(a, b, w), map2(a, b, w, func(x, y uint64) uint64 { return x << (y & m) })},
				{"sr", ShiftRightElem(a, b, w), map2(a, b, w, func(x, y uint64) uint64 { return x >> (y & m) })},
				{"sra", ShiftRightAlgebraicElem(a, b, w), map2(a, b, w, func(x, y uint64) uint64 { return uint64(sext(x, w) >> (y & m)) })},
			} {
				if c.got != c.want {
					t.Fatalf("%s w=%d %v by %v: %v, want %v", c.name, w, a, b, c.got, c.want)
				}
			}
		}
	}
}
