package emulate_test

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestREADMEUsageAllocs runs the README's usage example as written (a
// paged memory, StepWord of add r3,r4,r5) and requires its documented
// result and no allocation per step on that path. The values are the
// ISA's: add of 5 and 7, the next instruction 4 bytes on.
func TestREADMEUsageAllocs(t *testing.T) {
	m := mem.New() // paged memory; map what the code may touch
	_ = m.Map(0x10000000, 0x10000, mem.RWX)

	var r regs.Regs
	r.MSR = regs.MSRLinuxUserLE // a Linux process: 64-bit, problem state, FP/VMX/VSX on, little-endian
	r.NIP = 0x10000000
	r.GPR[4], r.GPR[5] = 5, 7

	e := emulate.New(emulate.Config{})      // POWER10, hardware profile
	err := e.StepWord(&r, m, 0x7c642a14, 0) // add r3,r4,r5
	if err != nil || r.GPR[3] != 12 || r.NIP != 0x10000004 {
		t.Fatalf("README example: err %v, r3 %d, nip %#x; want nil, 12, 0x10000004", err, r.GPR[3], r.NIP)
	}
	allocs := testing.AllocsPerRun(1000, func() {
		r.NIP = 0x10000000
		if err := e.StepWord(&r, m, 0x7c642a14, 0); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("README example path: %v allocations per StepWord, want 0", allocs)
	}
	// The same through Fetch, with the word in the mapped page.
	_ = m.Poke(0x10000000, []byte{0x14, 0x2a, 0x64, 0x7c})
	allocs = testing.AllocsPerRun(1000, func() {
		r.NIP = 0x10000000
		if err := e.Fetch(&r, m); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("README example path through Fetch: %v allocations per step, want 0", allocs)
	}
}
