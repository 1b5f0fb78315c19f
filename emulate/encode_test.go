package emulate

import (
	"fmt"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
)

// enc encodes op with its operands in Decode's order and conventions
// (decode.Encode) for a test table: emutest.Enc.
var enc = emutest.Enc

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
