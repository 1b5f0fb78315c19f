package emulate

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/vec"
	"github.com/ppc64emu/ppc64emu/mem"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// vecDirectCase is an op whose semantic function is a direct one (named,
// calling its kernel without a func value, or the whole-quadword
// load/store path) and the generic path it replaces.
type vecDirectCase struct {
	op              decode.Op
	direct, generic semFn
}

// vecDirectCases lists the direct semantic functions of the VMX ops and
// vector loads and stores of glibc's string and memory code with the
// generic path each replaces.
func vecDirectCases() []vecDirectCase {
	minu := vBin(func(a, b vec.V, w int) vec.V { return vec.Min(a, b, w, false) })
	cs := []vecDirectCase{
		{p.VAND, opVAnd, vBin0(vec.And)},
		{p.VANDC, opVAndc, vBin0(vec.AndC)},
		{p.VOR, opVOr, vBin0(vec.Or)},
		{p.VPERMXOR, opVPermxor, vTern0(vec.PermuteXor)},
		{p.VBPERMQ, opVBpermq, vBin0(vec.BitPermuteQuad)},
		{p.VGBBD, opVGbbd, vUn0(vec.GatherBitsByBytes)},
	}
	for _, op := range []decode.Op{p.VMINUB, p.VMINUH, p.VMINUW, p.VMINUD} {
		cs = append(cs, vecDirectCase{op, opVMinUnsigned, minu})
	}
	for _, op := range []decode.Op{p.VCMPNEB, p.VCMPNEBCC, p.VCMPNEH, p.VCMPNEHCC, p.VCMPNEW, p.VCMPNEWCC} {
		cs = append(cs, vecDirectCase{op, opVCmpNotEqual, vCmp(vec.CompareNotEqual)})
	}
	for op, s := range vecSpecs {
		if s.shape != vsVector && s.shape != vsVMX {
			continue
		}
		if in, _ := decode.BaseInst(decode.Op(op)); in.Class == decode.ClassStore {
			cs = append(cs, vecDirectCase{decode.Op(op), opStoreVec16, opStoreVec})
		} else {
			cs = append(cs, vecDirectCase{decode.Op(op), opLoadVec16, opLoadVec})
		}
	}
	return cs
}

// vecDirectInst encodes op with random registers: VRs 0-31 (VSRs 0-63
// for the VSX loads and stores), base r4 and index r5, a displacement
// (a multiple of 16, possibly negative) for the D forms.
func vecDirectInst(t *testing.T, rng *rand.Rand, op decode.Op) *decode.Inst {
	t.Helper()
	base, ok := decode.BaseInst(op)
	if !ok {
		t.Fatalf("%v: no encoding", op)
	}
	vr := func() int64 { return rng.Int64N(32) }
	var args []int64
	switch {
	case base.Class != decode.ClassLoad && base.Class != decode.ClassStore:
		args = make([]int64, base.NArgs)
		for i := range args {
			args[i] = vr()
		}
	case base.Flags&decode.FlagIndexed != 0:
		args = []int64{vr(), 4, 5}
	case base.Len == 8:
		args = []int64{vr() + 32*rng.Int64N(2), 16 * (rng.Int64N(64) - 32), 4, 0}
	default:
		args = []int64{vr() + 32*rng.Int64N(2), 16 * (rng.Int64N(64) - 32), 4}
	}
	if strings.HasPrefix(op.String(), "lxv") || strings.HasPrefix(op.String(), "stxv") {
		if base.Flags&decode.FlagIndexed != 0 {
			args[0] += 32 * rng.Int64N(2)
		}
	}
	w, s, err := decode.Encode(op, args...)
	if err != nil {
		t.Fatalf("%v %v: %v", op, args, err)
	}
	in, err := decode.DecodeWord(w, s)
	if err != nil || in.Op != op {
		t.Fatalf("%v %v: decoded %v, %v", op, args, in.Op, err)
	}
	return &in
}

// vecDirectMachine is a test machine in the given byte order with random
// VSRs, CR and scratch memory.
func vecDirectMachine(rng *rand.Rand, le bool) *machine {
	m := newMachine(le)
	for i := range m.r.VSR {
		m.r.VSR[i].Hi, m.r.VSR[i].Lo = rng.Uint64(), rng.Uint64()
	}
	m.r.CR = rng.Uint32()
	for i := range m.scratch {
		m.scratch[i] = byte(rng.Uint32())
	}
	return m
}

// TestVecDirectSameAsGeneric: each direct semantic function is the one
// registered for its op, and gives the same registers, memory and outcome
// as the generic path it replaces, over random registers and memory in
// both byte orders, with addresses that are misaligned, past the end of
// the mapped memory or unmapped (as TestFPFastStep compares the FP fast
// path with the exact one). The generic paths are the ones the golden
// QEMU traces and the corpus checked before the direct ones existed.
func TestVecDirectSameAsGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 16))
	for _, c := range vecDirectCases() {
		if got, want := reflect.ValueOf(semantics[c.op]).Pointer(), reflect.ValueOf(c.direct).Pointer(); got != want {
			t.Errorf("%v: the registered semantic function is not the direct one", c.op)
		}
		for _, le := range []bool{false, true} {
			for range 200 {
				in := vecDirectInst(t, rng, c.op)
				a := vecDirectMachine(rng, le)
				a.r.GPR[4] = scratchBase + rng.Uint64N(uint64(len(a.scratch))+64) - 32
				a.r.GPR[5] = rng.Uint64N(64)
				if rng.IntN(16) == 0 {
					a.r.GPR[4] = rng.Uint64()
				}
				b := newMachine(le)
				b.r = a.r
				copy(b.scratch, a.scratch)
				errA := c.direct(New(Config{}), &a.r, a.mem, in)
				errB := c.generic(New(Config{}), &b.r, b.mem, in)
				if fmt.Sprint(errA) != fmt.Sprint(errB) {
					t.Fatalf("%v (%08x, le=%v): direct %v, generic %v", c.op, in.Word, le, errA, errB)
				}
				if a.r != b.r {
					t.Fatalf("%v (%08x, le=%v): registers differ (-generic +direct):\n%s", c.op, in.Word, le, cmp.Diff(b.r, a.r))
				}
				if !bytes.Equal(a.scratch, b.scratch) {
					t.Fatalf("%v (%08x, le=%v): memory differs (-generic +direct):\n%s", c.op, in.Word, le, cmp.Diff(b.scratch, a.scratch))
				}
			}
		}
	}
}

// TestVecLS16RunSameAsGeneric: the whole-quadword loads and stores run
// by Run on a paged memory (where opLoadVec16 and opStoreVec16 access
// Run's cached page in place from the second access on) give the
// registers and memory that the generic opLoadVec and opStoreVec give,
// each instruction run twice over random data in both byte orders.
func TestVecLS16RunSameAsGeneric(t *testing.T) {
	const code, data = 0x10000000, scratchBase
	rng := rand.New(rand.NewPCG(29, 32))
	for _, c := range vecDirectCases() {
		if vecSpecs[c.op].shape == 0 {
			continue
		}
		for _, le := range []bool{false, true} {
			for range 20 {
				in := vecDirectInst(t, rng, c.op)
				a := vecDirectMachine(rng, le)
				// Within the scratch memory, with room for the D forms'
				// displacements (±512) on both sides.
				a.r.GPR[4] = data + 1024 + rng.Uint64N(uint64(len(a.scratch))-2048)
				a.r.GPR[5] = rng.Uint64N(64)
				run := a.r
				pm := mem.New()
				if err := pm.Map(code, mem.PageSize, mem.RWX); err != nil {
					t.Fatal(err)
				}
				if err := pm.Map(data, uint64(len(a.scratch)), mem.RW); err != nil {
					t.Fatal(err)
				}
				b := in.Bytes(a.order())
				if err := errors.Join(pm.Poke(code, b), pm.Poke(code+uint64(len(b)), b), pm.Poke(data, a.scratch)); err != nil {
					t.Fatal(err)
				}
				run.NIP = code
				e := New(Config{})
				if _, err := e.Run(&run, pm, RunOptions{Until: []uint64{code + 2*uint64(len(b))}}); err != nil {
					t.Fatalf("%v (%08x, le=%v): Run: %v", c.op, in.Word, le, err)
				}
				g := New(Config{})
				for range 2 {
					if err := c.generic(g, &a.r, a.mem, in); err != nil {
						t.Fatalf("%v (%08x, le=%v): generic: %v", c.op, in.Word, le, err)
					}
				}
				run.NIP = a.r.NIP
				if run != a.r {
					t.Fatalf("%v (%08x, le=%v): registers differ (-generic +Run):\n%s", c.op, in.Word, le, cmp.Diff(a.r, run))
				}
				got := make([]byte, len(a.scratch))
				if err := pm.Read(data, got); err != nil || !bytes.Equal(got, a.scratch) {
					t.Fatalf("%v (%08x, le=%v): memory differs (%v):\n%s", c.op, in.Word, le, err, cmp.Diff(a.scratch, got))
				}
			}
		}
	}
}
