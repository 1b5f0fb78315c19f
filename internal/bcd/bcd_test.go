package bcd

import "testing"

// Cases from the Power ISA's definitions (Book I 6.17): signed BCD is 31
// digits and a sign code in the last nibble; the preferred codes are C
// (PS = 0) or F (PS = 1) for plus and D for minus.
func TestBCD(t *testing.T) {
	cases := []struct {
		name string
		got  Result
		want Result
	}{
		{"123+877", Add(V{0, 0x123c}, V{0, 0x877c}, 0, false), Result{V: V{0, 0x1000c}, CR: GT}},
		{"123-877 PS=1", Add(V{0, 0x123f}, V{0, 0x877c}, 1, true), Result{V: V{0, 0x754d}, CR: LT}},
		{"5+-5", Add(V{0, 0x5c}, V{0, 0x5d}, 1, false), Result{V: V{0, 0xf}, CR: EQ}},
		{"overflow", Add(V{0x9999999999999999, 0x999999999999999c}, V{0, 0x1c}, 0, false), Result{V: V{0, 0xc}, CR: GT | SO}},
		{"invalid sign", Add(V{0, 0x12}, V{0, 0x1c}, 0, false), Result{V: Invalid, CR: SO, Status: Undefined}},
		{"cfsq -42", FromInt128(V{^uint64(0), ^uint64(41)}, 0), Result{V: V{0, 0x42d}, CR: LT}},
		{"ctsq 1e16", ToInt128(V{0x1, 0x000000000000000c}), Result{V: V{0, 1e15}, CR: GT}},
		{"cfn -12", FromNational(V{0x0030003000300030, 0x003000310032002d}, 0), Result{V: V{0, 0x12d}, CR: LT}},
		{"ctn +345", ToNational(V{0, 0x345c}), Result{V: V{0x0030003000300030, 0x003300340035002b}, CR: GT}},
		{"cfz PS=1 -9", FromZoned(V{0xf0f0f0f0f0f0f0f0, 0xf0f0f0f0f0f0f0d9}, 1), Result{V: V{0, 0x9d}, CR: LT}},
		{"ctz PS=0 +7", ToZoned(V{0, 0x7c}, 0), Result{V: V{0x3030303030303030, 0x3030303030303037}, CR: GT}},
		{"cpsgn", CopySign(V{0, 0x12c}, V{0, 0x0d}), Result{V: V{0, 0x12d}, CR: LT}},
		{"setsgn PS=1", SetSign(V{0, 0x12a}, 1), Result{V: V{0, 0x12f}, CR: GT}},
		{"shift left 2", Shift(V{2, 0}, V{0, 0x12c}, 0), Result{V: V{0, 0x1200c}, CR: GT}},
		{"shift right 1", Shift(V{0xff, 0}, V{0, 0x129d}, 0), Result{V: V{0, 0x12d}, CR: LT}},
		{"shift-round right 1", ShiftRound(V{0xff, 0}, V{0, 0x125c}, 0), Result{V: V{0, 0x13c}, CR: GT}},
		{"unsigned shift", ShiftUnsigned(V{1, 0}, V{0, 0x42}), Result{V: V{0, 0x420}, CR: GT}},
		{"trunc to 2", Truncate(V{2, 0}, V{0, 0x12345c}, 0), Result{V: V{0, 0x45c}, CR: GT | SO}},
		{"utrunc to 3", TruncateUnsigned(V{3, 0}, V{0, 0x1234}), Result{V: V{0, 0x234}, CR: GT | SO}},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, c.got, c.want)
		}
	}
}
