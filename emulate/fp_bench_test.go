package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// fpBenchWords are the benchmarked FP ops, with f2, f3, f4 set by
// fpBenchMachine: fadd f1,f2,f3; fmadd f1,f2,f4,f3; fdiv f1,f2,f3;
// fctiwz f1,f3; fadds f1,f2,f3; fsqrt f1,f3; fcfid f1,f3.
var (
	wFadd   = enc(ppc64asm.FADD, 1, 2, 3)
	wFmadd  = enc(ppc64asm.FMADD, 1, 2, 4, 3)
	wFdiv   = enc(ppc64asm.FDIV, 1, 2, 3)
	wFctiwz = enc(ppc64asm.FCTIWZ, 1, 3)
	wFadds  = enc(ppc64asm.FADDS, 1, 2, 3)
	wFsqrt  = enc(ppc64asm.FSQRT, 1, 3)
	wFcfid  = enc(ppc64asm.FCFID, 1, 3)
)

func fpBenchMachine(tb testing.TB, word uint32) (*Emulator, *machine, *decode.Inst) {
	m := newMachine(true)
	m.r.SetFPR(2, 0x400921fb54442d18) // pi
	m.r.SetFPR(3, 0x4005bf0a8b145769) // e
	m.r.SetFPR(4, 0x3ff6a09e667f3bcd) // sqrt 2
	return New(Config{Profile: QEMU}), m, decodeBench(tb, word)
}

// BenchmarkStepFP: BenchmarkStepFP/fadd and so on.
func BenchmarkStepFP(b *testing.B) {
	benchWords(b, fpBenchMachine, wFadd, wFmadd, wFdiv, wFctiwz, wFadds, wFsqrt)
}

// TestFPStepAllocs: FP steps allocate nothing (outside enabled exceptions).
func TestFPStepAllocs(t *testing.T) {
	checkStepAllocs(t, fpBenchMachine, wFadd, wFmadd, wFdiv, wFctiwz, wFadds, wFsqrt, wFcfid)
}
