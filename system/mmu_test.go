package system

import (
	"encoding/binary"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// Radix MMU tests. The table layouts and fault bits are Power ISA 3.1B
// Book III 6.7 (partition table entry: PRTB in doubleword 1; process
// table entry: RTS, RPDB, RPDS; PDE: V, NLB, NLS; PTE: V, L, RPN, R, C,
// EAA) and 7.5.3/7.5.5 (DSI: DSISR bit 33 no translation, 36 protection,
// 38 store; DAR the EA; ISI: SRR1 bit 33, 35 no-execute). R/C faults
// (DSISR/SRR1 bit 45) are Microwatt's choice, as its tests/mmu expects.

const (
	partTable = 0x10000
	procTable = 0x11000
	pgd       = 0x12000 // 1024 entries: EA bits 21:30 of a 2 GiB tree
	pte0      = 0x14000 // 512 entries: EA bits 12:20
)

// mapRadix sets up the tables of a 2 GiB process-scoped tree for PID 0
// (RTS = 0, RPDS = 10, second level NLS = 9) and maps each 4 KiB page of
// the first 2 MiB of EA 1:1 with perm (EAA, R, C bits).
func mapRadix(c *CPU, ram []byte, perm uint64) {
	be := binary.BigEndian
	be.PutUint64(ram[partTable+8:], procTable) // PRTB, PRTS = 0 (4 KiB)
	be.PutUint64(ram[procTable:], pgd|10)      // RTS 0, RPDB, RPDS = 10
	be.PutUint64(ram[pgd:], pteValid|pte0|9)   // PDE: NLB, NLS = 9
	for i := uint64(0); i < 512; i++ {
		be.PutUint64(ram[pte0+8*i:], pteValid|pteLeaf|i<<12|perm)
	}
	c.SPR.PTCR = partTable
	c.tlb.flush()
}

// setPTE rewrites the PTE of the page at ea (below 2 MiB).
func setPTE(ram []byte, ea, pte uint64) {
	binary.BigEndian.PutUint64(ram[pte0+8*(ea>>12):], pte)
}

func TestRadix(t *testing.T) {
	const all = pteRead | pteRW | pteExec | pteR | pteC
	kernel := sf | hv | me | ri | ir | dr
	cases := []irqCase{
		{
			name: "mapped load", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.LD, 3, 0, 4) }, msr: kernel,
			setup: func(c *CPU) { c.Regs.GPR[4] = 0x5000 },
			want:  0, nip: at + 4, msrTo: kernel,
			check: func(t *testing.T, c *CPU) {
				if c.Regs.GPR[3] != 0x1122334455667788 {
					t.Errorf("r3 %#x", c.Regs.GPR[3])
				}
			},
		},
		{
			name: "not mapped", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.LD, 3, 0, 4) }, msr: kernel,
			setup: func(c *CPU) { c.Regs.GPR[4] = 0x6008 },
			want:  VecDSI, nip: 0x300, save0: at, save1: kernel, msrTo: sf | hv | me,
			check: dsi(0x6008, 0x40000000),
		},
		{
			name: "store to read-only", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.STD, 3, 0, 4) }, msr: kernel,
			setup: func(c *CPU) { c.Regs.GPR[4] = 0x7000 },
			want:  VecDSI, nip: 0x300, save0: at, save1: kernel, msrTo: sf | hv | me,
			check: dsi(0x7000, 0x0a000000),
		},
		{
			name: "problem state, privileged page", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.LD, 3, 0, 4) },
			msr:   sf | pr | me | ri | ir | dr,
			setup: func(c *CPU) { c.Regs.GPR[4] = 0x8000 },
			want:  VecDSI, nip: 0x300, save0: at, save1: sf | pr | me | ri | ir | dr, msrTo: sf | me,
			check: dsi(0x8000, 0x08000000),
		},
		{
			name: "R/C fault (Microwatt)", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.LD, 3, 0, 4) }, msr: kernel,
			setup: func(c *CPU) { c.Regs.GPR[4] = 0x9000; c.RCFault = true },
			want:  VecDSI, nip: 0x300, save0: at, save1: kernel, msrTo: sf | hv | me,
			check: dsi(0x9000, 0x00040000),
		},
		{
			name: "R/C set by the MMU", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.STD, 3, 0, 4) }, msr: kernel,
			setup: func(c *CPU) { c.Regs.GPR[4] = 0x9000 },
			want:  0, nip: at + 4, msrTo: kernel,
			check: func(t *testing.T, c *CPU) {
				var b [8]byte
				_ = c.Bus.Read(pte0+8*9, b[:])
				if pte := binary.BigEndian.Uint64(b[:]); pte&(pteR|pteC) != pteR|pteC {
					t.Errorf("PTE %#x: R and C not set", pte)
				}
			},
		},
		{
			name: "outside the tree: segment", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.LD, 3, 0, 4) }, msr: kernel,
			setup: func(c *CPU) { c.Regs.GPR[4] = 1 << 40 },
			want:  VecDSegI, nip: 0x380, save0: at, save1: kernel, msrTo: sf | hv | me,
			check: func(t *testing.T, c *CPU) {
				if c.SPR.DAR != 1<<40 {
					t.Errorf("DAR %#x", c.SPR.DAR)
				}
			},
		},
		{
			// 7.5.5 ISI: branch into a page without execute
			// permission; SRR0 the target, SRR1 bit 35.
			name: "no-execute", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.B, 0x1000) }, msr: kernel,
			want: 0, nip: 0x2000, msrTo: kernel,
			check: func(t *testing.T, c *CPU) {
				if v, err := c.Step(); v != VecISI || err != nil {
					t.Fatalf("fetch at 0x2000: %v %v, want ISI", v, err)
				}
				if c.SPR.SRR0 != 0x2000 || c.SPR.SRR1 != kernel|0x10000000 {
					t.Errorf("SRR0 %#x SRR1 %#x", c.SPR.SRR0, c.SPR.SRR1)
				}
			},
		},
		{
			// 7.4: LPCR[AIL] = 3 with IR = DR = 1 taken into
			// non-hypervisor state: vector + 0xc000_0000_0000_4000, IR
			// and DR set.
			name: "AIL 3", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.SC, 0) }, msr: sf | me | ri | ir | dr,
			setup: func(c *CPU) { c.SPR.LPCR = 3 << 23 },
			want:  VecSystemCall, nip: 0xc000_0000_0000_4c00, save0: at + 4, save1: sf | me | ri | ir | dr, msrTo: sf | me | ir | dr,
		},
		{
			// 7.4: LPCR[HAIL] = 1 from hypervisor state.
			name: "HAIL", word: func(t *testing.T) uint32 { return enc(t, ppc64asm.SC, 0) }, msr: kernel,
			setup: func(c *CPU) { c.SPR.LPCR = LPCRHAIL },
			want:  VecSystemCall, nip: 0xc000_0000_0000_4c00, save0: at + 4, save1: kernel, msrTo: sf | hv | me | ir | dr,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, ram := newTestCPU(t)
			mapRadix(c, ram, all)
			setPTE(ram, 0x2000, pteValid|pteLeaf|0x2000|pteRead|pteR)
			setPTE(ram, 0x6000, 0)
			setPTE(ram, 0x7000, pteValid|pteLeaf|0x7000|pteRead|pteR|pteC)
			setPTE(ram, 0x8000, pteValid|pteLeaf|0x8000|pteRead|pteR|ptePriv)
			setPTE(ram, 0x9000, pteValid|pteLeaf|0x9000|pteRead|pteRW)
			binary.BigEndian.PutUint64(ram[0x5000:], 0x1122334455667788) // the cases run big-endian
			tc.run(t, c, ram)
		})
	}
}

// dsi checks DAR and DSISR after a DSI.
func dsi(dar, dsisr uint64) func(t *testing.T, c *CPU) {
	return func(t *testing.T, c *CPU) {
		t.Helper()
		if c.SPR.DAR != dar || c.SPR.DSISR != dsisr {
			t.Errorf("DAR %#x DSISR %#x, want %#x %#x", c.SPR.DAR, c.SPR.DSISR, dar, dsisr)
		}
	}
}
