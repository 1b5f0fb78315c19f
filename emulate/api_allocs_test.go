package emulate_test

import (
	"errors"
	"golang.org/x/arch/ppc64/ppc64asm"
	"math"
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// The documented ways of stepping (README's Usage, the package doc and the
// Examples of emulate, mem and debug), each with 0 allocations per step
// once warmed up. The README's StepWord and Example's Fetch are in
// readme_test.go, debug.StepOver in debug/allocs_test.go, NextPCs in
// debug/nextpc_test.go. Encodings and results from Power ISA 3.1B.

var (
	wAdd345   = enc(ppc64asm.ADD, 3, 4, 5)  // add r3,r4,r5
	wLd3_8_4  = enc(ppc64asm.LD, 3, 8, 4)   // ld r3,8(r4)
	wLfd1_0_4 = enc(ppc64asm.LFD, 1, 0, 4)  // lfd f1,0(r4)
	wStw3_0_4 = enc(ppc64asm.STW, 3, 0, 4)  // stw r3,0(r4)
	wStd3_0_4 = enc(ppc64asm.STD, 3, 0, 4)  // std r3,0(r4)
	wMfsprTex = enc(ppc64asm.MFSPR, 3, 130) // mfspr r3,130 (TEXASR)
	wBneM8    = enc(ppc64asm.BC, 4, 2, -8)  // bne .-8
	wFdiv123  = enc(ppc64asm.FDIV, 1, 2, 3) // fdiv f1,f2,f3
	wLi3_0    = enc(ppc64asm.LI, 3, 0)      // li r3,0
	wBackM4   = enc(ppc64asm.B, -4)         // b .-4
)

const (
	apiCode = 0x10000000
	apiData = 0x20000000
)

// apiMachine is the README's setup: a paged memory with a code page and
// a data page, a Linux little-endian user process at apiCode.
func apiMachine(t testing.TB, words ...uint32) (*mem.Memory, *regs.Regs) {
	t.Helper()
	m := code(t, regs.MSRLinuxUserLE, apiCode, mem.RX, words...)
	if err := m.Map(apiData, mem.PageSize, mem.RW); err != nil {
		t.Fatal(err)
	}
	r := &regs.Regs{MSR: regs.MSRLinuxUserLE, NIP: apiCode}
	r.GPR[4], r.GPR[5] = apiData, 7
	return m, r
}

var (
	codeBuf = []byte{0x08, 0x00, 0x64, 0xe8, 0, 0, 0, 0} // ld r3,8(r4), little-endian, in a caller's code buffer
	one     = [8]byte{1}                                 // 1, little-endian
	until   = []uint64{apiCode + 8}
)

func TestDocumentedPathsAllocs(t *testing.T) {
	tests := []struct {
		name  string
		words []uint32 // at apiCode
		cfg   emulate.Config
		obs   bool // an Observer attached (ExampleEmulator_SetObserver)
		// step is one documented step, from NIP = apiCode; it returns
		// whether the step had the ISA's result.
		step func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) bool
	}{
		{name: "FetchInst+Step (ExampleEmulator_FetchInst)", words: []uint32{wAdd345, wAdd345, wBneM8},
			step: func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) bool {
				r.NIP, r.CR = apiCode+8, 0 // CR0[EQ] = 0: taken
				in, err := e.FetchInst(r, m)
				return err == nil && e.Step(r, m, in) == nil && r.NIP == apiCode
			}},
		{name: "StepBytes of a code buffer", step: func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) bool {
			_ = m.Write(apiData+8, one[:])
			return e.StepBytes(r, m, codeBuf) == nil && r.GPR[3] == 1 && r.NIP == apiCode+4
		}},
		{name: "StepWord FP load (Example_linuxUser)", step: func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) bool {
			_ = m.Write(apiData, []byte{0, 0, 0, 0, 0, 0, 0xf8, 0x3f}) // 1.5
			return e.StepWord(r, m, wLfd1_0_4, 0) == nil && math.Float64frombits(r.FPR(1)) == 1.5
		}},
		{name: "StepWord mfspr through Config.SPR, nil Memory (ExampleConfig_sPR)",
			cfg: emulate.Config{SPR: func(n int) (uint64, bool) { return 0x8800000100000000, n == 130 }},
			step: func(e *emulate.Emulator, r *regs.Regs, _ *mem.Memory) bool {
				return e.StepWord(r, nil, wMfsprTex, 0) == nil && r.GPR[3] == 0x8800000100000000
			}},
		{name: "StepWord store observed (ExampleEmulator_SetObserver)", obs: true,
			step: func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) bool {
				r.GPR[3] = 42
				var b [4]byte
				return e.StepWord(r, m, wStw3_0_4, 0) == nil && m.Read(apiData, b[:]) == nil && b == [4]byte{42, 0, 0, 0}
			}},
		{name: "Run until an address (ExampleEmulator_Run)", words: []uint32{wLi3_0, wAddi3, wBackM4},
			step: func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) bool {
				n, err := e.Run(r, m, emulate.RunOptions{Until: until})
				return n == 2 && err == nil && r.GPR[3] == 1
			}},
		{name: "Run to a step limit (ExampleEmulator_Run), 1000 steps", words: []uint32{wLi3_0, wAddi3, wBackM4},
			step: func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) bool {
				n, err := e.Run(r, m, emulate.RunOptions{MaxSteps: 1000})
				return n == 1000 && err == emulate.ErrStepLimit && r.GPR[3] == 500
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, r := apiMachine(t, tt.words...)
			e := emulate.New(tt.cfg)
			if tt.obs {
				e.SetObserver(emulate.ObserverFunc(func(*emulate.StepRecord) {}))
			}
			start := *r
			ok := true
			allocs := testing.AllocsPerRun(100, func() {
				*r = start
				ok = ok && tt.step(e, r, m)
			})
			if !ok {
				t.Errorf("wrong result (registers %+v)", regs.Diff(&start, r))
			}
			if allocs != 0 {
				t.Errorf("%v allocations per step, want 0", allocs)
			}
		})
	}
}

// TestPerCallAllocs: StepBytes of an array on the caller's stack does not
// move it to the heap (0 allocations per step, required), and Run with an
// Until slice written inline as in ExampleEmulator_Run allocates once per
// call, none per step (logged: the call of opts.Context.Done makes the
// whole RunOptions escape, Until's array included, since escape analysis
// does not tell struct fields apart).
func TestPerCallAllocs(t *testing.T) {
	m, r := apiMachine(t, wLi3_0, wAddi3, wBackM4)
	e := emulate.New(emulate.Config{})
	start := *r
	stack := testing.AllocsPerRun(100, func() {
		*r = start
		raw := [4]byte{0x08, 0x00, 0x64, 0xe8} // ld r3,8(r4), little-endian
		if err := e.StepBytes(r, m, raw[:]); err != nil {
			t.Fatal(err)
		}
	})
	if stack != 0 {
		t.Errorf("StepBytes of a stack array: %v allocations per step, want 0", stack)
	}
	inline := testing.AllocsPerRun(100, func() {
		*r = start
		if n, err := e.Run(r, m, emulate.RunOptions{Until: []uint64{apiCode + 8}}); n != 2 || err != nil {
			t.Fatal(n, err)
		}
	})
	t.Logf("Run with an inline Until: %v allocations per call", inline)
}

// faultCases are documented steps that fail with an error carrying
// details (an allocated *Fault or *FPException); from Example_fault and
// the mem package's Example. Each leaves the registers unchanged.
var faultCases = []struct {
	name  string
	setup func(r *regs.Regs, m *mem.Memory)
	step  func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error
	want  error
	// allocs is the most allocations allowed: the error returned; for
	// memory faults also the Memory's *AccessError.
	allocs float64
}{
	{"data fault: std to a read-only page (Example_fault)",
		func(r *regs.Regs, m *mem.Memory) { _ = m.Protect(apiData, mem.PageSize, mem.Read) },
		func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error { return e.StepWord(r, m, wStd3_0_4, 0) },
		emulate.ErrDataFault, 2},
	{"data fault: ld from an unmapped page",
		func(r *regs.Regs, m *mem.Memory) { r.GPR[4] = 0x30000000 },
		func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error { return e.StepWord(r, m, wLd3_8_4, 0) },
		emulate.ErrDataFault, 2},
	{"fetch fault: Fetch at an unmapped NIP",
		func(r *regs.Regs, m *mem.Memory) { r.NIP = 0x30000000 },
		func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error { return e.Fetch(r, m) },
		emulate.ErrFetchFault, 2},
	{"enabled FP exception: fdiv by zero with ZE=1, FE0=FE1=1",
		func(r *regs.Regs, m *mem.Memory) {
			r.MSR |= regs.MSRFE0 | regs.MSRFE1
			r.FPSCR = regs.FPSCRZE
			r.SetFPR(2, math.Float64bits(1))
			r.SetFPR(3, 0)
		},
		func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error { return e.StepWord(r, m, wFdiv123, 0) },
		emulate.ErrFPException, 1},
}

// faultMachine is apiMachine set up for a fault case, and an emulator.
func faultMachine(tb testing.TB, setup func(r *regs.Regs, m *mem.Memory)) (*emulate.Emulator, *regs.Regs, *mem.Memory) {
	m, r := apiMachine(tb)
	setup(r, m)
	return emulate.New(emulate.Config{}), r, m
}

// TestFaultingStepAllocs: a faulting step allocates no more than its error
// (an *FPException, or a *Fault and the Memory's *AccessError, plus one
// avoidable: see faultCases; the bytes are BenchmarkFaultingStep's B/op),
// and leaves the registers as they were.
func TestFaultingStepAllocs(t *testing.T) {
	for _, tc := range faultCases {
		t.Run(tc.name, func(t *testing.T) {
			e, r, m := faultMachine(t, tc.setup)
			before := *r
			var err error
			allocs := testing.AllocsPerRun(100, func() { err = tc.step(e, r, m) })
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if *r != before {
				t.Errorf("registers changed: %v", regs.Diff(&before, r))
			}
			if allocs > tc.allocs {
				t.Errorf("%v allocations per faulting step, want at most %v", allocs, tc.allocs)
			}
			t.Logf("%v allocations per faulting step", allocs)
		})
	}
}

// BenchmarkFaultingStep: the cost of a faulting step, including its
// error's allocation (B/op).
func BenchmarkFaultingStep(b *testing.B) {
	for _, tc := range faultCases {
		b.Run(tc.name, func(b *testing.B) {
			e, r, m := faultMachine(b, tc.setup)
			b.ReportAllocs()
			for b.Loop() {
				if err := tc.step(e, r, m); err == nil {
					b.Fatal("no fault")
				}
			}
		})
	}
}

// BenchmarkFetchStepPaged is the single-step target: one simple
// op (addi r3,r3,1) fetched and stepped on a paged memory through the
// public API, straight-line through a page of them, the way a debugger
// steps: Fetch (read, decode, execute) and FetchInst followed by Step;
// and StepWord of the same word, as the README's usage steps (no fetch).
// cpu-ns/op (the process's CPU time per step) is steadier than ns/op on a
// shared machine.
func BenchmarkFetchStepPaged(b *testing.B) {
	words := make([]uint32, mem.PageSize/4)
	for i := range words {
		words[i] = wAddi3
	}
	end := uint64(apiCode + mem.PageSize)
	for _, bc := range []struct {
		name string
		step func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error
	}{
		{"Fetch", func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error { return e.Fetch(r, m) }},
		// The README's usage: the word given, nothing fetched.
		{"StepWord", func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error { return e.StepWord(r, m, wAddi3, 0) }},
		{"FetchInst+Step", func(e *emulate.Emulator, r *regs.Regs, m *mem.Memory) error {
			in, err := e.FetchInst(r, m)
			if err != nil {
				return err
			}
			return e.Step(r, m, in)
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			m, r := apiMachine(b, words...)
			e := emulate.New(emulate.Config{})
			b.ReportAllocs()
			cpu := emutest.CPUTime()
			for b.Loop() {
				if r.NIP == end {
					r.NIP = apiCode
				}
				if err := bc.step(e, r, m); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(emutest.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkStepPaged is BenchmarkStepLd and BenchmarkStepStd on a paged
// memory (mem.Memory) through the public API: a decoded instruction
// stepped with Step, outside Run, over and over from the same NIP. Ld
// reads a data page never written (zeros), LdWritten one written; the
// other sizes and the update forms (D = 0: RA stays apiData) as Ld and
// Std.
func BenchmarkStepPaged(b *testing.B) {
	for _, bc := range []struct {
		name    string
		word    uint32
		written bool // the data page written before the loop
	}{
		{"Ld", wLd3_8_4, false},
		{"Std", wStd3_0_4, false},
		{"LdWritten", wLd3_8_4, true},
		{"Lwz", enc(ppc64asm.LWZ, 3, 8, 4), false},   // lwz r3,8(r4)
		{"Stw", wStw3_0_4, false},                    // stw r3,0(r4)
		{"Lbz", enc(ppc64asm.LBZ, 3, 8, 4), false},   // lbz r3,8(r4)
		{"Stb", enc(ppc64asm.STB, 3, 0, 4), false},   // stb r3,0(r4)
		{"Ldu", enc(ppc64asm.LDU, 3, 0, 4), false},   // ldu r3,0(r4)
		{"Stdu", enc(ppc64asm.STDU, 3, 0, 4), false}, // stdu r3,0(r4)
	} {
		b.Run(bc.name, func(b *testing.B) {
			m, r := apiMachine(b, bc.word)
			if bc.written {
				if err := m.Write(apiData, one[:]); err != nil {
					b.Fatal(err)
				}
			}
			e := emulate.New(emulate.Config{})
			in, err := e.FetchInst(r, m)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := emutest.CPUTime()
			for b.Loop() {
				r.NIP = apiCode
				if err := e.Step(r, m, in); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(emutest.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// TestStepPagedLoadStore: BenchmarkStepPaged's steps allocate nothing and
// have the ISA's results: std r3,0(r4) stores r3 at apiData in the
// little-endian byte order, and ld r3,8(r4) reads the doubleword at
// apiData+8 (Power ISA 3.1B, Book I 3.3.2 and 3.3.3).
func TestStepPagedLoadStore(t *testing.T) {
	m, r := apiMachine(t, wStd3_0_4, wLd3_8_4)
	e := emulate.New(emulate.Config{})
	r.GPR[3] = 0x1122334455667788
	if err := m.Write(apiData+8, []byte{8, 7, 6, 5, 4, 3, 2, 1}); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		r.NIP = apiCode
		if err := e.Fetch(r, m); err != nil {
			t.Fatal(err)
		}
		var got [8]byte
		if err := m.Read(apiData, got[:]); err != nil || got != [8]byte{0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11} {
			t.Fatalf("std stored % x, %v", got, err)
		}
		if err := e.Fetch(r, m); err != nil {
			t.Fatal(err)
		}
		if r.GPR[3] != 0x0102030405060708 || r.NIP != apiCode+8 {
			t.Fatalf("ld: r3 = %#x, NIP %#x; want 0x0102030405060708, %#x", r.GPR[3], r.NIP, apiCode+8)
		}
		r.GPR[3] = 0x1122334455667788
	})
	if allocs != 0 {
		t.Errorf("%v allocations per std/ld pair, want 0", allocs)
	}
}

// TestFetchStepPagedAllocs: BenchmarkFetchStepPaged's path allocates
// nothing, and steps the ISA's result (r3 incremented once per addi).
func TestFetchStepPagedAllocs(t *testing.T) {
	m, r := apiMachine(t, wAddi3, wAddi3)
	e := emulate.New(emulate.Config{})
	allocs := testing.AllocsPerRun(100, func() {
		r.NIP = apiCode
		if err := e.Fetch(r, m); err != nil {
			t.Fatal(err)
		}
		in, err := e.FetchInst(r, m)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Step(r, m, in); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per Fetch + FetchInst/Step pair, want 0", allocs)
	}
	if r.GPR[3] != 2*101 || r.NIP != apiCode+8 {
		t.Errorf("r3 = %d, NIP %#x; want 202 (101 runs of two addi), %#x", r.GPR[3], r.NIP, apiCode+8)
	}
}
