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

// invalidForm reports whether the encoding is one of the ISA's invalid forms.
func invalidForm(in *Inst) bool {
	return false
}
