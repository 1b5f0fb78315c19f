package emulate_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/jit"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestNativeChainStale runs a loop whose block A jumps to block B in
// generated code (a chain: b, bne, blr and bnelr to B), in both byte
// orders, and changes B while A's code is linked to it: the guest
// rewrites B's first word every 64th pass in the Run (stw on the code
// page, then the chain from A is taken), the host pokes it between two
// Runs, or the generated code is dropped between them (a new
// generation, as when the arena is full). A chain must never enter B's
// old code: the count, error and registers equal EngineStep's for the
// same Runs and changes (go-cmp), and the loop must have run chained
// (fewer calls of generated code than a quarter of its passes; three
// quarters with the guest's rewrites, after each of which B is a new
// block the block loop runs until it is hot again).
func TestNativeChainStale(t *testing.T) {
	const (
		b      = codeBase + 64 // block B
		steps  = 8000
		passes = steps / 8 // a pass without the store is 8 steps
	)
	oldW, newW := enc(ppc64asm.ADDI, 4, 4, 1), enc(ppc64asm.ADDI, 4, 4, 7)
	branches := []struct {
		name string
		word uint32 // at codeBase+24, to B
	}{
		{"b", enc(ppc64asm.B, 40)},
		{"bne cr7", enc(ppc64asm.BC, 4, 30, 40)},    // CR 0: always taken
		{"blr", enc(ppc64asm.BCLR, 20, 0, 0)},       // LR = B
		{"bnelr cr7", enc(ppc64asm.BCLR, 4, 30, 0)}, // natIndirect
	}
	changes := []struct {
		name     string
		guest    bool // the guest's stw rewrites B
		maxCalls int  // calls of generated code below it
		// between is done between the Runs (e: nil for EngineStep's).
		between func(t *testing.T, m *mem.Memory, msr uint64, e *emulate.Emulator)
	}{
		{name: "none", maxCalls: passes / 4},
		{name: "guest stw every 64 passes", guest: true, maxCalls: passes * 3 / 4},
		{name: "host poke between Runs", maxCalls: passes / 4, between: func(t *testing.T, m *mem.Memory, msr uint64, _ *emulate.Emulator) {
			poke(t, m, msr, b, newW)
		}},
		{name: "code dropped between Runs", maxCalls: passes / 4, between: func(_ *testing.T, _ *mem.Memory, _ uint64, e *emulate.Emulator) {
			if e != nil {
				emulate.DropNativeCode(e)
			}
		}},
	}
	for _, br := range branches {
		for _, ch := range changes {
			for _, msr := range []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser} {
				name := fmt.Sprintf("%s/%s/msr %#x", br.name, ch.name, msr)
				run := func(e *emulate.Emulator) (uint64, error, regs.Regs) {
					words := []uint32{
						enc(ppc64asm.ANDICC, 14, 3, 63), // W: andi. r14,r3,63
						enc(ppc64asm.BC, 4, 2, 12),      // bne A
						enc(ppc64asm.STW, 10, 0, 11),    // stw r10,0(r11)
						enc(ppc64asm.XOR, 10, 10, 13),   // the other word next time
						enc(ppc64asm.ADDI, 3, 3, 1),     // A
						enc(ppc64asm.ADD, 5, 5, 3),
						br.word,
					}
					for len(words) < 16 {
						words = append(words, enc(ppc64asm.ORI, 0, 0, 0))
					}
					words = append(words,
						oldW,                         // B
						enc(ppc64asm.XOR, 6, 6, 4),   //
						enc(ppc64asm.BC, 16, 0, -72)) // bdnz W
					m := code(t, msr, codeBase, mem.RWX, words...)
					if err := m.Map(blockData, mem.PageSize, mem.RW); err != nil {
						t.Fatal(err)
					}
					r := regs.Regs{MSR: msr, NIP: codeBase, CTR: 1 << 40, LR: b}
					r.GPR[10], r.GPR[11], r.GPR[13] = uint64(newW), blockData, uint64(oldW^newW)
					if ch.guest {
						r.GPR[11] = b
					}
					var n uint64
					var err error
					for k := range 2 {
						var got uint64
						got, err = e.Run(&r, m, emulate.RunOptions{MaxSteps: steps / 2})
						n += got
						if !errors.Is(err, emulate.ErrStepLimit) {
							break
						}
						if k == 0 && ch.between != nil {
							ne := e
							if e.Config().Engine != emulate.EngineNative {
								ne = nil
							}
							ch.between(t, m, msr, ne)
						}
					}
					return n, err, r
				}
				e := emulate.New(emulate.Config{Engine: emulate.EngineNative})
				emulate.SetNativeBlockHot(e, 16)
				n1, err1, r1 := run(e)
				n2, err2, r2 := run(emulate.New(emulate.Config{Engine: emulate.EngineStep}))
				if n1 != n2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
					t.Fatalf("%s: native Runs = %d, %v; EngineStep's = %d, %v", name, n1, err1, n2, err2)
				}
				if d := cmp.Diff(r2, r1); d != "" {
					t.Fatalf("%s: registers (-EngineStep +native):\n%s", name, d)
				}
				if c := emulate.NativeCalls(e); jit.Supported && (c == 0 || c >= uint64(ch.maxCalls)) {
					t.Errorf("%s: %d calls of generated code in %d passes: not chained", name, c, passes)
				}
			}
		}
	}
}
