package system

import (
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// TestAuthorityMasks: radix storage protection by the AMR and IAMR (Power
// ISA 3.1B Book III, storage protection for radix translation, and the
// Authority Mask Register: a radix PTE has no key, so key 0, AMR bits 0:1
// and IAMR bit 1, applies to privileged accesses to problem-state pages
// (EAA bit 0 = 0); AMR bit 0 forbids stores, bit 1 loads, IAMR bit 1
// fetches; the fault sets DSISR bit 42, or SRR1 bit 42 for an ISI. Linux's
// KUAP and KUEP set AMR to 0xc000_0000_0000_0000 and IAMR to
// 0x4000_0000_0000_0000 on radix, arch/powerpc/include/asm/book3s/64/
// kup.h). A move to AMR changes only the bits UAMOR allows in problem
// state, AMOR allows in privileged non-hypervisor state; to IAMR and UAMOR
// the bits AMOR allows outside hypervisor state.
func TestAuthorityMasks(t *testing.T) {
	const (
		blockRead  = 1 << 62
		blockWrite = 1 << 63
		key42      = 0x00200000
	)
	kernel := sf | hv | me | ri | ir | dr
	ld := func(t *testing.T) uint32 { return enc(t, ppc64asm.LD, 3, 0, 4) }
	std := func(t *testing.T) uint32 { return enc(t, ppc64asm.STD, 3, 0, 4) }
	set := func(amr, iamr, ea uint64) func(c *CPU) {
		return func(c *CPU) { c.SPR.AMR, c.SPR.IAMR, c.Regs.GPR[4] = amr, iamr, ea }
	}
	amr := func(want uint64) func(t *testing.T, c *CPU) {
		return func(t *testing.T, c *CPU) {
			if c.SPR.AMR != want {
				t.Errorf("AMR %#x, want %#x", c.SPR.AMR, want)
			}
		}
	}
	mtspr := func(spr int64) func(t *testing.T) uint32 {
		return func(t *testing.T) uint32 { return enc(t, ppc64asm.MTSPR, spr, 5) }
	}
	ones := func(f func(c *CPU)) func(c *CPU) {
		return func(c *CPU) { c.Regs.GPR[5] = 1<<64 - 1; f(c) }
	}
	cases := []irqCase{
		{name: "load, AMR bit 1", word: ld, msr: kernel, setup: set(blockRead, 0, 0x5000),
			want: VecDSI, nip: 0x300, save0: at, save1: kernel, msrTo: sf | hv | me, check: dsi(0x5000, key42)},
		{name: "store, AMR bit 0", word: std, msr: kernel, setup: set(blockWrite, 0, 0x5000),
			want: VecDSI, nip: 0x300, save0: at, save1: kernel, msrTo: sf | hv | me, check: dsi(0x5000, key42|DSISRStore)},
		{name: "load, AMR bit 0 only", word: ld, msr: kernel, setup: set(blockWrite, 0, 0x5000),
			nip: at + 4, msrTo: kernel},
		{name: "store, AMR bit 1 only", word: std, msr: kernel, setup: set(blockRead, 0, 0x5000),
			nip: at + 4, msrTo: kernel},
		{name: "privileged page: no key check", word: ld, msr: kernel, setup: set(blockRead|blockWrite, 0, 0x8000),
			nip: at + 4, msrTo: kernel},
		{name: "problem state: no key check", word: ld, msr: sf | hv | pr | me | ri | ir | dr,
			setup: func(c *CPU) {
				set(blockRead|blockWrite, 0, 0x5000)(c)
				setPTE(c.Bus.RAM(0, testRAM), at, pteValid|pteLeaf|at|pteRead|pteExec|pteR) // user code
			},
			nip: at + 4, msrTo: sf | hv | pr | me | ri | ir | dr},
		{name: "other keys do not apply", word: ld, msr: kernel, setup: set(1<<62-1, 0, 0x5000),
			nip: at + 4, msrTo: kernel},
		{name: "fetch, IAMR bit 1", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.B, 0x1000) }, msr: kernel,
			setup: set(0, 1<<62, 0), nip: 0x2000, msrTo: kernel,
			check: func(t *testing.T, c *CPU) {
				// The first fetch was from a privileged page.
				if v, err := c.Step(); v != VecISI || err != nil {
					t.Fatalf("fetch at 0x2000: %v %v, want ISI", v, err)
				}
				if c.SPR.SRR0 != 0x2000 || c.SPR.SRR1 != kernel|key42 {
					t.Errorf("SRR0 %#x SRR1 %#x, want 0x2000 %#x", c.SPR.SRR0, c.SPR.SRR1, kernel|key42)
				}
			}},
		{name: "mtspr AMR in problem state: UAMOR bits", word: mtspr(sprAMRU), msr: sf | pr | me,
			setup: ones(func(c *CPU) { c.SPR.UAMOR, c.SPR.AMOR = 3<<60, 1<<64-1 }), nip: at + 4, msrTo: sf | pr | me, check: amr(3 << 60)},
		{name: "mtspr AMR privileged: AMOR bits", word: mtspr(sprAMR), msr: sf | me,
			setup: ones(func(c *CPU) { c.SPR.UAMOR, c.SPR.AMOR = 3<<60, 3<<62 }), nip: at + 4, msrTo: sf | me, check: amr(3 << 62)},
		{name: "mtspr AMR hypervisor: all bits", word: mtspr(sprAMR), msr: sf | hv | me,
			setup: ones(func(c *CPU) {}), nip: at + 4, msrTo: sf | hv | me, check: amr(1<<64 - 1)},
		{name: "mtspr UAMOR privileged: AMOR bits", word: mtspr(sprUAMOR), msr: sf | me,
			setup: ones(func(c *CPU) { c.SPR.AMOR = 0xf0 }), nip: at + 4, msrTo: sf | me,
			check: func(t *testing.T, c *CPU) {
				if c.SPR.UAMOR != 0xf0 {
					t.Errorf("UAMOR %#x, want 0xf0", c.SPR.UAMOR)
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, ram := newTestCPU(t)
			mapRadix(c, ram, pteRead|pteRW|pteExec|pteR|pteC)
			// The test's code page is privileged (kernel text); 0x2000
			// and 0x5000 are problem-state pages.
			setPTE(ram, at, pteValid|pteLeaf|at|pteRead|pteExec|pteR|ptePriv)
			setPTE(ram, 0x8000, pteValid|pteLeaf|0x8000|pteRead|pteRW|pteR|pteC|ptePriv)
			tc.run(t, c, ram)
		})
	}
}
