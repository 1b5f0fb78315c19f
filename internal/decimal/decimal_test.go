package decimal

import "testing"

// TestDPDTables checks the declet tables against facts of IEEE 754-2008
// Table 3.3: every value encodes canonically and decodes back, the 24
// non-canonical declets (bits 7:8 = 11 with bits 3:4 = 11 and bits 0:1 ≠
// 00) decode like their canonical forms, and a few fixed pairs.
func TestDPDTables(t *testing.T) {
	for v := 0; v < 1000; v++ {
		if got := dpdDecode[dpdEncode[v]]; int(got) != v {
			t.Fatalf("decode(encode(%d)) = %d", v, got)
		}
	}
	pairs := []struct {
		v   int
		dpd uint16
	}{
		{0, 0x000}, {9, 0x009}, {10, 0x010}, {99, 0x05f}, {100, 0x080}, {999, 0x0ff},
		{888, 0x06e}, {789, 0x3cf}, {8, 0x008}, {80, 0x00a}, {800, 0x00c},
	}
	for _, p := range pairs {
		if dpdEncode[p.v] != p.dpd {
			t.Errorf("encode(%d) = %#03x, want %#03x", p.v, dpdEncode[p.v], p.dpd)
		}
	}
	nonCanon := 0
	for b := 0; b < 1024; b++ {
		if dpdEncode[dpdDecode[b]] != uint16(b) {
			nonCanon++
			if b&0x6e != 0x6e || b&0x300 == 0 {
				t.Errorf("declet %#03x is not canonical but not of the form x11x11x", b)
			}
			if v := dpdDecode[b]; v/100 < 8 || v/10%10 < 8 || v%10 < 8 {
				t.Errorf("non-canonical declet %#03x decodes to %d, not three digits 8/9", b, v)
			}
		}
	}
	if nonCanon != 24 {
		t.Errorf("%d non-canonical declets, want 24", nonCanon)
	}
}

// TestFormats checks encodings given in the Power ISA and IEEE 754-2008.
func TestFormats(t *testing.T) {
	cases := []struct {
		f    *Format
		b    Bits
		want Number
	}{
		{Long, Bits{Lo: 0x2238000000000000}, Number{Exp: 0}},                                     // +0E0
		{Long, Bits{Lo: 0x2238000000000001}, Number{Exp: 0, Coef: U128{Lo: 1}}},                  // 1
		{Long, Bits{Lo: 0xa2300000000003d0}, Number{Neg: true, Exp: -2, Coef: U128{Lo: 750}}},    // −7.50
		{Long, Bits{Lo: 0x77fcff3fcff3fcff}, Number{Exp: 369, Coef: U128{Lo: 9999999999999999}}}, // largest
		{Long, Bits{Lo: 0x0000000000000001}, Number{Exp: -398, Coef: U128{Lo: 1}}},               // smallest subnormal
		{Long, Bits{Lo: 0x7800000000000000}, Number{Class: Infinity}},
		{Long, Bits{Lo: 0xfc00000000000000}, Number{Neg: true, Class: QNaN}},
		{Long, Bits{Lo: 0x7e00000000000001}, Number{Class: SNaN, Coef: U128{Lo: 1}}},
		{Extended, Bits{Hi: 0x2208000000000000, Lo: 1}, Number{Exp: 0, Coef: U128{Lo: 1}}},
		{Short, Bits{Lo: 0x22500001}, Number{Exp: 0, Coef: U128{Lo: 1}}},
	}
	for _, c := range cases {
		got := c.f.Unpack(c.b)
		if got != c.want {
			t.Errorf("%s Unpack(%#x:%#x) = %+v, want %+v", c.f.Name, c.b.Hi, c.b.Lo, got, c.want)
		}
		if back := c.f.Pack(got); back != c.b {
			t.Errorf("%s Pack(%+v) = %#x:%#x, want %#x:%#x", c.f.Name, got, back.Hi, back.Lo, c.b.Hi, c.b.Lo)
		}
	}
}

// TestAllocs: the kernels allocate nothing.
func TestAllocs(t *testing.T) {
	a := Bits{Hi: 0x2208000000000000, Lo: 0x123456789}
	b := Bits{Hi: 0x2207c00000000000, Lo: 0x3}
	n := testing.AllocsPerRun(100, func() {
		Extended.Div(Context{}, a, b)
		Extended.Mul(Context{}, a, b)
		Long.Add(Context{}, Bits{Lo: 0x2238000000000011}, Bits{Lo: 0x2234000000000011}, false)
	})
	if n != 0 {
		t.Errorf("%v allocations per run", n)
	}
}

func BenchmarkDivExtended(b *testing.B) {
	x := Bits{Hi: 0x2208000000000000, Lo: 0x123456789}
	y := Bits{Hi: 0x2207c00000000000, Lo: 0x3}
	for b.Loop() {
		Extended.Div(Context{}, x, y)
	}
}

func BenchmarkAddLong(b *testing.B) {
	for b.Loop() {
		Long.Add(Context{}, Bits{Lo: 0x2238000000000011}, Bits{Lo: 0x2234000000000011}, false)
	}
}
