package emulate

import (
	"fmt"

	"github.com/ppc64emu/ppc64emu/decode"
)

// enc encodes op with its operands in Decode's order and conventions
// (decode.Encode) for a test table; the op must not be prefixed. An operand
// that does not fit is a mistake in the test, so enc panics on it.
func enc(op decode.Op, args ...int64) uint32 {
	w, s, err := decode.Encode(op, args...)
	if err != nil || s != 0 {
		panic(fmt.Sprintf("enc(%v, %d): %v (suffix %#x)", op, args, err, s))
	}
	return w
}

// opWord returns the fixed bits of op's instruction word (decode.Encoding),
// for tests that set operand fields to raw values Encode refuses (reserved
// L values, for instance).
func opWord(op decode.Op) uint32 {
	_, value, _, ok := decode.Encoding(op)
	if !ok {
		panic(fmt.Sprintf("opWord(%v): not a ppc64asm op", op))
	}
	return uint32(value >> 32)
}
