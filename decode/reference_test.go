package decode

import (
	"encoding/binary"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// decodeReference is the decoder built directly on ppc64asm.Decode, which
// the generated decoder (dectable.go) replaces on the hot path: the
// reference it is compared with.
func decodeReference(word, suffix uint32) (Inst, error) {
	var src [8]byte
	binary.BigEndian.PutUint32(src[0:], word)
	binary.BigEndian.PutUint32(src[4:], suffix)
	n := 4
	if word>>26 == 1 {
		n = 8
	}
	pi, err := ppc64asm.Decode(src[:n], binary.BigEndian)
	if err != nil || pi.Op == 0 || int(pi.Op) >= len(opTable) {
		return Inst{Word: word, Suffix: suffix}, &DecodeError{Word: word, Suffix: suffix, Len: n, Err: ErrUnknown}
	}
	info := &opTable[pi.Op]
	in := Inst{
		Op:     pi.Op,
		Len:    uint8(pi.Len),
		Class:  info.Class,
		Level:  info.Level,
		Size:   info.Size,
		Flags:  info.Flags,
		Elem:   info.Elem,
		Word:   word,
		Suffix: suffix,
	}
	if in.Len == 4 {
		in.Suffix = 0
	}
	for i, a := range pi.Args {
		if a == nil {
			break
		}
		in.Kinds[i], in.Args[i] = convertArg(a)
		in.NArgs = uint8(i + 1)
	}
	if (uint64(word)<<32|uint64(in.Suffix))&info.Reserved != 0 {
		in.Invalid |= InvalidReservedBits
	}
	encodingFlags(&in)
	in.Facility = resolveFacility(&in, info.Facility)
	if invalidForm(&in) {
		in.Invalid |= InvalidForm
	}
	return in, nil
}

// convertArg converts a ppc64asm operand: register numbers from 0 (ppc64asm's
// R0 is 1), absolute branch labels sign-extended from 32 bits.
func convertArg(a ppc64asm.Arg) (ArgKind, int64) {
	switch a := a.(type) {
	case ppc64asm.Reg:
		switch {
		case a >= ppc64asm.R0 && a <= ppc64asm.R31:
			return ArgGPR, int64(a - ppc64asm.R0)
		case a >= ppc64asm.F0 && a <= ppc64asm.F31:
			return ArgFPR, int64(a - ppc64asm.F0)
		case a >= ppc64asm.V0 && a <= ppc64asm.V31:
			return ArgVR, int64(a - ppc64asm.V0)
		case a >= ppc64asm.VS0 && a <= ppc64asm.VS63:
			return ArgVSR, int64(a - ppc64asm.VS0)
		case a >= ppc64asm.A0 && a <= ppc64asm.A7:
			return ArgACC, int64(a - ppc64asm.A0)
		}
	case ppc64asm.CondReg:
		if a >= ppc64asm.CR0 {
			return ArgCRField, int64(a - ppc64asm.CR0)
		}
		return ArgCRBit, int64(a - ppc64asm.Cond0LT)
	case ppc64asm.SpReg:
		return ArgSPR, int64(a)
	case ppc64asm.Imm:
		return ArgImm, int64(a)
	case ppc64asm.Offset:
		return ArgOffset, int64(a)
	case ppc64asm.PCRel:
		return ArgPCRel, int64(a)
	case ppc64asm.Label:
		return ArgLabel, int64(int32(uint32(a)))
	}
	return ArgNone, 0
}
