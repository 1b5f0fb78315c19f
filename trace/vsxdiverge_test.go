package trace

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
)

// TestXsnmsubqpoZeroRoundDown: QEMU 7.2's answers (the live harness,
// little-endian) to xsnmsubqpo v7,v4,v16 with an exact zero result. With
// FPSCR[RN] toward −∞ QEMU gives +0 (it rounds with RN, not to odd): an
// accepted divergence, skipped. With RN to nearest it gives −0 as the
// emulator does, and is compared.
func TestXsnmsubqpoZeroRoundDown(t *testing.T) {
	for _, c := range []struct {
		line string
		want VerdictKind
	}{
		{"rn3 insn=fce483c9 v7=0 fpscr=3 => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 fpscr=0000000000002003", Skipped},
		{"rn3c insn=fce483c9 v4=3fff0000000000000000000000000000 v16=3fff0000000000000000000000000000 v7=3fff0000000000000000000000000000 fpscr=3 => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 fpscr=0000000000002003 vs39=00000000000000000000000000000000", Skipped},
		{"rn0 insn=fce483c9 v7=0 fpscr=0 => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 fpscr=0000000000012000 vs39=80000000000000000000000000000000", Agree},
		{"rn3t8 insn=fce483c9 v7=80000000000000000000000000000000 fpscr=3 => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 fpscr=0000000000012003", Skipped},
	} {
		l, err := ParseLine(c.line)
		if err != nil {
			t.Fatal(err)
		}
		if v := Replay(&l, true, emulate.QEMU); v.Kind != c.want {
			t.Errorf("%s: %v (%s %s), want %v", l.ID, v.Kind, v.Reason, v.Diff, c.want)
		}
	}
}
