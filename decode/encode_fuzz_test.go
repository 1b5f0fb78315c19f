package decode

// FuzzEncode lives in a file of its own: OSS-Fuzz compiles only the file
// that declares a target (scripts/oss-fuzz-build.sh).

import (
	"errors"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// FuzzEncode: Encode never panics, refuses only with ErrOperand, and what it
// accepts decodes (by Decode) to op with the same operands, or to an op whose
// encoding claims the bits.
func FuzzEncode(f *testing.F) {
	f.Add(uint16(ppc64asm.ADD), uint8(3), int64(3), int64(4), int64(5), int64(0), int64(0), int64(0))
	f.Add(uint16(ppc64asm.PLD), uint8(4), int64(3), int64(-1<<33), int64(0), int64(1), int64(0), int64(0))
	f.Add(uint16(ppc64asm.MTSPR), uint8(2), int64(1023), int64(31), int64(0), int64(0), int64(0), int64(0))
	f.Fuzz(func(t *testing.T, op uint16, n uint8, a0, a1, a2, a3, a4, a5 int64) {
		args := []int64{a0, a1, a2, a3, a4, a5}[:n%7]
		w, s, err := Encode(Op(op), args...)
		if err != nil {
			if !errors.Is(err, ErrOperand) || w != 0 || s != 0 {
				t.Fatalf("Encode(%v, %d) = %#x, %#x, %v", Op(op), args, w, s, err)
			}
			return
		}
		in, err := DecodeWord(w, s)
		if err != nil {
			t.Fatalf("Encode(%v, %d) = %#08x %#08x: %v", Op(op), args, w, s, err)
		}
		if in.Op != Op(op) {
			m, v, _, _ := Encoding(in.Op)
			if (uint64(w)<<32|uint64(s))&m != v {
				t.Fatalf("Encode(%v, %d) = %#08x %#08x decodes as %v", Op(op), args, w, s, in.Op)
			}
			return
		}
		if int(in.NArgs) != len(args) {
			t.Fatalf("Encode(%v, %d): %d operands decoded", Op(op), args, in.NArgs)
		}
		for i, a := range args {
			if in.Args[i] != a {
				t.Fatalf("Encode(%v, %d) = %#08x %#08x: operand %d decodes as %d", Op(op), args, w, s, i+1, in.Args[i])
			}
		}
	})
}
