package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// Floating-point loads and stores (Power ISA 3.1B Book I 4.6.2, 4.6.3):
// lfs/lfd/stfs/stfd in D, X, update and prefixed forms, lfiwax, lfiwzx,
// stfiwx, and the pair forms lfdp/lfdpx/stfdp/stfdpx.
//
// Every one needs MSR[FP] (decode.FacFP, checked by Step).
//
// Writing an FPR sets doubleword 1 of the VSR that holds it to 0, in both
// profiles. QEMU 7.2 does so for every instruction that writes an FPR
// (shared/reference/qemu-oracle.md pitfall 13, measured with the harness).
// Power ISA 3.1 defines doubleword 1 as 0; before 3.1 it was undefined and
// "most (if not all) real hardware" set it to 0 (QEMU commit "target/ppc:
// Zero second doubleword of VSR registers for FPR insns", V. Colombo,
// qemu-devel 2022-09-06, written from POWER hardware behaviour). So the
// hardware profile does the same and no Differences row is needed.
//
// Single-precision values are converted by the ISA's bit-level DOUBLE and
// SINGLE functions (Book I 4.6.2, 4.6.3), never by Go float conversion:
// a signalling NaN stays signalling, denormals are normalised exactly, and
// stores truncate (no rounding). SINGLE is undefined for a non-zero value
// below the single-precision denormal range (biased exponent < 874, double
// denormals included); that case is the Difference "stfs-tiny".

// Size, update, indexed and sign extension (lfiwax) come from decode's op
// table; fpIntWord marks the ops that move an integer word (no DOUBLE or
// SINGLE conversion): the other 4-byte ops are lfs/stfs and their forms.
var fpIntWord = [decode.NumOps]bool{p.LFIWAX: true, p.LFIWZX: true, p.STFIWX: true}

func init() {
	def(opLoadFP, p.LFS, p.LFSU, p.LFSX, p.LFSUX, p.PLFS, p.LFD, p.LFDU, p.LFDX, p.LFDUX, p.PLFD,
		p.LFIWAX, p.LFIWZX)
	def(opStoreFP, p.STFS, p.STFSU, p.STFSX, p.STFSUX, p.PSTFS, p.STFD, p.STFDU, p.STFDX, p.STFDUX, p.PSTFD,
		p.STFIWX)
	def(opLoadFPPair, p.LFDP, p.LFDPX)
	def(opStoreFPPair, p.STFDP, p.STFDPX)
}

// lsEA is the effective address of a D-form (RT, D, RA[, R]) or X-form
// (RT, RA, RB) access, with prefixed R=1 forms relative to the CIA, and the
// base register number.
func lsEA(r *regs.Regs, in *decode.Inst, indexed bool) (uint64, int64) {
	if in.Has(decode.FlagPCRel) {
		return iea(r, r.NIP+uint64(in.Args[1])), 0
	}
	return ea(r, in, indexed)
}

func opLoadFP(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, ra := lsEA(r, in, in.Has(decode.FlagIndexed))
	b, err := e.read(m, addr, int(in.Size))
	if err != nil {
		return err
	}
	v := getN(dataOrder(r, false), b)
	switch {
	case in.Size == 4 && !fpIntWord[in.Op]:
		v = fpDouble(uint32(v))
	case in.Has(decode.FlagSignExt):
		v = uint64(int64(int32(uint32(v))))
	}
	r.VSR[in.Args[0]&31] = regs.VSR{Hi: v}
	if in.Has(decode.FlagUpdate) {
		r.GPR[ra&31] = addr
	}
	return nil
}

func opStoreFP(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	v := r.VSR[in.Args[0]&31].Hi
	if in.Size == 4 && !fpIntWord[in.Op] {
		w, _ := fpSingle(v) // below the denormal range: a signed zero (stfs-tiny, both profiles)
		v = uint64(w)
	}
	addr, ra := lsEA(r, in, in.Has(decode.FlagIndexed))
	b := e.buf[:in.Size]
	putN(dataOrder(r, false), b, v)
	if err := e.write(m, addr, b); err != nil {
		return err
	}
	if in.Has(decode.FlagUpdate) {
		r.GPR[ra&31] = addr
	}
	return nil
}

// opLoadFPPair is lfdp/lfdpx: FRTp ← MEM(EA, 16), one 16-byte access. In
// little-endian mode the quadword is reversed as a whole, so FRTp (the even
// register) takes the doubleword at EA+8 (measured with QEMU: lfdp with
// bytes 00..0f gives f6 = 0f0e0d0c0b0a0908, f7 = 0706050403020100).
func opLoadFPPair(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, _ := lsEA(r, in, in.Has(decode.FlagIndexed))
	b, err := e.read(m, addr, 16)
	if err != nil {
		return err
	}
	v := vsrFromBytes(b, 16, r.MSR&regs.MSRLE != 0)
	// An odd FRTp is an invalid form; only the QEMU profile executes it
	// (lfdp), as QEMU does: FRT and FRT+1, VSR 32 after f31 (measured).
	t := in.Args[0] & 31
	r.VSR[t] = regs.VSR{Hi: v.Hi}
	r.VSR[t+1] = regs.VSR{Hi: v.Lo}
	return nil
}

// opStoreFPPair is stfdp/stfdpx: MEM(EA, 16) ← FRSp, the mirror of
// opLoadFPPair.
func opStoreFPPair(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	addr, _ := lsEA(r, in, in.Has(decode.FlagIndexed))
	t := in.Args[0] & 31 // odd: see opLoadFPPair
	b := e.buf[:16]
	vsrToBytes(b, regs.VSR{Hi: r.VSR[t].Hi, Lo: r.VSR[t+1].Hi}, 16, r.MSR&regs.MSRLE != 0)
	return e.write(m, addr, b)
}

// fpDouble is the ISA's DOUBLE(WORD) (Book I 4.6.2, "Floating-Point Load
// Instructions"): the single-precision word in double format, bit for bit.
// Normalised numbers and zero/infinity/NaN copy bits 0:1, replicate bit 1
// (inverted for normalised numbers) into bits 2:4 and append bits 2:31;
// denormals are normalised. NaNs are not quieted.
func fpDouble(w uint32) uint64 {
	exp := w >> 23 & 0xff
	frac := uint64(w & 0x7fffff)
	if exp == 0 && frac != 0 {
		// Denormalised operand: frac0:52 ← 0 || WORD9:31 || 29×0, exp = -126;
		// shift left until frac0 = 1.
		f := frac << 29
		e := int64(-126)
		for f&(1<<52) == 0 {
			f <<= 1
			e--
		}
		return uint64(w>>31)<<63 | uint64(e+1023)<<52 | f&(1<<52-1)
	}
	w1 := uint64(w >> 30 & 1)
	rep := w1 * 7 // zero, infinity, NaN: bits 2:4 ← WORD1
	if exp != 0 && exp != 255 {
		rep = (w1 ^ 1) * 7 // normalised: bits 2:4 ← ¬WORD1
	}
	return uint64(w>>30)<<62 | rep<<59 | uint64(w&0x3fffffff)<<29
}

// fpSingle is the ISA's SINGLE(FRS) (Book I 4.6.3, "Floating-Point Store
// Instructions"): the word a single-precision store writes, without rounding.
// ok is false where the ISA leaves the word undefined (a non-zero value with
// biased exponent below 874); w is then a zero of the operand's sign, what
// QEMU 7.2 and POWER9 store (row stfs-tiny).
func fpSingle(x uint64) (w uint32, ok bool) {
	exp := x >> 52 & 0x7ff
	if exp > 896 || x<<1 == 0 {
		// No denormalisation (including zero, infinity, NaN and values too
		// large for single precision): WORD0:1 ← FRS0:1, WORD2:31 ← FRS5:34.
		return uint32(x>>62)<<30 | uint32(x>>29)&0x3fffffff, true
	}
	sign := uint32(x>>63) << 31
	if exp >= 874 {
		// Denormalisation: shift 1.fraction right until the exponent is -126.
		f := 1<<52 | x&(1<<52-1)
		return sign | uint32(f>>(926-exp)), true
	}
	return sign, false
}
