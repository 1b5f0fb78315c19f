package emulate_test

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/jit"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestNativeAllocExits runs loops whose generated code keeps guest
// registers in host registers (native_alloc.go) and leaves it by each
// way out with registers it changed: a load whose page misses or that
// crosses a page's end (the block loop then runs that load from the
// register file), the end of the translated ops before an op the block
// loop runs (and the segment after it), the step budget (checkNative's
// step limits), a jump to another block's code (nativeChain), the loop's
// exit when CTR runs out, and LR and CR kept in host registers. Each
// runs under EngineNative in Runs with step limits and one Fetch at a
// time, in both byte orders, with random registers and data
// (checkNative): a register not written back on one of these ways, or
// one read stale, shows as a difference.
func TestNativeAllocExits(t *testing.T) {
	b := func(bo, bi, disp int64) uint32 { return enc(ppc64asm.BC, bo, bi, disp) }
	progs := []struct {
		name  string
		words []uint32
	}{
		{"miss", []uint32{
			enc(ppc64asm.ADDI, 3, 3, 1),
			enc(ppc64asm.ADD, 4, 4, 3),
			enc(ppc64asm.XOR, 5, 5, 4),
			enc(ppc64asm.ADDI, 20, 20, 700), // a new page every few runs, then off the end
			enc(ppc64asm.LWZX, 6, 20, 24),   // misses on a new page, crosses some page ends
			enc(ppc64asm.ADD, 3, 3, 6),
			enc(ppc64asm.STBX, 3, 21, 25),
			enc(ppc64asm.MULLD, 5, 5, 3),
			b(16, 0, -4*8), // bdnz
		}},
		{"end-segment", []uint32{
			enc(ppc64asm.ADDI, 3, 3, 7),
			enc(ppc64asm.MULLD, 4, 3, 3),
			enc(ppc64asm.XOR, 5, 4, 3),
			enc(ppc64asm.DIVDU, 6, 5, 3), // the block loop runs it
			enc(ppc64asm.ADD, 3, 3, 6),
			enc(ppc64asm.XOR, 4, 4, 6),
			enc(ppc64asm.ADDI, 5, 5, 1),
			enc(ppc64asm.OR, 7, 4, 5),
			b(16, 0, -4*8),
		}},
		{"chain", []uint32{
			enc(ppc64asm.ADDI, 3, 3, 1),
			enc(ppc64asm.ADD, 4, 4, 3),
			enc(ppc64asm.CMPW, 1, 3, 4),
			enc(ppc64asm.CMPW, 2, 4, 5),
			b(12, 5, 8), // bgt cr1: over the addi
			enc(ppc64asm.ADDI, 5, 5, 3),
			enc(ppc64asm.XOR, 5, 5, 4),
			enc(ppc64asm.ADD, 3, 3, 5),
			enc(ppc64asm.MFSPR, 8, 9), // mfctr
			enc(ppc64asm.ADD, 6, 6, 8),
			b(16, 0, -4*10),
		}},
		{"lr-cr", []uint32{
			enc(ppc64asm.MFSPR, 3, 8), // mflr
			enc(ppc64asm.ADDI, 3, 3, 4),
			enc(ppc64asm.MTSPR, 8, 3), // mtlr
			enc(ppc64asm.MFSPR, 4, 8),
			enc(ppc64asm.ADD, 5, 5, 4),
			enc(ppc64asm.CMPD, 0, 5, 4),
			enc(ppc64asm.CMPLW, 3, 5, 3),
			enc(ppc64asm.ANDICC, 6, 5, 0xff),
			b(16, 0, -4*8),
		}},
		{"loop-exit", []uint32{
			enc(ppc64asm.ADDI, 9, 0, 37),
			enc(ppc64asm.MTSPR, 9, 9),   // mtctr
			enc(ppc64asm.ADDI, 3, 3, 1), // the loop, 37 times
			enc(ppc64asm.ADD, 4, 4, 3),
			enc(ppc64asm.XOR, 5, 5, 4),
			b(16, 0, -4*3),
			enc(ppc64asm.ADD, 7, 3, 4),
			enc(ppc64asm.XOR, 8, 5, 7),
			enc(ppc64asm.ADDI, 9, 9, 1), // then another loop, to the step limit
			enc(ppc64asm.ADD, 10, 10, 9),
			enc(ppc64asm.B, -4*2),
		}},
	}
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			ran := 0
			for k := range 8 {
				msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[k%2]
				if checkNative(t, blockProgram(uint64(12001+2*k), msr, func(*rand.Rand) []uint32 { return p.words })) {
					ran++
				}
			}
			if jit.Supported && ran < 8 {
				t.Errorf("generated code ran in %d runs of 8", ran)
			}
		})
	}
}

// TestNativeMulhwProfiles runs loops of mulhw[u][.] under EngineNative
// and one Fetch at a time with the same profile, both profiles: RT's high
// word is a copy of the low word under Hardware (POWER9) and 0 under
// QEMU (diffMulhwHigh), in the generated code as in opMulh.
func TestNativeMulhwProfiles(t *testing.T) {
	for _, prof := range []emulate.Profile{emulate.Hardware, emulate.QEMU} {
		for k := range 8 {
			msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[k%2]
			ops := []ppc64asm.Op{ppc64asm.MULHW, ppc64asm.MULHWCC, ppc64asm.MULHWU, ppc64asm.MULHWUCC}
			p := blockProgram(uint64(13001+2*k), msr, func(*rand.Rand) []uint32 {
				return []uint32{
					enc(ops[k%4], 3, 4, 5),
					enc(ppc64asm.ADDI, 4, 4, 12345),
					enc(ppc64asm.ADD, 5, 5, 3),
					enc(ppc64asm.BC, 16, 0, -4*3),
				}
			})
			m1, r1, _ := p.setup(t)
			e1 := emulate.New(emulate.Config{Engine: emulate.EngineNative, Profile: prof})
			emulate.SetNativeBlockHot(e1, 16)
			n1, err1 := runLimits(e1, &r1, m1, p.steps, []uint64{997, 130, 61}, 0)
			m2, r2, _ := p.setup(t)
			e2 := emulate.New(emulate.Config{Profile: prof})
			var n2 uint64
			var err2 error
			for ; n2 < p.steps && err2 == nil; n2++ {
				err2 = e2.Fetch(&r2, m2)
			}
			if n1 != n2 || err1 != nil || err2 != nil {
				t.Fatalf("profile %v, %v: Run = %d, %v; Fetch loop = %d, %v", prof, ops[k%4], n1, err1, n2, err2)
			}
			if d := cmp.Diff(r2, r1); d != "" {
				t.Fatalf("profile %v, %v: registers (-Fetch +Run):\n%s", prof, ops[k%4], d)
			}
			if jit.Supported && emulate.NativeCalls(e1) == 0 {
				t.Errorf("profile %v, %v: no generated code ran", prof, ops[k%4])
			}
		}
	}
}
