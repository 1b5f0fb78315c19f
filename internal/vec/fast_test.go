package vec

import (
	"math/rand/v2"
	"testing"
)

// The kernels in permute.go, compare.go and vec.go work on the two
// doublewords with masks and shifts. These tests compare them with a slow,
// obviously-correct formulation on byte arrays (element i of width w is
// bytes w·i … w·i+w-1, most significant first, as the ISA numbers them)
// over edge and random operands.

func refElem(v V, w, i int) uint64 {
	b := Bytes(v)
	var x uint64
	for _, c := range b[w*i : w*i+w] {
		x = x<<8 | uint64(c)
	}
	return x
}

func refFrom(e []uint64, w int) V {
	var b [16]uint8
	for i, x := range e {
		for j := w - 1; j >= 0; j-- {
			b[w*i+j] = uint8(x)
			x >>= 8
		}
	}
	return FromBytes(b)
}

// refHalf returns the w-byte elements of the high or low half of v.
func refHalf(v V, w int, low bool) []uint64 {
	n := 16 / w
	from := 0
	if low {
		from = n / 2
	}
	var e []uint64
	for i := range n / 2 {
		e = append(e, refElem(v, w, from+i))
	}
	return e
}

func refMerge(a, b V, w int, low bool) V {
	x, y := refHalf(a, w, low), refHalf(b, w, low)
	var e []uint64
	for i := range x {
		e = append(e, x[i], y[i])
	}
	return refFrom(e, w)
}

func refPackModulo(a, b V, w int) V {
	var e []uint64
	for _, v := range []V{a, b} {
		for i := range 16 / w {
			e = append(e, refElem(v, w, i))
		}
	}
	return refFrom(e, w/2)
}

func refSplat(x uint64, w int) V {
	var e []uint64
	for range 16 / w {
		e = append(e, x)
	}
	return refFrom(e, w)
}

func refCompare(a, b V, w int, f func(x, y uint64) bool) V {
	var e []uint64
	for i := range 16 / w {
		m := uint64(0)
		if f(refElem(a, w, i), refElem(b, w, i)) {
			m = ^uint64(0)
		}
		e = append(e, m)
	}
	return refFrom(e, w)
}

// operands returns edge values and seeded random vectors, with some lanes
// forced to 0 or equal to the other operand's so compares see every case.
func operands() []V {
	vs := []V{{}, {Hi: ^uint64(0), Lo: ^uint64(0)}, bA, bB, bC,
		{Hi: 0x8000000000000000, Lo: 1}, {Hi: 0x0080008000800080, Lo: 0x8000800080008000}}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		v := V{Hi: r.Uint64(), Lo: r.Uint64()}
		z := r.Uint64() & r.Uint64() & r.Uint64() // zero about 1/8 of the bytes
		for i := range 8 {
			if z>>(8*i)&1 != 0 {
				v.Hi &^= 0xff << (8 * i)
			}
			if z>>(8*i+4)&1 != 0 {
				v.Lo &^= 0xff << (8 * i)
			}
		}
		vs = append(vs, v)
	}
	return vs
}

func pairs(t *testing.T, f func(a, b V)) {
	t.Helper()
	vs := operands()
	for i, a := range vs {
		f(a, a)
		f(a, vs[(i*7+3)%len(vs)])
		// b equal to a in about half the bytes.
		b := vs[(i*13+5)%len(vs)]
		f(a, V{Hi: a.Hi&0xff00ff00ff00ffff | b.Hi&^0xff00ff00ff00ffff, Lo: a.Lo&0x00ff00ff00ffff00 | b.Lo&^0x00ff00ff00ffff00})
	}
}

func TestMergeMatchesReference(t *testing.T) {
	pairs(t, func(a, b V) {
		for _, w := range []int{1, 2, 4} {
			if got, want := MergeHigh(a, b, w), refMerge(a, b, w, false); got != want {
				t.Errorf("MergeHigh(%x, %x, %d) = %x, want %x", a, b, w, got, want)
			}
			if got, want := MergeLow(a, b, w), refMerge(a, b, w, true); got != want {
				t.Errorf("MergeLow(%x, %x, %d) = %x, want %x", a, b, w, got, want)
			}
		}
	})
}

func TestPackModuloMatchesReference(t *testing.T) {
	pairs(t, func(a, b V) {
		for _, w := range []int{2, 4, 8} {
			if got, want := PackModulo(a, b, w), refPackModulo(a, b, w); got != want {
				t.Errorf("PackModulo(%x, %x, %d) = %x, want %x", a, b, w, got, want)
			}
		}
	})
}

func TestSplatMatchesReference(t *testing.T) {
	for _, v := range operands() {
		for _, w := range []int{1, 2, 4, 8} {
			mask := uint64(1)<<(8*w) - 1
			if w == 8 {
				mask = ^uint64(0)
			}
			if got, want := Splat(v.Hi, w), refSplat(v.Hi&mask, w); got != want {
				t.Errorf("Splat(%#x, %d) = %x, want %x", v.Hi, w, got, want)
			}
			for i := range 20 { // i beyond the element count wraps
				if got, want := SplatElement(v, i, w), refSplat(refElem(v, w, i%(16/w)), w); got != want {
					t.Errorf("SplatElement(%x, %d, %d) = %x, want %x", v, i, w, got, want)
				}
			}
		}
	}
}

func TestComparesMatchReference(t *testing.T) {
	pairs(t, func(a, b V) {
		for _, w := range []int{1, 2, 4, 8} {
			if got, want := CompareEqual(a, b, w), refCompare(a, b, w, func(x, y uint64) bool { return x == y }); got != want {
				t.Errorf("CompareEqual(%x, %x, %d) = %x, want %x", a, b, w, got, want)
			}
			if got, want := CompareGreater(a, b, w, false), refCompare(a, b, w, func(x, y uint64) bool { return x > y }); got != want {
				t.Errorf("CompareGreater(%x, %x, %d, unsigned) = %x, want %x", a, b, w, got, want)
			}
			sx := func(x uint64) int64 { return int64(x<<(64-8*w)) >> (64 - 8*w) }
			if got, want := CompareGreater(a, b, w, true), refCompare(a, b, w, func(x, y uint64) bool { return sx(x) > sx(y) }); got != want {
				t.Errorf("CompareGreater(%x, %x, %d, signed) = %x, want %x", a, b, w, got, want)
			}
			if w == 8 {
				continue
			}
			if got, want := CompareNotEqualOrZero(a, b, w), refCompare(a, b, w, func(x, y uint64) bool { return x != y || x == 0 || y == 0 }); got != want {
				t.Errorf("CompareNotEqualOrZero(%x, %x, %d) = %x, want %x", a, b, w, got, want)
			}
		}
	})
}

func TestElemsMatchReference(t *testing.T) {
	for _, v := range operands() {
		for _, w := range []int{1, 2, 4, 8} {
			e, n := elems(v, w)
			if n != 16/w {
				t.Fatalf("elems(_, %d) gave %d elements", w, n)
			}
			for i := range 16 {
				want := uint64(0)
				if i < n {
					want = refElem(v, w, i)
				}
				if e[i] != want {
					t.Errorf("elems(%x, %d)[%d] = %#x, want %#x", v, w, i, e[i], want)
				}
			}
			// fromElems truncates each element to w bytes.
			for i := range n {
				e[i] |= ^uint64(0) << (8 * w) & 0xa5a5a5a5a5a5a5a5
			}
			if got := fromElems(&e, w); got != v {
				t.Errorf("fromElems(elems(%x, %d)) = %x", v, w, got)
			}
		}
	}
}

func refMap(a, b V, w int, f func(x, y uint64) uint64) V {
	var e []uint64
	for i := range 16 / w {
		e = append(e, f(refElem(a, w, i), refElem(b, w, i)))
	}
	return refFrom(e, w)
}

func TestMinMaxAbsDiffMatchReference(t *testing.T) {
	pairs(t, func(a, b V) {
		for _, w := range []int{1, 2, 4, 8} {
			sx := func(x uint64) int64 { return int64(x<<(64-8*w)) >> (64 - 8*w) }
			for _, signed := range []bool{false, true} {
				less := func(x, y uint64) bool { return x < y }
				if signed {
					less = func(x, y uint64) bool { return sx(x) < sx(y) }
				}
				max := refMap(a, b, w, func(x, y uint64) uint64 {
					if less(x, y) {
						return y
					}
					return x
				})
				min := refMap(a, b, w, func(x, y uint64) uint64 {
					if less(y, x) {
						return y
					}
					return x
				})
				if got := Max(a, b, w, signed); got != max {
					t.Errorf("Max(%x, %x, %d, %v) = %x, want %x", a, b, w, signed, got, max)
				}
				if got := Min(a, b, w, signed); got != min {
					t.Errorf("Min(%x, %x, %d, %v) = %x, want %x", a, b, w, signed, got, min)
				}
			}
			if w == 8 {
				continue
			}
			abs := refMap(a, b, w, func(x, y uint64) uint64 {
				if x > y {
					return x - y
				}
				return y - x
			})
			if got := AbsDiff(a, b, w); got != abs {
				t.Errorf("AbsDiff(%x, %x, %d) = %x, want %x", a, b, w, got, abs)
			}
		}
	})
}

func TestShiftLeftDoubleMatchesReference(t *testing.T) {
	pairs(t, func(a, b V) {
		x, y := Bytes(a), Bytes(b)
		all := append(x[:], y[:]...)
		for sh := range 18 { // sh is taken modulo 16
			var r [16]uint8
			copy(r[:], all[sh%16:])
			if got, want := ShiftLeftDouble(a, b, sh), FromBytes(r); got != want {
				t.Errorf("ShiftLeftDouble(%x, %x, %d) = %x, want %x", a, b, sh, got, want)
			}
		}
	})
}

func refBit(a V, idx int) uint64 {
	b := Bytes(a)
	return uint64(b[idx/8] >> (7 - idx%8) & 1)
}

func TestBitKernelsMatchReference(t *testing.T) {
	pairs(t, func(a, b V) {
		// vbpermq: every index, in range or not, and indexes below 128.
		for _, c := range []V{b, {Hi: b.Hi & 0x7f7f7f7f7f7f7f7f, Lo: b.Lo & 0x7f7f7f7f7f7f7f7f}} {
			want := uint64(0)
			for i, idx := range Bytes(c) {
				if idx < 128 {
					want |= refBit(a, int(idx)) << (15 - i)
				}
			}
			if got := BitPermuteQuad(a, c); got != (V{Hi: want}) {
				t.Errorf("BitPermuteQuad(%x, %x) = %x, want %x", a, c, got, want)
			}
		}
		// vgbbd: bit j of byte i becomes bit i of byte j.
		var r [16]uint8
		for d := range 2 {
			for i := range 8 {
				for j := range 8 {
					r[8*d+j] |= uint8(refBit(a, 64*d+8*i+j) << (7 - i))
				}
			}
		}
		if got, want := GatherBitsByBytes(a), FromBytes(r); got != want {
			t.Errorf("GatherBitsByBytes(%x) = %x, want %x", a, got, want)
		}
		// vclzlsbb, vctzlsbb, with sparse low bits so all counts occur.
		c := V{Hi: a.Hi & b.Hi & b.Lo, Lo: a.Lo & b.Hi & b.Lo}
		x := Bytes(c)
		lz, tz := uint64(16), uint64(16)
		for i := range 16 {
			if x[i]&1 != 0 && lz == 16 {
				lz = uint64(i)
			}
			if x[15-i]&1 != 0 && tz == 16 {
				tz = uint64(i)
			}
		}
		if got := CountLeadingZeroLSBBytes(c); got != lz {
			t.Errorf("CountLeadingZeroLSBBytes(%x) = %d, want %d", c, got, lz)
		}
		if got := CountTrailingZeroLSBBytes(c); got != tz {
			t.Errorf("CountTrailingZeroLSBBytes(%x) = %d, want %d", c, got, tz)
		}
	})
}

func TestUnpackSignedMatchesReference(t *testing.T) {
	for _, b := range operands() {
		for _, w := range []int{1, 2, 4} {
			for _, low := range []bool{false, true} {
				e := refHalf(b, w, low)
				for i, x := range e {
					if x>>(8*w-1) != 0 {
						e[i] |= ^uint64(0) << (8 * w)
					}
				}
				if got, want := UnpackSigned(b, w, low), refFrom(e, 2*w); got != want {
					t.Errorf("UnpackSigned(%x, %d, %v) = %x, want %x", b, w, low, got, want)
				}
			}
		}
	}
}

func TestExpandMaskMatchesReference(t *testing.T) {
	for _, b := range operands() {
		for _, w := range []int{1, 2, 4, 8} {
			var e []uint64
			for i := range 16 / w {
				m := uint64(0)
				if refElem(b, w, i)>>(8*w-1) != 0 {
					m = ^uint64(0)
				}
				e = append(e, m)
			}
			if got, want := ExpandMask(b, w), refFrom(e, w); got != want {
				t.Errorf("ExpandMask(%x, %d) = %x, want %x", b, w, got, want)
			}
		}
	}
}

func TestSaturateMatchesReference(t *testing.T) {
	pairs(t, func(a, b V) {
		for _, w := range []int{1, 2, 4} {
			for _, signed := range []bool{false, true} {
				lo, hi := int64(0), int64(1)<<(8*w)-1
				val := func(x uint64) int64 { return int64(x) }
				if signed {
					lo, hi = -int64(1)<<(8*w-1), int64(1)<<(8*w-1)-1
					val = func(x uint64) int64 { return int64(x<<(64-8*w)) >> (64 - 8*w) }
				}
				for _, sub := range []bool{false, true} {
					sat := false
					want := refMap(a, b, w, func(x, y uint64) uint64 {
						v := val(x) + val(y)
						if sub {
							v = val(x) - val(y)
						}
						if v > hi || v < lo {
							sat = true
							v = min(max(v, lo), hi)
						}
						return uint64(v)
					})
					var got V
					var gotSat bool
					if sub {
						got, gotSat = SubSaturate(a, b, w, signed)
					} else {
						got, gotSat = AddSaturate(a, b, w, signed)
					}
					if got != want || gotSat != sat {
						t.Errorf("saturate(%x, %x, w=%d, signed=%v, sub=%v) = %x, %v, want %x, %v", a, b, w, signed, sub, got, gotSat, want, sat)
					}
				}
			}
		}
	})
}

func TestAverageMatchesReference(t *testing.T) {
	pairs(t, func(a, b V) {
		for _, w := range []int{1, 2, 4} {
			for _, signed := range []bool{false, true} {
				val := func(x uint64) int64 { return int64(x) }
				if signed {
					val = func(x uint64) int64 { return int64(x<<(64-8*w)) >> (64 - 8*w) }
				}
				want := refMap(a, b, w, func(x, y uint64) uint64 { return uint64((val(x) + val(y) + 1) >> 1) })
				if got := Average(a, b, w, signed); got != want {
					t.Errorf("Average(%x, %x, %d, %v) = %x, want %x", a, b, w, signed, got, want)
				}
			}
		}
	})
}
