package emulate_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/tools/vecgen"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/trace"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// The fault proof (issue 5): for every load, store, atomic and cache op the
// emulator implements, a fault injected at every byte of every access
// leaves the register file and memory bit-identical, and every
// architectural access reaches Memory as one call of its full size.

var errInjected = errors.New("injected fault")

type access struct {
	addr  uint64
	n     int
	write bool
}

// faultMem wraps a Memory, records every access and fails those that touch
// byte failAt (only writes if writesOnly). A failed access changes nothing.
type faultMem struct {
	m          emulate.Memory
	log        []access
	fail       bool
	failAt     uint64
	writesOnly bool
}

func (f *faultMem) hit(addr uint64, n int, write bool) bool {
	return f.fail && (write || !f.writesOnly) && f.failAt-addr < uint64(n)
}

func (f *faultMem) Read(addr uint64, b []byte) error {
	f.log = append(f.log, access{addr, len(b), false})
	if f.hit(addr, len(b), false) {
		return &mem.AccessError{Addr: f.failAt, Err: errInjected}
	}
	return f.m.Read(addr, b)
}

func (f *faultMem) Write(addr uint64, b []byte) error {
	f.log = append(f.log, access{addr, len(b), true})
	if f.hit(addr, len(b), true) {
		return &mem.AccessError{Addr: f.failAt, Err: errInjected}
	}
	return f.m.Write(addr, b)
}

// storageOps lists the emulated ops that access storage, with a decoded
// encoding of each (for its class, flags and size).
func storageOps(t *testing.T) []decode.Inst {
	var out []decode.Inst
	for _, op := range emulate.EmulatedOps() {
		in, ok := decode.BaseInst(op)
		if !ok {
			continue
		}
		switch in.Class {
		case decode.ClassLoad, decode.ClassStore, decode.ClassAtomic, decode.ClassCache:
			out = append(out, in)
		}
	}
	if len(out) < 80 {
		t.Fatalf("only %d storage ops emulated", len(out))
	}
	return out
}

// vectorsFor returns vectors of op in one byte order: the golden QEMU
// trace's if there is one, else generated ones (internal/tools/vecgen, oracle.Generate, points
// base registers into scratch).
func vectorsFor(t *testing.T, op decode.Op, le bool) []trace.Vector {
	order := "be"
	if le {
		order = "le"
	}
	path := filepath.Join("..", "testdata", "traces", fmt.Sprintf("%s.%s.txt.gz", op, order))
	var vs []trace.Vector
	if _, err := os.Stat(path); err == nil {
		f, err := trace.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i := range f.Lines {
			vs = append(vs, f.Lines[i].Vector)
		}
	}
	return append(vs, vecgen.Generate(op, 24, 7, le)...)
}

// larxFor returns the larx that establishes a reservation a stcx. op can
// use, with RT = r0 (so the stcx.'s own registers are unaffected unless it
// uses r0, which the test then skips).
func larxFor(op decode.Op) (decode.Op, bool) {
	switch op {
	case p.STBCXCC:
		return p.LBARX, true
	case p.STHCXCC:
		return p.LHARX, true
	case p.STWCXCC:
		return p.LWARX, true
	case p.STDCXCC:
		return p.LDARX, true
	case p.STQCXCC:
		return p.LQARX, true
	}
	return 0, false
}

// reserve executes larx RT,RA,RB with the stcx.'s RA and RB, RT = r30
// (r30/r31 for lqarx), on a copy of the registers, so that the stcx. finds
// a reservation for its address. It reports false when that is not
// possible (unaligned EA, the larx faults, or the stcx. uses r30/r31).
func reserve(e *emulate.Emulator, m *trace.Machine, st *decode.Inst) bool {
	larx, ok := larxFor(st.Op)
	if !ok {
		return true
	}
	for i := 0; i < 3; i++ {
		if st.Args[i] >= 30 {
			return false
		}
	}
	w, _, err := decode.Encode(larx, 30, st.Args[1], st.Args[2], 0) // EH = 0
	if err != nil {
		panic(err) // RA and RB are the stcx.'s: they always fit
	}
	r := m.Regs
	return e.StepWord(&r, m, w, 0) == nil
}

func TestFaultInjectionEveryStorageOp(t *testing.T) {
	ops := storageOps(t)
	for i := range ops {
		op := ops[i].Op
		t.Run(op.String(), func(t *testing.T) {
			injected := 0
			for _, le := range []bool{true, false} {
				injected += faultProofOp(t, op, le)
			}
			if op == p.DCBT || op == p.DCBTST || op == p.ICBT {
				// Hints: they never access storage, so never fault.
				if injected != 0 {
					t.Errorf("%s accessed storage", op)
				}
				return
			}
			if injected == 0 {
				t.Errorf("no vector of %s made a storage access to inject faults into", op)
			}
		})
	}
}

// faultProofOp runs the proof for one op and byte order and returns the
// number of faults injected.
func faultProofOp(t *testing.T, op decode.Op, le bool) int {
	t.Helper()
	injected, used := 0, 0
	for _, v := range vectorsFor(t, op, le) {
		if used == 6 {
			break
		}
		in, err := decode.DecodeWord(v.Word, v.Suffix)
		if err != nil || in.Op != op {
			continue
		}
		e := emulate.New(emulate.Config{Profile: emulate.QEMU})
		base := v.Machine(le)
		if !reserve(e, base, &in) {
			continue
		}
		resv := e.Context().Resv

		// The unfaulted step: which accesses does it make?
		m := v.Machine(le)
		fm := &faultMem{m: m}
		if err := e.StepWord(&m.Regs, fm, v.Word, v.Suffix); err != nil || len(fm.log) == 0 {
			continue
		}
		used++
		checkAccessSizes(t, &in, fm.log, le)
		if in.Has(decode.FlagUpdate) && in.Kinds[0] == decode.ArgGPR {
			ra := ra(&in)
			if got := m.Regs.GPR[ra]; got != fm.log[0].addr {
				t.Errorf("%s (le=%v): update form: RA = %#x, want EA %#x", v.String(), le, got, fm.log[0].addr)
			}
		}

		for _, a := range fm.log {
			for k := 0; k < a.n; k++ {
				for _, writesOnly := range []bool{false, true} {
					if writesOnly && !a.write {
						continue
					}
					injected++
					faultOnce(t, v, le, &in, a.addr+uint64(k), writesOnly, resv)
				}
			}
		}
	}
	return injected
}

func ra(in *decode.Inst) int64 {
	if in.Kinds[1] == decode.ArgOffset {
		return in.Args[2]
	}
	return in.Args[1]
}

// faultOnce steps v with a fault at byte k and checks that nothing changed.
func faultOnce(t *testing.T, v trace.Vector, le bool, in *decode.Inst, k uint64, writesOnly bool, resv emulate.Reservation) {
	t.Helper()
	e := emulate.New(emulate.Config{Profile: emulate.QEMU})
	m := v.Machine(le)
	if !reserve(e, m, in) {
		t.Fatalf("%s: reservation could not be re-established", v.String())
	}
	pristine := v.Machine(le)
	before := m.Regs
	fm := &faultMem{m: m, fail: true, failAt: k, writesOnly: writesOnly}
	err := e.StepWord(&m.Regs, fm, v.Word, v.Suffix)
	what := fmt.Sprintf("%s (le=%v) fault at %#x (writes only: %v)", v.String(), le, k, writesOnly)
	var f *emulate.Fault
	switch {
	case err == nil:
		t.Errorf("%s: step succeeded", what)
	case !errors.As(err, &f) || !errors.Is(err, emulate.ErrDataFault) || !errors.Is(err, errInjected):
		t.Errorf("%s: err = %v, want the injected data fault", what, err)
	case f.Addr != k:
		t.Errorf("%s: Fault.Addr = %#x, want %#x", what, f.Addr, k)
	}
	if d := cmp.Diff(before, m.Regs); d != "" {
		t.Errorf("%s: registers changed (-before +after):\n%s", what, d)
	}
	if !bytes.Equal(pristine.Scratch, m.Scratch) {
		t.Errorf("%s: scratch changed:\n%s", what, cmp.Diff(pristine.Scratch, m.Scratch))
	}
	if !bytes.Equal(pristine.CodePage, m.CodePage) {
		t.Errorf("%s: code page changed:\n%s", what, cmp.Diff(pristine.CodePage, m.CodePage))
	}
	if got := e.Context().Resv; got != resv {
		t.Errorf("%s: reservation changed: %+v, want %+v", what, got, resv)
	}
}

// checkAccessSizes checks that the accesses of a successful step are those
// the instruction's architecture defines, each one call of its full size.
func checkAccessSizes(t *testing.T, in *decode.Inst, log []access, le bool) {
	t.Helper()
	bad := func(why string) {
		t.Errorf("%s (%08x:%08x, le=%v): accesses %+v: %s", in.Op, in.Word, in.Suffix, le, log, why)
	}
	size := int(in.Size)
	switch in.Class {
	case decode.ClassLoad, decode.ClassStore:
		if len(log) != 1 {
			bad("want exactly one access")
			return
		}
		if log[0].write != (in.Class == decode.ClassStore) {
			bad("wrong direction")
		}
		if size > 0 && log[0].n != size {
			bad(fmt.Sprintf("want one access of %d bytes", size))
		}
	case decode.ClassAtomic:
		switch {
		case in.Has(decode.FlagReserve):
			if len(log) != 1 || log[0].write || log[0].n != size {
				bad(fmt.Sprintf("larx: want one read of %d bytes", size))
			}
		case in.Has(decode.FlagStoreCond):
			if len(log) != 1 || !log[0].write || log[0].n != size {
				bad(fmt.Sprintf("successful stcx.: want one write of %d bytes", size))
			}
		default: // lwat/ldat/stwat/stdat: read, then write back
			if len(log) != 2 || log[0].write || !log[1].write || (log[0].n != size && log[0].n != 2*size) ||
				(log[1].n != size && log[1].n != 2*size) {
				bad("atomic memory operation: want one read and one write of the operand (or of both operands)")
			}
		}
	case decode.ClassCache:
		if len(log) != 1 {
			bad("want exactly one access")
			return
		}
		if in.Op == p.DCBZ {
			if !log[0].write || log[0].n != 128 || log[0].addr&127 != 0 {
				bad("dcbz: want one aligned write of 128 bytes")
			}
		} else if log[0].write || log[0].n != 1 {
			bad("want a one-byte probe read")
		}
	}
}

// TestNilMemoryEveryStorageOp: a step given a nil Memory (Step handles it
// where memory is accessed, not up front) faults with ErrNoMemory whenever
// the same step with a Memory accesses storage, never panics, and leaves
// the registers unchanged.
func TestNilMemoryEveryStorageOp(t *testing.T) {
	for _, in := range storageOps(t) {
		faulted := 0
		for _, le := range []bool{true, false} {
			for i, v := range vectorsFor(t, in.Op, le) {
				if i >= 8 && faulted >= 3 {
					break
				}
				vin, err := decode.DecodeWord(v.Word, v.Suffix)
				if err != nil || vin.Op != in.Op {
					continue
				}
				// With a Memory: does the step access storage?
				e := emulate.New(emulate.Config{Profile: emulate.QEMU})
				m := v.Machine(le)
				if !reserve(e, m, &vin) {
					continue
				}
				fm := &faultMem{m: m}
				errMem := e.StepWord(&m.Regs, fm, v.Word, v.Suffix)

				e = emulate.New(emulate.Config{Profile: emulate.QEMU})
				m = v.Machine(le)
				reserve(e, m, &vin)
				before := m.Regs
				err = e.StepWord(&m.Regs, nil, v.Word, v.Suffix)
				what := fmt.Sprintf("%s (le=%v) with a nil Memory", v.String(), le)
				if len(fm.log) == 0 {
					if (err == nil) != (errMem == nil) {
						t.Errorf("%s: %v; with a Memory that it does not access: %v", what, err, errMem)
					}
					continue
				}
				faulted++
				if !errors.Is(err, emulate.ErrNoMemory) || !errors.Is(err, emulate.ErrDataFault) {
					t.Errorf("%s: %v, want a data fault with ErrNoMemory", what, err)
				}
				if d := cmp.Diff(before, m.Regs); d != "" {
					t.Errorf("%s: registers changed (-before +after):\n%s", what, d)
				}
			}
		}
		if faulted == 0 && in.Op != p.DCBT && in.Op != p.DCBTST && in.Op != p.ICBT {
			t.Errorf("%s: no vector accessed storage", in.Op)
		}
	}
}
