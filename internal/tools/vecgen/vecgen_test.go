package vecgen

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/trace"
)

var testOps = []decode.Op{
	ppc64asm.ADD, ppc64asm.ADDOCC, ppc64asm.LD, ppc64asm.LDU, ppc64asm.LWZX, ppc64asm.STDUX,
	ppc64asm.BCLR, ppc64asm.BCCTR, ppc64asm.BC, ppc64asm.MTSPR, ppc64asm.MFSPR, ppc64asm.TW,
	ppc64asm.FADD, ppc64asm.XVADDDP, ppc64asm.VADDUBM, ppc64asm.PLD, ppc64asm.PADDI, ppc64asm.LQ,
	ppc64asm.XVF32GER, ppc64asm.DCBZ, ppc64asm.LXVL, ppc64asm.STQCXCC,
}

func TestDeterministicAndPrefixStable(t *testing.T) {
	for _, op := range testOps {
		a := Generate(op, 40, 7, true)
		b := Generate(op, 40, 7, true)
		c := Generate(op, 64, 7, true)
		if diff := cmp.Diff(a, b); diff != "" {
			t.Errorf("%v: two runs differ:\n%s", op, diff)
		}
		if len(c) < len(a) {
			t.Fatalf("%v: %d then %d vectors", op, len(a), len(c))
		}
		if diff := cmp.Diff(a, c[:len(a)]); diff != "" {
			t.Errorf("%v: not prefix-stable:\n%s", op, diff)
		}
		if d := Generate(op, 40, 8, true); cmp.Equal(a, d) {
			t.Errorf("%v: seeds 7 and 8 give the same vectors", op)
		}
	}
}

// TestVectors checks that every vector is exactly its op, parses back from
// its text, and that loads and stores point into scratch mostly.
func TestVectors(t *testing.T) {
	for _, op := range testOps {
		for _, le := range []bool{true, false} {
			vs := Generate(op, 64, 1, le)
			if len(vs) != 64 {
				t.Errorf("%v: %d vectors, want 64", op, len(vs))
			}
			ids := map[string]bool{}
			invalid, inScratch, mem := 0, 0, 0
			for _, v := range vs {
				if ids[v.ID] {
					t.Errorf("duplicate ID %s", v.ID)
				}
				ids[v.ID] = true
				in, err := decode.DecodeWord(v.Word, v.Suffix)
				if err != nil || in.Op != op {
					t.Errorf("%s: decodes as %v, %v", v.ID, in.Op, err)
					continue
				}
				if bad := strings.HasSuffix(v.ID, "-inv") || strings.HasSuffix(v.ID, "-rsv"); bad != (in.Invalid != 0) {
					t.Errorf("%s: Invalid = %v", v.ID, in.Invalid)
				} else if bad {
					invalid++
				}
				l, err := trace.ParseLine(v.String())
				if err != nil {
					t.Fatalf("%s: %v", v.String(), err)
				}
				if diff := cmp.Diff(v, l.Vector); diff != "" {
					t.Errorf("%s: does not round-trip:\n%s", v.ID, diff)
				}
				if ea, ok := effAddr(&in, v); ok {
					mem++
					if ea >= trace.ScratchBase && ea+uint64(in.Size) <= trace.ScratchBase+trace.ScratchSize {
						inScratch++
					}
				}
			}
			if invalid > 8 {
				t.Errorf("%v: %d invalid vectors", op, invalid)
			}
			if mem > 0 && inScratch < mem*3/4 {
				t.Errorf("%v: %d of %d accesses in scratch", op, inScratch, mem)
			}
			if op == ppc64asm.LDU && invalid == 0 {
				t.Errorf("ldu: no invalid forms")
			}
		}
	}
}

// effAddr computes the EA of D-form and X-form integer accesses.
func effAddr(in *decode.Inst, v trace.Vector) (uint64, bool) {
	if in.Class != decode.ClassLoad && in.Class != decode.ClassStore || in.Prefixed() || in.Invalid != 0 {
		return 0, false
	}
	gpr := func(n int64) uint64 {
		var x uint64
		for _, a := range v.Sets {
			if a.Key == "r"+strconv.Itoa(int(n)) {
				x, _ = strconv.ParseUint(a.Value, 16, 64)
			}
		}
		return x
	}
	k, a := in.Kinds, in.Args
	switch {
	case k[1] == decode.ArgOffset && k[2] == decode.ArgGPR && a[2] != 0:
		return gpr(a[2]) + uint64(a[1]), true
	case k[1] == decode.ArgGPR && k[2] == decode.ArgGPR:
		base := uint64(0)
		if a[1] != 0 {
			base = gpr(a[1])
		}
		return base + gpr(a[2]), true
	}
	return 0, false
}

func TestNeverItself(t *testing.T) {
	// cmp always decodes as cmpw or cmpd: no vectors.
	if vs := Generate(ppc64asm.CMP, 4, 1, true); len(vs) != 0 {
		t.Errorf("cmp: %d vectors", len(vs))
	}
}

// TestPCRel checks that PC-relative prefixed loads mostly reach scratch.
func TestPCRel(t *testing.T) {
	in := 0
	n := 0
	for _, v := range Generate(ppc64asm.PLD, 256, 1, true) {
		d, err := decode.DecodeWord(v.Word, v.Suffix)
		if err != nil || !d.Has(decode.FlagPCRel) || d.Invalid != 0 {
			continue
		}
		n++
		ea := uint64(trace.CIA) + uint64(d.Args[1])
		if ea >= trace.ScratchBase && ea < trace.ScratchBase+trace.ScratchSize {
			in++
		}
	}
	if n == 0 || in < n/2 {
		t.Errorf("%d of %d PC-relative pld reach scratch", in, n)
	}
}

// TestVersion2State: FP-class vectors get a non-zero DRN about half of the
// time, bctar a TAR target, SPR moves TAR, VRSAVE and PPR values; all of
// it is version-2 text that parses back.
func TestVersion2State(t *testing.T) {
	count := func(op decode.Op, key string, pred func(v uint64) bool) (n, total int) {
		for _, le := range []bool{true, false} {
			for _, v := range Generate(op, 64, 1, le) {
				total++
				for _, a := range v.Sets {
					if a.Key != key {
						continue
					}
					u, err := strconv.ParseUint(a.Value, 16, 64)
					if err != nil {
						t.Fatalf("%s: %s=%s", v.ID, a.Key, a.Value)
					}
					if pred(u) {
						n++
					}
				}
			}
		}
		return n, total
	}
	any := func(uint64) bool { return true }
	for _, tc := range []struct {
		op       decode.Op
		key      string
		pred     func(uint64) bool
		min, max float64 // fraction of vectors
	}{
		{ppc64asm.FADD, "fpscr", func(v uint64) bool { return v>>32 != 0 }, 0.3, 0.7},
		{ppc64asm.MFFSCDRNI, "fpscr", func(v uint64) bool { return v>>32&^7 != 0 }, 0, 0}, // only DRN in the high word
		{ppc64asm.BCTAR, "tar", any, 1, 1},
		{ppc64asm.MFSPR, "tar", any, 0.3, 0.7},
		{ppc64asm.MTSPR, "vrsave", func(v uint64) bool { return v <= 0xffffffff }, 0.3, 0.7},
		{ppc64asm.MFSPR, "ppr", any, 0.3, 0.7},
		{ppc64asm.ADD, "tar", any, 0, 0},
	} {
		n, total := count(tc.op, tc.key, tc.pred)
		if f := float64(n) / float64(total); f < tc.min || f > tc.max {
			t.Errorf("%v: %s in %d of %d vectors, want a fraction in [%v, %v]", tc.op, tc.key, n, total, tc.min, tc.max)
		}
	}
	for _, v := range Generate(ppc64asm.MFSPR, 64, 1, true) {
		f, err := trace.Read(strings.NewReader("# format=2\n"+v.String()+"\n"), "x.le.txt")
		if err != nil || len(f.Errors) > 0 {
			t.Fatalf("%s: %v %v", v.String(), err, f.Errors)
		}
	}
}

// VMX computational ops get edge-biased lanes: over 256 vectors of vadduwm,
// the VR operands hold the word edges 0x00000000, 0x00000001, 0xffffffff,
// 0x80000000 and 0x7fffffff, a single-precision NaN or infinity, and VSCR
// presets with and without SAT.
func TestVMXLanes(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range Generate(ppc64asm.VADDUWM, 256, 1, true) {
		for _, a := range v.Sets {
			switch {
			case a.Key == "vscr":
				seen["vscr="+a.Value] = true
			case strings.HasPrefix(a.Key, "vs") && len(a.Value) == 32:
				for i := 0; i < 32; i += 8 {
					seen[a.Value[i:i+8]] = true
				}
			}
		}
	}
	for _, want := range []string{"00000000", "00000001", "ffffffff", "80000000", "7fffffff", "7f800000", "vscr=1", "vscr=0"} {
		if !seen[want] {
			t.Errorf("no %s among 256 vadduwm vectors", want)
		}
	}
}

// TestFPEnables: scalar FP, VSX and MMA vectors get FPSCR enable bits in
// about a quarter of the vectors, every one of VE, OE, UE, ZE and XE among
// them, with FEX set exactly when an enabled exception bit is already set;
// VMX vectors never get them (nor noEnableOps).
func TestFPEnables(t *testing.T) {
	for _, tc := range []struct {
		op       decode.Op
		min, max float64
	}{
		{ppc64asm.FADD, 0.15, 0.35},
		{ppc64asm.FMADDSCC, 0.15, 0.35},
		{ppc64asm.XVCVDPSXWS, 0.15, 0.35},
		{ppc64asm.XSADDQP, 0.15, 0.35},
		{ppc64asm.XSRQPXP, 0.15, 0.35},
		{ppc64asm.XVF32GERPP, 0.15, 0.35},
		{ppc64asm.VADDFP, 0, 0},
	} {
		n, total := 0, 0
		seen := uint64(0)
		for _, le := range []bool{true, false} {
			for _, v := range Generate(tc.op, 128, 3, le) {
				total++
				for _, a := range v.Sets {
					if a.Key != "fpscr" {
						continue
					}
					f, err := strconv.ParseUint(a.Value, 16, 64)
					if err != nil {
						t.Fatalf("%s: fpscr=%s", v.ID, a.Value)
					}
					if f&fpscrEnables != 0 {
						n++
						seen |= f & fpscrEnables
					}
					enabled := (f>>29&1 != 0 && f&0x80 != 0) || f>>22&0x78&f != 0
					if got := f&0x40000000 != 0; got != enabled {
						t.Errorf("%s: fpscr=%s: FEX %v, want %v", v.ID, a.Value, got, enabled)
					}
				}
			}
		}
		if f := float64(n) / float64(total); f < tc.min || f > tc.max {
			t.Errorf("%v: enable bits in %d of %d vectors, want a fraction in [%v, %v]", tc.op, n, total, tc.min, tc.max)
		}
		if tc.max > 0 && seen != fpscrEnables {
			t.Errorf("%v: enable bits seen %#x, want all of %#x", tc.op, seen, fpscrEnables)
		}
	}
}

// TestDFPPairs: a DFP Extended op sets both registers of each FRTp/FRBp
// pair operand (decode's Pairs column), the Rc form too (daddq. FRTp,FRAp,FRBp:
// Power ISA Book I 5.6.1), and a Long op only the register itself.
func TestDFPPairs(t *testing.T) {
	for _, tc := range []struct {
		op   decode.Op
		pair bool
	}{{ppc64asm.DADDQ, true}, {ppc64asm.DADDQCC, true}, {ppc64asm.DADD, false}, {ppc64asm.DADDCC, false}} {
		for _, v := range Generate(tc.op, 16, 1, true) {
			in, err := decode.DecodeWord(v.Word, 0)
			if err != nil {
				t.Fatalf("%v: %v", tc.op, err)
			}
			set := map[string]bool{}
			for _, a := range v.Sets {
				set[a.Key] = true
			}
			for i := 1; i < 3; i++ { // FRAp, FRBp: inputs
				n := (in.Args[i] + 1) & 31
				if n == in.Args[0] || n == in.Args[1] || n == in.Args[2] {
					continue // an operand of its own
				}
				odd := fmt.Sprintf("vs%d", n)
				if set[odd] != tc.pair {
					t.Errorf("%v %s: %s set %v, want %v", tc.op, v.ID, odd, set[odd], tc.pair)
				}
			}
		}
	}
}
