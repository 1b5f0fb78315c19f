package decimal_test

import (
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/decimal"
	"github.com/ppc64emu/ppc64emu/internal/decimal/dectest"
)

// kernelExec runs a decTest operation through this package's functions
// (emulate's TestDecTestStep runs the same cases through the instructions).
func kernelExec(c *dectest.Case, ops []decimal.Bits) (decimal.Bits, string, decimal.Flags, string) {
	f, rm := c.Format, c.Rounding
	ctx := decimal.Context{Rounding: rm}
	switch c.Op {
	case "add", "subtract":
		r, fl := f.Add(ctx, ops[0], ops[1], c.Op == "subtract")
		return r, "", fl, ""
	case "multiply":
		r, fl := f.Mul(ctx, ops[0], ops[1])
		return r, "", fl, ""
	case "divide":
		r, fl := f.Div(ctx, ops[0], ops[1])
		return r, "", fl, ""
	case "compare":
		cc, fl := f.Compare(ops[0], ops[1], false, false)
		return decimal.Bits{}, dectest.CompareString(cc), fl, ""
	case "quantize":
		if x, y := f.Unpack(ops[0]), f.Unpack(ops[1]); x.Class >= decimal.QNaN && y.Class >= decimal.QNaN {
			return decimal.Bits{}, "", 0, "two NaN operands: dqua takes FRA (the reference) first, GDA the value"
		}
		r, fl := f.QuantizeRef(rm, ops[1], ops[0])
		return r, "", fl, ""
	case "shift":
		k, skip := dectest.ShiftCount(f, ops)
		if skip != "" {
			return decimal.Bits{}, "", 0, skip
		}
		r, fl := f.Shift(ops[0], k)
		return r, "", fl, ""
	case "tointegralx":
		r, fl := f.RoundToInt(rm, ops[0], true)
		return r, "", fl, ""
	case "samequantum":
		if f.TestExponent(ops[0], ops[1]) == decimal.CCEqual {
			return decimal.Bits{}, "1", 0, ""
		}
		return decimal.Bits{}, "0", 0, ""
	case "class":
		dc, neg := f.DataClass(ops[0])
		return decimal.Bits{}, dectest.ClassName(dc, neg), 0, ""
	case "apply", "canonical", "tosci":
		if !strings.HasPrefix(c.Operands[0], "#") && c.Op != "apply" {
			return decimal.Bits{}, "", 0, "string conversion (no DFP instruction)"
		}
		// Decoding and canonical re-encoding: every DFP op's codec.
		return f.Pack(f.Unpack(ops[0])), "", 0, ""
	}
	return decimal.Bits{}, "", 0, "operation " + c.Op + " has no DFP instruction"
}

func TestDecTest(t *testing.T) {
	dir := dectest.Dir()
	if dir == "" {
		t.Skip("decTest files absent: install Debian's libpython3.11-testsuite (scripts/install-deps.sh) or set DECTEST_DIR")
	}
	st := dectest.Run(dir, kernelExec, t.Errorf)
	t.Logf("decTest through internal/decimal: %s", st.Summary())
}
