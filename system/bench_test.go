package system

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// benchLoop is BenchmarkStep's load/store loop.
var benchLoop = []struct {
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

// putBenchLoop writes benchLoop big-endian at p.
func putBenchLoop(b *testing.B, p []byte) {
	for i, in := range benchLoop {
		w, _, err := decode.Encode(in.op, in.args...)
		if err != nil {
			b.Fatal(err)
		}
		binary.BigEndian.PutUint32(p[4*i:], w)
	}
}

// BenchmarkStep runs a load/store loop in real mode and under the radix
// MMU (IR = DR = 1, 4 KiB pages, translations cached): the cost of
// translated accesses next to untranslated ones (issue 27's target: at
// most 2×). Compare the two ns/op of one run. real and radix call
// CPU.Step per instruction (the per-step path a debugger takes),
// real-run and radix-run call CPU.Run (its fast path through emulate.Run). The user-* cases run the
// same loop in problem state on a mem.Memory, as the user-mode runner
// does: user-step instruction by instruction (Fetch and Step, as system
// mode steps), user-run through emulate.Run's default engine (issue 29
// item 5: system mode within 2× of the plain runner).
func BenchmarkStep(b *testing.B) {
	for _, name := range []string{"user-step", "user-run"} {
		b.Run(name, func(b *testing.B) {
			m := mem.New()
			if err := m.Map(0, 0x10000, mem.RWX); err != nil {
				b.Fatal(err)
			}
			code := make([]byte, 4*len(benchLoop))
			putBenchLoop(b, code)
			if err := m.Write(at, code); err != nil {
				b.Fatal(err)
			}
			e := emulate.New(emulate.Config{})
			r := regs.Regs{NIP: at, MSR: regs.MSRLinuxUser}
			r.GPR[4] = 0x8000
			b.ResetTimer()
			cpu := emutest.CPUTime()
			defer func() { b.ReportMetric(float64(emutest.CPUTime()-cpu)/float64(b.N), "cpu-ns/op") }()
			if name == "user-run" {
				if _, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: uint64(b.N)}); err != nil && !errors.Is(err, emulate.ErrStepLimit) {
					b.Fatal(err)
				}
				return
			}
			for i := 0; i < b.N; i++ {
				if err := e.Fetch(&r, m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, mode := range []struct {
		name string
		msr  uint64
		run  bool
	}{{"real", sf | hv | me, false}, {"radix", sf | hv | me | ir | dr, false},
		{"real-run", sf | hv | me, true}, {"radix-run", sf | hv | me | ir | dr, true}} {
		b.Run(mode.name, func(b *testing.B) {
			bus := &Bus{}
			ram, _ := bus.AddRAM("ram", 0, testRAM)
			c := NewCPU(bus, emulate.Config{})
			mapRadix(c, ram, pteRead|pteRW|pteExec|pteR|pteC)
			putBenchLoop(b, ram[at:])
			c.Regs.NIP, c.Regs.MSR = at, mode.msr
			c.Regs.GPR[4] = 0x8000
			b.ResetTimer()
			cpu := emutest.CPUTime()
			defer func() { b.ReportMetric(float64(emutest.CPUTime()-cpu)/float64(b.N), "cpu-ns/op") }()
			if mode.run {
				if _, err := c.Run(uint64(b.N)); err != nil {
					b.Fatal(err)
				}
				return
			}
			for i := 0; i < b.N; i++ {
				if _, err := c.Step(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
