package trace

import "testing"

// TestDiffStateNamesOtherRegisters: a difference in a register the format
// has no key for (DSCR here) is reported by name, not as a struct dump.
func TestDiffStateNamesOtherRegisters(t *testing.T) {
	var exp, got Machine
	got.Regs.DSCR = 0x10
	out := diffState(&exp, &got)
	if len(out) != 1 || out[0] != "register file (want → got): dscr: 0x0 → 0x10" {
		t.Errorf("diffState = %q", out)
	}
}
