package microwatt

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// A branch with link at 0xfffffffc in 32-bit mode sets LR to
// 0x1_0000_0000 on Microwatt (tests/modes test 6, which runs it from a
// page mapped there; the ISA leaves LR's high half undefined); the branch
// itself wraps to 0 + offset. In 64-bit mode LR is NIP + 4 as always.
// (The instruction is executed directly: RAM does not reach 4 GiB.)
func TestBranchLinkAt4G(t *testing.T) {
	for _, c := range []struct {
		msr, nip, lr, next uint64
	}{
		{regs.MSRHV | regs.MSRLE, 0xfffffffc, 0x1_0000_0000, 0xc},
		{regs.MSRHV | regs.MSRLE, 0x1000, 0x1004, 0x1010},
		{regs.MSRSF | regs.MSRHV | regs.MSRLE, 0xfffffffc, 0x1_0000_0000, 0x1_0000_000c},
	} {
		m, err := New(Config{})
		if err != nil {
			t.Fatal(err)
		}
		w, _, err := decode.Encode(ppc64asm.BL, 0x10)
		if err != nil {
			t.Fatal(err)
		}
		in, err := decode.Lookup(w, 0)
		if err != nil {
			t.Fatal(err)
		}
		r := &m.CPU.Regs
		r.MSR, r.NIP = c.msr, c.nip
		if err := opBranchLink(m.CPU, in); err != nil {
			t.Fatal(err)
		}
		if r.LR != c.lr || r.NIP != c.next {
			t.Errorf("bl .+0x10 at %#x (MSR %#x): LR %#x NIP %#x, want %#x, %#x", c.nip, c.msr, r.LR, r.NIP, c.lr, c.next)
		}
	}
}
