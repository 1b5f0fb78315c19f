package emulate

import (
	"math"
	"math/bits"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Floating-point conversions and moves: fcti*, fcfid*, fri*, fmr, fneg,
// fabs, fnabs, fcpsgn, fmrgew, fmrgow.

type fctiSpec struct {
	word, unsigned, toZero bool
}

var fctiOps = map[decode.Op]fctiSpec{
	ppc64asm.FCTIW: {true, false, false}, ppc64asm.FCTIWCC: {true, false, false},
	ppc64asm.FCTIWZ: {true, false, true}, ppc64asm.FCTIWZCC: {true, false, true},
	ppc64asm.FCTIWU: {true, true, false}, ppc64asm.FCTIWUCC: {true, true, false},
	ppc64asm.FCTIWUZ: {true, true, true}, ppc64asm.FCTIWUZCC: {true, true, true},
	ppc64asm.FCTID: {false, false, false}, ppc64asm.FCTIDCC: {false, false, false},
	ppc64asm.FCTIDZ: {false, false, true}, ppc64asm.FCTIDZCC: {false, false, true},
	ppc64asm.FCTIDU: {false, true, false}, ppc64asm.FCTIDUCC: {false, true, false},
	ppc64asm.FCTIDUZ: {false, true, true}, ppc64asm.FCTIDUZCC: {false, true, true},
}

var fctiSpecs [decode.NumOps]fctiSpec

type fcfidSpec struct{ unsigned, single bool }

var fcfidOps = map[decode.Op]fcfidSpec{
	ppc64asm.FCFID: {false, false}, ppc64asm.FCFIDCC: {false, false},
	ppc64asm.FCFIDU: {true, false}, ppc64asm.FCFIDUCC: {true, false},
	ppc64asm.FCFIDS: {false, true}, ppc64asm.FCFIDSCC: {false, true},
	ppc64asm.FCFIDUS: {true, true}, ppc64asm.FCFIDUSCC: {true, true},
}

var fcfidSpecs [decode.NumOps]fcfidSpec

func init() {
	for op, s := range fctiOps {
		fctiSpecs[op] = s
		def(opFCTI, op)
	}
	for op, s := range fcfidOps {
		fcfidSpecs[op] = s
		def(opFCFID, op)
	}
	def(opFRI, ppc64asm.FRIN, ppc64asm.FRINCC, ppc64asm.FRIZ, ppc64asm.FRIZCC,
		ppc64asm.FRIP, ppc64asm.FRIPCC, ppc64asm.FRIM, ppc64asm.FRIMCC)
	def(opFMove, ppc64asm.FMR, ppc64asm.FMRCC, ppc64asm.FNEG, ppc64asm.FNEGCC,
		ppc64asm.FABS, ppc64asm.FABSCC, ppc64asm.FNABS, ppc64asm.FNABSCC,
		ppc64asm.FCPSGN, ppc64asm.FCPSGNCC, ppc64asm.FMRGEW, ppc64asm.FMRGOW)
}

// fpRoundInt rounds the finite double x to an integral value in mode rn
// (roundTiesAway for frin). Go's math functions are exact here.
func fpRoundInt(x float64, rn int) float64 {
	switch rn {
	case regs.RoundNearest:
		return math.RoundToEven(x)
	case regs.RoundZero:
		return math.Trunc(x)
	case regs.RoundUp:
		return math.Ceil(x)
	case regs.RoundDown:
		return math.Floor(x)
	}
	return math.Round(x)
}

func opFCTI(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if r.MSR&regs.MSRFP == 0 {
		return fpUnavailable(in)
	}
	if !e.qemu() {
		return &OpError{Op: in.Op, Kind: ErrNotEmulated, Reason: "FPRF and FRT bits 0:31 undefined: hardware result unknown"}
	}
	s := fctiSpecs[in.Op]
	frt := int(in.Args[0]) & 31
	b := r.FPR(int(in.Args[1]))
	rn := int(r.FPSCR & regs.FPSCRRN)
	if s.toZero {
		rn = regs.RoundZero
	}
	// Limits of the target format, as doubles (all exact).
	var lo, hi float64
	var loV, hiV uint64
	switch {
	case s.word && !s.unsigned:
		lo, hi, loV, hiV = -0x1p31, 0x1p31-1, 0xffffffff80000000, 0x7fffffff
	case s.word:
		lo, hi, loV, hiV = 0, 0x1p32-1, 0, 0xffffffff
	case !s.unsigned:
		lo, hi, loV, hiV = -0x1p63, 0x1p63, 0x8000000000000000, 0x7fffffffffffffff
	default:
		lo, hi, loV, hiV = 0, 0x1p64, 0, 0xffffffffffffffff
	}
	var res fpResult
	switch {
	case fpIsNaN(b):
		res.vx = regs.FPSCRVXCVI
		if fpIsSNaN(b) {
			res.vx |= regs.FPSCRVXSNAN
		}
		res.val = loV
		if s.word && !s.unsigned {
			res.val = 0x80000000
		}
	default:
		x := math.Float64frombits(b)
		v := fpRoundInt(x, rn)
		switch {
		case v < lo:
			res.vx, res.val = regs.FPSCRVXCVI, loV
		case v > hi || (!s.word && v == hi):
			res.vx, res.val = regs.FPSCRVXCVI, hiV
		default:
			switch {
			case s.unsigned:
				res.val = uint64(v)
			case s.word:
				res.val = uint64(int64(int32(v)))
			default:
				res.val = uint64(int64(v))
			}
			if v != x {
				// Inexact: FI and XX; FR when the magnitude grew.
				res.rnd = true
				res.rd = rounded{bits: res.val, inexact: true, up: math.Abs(v) > math.Abs(x)}
			}
		}
	}
	return e.fctiCommit(r, in, frt, &res)
}

// fctiCommit is fpCommit for the fcti* ops: FPRF is left unchanged, except
// that QEMU sets it to 0x11 after a disabled invalid conversion.
func (e *Emulator) fctiCommit(r *regs.Regs, in *decode.Inst, frt int, res *fpResult) error {
	fprf := r.FPSCR & regs.FPSCRFPRF
	err := e.fpCommit(r, in, frt, res, false, true)
	if err == nil && res.vx != 0 {
		r.FPSCR = r.FPSCR&^regs.FPSCRFPRF | 0x11<<regs.FPSCRFPRFLSB
	} else if err == nil {
		r.FPSCR = r.FPSCR&^regs.FPSCRFPRF | fprf
	}
	return err
}

func opFCFID(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if r.MSR&regs.MSRFP == 0 {
		return fpUnavailable(in)
	}
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	s := fcfidSpecs[in.Op]
	frt := int(in.Args[0]) & 31
	b := r.FPR(int(in.Args[1]))
	f := &fmtDouble
	if s.single {
		f = &fmtSingle
	}
	rn := int(r.FPSCR & regs.FPSCRRN)
	var res fpResult
	neg := false
	mag := b
	if !s.unsigned && int64(b) < 0 {
		neg, mag = true, -b
	}
	if mag != 0 {
		lz := bits.LeadingZeros64(mag)
		res.setRounded(neg, 63-lz, mag<<uint(lz), false, f, rn)
	}
	return e.fpCommit(r, in, frt, &res, s.single, false)
}

func opFRI(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if r.MSR&regs.MSRFP == 0 {
		return fpUnavailable(in)
	}
	if err := e.fpNonIEEE(r, in); err != nil {
		return err
	}
	frt := int(in.Args[0]) & 31
	b := r.FPR(int(in.Args[1]))
	var res fpResult
	if !fpNaNResult(&res, false, b) {
		mode := roundTiesAway
		switch in.Op {
		case ppc64asm.FRIZ, ppc64asm.FRIZCC:
			mode = regs.RoundZero
		case ppc64asm.FRIP, ppc64asm.FRIPCC:
			mode = regs.RoundUp
		case ppc64asm.FRIM, ppc64asm.FRIMCC:
			mode = regs.RoundDown
		}
		res.val = b
		if !fpIsInf(b) {
			res.val = math.Float64bits(fpRoundInt(math.Float64frombits(b), mode))
		}
	}
	// fri* leave XX alone and clear FR and FI: an exact result as far as
	// the FPSCR is concerned.
	return e.fpCommit(r, in, frt, &res, false, false)
}

func opFMove(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if r.MSR&regs.MSRFP == 0 {
		return fpUnavailable(in)
	}
	frt := int(in.Args[0]) & 31
	var v uint64
	switch in.Op {
	case ppc64asm.FCPSGN, ppc64asm.FCPSGNCC:
		v = r.FPR(int(in.Args[1]))&fpSignBit | r.FPR(int(in.Args[2]))&^fpSignBit
	case ppc64asm.FMRGEW:
		v = r.FPR(int(in.Args[1]))&0xffffffff00000000 | r.FPR(int(in.Args[2]))>>32
	case ppc64asm.FMRGOW:
		v = r.FPR(int(in.Args[1]))<<32 | r.FPR(int(in.Args[2]))&0xffffffff
	default:
		v = r.FPR(int(in.Args[1]))
		switch in.Op {
		case ppc64asm.FNEG, ppc64asm.FNEGCC:
			v ^= fpSignBit
		case ppc64asm.FABS, ppc64asm.FABSCC:
			v &^= fpSignBit
		case ppc64asm.FNABS, ppc64asm.FNABSCC:
			v |= fpSignBit
		}
	}
	r.VSR[frt] = regs.VSR{Hi: v}
	fpRecord(r, in)
	return nil
}
