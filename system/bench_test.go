package system

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// BenchmarkStep runs a load/store loop in real mode and under the radix
// MMU (IR = DR = 1, 4 KiB pages, translations cached): the cost of
// translated accesses next to untranslated ones (issue 27's target: at
// most 2×). Compare the two ns/op of one run.
func BenchmarkStep(b *testing.B) {
	for _, mode := range []struct {
		name string
		msr  uint64
	}{{"real", sf | hv | me}, {"radix", sf | hv | me | ir | dr}} {
		b.Run(mode.name, func(b *testing.B) {
			bus := &Bus{}
			ram, _ := bus.AddRAM("ram", 0, testRAM)
			c := NewCPU(bus, emulate.Config{})
			mapRadix(c, ram, pteRead|pteRW|pteExec|pteR|pteC)
			loop := []struct {
				op   decode.Op
				args []int64
			}{
				{ppc64asm.LD, []int64{5, 0, 4}},   // ld r5,0(r4)
				{ppc64asm.STD, []int64{5, 8, 4}},  // std r5,8(r4)
				{ppc64asm.LD, []int64{6, 16, 4}},  // ld r6,16(r4)
				{ppc64asm.ADDI, []int64{6, 6, 1}}, // addi r6,r6,1
				{ppc64asm.STD, []int64{6, 16, 4}}, // std r6,16(r4)
				{ppc64asm.B, []int64{-20}},        // b loop
			}
			for i, in := range loop {
				w, _, err := decode.Encode(in.op, in.args...)
				if err != nil {
					b.Fatal(err)
				}
				binary.BigEndian.PutUint32(ram[at+4*i:], w)
			}
			c.Regs.NIP, c.Regs.MSR = at, mode.msr
			c.Regs.GPR[4] = 0x8000
			b.ResetTimer()
			if _, err := c.Run(uint64(b.N)); err != nil {
				b.Fatal(err)
			}
		})
	}
}
