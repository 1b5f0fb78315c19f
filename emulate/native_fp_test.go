package emulate_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/jit"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// nativeFPValues are the operands of TestNativeFP: zeros, subnormals,
// the bounds of the fast path's exponent ranges and just outside them,
// infinities, NaNs, values whose sums, products and quotients round up,
// down or not at all, and halves (the rounding to integers).
var nativeFPValues = []uint64{
	0, 1 << 63, // ±0
	1, 0x800fffffffffffff, // subnormals
	0x0010000000000000, // the least normal
	math.Float64bits(1), math.Float64bits(-1), math.Float64bits(1.5), math.Float64bits(-2.5),
	math.Float64bits(0.1), math.Float64bits(-0.3), math.Float64bits(1.0 / 3), math.Float64bits(2.0 / 3),
	math.Float64bits(3), math.Float64bits(0.5), math.Float64bits(-0.5), math.Float64bits(2.5),
	math.Float64bits(1 + 0x1p-52), math.Float64bits(-(1 + 0x1p-52)), math.Float64bits(0x1p52 + 1),
	math.Float64bits(1e16), math.Float64bits(-123456.789), math.Float64bits(1e300), math.Float64bits(1e-300),
	math.Float64bits(0x1p440), math.Float64bits(0x1p441), math.Float64bits(0x1p-440), math.Float64bits(0x1p-441),
	math.Float64bits(0x1.fffffffffffffp440), math.Float64bits(0x1p900), math.Float64bits(0x1p901),
	math.Float64bits(0x1p-900), math.Float64bits(0x1p-901), math.Float64bits(math.MaxFloat64),
	math.Float64bits(math.Inf(1)), math.Float64bits(math.Inf(-1)),
	0x7ff8000000000000, 0xfff8000000000123, 0x7ff0000000000001, // QNaNs, an SNaN
}

// nativeFPSCRs are the FPSCRs TestNativeFP starts from: empty, the
// sticky bits already set (FX, XX, VX bits), each rounding mode, the
// enables (VE, ZE, XE, OE, UE), non-IEEE mode, old FR, FI and FPRF, and
// a summary that does not match the bits (VX and FEX set alone).
var nativeFPSCRs = []uint64{
	0, regs.FPSCRXX | regs.FPSCRFX, regs.FPSCRXX, 1, 2, 3,
	regs.FPSCRVE, regs.FPSCRZE | regs.FPSCRZX, regs.FPSCRXE, regs.FPSCROE, regs.FPSCRUE, regs.FPSCRNI,
	regs.FPSCRFR | regs.FPSCRFI | regs.FPSCRFPRF, regs.FPSCRVXSNAN | regs.FPSCRVE,
	regs.FPSCRVX | regs.FPSCRFEX, regs.FPSCRVXISI | regs.FPSCRFX | regs.FPSCRXX | regs.FPSCRC,
}

// TestNativeFP runs loops of one scalar FP op (those native_fp.go
// translates, with and without Rc; one register written and read again
// on the next iteration in half of them) and bdnz, on operands of
// nativeFPValues and an FPSCR of nativeFPSCRs, under EngineNative in
// Runs with step limits and through the Fetch loop, in both byte orders
// (checkNative: the same registers, FPSCR and CR included). Some ops
// exit the generated code on most of these operands (the interpreter
// then runs them): enough loops must have run generated code.
func TestNativeFP(t *testing.T) {
	type form struct {
		op    ppc64asm.Op
		nargs int // FRT and the operands after it (fcmpu: BF, FRA, FRB)
	}
	forms := []form{
		{ppc64asm.FADD, 3}, {ppc64asm.FADDCC, 3}, {ppc64asm.FSUB, 3}, {ppc64asm.FSUBCC, 3},
		{ppc64asm.FMUL, 3}, {ppc64asm.FMULCC, 3}, {ppc64asm.FDIV, 3}, {ppc64asm.FDIVCC, 3},
		{ppc64asm.FSQRT, 2}, {ppc64asm.FSQRTCC, 2},
		{ppc64asm.FMADD, 4}, {ppc64asm.FMADDCC, 4}, {ppc64asm.FMSUB, 4}, {ppc64asm.FMSUBCC, 4},
		{ppc64asm.FNMADD, 4}, {ppc64asm.FNMADDCC, 4}, {ppc64asm.FNMSUB, 4}, {ppc64asm.FNMSUBCC, 4},
		{ppc64asm.FRIM, 2}, {ppc64asm.FRIMCC, 2}, {ppc64asm.FRIP, 2}, {ppc64asm.FRIPCC, 2},
		{ppc64asm.FRIZ, 2}, {ppc64asm.FRIZCC, 2},
		{ppc64asm.FMR, 2}, {ppc64asm.FMRCC, 2}, {ppc64asm.FNEG, 2}, {ppc64asm.FNEGCC, 2},
		{ppc64asm.FABS, 2}, {ppc64asm.FABSCC, 2}, {ppc64asm.FNABS, 2}, {ppc64asm.FNABSCC, 2},
		{ppc64asm.FCMPU, 3}, {ppc64asm.FCMPO, 3}, {ppc64asm.FCFID, 2}, {ppc64asm.FCFIDCC, 2},
	}
	// fcfid's operands: integers about ±2^53 and small ones (and, in
	// one loop in three, the doubles above as integers).
	ints := []uint64{0, 1, 5, 1 << 52, 1 << 53, 1<<53 + 1, 1<<53 - 1, -(1 << 53) & (1<<64 - 1), -(1<<53 + 1) & (1<<64 - 1), 1 << 63, 1<<63 - 1, ^uint64(6)}
	// Two loops in three take their operands from the values the fast
	// path takes (normal, exponent within ±440), the others from all.
	var moderate []uint64
	for _, v := range nativeFPValues {
		if e := int(v>>52&0x7ff) - 1023; e >= -440 && e <= 440 && v<<1>>53 != 0 {
			moderate = append(moderate, v)
		}
	}
	ran, total := 0, 0
	for i, f := range forms {
		for k := range 24 {
			seed := uint64(11001 + 64*i + 2*k)
			rng := rand.New(rand.NewPCG(seed, 34))
			args := []int64{1, 2, 3, 4}[:f.nargs]
			if f.op == ppc64asm.FCMPU || f.op == ppc64asm.FCMPO {
				args[0] = int64(rng.IntN(7)) // CR7 keeps the loop going
			} else if k%2 == 1 {
				args[0] = args[1+rng.IntN(f.nargs-1)] // fed back
			}
			word := enc(f.op, args...)
			var r regs.Regs
			for v := range r.VSR {
				vals := moderate
				if f.op == ppc64asm.FCFID || f.op == ppc64asm.FCFIDCC {
					vals = ints
				}
				if k%3 == 0 {
					vals = nativeFPValues
				}
				r.VSR[v] = regs.VSR{Hi: vals[rng.IntN(len(vals))], Lo: rng.Uint64()}
			}
			r.FPSCR = nativeFPSCRs[rng.IntN(len(nativeFPSCRs))]
			if k < 4 {
				r.FPSCR = 0 // the fast path's usual case
			}
			msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[k%2]
			r.MSR, r.NIP, r.CTR, r.CR = msr, codeBase, 1000, rng.Uint32()
			p := runProgram{
				name: fmt.Sprintf("fp-%v-%d", f.op, k), steps: 200,
				setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
					return code(t, msr, codeBase, mem.RX, word, enc(ppc64asm.BC, 16, 0, -4)), r, emulate.New(emulate.Config{})
				},
			}
			t.Run(p.name, func(t *testing.T) {
				total++
				if checkNative(t, p) {
					ran++
				}
			})
		}
	}
	if jit.Supported && ran < total/3 {
		t.Errorf("generated code ran in %d loops of %d", ran, total)
	}
}
