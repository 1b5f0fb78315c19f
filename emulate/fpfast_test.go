package emulate

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/regs"
)

// fastFPOps are the ops with a native fast path (fpFast, xvFast): the
// scalar FP, VSX scalar and VSX vector arithmetic of kinds add to the
// negative multiply-subtracts, in op order.
func fastFPOps() []decode.Op {
	var ops []decode.Op
	for op, k := range fpArithOps {
		if k <= faNMSub {
			ops = append(ops, op)
		}
	}
	for _, m := range []map[decode.Op]xsArithSpec{xsArithOps, xvArithOps} {
		for op, s := range m {
			if s.kind <= faNMSub {
				ops = append(ops, op)
			}
		}
	}
	slices.Sort(ops)
	return ops
}

// fastFPWord encodes op with the registers 1 (target), 2, 3, 4 for the FP
// ops and 33, 34, 35 for the VSX ops, taking as many as op has.
func fastFPWord(t *testing.T, op decode.Op) uint32 {
	regs := []int64{1, 2, 3, 4}
	if op.String()[0] == 'x' {
		regs = []int64{33, 34, 35}
	}
	for n := len(regs); n >= 2; n-- {
		if w, _, err := decode.Encode(op, regs[:n]...); err == nil {
			return w
		}
	}
	t.Fatalf("%v: no encoding with registers %v", op, regs)
	return 0
}

// fastFPBits draws an operand of the given width (32 or 64 bits):
// mostly moderate normal numbers with short, long-run or random
// significands, sometimes exponents near and beyond the fast path's
// bounds, zeros, subnormals, infinities and NaNs.
func fastFPBits(rng *rand.Rand, width int) uint64 {
	ebits, fbits := 11, 52
	if width == 32 {
		ebits, fbits = 8, 23
	}
	bias := 1<<(ebits-1) - 1
	e := bias + rng.IntN(30) - 15
	switch rng.IntN(10) {
	case 0:
		e = rng.IntN(1 << ebits) // any, the specials included
	case 1:
		e = []int{0, 1<<ebits - 1}[rng.IntN(2)] // zero or subnormal; infinity or NaN
	case 2:
		e = bias + []int{-440, 440, -900, 900, -125, 126, 127}[rng.IntN(7)] + rng.IntN(5) - 2
		e = max(0, min(e, 1<<ebits-1))
	}
	f := rng.Uint64() & (1<<fbits - 1)
	switch rng.IntN(4) {
	case 0:
		f &= ^uint64(0) << uint(fbits-rng.IntN(12))
	case 1:
		f |= (1<<fbits - 1) >> uint(rng.IntN(fbits))
	case 2:
		if width == 64 && rng.IntN(2) == 0 {
			f &^= 1<<29 - 1 // a binary32 value
		}
	}
	return rng.Uint64()&1<<uint(width-1) | uint64(e)<<fbits | f
}

// fastFPState fills the registers op reads with operands for one case:
// FPRs/VSRs 1-4 and 33-35 (both doublewords; binary32 lanes for the
// vector single ops), sometimes one the negation of another (exact
// cancellation), and a random FPSCR (mostly 0; sometimes exception
// bits already set, enables, RN ≠ 0, NI) and MSR[FE0,FE1].
func fastFPState(rng *rand.Rand, r *regs.Regs, sp bool) {
	for _, n := range []int{1, 2, 3, 4, 33, 34, 35} {
		var v [4]uint64
		for i := range v {
			if sp {
				v[i] = fastFPBits(rng, 32)
			} else {
				v[i] = fastFPBits(rng, 64)
			}
		}
		if sp {
			r.VSR[n] = regs.VSR{Hi: v[0]<<32 | v[1], Lo: v[2]<<32 | v[3]}
		} else {
			r.VSR[n] = regs.VSR{Hi: v[0], Lo: v[1]}
		}
	}
	if rng.IntN(4) == 0 { // cancellation: the second source is minus the first
		for _, p := range [][2]int{{3, 2}, {35, 34}, {4, 2}} {
			sign := uint64(fpSignBit)
			if sp {
				sign = 0x80000000_80000000
			}
			r.VSR[p[0]] = regs.VSR{Hi: r.VSR[p[1]].Hi ^ sign, Lo: r.VSR[p[1]].Lo ^ sign}
		}
	}
	r.FPSCR = 0
	switch rng.IntN(8) {
	case 0:
		r.FPSCR = rng.Uint64() & fpscrWritable
	case 1:
		r.FPSCR = rng.Uint64() & (fpExcBits | regs.FPSCRFX | regs.FPSCRFR | regs.FPSCRFI | regs.FPSCRFPRF)
	case 2:
		r.FPSCR = rng.Uint64() & (regs.FPSCREnables | regs.FPSCRRN)
	}
	r.FPSCR = regs.FPSCRSummary(r.FPSCR)
	r.MSR = emutest.MSR
	if rng.IntN(4) == 0 {
		r.MSR |= regs.MSRFE0 | regs.MSRFE1
	}
	r.CR = rng.Uint32()
}

// TestFPFastStep: the native fast path (fpFast, xvFast) and the exact
// softfloat path (checked against QEMU's traces) leave the same machine
// state, bit for bit — target register, FPSCR, CR — and the same error,
// for every op that has a fast path, under both profiles, over random and
// edge operands and FPSCR states. It also requires that the fast path
// took a fair share of the cases.
func TestFPFastStep(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 29))
	n := 1500
	if testing.Short() {
		n = 150
	}
	ops := fastFPOps()
	if len(ops) < 88 {
		t.Fatalf("only %d ops with a fast path", len(ops))
	}
	for _, prof := range []Profile{Hardware, QEMU} {
		fast, exact := New(Config{Profile: prof}), New(Config{Profile: prof})
		exact.exactFP = true
		for _, op := range ops {
			word := fastFPWord(t, op)
			in, err := decode.DecodeWord(word, 0)
			if err != nil || in.Op != op {
				t.Fatalf("%v: %08x decodes as %v, %v", op, word, in.Op, err)
			}
			sp := in.Class == decode.ClassVSX && in.Elem == 4
			took := 0
			sqrt := strings.Contains(op.String(), "sqrt")
			signs := uint64(fpSignBit)
			if sp {
				signs = 0x80000000_80000000
			}
			for range n {
				var r0 regs.Regs
				fastFPState(rng, &r0, sp)
				if sqrt && rng.IntN(8) != 0 {
					for _, n := range []int{2, 3, 34, 35} { // mostly non-negative roots
						r0.VSR[n] = regs.VSR{Hi: r0.VSR[n].Hi &^ signs, Lo: r0.VSR[n].Lo &^ signs}
					}
				}
				r0.NIP = cia
				rf, rx := r0, r0
				ef := fast.Step(&rf, nil, &in)
				ex := exact.Step(&rx, nil, &in)
				if rx == rf && fmt.Sprint(ef) == fmt.Sprint(ex) {
					// the common case, without cmp's reflection
				} else if d := cmp.Diff(rx, rf); d != "" || fmt.Sprint(ef) != fmt.Sprint(ex) {
					t.Fatalf("%v %v: fast path differs (-exact +fast):\n%s\nerror exact %v, fast %v\nfrom %+v", prof, op, d, ex, ef, r0.VSR[1:5])
				}
				var fx, xx *FPException
				if errors.As(ef, &fx) && errors.As(ex, &xx) {
					if d := cmp.Diff(xx, fx); d != "" {
						t.Fatalf("%v %v: FP exceptions differ (-exact +fast):\n%s", prof, op, d)
					}
				}
				if ef == nil && r0.FPSCR&fpFastOff == 0 && fastTook(fast, &r0, &in) {
					took++
				}
			}
			if took < n/10 {
				t.Errorf("%v %v: the fast path took %d of %d cases", prof, op, took, n)
			}
		}
	}
}

// fastTook reports whether the fast path accepts in on the state r.
func fastTook(e *Emulator, r0 *regs.Regs, in *decode.Inst) bool {
	r := *r0
	if k, ok := fpArithOps[in.Op]; ok {
		return e.fpFast(&r, in, k, 1, r.FPR(int(in.Args[1])), r.FPR(int(in.Args[2])), r.FPR(int(in.Args[3])))
	}
	if s, ok := xvArithOps[in.Op]; ok {
		_, _, ok := xvFast(&r, in, s, in.Elem == 4)
		return ok
	}
	s := xsArithOps[in.Op]
	x, y, z := xsOperands(&r, in, s)
	return e.fpFast(&r, in, s.kind, 33, x, y, z)
}
