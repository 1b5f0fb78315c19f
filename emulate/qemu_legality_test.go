package emulate_test

import (
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/trace"
)

// TestQEMULegalityProfile: the QEMU profile follows the measured table on
// one encoding of each behaviour class; the hardware profile does not
// change (reserved bits ignored, invalid forms need a hardware step except
// bcctr's (bcctr-decrement), privileged ops privileged).
func TestQEMULegalityProfile(t *testing.T) {
	const (
		ok      = "ok"
		illegal = "illegal"
		priv    = "privileged"
		hwStep  = "not-emulated"
	)
	for _, tc := range []struct {
		name       string
		line       string
		qemu, hard string
	}{
		{"ldx bit 31", "a insn=7c64282b r4=50000000", ok, ok},
		{"lwzx bit 31", "a insn=7c64282f r4=50000000", ok, ok},
		{"stdx bit 31", "a insn=7c64292b r4=50000000", ok, ok},
		{"ldbrx bit 31", "a insn=7c642c29 r4=50000000", illegal, ok},
		{"popcntd bit 31", "a insn=7c8303f5", illegal, ok},
		{"cntlzw RB", "a insn=7c83f834", ok, ok},
		{"bclr bits 16:18", "a insn=4e80e020 lr=40000100", ok, ok},
		{"bcctr BO[2]=0 (invalid form; bcctr-decrement)", "a insn=4e000420 ctr=40000100", ok, ok},
		{"stdu RA=0 (invalid form)", "a insn=f8600009", illegal, hwStep},
		{"ldu RA=RT (invalid form)", "a insn=e8630009 r3=50000000", illegal, hwStep},
		{"urfid", "a insn=4c000264", illegal, priv},
		{"rfscv", "a insn=4c0000a4", illegal, priv},
		{"tlbie", "a insn=7c002264", priv, priv},
		{"mtspr privileged SPR, bit 31", "a insn=7c7603a7", priv, priv},
		{"mfspr privileged SPR, bit 31", "a insn=7c7602a7", illegal, priv},
		{"mtspr CTR, bit 31", "a insn=7c6903a7", ok, ok},
		{"mfspr CTR, bit 31", "a insn=7c6902a7", illegal, ok},
		{"pnop prefix bits 12:13", "a insn=070c0000:00000000", ok, ok},
		{"pnop prefix bit 31", "a insn=07000001:00000000", illegal, ok},
	} {
		l, err := trace.ParseLine(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []emulate.Profile{emulate.QEMU, emulate.Hardware} {
			want := tc.qemu
			if p == emulate.Hardware {
				want = tc.hard
			}
			for _, le := range []bool{true, false} {
				m := l.Vector.Machine(le)
				before := m.Regs
				err := emulate.New(emulate.Config{Profile: p}).StepWord(&m.Regs, m, l.Word, l.Suffix)
				got := ok
				switch {
				case errors.Is(err, emulate.ErrPrivileged):
					got = priv
				case errors.Is(err, emulate.ErrIllegal):
					got = illegal
				case errors.Is(err, emulate.ErrNotEmulated):
					got = hwStep
				case err != nil:
					got = err.Error()
				}
				if got != want {
					t.Errorf("%s (%v, le=%v): %s (%v), want %s", tc.name, p, le, got, err, want)
				}
				if err != nil && m.Regs != before {
					t.Errorf("%s (%v): registers changed on %v", tc.name, p, err)
				}
			}
		}
	}
}
