package emulate

import (
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// TestQuadEnabledAdjust: an enabled overflow or underflow of a binary128
// result delivers the result with its exponent adjusted by ∓24576
// (3·2^13, the rule that gives ∓1536 for binary64 and ∓192 for binary32
// in the ISA's bfp_ROUND_TO_BFP64/32, Book I 7.6.2.2). The values are QEMU
// 7.2 harness results (st=fpe): xsaddqp max+max with OE=1 and xsmulqp
// (2^-16382+ulp)·0.5 and 2^16383·4 with UE=1/OE=1. The quad pseudo-code
// writes VRT unless an enabled invalid operation occurred, so the
// hardware profile in ignore-exceptions mode writes it too, with FEX.
func TestQuadEnabledAdjust(t *testing.T) {
	cases := []struct {
		name      string
		word      uint32
		a, b      regs.VSR
		fpscr     uint64
		wantFPSCR uint64
		want      regs.VSR
	}{
		{"xsaddqp max+max, OE", wXsaddqp,
			regs.VSR{Hi: 0x7ffeffffffffffff, Lo: ^uint64(0)}, regs.VSR{Hi: 0x7ffeffffffffffff, Lo: ^uint64(0)}, regs.FPSCROE,
			0xd0004040, regs.VSR{Hi: 0x1fffffffffffffff, Lo: ^uint64(0)}},
		{"xsmulqp (2^-16382+ulp)·0.5, UE", wXsmulqp,
			regs.VSR{Hi: 0x0001000000000000, Lo: 1}, regs.VSR{Hi: 0x3ffe000000000000}, regs.FPSCRUE,
			0xc8004020, regs.VSR{Hi: 0x6000000000000000, Lo: 1}},
		{"xsmulqp 2^16383·4, OE", wXsmulqp,
			regs.VSR{Hi: 0x7ffe000000000000}, regs.VSR{Hi: 0x4001000000000000}, regs.FPSCROE,
			0xd0004040, regs.VSR{Hi: 0x2000000000000000}},
	}
	var sc []stepCase
	for _, c := range cases {
		setup := func(m *machine) {
			m.r.VSR[35], m.r.VSR[36] = c.a, c.b
			m.r.FPSCR = c.fpscr
		}
		// The interrupt (QEMU profile; hardware with FE0=FE1=1) carries
		// the same state.
		trap := checkFPException(func(t *testing.T, x *FPException) {
			got := regs.VSR{Hi: x.Value, Lo: x.Lo}
			if x.Target != 34 || got != c.want || x.FPSCR != c.wantFPSCR {
				t.Errorf("FPException target %d value %016x_%016x FPSCR %#x, want 34 %016x_%016x %#x",
					x.Target, got.Hi, got.Lo, x.FPSCR, c.want.Hi, c.want.Lo, c.wantFPSCR)
			}
		})
		sc = append(sc,
			// Hardware, MSR[FE0,FE1] = 0: written, FEX set, no interrupt.
			stepCase{name: c.name, word: c.word, setup: setup,
				want: func(m *machine) { m.r.VSR[34], m.r.FPSCR = c.want, c.wantFPSCR }},
			stepCase{name: c.name + " trap", word: c.word, prof: QEMU, setup: setup, err: ErrFPException, check: trap},
			stepCase{name: c.name + " trap", word: c.word, msr: regs.MSRFE0 | regs.MSRFE1, setup: setup, err: ErrFPException, check: trap})
	}
	runCases(t, sc)
}

// TestXSNabsQPReservedBit: bit 31 of xsnabsqp is reserved (X-form, as for
// xsabsqp and xsnegqp; decode's table adds the bit x/arch leaves out), so
// the generic reserved-bits rules apply: the hardware profile ignores it
// (Difference reserved-bits), the QEMU profile raises the illegal
// instruction QEMU 7.2 gives (SIGILL, emulate/testdata/qemu-legality.txt).
func TestXSNabsQPReservedBit(t *testing.T) {
	const w = 0xfc482649 // xsnabsqp v2,v4 with bit 31 set
	in, err := decode.DecodeWord(w, 0)
	if err != nil && !errors.Is(err, decode.ErrReservedBits) || in.Op != p.XSNABSQP || in.Invalid&decode.InvalidReservedBits == 0 {
		t.Fatalf("%08x decodes as %v (invalid %v, %v), want xsnabsqp with reserved bits", uint32(w), in.Op, in.Invalid, err)
	}
	setup := func(m *machine) { m.r.VSR[36] = regs.VSR{Hi: 0x3fff000000000000, Lo: 5} }
	runCases(t, []stepCase{
		{name: "hardware: reserved bit ignored", word: w, setup: setup,
			want: func(m *machine) { m.r.VSR[34] = regs.VSR{Hi: 0xbfff000000000000, Lo: 5} }},
		{name: "qemu: illegal", word: w, prof: QEMU, setup: setup, err: ErrIllegal},
	})
}
