package system

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
)

// FuzzStep runs arbitrary words from arbitrary MSR and SPR states: no step
// may panic, and every step either completes, takes an interrupt or stops
// with an error.
func FuzzStep(f *testing.F) {
	f.Add(uint64(regs.MSRSF|regs.MSRHV|regs.MSRLE), uint64(0), uint64(0), []byte{0x00, 0x02, 0x00, 0x00, 0x44, 0x00, 0x00, 0x02})
	f.Add(uint64(regs.MSRSF|regs.MSRIR|regs.MSRDR|regs.MSRPR), uint64(0x10000), uint64(3<<23), []byte{0x4c, 0x00, 0x00, 0x24})
	// A guest (MSR[HV] = 0, LPCR[HR] = 1): partition-scoped walks through
	// the scattered entries.
	f.Add(uint64(regs.MSRSF|regs.MSRIR|regs.MSRDR), uint64(0x8000), uint64(LPCRHR),
		[]byte{0x80, 0, 0, 0, 0, 0, 0x80, 0x0a, 0, 0, 0, 0, 0, 0, 0x80, 0x00})
	f.Fuzz(func(t *testing.T, msr, ptcr, lpcr uint64, code []byte) {
		bus := &Bus{}
		ram, err := bus.AddRAM("ram", 0, 1<<16)
		if err != nil {
			t.Fatal(err)
		}
		c := NewCPU(bus, emulate.Config{})
		copy(ram[0x100:], code)
		for i := 0; i+8 <= len(code) && i < 64; i += 8 {
			// Also scatter the bytes as table entries.
			binary.BigEndian.PutUint64(ram[0x8000+i:], binary.BigEndian.Uint64(code[i:]))
		}
		c.Regs.MSR, c.Regs.NIP = msr, 0x100
		c.SPR.PTCR, c.SPR.LPCR = ptcr, lpcr
		c.SPR.DEC = 3
		for i := 0; i < 64; i++ {
			if _, err := c.Step(); err != nil {
				return
			}
		}
	})
}
