package vec

import "testing"

// Facts from the Power ISA 3.1B definitions of xxbr*, xxblendv*, xxpermx,
// xxeval and xvtlsbb.
func TestVSXKernels(t *testing.T) {
	a := V{Hi: 0x0001020304050607, Lo: 0x08090a0b0c0d0e0f}
	b := V{Hi: 0x1011121314151617, Lo: 0x18191a1b1c1d1e1f}
	c := V{Hi: 0x00ff00ff80007fff, Lo: 0xffffffff00000000}
	tests := []struct {
		name string
		got  V
		want V
	}{
		{"xxbrh", ByteReverse(a, 2), V{Hi: 0x0100030205040706, Lo: 0x09080b0a0d0c0f0e}},
		{"xxbrw", ByteReverse(a, 4), V{Hi: 0x0302010007060504, Lo: 0x0b0a09080f0e0d0c}},
		{"xxbrd", ByteReverse(a, 8), V{Hi: 0x0706050403020100, Lo: 0x0f0e0d0c0b0a0908}},
		{"xxbrq", ByteReverse(a, 16), V{Hi: 0x0f0e0d0c0b0a0908, Lo: 0x0706050403020100}},
		// Sign bits of c: bytes 00 ff 00 ff 80 00 7f ff | ff ff ff ff 00 00 00 00.
		{"xxblendvb", Blend(a, b, c, 1), V{Hi: 0x0011021314050617, Lo: 0x18191a1b0c0d0e0f}},
		// Halfwords 00ff 00ff 8000 7fff | ffff ffff 0000 0000.
		{"xxblendvh", Blend(a, b, c, 2), V{Hi: 0x0001020314150607, Lo: 0x18191a1b0c0d0e0f}},
		// Words 00ff00ff 80007fff | ffffffff 00000000.
		{"xxblendvw", Blend(a, b, c, 4), V{Hi: 0x0001020314151617, Lo: 0x18191a1b0c0d0e0f}},
		{"xxblendvd", Blend(a, b, c, 8), V{Hi: 0x0001020304050607, Lo: 0x18191a1b1c1d1e1f}},
		// xxeval: IMM 0x0f is A, 0x33 is B, 0x55 is C, 0x01 is A&B&C, 0x00 zero, 0xff ones.
		{"xxeval A", Eval(a, b, c, 0x0f), a},
		{"xxeval B", Eval(a, b, c, 0x33), b},
		{"xxeval C", Eval(a, b, c, 0x55), c},
		{"xxeval and3", Eval(a, b, c, 0x01), V{Hi: a.Hi & b.Hi & c.Hi, Lo: a.Lo & b.Lo & c.Lo}},
		{"xxeval xor(A,B)", Eval(a, b, c, 0x3c), Xor(a, b)},
		{"xxeval 0", Eval(a, b, c, 0), V{}},
		{"xxeval 1s", Eval(a, b, c, 0xff), V{Hi: ^uint64(0), Lo: ^uint64(0)}},
		// xxpermx: index bytes 0x00..0x1f with bits 0:2 = 0 select; 0x3f (bits 0:2 = 1) gives 0 for UIM 0.
		{"xxpermx", PermuteExtended(a, b, V{Hi: 0x001f3f0102030405, Lo: 0x1011121314151617}, 0), V{Hi: 0x001f000102030405, Lo: 0x1011121314151617}},
		{"xxpermx uim1", PermuteExtended(a, b, V{Hi: 0x3f20000000000000}, 1), V{Hi: 0x1f00000000000000}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %016x%016x, want %016x%016x", tt.name, tt.got.Hi, tt.got.Lo, tt.want.Hi, tt.want.Lo)
		}
	}
	for _, tt := range []struct {
		v         V
		all, none bool
	}{
		{V{Hi: 0x0101010101010101, Lo: 0xffffffffffffffff}, true, false},
		{V{Hi: 0xfefefefefefefefe, Lo: 0}, false, true},
		{V{Hi: 0x0101010101010101, Lo: 0x0101010101010100}, false, false},
	} {
		if all, none := TestLSBByBytes(tt.v); all != tt.all || none != tt.none {
			t.Errorf("xvtlsbb %016x%016x = %v %v, want %v %v", tt.v.Hi, tt.v.Lo, all, none, tt.all, tt.none)
		}
	}
}

// TestGeneratePCV: xxgenpcv*m with no element selected (expansion: every
// byte i takes 16+i of the chosen order; compression: zeros) and with
// every element selected (the identity permutation of the chosen order).
func TestGeneratePCV(t *testing.T) {
	none, all := V{}, V{Hi: ^uint64(0), Lo: ^uint64(0)}
	for _, w := range []int{1, 2, 4, 8} {
		for imm := range 4 {
			var wantNone, wantAll [16]uint8
			for i := range 16 {
				j := i
				if imm&2 != 0 {
					j = 15 - i // little-endian: byte i is ISA byte 15−i
				}
				if imm&1 == 0 {
					wantNone[j] = uint8(16 + i)
				}
				wantAll[j] = uint8(i)
			}
			if got := GeneratePCV(none, w, imm); got != FromBytes(wantNone) {
				t.Errorf("w %d imm %d, no element: %#x, want %#x", w, imm, got, FromBytes(wantNone))
			}
			if got := GeneratePCV(all, w, imm); got != FromBytes(wantAll) {
				t.Errorf("w %d imm %d, every element: %#x, want %#x", w, imm, got, FromBytes(wantAll))
			}
		}
	}
}
