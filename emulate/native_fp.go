package emulate

import (
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
// fnabs; fcfid of integers within ±2^53. Each op checks what the interpreter's fast path checks, against
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
	if in.Class != decode.ClassFP || in.Flags&decode.FlagSingle != 0 {
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
	if in.Op == ppc64asm.FCFID || in.Op == ppc64asm.FCFIDCC {
		nativeFCFID(a, in, arg(0), arg(1), j, exits)
		return true
	}
	kind := fpArithKinds[in.Op]
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

// nativeFPR stores src to FPR t, doubleword 1 of VSR t zero.
func nativeFPR(a *natAsm, t uint8, src amd64.Reg) {
	a.Store(64, fprM(t), src)
	m := fprM(t)
	m.Disp += 8
	a.StoreImm32(m, 0)
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
	// RCX = FPRF (fprfCode): ±zero or ±normal.
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
	a.Mov(r11, r10)
	a.OpImm(amd64.AND, r11, notImm(regs.FPSCRFR|regs.FPSCRFI|regs.FPSCRFPRF))
	a.Op(amd64.OR, r11, rcx)
	nativeFPCommit(a, in, t, r11)
}

// nativeFCFID is fcfid of an FRB within ±2^53 (opFCFID: exact, so FR
// and FI cleared, FPRF +zero or ±normal, XX and FX kept); FPSCR[NI] or a
// larger FRB exits at op j.
func nativeFCFID(a *natAsm, in *decode.Inst, t, b uint8, j int, exits *[]nativeExit) {
	const rax, rcx, r8, r10, r11 = amd64.RAX, amd64.RCX, amd64.R8, amd64.R10, amd64.R11
	a.Load(64, r10, amd64.M(nRegs, offFPSCR))
	a.Mov(rcx, r10)
	a.OpImm32(amd64.AND, rcx, uint32(regs.FPSCRNI))
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondNE), j})
	a.Load(64, rax, fprM(b))
	// RAX + 2^53 ≤ 2^54 (unsigned): RAX in [−2^53, 2^53].
	a.MovImm(r8, 1<<53)
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
	const rcx = amd64.RCX
	a.Mov(rcx, src)
	a.ShiftImm(64, amd64.SHR, rcx, 52)
	a.OpImm32(amd64.AND, rcx, 0x7ff)
	a.OpImm32(amd64.SUB, rcx, 1023-lim)
	a.OpImm32(amd64.CMP, rcx, 2*lim)
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
	// v and the error term err (Fast64, fmaErr) into v and e.
	v, e := amd64.XReg(2), amd64.XReg(3)
	switch kind {
	case faAdd, faSub:
		// TwoSum of x and ±y; for fsub (x − (v − bv)) − (y + bv), the
		// same value as with −y added.
		op, op2 := amd64.ADDSD, amd64.SUBSD
		if kind == faSub {
			op, op2 = amd64.SUBSD, amd64.ADDSD
		}
		a.MovX(2, 0)
		a.OpSD(op, 2, 1) // v
		a.MovX(3, 2)
		a.OpSD(amd64.SUBSD, 3, 0) // bv = v − x
		a.MovX(4, 2)
		a.OpSD(amd64.SUBSD, 4, 3) // v − bv
		a.MovX(5, 0)
		a.OpSD(amd64.SUBSD, 5, 4) // x − (v − bv)
		a.OpSD(op2, 1, 3)         // y ∓ bv
		a.OpSD(op, 5, 1)
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
		a.MovX(6, 2)
		a.OpSD(amd64.ADDSD, 6, 5)
		a.MovX(7, 6)
		a.OpSD(amd64.SUBSD, 7, 2) // bv
		a.MovX(8, 6)
		a.OpSD(amd64.SUBSD, 8, 7)
		a.MovX(9, 2)
		a.OpSD(amd64.SUBSD, 9, 8)
		a.OpSD(amd64.SUBSD, 5, 7)
		a.OpSD(amd64.ADDSD, 9, 5)
		// b1, b2 = twoSum(u1, a1): XMM7, XMM4.
		a.MovX(7, 4)
		a.OpSD(amd64.ADDSD, 7, 6)
		a.MovX(8, 7)
		a.OpSD(amd64.SUBSD, 8, 4) // bv
		a.MovX(10, 7)
		a.OpSD(amd64.SUBSD, 10, 8)
		a.OpSD(amd64.SUBSD, 4, 10)
		a.OpSD(amd64.SUBSD, 6, 8)
		a.OpSD(amd64.ADDSD, 4, 6)
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
	// R11 = FPSCR without FR, FI, FPRF; inexact: XX, FI, FX as fpFX
	// says, FR when err and v differ in sign (rounded up in magnitude).
	a.Mov(r11, r10)
	a.OpImm(amd64.AND, r11, notImm(regs.FPSCRFR|regs.FPSCRFI|regs.FPSCRFPRF))
	a.Mov(rcx, rdx)
	a.ShiftImm(64, amd64.SHL, rcx, 1)
	exact := a.Jcc(amd64.CondE)
	a.OpImm(amd64.OR, r11, int32(regs.FPSCRXX|regs.FPSCRFI))
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
	a.Op(amd64.XOR, rdx, rax)
	down := a.Jcc(amd64.CondNS)
	a.OpImm(amd64.OR, r11, int32(regs.FPSCRFR))
	a.Patch(down, a.Len())
	a.Patch(exact, a.Len())
	if kind == faNMAdd || kind == faNMSub {
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

// notImm is ^v as the imm32 of a 64-bit AND that clears v's bits, all of
// them in FPSCR's low word below bit 31 (sign-extended: the high word
// stays).
func notImm(v uint64) int32 { return int32(^uint32(v)) }
