package emulate

import (
	"math/bits"

	"golang.org/x/arch/ppc64/ppc64asm"
	"golang.org/x/sys/cpu"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/amd64"
	"github.com/ppc64emu/ppc64emu/regs"
)

// The native engine's VMX/VSX ops, popcntd and the record (Rc=1) forms
// of the integer ops (issue 29: glibc's POWER8 string functions and the
// vector strcmp GCC inlines). The code works on the register file's VSR
// storage in place: regs.VSR is {Hi, Lo}, doubleword 0 (ISA bits 0:63)
// then doubleword 1, each a host (little-endian) uint64, so ISA byte k of
// a VSR is at byte 7-k (k < 8) or 23-k of its 16 bytes. Element-wise
// operations on bytes, halfwords, words or doublewords keep their
// elements whole and in place under that layout (element i of width w
// bytes starts at an offset that is a multiple of w, its bytes in host
// order), so the SSE2 compares and logical operations run on it as they
// are; the ops that move bytes across elements (vsldoi, xxpermdi, vgbbd)
// run on the doublewords in general-purpose registers. Only SSE2
// (baseline x86-64) is used, and POPCNT when CPUID has it
// (nativePopcnt), otherwise a bit-parallel count.

// nativePopcnt is whether generated code uses POPCNT (CPUID leaf 1 ECX
// bit 23); a variable so that the tests run the fallback as well.
var nativePopcnt = cpu.X86.HasPOPCNT

// vsrM is VSR i's doubleword 0 (+8: doubleword 1).
func vsrM(i int64) amd64.Mem { return amd64.M(nRegs, offVSR+16*int32(i&63)) }

// vrM is VR i (VSR 32 + i).
func vrM(i int64) amd64.Mem { return vsrM(32 + i&31) }

// dw1 is m's doubleword 1.
func dw1(m amd64.Mem) amd64.Mem {
	m.Disp += 8
	return m
}

// nativeRc are the record forms translated: the op without Rc (a kind
// of newBop's) whose result then sets CR0.
var nativeRc = map[decode.Op]decode.Op{
	ppc64asm.ORCC: ppc64asm.OR, ppc64asm.ANDCC: ppc64asm.AND, ppc64asm.XORCC: ppc64asm.XOR,
	ppc64asm.ADDCC: ppc64asm.ADD, ppc64asm.SUBFCC: ppc64asm.SUBF, ppc64asm.EXTSWCC: ppc64asm.EXTSW,
	ppc64asm.RLWINMCC: ppc64asm.RLWINM, ppc64asm.RLDICLCC: ppc64asm.RLDICL, ppc64asm.RLDICRCC: ppc64asm.RLDICR,
	ppc64asm.RLDICCC: ppc64asm.RLDIC, ppc64asm.MULLDCC: ppc64asm.MULLD, ppc64asm.MULLWCC: ppc64asm.MULLW,
}

// nativeRecord appends the code of in, a record form of nativeRc, and
// reports whether it translates it: the op as newBop makes it without
// Rc, then CR0 = LT, GT or EQ of the 64-bit result compared with 0 and
// a copy of XER[SO] (setCR0; Run's blocks are 64-bit mode only).
func nativeRecord(a *natAsm, in *decode.Inst) bool {
	base, ok := nativeRc[in.Op]
	if !ok || in.Flags&decode.FlagOE != 0 {
		return false
	}
	plain := *in
	plain.Op, plain.Flags = base, in.Flags&^decode.FlagRc
	o := newBop(&plain, 0, 0)
	if o.kind == kGeneric || !nativeOp(a, &o, 0, false, nil) {
		return false
	}
	const rax, rcx, rdx = amd64.RAX, amd64.RCX, amd64.RDX
	a.Load(64, rax, gprM(o.rt))
	a.Test(rax, rax)
	a.MovImm(rdx, uint64(regs.CRGT))
	a.MovImm(rcx, uint64(regs.CRLT))
	a.Cmov(amd64.CondL, rdx, rcx)
	a.MovImm(rcx, uint64(regs.CREQ))
	a.Cmov(amd64.CondE, rdx, rcx)
	nativeCRField(a, 0)
	return true
}

// nativeVec appends the code of op, operation j of a block in byte order
// le, when it is one of the VMX/VSX ops below or popcntd, and reports
// whether it translates it (nothing is appended when it does not).
func nativeVec(a *natAsm, op *bop, j int, le bool, exits *[]nativeExit) bool {
	const rax, rcx, rdx, r8, r9 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8, amd64.R9
	in := op.in
	arg := in.Args
	switch in.Op {
	case ppc64asm.DCBT, ppc64asm.DCBTST:
		// Hints (opNop).
		return true
	case ppc64asm.VCMPEQUB, ppc64asm.VCMPEQUBCC, ppc64asm.VCMPEQUH, ppc64asm.VCMPEQUHCC,
		ppc64asm.VCMPEQUW, ppc64asm.VCMPEQUWCC:
		cmp := map[uint8]amd64.SSE{1: amd64.PCMPEQB, 2: amd64.PCMPEQW, 4: amd64.PCMPEQD}[in.Elem]
		if cmp == 0 {
			return false
		}
		a.LoadX(0, vrM(arg[1]))
		a.LoadX(1, vrM(arg[2]))
		a.OpX(cmp, 0, 1)
		a.StoreX(vrM(arg[0]), 0)
		if in.Has(decode.FlagRc) {
			// CR6 = 0b1000 if every element is equal, 0b0010 if
			// none is (vec.Summary; no SO).
			a.Pmovmskb(rax, 0)
			a.MovImm(rdx, 0)
			a.MovImm(rcx, 8)
			a.OpImm32(amd64.CMP, rax, 0xffff)
			a.Cmov(amd64.CondE, rdx, rcx)
			a.MovImm(rcx, 2)
			a.Test(rax, rax)
			a.Cmov(amd64.CondE, rdx, rcx)
			nativeCRBits(a, 6)
		}
		return true
	case ppc64asm.VOR, ppc64asm.VAND, ppc64asm.VXOR, ppc64asm.VANDC, ppc64asm.VNOR:
		nativeLogical(a, in.Op, vrM(arg[0]), vrM(arg[1]), vrM(arg[2]))
		return true
	case ppc64asm.XXLOR, ppc64asm.XXLAND, ppc64asm.XXLXOR, ppc64asm.XXLANDC, ppc64asm.XXLNOR, ppc64asm.XXLORC:
		nativeLogical(a, in.Op, vsrM(arg[0]), vsrM(arg[1]), vsrM(arg[2]))
		return true
	case ppc64asm.VSPLTISB, ppc64asm.VSPLTISH, ppc64asm.VSPLTISW:
		// The sign-extended 5-bit immediate in every element
		// (opVSplatImm).
		w := uint(in.Elem) * 8
		if w == 0 || w > 32 {
			return false
		}
		e := uint64(int64(int8(uint8(arg[1])<<3))>>3) & (1<<w - 1)
		var v uint64
		for s := uint(0); s < 64; s += w {
			v |= e << s
		}
		a.MovImm(rax, v)
		a.Store(64, vrM(arg[0]), rax)
		a.Store(64, dw1(vrM(arg[0])), rax)
		return true
	case ppc64asm.XXPERMDI:
		// Doubleword DM[0] of XA, doubleword DM[1] of XB (opXXPermDI).
		ma, mb := vsrM(arg[1]), vsrM(arg[2])
		if arg[3]&2 != 0 {
			ma = dw1(ma)
		}
		if arg[3]&1 != 0 {
			mb = dw1(mb)
		}
		a.Load(64, rax, ma)
		a.Load(64, rcx, mb)
		a.Store(64, vsrM(arg[0]), rax)
		a.Store(64, dw1(vsrM(arg[0])), rcx)
		return true
	case ppc64asm.MFVSRD, ppc64asm.MFVSRWZ, ppc64asm.MFVSRLD:
		// opMFVSR.
		m := vsrM(arg[1])
		switch in.Op {
		case ppc64asm.MFVSRWZ:
			a.Load(32, rax, m)
		case ppc64asm.MFVSRLD:
			a.Load(64, rax, dw1(m))
		default:
			a.Load(64, rax, m)
		}
		a.Store(64, gprM(uint8(arg[0])), rax)
		return true
	case ppc64asm.MTVSRD, ppc64asm.MTVSRWZ, ppc64asm.MTVSRWA:
		// Doubleword 0 from RA, doubleword 1 kept (opMTVSR).
		switch in.Op {
		case ppc64asm.MTVSRWZ:
			a.Load(32, rax, gprM(uint8(arg[1])))
		case ppc64asm.MTVSRWA:
			a.LoadSX32(rax, gprM(uint8(arg[1])))
		default:
			a.Load(64, rax, gprM(uint8(arg[1])))
		}
		a.Store(64, vsrM(arg[0]), rax)
		return true
	case ppc64asm.VGBBD:
		// Each doubleword's 8×8 bit matrix transposed, by three delta
		// swaps (vec.GatherBitsByBytes).
		for _, m := range []amd64.Mem{vrM(arg[1]), dw1(vrM(arg[1]))} {
			a.Load(64, rax, m)
			for _, s := range []struct {
				n    uint8
				mask uint64
			}{{7, 0x00aa00aa00aa00aa}, {14, 0x0000cccc0000cccc}, {28, 0x00000000f0f0f0f0}} {
				// t = (x ^ x>>n) & mask; x ^= t ^ t<<n.
				a.Mov(rcx, rax)
				a.ShiftImm(64, amd64.SHR, rcx, s.n)
				a.Op(amd64.XOR, rcx, rax)
				a.MovImm(rdx, s.mask)
				a.Op(amd64.AND, rcx, rdx)
				a.Op(amd64.XOR, rax, rcx)
				a.ShiftImm(64, amd64.SHL, rcx, s.n)
				a.Op(amd64.XOR, rax, rcx)
			}
			if m == vrM(arg[1]) {
				a.Mov(r9, rax)
			}
		}
		a.Store(64, vrM(arg[0]), r9)
		a.Store(64, dw1(vrM(arg[0])), rax)
		return true
	case ppc64asm.VSLDOI:
		// Bytes SH..SH+15 of VRA ‖ VRB (vec.ShiftLeftDouble): the
		// doublewords q[i], q[i+1] and q[i+2] of the four, i = SH/8,
		// shifted left by SH%8 bytes across their boundaries.
		q := []amd64.Mem{vrM(arg[1]), dw1(vrM(arg[1])), vrM(arg[2]), dw1(vrM(arg[2]))}
		sh := arg[3] & 15
		i, n := sh/8, uint8(sh%8*8)
		regsQ := []amd64.Reg{rax, rdx, r8}
		for k, r := range regsQ {
			a.Load(64, r, q[int(i)+k])
		}
		if n != 0 {
			for k := range 2 {
				hi, lo := regsQ[k], regsQ[k+1]
				a.ShiftImm(64, amd64.SHL, hi, n)
				a.Mov(rcx, lo)
				a.ShiftImm(64, amd64.SHR, rcx, 64-n)
				a.Op(amd64.OR, hi, rcx)
			}
		}
		a.Store(64, vrM(arg[0]), rax)
		a.Store(64, dw1(vrM(arg[0])), rdx)
		return true
	case ppc64asm.VSPLTB, ppc64asm.VSPLTH, ppc64asm.VSPLTW:
		// Element UIM of VRB in every element (vec.SplatElement): the
		// element's bytes in the storage, times a repeating 1.
		w := int64(in.Elem)
		if w != 1 && w != 2 && w != 4 {
			return false
		}
		per := 8 / w
		i := arg[2] & (2*per - 1)
		m := vrM(arg[1])
		m.Disp += int32(8*(i/per) + 8 - w*(i%per+1))
		a.Load(int(8*w), rax, m)
		a.MovImm(rcx, map[int64]uint64{1: 0x0101010101010101, 2: 0x0001000100010001, 4: 0x0000000100000001}[w])
		a.Imul(rax, rcx)
		a.Store(64, vrM(arg[0]), rax)
		a.Store(64, dw1(vrM(arg[0])), rax)
		return true
	case ppc64asm.VSLB, ppc64asm.VSLH, ppc64asm.VSLW, ppc64asm.VSLD,
		ppc64asm.VSRB, ppc64asm.VSRH, ppc64asm.VSRW, ppc64asm.VSRD:
		// Each element of VRA shifted by the low log2(8w) bits of the
		// same element of VRB (vec.ShiftLeftElem, ShiftRightElem), one
		// element at a time in place (an element of VRT depends only
		// on the same elements of VRA and VRB).
		w := int32(in.Elem)
		if w != 1 && w != 2 && w != 4 && w != 8 {
			return false
		}
		sh := amd64.SHL
		switch in.Op {
		case ppc64asm.VSRB, ppc64asm.VSRH, ppc64asm.VSRW, ppc64asm.VSRD:
			sh = amd64.SHR
		}
		width := 32
		if w == 8 {
			width = 64
		}
		for off := int32(0); off < 16; off += w {
			mt, ma, mb := vrM(arg[0]), vrM(arg[1]), vrM(arg[2])
			mt.Disp, ma.Disp, mb.Disp = mt.Disp+off, ma.Disp+off, mb.Disp+off
			a.Load(int(8*w), rax, ma)
			a.Load(int(8*w), rcx, mb)
			if w < 4 {
				a.OpImm32(amd64.AND, rcx, uint32(8*w-1))
			}
			a.ShiftCL(width, sh, rax)
			a.Store(int(8*w), mt, rax)
		}
		return true
	case ppc64asm.LVSL, ppc64asm.LVSR:
		// Bytes sh..sh+15 of 0x00 01 … 1f, sh = EA & 15 (lvsr: 16 -
		// that) (opLvsl).
		a.Load(64, rax, gprM(uint8(arg[2])))
		if ra := uint8(arg[1] & 31); ra != 0 {
			a.OpMem(amd64.ADD, rax, gprM(ra))
		}
		a.OpImm32(amd64.AND, rax, 15)
		if in.Op == ppc64asm.LVSR {
			a.Neg(rax)
			a.OpImm(amd64.ADD, rax, 16)
		}
		a.MovImm(rcx, 0x0101010101010101)
		a.Imul(rax, rcx)
		a.MovImm(rdx, 0x0001020304050607)
		a.Op(amd64.ADD, rax, rdx)
		a.Store(64, vrM(arg[0]), rax)
		a.MovImm(rdx, 0x0808080808080808)
		a.Op(amd64.ADD, rax, rdx)
		a.Store(64, dw1(vrM(arg[0])), rax)
		return true
	case ppc64asm.VBPERMQ:
		// For each byte i of VRB (ISA order), bit i of a 16-bit number
		// from its most significant end: bit [that byte] of VRA, 0 for
		// an index ≥ 128; VRT = that number in doubleword 0 (bits
		// 48:63), 0 in doubleword 1 (vec.BitPermuteQuad).
		const r10, r11 = amd64.R10, amd64.R11
		a.Load(64, r8, vrM(arg[1]))
		a.Load(64, r9, dw1(vrM(arg[1])))
		a.MovImm(rax, 0)
		a.MovImm(r11, 0)
		for i := range int32(16) {
			mb := vrM(arg[2])
			mb.Disp += 8*(i/8) + 7 - i%8
			a.Load(8, rcx, mb)
			// RDX = the doubleword bit 6 of the index selects, shifted
			// left by the index's low 6 bits: the bit in bit 63.
			a.Mov(rdx, r8)
			a.Mov(r10, rcx)
			a.OpImm32(amd64.AND, r10, 64)
			a.Cmov(amd64.CondNE, rdx, r9)
			a.ShiftCL(64, amd64.SHL, rdx)
			a.ShiftImm(64, amd64.SHR, rdx, 63)
			a.Mov(r10, rcx)
			a.OpImm32(amd64.AND, r10, 128)
			a.Cmov(amd64.CondNE, rdx, r11)
			a.ShiftImm(64, amd64.SHL, rax, 1)
			a.Op(amd64.OR, rax, rdx)
		}
		a.Store(64, vrM(arg[0]), rax)
		a.Store(64, dw1(vrM(arg[0])), r11)
		return true
	case ppc64asm.CNTLZD, ppc64asm.CNTLZW, ppc64asm.CNTTZD, ppc64asm.CNTTZW:
		// Of the doubleword or the low word, 64 or 32 for zero
		// (opBitUnary): BSR/BSF, with the zero case by CMOV.
		w := uint64(64)
		if in.Op == ppc64asm.CNTLZW || in.Op == ppc64asm.CNTTZW {
			w = 32
			a.Load(32, rcx, gprM(uint8(arg[1])))
		} else {
			a.Load(64, rcx, gprM(uint8(arg[1])))
		}
		if in.Op == ppc64asm.CNTLZD || in.Op == ppc64asm.CNTLZW {
			// w-1 - index; -1 for zero gives w.
			a.MovImm(rdx, ^uint64(0))
			a.Bsr(rax, rcx)
			a.Cmov(amd64.CondE, rax, rdx)
			a.Neg(rax)
			a.OpImm(amd64.ADD, rax, int32(w-1))
		} else {
			a.MovImm(rdx, w)
			a.Bsf(rax, rcx)
			a.Cmov(amd64.CondE, rax, rdx)
		}
		a.Store(64, gprM(uint8(arg[0])), rax)
		return true
	case ppc64asm.ISEL:
		// RT = CR bit BC ? (RA|0) : RB (opIsel).
		if ra := uint8(arg[1] & 31); ra != 0 {
			a.Load(64, rax, gprM(ra))
		} else {
			a.MovImm(rax, 0)
		}
		a.Load(64, rcx, gprM(uint8(arg[2])))
		a.Load(32, rdx, amd64.M(nRegs, offCR))
		a.OpImm32(amd64.AND, rdx, 1<<(31-uint(arg[3]&31)))
		a.Cmov(amd64.CondE, rax, rcx)
		a.Store(64, gprM(uint8(arg[0])), rax)
		return true
	case ppc64asm.RLDIMI:
		// RA = ROTL64(RS, SH) & k | RA & ^k, k = MASK(MB, 63-SH)
		// (opRldimi).
		sh := arg[2] & 63
		k := rotMask(arg[3], 63-sh)
		a.Load(64, rax, gprM(uint8(arg[1])))
		if sh != 0 {
			a.ShiftImm(64, amd64.ROL, rax, uint8(sh))
		}
		a.MovImm(rdx, k)
		a.Op(amd64.AND, rax, rdx)
		a.Not(rdx)
		a.Load(64, rcx, gprM(uint8(arg[0])))
		a.Op(amd64.AND, rcx, rdx)
		a.Op(amd64.OR, rax, rcx)
		a.Store(64, gprM(uint8(arg[0])), rax)
		return true
	case ppc64asm.MADDLD:
		// The low 64 bits of RA × RB + RC (opMadd).
		a.Load(64, rax, gprM(uint8(arg[1])))
		a.Load(64, rcx, gprM(uint8(arg[2])))
		a.Imul(rax, rcx)
		a.OpMem(amd64.ADD, rax, gprM(uint8(arg[3])))
		a.Store(64, gprM(uint8(arg[0])), rax)
		return true
	case ppc64asm.POPCNTD:
		a.Load(64, rcx, gprM(uint8(arg[1])))
		if nativePopcnt {
			a.Popcnt(rax, rcx)
		} else {
			nativePopcount(a)
		}
		a.Store(64, gprM(uint8(arg[0])), rax)
		return true
	case ppc64asm.LXVD2X, ppc64asm.STXVD2X, ppc64asm.LVX, ppc64asm.STVX, ppc64asm.LVXL, ppc64asm.STVXL,
		ppc64asm.LXV, ppc64asm.STXV, ppc64asm.LXVX, ppc64asm.STXVX:
		if e := vecElem(in); e != 8 && e != 16 {
			return false
		}
		nativeVecAccess(a, op, j, le, exits)
		return true
	case ppc64asm.LXVL, ppc64asm.STXVL:
		nativeVecLength(a, op, j, le, exits)
		return true
	}
	return false
}

// nativeLogical is dst = a op b on 16 bytes: VMX and VSX and, or, xor,
// andc, nor and orc.
func nativeLogical(a *natAsm, op decode.Op, dst, ma, mb amd64.Mem) {
	a.LoadX(0, ma)
	a.LoadX(1, mb)
	switch op {
	case ppc64asm.VOR, ppc64asm.XXLOR:
		a.OpX(amd64.POR, 0, 1)
	case ppc64asm.VAND, ppc64asm.XXLAND:
		a.OpX(amd64.PAND, 0, 1)
	case ppc64asm.VXOR, ppc64asm.XXLXOR:
		a.OpX(amd64.PXOR, 0, 1)
	case ppc64asm.VANDC, ppc64asm.XXLANDC:
		a.OpX(amd64.PANDN, 1, 0) // ^b & a
		a.StoreX(dst, 1)
		return
	case ppc64asm.VNOR, ppc64asm.XXLNOR:
		a.OpX(amd64.POR, 0, 1)
		a.OpX(amd64.PCMPEQB, 1, 1) // all ones
		a.OpX(amd64.PXOR, 0, 1)
	case ppc64asm.XXLORC:
		a.OpX(amd64.PCMPEQB, 2, 2)
		a.OpX(amd64.PXOR, 1, 2)
		a.OpX(amd64.POR, 0, 1)
	}
	a.StoreX(dst, 0)
}

// nativePopcount is RAX = the one bits of RCX without POPCNT (the
// bit-parallel count: pairs, nibbles, bytes, then their sum by a
// multiply), through RDX.
func nativePopcount(a *natAsm) {
	const rax, rcx, rdx = amd64.RAX, amd64.RCX, amd64.RDX
	// x -= x>>1 & 0x55…
	a.Mov(rax, rcx)
	a.ShiftImm(64, amd64.SHR, rax, 1)
	a.MovImm(rdx, 0x5555555555555555)
	a.Op(amd64.AND, rax, rdx)
	a.Op(amd64.SUB, rcx, rax)
	// x = x&0x33… + x>>2&0x33…
	a.MovImm(rdx, 0x3333333333333333)
	a.Mov(rax, rcx)
	a.Op(amd64.AND, rax, rdx)
	a.ShiftImm(64, amd64.SHR, rcx, 2)
	a.Op(amd64.AND, rcx, rdx)
	a.Op(amd64.ADD, rax, rcx)
	// x = (x + x>>4) & 0x0f…
	a.Mov(rcx, rax)
	a.ShiftImm(64, amd64.SHR, rcx, 4)
	a.Op(amd64.ADD, rax, rcx)
	a.MovImm(rdx, 0x0f0f0f0f0f0f0f0f)
	a.Op(amd64.AND, rax, rdx)
	// The bytes' sum in the top byte.
	a.MovImm(rdx, 0x0101010101010101)
	a.Imul(rax, rdx)
	a.ShiftImm(64, amd64.SHR, rax, 56)
}

// nativeVecAccess is lxvd2x, stxvd2x, lvx(l), stvx(l), lxv[x] and
// stxv[x]: EA = (RA|0) + RB (lvx: 16-aligned) or (RA|0) + DQ (lxv,
// stxv), the page looked up as nativeAccess does (a miss
// exits at op j), the two doublewords in the byte order of the block
// (vsrFromBytes: in little-endian mode an access of 8-byte elements
// (lxvd2x) reverses each doubleword's bytes, one of the whole quadword
// (lvx) all 16).
func nativeVecAccess(a *natAsm, op *bop, j int, le bool, exits *[]nativeExit) {
	const rax, rcx, rdx, r8, r9 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8, amd64.R9
	in := op.in
	vmx := in.Op == ppc64asm.LVX || in.Op == ppc64asm.STVX || in.Op == ppc64asm.LVXL || in.Op == ppc64asm.STVXL
	store := in.Op == ppc64asm.STXVD2X || in.Op == ppc64asm.STVX || in.Op == ppc64asm.STVXL ||
		in.Op == ppc64asm.STXV || in.Op == ppc64asm.STXVX
	if in.Has(decode.FlagIndexed) {
		a.Load(64, rax, gprM(uint8(in.Args[2])))
		if ra := uint8(in.Args[1] & 31); ra != 0 {
			a.OpMem(amd64.ADD, rax, gprM(ra))
		}
	} else {
		a.MovImm(rax, uint64(in.Args[1]))
		if ra := uint8(in.Args[2] & 31); ra != 0 {
			a.OpMem(amd64.ADD, rax, gprM(ra))
		}
	}
	if vmx {
		a.OpImm(amd64.AND, rax, -16)
	}
	tlb := offRTLB
	if store {
		tlb = offWTLB
	}
	at := nativeLookup(a, tlb, 16, j, exits)
	reg := vecReg(in)
	m := vsrM(int64(reg))
	// The memory doublewords (host order) that go to doublewords 0 and
	// 1 of the register.
	d0, d1 := at, at
	d1.Disp += 8
	swap := !le
	if le && vecElem(in) == 16 {
		d0, d1 = d1, d0
	}
	if !store {
		a.Load(64, r8, d0)
		a.Load(64, r9, d1)
		if swap {
			a.Bswap(64, r8)
			a.Bswap(64, r9)
		}
		a.Store(64, m, r8)
		a.Store(64, dw1(m), r9)
		return
	}
	a.Load(64, r8, m)
	a.Load(64, r9, dw1(m))
	if swap {
		a.Bswap(64, r8)
		a.Bswap(64, r9)
	}
	a.Store(64, d0, r8)
	a.Store(64, d1, r9)
}

// nativeVecLength is lxvl and stxvl (vsLength): n = min(RB[0:7], 16)
// bytes at (RA|0), as lxvx and stxvx of the 16 bytes there (vsrFromBytes,
// vsrToBytes with 16-byte elements) of which only the first n move, the
// rest of the register zero for the load. n = 0 accesses nothing. The
// page is looked up for 16 bytes (one whose 16 bytes cross the page's end
// exits at op j, and the block loop runs it); the load reads the 16 bytes
// there (one page: no fault, no other effect) and clears those past n,
// the store writes n.
func nativeVecLength(a *natAsm, op *bop, j int, le bool, exits *[]nativeExit) {
	const rax, rcx, r8, r9, r10 = amd64.RAX, amd64.RCX, amd64.R8, amd64.R9, amd64.R10
	in := op.in
	store := in.Op == ppc64asm.STXVL
	m := vsrM(int64(vecReg(in)))
	// R10 = n.
	a.Load(64, r10, gprM(uint8(in.Args[2])))
	a.ShiftImm(64, amd64.SHR, r10, 56)
	a.MovImm(rcx, 16)
	a.OpImm(amd64.CMP, r10, 16)
	a.Cmov(amd64.CondA, r10, rcx)
	// The image of the 16 bytes in R8 (bytes 0-7, host order) and R9
	// (bytes 8-15): doubleword 1 then 0 of the register little-endian,
	// 0 then 1 byte-reversed big-endian.
	var done []int
	if !store {
		a.MovImm(r8, 0)
		a.MovImm(r9, 0)
	}
	a.Test(r10, r10)
	done = append(done, a.Jcc(amd64.CondE))
	if ra := uint8(in.Args[1] & 31); ra != 0 {
		a.Load(64, rax, gprM(ra))
	} else {
		a.MovImm(rax, 0)
	}
	tlb := offRTLB
	if store {
		tlb = offWTLB
	}
	at := nativeLookup(a, tlb, 16, j, exits)
	a.Lea(rcx, at)
	if !store {
		a.Load(64, r8, amd64.M(rcx, 0))
		a.Load(64, r9, amd64.M(rcx, 8))
		// Clear the bytes from n on: R9 entirely below 9, else its
		// bytes from n − 8 (none at 16); R8's from n below 8.
		a.MovImm(rax, 0)
		a.OpImm(amd64.CMP, r10, 8)
		a.Cmov(amd64.CondBE, r9, rax)
		a.Lea(rcx, amd64.M(r10, -8))
		small := a.Jcc(amd64.CondB)
		nativeKeepBytes(a, r9)
		done = append(done, a.Jmp())
		a.Patch(small, a.Len())
		a.Mov(rcx, r10)
		nativeKeepBytes(a, r8)
	} else {
		if le {
			a.Load(64, r8, dw1(m))
			a.Load(64, r9, m)
		} else {
			a.Load(64, r8, m)
			a.Load(64, r9, dw1(m))
			a.Bswap(64, r8)
			a.Bswap(64, r9)
		}
		// 8 bytes from R8 if n ≥ 8 (then R9's), then n's 8, 4, 2, 1
		// bits' worth from the next bytes at RCX on.
		a.OpImm(amd64.CMP, r10, 8)
		small := a.Jcc(amd64.CondB)
		a.Store(64, amd64.M(rcx, 0), r8)
		a.OpImm(amd64.ADD, rcx, 8)
		a.Mov(r8, r9)
		a.OpImm(amd64.SUB, r10, 8)
		a.Patch(small, a.Len())
		for _, w := range []int{64, 32, 16, 8} {
			a.BtImm(r10, uint8(bits.TrailingZeros(uint(w/8))))
			skip := a.Jcc(amd64.CondAE)
			a.Store(w, amd64.M(rcx, 0), r8)
			if w != 64 && w != 8 {
				a.ShiftImm(64, amd64.SHR, r8, uint8(w))
				a.OpImm(amd64.ADD, rcx, int32(w/8))
			}
			a.Patch(skip, a.Len())
		}
	}
	for _, off := range done {
		a.Patch(off, a.Len())
	}
	if !store {
		if le {
			a.Store(64, dw1(m), r8)
			a.Store(64, m, r9)
		} else {
			a.Bswap(64, r8)
			a.Bswap(64, r9)
			a.Store(64, m, r8)
			a.Store(64, dw1(m), r9)
		}
	}
}

// nativeKeepBytes clears the bytes of r (host order) from the count in
// RCX on (0 < RCX < 8; RCX = 8 keeps them all), through RAX and RCX.
func nativeKeepBytes(a *natAsm, r amd64.Reg) {
	const rax, rcx = amd64.RAX, amd64.RCX
	a.OpImm(amd64.CMP, rcx, 8)
	all := a.Jcc(amd64.CondAE)
	a.ShiftImm(64, amd64.SHL, rcx, 3)
	a.MovImm(rax, 1)
	a.ShiftCL(64, amd64.SHL, rax)
	a.OpImm(amd64.SUB, rax, 1)
	a.Op(amd64.AND, r, rax)
	a.Patch(all, a.Len())
}
