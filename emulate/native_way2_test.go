package emulate_test

import (
	"fmt"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/jit"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestNativeSecondWay runs a loop that loads from and stores to two
// pages 1 MiB apart (the same entry of the direct-mapped data caches),
// in turn, under EngineNative in Runs with step limits and through the
// Fetch loop, in both byte orders (checkNative: registers and both
// pages). With the caches' second ways (pageCache.r2, w2) the loop stays
// in its generated code: it calls generated code a few times per Run,
// not once per iteration.
func TestNativeSecondWay(t *testing.T) {
	const far = blockData + 256*mem.PageSize
	words := []uint32{
		enc(ppc64asm.LD, 3, 0, 20),
		enc(ppc64asm.STD, 3, 8, 21),
		enc(ppc64asm.LD, 4, 16, 21),
		enc(ppc64asm.ADD, 4, 4, 3),
		enc(ppc64asm.STD, 4, 24, 20),
		enc(ppc64asm.LWZ, 5, 32, 20),
		enc(ppc64asm.STW, 5, 36, 21),
		enc(ppc64asm.BC, 16, 0, -28),
	}
	for k, msr := range []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser} {
		var r regs.Regs
		r.MSR, r.NIP, r.CTR = msr, codeBase, 10000
		r.GPR[20], r.GPR[21] = blockData+64, far+128
		p := runProgram{
			name: fmt.Sprintf("second-way-%d", k), steps: 8000,
			setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
				m := code(t, msr, codeBase, mem.RX, words...)
				for _, a := range []uint64{blockData, far} {
					if err := m.Map(a, mem.PageSize, mem.RW); err != nil {
						t.Fatal(err)
					}
					if err := m.Poke(a+64, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}); err != nil {
						t.Fatal(err)
					}
				}
				return m, r, emulate.New(emulate.Config{})
			},
			check: []uint64{blockData, far},
		}
		checkNative(t, p)
		if n := emulate.NativeCalls(lastNative); jit.Supported && n > 100 {
			t.Errorf("%s: %d calls of generated code, want at most 100", p.name, n)
		}
	}
}
