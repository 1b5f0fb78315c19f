package emulate_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/arch/ppc64/ppc64asm"
	"golang.org/x/sys/cpu"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/jit"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// sameBlockSMC is a TestRunSameAsStepLoop program whose store rewrites
// an instruction later in the same basic block (alternately addi
// r3,r3,1 and addi r3,r3,16): the block engine must stop after the store
// and run the new word.
func sameBlockSMC() runProgram {
	return runProgram{
		name: "same-block-smc", steps: 3000,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			msr := regs.MSRLinuxUserLE
			m := code(t, msr, codeBase, mem.RWX,
				enc(ppc64asm.STW, 5, 12, 4), // stw r5,12(r4): the word at codeBase+12
				enc(ppc64asm.XOR, 5, 5, 6),
				enc(ppc64asm.ADDI, 7, 7, 1),
				wAddi3,
				enc(ppc64asm.B, -16))
			r := regs.Regs{MSR: msr, NIP: codeBase}
			r.GPR[4], r.GPR[5], r.GPR[6] = codeBase, uint64(wAddi3By16), uint64(wAddi3^wAddi3By16)
			return m, r, emulate.New(emulate.Config{})
		},
		check: []uint64{codeBase},
	}
}

// Registers of blockPrograms: results go to r3-r15; r20-r23 are load and
// store bases (the update forms move them), r24-r25 indexes.
const (
	blockData     = 0x20000
	blockDataSize = 16 * mem.PageSize
)

// blockPrograms are random loops for TestRunSameAsStepLoop made of the
// ops the block engine runs itself (every kind of block.go, FP loads
// and stores too) and some it
// leaves to their semantic functions, in both byte orders: loads and
// stores on cached pages, across pages and off the end of the data (a
// fault), compares and conditional branches on every CR field, and a
// counted loop.
func blockPrograms(t *testing.T) []runProgram {
	var progs []runProgram
	for seed := uint64(1); seed <= 8; seed++ {
		for _, msr := range []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser} {
			fwd := seed%2 == 0
			progs = append(progs, blockProgram(seed, msr, func(rng *rand.Rand) []uint32 { return blockLoop(rng, fwd, fwd) }))
		}
	}
	return progs
}

// blockProgram is a random loop of blockPrograms for seed, run with msr,
// its words from body. Odd seeds (blockLoop): one block of the ops the
// native engine translates ending with a branch to its start (a loop in
// the block, which the native engine runs in its generated code); even
// seeds: forward branches and ops left to their semantic functions.
func blockProgram(seed, msr uint64, body func(*rand.Rand) []uint32) runProgram {
	rng := rand.New(rand.NewPCG(seed, 29))
	words := body(rng)
	data := make([]byte, blockDataSize)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	var r regs.Regs
	for i := range r.GPR {
		r.GPR[i] = rng.Uint64()
	}
	// The VSRs from a generator of their own (the other registers and
	// the loops stay those of earlier versions of the test): a quarter
	// random, the others of bytes 0, 'a', 'b' and 0xff, so that the
	// vector compares find some bytes equal and some not.
	vrng := rand.New(rand.NewPCG(seed, 30))
	for i := range r.VSR {
		var b [16]byte
		for k := range b {
			b[k] = byte(vrng.Uint32())
			if i%4 != 3 {
				b[k] = []byte{0, 'a', 'b', 0xff}[vrng.IntN(4)]
			}
		}
		r.VSR[i] = regs.VSRFrom(b[:], binary.BigEndian)
	}
	r.GPR[0] = 0 // the counts of zero bits read it
	r.MSR, r.NIP, r.CTR, r.CR, r.XER = msr, codeBase, 40, rng.Uint32(), 0
	if seed%4 == 1 {
		r.XER = regs.XERSO // copied into every CR field a compare sets
	}
	if seed%2 != 0 {
		// The step limits, not CTR, end the loop in one block (the
		// native engine's budget inside its generated code), and CR7
		// keeps it going: all ones for bdnzt, zeros for bdnzf.
		r.CTR = 1000
		if bo := words[len(words)-1] >> 21 & 31; bo == 8 {
			r.CR |= 0xf
		} else {
			r.CR &^= 0xf
		}
	}
	for k := range 4 {
		r.GPR[20+k] = blockData + uint64(k)*4*mem.PageSize + uint64(rng.IntN(mem.PageSize))
	}
	r.GPR[23] = blockData + blockDataSize - 3000 // walks off the end
	r.GPR[24], r.GPR[25] = uint64(rng.IntN(64)), uint64(rng.IntN(2000))
	return runProgram{
		name: fmt.Sprintf("block-random-%d-le%v", seed, msr&regs.MSRLE != 0), steps: 4000,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			m := code(t, msr, codeBase, mem.RX, words...)
			if err := m.Map(blockData, blockDataSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			if err := m.Poke(blockData, data); err != nil {
				t.Fatal(err)
			}
			return m, r, emulate.New(emulate.Config{})
		},
		check: blockPages(),
	}
}

// FuzzNativeBlocks runs the random loops of blockProgram (every op the
// native engine translates, among others, random registers and data, in
// both byte orders; for seeds 5 mod 8 TestNativeIndirect's loops ending
// in indirect branches) under EngineNative, in Runs with step limits, and
// one Fetch at a time: the same count, error, registers (go-cmp) and data. On a host
// that runs generated code, generated code must have run for the seeds
// (other inputs may fault before a block is hot).
func FuzzNativeBlocks(f *testing.F) {
	for seed := uint64(1); seed <= 8; seed++ {
		f.Add(seed, seed%2 == 0)
	}
	f.Fuzz(func(t *testing.T, seed uint64, le bool) {
		msr := regs.MSRLinuxUser
		if le {
			msr = regs.MSRLinuxUserLE
		}
		// Seeds 3 mod 4: blocks of translated ops only, which generated
		// code chains to one another; 5 mod 8: TestNativeIndirect's
		// loops.
		fwd := seed%2 == 0
		p := blockProgram(seed, msr, func(rng *rand.Rand) []uint32 { return blockLoop(rng, fwd, fwd || seed%4 == 3) })
		if seed%8 == 5 {
			p = indirectProgram(seed, msr, int(seed/8%40))
		}
		if !checkNative(t, p) && jit.Supported && seed <= 8 {
			t.Errorf("no generated code ran")
		}
	})
}

// TestNativeChain runs loops of blocks of translated ops only, split by
// forward conditional branches, whose generated code jumps from block to
// block (nativeChain), under EngineNative in Runs with step limits, in
// both byte orders (checkNative).
func TestNativeChain(t *testing.T) {
	nativeLoops(t, 5003, func(rng *rand.Rand) []uint32 { return blockLoop(rng, false, true) })
}

// nativeLoops runs checkNative on 40 loops of body from odd seeds from
// first on (CTR 1000: the step limits end the loop), in both byte
// orders, and requires generated code to have run in 30 at least (a
// loop may fault before its blocks are hot).
func nativeLoops(t *testing.T, first uint64, body func(*rand.Rand) []uint32) {
	t.Helper()
	ran := 0
	for k := range 40 {
		msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[k%2]
		if checkNative(t, blockProgram(first+2*uint64(k), msr, body)) {
			ran++
		}
	}
	if jit.Supported && ran < 30 {
		t.Errorf("generated code ran in %d loops of 40", ran)
	}
}

// TestNativeOps runs loops of one random instruction of each kind
// blockLoop makes for the native engine, and bdnz, with random registers
// and data in both byte orders (checkNative): the loop's last runs are
// generated code, whose result is the final state.
func TestNativeOps(t *testing.T) {
	kinds := len(blockGens(rand.New(rand.NewPCG(0, 0)), false))
	for g := range kinds {
		for k := range 10 {
			seed := uint64(1001 + 2*(g*10+k)) // odd: a loop in one block, CTR 1000
			msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[k%2]
			p := blockProgram(seed, msr, func(rng *rand.Rand) []uint32 {
				return []uint32{blockGens(rng, false)[g](), enc(ppc64asm.BC, 16, 0, -4)}
			})
			p.steps = 200
			if !checkNative(t, p) && jit.Supported {
				t.Errorf("kind %d, seed %d: no generated code ran", g, seed)
			}
		}
	}
}

// TestNativeShifts runs a loop of each rotate-and-mask form that
// generated code emits as one shift (srwi, slwi, srdi and sldi by every
// count, clrldi 32: one 32-bit move) and each X-form ALU op of a
// register with itself (mr and and: the one read; add and xor: both),
// and sraw, srad and their record forms by a register (the value
// itself, or r3), into another register and in place, then an add that feeds the result
// back, and bdnz, in both byte orders (checkNative against the Fetch
// loop).
func TestNativeShifts(t *testing.T) {
	var forms []func(rt, ra int64) uint32
	for k := range int64(64) {
		if k > 0 && k < 32 {
			forms = append(forms, func(rt, ra int64) uint32 { return enc(ppc64asm.RLWINM, rt, ra, 32-k, k, 31) })
		}
		if k < 32 {
			forms = append(forms, func(rt, ra int64) uint32 { return enc(ppc64asm.RLWINM, rt, ra, k, 0, 31-k) })
		}
		if k > 0 {
			forms = append(forms, func(rt, ra int64) uint32 { return enc(ppc64asm.RLDICL, rt, ra, 64-k, k) })
		}
		forms = append(forms, func(rt, ra int64) uint32 { return enc(ppc64asm.RLDICR, rt, ra, k, 63-k) })
	}
	forms = append(forms, func(rt, ra int64) uint32 { return enc(ppc64asm.RLDICL, rt, ra, 0, 32) })
	for _, op := range []ppc64asm.Op{ppc64asm.OR, ppc64asm.AND, ppc64asm.ADD, ppc64asm.XOR} {
		forms = append(forms, func(rt, ra int64) uint32 { return enc(op, rt, ra, ra) })
	}
	// Shifts by a register: the count is the value shifted, or r3, and
	// both take every range of counts as the loop goes.
	for _, op := range []ppc64asm.Op{ppc64asm.SRAW, ppc64asm.SRAWCC, ppc64asm.SRAD, ppc64asm.SRADCC} {
		forms = append(forms, func(rt, ra int64) uint32 { return enc(op, rt, ra, ra) },
			func(rt, ra int64) uint32 { return enc(op, rt, ra, 3) })
	}
	for i, form := range forms {
		for j, rt := range []int64{3, 4} {
			msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[(i+j)%2]
			p := blockProgram(uint64(7001+4*i+2*j), msr, func(*rand.Rand) []uint32 {
				return []uint32{form(rt, 4), enc(ppc64asm.ADD, 4, 4, 3), enc(ppc64asm.BC, 16, 0, -8)}
			})
			p.steps = 200
			if !checkNative(t, p) && jit.Supported {
				t.Errorf("%08x: no generated code ran", form(rt, 4))
			}
		}
	}
	// The shifts by r4 of the most negative value (srad's counts above
	// 63 shift out every bit), CA added into r4.
	for i, op := range []ppc64asm.Op{ppc64asm.SRAW, ppc64asm.SRAWCC, ppc64asm.SRAD, ppc64asm.SRADCC} {
		msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[i%2]
		p := blockProgram(uint64(7501+i), msr, func(*rand.Rand) []uint32 {
			return []uint32{enc(ppc64asm.ADDI, 5, 0, 1), enc(ppc64asm.RLDICR, 5, 5, 63, 0), enc(op, 3, 5, 4),
				enc(ppc64asm.ADDZE, 4, 4), enc(ppc64asm.ADD, 4, 4, 3), enc(ppc64asm.ADDI, 4, 4, 0x1357), enc(ppc64asm.BC, 16, 0, -24)}
		})
		p.steps = 400
		if !checkNative(t, p) && jit.Supported {
			t.Errorf("%v: no generated code ran", op)
		}
	}
}

// TestNativeIndirect runs loops of random translated ops whose back edge
// is an indirect branch (blr, bctr, their conditional, CTR-decrementing
// and link forms) to the address in r29, which an xor with r28 toggles
// each time between the loop's start and a second block that branches
// to the start (r28 = 0 in half of the loops: always the start, or always
// the second block), with a
// b to the start after the branch, under EngineNative in Runs with step
// limits, in both byte orders (checkNative): the generated code of the
// branch jumps to the code of the block the block loop last went to from
// it when that is the target (nativeIndirect). In 16 of the 40
// loops (k/8 odd) the second block is on the next page: jumps across
// pages.
func TestNativeIndirect(t *testing.T) {
	ran, indirect := 0, 0
	for k := range 40 {
		msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[k%2]
		if checkNative(t, indirectProgram(uint64(9001+2*k), msr, k)) {
			ran++
		}
		indirect += emulate.NativeIndirect(lastNative)
	}
	if jit.Supported && ran < 30 {
		t.Errorf("generated code ran in %d loops of 40", ran)
	}
	if jit.Supported && indirect < 30 {
		// The loops' branches must end their blocks' code (a new kind
		// for them once kept the translator from seeing them).
		t.Errorf("%d blocks ended in an indirect branch in generated code, want 30 or more", indirect)
	}
}

// indirectProgram is TestNativeIndirect's loop k (its branch's form, the
// lengths of its blocks, where the branch goes) from seed, run with msr.
func indirectProgram(seed, msr uint64, k int) runProgram {
	// BO, BI and the op: always, on a CR bit either way, CTR
	// decremented (bdnzlr), with link.
	forms := []struct {
		op     ppc64asm.Op
		bo, bi int64
	}{
		{ppc64asm.BCLR, 20, 0}, {ppc64asm.BCLR, 12, int64(k % 32)}, {ppc64asm.BCLR, 4, int64(k % 32)},
		{ppc64asm.BCLR, 16, 0}, {ppc64asm.BCLRL, 20, 0}, {ppc64asm.BCCTR, 20, 0},
		{ppc64asm.BCCTR, 12, int64(k % 32)}, {ppc64asm.BCCTRL, 20, 0},
	}
	f := forms[k%len(forms)]
	ctr := f.op == ppc64asm.BCCTR || f.op == ppc64asm.BCCTRL
	var second uint64 // the second block's address
	// For k/8 odd the second block is on the next page (its own
	// words, mapped by setup), so that the code jumps across pages.
	cross := k/8%2 == 1
	var far []uint32
	p := blockProgram(seed, msr, func(rng *rand.Rand) []uint32 {
		gens := blockGens(rng, false)
		body := func(words []uint32, n int) []uint32 {
			for n > 0 {
				w := gens[rng.IntN(len(gens))]()
				if w>>26 == 31 && w>>1&0x3ff == 467 {
					continue // mtspr: mtlr would move the loop's target
				}
				words, n = append(words, w), n-1
			}
			return words
		}
		words := body(nil, 2+k%20)
		words = append(words, enc(ppc64asm.XOR, 29, 29, 28), enc(ppc64asm.MTSPR, []int64{8, 9}[b2i(ctr)], 29))
		words = append(words, enc(f.op, f.bo, f.bi, 0))
		words = append(words, enc(ppc64asm.B, -4*int64(len(words))))
		if cross {
			second = codeBase + mem.PageSize
			far = body(nil, 1+k%5)
			far = append(far, enc(ppc64asm.B, -int64(mem.PageSize)-4*int64(len(far))))
			return words
		}
		second = codeBase + 4*uint64(len(words))
		words = body(words, 1+k%5)
		return append(words, enc(ppc64asm.B, -4*int64(len(words))))
	})
	setup := p.setup
	p.setup = func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
		m, r, e := setup(t)
		if cross {
			if err := m.Map(codeBase+mem.PageSize, mem.PageSize, mem.RX); err != nil {
				t.Fatal(err)
			}
			poke(t, m, msr, codeBase+mem.PageSize, far...)
		}
		r.CTR = 1000
		r.GPR[29], r.GPR[28] = codeBase+2, 0 // the low bits are ignored
		switch k % 4 {
		case 0, 1:
			r.GPR[28] = codeBase ^ second
		case 2:
			r.GPR[29] = second
		}
		return m, r, e
	}
	p.steps = 3000
	return p
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestNativePopcount runs loops of popcntd as TestNativeOps does, with
// the generated code's count without POPCNT (the hosts without it) and
// with it where the host has it.
func TestNativePopcount(t *testing.T) {
	for _, on := range []bool{false, true} {
		restore := emulate.SetNativePopcnt(on)
		for k := range 10 {
			seed := uint64(4001 + 2*k)
			msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[k%2]
			p := blockProgram(seed, msr, func(rng *rand.Rand) []uint32 {
				return []uint32{enc(ppc64asm.POPCNTD, int64(3+rng.IntN(13)), int64(3+rng.IntN(13))), enc(ppc64asm.BC, 16, 0, -4)}
			})
			p.steps = 200
			if !checkNative(t, p) && jit.Supported {
				t.Errorf("popcnt %v, seed %d: no generated code ran", on, seed)
			}
		}
		restore()
		if !cpu.X86.HasPOPCNT {
			break
		}
	}
}

// checkNative runs p under EngineNative, in Runs with step limits, and
// one Fetch at a time, requires the same count, error, registers and
// data pages, and reports whether generated code ran.
func checkNative(t *testing.T, p runProgram) bool {
	t.Helper()
	m1, r1, _ := p.setup(t)
	e1 := emulate.New(emulate.Config{Engine: emulate.EngineNative, Profile: p.profile})
	emulate.SetNativeBlockHot(e1, 16) // blocks after 16 runs: the loops are short
	// Step limits that end inside a loop in one block after a whole
	// number of runs of it, before it and after it.
	limits := []uint64{997, 130, 61, 60, 59, 121, 1, 1000}
	n1, err1 := runLimits(e1, &r1, m1, p.steps, limits, 0)
	m2, r2, _, n2, err2 := fetchLoop(t, p)
	if n1 != n2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
		t.Fatalf("Run = %d, %v; Fetch loop = %d, %v", n1, err1, n2, err2)
	}
	if d := cmp.Diff(r2, r1); d != "" {
		t.Fatalf("registers (-Fetch +Run):\n%s", d)
	}
	if d := pagesDiffer(t, m1, m2, p.check); d != nil {
		t.Fatalf("pages %#x differ", d)
	}
	lastNative = e1
	return emulate.NativeCalls(e1) != 0
}

// lastNative is the Emulator of checkNative's last Run (for tests that
// look at its generated code).
var lastNative *emulate.Emulator

func blockPages() []uint64 {
	var p []uint64
	for a := uint64(blockData); a < blockData+blockDataSize; a += mem.PageSize {
		p = append(p, a)
	}
	return p
}

// TestNativeSegments runs loops in one block of random ops, among them
// ops the native engine leaves to the block loop, after which it runs
// the generated code of the next translated ops (nativeState.segment),
// under EngineNative in Runs with step limits, in both byte orders
// (checkNative).
func TestNativeSegments(t *testing.T) {
	nativeLoops(t, 7003, func(rng *rand.Rand) []uint32 { return blockLoop(rng, true, false) })
}

// blockLoop is a random loop body of 60 instructions ending with bdnz,
// with forward conditional branches in it if branches, of all of
// blockGens' ops if fwd (else those the native engine translates and a
// bdnz, bdnzf or bdnzt on CR7).
func blockLoop(rng *rand.Rand, fwd, branches bool) []uint32 {
	gens := blockGens(rng, fwd)
	var words []uint32
	const n = 60
	for len(words) < n-1 {
		if branches && rng.IntN(8) == 0 && len(words) < n-5 {
			// A forward conditional branch over 1 to 3 instructions
			// on a random CR bit, true or false.
			bo := []int64{12, 4}[rng.IntN(2)]
			words = append(words, enc(ppc64asm.BC, bo, int64(rng.IntN(32)), int64(4*(2+rng.IntN(3)))))
			continue
		}
		words = append(words, gens[rng.IntN(len(gens))]())
	}
	if !fwd {
		// bdnz, bdnzf or bdnzt to the start on a bit of CR7, which
		// blockProgram sets so that CTR ends the loop.
		bo := []int64{16, 0, 8}[rng.IntN(3)]
		return append(words, enc(ppc64asm.BC, bo, int64(28+rng.IntN(4)), -4*(n-1)))
	}
	return append(words, enc(ppc64asm.BC, 16, 0, -4*(n-1))) // bdnz to the start
}

// blockGens are blockLoop's instruction makers: with fwd, all of them,
// else only those of ops the native engine translates.
func blockGens(rng *rand.Rand, fwd bool) []func() uint32 {
	rt := func() int64 { return int64(3 + rng.IntN(13)) }
	base := func() int64 { return int64(20 + rng.IntN(4)) }
	idx := func() int64 { return int64(24 + rng.IntN(2)) }
	src := func() int64 {
		if rng.IntN(4) == 0 {
			return base()
		}
		return rt()
	}
	// bf is a compare's CR field: CR7 is left to the loop's branch when
	// !fwd.
	bf := func() int64 {
		if fwd {
			return int64(rng.IntN(8))
		}
		return int64(rng.IntN(7))
	}
	si := func() int64 { return int64(rng.IntN(1<<16)) - 1<<15 }
	ui := func() int64 { return int64(rng.IntN(1 << 16)) }
	disp := func() int64 { return int64(rng.IntN(64)) - 16 }
	vr := func() int64 { return int64(rng.IntN(32)) }
	vs := func() int64 { return int64(rng.IntN(64)) }
	// vecEA is the RA and RB of an X-form vector access: RA 0 (no base)
	// with a base in RB, or a base and an index.
	vecEA := func() (int64, int64) {
		if rng.IntN(2) == 0 {
			return 0, base()
		}
		return base(), idx()
	}
	// dForm is a D-form load or store of register r, one of ops; the
	// DS-form ld and std take a multiple of 4.
	dForm := func(r int64, ops ...ppc64asm.Op) uint32 {
		op := ops[rng.IntN(len(ops))]
		d := disp()
		if op == ppc64asm.LD || op == ppc64asm.STD || op == ppc64asm.LWA {
			d &^= 3
		}
		return enc(op, r, d, base())
	}
	// countZeros is one of ops of a source register or r0 (zero:
	// blockProgram).
	countZeros := func(ops ...ppc64asm.Op) uint32 {
		if rng.IntN(4) == 0 {
			return enc(ops[rng.IntN(len(ops))], rt(), 0)
		}
		return enc(ops[rng.IntN(len(ops))], rt(), src())
	}
	gens := []func() uint32{
		func() uint32 { return enc(ppc64asm.ADDI, rt(), src(), si()) },
		func() uint32 { return enc(ppc64asm.ADDIS, rt(), src(), si()) },
		func() uint32 { return enc(ppc64asm.ADDI, rt(), 0, si()) },
		func() uint32 { return enc(ppc64asm.ADDIS, rt(), 0, si()) },
		func() uint32 { return enc(ppc64asm.ADD, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.SUBF, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.MULLD, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.MULLW, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.AND, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.OR, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.XOR, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.ORI, rt(), src(), ui()) },
		func() uint32 { return enc(ppc64asm.ORIS, rt(), src(), ui()) },
		func() uint32 { return enc(ppc64asm.XORI, rt(), src(), ui()) },
		func() uint32 { return enc(ppc64asm.XORIS, rt(), src(), ui()) },
		func() uint32 {
			return enc(ppc64asm.RLWINM, rt(), src(), int64(rng.IntN(32)), int64(rng.IntN(32)), int64(rng.IntN(32)))
		},
		func() uint32 { return enc(ppc64asm.RLDICL, rt(), src(), int64(rng.IntN(64)), int64(rng.IntN(64))) },
		func() uint32 { return enc(ppc64asm.RLDICR, rt(), src(), int64(rng.IntN(64)), int64(rng.IntN(64))) },
		func() uint32 { return enc(ppc64asm.RLDIC, rt(), src(), int64(rng.IntN(64)), int64(rng.IntN(64))) },
		func() uint32 { return enc(ppc64asm.EXTSW, rt(), src()) },
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.CMPW, ppc64asm.CMPD, ppc64asm.CMPLW, ppc64asm.CMPLD}
			return enc(ops[rng.IntN(4)], bf(), src(), src())
		},
		func() uint32 {
			if rng.IntN(2) == 0 {
				return enc([]ppc64asm.Op{ppc64asm.CMPWI, ppc64asm.CMPDI}[rng.IntN(2)], bf(), src(), si())
			}
			return enc([]ppc64asm.Op{ppc64asm.CMPLWI, ppc64asm.CMPLDI}[rng.IntN(2)], bf(), src(), ui())
		},
		func() uint32 {
			if !fwd {
				return dForm(rt(), ppc64asm.LBZ, ppc64asm.LHZ, ppc64asm.LWZ, ppc64asm.LD)
			}
			return dForm(rt(), ppc64asm.LBZ, ppc64asm.LHZ, ppc64asm.LWZ, ppc64asm.LD, ppc64asm.LHA)
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.LBZX, ppc64asm.LHZX, ppc64asm.LWZX, ppc64asm.LDX}
			return enc(ops[rng.IntN(len(ops))], rt(), base(), idx())
		},
		func() uint32 { return enc(ppc64asm.LBZU, rt(), int64(rng.IntN(40)), base()) },
		func() uint32 { return enc(ppc64asm.LDU, rt(), int64(rng.IntN(10))*4, base()) },
		func() uint32 { return dForm(src(), ppc64asm.STB, ppc64asm.STH, ppc64asm.STW, ppc64asm.STD) },
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.STBX, ppc64asm.STWX, ppc64asm.STDX}
			return enc(ops[rng.IntN(len(ops))], src(), base(), idx())
		},
		func() uint32 { return enc(ppc64asm.STWU, src(), int64(rng.IntN(40)), base()) },
		func() uint32 { return enc(ppc64asm.STDU, src(), int64(rng.IntN(10))*4, base()) },
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.LFD, ppc64asm.STFD, ppc64asm.LFDU, ppc64asm.STFDU}
			return enc(ops[rng.IntN(len(ops))], int64(rng.IntN(32)), disp()&^7+16, base())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.LFDX, ppc64asm.STFDX}
			return enc(ops[rng.IntN(len(ops))], int64(rng.IntN(32)), base(), idx())
		},
		// Ops the block engine leaves to their semantic functions and
		// the native engine translates.
		func() uint32 {
			return []uint32{0x60000000, 0x4c00012c}[rng.IntN(2)] // nop, isync
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.EXTSB, ppc64asm.EXTSH, ppc64asm.NEG}
			return enc(ops[rng.IntN(len(ops))], rt(), src())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.ANDC, ppc64asm.NOR}
			return enc(ops[rng.IntN(len(ops))], rt(), src(), src())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.SLD, ppc64asm.SRD}
			return enc(ops[rng.IntN(len(ops))], rt(), src(), []int64{idx(), src()}[rng.IntN(2)])
		},
		func() uint32 { return enc(ppc64asm.SRAWI, rt(), src(), int64(rng.IntN(32))) },
		func() uint32 { return enc(ppc64asm.SRADI, rt(), src(), int64(rng.IntN(64))) },
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.SRAW, ppc64asm.SRAWCC, ppc64asm.SRAD, ppc64asm.SRADCC}
			return enc(ops[rng.IntN(len(ops))], rt(), src(), []int64{idx(), src()}[rng.IntN(2)])
		},
		func() uint32 {
			return enc(ppc64asm.RLWIMI, rt(), src(), int64(rng.IntN(32)), int64(rng.IntN(32)), int64(rng.IntN(32)))
		},
		func() uint32 {
			return enc([]ppc64asm.Op{ppc64asm.ANDICC, ppc64asm.ANDISCC}[rng.IntN(2)], rt(), src(), ui())
		},
		func() uint32 { return enc(ppc64asm.MULLI, rt(), src(), si()) },
		// mflr, mfctr, mtlr (mtctr would end the loop's bdnz early).
		func() uint32 {
			if rng.IntN(3) == 0 {
				return enc(ppc64asm.MTSPR, 8, src())
			}
			return enc(ppc64asm.MFSPR, rt(), []int64{8, 9}[rng.IntN(2)])
		},
		// Record forms (CR0 from the result and XER[SO]).
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.ORCC, ppc64asm.ANDCC, ppc64asm.XORCC, ppc64asm.ADDCC, ppc64asm.SUBFCC,
				ppc64asm.MULLDCC, ppc64asm.MULLWCC}
			return enc(ops[rng.IntN(len(ops))], rt(), src(), src())
		},
		func() uint32 {
			switch rng.IntN(4) {
			case 0:
				return enc(ppc64asm.EXTSWCC, rt(), src())
			case 1:
				return enc(ppc64asm.RLWINMCC, rt(), src(), int64(rng.IntN(32)), int64(rng.IntN(32)), int64(rng.IntN(32)))
			}
			ops := []ppc64asm.Op{ppc64asm.RLDICLCC, ppc64asm.RLDICRCC, ppc64asm.RLDICCC}
			return enc(ops[rng.IntN(len(ops))], rt(), src(), int64(rng.IntN(64)), int64(rng.IntN(64)))
		},
		// VMX and VSX ops of glibc's string functions, and popcntd,
		// dcbt.
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.VCMPEQUB, ppc64asm.VCMPEQUBCC, ppc64asm.VCMPEQUH, ppc64asm.VCMPEQUHCC,
				ppc64asm.VCMPEQUW, ppc64asm.VCMPEQUWCC}
			va := vr()
			vb := []int64{va, vr()}[rng.IntN(2)] // equal registers: every element equal
			return enc(ops[rng.IntN(len(ops))], vr(), va, vb)
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.VOR, ppc64asm.VAND, ppc64asm.VXOR, ppc64asm.VANDC, ppc64asm.VNOR}
			return enc(ops[rng.IntN(len(ops))], vr(), vr(), vr())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.XXLOR, ppc64asm.XXLAND, ppc64asm.XXLXOR, ppc64asm.XXLANDC, ppc64asm.XXLNOR, ppc64asm.XXLORC}
			return enc(ops[rng.IntN(len(ops))], vs(), vs(), vs())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.VSPLTISB, ppc64asm.VSPLTISH, ppc64asm.VSPLTISW}
			return enc(ops[rng.IntN(len(ops))], vr(), int64(rng.IntN(32))-16)
		},
		func() uint32 { return enc(ppc64asm.XXPERMDI, vs(), vs(), vs(), int64(rng.IntN(4))) },
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.MFVSRD, ppc64asm.MFVSRWZ, ppc64asm.MFVSRLD}
			return enc(ops[rng.IntN(len(ops))], rt(), vs())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.MTVSRD, ppc64asm.MTVSRWZ, ppc64asm.MTVSRWA}
			return enc(ops[rng.IntN(len(ops))], vs(), src())
		},
		func() uint32 { return enc(ppc64asm.VGBBD, vr(), vr()) },
		func() uint32 { return enc(ppc64asm.VSLDOI, vr(), vr(), vr(), int64(rng.IntN(16))) },
		func() uint32 { return enc(ppc64asm.POPCNTD, rt(), src()) },
		func() uint32 { return countZeros(ppc64asm.CNTLZD, ppc64asm.CNTLZW) },
		func() uint32 { return countZeros(ppc64asm.CNTTZD, ppc64asm.CNTTZW) },
		func() uint32 {
			return enc(ppc64asm.ISEL, rt(), []int64{0, src()}[rng.IntN(2)], src(), int64(rng.IntN(32)))
		},
		func() uint32 { return enc(ppc64asm.MADDLD, rt(), src(), src(), src()) },
		func() uint32 { return enc(ppc64asm.RLDIMI, rt(), src(), int64(rng.IntN(64)), int64(rng.IntN(64))) },
		func() uint32 {
			if rng.IntN(2) == 0 {
				return dForm(rt(), ppc64asm.LHA, ppc64asm.LWA)
			}
			ops := []ppc64asm.Op{ppc64asm.LHAX, ppc64asm.LWAX}
			return enc(ops[rng.IntN(len(ops))], rt(), base(), idx())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.VSPLTB, ppc64asm.VSPLTH, ppc64asm.VSPLTW}
			op := rng.IntN(len(ops))
			return enc(ops[op], vr(), vr(), int64(rng.IntN(16>>op)))
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.VSLB, ppc64asm.VSLH, ppc64asm.VSLW, ppc64asm.VSLD,
				ppc64asm.VSRB, ppc64asm.VSRH, ppc64asm.VSRW, ppc64asm.VSRD}
			return enc(ops[rng.IntN(len(ops))], vr(), vr(), vr())
		},
		func() uint32 {
			ra, rb := vecEA()
			return enc([]ppc64asm.Op{ppc64asm.LVSL, ppc64asm.LVSR}[rng.IntN(2)], vr(), ra, rb)
		},
		func() uint32 { return enc(ppc64asm.VBPERMQ, vr(), vr(), vr()) },
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.LXVD2X, ppc64asm.STXVD2X}
			ra, rb := vecEA()
			return enc(ops[rng.IntN(len(ops))], vs(), ra, rb)
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.LVX, ppc64asm.STVX, ppc64asm.LVXL, ppc64asm.STVXL}
			ra, rb := vecEA()
			return enc(ops[rng.IntN(len(ops))], vr(), ra, rb)
		},
		func() uint32 {
			ra, rb := vecEA()
			return enc(ppc64asm.DCBT, ra, rb, 0)
		},
		// Update, indexed-update and sign-extending loads, halfword and
		// update stores, the carrying adds and subtracts, mulhw[u],
		// mtcrf, mtocrf and mfcr (native_int.go).
		func() uint32 {
			if rng.IntN(2) == 0 {
				ops := []ppc64asm.Op{ppc64asm.LHZU, ppc64asm.LWZU, ppc64asm.LHAU}
				return enc(ops[rng.IntN(len(ops))], rt(), disp(), base())
			}
			// RB r24 (below 64): RA stays in the data for the
			// runs before the loop is hot.
			ops := []ppc64asm.Op{ppc64asm.LHZUX, ppc64asm.LWZUX, ppc64asm.LBZUX, ppc64asm.LDUX, ppc64asm.LHAUX, ppc64asm.LWAUX}
			return enc(ops[rng.IntN(len(ops))], rt(), base(), 24)
		},
		func() uint32 {
			if rng.IntN(2) == 0 {
				return enc([]ppc64asm.Op{ppc64asm.STHU, ppc64asm.STBU}[rng.IntN(2)], src(), disp(), base())
			}
			if rng.IntN(3) == 0 {
				return enc(ppc64asm.STHX, src(), base(), idx())
			}
			ops := []ppc64asm.Op{ppc64asm.STHUX, ppc64asm.STBUX, ppc64asm.STWUX, ppc64asm.STDUX}
			return enc(ops[rng.IntN(len(ops))], src(), base(), 24)
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.ADDIC, ppc64asm.ADDICCC, ppc64asm.SUBFIC}
			return enc(ops[rng.IntN(len(ops))], rt(), src(), si())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.ADDC, ppc64asm.ADDCCC, ppc64asm.ADDE, ppc64asm.ADDECC,
				ppc64asm.SUBFC, ppc64asm.SUBFCCC, ppc64asm.SUBFE, ppc64asm.SUBFECC}
			return enc(ops[rng.IntN(len(ops))], rt(), src(), src())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.ADDME, ppc64asm.ADDMECC, ppc64asm.ADDZE, ppc64asm.ADDZECC,
				ppc64asm.SUBFME, ppc64asm.SUBFMECC, ppc64asm.SUBFZE, ppc64asm.SUBFZECC}
			return enc(ops[rng.IntN(len(ops))], rt(), src())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.MULHW, ppc64asm.MULHWCC, ppc64asm.MULHWU, ppc64asm.MULHWUCC,
				ppc64asm.MTCRF, ppc64asm.MTOCRF, ppc64asm.MFCR}
			switch op := ops[rng.IntN(len(ops))]; op {
			// mtcrf and mtocrf not of CR7 (FXM bit 0x01), which the
			// loop's branch may read.
			case ppc64asm.MTCRF:
				return enc(op, int64(rng.IntN(128))<<1, src())
			case ppc64asm.MTOCRF:
				return enc(op, int64(2)<<rng.IntN(7), src())
			case ppc64asm.MFCR:
				return enc(op, rt())
			default:
				return enc(op, rt(), src(), src())
			}
		},
		// mulhd[u][.], divd[u][.] (by r0, zero, in a quarter: an exit
		// to the block loop), mfocrf, eqv, nand, orc, slw, srw, the
		// record forms of nativeGeneric's ops, hwsync and lwsync
		// (speed33).
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.MULHD, ppc64asm.MULHDCC, ppc64asm.MULHDU, ppc64asm.MULHDUCC}
			return enc(ops[rng.IntN(len(ops))], rt(), src(), src())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.DIVD, ppc64asm.DIVDCC, ppc64asm.DIVDU, ppc64asm.DIVDUCC}
			rb := src()
			if rng.IntN(4) == 0 {
				rb = 0
			}
			return enc(ops[rng.IntN(len(ops))], rt(), src(), rb)
		},
		func() uint32 { return enc(ppc64asm.MFOCRF, rt(), int64(1)<<rng.IntN(8)) },
		// The CR logical ops (speed36), BT not in CR7 (the loop's
		// branch may read it).
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.CRAND, ppc64asm.CRANDC, ppc64asm.CREQV, ppc64asm.CRNAND,
				ppc64asm.CRNOR, ppc64asm.CROR, ppc64asm.CRORC, ppc64asm.CRXOR}
			return enc(ops[rng.IntN(len(ops))], int64(rng.IntN(28)), int64(rng.IntN(32)), int64(rng.IntN(32)))
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.EQV, ppc64asm.EQVCC, ppc64asm.NAND, ppc64asm.NANDCC, ppc64asm.ORC, ppc64asm.ORCCC,
				ppc64asm.SLW, ppc64asm.SLWCC, ppc64asm.SRW, ppc64asm.SRWCC, ppc64asm.ANDCCC, ppc64asm.NORCC,
				ppc64asm.SLDCC, ppc64asm.SRDCC}
			return enc(ops[rng.IntN(len(ops))], rt(), src(), []int64{idx(), src()}[rng.IntN(2)])
		},
		func() uint32 {
			switch rng.IntN(4) {
			case 0:
				return enc(ppc64asm.SRAWICC, rt(), src(), int64(rng.IntN(32)))
			case 1:
				return enc(ppc64asm.SRADICC, rt(), src(), int64(rng.IntN(64)))
			case 2:
				return enc(ppc64asm.RLWIMICC, rt(), src(), int64(rng.IntN(32)), int64(rng.IntN(32)), int64(rng.IntN(32)))
			}
			ops := []ppc64asm.Op{ppc64asm.EXTSBCC, ppc64asm.EXTSHCC, ppc64asm.NEGCC}
			return enc(ops[rng.IntN(len(ops))], rt(), src())
		},
		func() uint32 {
			return []uint32{0x7c0004ac, 0x7c2004ac}[rng.IntN(2)] // hwsync, lwsync
		},
		// lxv, stxv (DQ-form: a multiple of 16 from a base), lxvx, stxvx.
		func() uint32 {
			if rng.IntN(2) == 0 {
				return enc([]ppc64asm.Op{ppc64asm.LXV, ppc64asm.STXV}[rng.IntN(2)], vs(), int64(rng.IntN(8))*16-32, base())
			}
			ra, rb := vecEA()
			return enc([]ppc64asm.Op{ppc64asm.LXVX, ppc64asm.STXVX}[rng.IntN(2)], vs(), ra, rb)
		},
		// Ops the block engine and the native engine leave to their
		// semantic functions.
		func() uint32 { return enc(ppc64asm.ADDCO, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.DIVWU, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.DIVW, rt(), src(), src()) },
	}
	if !fwd {
		gens = gens[:len(gens)-3] // only ops the native engine translates
	}
	return gens
}

// TestRunCachesEvictedWords: a loop of more distinct words than decode's
// cache has slots (8,192, direct-mapped), so that words share slots and
// evict each other there, still ends up whole in Run's page cache after
// its second pass, and runs as Step would (r3 = the sum of the
// immediates, three times over).
func TestRunCachesEvictedWords(t *testing.T) {
	const n = 12000
	words := make([]uint32, 0, n+1)
	want := uint64(0)
	for k := range n {
		words = append(words, enc(ppc64asm.ADDI, 3, 3, int64(k+1))) // addi r3,r3,k+1
		want += uint64(k + 1)
	}
	words = append(words, enc(ppc64asm.B, -4*n)) // b back to the first
	msr := regs.MSRLinuxUserLE
	m := mem.New()
	size := uint64(len(words)*4+mem.PageSize-1) &^ (mem.PageSize - 1)
	if err := m.Map(codeBase, size, mem.RX); err != nil {
		t.Fatal(err)
	}
	poke(t, m, msr, codeBase, words...)
	e := emulate.New(emulate.Config{})
	r := regs.Regs{MSR: msr, NIP: codeBase}
	if _, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 3 * (n + 1)}); !errors.Is(err, emulate.ErrStepLimit) {
		t.Fatalf("Run: %v; want the step limit", err)
	}
	if r.GPR[3] != 3*want || r.NIP != codeBase {
		t.Errorf("r3 %d at NIP %#x; want %d at %#x", r.GPR[3], r.NIP, 3*want, codeBase)
	}
	missing := 0
	for i := range words {
		if !emulate.RunCached(e, codeBase+uint64(i)*4) {
			missing++
		}
	}
	if missing != 0 {
		t.Errorf("%d of %d instructions not in Run's page cache after three passes", missing, len(words))
	}
}

// TestRunTierSwitch runs the random loops of blockProgram long enough
// for their lines to become hot under the block and native engines (cold
// code runs through the cached loop, and a block is built for a line
// only after it ran often: block.go's blockHot), in Runs with step
// limits that fall before, across and after the switch, and requires
// the count, error, registers and data pages of Fetch one step at a
// time, and a block built at the loop's start in most loops (a loop may
// fault before it is hot).
func TestRunTierSwitch(t *testing.T) {
	for _, eng := range []emulate.Engine{emulate.EngineBlock, emulate.EngineNative} {
		built := 0
		for seed := uint64(1); seed <= 16; seed++ {
			msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[seed%2]
			fwd := seed%4 >= 2
			p := blockProgram(2*seed+1, msr, func(rng *rand.Rand) []uint32 { return blockLoop(rng, fwd, fwd) })
			p.steps = 30000
			setup := p.setup
			p.setup = func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
				// r23 (a base the update forms move) starts mid-data,
				// so that more loops run long enough to become hot.
				m, r, e := setup(t)
				r.GPR[23] = blockData + blockDataSize/2
				return m, r, e
			}
			m1, r1, _ := p.setup(t)
			e1 := emulate.New(emulate.Config{Engine: eng})
			limits := []uint64{997, 15000, 1, 59, 60, 61, 130, 1000, 4001}
			n1, err1 := runLimits(e1, &r1, m1, p.steps, limits, int(seed))
			m2, r2, _, n2, err2 := fetchLoop(t, p)
			if n1 != n2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Fatalf("%v, seed %d: Run = %d, %v; Fetch loop = %d, %v", eng, seed, n1, err1, n2, err2)
			}
			if d := cmp.Diff(r2, r1); d != "" {
				t.Fatalf("%v, seed %d: registers (-Fetch +Run):\n%s", eng, seed, d)
			}
			if d := pagesDiffer(t, m1, m2, p.check); d != nil {
				t.Fatalf("%v, seed %d: pages %#x differ", eng, seed, d)
			}
			if emulate.BlockBuilt(e1, codeBase) {
				built++
			}
		}
		if built < 14 {
			t.Errorf("%v: a block built at the loop in %d loops of 16", eng, built)
		}
	}
}

// TestRunIndirectTargets runs a loop that calls (bctrl) one of four
// functions on another page by turns, each returning with blr, under
// the block and native engines in Runs with step limits: the indirect
// branches' targets change from one run of the call to the next, so
// the blocks are found through pageCache.jumps rather than their
// chains, across pages. Halfway, one function's first word and another's
// second are rewritten (Poke, between two Runs) on both sides. The
// count, registers and memory must be those of Fetch one step at a time.
func TestRunIndirectTargets(t *testing.T) {
	const fns = codeBase + 4*mem.PageSize
	for _, eng := range []emulate.Engine{emulate.EngineBlock, emulate.EngineNative} {
		for _, msr := range []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser} {
			setup := func(t *testing.T) (*mem.Memory, regs.Regs) {
				m := code(t, msr, codeBase, mem.RX,
					enc(ppc64asm.ADDI, 3, 3, 1),
					enc(ppc64asm.RLWINM, 5, 3, 8, 22, 23), // (r3 & 3) << 8
					enc(ppc64asm.ADD, 5, 5, 6),
					enc(ppc64asm.MTSPR, 9, 5), // mtctr r5
					enc(ppc64asm.BCCTRL, 20, 0, 0),
					enc(ppc64asm.B, -20))
				if err := m.Map(fns, mem.PageSize, mem.RX); err != nil {
					t.Fatal(err)
				}
				for k := range int64(4) {
					poke(t, m, msr, fns+uint64(k)*0x100,
						enc(ppc64asm.ADDI, 4, 4, k+1),
						enc(ppc64asm.ADDI, 7, 7, 1),
						enc(ppc64asm.BCLR, 20, 0, 0))
				}
				r := regs.Regs{MSR: msr, NIP: codeBase}
				r.GPR[6] = fns
				return m, r
			}
			m1, r1 := setup(t)
			m2, r2 := setup(t)
			e1 := emulate.New(emulate.Config{Engine: eng})
			e2 := emulate.New(emulate.Config{})
			limits := []uint64{997, 1, 59, 4001, 60, 61, 130, 1000}
			const steps = 40000
			for half := range 2 {
				if half == 1 {
					for _, m := range []*mem.Memory{m1, m2} {
						poke(t, m, msr, fns+0x200, enc(ppc64asm.ADDI, 4, 4, 100))
						poke(t, m, msr, fns+0x104, enc(ppc64asm.ADDI, 7, 7, 3))
					}
				}
				n1, err1 := runLimits(e1, &r1, m1, steps, limits, half)
				var n2 uint64
				var err2 error
				for ; n2 < steps; n2++ {
					if err2 = e2.Fetch(&r2, unpaged{m2}); err2 != nil {
						break
					}
				}
				if n1 != n2 || err1 != nil || err2 != nil {
					t.Fatalf("%v, MSR %#x, half %d: Run = %d, %v; Fetch loop = %d, %v", eng, msr, half, n1, err1, n2, err2)
				}
				if d := cmp.Diff(r2, r1); d != "" {
					t.Fatalf("%v, MSR %#x, half %d: registers (-Fetch +Run):\n%s", eng, msr, half, d)
				}
			}
			for k := range uint64(4) {
				if !emulate.BlockBuilt(e1, fns+k*0x100) {
					t.Errorf("%v, MSR %#x: no block at function %d", eng, msr, k)
				}
			}
		}
	}
}
