package emulate

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/internal/tools/golden"
	"github.com/ppc64emu/ppc64emu/regs"
)

// This file is self-contained, like every fuzz target: OSS-Fuzz
// (scripts/oss-fuzz-build.sh) compiles it as an ordinary source file of the
// package, without the other test files, which use its declarations.

// The machine of the reference trace format (docs/trace-format.md): code
// at 0x40000000 (the code page at 0x40080000 writable), scratch at 0x50000000.
const (
	cia         = 0x40080000
	scratchBase = 0x50000000
)

// faultyMemory is the trace machine's memory with one poisoned byte: any
// access that touches it faults.
type faultyMemory struct {
	regions.Regions
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

// fuzzMSR are the MSR bits the fuzzer chooses (bit i of FuzzStep's msr
// argument): the facilities, the FP exception mode, 64-bit mode and problem
// state.
var fuzzMSR = [...]uint64{regs.MSRFP, regs.MSRVEC, regs.MSRVSX, regs.MSRFE0, regs.MSRFE1, regs.MSRSF, regs.MSRPR}

// randomRegs fills a register file from seed, biased to edge values, with
// many registers pointing into scratch so that loads and stores hit memory.
// msr chooses the bits of fuzzMSR; fpscr is FPSCR (any value: enabled
// exceptions, reserved bits).
func randomRegs(rng *rand.Rand, le bool, msr uint8, fpscr uint64) regs.Regs {
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
	for i, bit := range fuzzMSR {
		if msr&(1<<i) != 0 {
			r.MSR |= bit
		}
	}
	if le {
		r.MSR |= regs.MSRLE
	}
	r.FPSCR = fpscr
	r.NIP = cia
	return r
}

// checkStep runs one step and checks the invariants: no panic (the fuzzer
// catches those), and a refused or faulting step leaves registers and memory
// unchanged.
func checkStep(t *testing.T, word, suffix uint32, seed uint64, poison uint16, le bool, p Profile, msr uint8, fpscr uint64) error {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	code, scratch := make([]byte, 0x1000), make([]byte, 0x2000)
	r := randomRegs(rng, le, msr, fpscr)
	for i := 0; i < len(scratch); i += 8 {
		binary.LittleEndian.PutUint64(scratch[i:], rng.Uint64())
	}
	fm := &faultyMemory{Regions: regions.Regions{
		{Addr: cia, Data: code, Writable: true},
		{Addr: scratchBase, Data: scratch, Writable: true},
	}, poison: scratchBase + uint64(poison)%0x2000}
	before := r
	scratchBefore := bytes.Clone(scratch)
	err := New(Config{Profile: p}).StepWord(&r, fm, word, suffix)
	if err == nil {
		return nil
	}
	if d := cmp.Diff(before, r); d != "" {
		t.Fatalf("%08x:%08x: %v, but registers changed (-before +after):\n%s", word, suffix, err, d)
	}
	if !bytes.Equal(scratchBefore, scratch) || !bytes.Equal(code, make([]byte, len(code))) {
		t.Fatalf("%08x:%08x: %v, but memory changed", word, suffix, err)
	}
	return err
}

// Seeds' MSR choices (bits of fuzzMSR): every facility, 64-bit, problem
// state.
const fuzzMSRUser = 1<<0 | 1<<1 | 1<<2 | 1<<5 | 1<<6

func FuzzStep(f *testing.F) {
	// Seeds: a sample of the golden traces' instructions.
	ins, err := golden.Insns("../testdata/traces")
	if err != nil {
		f.Fatal(err)
	}
	for i, in := range ins {
		if i%8 == 0 {
			// Mostly everything on; every fourth seed a facility off, FE0/FE1 on and
			// FPSCR with enables and exceptions set.
			msr, fpscr := uint8(fuzzMSRUser), uint64(0)
			if i%32 == 8 {
				msr = uint8(i/32) & 0x7f
				fpscr = 0xfff800f8 // FX FEX VX OX UX ZX XX VXSNAN…, VE OE UE ZE XE
			}
			f.Add(in.Word, in.Suffix, uint64(i), uint16(i*8), i%2 == 0, i%3 == 0, msr, fpscr)
		}
	}
	for _, w := range []uint32{0x7c642a14, 0xe8640008, 0xf8640009, 0x7fe00008, 0x44000002,
		0x4e800420, 0x42000008, 0x7c6103a6, 0xe8600001, 0x7c6428ee, 0x7c832b79} {
		f.Add(w, uint32(0), uint64(1), uint16(8), true, false, uint8(fuzzMSRUser), uint64(0))
	}
	f.Add(uint32(0x04000000), uint32(0xe4640000), uint64(2), uint16(0), false, true, uint8(fuzzMSRUser), uint64(0))
	// fdiv f3,f4,f5 with ZE and FE0 set (an enabled zero-divide when f5 is
	// 0), and with FP off (facility unavailable).
	f.Add(uint32(0xfc642824), uint32(0), uint64(3), uint16(0), true, false, uint8(fuzzMSRUser|1<<3), uint64(0x10))
	f.Add(uint32(0xfc642824), uint32(0), uint64(3), uint16(0), true, false, uint8(fuzzMSRUser&^1), uint64(0))
	f.Fuzz(func(t *testing.T, word, suffix uint32, seed uint64, poison uint16, le, qemu bool, msr uint8, fpscr uint64) {
		p := Hardware
		if qemu {
			p = QEMU
		}
		checkStep(t, word, suffix, seed, poison, le, p, msr, fpscr)
	})
}

// TestRandomStepsLeaveStateOnError runs the FuzzStep invariant on random
// encodings of every emulated op, so plain `go test` covers it. A quarter of
// the steps have random MSR bits and FPSCR, and the run must reach the
// facility-unavailable and enabled-FP-exception outcomes (issue 17 item 11:
// with FP, VMX and VSX always on and FPSCR 0 it never did).
func TestRandomStepsLeaveStateOnError(t *testing.T) {
	n := 60000
	if testing.Short() {
		n = 10000
	}
	rng := rand.New(rand.NewPCG(7, 11))
	hits, unavailable, fpe := 0, 0, 0
	for i := 0; i < n; i++ {
		w := rng.Uint32()
		in, err := decode.Lookup(w, 0)
		if err == nil && !Emulated(in.Op) && i%4 != 0 {
			continue // spend most of the time on emulated ops
		}
		hits++
		msr, fpscr := uint8(fuzzMSRUser), uint64(0)
		if i%4 == 1 {
			msr, fpscr = uint8(rng.Uint32()), rng.Uint64()
		}
		err = checkStep(t, w, rng.Uint32(), rng.Uint64(), uint16(rng.Uint32()), i%2 == 0, Profile(i%3%2), msr, fpscr)
		switch {
		case errors.Is(err, ErrUnavailable):
			unavailable++
		case errors.Is(err, ErrFPException):
			fpe++
		}
	}
	t.Logf("%d steps checked: %d facility unavailable, %d enabled FP exceptions", hits, unavailable, fpe)
	if unavailable == 0 || fpe == 0 {
		t.Errorf("facility-unavailable (%d) and enabled-FP-exception (%d) outcomes must both be reached", unavailable, fpe)
	}
}
