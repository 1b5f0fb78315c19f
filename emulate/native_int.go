package emulate

import (
	"math/bits"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/amd64"
	"github.com/ppc64emu/ppc64emu/regs"
)

// nativeInt appends the code of op, operation j of a block in byte order
// le, when it is one of the integer ops below that the block loop leaves
// to their semantic functions, and reports whether it translates it
// (nothing is appended when it does not): the integer loads and stores
// without a kind of their own (update, indexed-update and sign-extending
// forms, sth[u][x], stb[u]x), the carrying adds and subtracts (opCarrying,
// without OE), mulhw[u][.] and mulhd[u][.] (opMulh, OE=0), divd[u][.]
// (opDivd, not OE), mtcrf, mtocrf and mfocrf of one field, mfcr, and the
// CR logical ops (crand, cror, ...).
func nativeInt(a *natAsm, op *bop, j int, le bool, exits *[]nativeExit) bool {
	in := op.in
	switch in.Op {
	case ppc64asm.LHZU, ppc64asm.LHZUX, ppc64asm.LWZU, ppc64asm.LWZUX, ppc64asm.LBZUX, ppc64asm.LDUX,
		ppc64asm.LHA, ppc64asm.LHAX, ppc64asm.LHAU, ppc64asm.LHAUX, ppc64asm.LWA, ppc64asm.LWAX, ppc64asm.LWAUX,
		ppc64asm.STHX, ppc64asm.STHU, ppc64asm.STHUX, ppc64asm.STBU, ppc64asm.STBUX, ppc64asm.STWUX, ppc64asm.STDUX:
		return nativeIntAccess(a, in, j, le, exits)
	case ppc64asm.ADDIC, ppc64asm.ADDICCC, ppc64asm.SUBFIC,
		ppc64asm.ADDC, ppc64asm.ADDCCC, ppc64asm.ADDE, ppc64asm.ADDECC, ppc64asm.ADDME, ppc64asm.ADDMECC,
		ppc64asm.ADDZE, ppc64asm.ADDZECC, ppc64asm.SUBFC, ppc64asm.SUBFCCC, ppc64asm.SUBFE, ppc64asm.SUBFECC,
		ppc64asm.SUBFME, ppc64asm.SUBFMECC, ppc64asm.SUBFZE, ppc64asm.SUBFZECC:
		return nativeCarrying(a, in)
	case ppc64asm.MULHW, ppc64asm.MULHWCC, ppc64asm.MULHWU, ppc64asm.MULHWUCC:
		return nativeMulhw(a, in)
	case ppc64asm.MULHD, ppc64asm.MULHDCC, ppc64asm.MULHDU, ppc64asm.MULHDUCC:
		return nativeMulhd(a, in)
	case ppc64asm.DIVD, ppc64asm.DIVDCC, ppc64asm.DIVDU, ppc64asm.DIVDUCC:
		return nativeDivd(a, in, j, exits)
	case ppc64asm.MFOCRF:
		// RT = the one CR field FXM selects, zeros elsewhere
		// (opMfocrf; other FXMs are a profile Difference).
		fxm := uint32(in.Args[1]) & 0xff
		if bits.OnesCount32(fxm) != 1 {
			return false
		}
		a.Load(32, amd64.RAX, amd64.M(nRegs, offCR))
		a.OpImm32(amd64.AND, amd64.RAX, fxmMask(fxm))
		a.Store(64, gprM(uint8(in.Args[0])), amd64.RAX)
		return true
	case ppc64asm.MTCRF, ppc64asm.MTOCRF:
		// CR = CR &^ mask | RS & mask (opMtcrf; opMtocrf when FXM
		// selects one field: other FXMs are a profile Difference).
		fxm := uint32(in.Args[0]) & 0xff
		if in.Op == ppc64asm.MTOCRF && bits.OnesCount32(fxm) != 1 {
			return false
		}
		mask := fxmMask(fxm)
		const rax, rcx = amd64.RAX, amd64.RCX
		a.Load(32, rax, gprM(uint8(in.Args[1])))
		a.OpImm32(amd64.AND, rax, mask)
		a.Load(32, rcx, amd64.M(nRegs, offCR))
		a.OpImm32(amd64.AND, rcx, ^mask)
		a.Op32(amd64.OR, rax, rcx)
		a.Store(32, amd64.M(nRegs, offCR), rax)
		return true
	case ppc64asm.MFCR:
		a.Load(32, amd64.RAX, amd64.M(nRegs, offCR))
		a.Store(64, gprM(uint8(in.Args[0])), amd64.RAX)
		return true
	case ppc64asm.CRAND, ppc64asm.CRANDC, ppc64asm.CREQV, ppc64asm.CRNAND,
		ppc64asm.CRNOR, ppc64asm.CROR, ppc64asm.CRORC, ppc64asm.CRXOR:
		if in.Invalid != 0 {
			return false
		}
		nativeCRLogical(a, in)
		return true
	}
	return false
}

// nativeCRLogical is opCRLogical: CR bit BT = the instruction's truth
// table (word bits 6:9, the index 2×CR[BA] + CR[BB]).
func nativeCRLogical(a *natAsm, in *decode.Inst) {
	const rax, rcx, rdx = amd64.RAX, amd64.RCX, amd64.RDX
	bt, ba, bb := uint8(31-in.Args[0]&31), uint8(31-in.Args[1]&31), uint8(31-in.Args[2]&31)
	a.Load(32, rdx, amd64.M(nRegs, offCR))
	a.Mov32(rcx, rdx)
	a.ShiftImm(32, amd64.SHR, rcx, ba)
	a.OpImm32(amd64.AND, rcx, 1)
	a.Op32(amd64.ADD, rcx, rcx)
	a.Mov32(rax, rdx)
	a.ShiftImm(32, amd64.SHR, rax, bb)
	a.OpImm32(amd64.AND, rax, 1)
	a.Op32(amd64.OR, rcx, rax)
	a.MovImm(rax, uint64(in.Word>>6&0xf))
	a.ShiftCL(32, amd64.SHR, rax)
	a.OpImm32(amd64.AND, rax, 1)
	a.ShiftImm(32, amd64.SHL, rax, bt)
	a.OpImm32(amd64.AND, rdx, ^uint32(1<<bt))
	a.Op32(amd64.OR, rdx, rax)
	a.Store(32, amd64.M(nRegs, offCR), rdx)
}

// nativeIntAccess is an integer load or store of nativeInt: the address
// (RA|0) + RB or (RA|0) + D in RAX, the page looked up in the r or w
// cache (a miss or a page crossing exits at op j), the access in the
// block's byte order, sign-extended for lha and lwa, then RA = the
// address for an update form (as the generated loads and stores of
// loadstore_gen.go: RT or the store first, then RA). Invalid forms (an
// update with RA = 0 or, for a load, RA = RT) are left to the block loop.
func nativeIntAccess(a *natAsm, in *decode.Inst, j int, le bool, exits *[]nativeExit) bool {
	const rax, rcx, rdx, r8 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8
	size := int32(in.Size)
	odd := decode.FlagByteRev | decode.FlagPrefixed | decode.FlagMultiple | decode.FlagString | decode.FlagQuad |
		decode.FlagFloat | decode.FlagVector | decode.FlagVSX | decode.FlagReserve | decode.FlagStoreCond | decode.FlagPair
	if in.Invalid != 0 || in.Flags&odd != 0 || size != 1 && size != 2 && size != 4 && size != 8 {
		return false
	}
	rt, ra := uint8(in.Args[0]&31), uint8(in.Args[2]&31)
	indexed := in.Has(decode.FlagIndexed)
	if indexed {
		ra = uint8(in.Args[1] & 31)
	}
	upd := in.Has(decode.FlagUpdate)
	store := in.Op == ppc64asm.STHX || in.Op == ppc64asm.STHU || in.Op == ppc64asm.STHUX ||
		in.Op == ppc64asm.STBU || in.Op == ppc64asm.STBUX || in.Op == ppc64asm.STWUX || in.Op == ppc64asm.STDUX
	if upd && (ra == 0 || !store && ra == rt) {
		return false
	}
	nativeEA(a, in, ra)
	tlb := offRTLB
	if store {
		tlb = offWTLB
	}
	at := nativeLookup(a, tlb, size, j, exits)
	width := 8 * int(size)
	swap := func() {
		switch {
		case le || width == 8:
		case width == 16:
			a.Bswap(32, r8)
			a.ShiftImm(32, amd64.SHR, r8, 16)
		default:
			a.Bswap(width, r8)
		}
	}
	if store {
		a.Load(64, r8, gprM(rt))
		swap()
		a.Store(width, at, r8)
	} else {
		a.Load(width, r8, at)
		swap()
		if in.Has(decode.FlagSignExt) {
			a.Movsx(width, r8, r8)
		}
		a.Store(64, gprM(rt), r8)
	}
	if upd {
		a.Store(64, gprM(ra), rax)
	}
	return true
}

// nativeEA is RAX = (RA|0) + RB for an indexed access in (RA = ra), or
// (RA|0) + D.
func nativeEA(a *natAsm, in *decode.Inst, ra uint8) {
	if in.Has(decode.FlagIndexed) {
		a.Load(64, amd64.RAX, gprM(uint8(in.Args[2])))
	} else {
		a.MovImm(amd64.RAX, uint64(in.Args[1]))
	}
	if ra != 0 {
		a.OpMem(amd64.ADD, amd64.RAX, gprM(ra))
	}
}

// nativeCarrying is opCarrying without OE: RT = x + y + c for x = RA or
// ¬RA, y = RB, SI, −1 or 0 and c = 0, 1 or XER[CA]; CA the carry out of
// bit 0 (64-bit mode: Run's blocks), CA32 the carry out of bit 32; CR0
// from RT for the record forms (and addic.).
func nativeCarrying(a *natAsm, in *decode.Inst) bool {
	const rax, rcx, rdx, r8, r9, r10, r11 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8, amd64.R9, amd64.R10, amd64.R11
	if in.Flags&decode.FlagOE != 0 {
		return false
	}
	op := in.Op
	not, y, c := false, "rb", "0"
	switch op {
	case ppc64asm.ADDC, ppc64asm.ADDCCC:
	case ppc64asm.ADDE, ppc64asm.ADDECC:
		c = "ca"
	case ppc64asm.ADDME, ppc64asm.ADDMECC:
		y, c = "-1", "ca"
	case ppc64asm.ADDZE, ppc64asm.ADDZECC:
		y, c = "0", "ca"
	case ppc64asm.SUBFC, ppc64asm.SUBFCCC:
		not, c = true, "1"
	case ppc64asm.SUBFE, ppc64asm.SUBFECC:
		not, c = true, "ca"
	case ppc64asm.SUBFME, ppc64asm.SUBFMECC:
		not, y, c = true, "-1", "ca"
	case ppc64asm.SUBFZE, ppc64asm.SUBFZECC:
		not, y, c = true, "0", "ca"
	case ppc64asm.ADDIC, ppc64asm.ADDICCC:
		y = "si"
	case ppc64asm.SUBFIC:
		not, y, c = true, "si", "1"
	default:
		return false
	}
	// RAX = x, RDX = y, RCX = c, R9 = XER.
	a.Load(64, r9, amd64.M(nRegs, offXER))
	a.Load(64, rax, gprM(uint8(in.Args[1])))
	if not {
		a.Not(rax)
	}
	switch y {
	case "rb":
		a.Load(64, rdx, gprM(uint8(in.Args[2])))
	case "si":
		a.MovImm(rdx, uint64(in.Args[2]))
	case "-1":
		a.MovImm(rdx, ^uint64(0))
	default:
		a.MovImm(rdx, 0)
	}
	switch c {
	case "ca":
		a.Mov(rcx, r9)
		a.ShiftImm(64, amd64.SHR, rcx, uint8(bits.TrailingZeros64(regs.XERCA)))
		a.OpImm32(amd64.AND, rcx, 1)
	case "1":
		a.MovImm(rcx, 1)
	default:
		a.MovImm(rcx, 0)
	}
	// R8 = CA32: the low words' sum with c, shifted down.
	a.Mov32(r8, rax)
	a.Mov32(r10, rdx)
	a.Op(amd64.ADD, r8, r10)
	a.Op(amd64.ADD, r8, rcx)
	a.ShiftImm(64, amd64.SHR, r8, 32)
	// CF = c (NEG sets it for a nonzero operand), then RAX = x + y + CF
	// and R11 = CA.
	a.MovImm(r11, 0)
	a.Neg(rcx)
	a.Op(amd64.ADC, rax, rdx)
	a.Setcc(amd64.CondB, r11)
	imm64(a, amd64.AND, r9, ^(regs.XERCA | regs.XERCA32))
	a.ShiftImm(64, amd64.SHL, r11, uint8(bits.TrailingZeros64(regs.XERCA)))
	a.ShiftImm(64, amd64.SHL, r8, uint8(bits.TrailingZeros64(regs.XERCA32)))
	a.Op(amd64.OR, r9, r11)
	a.Op(amd64.OR, r9, r8)
	a.Store(64, amd64.M(nRegs, offXER), r9)
	a.Store(64, gprM(uint8(in.Args[0])), rax)
	if in.Has(decode.FlagRc) || op == ppc64asm.ADDICCC {
		nativeCR0(a)
	}
	return true
}

// nativeMulhw is opMulh's mulhw[.] and mulhwu[.] (OE=0): the high word
// of the 32-bit operands' signed or unsigned product, in both words of
// RT unless the QEMU side of diffMulhwHigh is taken (a.mulhwLow: the
// high word 0); CR0 from RT for the record forms.
func nativeMulhw(a *natAsm, in *decode.Inst) bool {
	const rax, rcx = amd64.RAX, amd64.RCX
	if in.Word&decode.WordOE != 0 {
		return false
	}
	if in.Op == ppc64asm.MULHW || in.Op == ppc64asm.MULHWCC {
		a.LoadSX32(rax, gprM(uint8(in.Args[1])))
		a.LoadSX32(rcx, gprM(uint8(in.Args[2])))
		a.Imul(rax, rcx)
		a.ShiftImm(64, amd64.SAR, rax, 32)
		a.Mov32(rax, rax)
	} else {
		a.Load(32, rax, gprM(uint8(in.Args[1])))
		a.Load(32, rcx, gprM(uint8(in.Args[2])))
		a.Imul(rax, rcx)
		a.ShiftImm(64, amd64.SHR, rax, 32)
	}
	if !a.mulhwLow {
		a.Mov(rcx, rax)
		a.ShiftImm(64, amd64.SHL, rcx, 32)
		a.Op(amd64.OR, rax, rcx)
	}
	a.Store(64, gprM(uint8(in.Args[0])), rax)
	if in.Has(decode.FlagRc) {
		nativeCR0(a)
	}
	return true
}

// nativeMulhd is mulhd[u][.] (opMulh, OE=0): the high doubleword of the
// 128-bit product, from x86's one-operand MUL or IMUL.
func nativeMulhd(a *natAsm, in *decode.Inst) bool {
	const rax, rcx, rdx = amd64.RAX, amd64.RCX, amd64.RDX
	if in.Word&decode.WordOE != 0 {
		return false
	}
	a.Load(64, rax, gprM(uint8(in.Args[1])))
	a.Load(64, rcx, gprM(uint8(in.Args[2])))
	if in.Op == ppc64asm.MULHD || in.Op == ppc64asm.MULHDCC {
		a.Imul1(rcx)
	} else {
		a.Mul(rcx)
	}
	a.Mov(rax, rdx)
	a.Store(64, gprM(uint8(in.Args[0])), rax)
	if in.Has(decode.FlagRc) {
		nativeCR0(a)
	}
	return true
}

// nativeDivd is divd[u][.] (opDivd, OE=0), op j: a zero divisor, or
// for divd the divisor -1 (the overflow of the most negative dividend
// among its cases), exits at op j for the block loop to run it (the
// undefined results are a profile's: div-undefined); otherwise x86's
// DIV or IDIV.
func nativeDivd(a *natAsm, in *decode.Inst, j int, exits *[]nativeExit) bool {
	const rax, rcx, rdx = amd64.RAX, amd64.RCX, amd64.RDX
	if exits == nil {
		return false
	}
	signed := in.Op == ppc64asm.DIVD || in.Op == ppc64asm.DIVDCC
	a.Load(64, rcx, gprM(uint8(in.Args[2])))
	a.Test(rcx, rcx)
	*exits = append(*exits, nativeExit{a.Jcc(amd64.CondE), j})
	if signed {
		a.OpImm(amd64.CMP, rcx, -1)
		*exits = append(*exits, nativeExit{a.Jcc(amd64.CondE), j})
	}
	a.Load(64, rax, gprM(uint8(in.Args[1])))
	if signed {
		a.Cqo()
		a.Idiv(rcx)
	} else {
		a.MovImm(rdx, 0)
		a.Div(rcx)
	}
	a.Store(64, gprM(uint8(in.Args[0])), rax)
	if in.Has(decode.FlagRc) {
		nativeCR0(a)
	}
	return true
}

// nativeCR0 sets CR0 to LT, GT or EQ of RAX (signed, against 0) and a
// copy of XER[SO] (setCR0 in 64-bit mode).
func nativeCR0(a *natAsm) {
	const rax, rcx, rdx = amd64.RAX, amd64.RCX, amd64.RDX
	a.Test(rax, rax)
	a.MovImm(rdx, uint64(regs.CRGT))
	a.MovImm(rcx, uint64(regs.CRLT))
	a.Cmov(amd64.CondL, rdx, rcx)
	a.MovImm(rcx, uint64(regs.CREQ))
	a.Cmov(amd64.CondE, rdx, rcx)
	nativeCRField(a, 0)
}
