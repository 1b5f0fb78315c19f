package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// MSR moves in supervisor state, worked from the ISA's mtmsr/mtmsrd text:
// L=1 copies EE and RI only; L=0 copies every bit except HV, S, ME and LE
// (mtmsr only within bits 32:63), and PR=1 forces EE, IR and DR to 1.
// The words are mtmsr r3,L and mtmsrd r3,L.
func TestMSRMoves(t *testing.T) {
	const kernel = regs.MSRKernel | regs.MSRLE
	tests := []struct {
		name string
		insn uint32
		msr  uint64
		rs   uint64
		want uint64 // MSR after
	}{
		{"mtmsrd L=1 EE RI only", enc(ppc64asm.MTMSRD, 3, 1), kernel &^ regs.MSRRI,
			regs.MSREE | regs.MSRRI | regs.MSRPR | regs.MSRFP, kernel | regs.MSREE},
		{"mtmsrd L=1 clears EE and RI", enc(ppc64asm.MTMSRD, 3, 1), kernel | regs.MSREE, 0, kernel &^ regs.MSRRI},
		{"mtmsr L=1 EE RI only", enc(ppc64asm.MTMSR, 3, 1), kernel, regs.MSREE | regs.MSRSF, kernel&^regs.MSRRI | regs.MSREE},
		{"mtmsrd L=0 keeps HV ME LE", enc(ppc64asm.MTMSRD, 3, 0), kernel,
			regs.MSRSF | regs.MSREE | regs.MSRFP | regs.MSRIR | regs.MSRDR | regs.MSRRI,
			regs.MSRSF | regs.MSRHV | regs.MSRME | regs.MSRLE | regs.MSREE | regs.MSRFP | regs.MSRIR | regs.MSRDR | regs.MSRRI},
		{"mtmsrd L=0 cannot set HV ME LE", enc(ppc64asm.MTMSRD, 3, 0), regs.MSRSF,
			regs.MSRSF | regs.MSRHV | regs.MSRME | regs.MSRLE, regs.MSRSF},
		{"mtmsrd L=0 PR forces EE IR DR; RI may be cleared", enc(ppc64asm.MTMSRD, 3, 0), kernel,
			regs.MSRSF | regs.MSRPR | regs.MSRVEC | regs.MSRVSX,
			regs.MSRSF | regs.MSRHV | regs.MSRME | regs.MSRLE | regs.MSRPR | regs.MSREE | regs.MSRIR | regs.MSRDR | regs.MSRVEC | regs.MSRVSX},
		{"mtmsrd L=0 to 32-bit mode", enc(ppc64asm.MTMSRD, 3, 0), kernel, regs.MSRRI, regs.MSRHV | regs.MSRME | regs.MSRLE | regs.MSRRI},
		{"mtmsr L=0 leaves bits 0:31", enc(ppc64asm.MTMSR, 3, 0), kernel, regs.MSRFP | regs.MSRRI | regs.MSRSE,
			regs.MSRSF | regs.MSRHV | regs.MSRME | regs.MSRLE | regs.MSRFP | regs.MSRRI | regs.MSRSE},
		{"mtmsr L=0 PR", enc(ppc64asm.MTMSR, 3, 0), regs.MSRSF | regs.MSRRI, regs.MSRPR | regs.MSRRI | regs.MSRSF,
			regs.MSRSF | regs.MSRPR | regs.MSRRI | regs.MSREE | regs.MSRIR | regs.MSRDR},
	}
	cases := make([]stepCase, len(tests))
	for i, tt := range tests {
		cases[i] = stepCase{name: tt.name, word: tt.insn, prof: anyProfile, orders: onlyLE,
			setup: func(m *machine) { m.r.MSR, m.r.GPR[3] = tt.msr, tt.rs },
			want:  func(m *machine) { m.r.MSR = tt.want }}
	}
	runCases(t, cases)
}

func TestMfmsr(t *testing.T) {
	for _, mode32 := range []bool{false, true} {
		m := newMachine(false)
		m.r.MSR = regs.MSRKernel | regs.MSREE
		if mode32 {
			m.r.MSR &^= regs.MSRSF
		}
		want := m.r.MSR
		if err := m.step(t, Hardware, enc(ppc64asm.MFMSR, 3)); err != nil {
			t.Fatal(err)
		}
		if m.r.GPR[3] != want {
			t.Errorf("mfmsr = %#x, want %#x", m.r.GPR[3], want)
		}
	}
}

func TestSystemRefusals(t *testing.T) {
	setRS := func(v uint64) func(r *regs.Regs) { return func(r *regs.Regs) { r.GPR[3] = v } }
	kernel := func(r *regs.Regs) { r.MSR = regs.MSRKernel }
	runRefusals(t, []refusalCase{
		{name: "mfmsr problem state", insn: enc(ppc64asm.MFMSR, 3), want: ErrPrivileged},
		{name: "mtmsr problem state", insn: enc(ppc64asm.MTMSR, 3, 0), want: ErrPrivileged},
		{name: "mtmsrd L=1 problem state", insn: enc(ppc64asm.MTMSRD, 3, 1), p: QEMU, want: ErrPrivileged},
		{name: "stop problem state", insn: enc(ppc64asm.STOP), want: ErrPrivileged},
		{name: "stop", insn: enc(ppc64asm.STOP), super: true, want: ErrMustNotStep},
		{name: "hrfid", insn: enc(ppc64asm.HRFID), super: true, want: ErrMustNotStep},
		{name: "urfid", insn: enc(ppc64asm.URFID), super: true, want: ErrMustNotStep},
		{name: "rfscv", insn: enc(ppc64asm.RFSCV), super: true, want: ErrMustNotStep},
		{name: "rfid problem state", insn: enc(ppc64asm.RFID), want: ErrPrivileged},
		// Removed in ISA 3.0: not instructions on POWER9/POWER10.
		{name: "nap", insn: 0x4c000364, super: true, want: ErrIllegal},
		{name: "sleep", insn: 0x4c0003a4, super: true, want: ErrIllegal},
		{name: "rvwinkle", insn: 0x4c0003e4, super: true, want: ErrIllegal},
		{name: "doze", insn: 0x4c000324, super: true, want: ErrIllegal},
		// mtmsr[d] cases the emulator does not represent.
		{name: "mtmsrd reserved bit", insn: enc(ppc64asm.MTMSRD, 3, 0), setup: func(r *regs.Regs) { kernel(r); r.GPR[3] = regs.MSRSF | 1<<62 }, want: ErrNotEmulated},
		{name: "mtmsrd TM change", insn: enc(ppc64asm.MTMSRD, 3, 0), setup: func(r *regs.Regs) { kernel(r); r.GPR[3] = regs.MSRSF | regs.MSRTM }, want: ErrNotEmulated},
		{name: "mtmsr reserved low bit", insn: enc(ppc64asm.MTMSR, 3, 0), setup: func(r *regs.Regs) { kernel(r); r.GPR[3] = 1 << 3 }, want: ErrNotEmulated},
		{name: "mtmsrd secure state", insn: enc(ppc64asm.MTMSRD, 3, 0), setup: func(r *regs.Regs) { kernel(r); r.MSR |= regs.MSRS; r.GPR[3] = regs.MSRSF }, want: ErrNotEmulated},
		{name: "mtmsr problem state RS", insn: enc(ppc64asm.MTMSR, 3, 0), setup: setRS(0), want: ErrPrivileged},
	})
}

// TestTrapsMore complements TestTraps with the TO bits one at a time for
// tw/td/twi/tdi, worked from the ISA: TO bit 0 (16) signed <, 1 (8) signed
// >, 2 (4) equal, 3 (2) unsigned <, 4 (1) unsigned >; word forms compare the
// sign-extended (signed) or zero-extended (unsigned) low words.
func TestTrapsMore(t *testing.T) {
	// tw/td TO,r4,r5.
	tw := func(to int64) uint32 { return enc(ppc64asm.TW, to, 4, 5) }
	td := func(to int64) uint32 { return enc(ppc64asm.TD, to, 4, 5) }
	for _, tc := range []struct {
		name  string
		insn  uint32
		a, b  uint64
		fires bool
	}{
		{"td lt: -1 < 1", td(16), ulongMax, 1, true},
		{"td llt: -1 < 1 unsigned false", td(2), ulongMax, 1, false},
		{"td lgt: -1 > 1 unsigned", td(1), ulongMax, 1, true},
		{"td gt false", td(8), ulongMax, 1, false},
		{"tw gt: low words 1 > -1", tw(8), 0xffffffff_00000001, 0x00000000_ffffffff, true},
		{"tw lgt false on low words", tw(1), 0xffffffff_00000001, 0x00000000_ffffffff, false},
		{"tw llt on low words", tw(2), 0xffffffff_00000001, 0x00000000_ffffffff, true},
		{"td eq needs all 64 bits", td(4), 0x1_00000000, 0, false},
		{"td TO=0 never", td(0), 0, 0, false},
		{"tdi lt SI sign-extended", enc(ppc64asm.TDI, 16, 4, -1), 0xfffffffffffffffe, 0, true},
		{"twi lgt SI as unsigned word", enc(ppc64asm.TWI, 1, 4, -1), 0xfffffffe, 0, false},
		{"twi eq low word", enc(ppc64asm.TWI, 4, 4, -1), 0x00000000_ffffffff, 0, true},
	} {
		for _, mode32 := range []bool{false, true} {
			m := newMachine(false)
			if mode32 {
				m.r.MSR &^= regs.MSRSF
			}
			m.r.GPR[4], m.r.GPR[5] = tc.a, tc.b
			before := m.r
			err := m.step(t, Hardware, tc.insn)
			switch {
			case tc.fires && (err != ErrTrap || before != m.r):
				t.Errorf("%s: err = %v, want ErrTrap and no change", tc.name, err)
			case !tc.fires && (err != nil || m.r.NIP != cia+4):
				t.Errorf("%s: err = %v, NIP %#x: want fall-through", tc.name, err, m.r.NIP)
			}
		}
	}
}
