package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// SPR move tests.

// sprWord encodes op (mfspr, mftb or mtspr) with the GPR rt and the SPR or
// TBR number n; decode.Encode swaps n's two 5-bit halves into the field.
func sprWord(op decode.Op, rt int, n int) uint32 {
	if op == ppc64asm.MTSPR {
		return enc(op, int64(n), int64(rt))
	}
	return enc(op, int64(rt), int64(n))
}

func TestSPRMovesMore(t *testing.T) {
	mf := func(n int) uint32 { return sprWord(ppc64asm.MFSPR, 3, n) }
	mt := func(n int) uint32 { return sprWord(ppc64asm.MTSPR, 3, n) }
	runFixed(t, []fixedCase{
		{name: "mttar", insn: mt(815),
			setup: func(r *regs.Regs) { r.GPR[3] = 0x123456789abcdef3 },
			want:  func(r *regs.Regs) { r.TAR = 0x123456789abcdef3 }},
		{name: "mftar", insn: mf(815),
			setup: func(r *regs.Regs) { r.TAR = 0xfedcba9876543210 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0xfedcba9876543210 }},
		{name: "mtvrsave keeps the low word", insn: mt(256),
			setup: func(r *regs.Regs) { r.GPR[3] = 0x1234567887654321 },
			want:  func(r *regs.Regs) { r.VRSAVE = 0x87654321 }},
		{name: "mfvrsave zero-extends", insn: mf(256),
			setup: func(r *regs.Regs) { r.VRSAVE, r.GPR[3] = 0xffff0000, ulongMax },
			want:  func(r *regs.Regs) { r.GPR[3] = 0xffff0000 }},
		{name: "mtvrsave (QEMU)", insn: mt(256), p: QEMU,
			setup: func(r *regs.Regs) { r.GPR[3] = 0xffffffff00000001 },
			want:  func(r *regs.Regs) { r.VRSAVE = 1 }},
		{name: "mfppr", insn: mf(896),
			setup: func(r *regs.Regs) { r.PPR = 0x000c000000000000 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0x000c000000000000 }},
		{name: "mtppr medium", insn: mt(896),
			setup: func(r *regs.Regs) { r.PPR, r.GPR[3] = 0x000c000000000000, 0x0010000000000000 },
			want:  func(r *regs.Regs) { r.PPR = 0x0010000000000000 }},
		{name: "mtppr anything (QEMU)", insn: mt(896), p: QEMU,
			setup: func(r *regs.Regs) { r.GPR[3] = 0x001c000000000001 },
			want:  func(r *regs.Regs) { r.PPR = 0x001c000000000001 }},
		{name: "mfppr32 is the upper half", insn: mf(898),
			setup: func(r *regs.Regs) { r.PPR, r.GPR[3] = 0x000c000000000000, ulongMax },
			want:  func(r *regs.Regs) { r.GPR[3] = 0x000c0000 }},
		{name: "mtppr32 writes the upper half", insn: mt(898),
			setup: func(r *regs.Regs) { r.PPR, r.GPR[3] = 0x000c000000000000, 0xffffffff00080000 },
			want:  func(r *regs.Regs) { r.PPR = 0x0008000000000000 }},
		{name: "mfdscr user number", insn: mf(3),
			setup: func(r *regs.Regs) { r.DSCR = 0x10 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0x10 }},
		{name: "mtdscr user number", insn: mt(3),
			setup: func(r *regs.Regs) { r.GPR[3] = 0x1ffffff },
			want:  func(r *regs.Regs) { r.DSCR = 0x1ffffff }},
		{name: "mfspr 808 is a no-op", insn: mf(808),
			setup: func(r *regs.Regs) { r.GPR[3] = 0x5555 },
			want:  func(r *regs.Regs) {}},
		{name: "mtspr 811 is a no-op", insn: mt(811),
			setup: func(r *regs.Regs) { r.GPR[3] = 0x5555 },
			want:  func(r *regs.Regs) {}},
		{name: "mfspr 810 no-op (QEMU)", insn: mf(810), p: QEMU,
			setup: func(r *regs.Regs) { r.GPR[3] = 0x5555 },
			want:  func(r *regs.Regs) {}},
		{name: "mtxer 32-bit mode", insn: mt(1), mode32: true,
			setup: func(r *regs.Regs) { r.GPR[3] = ulongMax },
			want:  func(r *regs.Regs) { r.XER = 0xE00FFFFF }},
		{name: "mflr 32-bit mode: all 64 bits", insn: mf(8), mode32: true,
			setup: func(r *regs.Regs) { r.LR = 0xffffffff00001000 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0xffffffff00001000 }},
		{name: "mtspr Rc bit ignored (QEMU)", insn: mt(8) | 1, p: QEMU,
			setup: func(r *regs.Regs) { r.GPR[3] = 0x44 },
			want:  func(r *regs.Regs) { r.LR = 0x44 }},
	})
}

// refusalCase is a step that must be refused with a given outcome and
// leave the registers untouched.
type refusalCase struct {
	name  string
	insn  uint32
	p     Profile
	super bool // supervisor state (MSR[PR] = 0)
	setup func(r *regs.Regs)
	want  error
}

// stepCase is the expectation rc stands for (little-endian).
func (rc refusalCase) stepCase() stepCase {
	return stepCase{name: rc.name, word: rc.insn, prof: rc.p, orders: onlyLE, err: rc.want,
		msrClear: bitsIf(rc.super, regs.MSRPR), setup: onRegs(rc.setup)}
}

func runRefusals(t *testing.T, tests []refusalCase) {
	t.Helper()
	runCases(t, stepCases(tests, refusalCase.stepCase))
}

func TestSPRRefusals(t *testing.T) {
	mf := func(n int) uint32 { return sprWord(ppc64asm.MFSPR, 3, n) }
	mt := func(n int) uint32 { return sprWord(ppc64asm.MTSPR, 3, n) }
	set3 := func(v uint64) func(r *regs.Regs) { return func(r *regs.Regs) { r.GPR[3] = v } }
	runRefusals(t, []refusalCase{
		// Difference "dscr-user".
		{name: "mfspr 3", insn: mf(3), p: QEMU, want: ErrPrivileged},
		{name: "mtspr 3", insn: mt(3), p: QEMU, want: ErrPrivileged},
		{name: "mtspr 3 reserved bits", insn: mt(3), setup: set3(1 << 40), want: ErrNotEmulated},
		// Privileged numbers in problem state (precheck), both profiles.
		{name: "mfspr 17", insn: mf(17), want: ErrPrivileged},
		{name: "mfspr 17", insn: mf(17), p: QEMU, want: ErrPrivileged},
		{name: "mtspr SRR0", insn: mt(26), want: ErrPrivileged},
		{name: "mfspr PVR", insn: mf(287), want: ErrPrivileged},
		// A privileged number in supervisor state other than DSCR.
		{name: "mfspr SRR0 supervisor", insn: mf(26), super: true, want: ErrNotEmulated},
		{name: "mfspr SRR0 supervisor", insn: mf(26), super: true, p: QEMU, want: ErrNotEmulated},
		// Difference "spr-unknown".
		{name: "mfspr 0", insn: mf(0), want: ErrNotEmulated},
		{name: "mfspr 0", insn: mf(0), p: QEMU, want: ErrPrivileged},
		{name: "mfspr 0 supervisor", insn: mf(0), p: QEMU, super: true, want: ErrIllegal},
		{name: "mtspr 13 (AMR)", insn: mt(13), want: ErrNotEmulated},
		{name: "mtspr 13 (AMR)", insn: mt(13), p: QEMU, want: ErrPrivileged},
		{name: "mfspr 259 (SPRG3)", insn: mf(259), p: Hardware, want: ErrNotEmulated},
		{name: "mtspr 259 (SPRG3)", insn: mt(259), p: QEMU, want: ErrPrivileged},
		{name: "mfspr 812", insn: mf(812), p: QEMU, want: ErrPrivileged},
		{name: "mtspr 268", insn: mt(268), p: QEMU, want: ErrPrivileged},
		{name: "mtspr 268", insn: mt(268), want: ErrNotEmulated},
		// Difference "mtspr-ppr".
		{name: "mtppr very high", insn: mt(896), setup: set3(7 << 50), want: ErrNotEmulated},
		{name: "mtppr very low", insn: mt(896), setup: set3(1 << 50), want: ErrNotEmulated},
		{name: "mtppr reserved bit", insn: mt(896), setup: set3(3<<50 | 1), want: ErrNotEmulated},
		{name: "mtppr32 high", insn: mt(898), setup: set3(6 << 18), want: ErrNotEmulated},
		{name: "mfppr32", insn: mf(898), p: QEMU, want: ErrPrivileged},
		{name: "mtppr32", insn: mt(898), p: QEMU, want: ErrPrivileged},
		// Time base without the hook.
		{name: "mfspr TB no hook", insn: mf(268), want: ErrNotEmulated},
		{name: "mftb no hook", insn: sprWord(ppc64asm.MFTB, 3, 268), p: QEMU, want: ErrNotEmulated},
		// Difference "mftb-tbr".
		{name: "mftb TBR=1", insn: sprWord(ppc64asm.MFTB, 3, 1), want: ErrNotEmulated},
		{name: "mftb TBR=3", insn: sprWord(ppc64asm.MFTB, 3, 3), p: QEMU, want: ErrPrivileged},
		{name: "mftb TBR=287", insn: sprWord(ppc64asm.MFTB, 3, 287), p: QEMU, want: ErrPrivileged},
		// Reserved bit 0 of mfspr: QEMU refuses it, the hardware ignores it.
		{name: "mfspr Rc bit", insn: mf(8) | 1, p: QEMU, want: ErrIllegal},
	})
}

func TestSPRSupervisorDSCR(t *testing.T) {
	for _, p := range []Profile{Hardware, QEMU} {
		m := newMachine(false)
		m.r.MSR &^= regs.MSRPR
		m.r.GPR[4] = 0x7
		if err := m.step(t, p, sprWord(ppc64asm.MTSPR, 4, 17)); err != nil {
			t.Fatalf("%v: mtspr 17: %v", p, err)
		}
		if err := m.step(t, p, sprWord(ppc64asm.MFSPR, 5, 17)); err != nil {
			t.Fatalf("%v: mfspr 17: %v", p, err)
		}
		if m.r.DSCR != 7 || m.r.GPR[5] != 7 {
			t.Errorf("%v: DSCR %#x, r5 %#x, want 7, 7", p, m.r.DSCR, m.r.GPR[5])
		}
	}
}

// TestTimeBase: mfspr 268/269 and mftb through Config.TimeBase; TBU is the
// upper 32 bits, zero-extended. mftb with another TBR follows Difference
// "mftb-tbr" (QEMU: as mfspr of that number).
func TestTimeBase(t *testing.T) {
	const tb = 0x0123456789abcdef
	var cases []stepCase
	for _, tc := range []struct {
		name string
		insn uint32
		p    Profile
		want uint64
	}{
		{"mfspr TB", sprWord(ppc64asm.MFSPR, 3, 268), Hardware, tb},
		{"mfspr TBU", sprWord(ppc64asm.MFSPR, 3, 269), Hardware, tb >> 32},
		{"mftb TB", sprWord(ppc64asm.MFTB, 3, 268), Hardware, tb},
		{"mftb TBU", sprWord(ppc64asm.MFTB, 3, 269), QEMU, tb >> 32},
		{"mftb XER (QEMU)", sprWord(ppc64asm.MFTB, 3, 1), QEMU, 0x20040005},
		{"mftb LR (QEMU)", sprWord(ppc64asm.MFTB, 3, 8), QEMU, 0x8888},
	} {
		for _, mode32 := range []bool{false, true} {
			name := tc.name
			if mode32 {
				name += " 32-bit"
			}
			cases = append(cases, stepCase{name: name, word: tc.insn, prof: tc.p, orders: onlyLE,
				cfg:      Config{TimeBase: func() uint64 { return tb }},
				msrClear: bitsIf(mode32, regs.MSRSF),
				setup:    func(m *machine) { m.r.XER, m.r.LR = 0x20040005, 0x8888 },
				want:     func(m *machine) { m.r.GPR[3] = tc.want }})
		}
	}
	runCases(t, cases)
}
