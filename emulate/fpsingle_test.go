package emulate

import "testing"

// TestFPSingleOperandEnabled: fadds with OE=1 or UE=1 and an input that is
// not representable in single format (1 + 2^-52). The Power ISA leaves the
// result and the FPSCR status bits undefined (Book I 4.3.5.1), so the
// hardware profile refuses (row fp-single-operand-enabled); the QEMU
// profile computes what QEMU 7.2 gives (harness, mkgolden -in with these
// vectors: 2.0, FPSCR 0x82024040 / 0x82024020). Single inputs with OE=1
// step under both profiles (2.0 exactly, FPRF +normal, as the ISA gives).
func TestFPSingleOperandEnabled(t *testing.T) {
	const one, oneUlp = 0x3ff0000000000000, 0x3ff0000000000001
	runFPCases(t, []fpCase{
		{name: "hw-oe", prof: Hardware, word: wFadds, f2: one, f3: oneUlp, fpscr: 0x40, wantErr: ErrNotEmulated},
		{name: "hw-ue", prof: Hardware, word: wFadds, f2: oneUlp, f3: one, fpscr: 0x20, wantErr: ErrNotEmulated},
		{name: "qemu-oe", prof: QEMU, word: wFadds, f2: one, f3: oneUlp, fpscr: 0x40, f1: 0x4000000000000000, wFPSCR: 0x82024040},
		{name: "qemu-ue", prof: QEMU, word: wFadds, f2: one, f3: oneUlp, fpscr: 0x20, f1: 0x4000000000000000, wFPSCR: 0x82024020},
		{name: "hw-single-oe", prof: Hardware, word: wFadds, f2: one, f3: one, fpscr: 0x40, f1: 0x4000000000000000, wFPSCR: 0x4040},
		{name: "qemu-single-oe", prof: QEMU, word: wFadds, f2: one, f3: one, fpscr: 0x40, f1: 0x4000000000000000, wFPSCR: 0x4040},
		// OE=UE=0: defined, computed by both (1 + 1 + 2^-52 rounds to 2.0: XX FI FX).
		{name: "hw-disabled", prof: Hardware, word: wFadds, f2: one, f3: oneUlp, f1: 0x4000000000000000, wFPSCR: 0x82024000},
	})
}

// TestFPInSingle: which doubles are single-format values.
func TestFPInSingle(t *testing.T) {
	for _, c := range []struct {
		x    uint64
		want bool
	}{
		{0, true}, {1 << 63, true}, {0x3ff0000000000000, true},
		{0x3ff0000000000001, false},                            // 53-bit significand
		{0x3ff0000020000000, true},                             // last single fraction bit
		{0x47efffffe0000000, true},                             // max single
		{0x47f0000000000000, false},                            // 2^128
		{0x36a0000000000000, true},                             // 2^-149, smallest single denormal
		{0x3690000000000000, false},                            // 2^-150
		{0x36a8000000000000, false},                            // 1.5 × 2^-149: too many bits for a denormal
		{0x0000000000000001, false},                            // a double denormal
		{0x7ff0000000000000, true}, {0x7ff8000000000001, true}, // ∞, a NaN (counted, as trace does)
	} {
		if got := fpInSingle(c.x); got != c.want {
			t.Errorf("fpInSingle(%#x) = %v, want %v", c.x, got, c.want)
		}
	}
}
