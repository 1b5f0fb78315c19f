package decode

import (
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"
)

func TestEncoding(t *testing.T) {
	mask, value, reserved, ok := Encoding(ppc64asm.ADD)
	if !ok || mask != 0xfc0007ff00000000 || value != 0x7c00021400000000 || reserved != 0 {
		t.Errorf("Encoding(ADD) = %#x, %#x, %#x, %v", mask, value, reserved, ok)
	}
	if _, _, _, ok := Encoding(0); ok {
		t.Error("Encoding(0) ok")
	}
	if _, _, _, ok := Encoding(Op(NumOps)); ok {
		t.Error("Encoding(NumOps) ok")
	}
	// Every op's fixed bits, with all operand fields zero or all one
	// (reserved bits zero), decode as an op with the same fixed bits (the
	// op itself or an earlier, more specific one such as cmpw for cmp).
	n, same := 0, 0
	for op := Op(1); int(op) < NumOps; op++ {
		mask, value, reserved, ok := Encoding(op)
		if !ok {
			continue
		}
		n++
		if value&^mask != 0 || reserved&mask != 0 {
			t.Errorf("%v: value %#x outside mask %#x or reserved %#x inside it", op, value, mask, reserved)
			continue
		}
		for i, x := range []uint64{value, value | ^mask&^reserved} {
			in, err := DecodeWord(uint32(x>>32), uint32(x))
			if err != nil && i == 1 && op == ppc64asm.PNOP {
				continue // pnop's suffix must not be a prefix or a branch
			}
			if err != nil {
				t.Errorf("%v: %#x: %v", op, x, err)
				continue
			}
			m2, v2, _, _ := Encoding(in.Op)
			if x&m2 != v2 {
				t.Errorf("%v: %#x decodes as %v, whose fixed bits do not match", op, x, in.Op)
			}
			if in.Op == op {
				same++
			}
		}
	}
	t.Logf("%d ops, %d of %d encodings decode as their own op", n, same, 2*n)
	if n < 1400 {
		t.Errorf("only %d ops have an encoding", n)
	}
}
