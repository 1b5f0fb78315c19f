package emulate

import (
	"math"
	"unsafe"

	"golang.org/x/arch/ppc64/ppc64asm"
	"golang.org/x/sys/cpu"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/amd64"
	"github.com/ppc64emu/ppc64emu/internal/softfloat"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Scalar floating point in generated code (speed34). The interpreter's
// fast path (fpFast: the host's double arithmetic, inexact and FR from an
// exact error term, softfloat.Fast64's bounds) is emitted as x86-64 code
// for the double-precision fadd, fsub, fmul, fdiv, fsqrt and the four
// multiply-adds, with their record forms; fcmpu and fcmpo of ordered
// operands; frim, frip and friz of normal operands; fmr, fneg, fabs and
// fnabs; fcfid of integers within ±2^53; xscvspdp and xscvdpsp
// (nativeXSConv); fctid[u][z] and
// fctiw[u][z] of values whose integer fits (nativeFCTI). Each op checks what the interpreter's fast path checks, against
// the register file as it is when the op runs:
//
//   - FPSCR has none of fpFastOff (NI, RN ≠ 0, XE, OE, UE; for fri* only
//     NI, which the interpreter refuses through fpNonIEEE);
//   - every operand's and the result's exponent lie in softfloat.Fast64's
//     bounds (no zero, subnormal, infinite or NaN operand or result, no
//     square root of a negative number); for the compares, ordered
//     operands; for fri*, a normal operand;
//
// and otherwise exits before writing anything, returning its index: the
// block loop runs it (fpArith's fast or exact path, fpCompare, opFRI),
// so every NaN, denormal, overflow, enabled exception and rounding mode
// gets the interpreter's result. What the code writes is what fpFast,
// fpCompare, opFRI and opFMove write: FRT (doubleword 1 zero), FPSCR (FR,
// FI, FPRF or FPCC, XX and FX for an inexact result as fpFX says, then
// FPSCRSummary's VX and FEX), and CR1 for Rc (CR field BF for a
// compare). The error terms are Fast64's, computed by the same
// operations in the same order (MXCSR is Go's: round to nearest even, no
// flush to zero), and need FMA3 on the host for the products, quotients,
// square roots and multiply-adds (nativeFMA); fri* need SSE4.1's
// ROUNDSD.

// Host features the FP code needs, read once.
var (
	nativeFMA   = cpu.X86.HasFMA
	nativeSSE41 = cpu.X86.HasSSE41
)

var offFPSCR = int32(unsafe.Offsetof(regs.Regs{}.FPSCR))

// nativeFP appends the code of op, operation j, when it is one of the
// scalar FP ops above, and reports whether it translates it (nothing is
// appended when it does not).
func nativeFP(a *natAsm, op *bop, j int, exits *[]nativeExit) bool {
	in := op.in
	if in.Class == decode.ClassVSX {
		if s, ok := xvArithOps[in.Op]; ok && in.Elem == 4 && !a.exactFP &&
			(s.kind <= faMul || s.kind >= faMAdd && s.kind <= faNMSub) && (s.kind <= faSub || nativeFMA) {
			nativeXVSingle(a, in, s, j, exits)
			return true
		}
		return nativeXSConv(a, in, j, exits)
	}
	if in.Class != decode.ClassFP {
		return false
	}
	kind := fpArithKinds[in.Op]
	if in.Flags&decode.FlagSingle != 0 && (kind == 0 || kind > faNMSub) && kind != faRSP && in.Op != ppc64asm.FCFIDS && in.Op != ppc64asm.FCFIDSCC {
		return false
	}
	arg := func(i int) uint8 { return uint8(in.Args[i] & 31) }
	switch in.Op {
	case ppc64asm.FMR, ppc64asm.FMRCC, ppc64asm.FNEG, ppc64asm.FNEGCC,
		ppc64asm.FABS, ppc64asm.FABSCC, ppc64asm.FNABS, ppc64asm.FNABSCC:
		nativeFMove(a, in, arg(0), arg(1))
		return true
	case ppc64asm.FCMPU, ppc64asm.FCMPO:
		nativeFCmp(a, uint8(in.Args[0]&7), arg(1), arg(2), j, exits)
		return true
	case ppc64asm.FRIM, ppc64asm.FRIMCC, ppc64asm.FRIP, ppc64asm.FRIPCC, ppc64asm.FRIZ, ppc64asm.FRIZCC:
		if !nativeSSE41 {
			return false
		}
		mode := uint8(amd64.RoundDown)
		switch in.Op {
		case ppc64asm.FRIP, ppc64asm.FRIPCC:
			mode = amd64.RoundUp
		case ppc64asm.FRIZ, ppc64asm.FRIZCC:
			mode = amd64.RoundTrunc
		}
		nativeFRI(a, in, mode, arg(0), arg(1), j, exits)
		return true
	}
	if s, ok := fctiOps[in.Op]; ok {
		nativeFCTI(a, in, s, arg(0), arg(1), j, exits)
		return true
	}
	switch in.Op {
	case ppc64asm.FCFID, ppc64asm.FCFIDCC:
		nativeFCFID(a, in, arg(0), arg(1), 53, j, exits)
		return true
	case ppc64asm.FCFIDS, ppc64asm.FCFIDSCC:
		nativeFCFID(a, in, arg(0), arg(1), 24, j, exits)
		return true
	}
	if kind == faRSP && !a.exactFP {
		nativeFRSP(a, in, arg(0), arg(1), false, j, exits)
		return true
	}
	if kind == 0 || kind > faNMSub || a.exactFP || kind != faAdd && kind != faSub && !nativeFMA {
		return false
	}
	nativeFArith(a, in, kind, arg(0), arg(1), arg(2), arg(3), j, exits)
	return true
}

// nativeFMove is fmr, fneg, fabs and fnabs (opFMove): FRT = FRB with its
// sign bit kept, flipped, cleared or set; CR1 from FPSCR for Rc.
func nativeFMove(a *natAsm, in *decode.Inst, t, b uint8) {
	const rax, rcx = amd64.RAX, amd64.RCX
	a.Load(64, rax, fprM(b))
	switch in.Op {
	case ppc64asm.FNEG, ppc64asm.FNEGCC:
		a.MovImm(rcx, fpSignBit)
		a.Op(amd64.XOR, rax, rcx)
	case ppc64asm.FABS, ppc64asm.FABSCC:
		a.ShiftImm(64, amd64.SHL, rax, 1)
		a.ShiftImm(64, amd64.SHR, rax, 1)
	case ppc64asm.FNABS, ppc64asm.FNABSCC:
		a.MovImm(rcx, fpSignBit)
		a.Op(amd64.OR, rax, rcx)
	}
	nativeFPR(a, t, rax)
	if in.Has(decode.FlagRc) {
		a.Load(32, amd64.RDX, amd64.M(nRegs, offFPSCR))
		a.ShiftImm(32, amd64.SHR, amd64.RDX, 28)
		nativeCRBits(a, 1)
	}
}

// nativeFPR stores src to FPR t (doubleword 0 of VSR t, 0-63),
// doubleword 1 of VSR t zero.
func nativeFPR(a *natAsm, t uint8, src amd64.Reg) {
	a.Store(64, vsrM(int64(t)), src)
	a.StoreImm32(dw1(vsrM(int64(t))), 0)
}

// nativeFCmp is fcmpu and fcmpo of FRA and FRB when neither is a NaN
// (fpCompare without an exception: FPCC and CR field bf the FL FG FE FU
// code, the summaries; FX stays); a NaN exits at op j.
func nativeFCmp(a *natAsm, bf, fa, fb uint8, j int, exits *[]nativeExit) {
	const rax, rcx, rdx, r8, r11 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8, amd64.R11
	a.Load(64, rax, fprM(fa))
	a.MovqToX(0, rax)
	a.Load(64, rax, fprM(fb))
	a.MovqToX(1, rax)
	a.Ucomisd(0, 1)
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondP), j})
	// R8 = FG, then FL or FE over it (MOV leaves the flags).
	a.MovImm(r8, 4)
	a.MovImm(rdx, 8)
	a.Cmov(amd64.CondB, r8, rdx)
	a.MovImm(rdx, 2)
	a.Cmov(amd64.CondE, r8, rdx)
	a.Load(64, r11, amd64.M(nRegs, offFPSCR))
	a.OpImm(amd64.AND, r11, notImm(regs.FPSCRFPCC))
	a.Mov(rcx, r8)
	a.ShiftImm(64, amd64.SHL, rcx, regs.FPSCRFPRFLSB)
	a.Op(amd64.OR, r11, rcx)
	nativeFPSummary(a, r11)
	a.Store(64, amd64.M(nRegs, offFPSCR), r11)
	a.Mov(rdx, r8)
	nativeCRBits(a, bf)
}

// nativeFRI is frim, frip and friz (ROUNDSD in mode) of a normal FRB
// (opFRI: FR and FI cleared, FPRF the result's class, XX and FX kept);
// FPSCR[NI] or an FRB that is zero, subnormal, infinite or a NaN exits
// at op j.
func nativeFRI(a *natAsm, in *decode.Inst, mode uint8, t, b uint8, j int, exits *[]nativeExit) {
	const rax, rcx, r8, r10, r11 = amd64.RAX, amd64.RCX, amd64.R8, amd64.R10, amd64.R11
	a.Load(64, r10, amd64.M(nRegs, offFPSCR))
	a.Mov(rcx, r10)
	a.OpImm32(amd64.AND, rcx, uint32(regs.FPSCRNI))
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	a.Load(64, rax, fprM(b))
	a.Mov(rcx, rax)
	a.ShiftImm(64, amd64.SHR, rcx, 52)
	a.OpImm32(amd64.AND, rcx, 0x7ff)
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondE), j})
	a.OpImm32(amd64.CMP, rcx, 0x7ff)
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondE), j})
	a.MovqToX(0, rax)
	a.Roundsd(0, 0, mode)
	a.MovqFromX(rax, 0)
	nativeFPRFZeroNormal(a)
	a.Mov(r11, r10)
	a.OpImm(amd64.AND, r11, notImm(regs.FPSCRFR|regs.FPSCRFI|regs.FPSCRFPRF))
	a.Op(amd64.OR, r11, rcx)
	nativeFPCommit(a, in, t, r11)
}

// nativeFPRFZeroNormal is RCX = the FPRF field (fprfCode, in place) of
// the double in RAX, a zero or a normal number, through R8.
func nativeFPRFZeroNormal(a *natAsm) {
	const rax, rcx, r8 = amd64.RAX, amd64.RCX, amd64.R8
	a.Mov(rcx, rax)
	a.ShiftImm(64, amd64.SHL, rcx, 1)
	nonzero := a.Jcc(amd64.CondNE)
	a.MovImm(rcx, fprfCode(softfloat.Zero, false)<<regs.FPSCRFPRFLSB)
	a.MovImm(r8, fprfCode(softfloat.Zero, true)<<regs.FPSCRFPRFLSB)
	join := a.Jmp()
	a.Patch(nonzero, a.Len())
	a.MovImm(rcx, fprfCode(softfloat.Normal, false)<<regs.FPSCRFPRFLSB)
	a.MovImm(r8, fprfCode(softfloat.Normal, true)<<regs.FPSCRFPRFLSB)
	a.Patch(join, a.Len())
	a.Test(rax, rax)
	a.Cmov(amd64.CondS, rcx, r8)
}

// nativeFCFID is fcfid (p = 53) or fcfids (p = 24) of an FRB within
// ±2^p (opFCFID: exact, so FR and FI cleared, FPRF +zero or ±normal, XX
// and FX kept); FPSCR[NI] or a larger FRB exits at op j.
func nativeFCFID(a *natAsm, in *decode.Inst, t, b uint8, p uint, j int, exits *[]nativeExit) {
	const rax, rcx, r8, r10, r11 = amd64.RAX, amd64.RCX, amd64.R8, amd64.R10, amd64.R11
	a.Load(64, r10, amd64.M(nRegs, offFPSCR))
	a.Mov(rcx, r10)
	a.OpImm32(amd64.AND, rcx, uint32(regs.FPSCRNI))
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	a.Load(64, rax, fprM(b))
	// RAX + 2^p ≤ 2^(p+1) (unsigned): RAX in [−2^p, 2^p].
	a.MovImm(r8, 1<<p)
	a.Lea(rcx, amd64.MI(rax, r8, 0))
	a.Op(amd64.ADD, r8, r8)
	a.Op(amd64.CMP, rcx, r8)
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondA), j})
	a.Cvtsi2sd(0, rax)
	a.MovqFromX(rax, 0)
	// RCX = FPRF (fprfCode): +zero or ±normal.
	a.Mov(rcx, rax)
	a.ShiftImm(64, amd64.SHL, rcx, 1)
	nonzero := a.Jcc(amd64.CondNE)
	a.MovImm(rcx, fprfCode(softfloat.Zero, false)<<regs.FPSCRFPRFLSB)
	join := a.Jmp()
	a.Patch(nonzero, a.Len())
	a.MovImm(rcx, fprfCode(softfloat.Normal, false)<<regs.FPSCRFPRFLSB)
	a.MovImm(r8, fprfCode(softfloat.Normal, true)<<regs.FPSCRFPRFLSB)
	a.Test(rax, rax)
	a.Cmov(amd64.CondS, rcx, r8)
	a.Patch(join, a.Len())
	a.Mov(r11, r10)
	a.OpImm(amd64.AND, r11, notImm(regs.FPSCRFR|regs.FPSCRFI|regs.FPSCRFPRF))
	a.Op(amd64.OR, r11, rcx)
	nativeFPCommit(a, in, t, r11)
}

// nativeFPCommit ends an op that writes FPR t from RAX with FPSCR in fs
// (without its summaries): the summaries, FPSCR, FPR t, and for Rc CR1 =
// FPSCR[FX FEX VX OX].
func nativeFPCommit(a *natAsm, in *decode.Inst, t uint8, fs amd64.Reg) {
	nativeFPSummary(a, fs)
	a.Store(64, amd64.M(nRegs, offFPSCR), fs)
	nativeFPR(a, t, amd64.RAX)
	if in.Has(decode.FlagRc) {
		a.Mov(amd64.RDX, fs)
		a.ShiftImm(32, amd64.SHR, amd64.RDX, 28)
		nativeCRBits(a, 1)
	}
}

// nativeFPSummary is fs = regs.FPSCRSummary(fs), through RCX.
func nativeFPSummary(a *natAsm, fs amd64.Reg) {
	const rcx = amd64.RCX
	a.OpImm(amd64.AND, fs, notImm(regs.FPSCRVX|regs.FPSCRFEX))
	a.Mov(rcx, fs)
	a.OpImm32(amd64.AND, rcx, uint32(regs.FPSCRVXAll))
	none := a.Jcc(amd64.CondE)
	a.OpImm(amd64.OR, fs, int32(regs.FPSCRVX))
	a.Patch(none, a.Len())
	a.Mov(rcx, fs)
	a.ShiftImm(64, amd64.SHR, rcx, 22)
	a.Op(amd64.AND, rcx, fs)
	a.OpImm32(amd64.AND, rcx, uint32(regs.FPSCREnables))
	none = a.Jcc(amd64.CondE)
	a.OpImm(amd64.OR, fs, int32(regs.FPSCRFEX))
	a.Patch(none, a.Len())
}

// nativeFRange exits at op j unless the double in src has an unbiased
// exponent in [−lim, lim] (softfloat's fastIn), through RCX.
func nativeFRange(a *natAsm, src amd64.Reg, lim uint32, j int, exits *[]nativeExit) {
	nativeFBounds(a, src, -int32(lim), int32(lim), j, exits)
}

// nativeFBounds exits at op j unless the double in src has an unbiased
// exponent in [lo, hi], through RCX.
func nativeFBounds(a *natAsm, src amd64.Reg, lo, hi int32, j int, exits *[]nativeExit) {
	const rcx = amd64.RCX
	a.Mov(rcx, src)
	a.ShiftImm(64, amd64.SHR, rcx, 52)
	a.OpImm32(amd64.AND, rcx, 0x7ff)
	a.OpImm32(amd64.SUB, rcx, uint32(1023+lo))
	a.OpImm32(amd64.CMP, rcx, uint32(hi-lo))
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondA), j})
}

// nativeFArith is an arithmetic op of kind ≤ faNMSub on FRT t and the
// operands x = FPR xa, y = FPR ya, z = FPR za in fpArith's order
// (fpArithOps; what a kind does not read is not loaded): fpFast in
// generated code. XMM0-XMM11 hold the values.
func nativeFArith(a *natAsm, in *decode.Inst, kind fpArith, t, xa, ya, za uint8, j int, exits *[]nativeExit) {
	const rax, rcx, rdx, r8, r10, r11 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8, amd64.R10, amd64.R11
	// fmul is FRT,FRA,FRC; the others FRT,FRA,FRB (fsqrt FRT,FRB).
	ops := 3
	switch kind {
	case faAdd, faSub, faMul, faDiv:
		ops = 2
	case faSqrt:
		ops = 1
	}
	if kind == faSqrt {
		xa = uint8(in.Args[1] & 31)
	}
	lim := uint32(softfloat.FastExp)
	if kind == faMul || kind == faDiv || kind >= faMAdd {
		lim = softfloat.FastExpMul
	}
	a.Load(64, r10, amd64.M(nRegs, offFPSCR))
	a.Mov(rcx, r10)
	a.OpImm32(amd64.AND, rcx, uint32(fpFastOff))
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	a.Load(64, rax, fprM(xa))
	nativeFRange(a, rax, lim, j, exits)
	if kind == faSqrt {
		a.Test(rax, rax)
		*exits = append(*exits, nativeExit{a.Jcc(amd64.CondS), j})
	}
	a.MovqToX(0, rax)
	if ops >= 2 {
		a.Load(64, r11, fprM(ya))
		nativeFRange(a, r11, lim, j, exits)
		a.MovqToX(1, r11)
	}
	if ops == 3 {
		a.Load(64, rax, fprM(za))
		nativeFRange(a, rax, softfloat.FastExp, j, exits)
		if kind == faMSub || kind == faNMSub {
			a.MovImm(rcx, fpSignBit)
			a.Op(amd64.XOR, rax, rcx)
		}
		a.MovqToX(2, rax)
	}
	v, e := nativeFastValue(a, kind)
	a.MovqFromX(rax, v)
	a.MovqFromX(rdx, e)
	if kind == faDiv {
		// err has the sign of the exact result minus v: flipped for
		// a negative divisor.
		a.MovImm(rcx, fpSignBit)
		a.Op(amd64.AND, rcx, r11)
		a.Op(amd64.XOR, rdx, rcx)
	}
	nativeFRange(a, rax, softfloat.FastExp, j, exits)
	if in.Has(decode.FlagSingle) {
		nativeNarrow32(a, j, exits)
	}
	nativeFInexact(a, in, t, kind == faNMAdd || kind == faNMSub)
}

// nativeFastValue computes Fast64's value v and error term e (fmaErr's
// for the multiply-adds) of an arithmetic op of kind ≤ faNMSub from the
// operands x, y, z in XMM0, XMM1, XMM2 (z negated for fmsub and fnmsub),
// through XMM0-XMM10, and returns the registers that hold them (for
// fdiv, e has the sign of x − v×y).
func nativeFastValue(a *natAsm, kind fpArith) (v, e amd64.XReg) {
	v, e = amd64.XReg(2), amd64.XReg(3)
	switch kind {
	case faAdd, faSub:
		// TwoSum of x and ±y; for fsub (x − (v − bv)) − (y + bv), the
		// same value as with −y added.
		op, op2 := amd64.ADDSD, amd64.SUBSD
		if kind == faSub {
			op, op2 = amd64.SUBSD, amd64.ADDSD
		}
		nativeTwoSum(a, op, op2, 0, 1, 2, 3, 4, 5)
		e = 5
	case faMul:
		a.MovX(2, 0)
		a.OpSD(amd64.MULSD, 2, 1)
		a.MovX(3, 0)
		a.Fma(amd64.VFMSUB213SD, 3, 1, 2) // x×y − v
	case faDiv:
		a.MovX(2, 0)
		a.OpSD(amd64.DIVSD, 2, 1)
		a.MovX(3, 2)
		a.Fma(amd64.VFNMADD213SD, 3, 1, 0) // x − v×y
	case faSqrt:
		a.MovX(2, 0)
		a.OpSD(amd64.SQRTSD, 2, 0)
		a.MovX(3, 2)
		a.Fma(amd64.VFNMADD213SD, 3, 2, 0) // x − v²
	default:
		// The multiply-adds: x×y + z (z negated above), fmaErr.
		a.MovX(3, 0)
		a.Fma(amd64.VFMADD213SD, 3, 1, 2) // v
		a.MovX(4, 0)
		a.OpSD(amd64.MULSD, 4, 1) // u1
		a.MovX(5, 0)
		a.Fma(amd64.VFMSUB213SD, 5, 1, 4) // u2 = x×y − u1
		// a1, a2 = twoSum(z, u2): XMM6, XMM9.
		nativeTwoSum(a, amd64.ADDSD, amd64.SUBSD, 2, 5, 6, 7, 8, 9)
		// b1, b2 = twoSum(u1, a1): XMM7, XMM4.
		nativeTwoSum(a, amd64.ADDSD, amd64.SUBSD, 4, 6, 7, 8, 10, 4)
		// g = (b1 − v) + b2; r2 = g + a2; r3 = a2 − (r2 − g).
		a.OpSD(amd64.SUBSD, 7, 3)
		a.OpSD(amd64.ADDSD, 7, 4)
		a.MovX(8, 7)
		a.OpSD(amd64.ADDSD, 8, 9)
		a.MovX(10, 8)
		a.OpSD(amd64.SUBSD, 10, 7)
		a.OpSD(amd64.SUBSD, 9, 10)
		a.OpSD(amd64.ADDSD, 8, 9)
		v, e = 3, 8
	}
	return v, e
}

// nativeTwoSum is s, e = twoSum(x, y) (softfloat's, with op ADDSD and op2
// SUBSD; with SUBSD and ADDSD the same for x − y): s = RN(x op y) and e
// the exact x op y − s, through bv and u; y is clobbered, and x when e is
// x.
func nativeTwoSum(a *natAsm, op, op2 amd64.SD, x, y, s, bv, u, e amd64.XReg) {
	a.MovX(s, x)
	a.OpSD(op, s, y) // s
	a.MovX(bv, s)
	a.OpSD(amd64.SUBSD, bv, x) // bv = s − x
	a.MovX(u, s)
	a.OpSD(amd64.SUBSD, u, bv) // s − bv
	if e != x {
		a.MovX(e, x)
	}
	a.OpSD(amd64.SUBSD, e, u) // x − (s − bv)
	a.OpSD(op2, y, bv)        // y ∓ bv
	a.OpSD(op, e, y)
}

// nativeNarrow32 is softfloat.Narrow32 of v in RAX with the error term
// err in RDX (that of the double v against the exact result): RAX = s,
// the result rounded once to single precision, and RDX an error term of
// s as nativeFInexact reads one (zero when s is exact, otherwise of the
// sign of s when |s| < |exact| and of the other sign when |s| > |exact|).
// A v outside the normal single range, or a single rounding midpoint that
// is not exact, exits at op j. Through RCX, R8 and R11, and XMM0.
func nativeNarrow32(a *natAsm, j int, exits *[]nativeExit) {
	const rax, rcx, rdx, r8, r11 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8, amd64.R11
	nativeFBounds(a, rax, -125, 126, j, exits)
	a.Mov(rcx, rax)
	a.OpImm32(amd64.AND, rcx, 1<<29-1)
	a.OpImm32(amd64.CMP, rcx, 1<<28)
	notMid := a.Jcc(amd64.CondNE)
	a.Mov(rcx, rdx)
	a.ShiftImm(64, amd64.SHL, rcx, 1)
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	a.Patch(notMid, a.Len())
	a.MovqToX(0, rax)
	a.Cvtsd2ss(0, 0)
	a.Cvtss2sd(0, 0)
	a.MovqFromX(r8, 0)
	a.Op(amd64.CMP, r8, rax)
	same := a.Jcc(amd64.CondE)
	// s ≠ v: s and the exact value lie on the same side of v, so the
	// rounding is up in magnitude when |s| > |v|.
	a.Mov(rcx, r8)
	a.ShiftImm(64, amd64.SHL, rcx, 1)
	a.Mov(r11, rax)
	a.ShiftImm(64, amd64.SHL, r11, 1)
	a.Mov(rdx, rax)
	a.OpImm(amd64.OR, rdx, 1)
	a.Op(amd64.CMP, rcx, r11)
	down := a.Jcc(amd64.CondBE)
	a.MovImm(r11, fpSignBit)
	a.Op(amd64.XOR, rdx, r11)
	a.Patch(down, a.Len())
	a.Mov(rax, r8)
	a.Patch(same, a.Len())
}

// nativeFRSP is frsp, or xscvdpsp for words (opXSCvDPSP: the single in
// words 0 and 1 of XT, fpCommit's spWords), of an FRB (XB) in the normal
// single range (fpRoundTo: FR, FI, XX and FX from the rounding, FPRF
// ±normal) while FPSCR has none of fpFastOff; anything else exits at op
// j. t and b are VSR numbers (0-63).
func nativeFRSP(a *natAsm, in *decode.Inst, t, b uint8, words bool, j int, exits *[]nativeExit) {
	const rax, rcx, rdx, r9, r10 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R9, amd64.R10
	a.Load(64, r10, amd64.M(nRegs, offFPSCR))
	a.Mov(rcx, r10)
	a.OpImm32(amd64.AND, rcx, uint32(fpFastOff))
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	a.Load(64, rax, vsrM(int64(b)))
	a.Op(amd64.XOR, rdx, rdx)
	nativeNarrow32(a, j, exits)
	if words {
		// RAX = the word twice; its sign bit stays the result's, which
		// nativeFInexact reads.
		a.Mov(r9, rax)
		nativeSingle(a, j, exits)
		a.Mov(rax, r9)
		a.ShiftImm(64, amd64.SHL, rax, 32)
		a.Op(amd64.OR, rax, r9)
	}
	nativeFInexact(a, in, t, false)
}

// nativeXSConv is xscvspdp, xscvspdpn, xscvdpsp and xscvdpspn XT,XB
// (opXSCvSPDP, opXSMove, opXSCvDPSP), and reports whether it translates
// in. xscvspdp[n]: the single in word 0 of XB as DOUBLE converts it (a
// zero or a normal single; anything else exits at op j), doubleword 1 of
// XT zero; xscvspdp also writes FPSCR (exact: FR and FI cleared, FPRF
// ±zero or ±normal, the summaries). xscvdpspn: SINGLE of doubleword 0 of
// XB in words 0 and 1 (a zero or a double whose biased exponent is above
// 896; anything else exits), FPSCR unchanged. xscvdpsp: nativeFRSP.
func nativeXSConv(a *natAsm, in *decode.Inst, j int, exits *[]nativeExit) bool {
	const rax, rcx, r8, r9, r11 = amd64.RAX, amd64.RCX, amd64.R8, amd64.R9, amd64.R11
	t, b := uint8(in.Args[0]&63), uint8(in.Args[1]&63)
	switch in.Op {
	case ppc64asm.XSCVSPDPN, ppc64asm.XSCVSPDP:
		a.Load(64, r8, vsrM(int64(b)))
		a.ShiftImm(64, amd64.SHR, r8, 32)
		nativeDouble(a, j, exits)
		if in.Op == ppc64asm.XSCVSPDPN {
			nativeFPR(a, t, rcx)
			return true
		}
		a.Mov(rax, rcx)
		nativeFPRFZeroNormal(a)
		a.Load(64, r11, amd64.M(nRegs, offFPSCR))
		a.OpImm(amd64.AND, r11, notImm(regs.FPSCRFR|regs.FPSCRFI|regs.FPSCRFPRF))
		a.Op(amd64.OR, r11, rcx)
		nativeFPCommit(a, in, t, r11)
	case ppc64asm.XSCVDPSPN:
		a.Load(64, r9, vsrM(int64(b)))
		nativeSingle(a, j, exits)
		a.Mov(rcx, r9)
		a.ShiftImm(64, amd64.SHL, rcx, 32)
		a.Op(amd64.OR, r9, rcx)
		nativeFPR(a, t, r9)
	case ppc64asm.XSCVDPSP:
		if a.exactFP {
			return false
		}
		nativeFRSP(a, in, t, b, true, j, exits)
	default:
		return false
	}
	return true
}

// nativeFInexact ends an arithmetic op whose rounded result is in RAX
// (normal) and its error term in RDX, with FPSCR in R10: FR, FI, XX and FX
// from the error term, FPRF ±normal, the result negated first for neg
// (fnmadd, fnmsub), then nativeFPCommit.
func nativeFInexact(a *natAsm, in *decode.Inst, t uint8, neg bool) {
	const rax, rcx, rdx, r8, r10, r11 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8, amd64.R10, amd64.R11
	// R11 = FPSCR without FR, FI, FPRF; inexact: XX, FI, FX as fpFX
	// says, FR when err and v differ in sign (rounded up in magnitude).
	a.Mov(r11, r10)
	a.OpImm(amd64.AND, r11, notImm(regs.FPSCRFR|regs.FPSCRFI|regs.FPSCRFPRF))
	a.Mov(rcx, rdx)
	a.ShiftImm(64, amd64.SHL, rcx, 1)
	exact := a.Jcc(amd64.CondE)
	nativeFXX(a)
	a.Op(amd64.XOR, rdx, rax)
	down := a.Jcc(amd64.CondNS)
	a.OpImm(amd64.OR, r11, int32(regs.FPSCRFR))
	a.Patch(down, a.Len())
	a.Patch(exact, a.Len())
	if neg {
		a.MovImm(rcx, fpSignBit)
		a.Op(amd64.XOR, rax, rcx)
	}
	// FPRF (fprfCode): ±normal.
	a.MovImm(rcx, fprfCode(softfloat.Normal, false)<<regs.FPSCRFPRFLSB)
	a.MovImm(r8, fprfCode(softfloat.Normal, true)<<regs.FPSCRFPRFLSB)
	a.Test(rax, rax)
	a.Cmov(amd64.CondS, rcx, r8)
	a.Op(amd64.OR, r11, rcx)
	nativeFPCommit(a, in, t, r11)
}

// nativeFXX is an inexact result's FPSCR bits in R11 with the old FPSCR
// in R10: XX and FI, and FX as fpFX says. Through RCX.
func nativeFXX(a *natAsm) {
	a.OpImm(amd64.OR, amd64.R11, int32(regs.FPSCRXX|regs.FPSCRFI))
	nativeFX(a)
}

// nativeFX is FX in R11 as fpFX says for XX raised on the old FPSCR in
// R10. Through RCX.
func nativeFX(a *natAsm) {
	const rcx, r10, r11 = amd64.RCX, amd64.R10, amd64.R11
	var old int
	if !a.fxEvery {
		a.Mov(rcx, r10)
		a.OpImm32(amd64.AND, rcx, uint32(regs.FPSCRXX))
		old = a.Jcc(amd64.CondNE)
	}
	a.MovImm(rcx, regs.FPSCRFX)
	a.Op(amd64.OR, r11, rcx)
	if !a.fxEvery {
		a.Patch(old, a.Len())
	}
}

// nativeFCTI is fctid[u][z] and fctiw[u][z] (opFCTI, fctiCommit, the
// form's fctiSpec s) of an FRB whose rounded value fits the result
// (CVTSD2SI in MXCSR's round-to-nearest-even, or CVTTSD2SI for the z
// forms; a signed 64-bit conversion for the unsigned forms too, whose
// results then lie in [0, 2^63) or [0, 2^32)): FR, FI, XX and FX from the
// rounding (FR: rounded up in magnitude, never for the z forms), FPRF 0
// (kept on the QEMU side of diffFCTI), FRT the doubleword, or for the
// word forms the word in both halves (sign-extended on the QEMU side,
// zero-extended for fctiwu[z]). FPSCR[XE], a rounding mode other than
// nearest for the forms that use it, a NaN, an out-of-range value (for
// the unsigned forms a negative result, or 2^63 and above) exits at op
// j; fctid of exactly −2^63 is translated.
func nativeFCTI(a *natAsm, in *decode.Inst, s fctiSpec, t, b uint8, j int, exits *[]nativeExit) {
	const rax, rcx, rdx, r8, r10, r11 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8, amd64.R10, amd64.R11
	word, toZero := s.word, s.toZero
	off := uint32(regs.FPSCRXE)
	if !toZero {
		off |= uint32(regs.FPSCRRN)
	}
	a.Load(64, r10, amd64.M(nRegs, offFPSCR))
	a.Mov(rcx, r10)
	a.OpImm32(amd64.AND, rcx, off)
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	a.Load(64, rdx, fprM(b))
	a.MovqToX(0, rdx)
	if toZero {
		a.Cvttsd2si(rax, 0)
	} else {
		a.Cvtsd2si(rax, 0)
	}
	switch {
	case s.unsigned && word:
		// [0, 2^32): also no indefinite 2^63.
		a.Mov(rcx, rax)
		a.ShiftImm(64, amd64.SHR, rcx, 32)
		*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	case s.unsigned:
		// [0, 2^63).
		a.Test(rax, rax)
		*exits = append(*exits, nativeExit{a.Jcc(amd64.CondS), j})
	case word:
		a.Movsx(32, rcx, rax)
		a.Op(amd64.CMP, rcx, rax)
		*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	default:
		// The indefinite integer 2^63 is −2^63 only from FRB = −2^63.
		a.MovImm(rcx, 1<<63)
		a.Op(amd64.CMP, rcx, rax)
		fits := a.Jcc(amd64.CondNE)
		a.MovImm(rcx, math.Float64bits(-0x1p63))
		a.Op(amd64.CMP, rcx, rdx)
		*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
		a.Patch(fits, a.Len())
	}
	// R11 = FPSCR without FR, FI (and FPRF: fctiCommit); inexact when
	// the integer differs from FRB.
	a.Mov(r11, r10)
	clear := regs.FPSCRFR | regs.FPSCRFI
	if !a.fctiQEMU {
		clear |= regs.FPSCRFPRF
	}
	a.OpImm(amd64.AND, r11, notImm(clear))
	a.Cvtsi2sd(1, rax)
	a.Ucomisd(1, 0)
	exact := a.Jcc(amd64.CondE)
	nativeFXX(a)
	if !toZero {
		// FR: |integer| > |FRB| (both exact doubles here).
		a.MovqFromX(rcx, 1)
		a.ShiftImm(64, amd64.SHL, rcx, 1)
		a.Mov(r8, rdx)
		a.ShiftImm(64, amd64.SHL, r8, 1)
		a.Op(amd64.CMP, rcx, r8)
		down := a.Jcc(amd64.CondBE)
		a.OpImm(amd64.OR, r11, int32(regs.FPSCRFR))
		a.Patch(down, a.Len())
	}
	a.Patch(exact, a.Len())
	if word && !a.fctiQEMU {
		a.Mov32(rax, rax)
		a.Mov(rcx, rax)
		a.ShiftImm(64, amd64.SHL, rcx, 32)
		a.Op(amd64.OR, rax, rcx)
	}
	nativeFPCommit(a, in, t, r11)
}

// notImm is ^v as the imm32 of a 64-bit AND that clears v's bits, all of
// them in FPSCR's low word below bit 31 (sign-extended: the high word
// stays).
func notImm(v uint64) int32 { return int32(^uint32(v)) }

// nativeFPSingleAccess is lfs, lfsx, lfsu, lfsux, stfs, stfsx, stfsu and
// stfsux (opLoadFP, opStoreFP: the address as nativeIntAccess computes
// it, the page looked up in the r or w cache, RA = the address for an
// update form). The load converts with the ISA's DOUBLE bit for bit: a
// zero or a normal single; a denormal, an infinity or a NaN exits at op
// j. The store converts with SINGLE (fpSingle): a zero or a double whose
// biased exponent is above 896 (no denormalisation); anything else exits.
// Update forms with RA = 0 are left to the block loop.
func nativeFPSingleAccess(a *natAsm, in *decode.Inst, j int, le bool, exits *[]nativeExit) bool {
	const rax, rcx, r8, r9 = amd64.RAX, amd64.RCX, amd64.R8, amd64.R9
	store := false
	switch in.Op {
	case ppc64asm.LFS, ppc64asm.LFSX, ppc64asm.LFSU, ppc64asm.LFSUX:
	case ppc64asm.STFS, ppc64asm.STFSX, ppc64asm.STFSU, ppc64asm.STFSUX:
		store = true
	default:
		return false
	}
	if in.Invalid != 0 || in.Size != 4 {
		return false
	}
	t, ra := uint8(in.Args[0]&31), uint8(in.Args[2]&31)
	if in.Has(decode.FlagIndexed) {
		ra = uint8(in.Args[1] & 31)
	}
	upd := in.Has(decode.FlagUpdate)
	if upd && ra == 0 {
		return false
	}
	if store {
		// R9 = SINGLE(FRS) before the address: the exit comes first.
		a.Load(64, r9, fprM(t))
		nativeSingle(a, j, exits)
		if !le {
			a.Bswap(32, r9)
		}
	}
	nativeEA(a, in, ra)
	tlb := offRTLB
	if store {
		tlb = offWTLB
	}
	at := nativeLookup(a, tlb, 4, j, exits)
	if store {
		a.Store(32, at, r9)
	} else {
		a.Load(32, r8, at)
		if !le {
			a.Bswap(32, r8)
		}
		nativeDouble(a, j, exits)
		nativeFPR(a, t, rcx)
	}
	if upd {
		a.Store(64, gprM(ra), rax)
	}
	return true
}

// nativeSingle is R9 = SINGLE(the double in R9), the word zero-extended
// (stfs, xscvdpspn: fpSingle): for a zero or a double whose biased
// exponent is above 896 (no denormalisation); anything else exits at op
// j. Through RCX.
func nativeSingle(a *natAsm, j int, exits *[]nativeExit) {
	const rcx, r9 = amd64.RCX, amd64.R9
	a.Mov(rcx, r9)
	a.ShiftImm(64, amd64.SHR, rcx, 52)
	a.OpImm32(amd64.AND, rcx, 0x7ff)
	a.OpImm32(amd64.CMP, rcx, 896)
	plain := a.Jcc(amd64.CondA)
	a.Mov(rcx, r9)
	a.ShiftImm(64, amd64.SHL, rcx, 1)
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	a.Patch(plain, a.Len())
	// WORD0:1 = FRS0:1, WORD2:31 = FRS5:34.
	a.Mov(rcx, r9)
	a.ShiftImm(64, amd64.SHR, rcx, 62)
	a.ShiftImm(32, amd64.SHL, rcx, 30)
	a.ShiftImm(64, amd64.SHR, r9, 29)
	a.OpImm32(amd64.AND, r9, 0x3fffffff)
	a.Op(amd64.OR, r9, rcx)
}

// nativeDouble is RCX = DOUBLE(the single in R8's low word) (lfs,
// xscvspdp[n]: fpDouble) for a zero or a normal single: its exponent
// rebiased (+896), its fraction moved up 29 bits, ±0 a signed zero; a
// denormal, an infinity or a NaN exits at op j. Through R9; R8 is
// clobbered.
func nativeDouble(a *natAsm, j int, exits *[]nativeExit) {
	const rcx, r8, r9 = amd64.RCX, amd64.R8, amd64.R9
	a.Mov32(rcx, r8)
	a.OpImm32(amd64.AND, rcx, 0x7f800000)
	zero := a.Jcc(amd64.CondE)
	a.OpImm32(amd64.CMP, rcx, 0x7f800000)
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondE), j})
	a.Mov32(rcx, r8)
	a.OpImm32(amd64.AND, rcx, 0x7fffffff)
	a.ShiftImm(64, amd64.SHL, rcx, 29)
	a.MovImm(r9, 896<<52)
	a.Op(amd64.ADD, rcx, r9)
	join := a.Jmp()
	a.Patch(zero, a.Len())
	a.Mov32(rcx, r8)
	a.OpImm32(amd64.AND, rcx, 0x7fffff)
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	a.Patch(join, a.Len())
	a.ShiftImm(32, amd64.SHR, r8, 31)
	a.ShiftImm(64, amd64.SHL, r8, 63)
	a.Op(amd64.OR, rcx, r8)
}

// nativeXVSingle is xvaddsp, xvsubsp, xvmulsp and the single-precision
// vector multiply-adds (a and m forms) XT,XA,XB (opXVArith's fast path,
// xvFast) while FPSCR has none of fpFastOff: each of the four lanes
// converted to double (CVTSS2SD, exact) and computed as nativeFArith's
// single forms compute (Fast64's value and error term, nativeNarrow32),
// an operand or result outside their ranges (a zero, an infinity, a NaN,
// a result outside the normal single range, a single rounding midpoint
// that is not exact) exiting at op j before anything is written; then XT
// and FPSCR (XX, and FX as fpFX says, when a lane is inexact; the
// summaries; FR, FI and FPRF kept). A single word i of a VSR is at byte
// offset xvWordOff[i] (regs.VSR's host doublewords). The lanes' words
// gather in R9 and XMM12, XMM13; XMM15 ORs their error terms.
func nativeXVSingle(a *natAsm, in *decode.Inst, s xsArithSpec, j int, exits *[]nativeExit) {
	const rax, rcx, rdx, r9, r10, r11 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R9, amd64.R10, amd64.R11
	kind := s.kind
	xt, xa, xb := in.Args[0]&63, in.Args[1]&63, in.Args[2]&63
	ya, za := xb, xt // XA × XB ± XT
	if s.mForm {
		ya, za = xt, xb // XA × XT ± XB
	}
	lim := uint32(softfloat.FastExp)
	if kind >= faMul {
		lim = softfloat.FastExpMul
	}
	a.Load(64, r10, amd64.M(nRegs, offFPSCR))
	a.Mov(rcx, r10)
	a.OpImm32(amd64.AND, rcx, uint32(fpFastOff))
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	a.OpX(amd64.PXOR, 15, 15)
	// load is lane i of VSR n as a double in XMM x, its range checked.
	load := func(x amd64.XReg, n int64, i int, lim uint32, neg bool) {
		m := vsrM(n)
		m.Disp += xvWordOff[i]
		a.Load(32, rax, m)
		a.MovqToX(x, rax)
		a.Cvtss2sd(x, x)
		a.MovqFromX(rax, x)
		nativeFRange(a, rax, lim, j, exits)
		if neg {
			a.MovImm(rcx, fpSignBit)
			a.Op(amd64.XOR, rax, rcx)
			a.MovqToX(x, rax)
		}
	}
	for i := range 4 {
		load(0, xa, i, lim, false)
		load(1, ya, i, lim, false)
		if kind >= faMAdd {
			load(2, za, i, softfloat.FastExp, kind == faMSub || kind == faNMSub)
		}
		v, e := nativeFastValue(a, kind)
		a.MovqFromX(rax, v)
		a.MovqFromX(rdx, e)
		nativeFRange(a, rax, softfloat.FastExp, j, exits)
		nativeNarrow32(a, j, exits)
		a.Mov(rcx, rdx)
		a.ShiftImm(64, amd64.SHL, rcx, 1)
		a.MovqToX(11, rcx)
		a.OpX(amd64.POR, 15, 11)
		// The single's word (exact: RAX is a single), its sign flipped
		// for the negative multiply-adds.
		a.MovqToX(0, rax)
		a.Cvtsd2ss(0, 0)
		a.MovqFromX(rax, 0)
		a.Mov32(rax, rax)
		if kind == faNMAdd || kind == faNMSub {
			a.OpImm32(amd64.XOR, rax, 1<<31)
		}
		if i%2 == 0 {
			a.ShiftImm(64, amd64.SHL, rax, 32)
			a.Mov(r9, rax)
			continue
		}
		a.Op(amd64.OR, r9, rax)
		a.MovqToX(amd64.XReg(12+i/2), r9)
	}
	a.MovqFromX(rax, 12)
	a.Store(64, vsrM(xt), rax)
	a.MovqFromX(rax, 13)
	a.Store(64, dw1(vsrM(xt)), rax)
	// FPSCR: XX and FX for an inexact lane, the summaries.
	a.Mov(r11, r10)
	a.MovqFromX(rcx, 15)
	a.Test(rcx, rcx)
	exact := a.Jcc(amd64.CondE)
	a.OpImm(amd64.OR, r11, int32(regs.FPSCRXX))
	nativeFX(a)
	a.Patch(exact, a.Len())
	nativeFPSummary(a, r11)
	a.Store(64, amd64.M(nRegs, offFPSCR), r11)
}

// xvWordOff is the byte offset of word i (ISA bits 32i:32i+31) in a VSR:
// doubleword 0 holds words 0 and 1, each a host uint64, its high half
// the lower-numbered word.
var xvWordOff = [4]int32{4, 0, 12, 8}
