package emulate_test

import (
	"encoding/binary"
	"errors"
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
// down or not at all, halves (the rounding to integers) and the bounds of
// the integer conversions.
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
	// The single-precision bounds and midpoints: the normal single
	// range's ends and just outside, halfway between two singles (1 +
	// 2^−24: rounds to even, down; 1 + 3×2^−24: up) and just off it.
	math.Float64bits(0x1p126), math.Float64bits(0x1.fffffep126), math.Float64bits(0x1p127), math.Float64bits(-0x1p-125),
	math.Float64bits(0x1p-126), math.Float64bits(0x1p-127), math.Float64bits(1 + 0x1p-24), math.Float64bits(1 + 3*0x1p-24),
	math.Float64bits(-(1 + 0x1p-24 + 0x1p-52)), math.Float64bits(1.5 + 0x1p-23 + 0x1p-24), math.Float64bits(float64(float32(0.1))),
	// The integer conversions' bounds: ±2^31, 2^32, ±2^63, 2^64 and halves
	// about them; negative values that round to 0 or to −1.
	math.Float64bits(0x1p31), math.Float64bits(-0x1p31), math.Float64bits(0x1p31 - 0.5), math.Float64bits(-0x1p31 - 0.5),
	math.Float64bits(0x1p31 - 1.5), math.Float64bits(0x1p63), math.Float64bits(-0x1p63), math.Float64bits(0x1p63 - 1024),
	math.Float64bits(-0x1p63 + 1024), math.Float64bits(4.5), math.Float64bits(-3.5), math.Float64bits(0.49999999999999994),
	math.Float64bits(0x1p32), math.Float64bits(0x1p32 - 0.5), math.Float64bits(0x1p32 - 1), math.Float64bits(0x1p32 - 1.5),
	math.Float64bits(0x1p63 + 2048), math.Float64bits(0x1p64 - 2048), math.Float64bits(0x1p64), math.Float64bits(-0.7),
	math.Float64bits(-0x1p-30), math.Float64bits(0x1p31 + 0.5),
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
		{ppc64asm.FADDS, 3}, {ppc64asm.FADDSCC, 3}, {ppc64asm.FSUBS, 3}, {ppc64asm.FSUBSCC, 3},
		{ppc64asm.FMULS, 3}, {ppc64asm.FMULSCC, 3}, {ppc64asm.FDIVS, 3}, {ppc64asm.FDIVSCC, 3},
		{ppc64asm.FSQRTS, 2}, {ppc64asm.FSQRTSCC, 2},
		{ppc64asm.FMADDS, 4}, {ppc64asm.FMADDSCC, 4}, {ppc64asm.FMSUBS, 4}, {ppc64asm.FMSUBSCC, 4},
		{ppc64asm.FNMADDS, 4}, {ppc64asm.FNMADDSCC, 4}, {ppc64asm.FNMSUBS, 4}, {ppc64asm.FNMSUBSCC, 4},
		{ppc64asm.FRSP, 2}, {ppc64asm.FRSPCC, 2}, {ppc64asm.FCFIDS, 2}, {ppc64asm.FCFIDSCC, 2},
		{ppc64asm.FCTID, 2}, {ppc64asm.FCTIDCC, 2}, {ppc64asm.FCTIDZ, 2}, {ppc64asm.FCTIDZCC, 2},
		{ppc64asm.FCTIW, 2}, {ppc64asm.FCTIWCC, 2}, {ppc64asm.FCTIWZ, 2}, {ppc64asm.FCTIWZCC, 2},
		{ppc64asm.FCTIDU, 2}, {ppc64asm.FCTIDUCC, 2}, {ppc64asm.FCTIDUZ, 2}, {ppc64asm.FCTIDUZCC, 2},
		{ppc64asm.FCTIWU, 2}, {ppc64asm.FCTIWUCC, 2}, {ppc64asm.FCTIWUZ, 2}, {ppc64asm.FCTIWUZCC, 2},
	}
	// fcfid's operands: integers about ±2^53 and small ones (and, in
	// one loop in three, the doubles above as integers).
	ints := []uint64{0, 1, 5, 1 << 24, 1<<24 + 1, 1<<24 - 1, -(1 << 24) & (1<<64 - 1), -(1<<24 + 1) & (1<<64 - 1), 1 << 52, 1 << 53, 1<<53 + 1, 1<<53 - 1, -(1 << 53) & (1<<64 - 1), -(1<<53 + 1) & (1<<64 - 1), 1 << 63, 1<<63 - 1, ^uint64(6)}
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
				if f.op == ppc64asm.FCFID || f.op == ppc64asm.FCFIDCC || f.op == ppc64asm.FCFIDS || f.op == ppc64asm.FCFIDSCC {
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
			runNativeLoop(t, fmt.Sprintf("fp-%v-%d", f.op, k), emulate.Hardware, r, []uint32{word, enc(ppc64asm.BC, 16, 0, -4)}, &ran, &total)
		}
	}
	if jit.Supported && ran < total/3 {
		t.Errorf("generated code ran in %d loops of %d", ran, total)
	}
}

// TestNativeVecLength runs loops of lxvl (then stxvx of the value to the
// next 16 bytes of a buffer) or stxvl (VSR 0-63), an addi
// that moves the address by 1 to 7 bytes and an add that moves the
// length byte (RB bits 0:7: 0 to 255, so lengths 0 to 16 and the ones
// above, which are 16), and bdnz, from addresses near a page's end (an
// access crossing it exits to the block loop), under EngineNative in
// Runs with step limits and through the Fetch loop, in both byte orders
// (checkNative: registers and the data pages).
func TestNativeVecLength(t *testing.T) {
	ran, total := 0, 0
	for k := range 48 {
		rng := rand.New(rand.NewPCG(uint64(34001+k), 34))
		op := []ppc64asm.Op{ppc64asm.LXVL, ppc64asm.STXVL}[k/2%2]
		xs := int64(rng.IntN(64))
		words := []uint32{
			enc(op, xs, 20, 21),
			enc(ppc64asm.ADDI, 20, 20, int64(1+rng.IntN(7))),
			enc(ppc64asm.ADD, 21, 21, 22),
		}
		if op == ppc64asm.LXVL {
			// Every value loaded, to memory.
			words = append(words, enc(ppc64asm.STXVX, xs, 0, 23), enc(ppc64asm.ADDI, 23, 23, 16))
		}
		words = append(words, enc(ppc64asm.BC, 16, 0, -4*int64(len(words))))
		data := make([]byte, 4*mem.PageSize)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		var r regs.Regs
		for i := range r.VSR {
			r.VSR[i] = regs.VSR{Hi: rng.Uint64(), Lo: rng.Uint64()}
		}
		msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[k%2]
		r.MSR, r.NIP, r.CTR, r.CR = msr, codeBase, 1000, rng.Uint32()
		r.GPR[20] = blockData + mem.PageSize - uint64(rng.IntN(600))
		r.GPR[21] = rng.Uint64()
		r.GPR[22] = uint64(1+rng.IntN(5))<<56 | rng.Uint64()>>8
		r.GPR[23] = blockData + 2*mem.PageSize
		if k%3 == 0 {
			r.GPR[22] = 1 << 56 // every length in turn
		}
		p := dataLoop(fmt.Sprintf("%v-%d", op, k), 400, msr, words, r, data)
		t.Run(p.name, func(t *testing.T) {
			total++
			if checkNative(t, p) {
				ran++
			}
		})
	}
	if jit.Supported && ran < total*3/4 {
		t.Errorf("generated code ran in %d loops of %d", ran, total)
	}
}

// TestNativeSecondWay runs a loop that loads from and stores to two
// pages TLBSize pages apart (the same entry of the direct-mapped data caches),
// in turn, under EngineNative in Runs with step limits and through the
// Fetch loop, in both byte orders (checkNative: registers and both
// pages). With the caches' second ways (pageCache.r2, w2) the loop stays
// in its generated code: it calls generated code a few times per Run,
// not once per iteration.
func TestNativeSecondWay(t *testing.T) {
	const far = blockData + emulate.TLBSize*mem.PageSize
	words := []uint32{
		enc(ppc64asm.LD, 3, 0, 20),
		enc(ppc64asm.STD, 3, 8, 21),
		enc(ppc64asm.LD, 4, 16, 21),
		enc(ppc64asm.ADD, 4, 4, 3),
		enc(ppc64asm.STD, 4, 24, 20),
		enc(ppc64asm.LWZ, 5, 32, 20),
		enc(ppc64asm.STW, 5, 36, 21),
		enc(ppc64asm.BC, 16, 0, -28),
	}
	for k, msr := range []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser} {
		var r regs.Regs
		r.MSR, r.NIP, r.CTR = msr, codeBase, 10000
		r.GPR[20], r.GPR[21] = blockData+64, far+128
		p := runProgram{
			name: fmt.Sprintf("second-way-%d", k), steps: 8000,
			setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
				m := code(t, msr, codeBase, mem.RX, words...)
				for _, a := range []uint64{blockData, far} {
					if err := m.Map(a, mem.PageSize, mem.RW); err != nil {
						t.Fatal(err)
					}
					if err := m.Poke(a+64, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}); err != nil {
						t.Fatal(err)
					}
				}
				return m, r, emulate.New(emulate.Config{})
			},
			check: []uint64{blockData, far},
		}
		checkNative(t, p)
		if n := emulate.NativeCalls(lastNative); jit.Supported && n > 100 {
			t.Errorf("%s: %d calls of generated code, want at most 100", p.name, n)
		}
	}
}

// runNativeLoop runs words at codeBase from r (its MSR the byte order)
// for 200 steps, or 40 iterations of a longer loop, under profile prof
// through checkNative, as subtest name, counting it in total and, when
// generated code ran, in ran.
func runNativeLoop(t *testing.T, name string, prof emulate.Profile, r regs.Regs, words []uint32, ran, total *int) {
	t.Helper()
	p := runProgram{
		name: name, steps: max(200, 40*uint64(len(words))), profile: prof,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			return code(t, r.MSR, codeBase, mem.RX, words...), r, emulate.New(emulate.Config{Profile: prof})
		},
	}
	t.Run(name, func(t *testing.T) {
		*total++
		if checkNative(t, p) {
			*ran++
		}
	})
}

// TestNativeFCTI runs loops of two fctid[u][z] or fctiw[u][z] (with
// and without Rc) whose FPSCR is read by mffs after them and set again by
// mtfsf, so that every FPSCR of nativeFPSCRs (old FR, FI,
// FPRF, XX, the enables, each rounding mode) meets the generated code, on
// operands of nativeFPValues (the bounds ±2^31, 2^32, ±2^63 and 2^64,
// halves, negative values that round to 0, zeros,
// subnormals, infinities, NaNs), under EngineNative in Runs with step
// limits and through the Fetch loop, in both byte orders and both
// profiles (diffFCTI: FPRF and the word forms' high word) (checkNative).
func TestNativeFCTI(t *testing.T) {
	ops := []ppc64asm.Op{
		ppc64asm.FCTID, ppc64asm.FCTIDCC, ppc64asm.FCTIDZ, ppc64asm.FCTIDZCC,
		ppc64asm.FCTIW, ppc64asm.FCTIWCC, ppc64asm.FCTIWZ, ppc64asm.FCTIWZCC,
		ppc64asm.FCTIDU, ppc64asm.FCTIDUCC, ppc64asm.FCTIDUZ, ppc64asm.FCTIDUZCC,
		ppc64asm.FCTIWU, ppc64asm.FCTIWUCC, ppc64asm.FCTIWUZ, ppc64asm.FCTIWUZCC,
	}
	ran, total := 0, 0
	for i, op := range ops {
		for k, fpscr := range nativeFPSCRs {
			rng := rand.New(rand.NewPCG(uint64(39001+64*i+k), 39))
			for n := range 6 {
				var r regs.Regs
				r.VSR[2].Hi = nativeFPValues[rng.IntN(len(nativeFPValues))]
				r.VSR[5].Hi = nativeFPValues[rng.IntN(len(nativeFPValues))]
				r.VSR[31].Hi = fpscr
				r.FPSCR = fpscr
				msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[n%2]
				prof := []emulate.Profile{emulate.Hardware, emulate.QEMU}[n/2%2]
				r.MSR, r.NIP, r.CTR, r.CR = msr, codeBase, 1000, rng.Uint32()
				words := []uint32{enc(op, 1, 2), enc(op, 4, 5), enc(ppc64asm.MFFS, 3), enc(ppc64asm.MTFSF, 0xff, 31, 0, 0), enc(ppc64asm.BC, 16, 0, -16)}
				runNativeLoop(t, fmt.Sprintf("%v-%d-%d", op, k, n), prof, r, words, &ran, &total)
			}
		}
	}
	if jit.Supported && ran < total/2 {
		t.Errorf("generated code ran in %d loops of %d", ran, total)
	}
}

// TestNativeXSConv runs loops of two xscvspdp, xscvspdpn, xscvdpsp or
// xscvdpspn (XT and XB among VSRs 0-63, the second fed back in half of
// them) whose FPSCR is read by mffs and set again by mtfsf (every FPSCR of
// nativeFPSCRs), on a word 0 of every single class (zeros, denormals, the
// normal range's ends, infinities, quiet and signalling NaNs, random
// normals) or a doubleword 0 of nativeFPValues, under EngineNative in Runs
// with step limits and through the Fetch loop, in both byte orders
// and both profiles (checkNative: the VSRs, FPSCR and CR).
func TestNativeXSConv(t *testing.T) {
	ops := []ppc64asm.Op{ppc64asm.XSCVSPDP, ppc64asm.XSCVSPDPN, ppc64asm.XSCVDPSP, ppc64asm.XSCVDPSPN}
	singles := []uint32{0, 1 << 31, 1, 0x807fffff, 0x00800000, 0x80800001, 0x7f7fffff, 0x3f800000,
		0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffa00000}
	ran, total := 0, 0
	for i, op := range ops {
		fromSingle := op == ppc64asm.XSCVSPDP || op == ppc64asm.XSCVSPDPN
		for k, fpscr := range nativeFPSCRs {
			rng := rand.New(rand.NewPCG(uint64(41001+64*i+k), 41))
			for n := range 4 {
				var r regs.Regs
				for v := range r.VSR {
					r.VSR[v] = regs.VSR{Hi: rng.Uint64(), Lo: rng.Uint64()}
				}
				for _, v := range []int{2, 37} {
					r.VSR[v].Hi = nativeFPValues[rng.IntN(len(nativeFPValues))]
					if fromSingle {
						w := uint32(rng.IntN(254)+1)<<23 | rng.Uint32()&0x807fffff // a normal single
						if rng.IntN(2) == 0 {
							w = singles[rng.IntN(len(singles))]
						}
						r.VSR[v].Hi = uint64(w)<<32 | rng.Uint64()>>32
					}
				}
				r.VSR[31] = regs.VSR{Hi: fpscr}
				r.FPSCR = fpscr
				msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[n%2]
				r.MSR, r.NIP, r.CTR, r.CR = msr, codeBase, 1000, rng.Uint32()
				second := enc(op, 40, 37)
				if n/2 == 1 {
					second = enc(op, 37, 37) // fed back
				}
				// xxlor gives XT random doublewords 1 before each
				// conversion writes 0 there.
				words := []uint32{enc(ppc64asm.XXLOR, 1, 33, 33), enc(op, 1, 2), enc(ppc64asm.XXLOR, 40, 34, 34), second,
					enc(ppc64asm.MFFS, 3), enc(ppc64asm.MTFSF, 0xff, 31, 0, 0), enc(ppc64asm.BC, 16, 0, -24)}
				prof := []emulate.Profile{emulate.Hardware, emulate.QEMU}[(k+n/2)%2]
				runNativeLoop(t, fmt.Sprintf("%v-%d-%d", op, k, n), prof, r, words, &ran, &total)
			}
		}
	}
	if jit.Supported && ran < total/2 {
		t.Errorf("generated code ran in %d loops of %d", ran, total)
	}
}

// TestNativeXVSingle runs loops of two xvaddsp, xvsubsp, xvmulsp or
// single-precision vector multiply-adds (a and m forms; the first's XT
// one of the operands in half of them, fed back), mffs and mtfsf (the FPSCR set again
// on each iteration) and bdnz, on lanes of random normal
// singles, small integers and halves (exact sums and products), the
// normal range's ends and now and then a zero, denormal, infinity or NaN,
// from an FPSCR of nativeFPSCRs, under EngineNative in Runs with step
// limits and through the Fetch loop, in both byte orders and both profiles
// (checkNative: the VSRs, FPSCR).
func TestNativeXVSingle(t *testing.T) {
	ops := []ppc64asm.Op{ppc64asm.XVADDSP, ppc64asm.XVSUBSP, ppc64asm.XVMULSP,
		ppc64asm.XVMADDASP, ppc64asm.XVMADDMSP, ppc64asm.XVMSUBASP, ppc64asm.XVMSUBMSP,
		ppc64asm.XVNMADDASP, ppc64asm.XVNMADDMSP, ppc64asm.XVNMSUBASP, ppc64asm.XVNMSUBMSP}
	nice := []uint32{0x3f800000, 0x40000000, 0x3f000000, 0x40400000, 0xbfc00000, 0x3f800001, 0x4b800000, 0x33800000,
		0x00800000, 0x7f7fffff, 0xff7fffff, 0x1f800000, 0x5f800000}
	special := []uint32{0, 1 << 31, 1, 0x807fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fa00000}
	ran, total := 0, 0
	for i, op := range ops {
		for k := range 32 {
			rng := rand.New(rand.NewPCG(uint64(41501+64*i+k), 41))
			word := func() uint32 {
				switch n := rng.IntN(16); {
				case n == 0 && k%4 != 0:
					return special[rng.IntN(len(special))]
				case n < 6:
					return nice[rng.IntN(len(nice))]
				}
				return uint32(rng.IntN(60)+98)<<23 | rng.Uint32()&0x807fffff // a normal single, exponent within ±30
			}
			var r regs.Regs
			for _, v := range []int{2, 37, 40, 41} {
				r.VSR[v] = regs.VSR{Hi: uint64(word())<<32 | uint64(word()), Lo: uint64(word())<<32 | uint64(word())}
			}
			r.FPSCR = nativeFPSCRs[rng.IntN(len(nativeFPSCRs))]
			if k < 8 {
				r.FPSCR = []uint64{0, regs.FPSCRXX}[k/4]
			}
			r.VSR[31] = regs.VSR{Hi: r.FPSCR}
			args := []int64{40, 2, 37}
			if rng.IntN(2) == 1 {
				args[0] = args[1+rng.IntN(2)] // fed back
			}
			msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[k%2]
			prof := []emulate.Profile{emulate.Hardware, emulate.QEMU}[k/2%2]
			r.MSR, r.NIP, r.CTR, r.CR = msr, codeBase, 1000, rng.Uint32()
			words := []uint32{enc(op, args...), enc(op, 41, args[2], args[1]), enc(ppc64asm.MFFS, 3), enc(ppc64asm.MTFSF, 0xff, 31, 0, 0),
				enc(ppc64asm.BC, 16, 0, -16)}
			runNativeLoop(t, fmt.Sprintf("%v-%d", op, k), prof, r, words, &ran, &total)
		}
	}
	if jit.Supported && ran < total/3 {
		t.Errorf("generated code ran in %d loops of %d", ran, total)
	}
}

// TestNativeFPSingleAccess runs loops of a single-precision FP load (lfs,
// lfsx, lfsu, lfsux) and store (stfs, stfsx, stfsu, stfsux) walking two
// buffers, of the loaded register or of one holding a value of
// nativeFPValues, under EngineNative in Runs with step limits and through
// the Fetch loop, in both byte orders (checkNative: registers and the
// data pages). Half the loops load words of every class (zeros,
// denormals, infinities, quiet and signalling NaNs, normals) and store
// doubles of every class (those below the single normal range are
// denormalised or become zeros: the block loop's); the other half only
// normal singles and zeros, which stay in the generated code: a few
// calls of it per Run, not one per iteration.
func TestNativeFPSingleAccess(t *testing.T) {
	loads := []ppc64asm.Op{ppc64asm.LFS, ppc64asm.LFSX, ppc64asm.LFSU, ppc64asm.LFSUX}
	stores := []ppc64asm.Op{ppc64asm.STFS, ppc64asm.STFSX, ppc64asm.STFSU, ppc64asm.STFSUX}
	// access is the words of op on FPR f through base register ra
	// (index register ra+2, 4): the next word on each iteration.
	access := func(op ppc64asm.Op, f, ra int64) []uint32 {
		switch op {
		case ppc64asm.LFS, ppc64asm.STFS:
			return []uint32{enc(op, f, 0, ra), enc(ppc64asm.ADDI, ra, ra, 4)}
		case ppc64asm.LFSX, ppc64asm.STFSX:
			return []uint32{enc(op, f, ra, ra+2), enc(ppc64asm.ADDI, ra, ra, 4)}
		case ppc64asm.LFSU, ppc64asm.STFSU:
			return []uint32{enc(op, f, 4, ra)}
		}
		return []uint32{enc(op, f, ra, ra+2)}
	}
	special := []uint32{0, 1 << 31, 1, 0x807fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffa00000}
	var moderate []uint64
	for _, v := range nativeFPValues {
		if e := int(v>>52&0x7ff) - 1023; e >= -126 && e <= 127 || v<<1 == 0 {
			moderate = append(moderate, v)
		}
	}
	for k := range 64 {
		rng := rand.New(rand.NewPCG(uint64(36001+k), 36))
		clean := k%4 < 2
		st := int64(1 + rng.IntN(2)) // f1: the value loaded; f2: a fixed one
		words := append(access(loads[rng.IntN(4)], 1, 20), access(stores[rng.IntN(4)], st, 21)...)
		words = append(words, enc(ppc64asm.BC, 16, 0, -4*int64(len(words))))
		data := make([]byte, 4*mem.PageSize)
		for i := 0; i < len(data); i += 4 {
			w := uint32(rng.IntN(254)+1)<<23 | rng.Uint32()&0x807fffff // a normal single
			switch n := rng.IntN(8); {
			case n == 0:
				w &= 1 << 31 // ±0
			case n == 1 && !clean:
				w = special[rng.IntN(len(special))]
			}
			binary.LittleEndian.PutUint32(data[i:], w)
		}
		var r regs.Regs
		for i := range r.VSR {
			r.VSR[i] = regs.VSR{Hi: rng.Uint64(), Lo: rng.Uint64()}
		}
		vals := nativeFPValues
		if clean {
			vals = moderate
		}
		r.VSR[2].Hi = vals[rng.IntN(len(vals))]
		msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[k%2]
		r.MSR, r.NIP, r.CTR, r.CR = msr, codeBase, 700, rng.Uint32()
		r.GPR[20], r.GPR[21] = blockData+uint64(4*rng.IntN(64)), blockData+2*mem.PageSize+uint64(4*rng.IntN(64))
		r.GPR[22], r.GPR[23] = 4, 4
		p := dataLoop(fmt.Sprintf("fpsingle-%d", k), 3000, msr, words, r, data)
		t.Run(p.name, func(t *testing.T) {
			checkNative(t, p)
			if n := emulate.NativeCalls(lastNative); jit.Supported && clean && (st == 1 || r.VSR[2].Hi<<1 == 0 || r.VSR[2].Hi>>52&0x7ff > 896) && n > 100 {
				t.Errorf("%d calls of generated code, want at most 100", n)
			}
		})
	}
}

// dataLoop is the program of words at codeBase, run for steps from r
// with data (whole pages) at blockData, whose pages checkNative compares.
func dataLoop(name string, steps, msr uint64, words []uint32, r regs.Regs, data []byte) runProgram {
	var check []uint64
	for a := uint64(0); a < uint64(len(data)); a += mem.PageSize {
		check = append(check, blockData+a)
	}
	return runProgram{
		name: name, steps: steps, check: check,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			m := code(t, msr, codeBase, mem.RX, words...)
			if err := m.Map(blockData, uint64(len(data)), mem.RW); err != nil {
				t.Fatal(err)
			}
			if err := m.Poke(blockData, data); err != nil {
				t.Fatal(err)
			}
			return m, r, emulate.New(emulate.Config{})
		},
	}
}

// TestNativeCodeHook runs a loop under EngineNative with
// Config.NativeCode set, in both byte orders: every call names code in
// the Emulator's arena and guest instructions of the loop, and together
// they cover all of the loop's instructions (all translated).
func TestNativeCodeHook(t *testing.T) {
	if !jit.Supported {
		t.Skip("no generated code on this host")
	}
	words := []uint32{
		enc(ppc64asm.ADD, 3, 3, 4),
		enc(ppc64asm.ADDI, 4, 4, 1),
		enc(ppc64asm.XOR, 5, 3, 4),
		enc(ppc64asm.BC, 16, 0, -12),
	}
	for _, msr := range []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser} {
		type call struct {
			code uintptr
			size int
			addr uint64
			n    int
		}
		var calls []call
		m := code(t, msr, codeBase, mem.RX, words...)
		e := emulate.New(emulate.Config{Engine: emulate.EngineNative, NativeCode: func(code uintptr, size int, addr uint64, n int) {
			calls = append(calls, call{code, size, addr, n})
		}})
		emulate.SetNativeBlockHot(e, 1)
		r := regs.Regs{MSR: msr, NIP: codeBase, CTR: 1000}
		if _, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 3000}); !errors.Is(err, emulate.ErrStepLimit) {
			t.Fatalf("Run: %v, want the step limit", err)
		}
		if len(calls) == 0 {
			t.Fatalf("MSR %#x: no NativeCode calls after %d calls of generated code", msr, emulate.NativeCalls(e))
		}
		covered := map[uint64]bool{}
		for _, c := range calls {
			if c.size <= 0 || !emulate.NativeCodeHeld(e, c.code, c.size) {
				t.Errorf("MSR %#x: %+v: code not in the arena", msr, c)
			}
			if end := codeBase + uint64(len(words))*4; c.n <= 0 || c.addr < codeBase || c.addr+uint64(c.n)*4 > end {
				t.Errorf("MSR %#x: %+v: guest instructions outside the loop [%#x, %#x)", msr, c, codeBase, end)
			}
			for i := range c.n {
				covered[c.addr+uint64(i)*4] = true
			}
		}
		if len(covered) != len(words) {
			t.Errorf("MSR %#x: the calls cover %d of the loop's %d instructions: %+v", msr, len(covered), len(words), calls)
		}
	}
}

// TestNativeReturns runs a loop that calls one function from four call
// sites (bl, blr), the function on the loop's page and on the next,
// under EngineNative in Runs with step limits and through the Fetch
// loop, in both byte orders (checkNative). The function's return goes
// back to more call sites than its block's two natNext slots hold; its
// generated code finds the others in the block loop's jump table
// (nativeJumpTable), so the loop stays in generated code: a few calls of
// it per Run, not one per return.
func TestNativeReturns(t *testing.T) {
	for k, msr := range []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser, regs.MSRLinuxUserLE, regs.MSRLinuxUser} {
		far := k >= 2   // the function on the next page
		fn := int64(64) // its offset from codeBase
		if far {
			fn = mem.PageSize
		}
		var loop []uint32
		for site := range 4 {
			loop = append(loop, enc(ppc64asm.BL, fn-4*int64(len(loop))), enc(ppc64asm.ADDI, int64(3+site), int64(3+site), 1))
		}
		loop = append(loop, enc(ppc64asm.BC, 16, 0, -4*int64(len(loop))))
		body := []uint32{
			enc(ppc64asm.ADD, 7, 7, 3),
			enc(ppc64asm.XOR, 8, 8, 7),
			enc(ppc64asm.ADDI, 9, 9, 3),
			enc(ppc64asm.BCLR, 20, 0, 0),
		}
		var r regs.Regs
		r.MSR, r.NIP, r.CTR = msr, codeBase, 100000
		p := runProgram{
			name: fmt.Sprintf("returns-%d", k), steps: 8000,
			setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
				m := code(t, msr, codeBase, mem.RX, loop...)
				if far {
					if err := m.Map(codeBase+mem.PageSize, mem.PageSize, mem.RX); err != nil {
						t.Fatal(err)
					}
				}
				poke(t, m, msr, codeBase+uint64(fn), body...)
				return m, r, emulate.New(emulate.Config{})
			},
		}
		checkNative(t, p)
		if n := emulate.NativeCalls(lastNative); jit.Supported && n > 250 {
			// About 2,400 returns; 1,256 calls when a return
			// went back to the block loop at each miss of natNext.
			t.Errorf("%s: %d calls of generated code, want at most 250", p.name, n)
		}
	}
}
