package system

import (
	"crypto/sha256"
	"encoding/binary"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// TestRunDecrementer runs a load/store loop with the decrementers armed
// through Run's fast path and through Step, and checks that the
// interrupt comes at the step the ISA gives (the decrementer exception
// once DEC's bit 0 is 1, taken before the next instruction: Power ISA
// 3.1B Book III 9.3 and 7.5.11; one tick per step, the CPU's default) and
// that both paths leave the same registers, SPRs, step count and memory.
func TestRunDecrementer(t *testing.T) {
	tests := []struct {
		name     string
		msr      uint64
		lpcr     uint64
		dec      uint64
		hdec     uint64
		tb       TimeBase
		steps    uint64
		wantAt   uint64 // the step whose Step takes the interrupt; 0: not checked
		wantVec  Vector
		wantSRR0 uint64
	}{
		// DEC = 100: after 101 instructions DEC = -1, so the 102nd step
		// takes the interrupt before instruction 102 (101 mod 6 = 5: the
		// loop's b).
		{name: "dec-real", msr: sf | hv | me | ee, dec: 100, hdec: 1 << 40, steps: 400, wantAt: 102, wantVec: VecDecrementer, wantSRR0: at + 20},
		{name: "dec-radix", msr: sf | hv | me | ee | ir | dr, dec: 100, hdec: 1 << 40, steps: 400, wantAt: 102, wantVec: VecDecrementer, wantSRR0: at + 20},
		// The 32-bit decrementer: only the low word counts.
		{name: "dec-32", msr: sf | hv | me | ee, dec: 0xffffffff_00000010, hdec: 1 << 40, steps: 400, wantAt: 18, wantVec: VecDecrementer, wantSRR0: at + 4*(17%6)},
		// LPCR[LD]: the 64-bit one.
		{name: "dec-large-100", msr: sf | hv | me | ee, lpcr: LPCRLD, dec: 100, hdec: 1 << 40, steps: 400, wantAt: 102, wantVec: VecDecrementer, wantSRR0: at + 20},
		{name: "dec-large", msr: sf | hv | me | ee, lpcr: LPCRLD, dec: 0x1_0000_0000, hdec: 1 << 40, steps: 1 << 20},
		// HDEC = 50 with LPCR[HDICE] in hypervisor state with EE: the
		// 52nd step takes the hypervisor decrementer interrupt.
		{name: "hdec", msr: sf | hv | me | ee, lpcr: LPCRHDICE, dec: 1 << 30, hdec: 50, steps: 400, wantAt: 52, wantVec: VecHDecrementer, wantSRR0: at + 4*(51%6)},
		// Freq/IPS not a whole number of ticks per step: 1.7 ticks.
		{name: "dec-fraction", msr: sf | hv | me | ee, dec: 1000, hdec: 1 << 40, tb: TimeBase{Freq: 17, IPS: 10}, steps: 5000},
		// EE = 0: the decrementer goes negative and nothing is taken.
		{name: "dec-disabled", msr: sf | hv | me, dec: 100, hdec: 1 << 40, steps: 1000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			type state struct {
				Steps  uint64
				NIP    uint64
				GPR    [32]uint64
				MSR    uint64
				SPR    SPRs
				Taken  Vector
				Memory [32]byte
			}
			// Step by step; Run's fast path stopped at the interrupt's
			// step; Run's fast path in one call.
			var got [3]state
			for i, exact := range []bool{true, false, false} {
				c, ram := newTestCPU(t)
				mapRadix(c, ram, pteRead|pteRW|pteExec|pteR|pteC)
				for j, w := range []uint32{
					enc(t, ppc64asm.LD, 5, 0, 4),
					enc(t, ppc64asm.STD, 5, 8, 4),
					enc(t, ppc64asm.LD, 6, 16, 4),
					enc(t, ppc64asm.ADDI, 6, 6, 1),
					enc(t, ppc64asm.STD, 6, 16, 4),
					enc(t, ppc64asm.B, -20),
				} {
					binary.BigEndian.PutUint32(ram[at+4*j:], w)
				}
				if tc.tb.Freq != 0 {
					c.SetTimeBase(tc.tb)
				}
				c.Regs.NIP, c.Regs.MSR = at, tc.msr
				c.Regs.GPR[4] = 0x8000
				c.SPR.LPCR |= tc.lpcr
				c.SPR.DEC, c.SPR.HDEC = tc.dec, tc.hdec
				c.StepExact = exact
				if tc.wantAt != 0 && i < 2 {
					if n, err := c.Run(tc.wantAt - 1); n != tc.wantAt-1 || err != nil {
						t.Fatalf("Run(%d) = %d, %v", tc.wantAt-1, n, err)
					}
					if c.Taken != 0 {
						t.Fatalf("exact=%v: interrupt %v before step %d", exact, c.Taken, tc.wantAt)
					}
					if n, err := c.Run(1); n != 1 || err != nil {
						t.Fatalf("Run(1) = %d, %v", n, err)
					}
					if c.Taken != tc.wantVec || c.SPR.SRR0 != tc.wantSRR0 && c.SPR.HSRR0 != tc.wantSRR0 {
						t.Fatalf("exact=%v: step %d took %v with SRR0 %#x HSRR0 %#x; want %v at %#x",
							exact, tc.wantAt, c.Taken, c.SPR.SRR0, c.SPR.HSRR0, tc.wantVec, tc.wantSRR0)
					}
				}
				if n, err := c.Run(tc.steps - c.Steps); err != nil {
					t.Fatalf("Run: %d, %v", n, err)
				}
				got[i] = state{c.Steps, c.Regs.NIP, c.Regs.GPR, c.Regs.MSR, c.SPR, c.Taken, sha256.Sum256(ram)}
			}
			for i := 1; i < len(got); i++ {
				if d := cmp.Diff(got[0], got[i]); d != "" {
					t.Errorf("Step path vs Run's fast path %d (-step +run):\n%s", i, d)
				}
			}
		})
	}
}
