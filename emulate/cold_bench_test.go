package emulate

import (
	"math/rand/v2"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// coldWords returns n random integer instructions (addi, addis, ori, xori,
// add, subf, and, or, xor, mulld, extsw, rlwinm, rldicl, cmpd, cmpw with
// random registers, immediates and record bits): straight-line code with
// no loads, stores, branches or traps. n = 1<<20 distinct words cycle
// through the 8192-slot decode cache so that nearly every step decodes a
// word not seen recently.
func coldWords(n int) []uint32 {
	r := rand.New(rand.NewPCG(15, 15))
	ws := make([]uint32, n)
	for i := range ws {
		x := r.Uint32()
		rt, ra, rb := x>>21&31, x>>16&31, x>>11&31
		// The words are an op's fixed bits (decode.Encoding) with random
		// operand fields.
		xo := func(op decode.Op) uint32 { return opWord(op) | rt<<21 | ra<<16 | rb<<11 | x>>31 }
		switch r.IntN(15) {
		case 0:
			ws[i] = opWord(ppc64asm.ADDI) | x&(1<<26-1)
		case 1:
			ws[i] = opWord(ppc64asm.ADDIS) | x&(1<<26-1)
		case 2:
			ws[i] = opWord(ppc64asm.ORI) | x&(1<<26-1)
		case 3:
			ws[i] = opWord(ppc64asm.XORI) | x&(1<<26-1)
		case 4:
			ws[i] = xo(ppc64asm.ADD) // add[.]
		case 5:
			ws[i] = xo(ppc64asm.SUBF) // subf[.]
		case 6:
			ws[i] = xo(ppc64asm.AND) // and[.]
		case 7:
			ws[i] = xo(ppc64asm.OR) // or[.]
		case 8:
			ws[i] = xo(ppc64asm.XOR) // xor[.]
		case 9:
			ws[i] = xo(ppc64asm.MULLD) // mulld[.]
		case 10:
			ws[i] = opWord(ppc64asm.EXTSW) | rt<<21 | ra<<16 | x>>31 // extsw[.]
		case 11:
			ws[i] = opWord(ppc64asm.RLWINM) | x&(1<<26-1) // rlwinm[.]
		case 12:
			ws[i] = opWord(ppc64asm.RLDICL) | x&(1<<21-1)<<5 | x>>31 // rldicl[.]: XO bits 27:29 = 0
			ws[i] = ws[i]&^(7<<2) | (x>>26&1)<<1
		case 13:
			ws[i] = opWord(ppc64asm.CMPD) | (x>>29)<<23 | ra<<16 | rb<<11
		default:
			ws[i] = opWord(ppc64asm.CMPW) | (x>>29)<<23 | ra<<16 | rb<<11
		}
	}
	return ws
}

// stepPaths are the ways of stepping a word given as a number that the
// cold and hot benchmarks compare: StepWord (decode.LookupTo: the cache,
// and a scratch Inst for words seen once), Lookup (the cache, which
// allocates an entry per miss) and DecodeWordTo (no cache).
var stepPaths = []struct {
	name string
	step func(e *Emulator, r *machine, mem Memory, in *decode.Inst, w uint32) error
}{
	{"StepWord", func(e *Emulator, m *machine, mem Memory, _ *decode.Inst, w uint32) error {
		return e.StepWord(&m.r, mem, w, 0)
	}},
	{"Lookup", func(e *Emulator, m *machine, mem Memory, _ *decode.Inst, w uint32) error {
		in, err := decode.Lookup(w, 0)
		if err != nil {
			return err
		}
		return e.Step(&m.r, mem, in)
	}},
	{"DecodeWordTo", func(e *Emulator, m *machine, mem Memory, in *decode.Inst, w uint32) error {
		if err := decode.DecodeWordTo(in, w, 0); err != nil {
			return err
		}
		return e.Step(&m.r, mem, in)
	}},
}

// BenchmarkStepWordCold steps straight-line code in which each word is
// (nearly) first-seen. ns/op is per instruction.
func BenchmarkStepWordCold(b *testing.B) {
	ws := coldWords(1 << 20)
	for _, p := range stepPaths {
		b.Run(p.name, func(b *testing.B) {
			m := newMachine(true)
			e := New(Config{})
			var mem Memory = m.mem
			in := new(decode.Inst)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := p.step(e, m, mem, in, ws[i]); err != nil {
					b.Fatalf("%08x: %v", ws[i], err)
				}
				if i++; i == len(ws) {
					i = 0
				}
			}
		})
	}
}

// BenchmarkStepWordHot steps one word again and again.
func BenchmarkStepWordHot(b *testing.B) {
	const w = 0x7c642a14 // add r3,r4,r5
	for _, p := range stepPaths {
		b.Run(p.name, func(b *testing.B) {
			e, m, _ := benchMachine(b, w)
			var mem Memory = m.mem
			in := new(decode.Inst)
			b.ReportAllocs()
			for b.Loop() {
				if err := p.step(e, m, mem, in, w); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestStepWordFirstSeenAllocs: StepWord on words it has not seen before
// (straight-line code that runs once) allocates nothing.
func TestStepWordFirstSeenAllocs(t *testing.T) {
	ws := coldWords(1001)
	m := newMachine(true)
	e := New(Config{})
	var mem Memory = m.mem
	k := 0
	allocs := testing.AllocsPerRun(len(ws)-1, func() {
		if err := e.StepWord(&m.r, mem, ws[k], 0); err != nil {
			t.Errorf("%08x: %v", ws[k], err)
		}
		k++
	})
	if allocs != 0 {
		t.Errorf("%v allocations per first-seen StepWord, want 0", allocs)
	}
}
