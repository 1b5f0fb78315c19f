package emulate

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/golden"
	"github.com/ppc64emu/ppc64emu/regs"
)

// faultyMemory is the trace machine's memory with one poisoned byte: any
// access that touches it faults.
type faultyMemory struct {
	Regions
	poison uint64
}

var errPoison = errors.New("poisoned byte")

func (m *faultyMemory) check(addr uint64, n int) error {
	if m.poison-addr < uint64(n) {
		return errPoison
	}
	return nil
}

func (m *faultyMemory) Read(addr uint64, p []byte) error {
	if err := m.check(addr, len(p)); err != nil {
		return err
	}
	return m.Regions.Read(addr, p)
}

func (m *faultyMemory) Write(addr uint64, p []byte) error {
	if err := m.check(addr, len(p)); err != nil {
		return err
	}
	return m.Regions.Write(addr, p)
}

// randomRegs fills a register file from seed, biased to edge values, with
// many registers pointing into scratch so that loads and stores hit memory.
func randomRegs(rng *rand.Rand, le bool) regs.Regs {
	edges := []uint64{0, 1, ^uint64(0), 0x7fffffff, 0x80000000, 0xffffffff,
		0x7fffffffffffffff, 0x8000000000000000, scratchBase, scratchBase + 0x1000, cia}
	val := func() uint64 {
		switch rng.IntN(4) {
		case 0:
			return edges[rng.IntN(len(edges))]
		case 1:
			return scratchBase + rng.Uint64N(0x2000)
		case 2:
			return rng.Uint64N(0x100)
		}
		return rng.Uint64()
	}
	var r regs.Regs
	for i := range r.GPR {
		r.GPR[i] = val()
	}
	r.CR = rng.Uint32()
	r.XER = rng.Uint64() & regs.XERDefined
	r.LR, r.CTR, r.TAR = val(), val(), val()
	for i := range r.VSR {
		r.VSR[i] = regs.VSR{Hi: rng.Uint64(), Lo: rng.Uint64()}
	}
	r.MSR = regs.MSRSF | regs.MSRPR | regs.MSRFP | regs.MSRVEC | regs.MSRVSX
	if le {
		r.MSR |= regs.MSRLE
	}
	if rng.IntN(8) == 0 {
		r.MSR &^= regs.MSRSF
	}
	if rng.IntN(8) == 0 {
		r.MSR &^= regs.MSRPR
	}
	r.NIP = cia
	return r
}

// checkStep runs one step and checks the invariants: no panic (the fuzzer
// catches those), and a refused or faulting step leaves registers and memory
// unchanged.
func checkStep(t *testing.T, word, suffix uint32, seed uint64, poison uint16, le bool, p Profile) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	m := newMachine(le)
	m.r = randomRegs(rng, le)
	for i := 0; i < len(m.scratch); i += 8 {
		binary.LittleEndian.PutUint64(m.scratch[i:], rng.Uint64())
	}
	fm := &faultyMemory{Regions: m.mem, poison: scratchBase + uint64(poison)%0x2000}
	before := m.r
	scratch := bytes.Clone(m.scratch)
	err := New(Config{Profile: p}).StepWord(&m.r, fm, word, suffix)
	if err == nil {
		return
	}
	if d := cmp.Diff(before, m.r); d != "" {
		t.Fatalf("%08x:%08x: %v, but registers changed (-before +after):\n%s", word, suffix, err, d)
	}
	if !bytes.Equal(scratch, m.scratch) {
		t.Fatalf("%08x:%08x: %v, but memory changed", word, suffix, err)
	}
}

func FuzzStep(f *testing.F) {
	// Seeds: a sample of the golden traces' instructions.
	ins, err := golden.Insns("../testdata/traces")
	if err != nil {
		f.Fatal(err)
	}
	for i, in := range ins {
		if i%8 == 0 {
			f.Add(in.Word, in.Suffix, uint64(i), uint16(i*8), i%2 == 0, i%3 == 0)
		}
	}
	for _, w := range []uint32{0x7c642a14, 0xe8640008, 0xf8640009, 0x7fe00008, 0x44000002,
		0x4e800420, 0x42000008, 0x7c6103a6, 0xe8600001, 0x7c6428ee, 0x7c832b79} {
		f.Add(w, uint32(0), uint64(1), uint16(8), true, false)
	}
	f.Add(uint32(0x04000000), uint32(0xe4640000), uint64(2), uint16(0), false, true)
	f.Fuzz(func(t *testing.T, word, suffix uint32, seed uint64, poison uint16, le, qemu bool) {
		p := Hardware
		if qemu {
			p = QEMU
		}
		checkStep(t, word, suffix, seed, poison, le, p)
	})
}

// TestRandomStepsLeaveStateOnError runs the FuzzStep invariant on random
// encodings of every emulated op, so plain `go test` covers it.
func TestRandomStepsLeaveStateOnError(t *testing.T) {
	n := 60000
	if testing.Short() {
		n = 10000
	}
	rng := rand.New(rand.NewPCG(7, 11))
	hits := 0
	for i := 0; i < n; i++ {
		w := rng.Uint32()
		in, err := decode.Lookup(w, 0)
		if err == nil && !Emulated(in.Op) && i%4 != 0 {
			continue // spend most of the time on emulated ops
		}
		hits++
		checkStep(t, w, rng.Uint32(), rng.Uint64(), uint16(rng.Uint32()), i%2 == 0, Profile(i%3%2))
	}
	t.Logf("%d steps checked", hits)
}
