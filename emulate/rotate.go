package emulate

import (
	"math/bits"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Fixed-point rotate and shift instructions (Power ISA 3.1B Book I 3.3.15).
//
// Operands come in ppc64asm's order: RA, RS, then SH or RB, then MB and ME.
// ppc64asm already joins the split fields of the MD, MDS and XS forms
// (sh5 || sh0:4, mb5 || mb0:4): the values in Args are the 6-bit numbers the
// ISA pseudo-code uses.
//
// The results do not depend on the computation mode, except CR0 (from the
// low word in 32-bit mode). Shift counts follow the ISA: slw/srw/sraw use
// RB[58:63] (a count of 32 or more gives 0, or the sign for sraw) and
// sld/srd/srad use RB[57:63]; the other bits of RB are ignored. POWER9 and
// QEMU agree (power9-behaviour.md).

func init() {
	defRc(opRlwinm, ppc64asm.RLWINM, ppc64asm.RLWINMCC)
	defRc(opRlwnm, ppc64asm.RLWNM, ppc64asm.RLWNMCC)
	defRc(opRlwimi, ppc64asm.RLWIMI, ppc64asm.RLWIMICC)
	defRc(opRldicl, ppc64asm.RLDICL, ppc64asm.RLDICLCC)
	defRc(opRldicr, ppc64asm.RLDICR, ppc64asm.RLDICRCC)
	defRc(opRldic, ppc64asm.RLDIC, ppc64asm.RLDICCC)
	defRc(opRldimi, ppc64asm.RLDIMI, ppc64asm.RLDIMICC)
	defRc(opRldcl, ppc64asm.RLDCL, ppc64asm.RLDCLCC)
	defRc(opRldcr, ppc64asm.RLDCR, ppc64asm.RLDCRCC)

	defRc(opSlw, ppc64asm.SLW, ppc64asm.SLWCC)
	defRc(opSrw, ppc64asm.SRW, ppc64asm.SRWCC)
	defRc(opSld, ppc64asm.SLD, ppc64asm.SLDCC)
	defRc(opSrd, ppc64asm.SRD, ppc64asm.SRDCC)
	defRc(opSraw, ppc64asm.SRAW, ppc64asm.SRAWCC, ppc64asm.SRAWI, ppc64asm.SRAWICC)
	defRc(opSrad, ppc64asm.SRAD, ppc64asm.SRADCC, ppc64asm.SRADI, ppc64asm.SRADICC)
	defRc(opExtswsli, ppc64asm.EXTSWSLI, ppc64asm.EXTSWSLICC)
}

// rotMask is the ISA's MASK(mb, me): ones from bit mb through bit me (bit 0 the
// most significant), wrapping around when mb > me.
func rotMask(mb, me int64) uint64 {
	lo := ^uint64(0) >> (mb & 63)
	hi := ^uint64(0) << (63 - me&63)
	if mb&63 <= me&63 {
		return lo & hi
	}
	return lo | hi
}

// rotl32 is the ISA's ROTL32: the low word of x, duplicated into both
// halves, rotated left by n.
func rotl32(x uint64, n int64) uint64 {
	y := uint64(uint32(x))
	return bits.RotateLeft64(y|y<<32, int(n&31))
}

func rotl64(x uint64, n int64) uint64 { return bits.RotateLeft64(x, int(n&63)) }

// M-form word rotates: RA,RS,SH|RB,MB,ME with MASK(MB+32, ME+32).

func opRlwinm(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, rotl32(lgRS(r, in), in.Args[2])&rotMask(in.Args[3]&31+32, in.Args[4]&31+32))
	return nil
}

func opRlwnm(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, rotl32(lgRS(r, in), int64(lgRB(r, in)&31))&rotMask(in.Args[3]&31+32, in.Args[4]&31+32))
	return nil
}

func opRlwimi(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	k := rotMask(in.Args[3]&31+32, in.Args[4]&31+32)
	ra := r.GPR[in.Args[0]&31]
	logicRA(r, in, rotl32(lgRS(r, in), in.Args[2])&k|ra&^k)
	return nil
}

// MD-form doubleword rotates: RA,RS,SH,MB|ME.

func opRldicl(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, rotl64(lgRS(r, in), in.Args[2])&rotMask(in.Args[3], 63))
	return nil
}

func opRldicr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, rotl64(lgRS(r, in), in.Args[2])&rotMask(0, in.Args[3]))
	return nil
}

func opRldic(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	sh := in.Args[2] & 63
	logicRA(r, in, rotl64(lgRS(r, in), sh)&rotMask(in.Args[3], 63-sh))
	return nil
}

func opRldimi(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	sh := in.Args[2] & 63
	k := rotMask(in.Args[3], 63-sh)
	ra := r.GPR[in.Args[0]&31]
	logicRA(r, in, rotl64(lgRS(r, in), sh)&k|ra&^k)
	return nil
}

// MDS-form: RA,RS,RB,MB|ME, rotate count RB[58:63].

func opRldcl(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, rotl64(lgRS(r, in), int64(lgRB(r, in)&63))&rotMask(in.Args[3], 63))
	return nil
}

func opRldcr(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, rotl64(lgRS(r, in), int64(lgRB(r, in)&63))&rotMask(0, in.Args[3]))
	return nil
}

// Shifts: RA,RS,RB.

// slw: the low word of RS shifted left by RB[58:63], zero-extended; 0 for a
// count of 32 to 63.
func opSlw(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	n := lgRB(r, in) & 63
	logicRA(r, in, uint64(uint32(lgRS(r, in)<<n))) // n ≥ 32 leaves a zero low word
	return nil
}

// srw: the low word of RS shifted right by RB[58:63]; 0 for 32 to 63.
func opSrw(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	n := lgRB(r, in) & 63
	logicRA(r, in, uint64(uint32(lgRS(r, in)))>>n)
	return nil
}

// sld: RS shifted left by RB[57:63]; 0 for 64 to 127.
func opSld(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, lgRS(r, in)<<(lgRB(r, in)&127))
	return nil
}

// srd: RS shifted right by RB[57:63]; 0 for 64 to 127.
func opSrd(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, lgRS(r, in)>>(lgRB(r, in)&127))
	return nil
}

// sraCA sets XER CA and CA32 (algebraic shifts set CA32 = CA).
func sraCA(r *regs.Regs, ca bool) {
	if ca {
		r.XER |= regs.XERCA | regs.XERCA32
	} else {
		r.XER &^= regs.XERCA | regs.XERCA32
	}
}

// sraw RA,RS,RB and srawi RA,RS,SH: the low word of RS shifted right
// algebraically by RB[58:63] (32 to 63 give the sign) or by the 5-bit SH,
// sign-extended to 64 bits. CA (and CA32) is set when the word is negative
// and one bits were shifted out.
func opSraw(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	n := uint64(in.Args[2]) & 31 // srawi
	if in.Kinds[2] == decode.ArgGPR {
		n = lgRB(r, in) & 63
	}
	s := int64(int32(lgRS(r, in)))
	if n > 31 {
		n = 63 // every bit of the word is shifted out
	}
	sraCA(r, s < 0 && uint64(s)&(1<<n-1) != 0)
	logicRA(r, in, uint64(s>>n))
	return nil
}

// srad RA,RS,RB and sradi RA,RS,SH: RS shifted right algebraically by
// RB[57:63] (64 to 127 give the sign) or by the 6-bit SH. CA as for sraw.
func opSrad(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	n := uint64(in.Args[2]) & 63 // sradi
	if in.Kinds[2] == decode.ArgGPR {
		n = lgRB(r, in) & 127
	}
	s := int64(lgRS(r, in))
	// A Go shift by 64 or more gives the sign, and 1<<n-1 all ones.
	sraCA(r, s < 0 && uint64(s)&(1<<n-1) != 0)
	logicRA(r, in, uint64(s>>n))
	return nil
}

// extswsli RA,RS,SH: the low word of RS sign-extended, shifted left by SH
// (6 bits). XER is not changed.
func opExtswsli(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	logicRA(r, in, uint64(int64(int32(lgRS(r, in))))<<(in.Args[2]&63))
	return nil
}
