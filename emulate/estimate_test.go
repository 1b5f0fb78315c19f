package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Config.Estimate supplies an implementation's estimate for fre, fres,
// frsqrte and frsqrtes: the instruction rounds it once to the target
// format with the operand's sign (fre), and sets FPSCR as for any rounded
// result (Power ISA 3.1B Book I 4.3.6: XX, FI and FR for an inexact
// result, FX when an exception bit goes from 0 to 1; FPRF the class);
// operands whose result the ISA defines (±0, ±∞, NaN, a negative square
// root) do not reach it. The hardware profile, which has no estimate of
// its own (ErrNotEmulated), executes them with the hook.
func TestEstimateHook(t *testing.T) {
	var calls []uint64
	// 1.5 × 2^(-1-e) for an operand 2^e × m: sig 3<<62 is 1.5.
	est := Config{Estimate: func(rsqrt bool, b uint64) (uint64, int) {
		calls = append(calls, b)
		return 3 << 62, -1 - (int(b>>52) - 1023)
	}}
	// An estimate of more than 24 significant bits: fres rounds it.
	wide := Config{Estimate: func(bool, uint64) (uint64, int) { return 0xffffffffff000000, 0 }}
	const posNormal, negNormal, posInf = 0x4000, 0x8000, 0x5000 // FPRF
	fp := func(fpr int, v uint64) func(m *machine) { return func(m *machine) { m.r.SetFPR(fpr, v) } }
	res := func(v, fpscr uint64) func(m *machine) {
		return func(m *machine) { m.r.VSR[1] = regs.VSR{Hi: v}; m.r.FPSCR = fpscr }
	}
	runCases(t, []stepCase{
		{name: "fre 2.0", word: enc(ppc64asm.FRE, 1, 3), prof: Hardware, cfg: est,
			setup: fp(3, 0x4000000000000000), want: res(0x3fd8000000000000, posNormal)},
		{name: "fre -2.0", word: enc(ppc64asm.FRE, 1, 3), prof: anyProfile, cfg: est,
			setup: fp(3, 0xc000000000000000), want: res(0xbfd8000000000000, negNormal)},
		{name: "frsqrte 2.0", word: enc(ppc64asm.FRSQRTE, 1, 3), prof: Hardware, cfg: est,
			setup: fp(3, 0x4000000000000000), want: res(0x3fd8000000000000, posNormal)},
		{name: "fres rounds once to single", word: enc(ppc64asm.FRES, 1, 3), prof: Hardware, cfg: wide,
			setup: fp(3, 0x4000000000000000),
			want:  res(0x4000000000000000, regs.FPSCRFX|regs.FPSCRXX|regs.FPSCRFR|regs.FPSCRFI|posNormal)},
		{name: "fre +0 is the ISA's", word: enc(ppc64asm.FRE, 1, 3), prof: Hardware, cfg: est,
			setup: fp(3, 0), want: res(0x7ff0000000000000, regs.FPSCRFX|regs.FPSCRZX|posInf)},
		{name: "no hook", word: enc(ppc64asm.FRE, 1, 3), prof: Hardware,
			setup: fp(3, 0x4000000000000000), err: ErrNotEmulated},
	})
	for _, b := range calls {
		if b != 0x4000000000000000 {
			t.Errorf("Estimate called with %#x: want only the magnitude 2.0", b)
		}
	}
}
