package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// decodeBench decodes a benchmark's or allocation test's instruction word.
func decodeBench(tb testing.TB, word uint32) *decode.Inst {
	tb.Helper()
	in, err := decode.DecodeWord(word, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return &in
}

func benchMachine(tb testing.TB, word uint32) (*Emulator, *machine, *decode.Inst) {
	m := newMachine(true)
	m.r.GPR[4], m.r.GPR[5] = scratchBase, 8
	return New(Config{}), m, decodeBench(tb, word)
}

// benchSetup builds what a Step benchmark steps: the emulator, a machine
// with the operands set, and word decoded (benchMachine, fpBenchMachine,
// dfpBenchMachine, vsxBenchMachine).
type benchSetup func(tb testing.TB, word uint32) (*Emulator, *machine, *decode.Inst)

// benchWords runs benchLoop for each word on the machine setup builds, a
// sub-benchmark named by the word's op.
func benchWords(b *testing.B, setup benchSetup, words ...uint32) {
	for _, w := range words {
		e, m, in := setup(b, w)
		b.Run(in.Op.String(), func(b *testing.B) { benchLoop(b, e, m, in) })
	}
}

// checkStepAllocs fails t for each word whose step, on the machine setup
// builds, allocates.
func checkStepAllocs(t *testing.T, setup benchSetup, words ...uint32) {
	t.Helper()
	for _, w := range words {
		e, m, in := setup(t, w)
		var mem Memory = m.mem
		allocs := testing.AllocsPerRun(100, func() {
			m.r.NIP = cia
			_ = e.Step(&m.r, mem, in)
		})
		if allocs != 0 {
			t.Errorf("%08x (%s): %v allocations per step", w, in.Op, allocs)
		}
	}
}

func benchStep(b *testing.B, word uint32) {
	e, m, in := benchMachine(b, word)
	benchLoop(b, e, m, in)
}

// benchLoop steps in on m over and over, from the same NIP: the loop every
// Step benchmark of this package shares. cpu-ns/op (the process's CPU
// time per step) is steadier than ns/op on a shared machine.
func benchLoop(b *testing.B, e *Emulator, m *machine, in *decode.Inst) {
	var mem Memory = m.mem // convert once: a slice in an interface is boxed
	b.ReportAllocs()
	cpu := emutest.CPUTime()
	for b.Loop() {
		m.r.NIP = cia
		if err := e.Step(&m.r, mem, in); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(emutest.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
}

func BenchmarkStepAdd(b *testing.B)  { benchStep(b, enc(ppc64asm.ADD, 3, 4, 5)) }  // add r3,r4,r5
func BenchmarkStepLd(b *testing.B)   { benchStep(b, enc(ppc64asm.LD, 3, 8, 4)) }   // ld r3,8(r4)
func BenchmarkStepStd(b *testing.B)  { benchStep(b, enc(ppc64asm.STD, 3, 8, 4)) }  // std r3,8(r4)
func BenchmarkStepBc(b *testing.B)   { benchStep(b, enc(ppc64asm.BC, 16, 0, 8)) }  // bdnz +8
func BenchmarkStepCmpd(b *testing.B) { benchStep(b, enc(ppc64asm.CMPD, 0, 3, 4)) } // cmpd r3,r4

// BenchmarkStepWordAdd includes the decode-cache lookup.
func BenchmarkStepWordAdd(b *testing.B) {
	add := enc(ppc64asm.ADD, 3, 4, 5)
	e, m, _ := benchMachine(b, add)
	var mem Memory = m.mem
	b.ReportAllocs()
	for b.Loop() {
		m.r.NIP = cia
		if err := e.StepWord(&m.r, mem, add, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStepBytesLd is a step from raw bytes: byte order, cache lookup,
// execute.
func BenchmarkStepBytesLd(b *testing.B) {
	e, m, _ := benchMachine(b, enc(ppc64asm.LD, 3, 8, 4))
	raw := []byte{0x08, 0x00, 0x64, 0xe8}
	var mem Memory = m.mem
	b.ReportAllocs()
	for b.Loop() {
		m.r.NIP = cia
		if err := e.StepBytes(&m.r, mem, raw); err != nil {
			b.Fatal(err)
		}
	}
}

// TestStepAllocs guards the zero-allocation property of Step on the hot
// paths: arithmetic, loads, stores, branches, and the common refusals.
func TestStepAllocs(t *testing.T) {
	for _, w := range []uint32{
		0x7c642a14, // add
		0xe8640008, // ld
		0xf8640008, // std
		0x42000008, // bdnz
		0x7c232000, // cmpd
		0x7fe00008, // trap (refused with a sentinel)
		0x44000002, // sc
		0x7c00003c, // wait (not emulated)
	} {
		m := newMachine(true)
		m.r.GPR[4], m.r.GPR[5] = scratchBase, 8
		e := New(Config{})
		in, err := decode.DecodeWord(w, 0)
		if err != nil {
			t.Fatal(err)
		}
		var mem Memory = m.mem
		allocs := testing.AllocsPerRun(100, func() {
			m.r.NIP = cia
			_ = e.Step(&m.r, mem, &in)
			_ = e.StepWord(&m.r, mem, w, 0)
		})
		if allocs != 0 {
			t.Errorf("%08x (%s): %v allocations per step", w, in.Op, allocs)
		}
	}
}
