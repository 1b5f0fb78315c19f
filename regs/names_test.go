package regs

import "testing"

// TestScalarRegs checks the register-name table: unique names, widths,
// and that every register round-trips through Set and Get (truncated to
// its width), each touching only its own field.
func TestScalarRegs(t *testing.T) {
	seen := map[string]bool{}
	for s := ScalarReg(0); s < NumScalarRegs; s++ {
		n := s.Name()
		if n == "" || seen[n] {
			t.Errorf("ScalarReg %d: name %q empty or repeated", s, n)
		}
		seen[n] = true
		var r Regs
		s.Set(&r, 0x1122334455667788)
		want := uint64(0x1122334455667788)
		if s.Bits() == 32 {
			want = 0x55667788
		}
		if got := s.Get(&r); got != want {
			t.Errorf("%s: Get after Set = %#x, want %#x", n, got, want)
		}
		for o := ScalarReg(0); o < NumScalarRegs; o++ {
			if o != s && o.Get(&r) != 0 {
				t.Errorf("setting %s changed %s", n, o.Name())
			}
		}
	}
	// pt_regs order: PT_NIP..PT_RESULT are ScalarReg 0..11.
	for i, s := range []ScalarReg{RegNIP, RegMSR, RegOrigGPR3, RegCTR, RegLR, RegXER, RegCR, RegSOFTE, RegTRAP, RegDAR, RegDSISR, RegRESULT} {
		if int(s) != i || PT_NIP+i > PT_RESULT {
			t.Errorf("%s is not pt_regs slot %d", s.Name(), PT_NIP+i)
		}
	}
	if NumScalarRegs.Name() != "" {
		t.Error("out-of-range register has a name")
	}
}
