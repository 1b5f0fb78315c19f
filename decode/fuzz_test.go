package decode

import (
	"encoding/binary"
	"errors"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/internal/tools/golden"
)

// FuzzDecode: any 4 or 8 bytes in either byte order decode without panic,
// to the same Inst and error as the ppc64asm-based reference decoder;
// where ppc64asm accepts the bytes, Decode gives its op and length, and
// where it does not, Decode fails with ErrUnknown or ErrTruncated.
func FuzzDecode(f *testing.F) {
	seeds := []struct {
		word, suffix uint32
		prefixed     bool
	}{
		{0x00000000, 0, false},         // the zero word: unknown
		{0x60000000, 0, false},         // nop
		{0x7c8802a6, 0, false},         // mflr r4
		{0x7c8802a7, 0, false},         // mflr r4 with reserved bit 31
		{0xe8600001, 0, false},         // ldu r3,0(0): invalid form
		{0x4bffff02, 0, false},         // ba -256
		{0x4e000420, 0, false},         // bcctr 16,0: invalid form
		{0x7ca644aa, 0, false},         // lswi r5,r6,8: invalid form
		{0xec8400da, 0, false},         // xvf32ger a1,vs4,vs32: overlap
		{0xfc643004, 0, false},         // daddq f3,f4,f6: odd pair
		{0x7c00051d, 0, false},         // tbegin.: unknown
		{0x04000000, 0xe4640008, true}, // pld r3,8(r4)
		{0x04100000, 0xe4640000, true}, // pld R=1 RA≠0: invalid form
		{0x06020000, 0x38640000, true}, // paddi r3,r4,-2^33
		{0x06100000, 0x38600010, true}, // pla r3,16
		{0x04000000, 0x00000000, true}, // prefix with no valid suffix
		{0x07000000, 0x00000000, true}, // pnop
	}
	// And a sample of the golden traces' instructions.
	ins, err := golden.Insns("../testdata/traces")
	if err != nil {
		f.Fatal(err)
	}
	for i, in := range ins {
		if i%16 == 0 {
			seeds = append(seeds, struct {
				word, suffix uint32
				prefixed     bool
			}{in.Word, in.Suffix, in.Word>>26 == 1})
		}
	}
	for _, s := range seeds {
		for _, le := range []bool{false, true} {
			var order binary.ByteOrder = binary.BigEndian
			if le {
				order = binary.LittleEndian
			}
			b := make([]byte, 8)
			order.PutUint32(b, s.word)
			order.PutUint32(b[4:], s.suffix)
			if !s.prefixed {
				b = b[:4]
			}
			f.Add(b, le)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, le bool) {
		if len(src) != 4 && len(src) != 8 {
			return
		}
		var order binary.ByteOrder = binary.BigEndian
		if le {
			order = binary.LittleEndian
		}
		in, err := Decode(src, order)
		if w := order.Uint32(src); !IsPrefix(w) || len(src) == 8 {
			// The whole Inst and error equal the ppc64asm-based reference's.
			var s uint32
			if IsPrefix(w) {
				s = order.Uint32(src[4:])
			}
			ref, rerr := decodeReference(w, s)
			if in != ref || !sameDecodeErr(err, rerr) {
				t.Fatalf("% x (%s): Decode = %+v, %v; reference %+v, %v", src, order, in, err, ref, rerr)
			}
		}
		pi, perr := ppc64asm.Decode(src, order)
		if perr == nil && pi.Op != 0 {
			if err != nil || in.Op != pi.Op || int(in.Len) != pi.Len {
				t.Fatalf("% x (%s): Decode = %v (len %d), %v; ppc64asm = %v (len %d)", src, order, in.Op, in.Len, err, pi.Op, pi.Len)
			}
			_ = in.String()
			_ = in.Err()
			return
		}
		if !errors.Is(err, ErrUnknown) && !errors.Is(err, ErrTruncated) {
			t.Fatalf("% x (%s): ppc64asm rejects (%v), Decode = %v, %v; want ErrUnknown or ErrTruncated", src, order, perr, in.Op, err)
		}
		if in.Op != 0 || in.Len != 0 || in.NArgs != 0 || in.Word != order.Uint32(src) {
			t.Fatalf("% x (%s): an error with more than the encoding: %+v", src, order, in)
		}
	})
}

// The reference decoder and the error comparison live in this file, not in
// a file of their own, because an OSS-Fuzz build (scripts/oss-fuzz-build.sh)
// compiles the fuzz target's file alone with the package.

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
		ElemTo: info.ElemTo,
		Pairs:  info.Pairs,
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

// sameDecodeErr reports whether two decode errors are the same.
func sameDecodeErr(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	var da, db *DecodeError
	return errors.As(a, &da) && errors.As(b, &db) && *da == *db
}
