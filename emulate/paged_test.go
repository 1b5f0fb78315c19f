package emulate_test

import (
	"bytes"
	"errors"
	"golang.org/x/arch/ppc64/ppc64asm"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Encodings from Power ISA 3.1B (D, DS, XO and I forms).
var (
	wStwR5     = enc(ppc64asm.STW, 5, 0, 4)   // stw r5,0(r4)
	wBack8     = enc(ppc64asm.B, -8)          // b .-8
	wAddi3By16 = enc(ppc64asm.ADDI, 3, 3, 16) // addi r3,r3,16
	wLdR6      = enc(ppc64asm.LD, 6, 0, 7)    // ld r6,0(r7)
	wStdR6     = enc(ppc64asm.STD, 6, 0, 8)   // std r6,0(r8)
	wAddR3R6   = enc(ppc64asm.ADD, 3, 3, 6)   // add r3,r3,r6
	wAddi7By3  = enc(ppc64asm.ADDI, 7, 7, 3)  // addi r7,r7,3
	wAddi8By5  = enc(ppc64asm.ADDI, 8, 8, 5)  // addi r8,r8,5
	wBack20    = enc(ppc64asm.B, -20)         // b .-20
)

// unpaged hides mem.Memory's pages from Run: every access is a call.
type unpaged struct{ m *mem.Memory }

func (u unpaged) Read(addr uint64, p []byte) error  { return u.m.Read(addr, p) }
func (u unpaged) Write(addr uint64, p []byte) error { return u.m.Write(addr, p) }
func (u unpaged) Fetch(addr uint64, p []byte) error { return u.m.Fetch(addr, p) }

// TestRunPagedSameAsFetch runs a copy loop whose unaligned loads and
// stores cross pages and whose last store straddles into a read-only page
// through Run on a mem.Memory (Run's page caches) and through Fetch one
// step at a time on the same memory hidden behind calls, and compares
// instruction counts, outcomes, registers and memory.
func TestRunPagedSameAsFetch(t *testing.T) {
	// Both byte orders, and 32-bit mode (data accesses then take Read and
	// Write, which wrap at 2^32).
	for _, msr := range []uint64{regs.MSRLinuxUser, regs.MSRLinuxUserLE, regs.MSRLinuxUserLE &^ regs.MSRSF} {
		setup := func() (*mem.Memory, regs.Regs) {
			m := code(t, msr, codeBase, mem.RX, wLdR6, wStdR6, wAddR3R6, wAddi7By3, wAddi8By5, wBack20)
			if err := m.Map(0x20000, 2*mem.PageSize, mem.RW); err != nil {
				t.Fatal(err)
			}
			if err := m.Map(0x22000, mem.PageSize, mem.Read); err != nil {
				t.Fatal(err)
			}
			b := make([]byte, 3*mem.PageSize)
			for i := range b {
				b[i] = byte(i*7 + i>>8)
			}
			if err := m.Poke(0x20000, b); err != nil {
				t.Fatal(err)
			}
			r := regs.Regs{MSR: msr, NIP: codeBase}
			r.GPR[7], r.GPR[8] = 0x20000, 0x20100
			return m, r
		}
		m1, r1 := setup()
		n1, err1 := emulate.New(emulate.Config{}).Run(&r1, m1, emulate.RunOptions{MaxSteps: 20000})

		m2, r2 := setup()
		e2 := emulate.New(emulate.Config{})
		var n2 uint64
		var err2 error
		for ; n2 < 20000; n2++ {
			if err2 = e2.Fetch(&r2, unpaged{m2}); err2 != nil {
				break
			}
		}
		if n1 < 1000 || n1 != n2 || err1 == nil || err2 == nil || err1.Error() != err2.Error() {
			t.Fatalf("MSR %#x: Run = %d, %v; Fetch loop = %d, %v", msr, n1, err1, n2, err2)
		}
		var f *emulate.Fault
		if !errors.As(err1, &f) || !f.Write || f.Addr != 0x22000 {
			t.Errorf("MSR %#x: Run = %v, want the store into the read-only page", msr, err1)
		}
		if d := cmp.Diff(r2, r1); d != "" {
			t.Errorf("MSR %#x: registers (-Fetch +Run):\n%s", msr, d)
		}
		b1 := make([]byte, 3*mem.PageSize)
		b2 := make([]byte, 3*mem.PageSize)
		if err := m1.Read(0x20000, b1); err != nil {
			t.Fatal(err)
		}
		if err := m2.Read(0x20000, b2); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b1, b2) {
			t.Errorf("MSR %#x: memory differs", msr)
		}
	}
}

// TestRunSelfModifying: a store into code that Run has already executed
// (and cached) changes what Run executes next.
func TestRunSelfModifying(t *testing.T) {
	for _, msr := range []uint64{regs.MSRLinuxUser, regs.MSRLinuxUserLE} {
		// loop: addi r3,r3,1 (patched into addi r3,r3,16); stw r5,0(r4); b loop
		m := code(t, msr, codeBase, mem.RWX, wAddi3, wStwR5, wBack8)
		r := regs.Regs{MSR: msr, NIP: codeBase}
		r.GPR[4], r.GPR[5] = codeBase, uint64(wAddi3By16)
		n, err := emulate.New(emulate.Config{}).Run(&r, m, emulate.RunOptions{MaxSteps: 9})
		if n != 9 || err != emulate.ErrStepLimit || r.GPR[3] != 1+16+16 {
			t.Errorf("MSR %#x: %d, %v, r3 = %d; want 9, ErrStepLimit, 33", msr, n, err, r.GPR[3])
		}
	}
}

// TestRunRewriteKeepsSlots: a loop that rewrites one of its own words at
// every iteration (addi r3,r3,1 and addi r3,r3,16 in turn) runs under
// every engine as a Fetch loop runs it on the memory behind calls, and
// the slots Run gives decoded instructions do not grow with the number
// of rewrites (an entry keeps its slot: fill puts the new decoding
// there).
func TestRunRewriteKeepsSlots(t *testing.T) {
	wXor := enc(ppc64asm.XOR, 5, 5, 6) // xor r5,r5,r6
	wBack12 := enc(ppc64asm.B, -12)    // b .-12
	setup := func(msr uint64) (*mem.Memory, regs.Regs) {
		// loop: addi r3,r3,1 (rewritten); xor r5,r5,r6; stw r5,0(r4); b loop
		m := code(t, msr, codeBase, mem.RWX, wAddi3, wXor, wStwR5, wBack12)
		r := regs.Regs{MSR: msr, NIP: codeBase}
		r.GPR[4], r.GPR[5], r.GPR[6] = codeBase, uint64(wAddi3), uint64(wAddi3^wAddi3By16)
		return m, r
	}
	for _, msr := range []uint64{regs.MSRLinuxUser, regs.MSRLinuxUserLE} {
		for _, eng := range []emulate.Engine{emulate.EngineCached, emulate.EngineBlock, emulate.EngineNative} {
			slots := map[uint64]uint32{}
			for _, steps := range []uint64{400, 4000} {
				m1, r1 := setup(msr)
				e := emulate.New(emulate.Config{Engine: eng})
				n1, err1 := e.Run(&r1, m1, emulate.RunOptions{MaxSteps: steps})

				m2, r2 := setup(msr)
				e2 := emulate.New(emulate.Config{})
				var n2 uint64
				var err2 error
				for ; n2 < steps; n2++ {
					if err2 = e2.Fetch(&r2, unpaged{m2}); err2 != nil {
						break
					}
				}
				if n1 != n2 || err1 != emulate.ErrStepLimit || err2 != nil {
					t.Fatalf("MSR %#x, engine %d, %d steps: Run = %d, %v; Fetch loop = %d, %v", msr, eng, steps, n1, err1, n2, err2)
				}
				if d := cmp.Diff(r2, r1); d != "" {
					t.Errorf("MSR %#x, engine %d, %d steps: registers (-Fetch +Run):\n%s", msr, eng, steps, d)
				}
				slots[steps] = emulate.DecodedSlots(e)
			}
			if slots[400] == 0 || slots[4000] != slots[400] {
				t.Errorf("MSR %#x, engine %d: %d decoded-instruction slots after 400 steps, %d after 4000; want the same, not 0", msr, eng, slots[400], slots[4000])
			}
		}
	}
}

// TestRunRemapAndProtect: Run sees Unmap/Map with other code at the same
// address, and Protect taking execute or write permission away, between
// runs (the pages it kept are dropped when the memory's Generation moves).
func TestRunRemapAndProtect(t *testing.T) {
	msr := regs.MSRLinuxUserLE
	e := emulate.New(emulate.Config{})
	m := code(t, msr, codeBase, mem.RX, wAddi3, wStwR5, wBack8)
	if err := m.Map(0x20000, mem.PageSize, mem.RW); err != nil {
		t.Fatal(err)
	}
	r := regs.Regs{MSR: msr, NIP: codeBase}
	r.GPR[4] = 0x20000
	if n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 30}); n != 30 || err != emulate.ErrStepLimit || r.GPR[3] != 10 {
		t.Fatalf("first run: %d, %v, r3 %d", n, err, r.GPR[3])
	}
	// Other code at the same address.
	if err := m.Unmap(codeBase, mem.PageSize); err != nil {
		t.Fatal(err)
	}
	if err := m.Map(codeBase, mem.PageSize, mem.RX); err != nil {
		t.Fatal(err)
	}
	poke(t, m, msr, codeBase, wAddi3By16, wStwR5, wBack8)
	r.NIP, r.GPR[3] = codeBase, 0
	if n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 30}); n != 30 || err != emulate.ErrStepLimit || r.GPR[3] != 160 {
		t.Fatalf("after remapping: %d, %v, r3 %d; want 30, ErrStepLimit, 160", n, err, r.GPR[3])
	}
	// The data page becomes read-only: the store faults.
	if err := m.Protect(0x20000, mem.PageSize, mem.Read); err != nil {
		t.Fatal(err)
	}
	r.NIP = codeBase
	if n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 30}); n != 1 || !errors.Is(err, emulate.ErrDataFault) || !errors.Is(err, mem.ErrPermission) {
		t.Fatalf("store to a read-only page: %d, %v", n, err)
	}
	// The code page loses execute permission: the fetch faults.
	if err := m.Protect(codeBase, mem.PageSize, mem.Read); err != nil {
		t.Fatal(err)
	}
	r.NIP = codeBase
	if n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 30}); n != 0 || !errors.Is(err, emulate.ErrFetchFault) || !errors.Is(err, mem.ErrPermission) {
		t.Fatalf("fetch from a page without execute permission: %d, %v", n, err)
	}
}

// crcLoop is the inner loop of a table-driven CRC-32 (c = table[(c ^
// buf[i]) & 0xff] ^ (c >> 8)), as GCC compiles it: r3 = c, r7 = buf,
// r8 = i, r9 = table, CTR = count.
var crcLoop = []uint32{
	0x7cc740ae, // lbzx r6,r7,r8
	0x7cc61a78, // xor r6,r6,r3
	0x54c615ba, // rlwinm r6,r6,2,22,29
	0x7cc9302e, // lwzx r6,r9,r6
	0x5463c23e, // srwi r3,r3,8
	0x7cc31a78, // xor r3,r6,r3
	0x39080001, // addi r8,r8,1
	0x4200ffe4, // bdnz loop
}

// BenchmarkRunCRC runs crcLoop through Run on a mem.Memory (Run's page
// caches) and on the same memory behind calls (unpaged); ns/op is per
// instruction.
func BenchmarkRunCRC(b *testing.B) {
	msr := regs.MSRLinuxUserLE
	m := code(b, msr, codeBase, mem.RX, crcLoop...)
	if err := m.Map(0x20000, 16*mem.PageSize, mem.RW); err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		m    emulate.Memory
	}{{"paged", m}, {"unpaged", unpaged{m}}} {
		b.Run(bc.name, func(b *testing.B) {
			r := regs.Regs{MSR: msr, NIP: codeBase, CTR: 1 << 62}
			r.GPR[7], r.GPR[9] = 0x20000, 0x28000
			benchCRC(b, &r, bc.m, nil)
		})
	}
}

// benchCRC runs crcLoop from r on m (its buffer index r8 reset before each
// Run of 2^16 steps) for b.N instructions, with hooks h, and reports the
// CPU time per instruction.
func benchCRC(b *testing.B, r *regs.Regs, m emulate.Memory, h *emulate.Hooks) {
	e := emulate.New(emulate.Config{})
	const steps = 1 << 16
	b.ResetTimer()
	cpu := emutest.CPUTime()
	n := 0
	for ; n < b.N; n += steps {
		r.GPR[8] = 0
		if _, err := e.Run(r, m, emulate.RunOptions{MaxSteps: steps, Hooks: h}); err != emulate.ErrStepLimit {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(emutest.CPUTime()-cpu)/float64(n), "cpu-ns/insn")
}

// crossCallee is where crossPageCode's function is: 5 pages after the
// loop that calls it.
const crossCallee = codeBase + 5*mem.PageSize

// crossPageCode maps a loop at codeBase that calls a function on another
// code page every 4 instructions (bl; the callee's addi r3,r3,1 and blr;
// bdnz).
func crossPageCode(t testing.TB, msr uint64) *mem.Memory {
	t.Helper()
	m := code(t, msr, codeBase, mem.RX,
		0x48000000|uint32(crossCallee-codeBase)|1, // bl callee
		0x4200fffc) // bdnz .-4
	if err := m.Map(crossCallee, mem.PageSize, mem.RX); err != nil {
		t.Fatal(err)
	}
	poke(t, m, msr, crossCallee, wAddi3, 0x4e800020) // addi r3,r3,1; blr
	return m
}

// BenchmarkRunCrossPage runs a loop that calls a function on another
// code page every 4 instructions (bl; the callee's addi, blr; bdnz), the
// shape of code that calls small functions: Run switches code pages
// twice per iteration. ns/op is per instruction.
func BenchmarkRunCrossPage(b *testing.B) {
	msr := regs.MSRLinuxUserLE
	m := crossPageCode(b, msr)
	e := emulate.New(emulate.Config{})
	r := regs.Regs{MSR: msr, NIP: codeBase, CTR: 1 << 62}
	const steps = 1 << 16
	b.ResetTimer()
	cpu := emutest.CPUTime()
	n := 0
	for ; n < b.N; n += steps {
		if _, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: steps}); err != emulate.ErrStepLimit {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(emutest.CPUTime()-cpu)/float64(n), "cpu-ns/insn")
}

// TestRunFacilityAfterCaching: an FP instruction cached while MSR[FP] = 1
// is refused by Run (ErrUnavailable, nothing executed) once MSR[FP] = 0.
func TestRunFacilityAfterCaching(t *testing.T) {
	var wFadd, wBack4 = enc(ppc64asm.FADD, 1, 1, 2), enc(ppc64asm.B, -4) // fadd f1,f1,f2; b .-4
	msr := regs.MSRLinuxUserLE | regs.MSRFP
	m := code(t, msr, codeBase, mem.RX, wFadd, wBack4)
	e := emulate.New(emulate.Config{})
	r := regs.Regs{MSR: msr, NIP: codeBase}
	if n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 20}); n != 20 || err != emulate.ErrStepLimit {
		t.Fatalf("with FP: %d, %v", n, err)
	}
	r.MSR &^= regs.MSRFP
	before := r
	if n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 20}); n != 0 || !errors.Is(err, emulate.ErrUnavailable) || r != before {
		t.Fatalf("without FP: %d, %v (registers unchanged: %v)", n, err, r == before)
	}
}

// TestRunFacilityTurnedOn: an FP instruction refused (and cached) while
// MSR[FP] = 0 runs once MSR[FP] = 1, as the same steps through Fetch do.
func TestRunFacilityTurnedOn(t *testing.T) {
	var wFadd, wBack4 = enc(ppc64asm.FADD, 1, 1, 2), enc(ppc64asm.B, -4) // fadd f1,f1,f2; b .-4
	msr := regs.MSRLinuxUserLE &^ regs.MSRFP
	m := code(t, msr, codeBase, mem.RX, wFadd, wBack4)
	e := emulate.New(emulate.Config{})
	start := regs.Regs{MSR: msr, NIP: codeBase}
	start.SetFPR(2, 0x3ff0000000000000) // 1.0
	r := start
	for i := 0; i < 3; i++ {
		if n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 20}); n != 0 || !errors.Is(err, emulate.ErrUnavailable) {
			t.Fatalf("without FP: %d, %v", n, err)
		}
	}
	r.MSR |= regs.MSRFP
	if n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 21}); n != 21 || err != emulate.ErrStepLimit {
		t.Fatalf("with FP: %d, %v", n, err)
	}
	want := start
	want.MSR |= regs.MSRFP
	for i := 0; i < 21; i++ {
		if err := emulate.New(emulate.Config{}).Fetch(&want, unpaged{m}); err != nil {
			t.Fatal(err)
		}
	}
	if d := cmp.Diff(want, r); d != "" {
		t.Errorf("registers (-Fetch +Run):\n%s", d)
	}
}

// TestRunIllegalWordOnCachedPage: a word that does not decode (0, which
// an empty cache entry must not be taken for) on a page Run caches is
// illegal, every time.
func TestRunIllegalWordOnCachedPage(t *testing.T) {
	for _, msr := range []uint64{regs.MSRLinuxUser, regs.MSRLinuxUserLE} {
		m := code(t, msr, codeBase, mem.RX, wAddi3, 0)
		e := emulate.New(emulate.Config{})
		for i := 0; i < 3; i++ {
			r := regs.Regs{MSR: msr, NIP: codeBase}
			if n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 10}); n != 1 || !errors.Is(err, emulate.ErrIllegal) || r.NIP != codeBase+4 {
				t.Fatalf("MSR %#x, run %d: %d, %v, nip %#x; want 1, ErrIllegal at %#x", msr, i, n, err, r.NIP, codeBase+4)
			}
		}
	}
}

// TestRunCodePokedBetweenRuns: a word of cached code written between two
// Runs (Poke: the memory's Generation does not move) is what the next Run
// executes, under every engine, while the code is cold (run through
// runCached) and after it is hot (a block built under the block and
// native engines); a write elsewhere on the page changes nothing, and
// writing the old word back brings it back.
func TestRunCodePokedBetweenRuns(t *testing.T) {
	for _, eng := range []emulate.Engine{emulate.EngineBlock, emulate.EngineCached, emulate.EngineNative} {
		for _, msr := range []uint64{regs.MSRLinuxUser, regs.MSRLinuxUserLE} {
			// loop: addi r3,r3,1; addi r4,r4,1; b loop (3 instructions)
			wAddi4 := enc(ppc64asm.ADDI, 4, 4, 1)
			m := code(t, msr, codeBase, mem.RX, wAddi3, wAddi4, wBack8)
			e := emulate.New(emulate.Config{Engine: eng})
			r := regs.Regs{MSR: msr, NIP: codeBase}
			for _, step := range []struct {
				addr  uint64
				word  uint32
				loops uint64 // runs of the loop
				want  uint64 // r3 after them
				block bool   // a block at the loop after them (block, native engines)
			}{
				{0, 0, 10, 10, false},
				{codeBase, wAddi3By16, 10, 170, false},        // addi r3,r3,16, while cold
				{codeBase, wAddi3, 400, 570, true},            // back; hot: a block built mid-Run
				{codeBase + 0x800, wAddi3By16, 10, 580, true}, // not code: the block stays
				{codeBase + 4, wAddi3By16, 10, 750, true},     // a word in the block: r3 += 17 a loop
				{codeBase, wAddi3By16, 10, 1070, false},       // its first word: cold again
				{codeBase, wAddi3, 300, 6170, true},           // back, hot again
			} {
				if step.addr != 0 {
					poke(t, m, msr, step.addr, step.word)
				}
				steps := 3 * step.loops
				if n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: steps}); n != steps || err != emulate.ErrStepLimit || r.GPR[3] != step.want {
					t.Errorf("%v, MSR %#x, after writing %#x at %#x: %d, %v, r3 %d; want %d, the step limit, %d", eng, msr, step.word, step.addr, n, err, r.GPR[3], steps, step.want)
				}
				if got := emulate.BlockBuilt(e, codeBase); eng != emulate.EngineCached && got != step.block {
					t.Errorf("%v, MSR %#x, after writing %#x at %#x: block at the loop %v, want %v", eng, msr, step.word, step.addr, got, step.block)
				}
			}
		}
	}
}
