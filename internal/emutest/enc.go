package emutest

import (
	"fmt"

	"github.com/ppc64emu/ppc64emu/decode"
)

// Enc encodes op with its operands in Decode's order and conventions
// (decode.Encode) for a test table; the op must not be prefixed. An
// operand that does not fit is a mistake in the test, so Enc panics on it.
// The emulator's tests call it enc.
func Enc(op decode.Op, args ...int64) uint32 {
	w, s, err := decode.Encode(op, args...)
	if err != nil || s != 0 {
		panic(fmt.Sprintf("enc(%v, %d): %v (suffix %#x)", op, args, err, s))
	}
	return w
}
