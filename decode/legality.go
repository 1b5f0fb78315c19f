package decode

import "golang.org/x/arch/ppc64/ppc64asm"

// encodingFlags adds the flags that depend on the fields of one encoding.
func encodingFlags(in *Inst) {
	switch in.Class {
	case ClassCondBranch:
		// BO is the first operand of every conditional branch op that
		// ppc64asm produces (bc, bclr, bcctr, bctar and link/absolute forms).
		if in.Kinds[0] == ArgImm && in.Args[0]&0x04 == 0 {
			in.Flags |= FlagCTRDec
		}
	}
	switch in.Op {
	case ppc64asm.MFSPR, ppc64asm.MTSPR:
		for i := 0; i < int(in.NArgs); i++ {
			if in.Kinds[i] == ArgSPR && in.Args[i]&0x10 != 0 {
				in.Flags |= FlagPrivileged
			}
		}
	}
	if in.Len == 8 && in.Word&(1<<20) != 0 {
		// R bit of 8LS/MLS prefixes (bit 11 of the prefix word).
		if t := in.Word >> 24 & 3; t == 0 || t == 2 {
			in.Flags |= FlagPCRel
		}
	}
}

// resolveFacility is the facility set of one encoding: the op's, with
// FacSplit decided by the number of the first VSR operand.
func resolveFacility(in *Inst, f Facility) Facility {
	if f&FacSplit == 0 {
		return f
	}
	f &^= FacSplit
	for i := 0; i < int(in.NArgs); i++ {
		if in.Kinds[i] == ArgVSR {
			if in.Args[i] >= 32 {
				return FacVEC
			}
			return f &^ FacVEC
		}
	}
	return f // no VSR operand: cannot happen for the split ops; need both
}

// invalidForm reports whether the encoding is one of the ISA's invalid forms
// that can be seen from the encoding alone (Power ISA 3.1B Book I: "the
// instruction form is invalid" clauses). lswx, whose invalid forms depend on
// XER, is checked by the emulator at execution time.
func invalidForm(in *Inst) bool {
	a := &in.Args
	switch in.Op {
	case ppc64asm.BCCTR, ppc64asm.BCCTRL:
		// "If BO2 = 0, the instruction form is invalid": CTR cannot be
		// both decremented and the target.
		return in.Flags&FlagCTRDec != 0
	case ppc64asm.LQ:
		// lq RTp,DQ(RA): RTp odd or RTp = RA.
		return a[0]&1 != 0 || a[0] == a[2]
	case ppc64asm.LQARX:
		// lqarx RTp,RA,RB: RTp odd, or RTp = RA or RB.
		return a[0]&1 != 0 || a[0] == a[1] || a[0] == a[2]
	case ppc64asm.STQ, ppc64asm.STQCXCC, ppc64asm.PLQ, ppc64asm.PSTQ:
		if a[0]&1 != 0 {
			return true
		}
	case ppc64asm.LFDP, ppc64asm.LFDPX, ppc64asm.STFDP, ppc64asm.STFDPX:
		return a[0]&1 != 0
	case ppc64asm.LMW:
		// lmw RT,D(RA): RA in the range RT..31 of registers loaded.
		return a[2] >= a[0]
	case ppc64asm.LSWI:
		// lswi RT,RA,NB: RA among the ceil(NB/4) registers loaded
		// (NB = 0 means 32 bytes), wrapping from r31 to r0.
		nb := a[2]
		if nb == 0 {
			nb = 32
		}
		n := (nb + 3) / 4
		return (a[1]-a[0]+32)%32 < n
	}
	if in.Class == ClassDFP && in.Pairs != 0 {
		// DFP Extended operands (FRTp, FRAp, FRBp) are even-odd FPR
		// pairs: an odd register number is an invalid form.
		for i := 0; i < int(in.NArgs); i++ {
			if in.Pairs&(1<<i) != 0 && in.Kinds[i] == ArgFPR && a[i]&1 != 0 {
				return true
			}
		}
		return false
	}
	if in.Class == ClassMMA && in.Kinds[0] == ArgACC {
		// xv*ger*, pmxv*ger*: XA (or XAp) or XB among the four VSRs of
		// ACC[AT] (VSR 4×AT..4×AT+3) is an invalid form.
		// For xvf64ger*, pmxvf64ger* an odd XAp (a VSR pair) is one too.
		for i := 1; i < int(in.NArgs); i++ {
			if in.Kinds[i] == ArgVSR && a[i]/4 == a[0] {
				return true
			}
		}
		return in.Pairs&0b10 != 0 && a[1]&1 != 0
	}
	if in.Flags&FlagPCRel != 0 {
		// Prefixed with R=1: RA must be 0.
		if ra, ok := baseReg(in); ok && ra != 0 {
			return true
		}
	}
	if in.Flags&FlagUpdate != 0 {
		ra, ok := baseReg(in)
		if !ok {
			return false
		}
		if ra == 0 {
			return true // update forms with RA = 0
		}
		if in.Class == ClassLoad && in.Kinds[0] == ArgGPR && a[0] == ra {
			return true // integer load with update and RA = RT
		}
	}
	return false
}

// baseReg finds RA of a load, store or addi-like instruction: the register
// after the displacement in D/DS/DQ forms (RT, D, RA[, R]), the second
// operand in X forms (RT, RA, RB) and in paddi (RT, RA, SI, R).
func baseReg(in *Inst) (int64, bool) {
	if in.Kinds[1] == ArgOffset && in.Kinds[2] == ArgGPR {
		return in.Args[2], true
	}
	if in.Kinds[1] == ArgGPR {
		return in.Args[1], true
	}
	return 0, false
}
