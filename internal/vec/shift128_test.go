package vec

import (
	"math/big"
	"testing"
)

// TestShift128: shl128 and shr128 against math/big for every count up to
// 300 (taken mod 128), on an operand with both halves and the sign set.
func TestShift128(t *testing.T) {
	a := V{Hi: 0x8123456789abcdef, Lo: 0xfedcba9876543211}
	bi := new(big.Int).Lsh(new(big.Int).SetUint64(a.Hi), 64)
	bi.Or(bi, new(big.Int).SetUint64(a.Lo))
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	toV := func(x *big.Int) V {
		lo := new(big.Int).And(x, new(big.Int).SetUint64(^uint64(0))).Uint64()
		hi := new(big.Int).Rsh(x, 64).Uint64()
		return V{Hi: hi, Lo: lo}
	}
	for n := uint(0); n < 300; n++ {
		m := n & 127
		if g, w := shl128(a, n), toV(new(big.Int).And(new(big.Int).Lsh(bi, m), mask)); g != w {
			t.Errorf("shl %d: %x want %x", n, g, w)
		}
		if g, w := shr128(a, n), toV(new(big.Int).Rsh(bi, m)); g != w {
			t.Errorf("shr %d: %x want %x", n, g, w)
		}
	}
}
