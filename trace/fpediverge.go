package trace

import (
	"math"
	"slices"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
)

// The accepted divergences of QEMU 7.2 from the Power ISA when a scalar
// floating-point instruction takes an enabled exception (FPSCR VE, OE, UE,
// ZE or XE set: QEMU user mode always traps then). The trace records the
// state the harness's SIGFPE handler saw, which is compared with the
// emulator's FPException; each entry below exempts only what QEMU gets
// wrong. emulate/fpe_test.go tests the ISA behaviour.

var fpeDivergences = []Divergence{
	{
		Reason: "record forms (Rc=1) of the FP instructions that take an enabled exception: QEMU 7.2 raises the " +
			"interrupt before its CR1 update, so CR is unchanged at the SIGFPE; in the ISA CR1 (if Rc=1) is set " +
			"from FPSCR[FX FEX VX OX] by the instruction, whose FPSCR update (and, for an overflow, underflow or " +
			"inexact exception, target write) precedes the precise interrupt, as the emulator's FPException " +
			"carries it. Only CR1 is exempt: FPSCR, the target and the rest of CR are compared",
		Match: func(l *Line, in *decode.Inst) bool {
			return l.Result != nil && l.Result.Status == StatusFPE && in.Class == decode.ClassFP && in.Has(decode.FlagRc)
		},
		CRIgnore: 0x0f000000,
	},
	{
		Ops: fpExcOps,
		Reason: "an enabled invalid-operation exception (VE=1) of an arithmetic, rounding or conversion op: the ISA " +
			"clears FPSCR[FR FI] (Book I 4.4.1, action with VE=1: target and FPRF unchanged, FR and FI cleared), as " +
			"the emulator does; QEMU 7.2 traps before touching them, so a preset FI stays 1. Only FI is exempt " +
			"(FR is exempt for these ops anyway)",
		Match: func(l *Line, in *decode.Inst) bool {
			before, after, ok := lineState(l)
			// (The invalid operation may repeat a sticky VX* bit, so any
			// VX with VE counts.)
			return ok && l.Result.Status == StatusFPE && before.FPSCR&regs.FPSCRVE != 0 &&
				after.FPSCR&regs.FPSCRVXAll != 0
		},
		FPSCRIgnore: uint32(regs.FPSCRFI),
	},
	{
		Ops: []string{"fcfid", "fcfid.", "fcfidu", "fcfidu.", "fcfids", "fcfids.", "fcfidus", "fcfidus."},
		Reason: "fcfid[u][s] with an inexact result and XE=1: QEMU 7.2 raises the interrupt before it writes FRT and " +
			"FPRF (FRT keeps its old value); the ISA's inexact action does not depend on XE (Book I 4.4.6: the " +
			"rounded result is placed in FRT and FPRF set), as the emulator's FPException carries it",
		Match: func(l *Line, in *decode.Inst) bool {
			before, after, ok := lineState(l)
			frt := int(in.Args[0])
			return ok && l.Result.Status == StatusFPE && before.FPSCR&regs.FPSCRXE != 0 &&
				after.FPSCR&regs.FPSCRFI != 0 && after.FPR(frt) == before.FPR(frt)
		},
	},
	{
		Ops: fpSingleOps,
		Reason: "single-precision ops with OE=1 or UE=1 and an operand or result far outside single range: for an " +
			"arithmetic op with an operand that is not a single-format value the ISA leaves the result and the " +
			"FPSCR status bits undefined (Book I 4.3.5.1, single-precision operands); for frsp, xsrsp and the " +
			"single estimates, whose result stays outside single range after the ±192 exponent adjustment, QEMU " +
			"7.2 rebiases inside binary32 and the exponent wraps (harness: frsp of 0x7fefffffffffffff with OE=1, " +
			"RN=1 gives 0x43efffffe0000000; xsdivsp rebiases in double and then overflows), where the ISA's " +
			"round-to-single model writes the adjusted exponent in double format",
		Match: func(l *Line, in *decode.Inst) bool {
			before, _, ok := lineState(l)
			if !ok || before.FPSCR&(regs.FPSCROE|regs.FPSCRUE) == 0 {
				return false
			}
			return singleFarOutside(&before, in)
		},
	},
}

// singleRoundOps take a double operand and round it (or its reciprocal or
// reciprocal square root) to single precision: the operand need not be a
// single-format value.
var singleRoundOps = []string{"frsp", "frsp.", "xsrsp", "fres", "fres.", "xsresp", "frsqrtes", "frsqrtes.", "xsrsqrtesp"}

// singleFarOutside reports, for a single-precision op, whether an FP
// operand is not a single-format value (arithmetic ops) or the result's
// exponent is beyond single range even after the ±192 adjustment (the
// rounding ops of singleRoundOps).
func singleFarOutside(r *regs.Regs, in *decode.Inst) bool {
	name := in.Op.String()
	var ops []uint64
	for i := 1; i < int(in.NArgs); i++ {
		switch in.Kinds[i] {
		case decode.ArgFPR:
			ops = append(ops, r.FPR(int(in.Args[i])))
		case decode.ArgVSR:
			ops = append(ops, r.VSR[in.Args[i]&63].Hi)
		}
	}
	if !slices.Contains(singleRoundOps, name) {
		if slices.Contains(xsFMAOps, name) {
			ops = append(ops, r.VSR[in.Args[0]&63].Hi) // XT is an operand
		}
		for _, x := range ops {
			if !singleValue(x) {
				return true
			}
		}
		return false
	}
	if len(ops) == 0 {
		return false
	}
	x := math.Float64frombits(ops[len(ops)-1])
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return false
	}
	_, e := math.Frexp(x)
	switch name {
	case "fres", "fres.", "xsresp":
		e = -e
	case "frsqrtes", "frsqrtes.", "xsrsqrtesp":
		e = -e / 2
	}
	return e > 128+192-2 || e < -149-192+2
}

// singleValue reports whether the double x is a value of single format
// (zeros, infinities and NaNs count).
func singleValue(x uint64) bool {
	f := math.Float64frombits(x)
	return math.IsNaN(f) || float64(float32(f)) == f
}

func init() {
	Divergences = append(Divergences, fpeDivergences...)
}
