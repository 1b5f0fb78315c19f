package emulate

import (
	"errors"
	"golang.org/x/arch/ppc64/ppc64asm"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestUpdateRA0: a load or store with update and RA=0 (row update-ra0).
// POWER9 takes no interrupt and uses 0 as the base (Microwatt b0f302ec,
// HW-measured), but whether R0 is then written is unknown, so the hardware
// profile still refuses the step, naming that reason; QEMU 7.2 raises
// illegal instruction (qemu-legality.txt). Nothing changes either way. An
// update form with RA≠0 and RA≠RT is not affected.
func TestUpdateRA0(t *testing.T) {
	for _, w := range []uint32{
		0xf8600009, // stdu r3,8(0)
		0x84600000, // lwzu r3,0(0)
		0x7c60206e, // lwzux r3,0,r4
	} {
		for _, p := range []Profile{Hardware, QEMU} {
			m := newMachine(true)
			m.r.GPR[0], m.r.GPR[4] = scratchBase, 0x100
			before := m.r
			err := m.step(t, p, w)
			var oe *OpError
			switch {
			case p == Hardware && (!errors.Is(err, ErrNotEmulated) || !errors.As(err, &oe) || !strings.Contains(oe.Reason, "R0 write-back")):
				t.Errorf("%08x hardware: err = %v, want not emulated (R0 write-back unknown)", w, err)
			case p == QEMU && !errors.Is(err, ErrIllegal):
				t.Errorf("%08x qemu: err = %v, want illegal", w, err)
			}
			if d := cmp.Diff(before, m.r); d != "" {
				t.Errorf("%08x %v: registers changed:\n%s", w, p, d)
			}
		}
	}
	m := newMachine(true)
	m.r.GPR[5] = scratchBase
	if err := m.step(t, Hardware, enc(ppc64asm.LWZU, 3, 0, 5)); err != nil { // lwzu r3,0(r5)
		t.Errorf("lwzu r3,0(r5): %v", err)
	}
}
