package system

import (
	"encoding/binary"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// HashDigest of Microwatt's tests/hash (hash.c caches the value its
// VHDL core computes for RA = 0x4190, RB = 0x0f0e0d0c0b0a0908 and
// HASHKEYR = 0x123456789abcdef0).
func TestHashDigest(t *testing.T) {
	if got := HashDigest(0x4190, 0x0f0e0d0c0b0a0908, 0x123456789abcdef0); got != 0xcd57657a24afdd14 {
		t.Errorf("HashDigest = %#x, want 0xcd57657a24afdd14", got)
	}
}

// The hash instructions in system mode (Power ISA 3.1B Book I 3.3.17 and
// Book III 9.6: the aspect of the current state enables them, else they
// are no-ops; hashchk with a different doubleword is a trap program
// interrupt, 7.5.9 SRR1 bit 46; hashstp and hashchkp are privileged,
// SRR1 bit 45), with the values of Microwatt's tests/hash.
func TestHashInstructions(t *testing.T) {
	const (
		ra, rb, key, hash = 0x4190, 0x0f0e0d0c0b0a0908, 0x123456789abcdef0, 0xcd57657a24afdd14
		on                = DEXCRNPHIE | DEXCRPHIE
		slot              = ra - 8
	)
	w := func(op ppc64asm.Op, off int64) func(t *testing.T) uint32 {
		return func(t *testing.T) uint32 { return enc(t, op, 4, off, 3) }
	}
	setup := func(dexcr, hdexcr, stored uint64) func(c *CPU) {
		return func(c *CPU) {
			c.Regs.GPR[3], c.Regs.GPR[4] = ra, rb
			c.SPR.HASHKEYR, c.SPR.HASHPKEYR = key, ^uint64(key)
			c.SPR.DEXCR, c.SPR.HDEXCR = dexcr, hdexcr
			binary.LittleEndian.PutUint64(c.Bus.RAM(slot, 8), stored)
		}
	}
	stored := func(want uint64) func(t *testing.T, c *CPU) {
		return func(t *testing.T, c *CPU) {
			if got := binary.LittleEndian.Uint64(c.Bus.RAM(slot, 8)); got != want {
				t.Errorf("doubleword at %#x = %#x, want %#x", slot, got, want)
			}
		}
	}
	hvLE, userLE := sf|hv|me|le, sf|pr|me|le
	cases := []irqCase{
		{name: "hashst hypervisor", word: w(ppc64asm.HASHST, -8), msr: hvLE, setup: setup(0, on<<32, 0),
			nip: at + 4, msrTo: hvLE, check: stored(hash)},
		{name: "hashst disabled is a no-op", word: w(ppc64asm.HASHST, -8), msr: hvLE, setup: setup(on<<32|on, on, 7),
			nip: at + 4, msrTo: hvLE, check: stored(7)},
		{name: "hashst problem state, DEXCR", word: w(ppc64asm.HASHST, -8), msr: userLE, setup: setup(on, 0, 0),
			nip: at + 4, msrTo: userLE, check: stored(hash)},
		{name: "hashst problem state, HDEXCR enforced", word: w(ppc64asm.HASHST, -8), msr: userLE, setup: setup(0, on, 0),
			nip: at + 4, msrTo: userLE, check: stored(hash)},
		{name: "hashchk matches", word: w(ppc64asm.HASHCHK, -8), msr: hvLE, setup: setup(0, on<<32, hash),
			nip: at + 4, msrTo: hvLE},
		{name: "hashchk differs: trap", word: w(ppc64asm.HASHCHK, -8), msr: hvLE, setup: setup(0, on<<32, hash^0x1000),
			want: VecProgram, nip: 0x700, msrTo: sf | hv | me, save0: at, save1: hvLE | SRR1ProgTrap},
		{name: "hashchkp uses HASHPKEYR", word: w(ppc64asm.HASHCHKP, -8), msr: hvLE, setup: setup(0, on<<32, hash),
			want: VecProgram, nip: 0x700, msrTo: sf | hv | me, save0: at, save1: hvLE | SRR1ProgTrap},
		{name: "hashstp problem state: privileged", word: w(ppc64asm.HASHSTP, -8), msr: userLE, setup: setup(on, on, 0),
			want: VecProgram, nip: 0x700, msrTo: sf | me, save0: at, save1: userLE | SRR1ProgPriv, check: stored(0)},
		{name: "hashst unaligned: alignment", word: w(ppc64asm.HASHST, -8), msr: hvLE,
			setup: func(c *CPU) { setup(0, on<<32, 0)(c); c.Regs.GPR[3] = ra + 4 },
			want:  VecAlignment, nip: 0x600, msrTo: sf | hv | me, save0: at, save1: hvLE,
			check: func(t *testing.T, c *CPU) {
				if c.SPR.DAR != ra-4 {
					t.Errorf("DAR %#x, want %#x", c.SPR.DAR, ra-4)
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, ram := newTestCPU(t)
			tc.run(t, c, ram)
		})
	}
}
