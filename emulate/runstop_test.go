package emulate_test

import (
	"errors"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestRunStopAndTakenBranch runs a counted loop whose body holds an
// instruction Config.RunStop names, under every engine: Run stops before
// it with ErrRunStop (NIP at it, the count of what ran before, nothing of
// it done), and TakenBranch names the loop's branch once it was taken.
//
//	0x10000 addi r3,r3,1
//	0x10004 addi r4,r4,2
//	0x10008 cmpdi r3,3
//	0x1000c bne 0x10000     (taken while r3 < 3)
//	0x10010 xori r5,r5,7    (RunStop names xori)
//	0x10014 b 0x10000
func TestRunStopAndTakenBranch(t *testing.T) {
	words := []uint32{
		enc(ppc64asm.ADDI, 3, 3, 1),
		enc(ppc64asm.ADDI, 4, 4, 2),
		enc(ppc64asm.CMPDI, 0, 3, 3),
		enc(ppc64asm.BC, 4, 2, -12), // bne cr0,
		enc(ppc64asm.XORI, 5, 5, 7),
		enc(ppc64asm.B, -20),
	}
	tests := []struct {
		name      string
		max       uint64 // RunOptions.MaxSteps
		wantN     uint64
		wantErr   error
		wantNIP   uint64
		wantR3    uint64
		wantTaken uint64 // 0: none
	}{
		// Three passes through the loop (r3 = 1, 2, 3): 4+4+4 steps, the
		// bne taken twice, then the stop before xori.
		{"stop", 0, 12, emulate.ErrRunStop, codeBase + 0x10, 3, codeBase + 0xc},
		// A step limit before the first taken branch.
		{"limit-3", 3, 3, emulate.ErrStepLimit, codeBase + 0xc, 1, 0},
		// Just after the first taken branch.
		{"limit-4", 4, 4, emulate.ErrStepLimit, codeBase, 1, codeBase + 0xc},
	}
	for _, eng := range []emulate.Engine{emulate.EngineStep, emulate.EngineCached, emulate.EngineBlock, emulate.EngineNative} {
		for _, tc := range tests {
			t.Run(eng.String()+"/"+tc.name, func(t *testing.T) {
				msr := regs.MSRLinuxUserLE
				m := code(t, msr, codeBase, mem.RX, words...)
				e := emulate.New(emulate.Config{Engine: eng, RunStop: func(in *decode.Inst) bool { return in.Op == ppc64asm.XORI }})
				r := regs.Regs{MSR: msr, NIP: codeBase}
				r.GPR[5] = 1
				// Run twice: the second Run starts with the decodings
				// the first cached.
				for pass := 0; pass < 2; pass++ {
					r.GPR[3], r.GPR[4], r.NIP = 0, 0, codeBase
					n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: tc.max})
					if n != tc.wantN || !errors.Is(err, tc.wantErr) {
						t.Fatalf("pass %d: Run = %d, %v; want %d, %v", pass, n, err, tc.wantN, tc.wantErr)
					}
					if r.NIP != tc.wantNIP || r.GPR[3] != tc.wantR3 || r.GPR[4] != 2*tc.wantR3 || r.GPR[5] != 1 {
						t.Errorf("pass %d: NIP %#x r3 %d r4 %d r5 %d; want NIP %#x r3 %d r4 %d r5 1",
							pass, r.NIP, r.GPR[3], r.GPR[4], r.GPR[5], tc.wantNIP, tc.wantR3, 2*tc.wantR3)
					}
					from, ok := e.TakenBranch()
					if tc.wantTaken == 0 && ok || tc.wantTaken != 0 && (!ok || from != tc.wantTaken) {
						t.Errorf("pass %d: TakenBranch = %#x, %v; want %#x", pass, from, ok, tc.wantTaken)
					}
				}
				// Step is not affected by RunStop.
				r.NIP = codeBase + 0x10
				if err := e.Fetch(&r, m); err != nil || r.GPR[5] != 6 {
					t.Errorf("Fetch of xori: %v, r5 = %d; want nil, 6", err, r.GPR[5])
				}
			})
		}
	}
}
