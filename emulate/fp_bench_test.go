package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
)

// fpBenchWords are the benchmarked FP ops, with f2, f3, f4 set by
// fpBenchMachine: fadd f1,f2,f3; fmadd f1,f2,f4,f3; fdiv f1,f2,f3;
// fctiwz f1,f3; fadds f1,f2,f3; fsqrt f1,f3; fcfid f1,f3.
const (
	wFadd   = 0xfc22182a
	wFmadd  = 0xfc22193a
	wFdiv   = 0xfc221824
	wFctiwz = 0xfc20181e
	wFadds  = 0xec22182a
	wFsqrt  = 0xfc20182c
	wFcfid  = 0xfc201e9c
)

func fpBenchMachine(tb testing.TB, word uint32) (*Emulator, *machine, *decode.Inst) {
	m := newMachine(true)
	m.r.SetFPR(2, 0x400921fb54442d18) // pi
	m.r.SetFPR(3, 0x4005bf0a8b145769) // e
	m.r.SetFPR(4, 0x3ff6a09e667f3bcd) // sqrt 2
	in, err := decode.DecodeWord(word, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return New(Config{Profile: QEMU}), m, &in
}

func benchFP(b *testing.B, word uint32) {
	e, m, in := fpBenchMachine(b, word)
	benchLoop(b, e, m, in)
}

func BenchmarkStepFadd(b *testing.B)   { benchFP(b, wFadd) }
func BenchmarkStepFmadd(b *testing.B)  { benchFP(b, wFmadd) }
func BenchmarkStepFdiv(b *testing.B)   { benchFP(b, wFdiv) }
func BenchmarkStepFctiwz(b *testing.B) { benchFP(b, wFctiwz) }
func BenchmarkStepFadds(b *testing.B)  { benchFP(b, wFadds) }
func BenchmarkStepFsqrt(b *testing.B)  { benchFP(b, wFsqrt) }

// TestFPStepAllocs: FP steps allocate nothing (outside enabled exceptions).
func TestFPStepAllocs(t *testing.T) {
	for _, w := range []uint32{wFadd, wFmadd, wFdiv, wFctiwz, wFadds, wFsqrt, wFcfid} {
		e, m, in := fpBenchMachine(t, w)
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
