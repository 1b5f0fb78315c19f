package decimal

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

func toBig(x u256) *big.Int {
	b := new(big.Int)
	for i := 3; i >= 0; i-- {
		b.Lsh(b, 64)
		b.Or(b, new(big.Int).SetUint64(x[i]))
	}
	return b
}

// TestDivmod checks the 256-by-128-bit division against math/big.
func TestDivmod(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		var x, y u256
		for j := range x {
			if r.IntN(3) > 0 {
				x[j] = r.Uint64()
			}
		}
		y[0], y[1] = r.Uint64(), r.Uint64()>>uint(r.IntN(64))
		if r.IntN(8) == 0 {
			y[2] = r.Uint64() >> uint(r.IntN(64))
		}
		switch r.IntN(4) {
		case 0:
			y[1] = 1 << 63
		case 1:
			y[0] = 0
		case 2:
			x[3] = y[1]
		}
		if y.isZero() {
			continue
		}
		q, rem := x.divmod(y)
		bq, br := new(big.Int).QuoRem(toBig(x), toBig(y), new(big.Int))
		if toBig(q).Cmp(bq) != 0 || toBig(rem).Cmp(br) != 0 {
			t.Fatalf("%x / %x = %x r %x, want %x r %x", x, y, q, rem, bq, br)
		}
	}
}
