package emulate_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// enc encodes a test's instruction words (emutest.Enc).
var enc = emutest.Enc

// runProgram is a program for TestRunSameAsStepLoop: memory (built
// afresh for each run), registers and an Emulator.
type runProgram struct {
	name  string
	steps uint64
	setup func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator)
	check []uint64 // data addresses whose pages are compared
	// profile is the Profile of checkNative's Emulator (setup's is
	// given its own).
	profile emulate.Profile
}

// TestRunSameAsStepLoop runs programs through Run (its fast loop over
// cached instructions, entered and left at every kind of boundary: page
// ends, 32-bit wrap, MMA accumulators primed mid-run, step limits of every
// size) and through plain Fetch one step at a time on the same memory
// hidden behind calls, and compares instruction counts, outcomes,
// registers, primed accumulators and memory.
func TestRunSameAsStepLoop(t *testing.T) {
	addi := func(rt, ra, si int64) uint32 { return enc(ppc64asm.ADDI, rt, ra, si) }
	b := func(off int64) uint32 { return enc(ppc64asm.B, off) }
	const lastPage = 0xfffff000
	progs := []runProgram{{
		// Straight-line code that runs off the end of its page into the
		// next, and a branch back.
		name: "across-pages", steps: 5000,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			msr := regs.MSRLinuxUserLE
			start := uint64(codeBase + mem.PageSize - 8)
			m := code(t, msr, start, mem.RX, addi(3, 3, 1), addi(3, 3, 2))
			if err := m.Map(codeBase+mem.PageSize, mem.PageSize, mem.RX); err != nil {
				t.Fatal(err)
			}
			poke(t, m, msr, codeBase+mem.PageSize, addi(4, 4, 1), b(-12))
			return m, regs.Regs{MSR: msr, NIP: start}, emulate.New(emulate.Config{})
		},
	}, {
		// Code on one page rewrites an instruction of another
		// (alternately addi r3,r3,1 and addi r3,r3,16) and branches to
		// it: Run enters the other page with its cached instructions,
		// whose words no longer match, while the first page holds
		// addi r3,r3,1 at the same offset.
		name: "cross-page-smc", steps: 5000,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			msr := regs.MSRLinuxUserLE
			m := code(t, msr, codeBase, mem.RWX,
				addi(3, 3, 1),
				enc(ppc64asm.STW, 5, 8, 4), // stw r5,8(r4)
				wAddi3,
				enc(ppc64asm.XOR, 5, 5, 6),
				b(mem.PageSize+8-16))
			if err := m.Map(codeBase+mem.PageSize, mem.PageSize, mem.RWX); err != nil {
				t.Fatal(err)
			}
			poke(t, m, msr, codeBase+mem.PageSize+8, wAddi3, b(-mem.PageSize-12))
			r := regs.Regs{MSR: msr, NIP: codeBase}
			r.GPR[4], r.GPR[5], r.GPR[6] = codeBase+mem.PageSize, uint64(wAddi3By16), uint64(wAddi3^wAddi3By16)
			return m, r, emulate.New(emulate.Config{})
		},
		check: []uint64{codeBase + mem.PageSize},
	}, {
		// 32-bit mode: the last page of the 4 GiB runs on into page 0,
		// and a branch wraps back.
		name: "wrap32", steps: 5000,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			msr := regs.MSRLinuxUser &^ regs.MSRSF
			m := code(t, msr, 0xfffffff8, mem.RX, addi(3, 3, 1), addi(3, 3, 2))
			if err := m.Map(0, mem.PageSize, mem.RX); err != nil {
				t.Fatal(err)
			}
			poke(t, m, msr, 0, addi(4, 4, 1), b(-12))
			return m, regs.Regs{MSR: msr, NIP: lastPage + mem.PageSize - 8}, emulate.New(emulate.Config{})
		},
	}, {
		// Within one page in 32-bit mode, loads and stores through Read
		// and Write.
		name: "mode32-loop", steps: 5000,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			msr := regs.MSRLinuxUserLE &^ regs.MSRSF
			m := code(t, msr, codeBase, mem.RX, wLdR6, wStdR6, wAddR3R6, wAddi7By3, wAddi8By5, wBack20)
			if err := m.Map(0x20000, 4*mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			r := regs.Regs{MSR: msr, NIP: codeBase}
			r.GPR[7], r.GPR[8] = 0x20000, 0x22000
			return m, r, emulate.New(emulate.Config{})
		},
		check: []uint64{0x20000, 0x21000, 0x22000, 0x23000},
	}, {
		// The CRC loop: byte and word loads, rotates, a counted branch.
		name: "crc", steps: 3000,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			msr := regs.MSRLinuxUserLE
			m := code(t, msr, codeBase, mem.RX, crcLoop...)
			if err := m.Map(0x20000, 16*mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			data := make([]byte, 16*mem.PageSize)
			for i := range data {
				data[i] = byte(i*13 + i>>9)
			}
			if err := m.Poke(0x20000, data); err != nil {
				t.Fatal(err)
			}
			r := regs.Regs{MSR: msr, NIP: codeBase, CTR: 300}
			r.GPR[3], r.GPR[7], r.GPR[9] = 0xffffffff, 0x20000, 0x28000
			return m, r, emulate.New(emulate.Config{})
		},
	}, {
		// An MMA accumulator primed in the middle of a run of cached
		// instructions: the next instruction that names one of its
		// VSRs is refused (hardware profile) where a step would refuse
		// it. The first two passes deprime it again (so that every
		// instruction runs twice and is cached: decode keeps a word
		// seen twice), the third does not.
		name: "mma-primed", steps: 100,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			msr := regs.MSRLinuxUserLE
			m := code(t, msr, codeBase, mem.RX,
				enc(ppc64asm.XXSETACCZ, 0),
				enc(ppc64asm.CMPDI, 0, 3, 1),
				addi(3, 3, 1),
				enc(ppc64asm.BC, 12, 1, 8), // bgt .+8
				enc(ppc64asm.XXMFACC, 0),
				enc(ppc64asm.XXLOR, 1, 6, 7),
				b(-24))
			return m, regs.Regs{MSR: msr, NIP: codeBase}, emulate.New(emulate.Config{})
		},
	}, {
		// The FP facility off: an FP instruction is refused after
		// integer ones ran from the cache.
		name: "fp-off", steps: 100,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			msr := regs.MSRLinuxUserLE &^ regs.MSRFP
			m := code(t, msr, codeBase, mem.RX, addi(3, 3, 1), addi(3, 3, 1), 0xfc21102a) // fadd f1,f1,f2
			return m, regs.Regs{MSR: msr, NIP: codeBase}, emulate.New(emulate.Config{})
		},
	}}
	progs = append(append(append(progs, sameBlockSMC()), blockPrograms(t)...), regBranchPrograms()...)
	// Step limits for Run, used in turn: single steps, odd sizes, and
	// one big enough to reach the end.
	limits := []uint64{1, 2, 3, 1, 7, 1, 64, 5, 1000, 13, 1 << 20}
	for _, p := range progs {
		for _, eng := range []emulate.Engine{emulate.EngineBlock, emulate.EngineCached, emulate.EngineStep, emulate.EngineNative} {
			t.Run(p.name+"/"+eng.String(), func(t *testing.T) { runSameAsStepLoop(t, p, eng, limits) })
		}
	}
}

// runSameAsStepLoop is TestRunSameAsStepLoop for one program and engine.
func runSameAsStepLoop(t *testing.T, p runProgram, eng emulate.Engine, limits []uint64) {
	m2, r2, e2, n2, err2 := fetchLoop(t, p)
	t.Logf("%d steps, %v, r3 %d", n2, err2, r2.GPR[3])
	// Run with each rotation of limits.
	for rot := range limits {
		m1, r1, e1 := p.setup(t)
		cfg := e1.Config()
		cfg.Engine = eng
		e1 = emulate.New(cfg)
		n1, err1 := runLimits(e1, &r1, m1, p.steps, limits, rot)
		if n1 != n2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
			t.Fatalf("limits from %d: Run = %d, %v; Fetch loop = %d, %v", rot, n1, err1, n2, err2)
		}
		if d := cmp.Diff(r2, r1); d != "" {
			t.Errorf("limits from %d: registers (-Fetch +Run):\n%s", rot, d)
		}
		if a1, a2 := e1.Context().Primed, e2.Context().Primed; a1 != a2 {
			t.Errorf("limits from %d: primed accumulators: Run %#x, Fetch %#x", rot, a1, a2)
		}
		for _, a := range pagesDiffer(t, m1, m2, p.check) {
			t.Errorf("limits from %d: page %#x differs", rot, a)
		}
	}
}

// fetchLoop runs p one Fetch at a time, up to p.steps or an error, and
// returns its memory, registers, emulator, count and error.
func fetchLoop(t *testing.T, p runProgram) (*mem.Memory, regs.Regs, *emulate.Emulator, uint64, error) {
	m, r, e := p.setup(t)
	var n uint64
	var err error
	for ; n < p.steps; n++ {
		if err = e.Fetch(&r, unpaged{m}); err != nil {
			break
		}
	}
	return m, r, e, n, err
}

// runLimits runs up to steps instructions through Runs with the step
// limits in turn from limits[from], while they end at their limit; it
// returns the count and the last error (nil after all the steps).
func runLimits(e *emulate.Emulator, r *regs.Regs, m *mem.Memory, steps uint64, limits []uint64, from int) (uint64, error) {
	var n uint64
	var err error
	for k := from; n < steps; k++ {
		var got uint64
		got, err = e.Run(r, m, emulate.RunOptions{MaxSteps: min(limits[k%len(limits)], steps-n)})
		n += got
		if err != emulate.ErrStepLimit {
			break
		}
	}
	if n == steps && err == emulate.ErrStepLimit {
		err = nil
	}
	return n, err
}

// pagesDiffer are the pages at addrs whose bytes differ between m1 and m2.
func pagesDiffer(t *testing.T, m1, m2 *mem.Memory, addrs []uint64) []uint64 {
	var differ []uint64
	for _, a := range addrs {
		b1 := make([]byte, mem.PageSize)
		b2 := make([]byte, mem.PageSize)
		if err := m1.Read(a, b1); err != nil {
			t.Fatal(err)
		}
		if err := m2.Read(a, b2); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b1, b2) {
			differ = append(differ, a)
		}
	}
	return differ
}

// regBranchPrograms are loops whose block ends in a branch to LR or CTR
// (bclr[l], bcctr[l]) of one BO/BI form each, taken on some passes and
// not on others (CR0 from andi. of the pass count, with XER[SO] set so
// that andi. copies it; CTR decremented by the forms that do, including
// the invalid bcctr with BO[2]=0), to a function on another page that
// reads LR and CTR back (mflr, mfctr) and branches home: the block loop
// runs these ops itself (kBcReg, kAndi, kMtlr, kMtctr, kMflr, kMfctr).
func regBranchPrograms() []runProgram {
	const fn = codeBase + 2*mem.PageSize
	forms := []struct {
		name   string
		op     ppc64asm.Op
		bo, bi int64
		ctr1   bool // CTR is 1 before the branch (else the function's address)
	}{
		{"blr", ppc64asm.BCLR, 20, 0, false}, {"blrl", ppc64asm.BCLRL, 20, 0, false},
		{"bctr", ppc64asm.BCCTR, 20, 0, false}, {"bctrl", ppc64asm.BCCTRL, 20, 0, false},
		{"beqlr", ppc64asm.BCLR, 12, 2, false}, {"bnelrl", ppc64asm.BCLRL, 4, 2, false},
		{"beqctrl", ppc64asm.BCCTRL, 12, 2, false}, {"bgectr", ppc64asm.BCCTR, 4, 0, false},
		{"bdnzlr", ppc64asm.BCLR, 16, 0, false}, {"bdzlr", ppc64asm.BCLR, 18, 0, false},
		{"bdnztlrl", ppc64asm.BCLRL, 8, 2, false}, {"bcctr-decrement", ppc64asm.BCCTR, 16, 0, false},
		{"bdnzlr-ctr1", ppc64asm.BCLR, 16, 0, true}, {"bdzlrl-ctr1", ppc64asm.BCLRL, 18, 0, true},
	}
	var progs []runProgram
	for _, f := range forms {
		for _, msr := range []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser} {
			progs = append(progs, runProgram{
				name: fmt.Sprintf("regbranch-%s-%#x", f.name, msr), steps: 6000,
				setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
					m := code(t, msr, codeBase, mem.RX,
						enc(ppc64asm.ADDI, 3, 3, 1),
						enc(ppc64asm.ANDICC, 8, 3, 3),
						enc(ppc64asm.MTSPR, 8, 6), // mtlr r6
						enc(ppc64asm.MTSPR, 9, 5), // mtctr r5
						0x60000000,                // nop
						enc(f.op, f.bo, f.bi, 0),
						enc(ppc64asm.ADDI, 4, 4, 100),
						enc(ppc64asm.ADDI, 9, 9, -1),
						enc(ppc64asm.B, -32))
					if err := m.Map(fn, mem.PageSize, mem.RX); err != nil {
						t.Fatal(err)
					}
					poke(t, m, msr, fn,
						enc(ppc64asm.ADDI, 7, 7, 1),
						enc(ppc64asm.MFSPR, 10, 8), // mflr r10
						enc(ppc64asm.MFSPR, 11, 9), // mfctr r11
						enc(ppc64asm.ADD, 4, 4, 10),
						enc(ppc64asm.ADD, 4, 4, 11),
						enc(ppc64asm.MTSPR, 9, 3), // mtctr r3
						enc(ppc64asm.B, -int64(fn-codeBase)-24))
					r := regs.Regs{MSR: msr, NIP: codeBase, XER: 1 << 31}
					r.GPR[5], r.GPR[6] = fn+2, fn+1 // the low bits a target ignores
					if f.ctr1 {
						r.GPR[5] = 1
					}
					return m, r, emulate.New(emulate.Config{})
				},
			})
		}
	}
	return progs
}

// TestRunRegisterBranches checks that regBranchPrograms run as blocks:
// the loop's block is built under the block and native engines (the
// outcomes are TestRunSameAsStepLoop's).
func TestRunRegisterBranches(t *testing.T) {
	for _, p := range regBranchPrograms() {
		for _, eng := range []emulate.Engine{emulate.EngineBlock, emulate.EngineNative} {
			m, r, e := p.setup(t)
			cfg := e.Config()
			cfg.Engine = eng
			e = emulate.New(cfg)
			if _, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: p.steps}); err != emulate.ErrStepLimit {
				t.Fatalf("%s, %v: Run: %v", p.name, eng, err)
			}
			if !emulate.BlockBuilt(e, codeBase) {
				t.Errorf("%s, %v: no block at the loop", p.name, eng)
			}
		}
	}
}
