package emulate

import (
	"errors"
	"golang.org/x/arch/ppc64/ppc64asm"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Fixed-point tests. Encodings are assembled by hand from the ISA's D-, X-,
// XO- and XFX-form layouts; expected values follow the ISA pseudo-code:
// OV is the signed overflow of the 64-bit result (32-bit in 32-bit mode),
// OV32 that of the low word, SO is sticky, and CR0.SO is XER.SO after the
// instruction's own update.
type fixedCase struct {
	name   string
	insn   uint32
	mode32 bool
	p      Profile
	setup  func(r *regs.Regs)
	want   func(r *regs.Regs) // applied to a copy of the pre-state; NIP += 4 is implied
}

// stepCase is the expectation fc stands for: its register setup and
// changes applied to the test machine's registers.
func (fc fixedCase) stepCase() stepCase {
	return stepCase{name: fc.name, word: fc.insn, prof: fc.p, msrClear: bitsIf(fc.mode32, regs.MSRSF),
		setup: onRegs(fc.setup), want: onRegs(fc.want)}
}

func runFixed(t *testing.T, tests []fixedCase) {
	t.Helper()
	runCases(t, stepCases(tests, fixedCase.stepCase))
}

func TestArith(t *testing.T) {
	runFixed(t, []fixedCase{
		{name: "addo 64-bit overflow", insn: enc(ppc64asm.ADDO, 3, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = longMax, 1 },
			want:  func(r *regs.Regs) { r.GPR[3] = longMin; r.XER = regs.XERSO | regs.XEROV }},
		{name: "addo 32-bit overflow only", insn: enc(ppc64asm.ADDO, 3, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0x7fffffff, 1 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0x80000000; r.XER = regs.XEROV32 }},
		{name: "addo 32-bit mode", insn: enc(ppc64asm.ADDO, 3, 4, 5), mode32: true,
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0x7fffffff, 1 },
			want: func(r *regs.Regs) {
				r.GPR[3] = 0x80000000
				r.XER = regs.XERSO | regs.XEROV | regs.XEROV32
			}},
		{name: "addo clears OV keeps SO", insn: enc(ppc64asm.ADDO, 3, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5], r.XER = 1, 2, regs.XERSO|regs.XEROV|regs.XEROV32 },
			want:  func(r *regs.Regs) { r.GPR[3] = 3; r.XER = regs.XERSO }},
		{name: "addo. CR0.SO after OV", insn: enc(ppc64asm.ADDOCC, 3, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = longMax, 1 },
			want: func(r *regs.Regs) {
				r.GPR[3] = longMin
				r.XER = regs.XERSO | regs.XEROV
				r.CR = 0x90000000
			}},
		{name: "add. 32-bit mode CR0 from low word", insn: enc(ppc64asm.ADDCC, 3, 4, 5), mode32: true,
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0x1_0000_0000, 0 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0x1_0000_0000; r.CR = 0x20000000 }},
		{name: "add. keeps CR1-7", insn: enc(ppc64asm.ADDCC, 3, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5], r.CR = 1, 1, 0xf7654321 },
			want:  func(r *regs.Regs) { r.GPR[3] = 2; r.CR = 0x47654321 }},
		{name: "subf", insn: enc(ppc64asm.SUBF, 3, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 10, 3 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0xfffffffffffffff9 }},
		{name: "subfo overflow", insn: enc(ppc64asm.SUBFO, 3, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 1, longMin },
			want:  func(r *regs.Regs) { r.GPR[3] = longMax; r.XER = regs.XERSO | regs.XEROV }},
		{name: "subfo. 0-minint32 overflows low word", insn: enc(ppc64asm.SUBFOCC, 3, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0x80000000, 0 },
			want: func(r *regs.Regs) {
				r.GPR[3] = 0xffffffff80000000
				r.XER = regs.XEROV32
				r.CR = 0x80000000
			}},
		{name: "addi r0 is zero", insn: enc(ppc64asm.LI, 3, -1), // li r3,-1 (addi r3,0,-1)
			setup: func(r *regs.Regs) { r.GPR[0] = 100 },
			want:  func(r *regs.Regs) { r.GPR[3] = ulongMax }},
		{name: "addi", insn: enc(ppc64asm.ADDI, 3, 4, -32768), // addi r3,r4,-32768
			setup: func(r *regs.Regs) { r.GPR[4] = 0x10000 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0x8000 }},
		{name: "addis", insn: enc(ppc64asm.ADDIS, 3, 4, -1), // addis r3,r4,-1
			setup: func(r *regs.Regs) { r.GPR[4] = 0x20000 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0x10000 }},
		{name: "lis sign-extends", insn: enc(ppc64asm.LIS, 3, -32768), // lis r3,0x8000
			want: func(r *regs.Regs) { r.GPR[3] = 0xffffffff80000000 }},
	})
}

func TestLogical(t *testing.T) {
	runFixed(t, []fixedCase{
		{name: "ori", insn: enc(ppc64asm.ORI, 3, 4, 65535), setup: func(r *regs.Regs) { r.GPR[4] = 0xf0000 },
			want: func(r *regs.Regs) { r.GPR[3] = 0xfffff }},
		{name: "oris", insn: enc(ppc64asm.ORIS, 3, 4, 65535), setup: func(r *regs.Regs) { r.GPR[4] = 1 },
			want: func(r *regs.Regs) { r.GPR[3] = 0xffff0001 }},
		{name: "xori", insn: enc(ppc64asm.XORI, 3, 4, 65535), setup: func(r *regs.Regs) { r.GPR[4] = 0xff },
			want: func(r *regs.Regs) { r.GPR[3] = 0xff00 }},
		{name: "xoris", insn: enc(ppc64asm.XORIS, 3, 4, 32768), setup: func(r *regs.Regs) { r.GPR[4] = ulongMax },
			want: func(r *regs.Regs) { r.GPR[3] = 0xffffffff7fffffff }},
		{name: "andi. zero sets EQ|SO", insn: enc(ppc64asm.ANDICC, 3, 4, 0),
			setup: func(r *regs.Regs) { r.GPR[4], r.XER = ulongMax, regs.XERSO },
			want:  func(r *regs.Regs) { r.GPR[3] = 0; r.CR = 0x30000000 }},
		{name: "andis.", insn: enc(ppc64asm.ANDISCC, 3, 4, 32768), setup: func(r *regs.Regs) { r.GPR[4] = ulongMax },
			want: func(r *regs.Regs) { r.GPR[3] = 0x80000000; r.CR = 0x40000000 }},
		{name: "or.", insn: enc(ppc64asm.ORCC, 3, 4, 5), setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = longMin, 1 },
			want: func(r *regs.Regs) { r.GPR[3] = longMin | 1; r.CR = 0x80000000 }},
		{name: "and", insn: enc(ppc64asm.AND, 3, 4, 5), setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0xff00, 0x0ff0 },
			want: func(r *regs.Regs) { r.GPR[3] = 0x0f00 }},
		{name: "xor", insn: enc(ppc64asm.XOR, 3, 4, 5), setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0xff00, 0x0ff0 },
			want: func(r *regs.Regs) { r.GPR[3] = 0xf0f0 }},
	})
}

func TestCompare(t *testing.T) {
	const lowNeg = 0x1_8000_0000 // positive as 64 bits, negative low word
	runFixed(t, []fixedCase{
		{name: "cmpw cr1 low words signed", insn: enc(ppc64asm.CMPW, 1, 3, 4),
			setup: func(r *regs.Regs) { r.GPR[3], r.GPR[4] = lowNeg, 0 },
			want:  func(r *regs.Regs) { r.CR = 0x08000000 }},
		{name: "cmpd", insn: enc(ppc64asm.CMPD, 0, 3, 4),
			setup: func(r *regs.Regs) { r.GPR[3], r.GPR[4] = lowNeg, 0 },
			want:  func(r *regs.Regs) { r.CR = 0x40000000 }},
		{name: "cmpld cr7 with SO", insn: enc(ppc64asm.CMPLD, 7, 3, 4),
			setup: func(r *regs.Regs) { r.GPR[3], r.GPR[4], r.XER = ulongMax, 1, regs.XERSO },
			want:  func(r *regs.Regs) { r.CR = 0x00000005 }},
		{name: "cmplw high words ignored", insn: enc(ppc64asm.CMPLW, 0, 3, 4),
			setup: func(r *regs.Regs) { r.GPR[3], r.GPR[4] = 0xffff_0000_0000_0005, 5 },
			want:  func(r *regs.Regs) { r.CR = 0x20000000 }},
		{name: "cmpwi -1", insn: enc(ppc64asm.CMPWI, 0, 3, -1),
			setup: func(r *regs.Regs) { r.GPR[3] = 0xffffffff },
			want:  func(r *regs.Regs) { r.CR = 0x20000000 }},
		{name: "cmpdi -1 vs 0xffffffff", insn: enc(ppc64asm.CMPDI, 0, 3, -1),
			setup: func(r *regs.Regs) { r.GPR[3] = 0xffffffff },
			want:  func(r *regs.Regs) { r.CR = 0x40000000 }},
		{name: "cmplwi cr2 0xffff", insn: enc(ppc64asm.CMPLWI, 2, 3, 65535),
			setup: func(r *regs.Regs) { r.GPR[3] = 0x10000 },
			want:  func(r *regs.Regs) { r.CR = 0x00400000 }},
		{name: "cmpldi zero-extends UI", insn: enc(ppc64asm.CMPLDI, 0, 3, 65535),
			setup: func(r *regs.Regs) { r.GPR[3] = 0xffff },
			want:  func(r *regs.Regs) { r.CR = 0x20000000 }},
		{name: "cmpw replaces only its field", insn: enc(ppc64asm.CMPW, 1, 3, 4),
			setup: func(r *regs.Regs) { r.GPR[3], r.GPR[4], r.CR = 1, 1, 0xffffffff },
			want:  func(r *regs.Regs) { r.CR = 0xf2ffffff }},
	})
}

func TestSPRMoves(t *testing.T) {
	runFixed(t, []fixedCase{
		{name: "mtxer hardware mask", insn: enc(ppc64asm.MTSPR, 1, 3), p: Hardware,
			setup: func(r *regs.Regs) { r.GPR[3] = ulongMax },
			want:  func(r *regs.Regs) { r.XER = 0xE00FFFFF }},
		{name: "mtxer qemu keeps the low word", insn: enc(ppc64asm.MTSPR, 1, 3), p: QEMU,
			setup: func(r *regs.Regs) { r.GPR[3] = ulongMax },
			want:  func(r *regs.Regs) { r.XER = 0xffffffff }},
		{name: "mfxer", insn: enc(ppc64asm.MFSPR, 5, 1),
			setup: func(r *regs.Regs) { r.XER = 0xE004007f },
			want:  func(r *regs.Regs) { r.GPR[5] = 0xE004007f }},
		{name: "mflr", insn: enc(ppc64asm.MFSPR, 4, 8),
			setup: func(r *regs.Regs) { r.LR = 0x1234_5678_9abc_def0 },
			want:  func(r *regs.Regs) { r.GPR[4] = 0x1234_5678_9abc_def0 }},
		{name: "mtlr", insn: enc(ppc64asm.MTSPR, 8, 3),
			setup: func(r *regs.Regs) { r.GPR[3] = 0x1001 },
			want:  func(r *regs.Regs) { r.LR = 0x1001 }},
		{name: "mtctr", insn: enc(ppc64asm.MTSPR, 9, 3),
			setup: func(r *regs.Regs) { r.GPR[3] = 77 },
			want:  func(r *regs.Regs) { r.CTR = 77 }},
		{name: "mfctr", insn: enc(ppc64asm.MFSPR, 4, 9),
			setup: func(r *regs.Regs) { r.CTR = 99 },
			want:  func(r *regs.Regs) { r.GPR[4] = 99 }},
	})
}

func TestPrivilegedSPR(t *testing.T) {
	m := newMachine(true)
	before := m.r
	err := m.step(t, Hardware, enc(ppc64asm.MFSPR, 3, 26)) // mfspr r3,SRR0 (SPR 26)
	if !errors.Is(err, ErrPrivileged) {
		t.Fatalf("err = %v, want ErrPrivileged", err)
	}
	// mfspr r3,PVR (SPR 287) is privileged by the ISA in both profiles (QEMU
	// 7.2 user mode lets it through: an accepted divergence, trace/replay.go).
	for _, p := range []Profile{Hardware, QEMU} {
		if err := m.step(t, p, enc(ppc64asm.MFSPR, 3, 287)); !errors.Is(err, ErrPrivileged) {
			t.Errorf("%v: mfspr PVR: err = %v, want ErrPrivileged", p, err)
		}
	}
	if before != m.r {
		t.Error("registers changed")
	}
}

func TestTraps(t *testing.T) {
	for _, tc := range []struct {
		name   string
		insn   uint32
		r3, r4 uint64
		fires  bool
	}{
		{"tweq equal", 0x7c832008, 5, 5, true},
		{"tweq low words equal", 0x7c832008, 0x1_0000_0005, 5, true},
		{"tdeq low words equal", 0x7c832088, 0x1_0000_0005, 5, false},
		{"twlt signed low word", 0x7e032008, 0x8000_0000, 0, true},
		{"tdlt", 0x7e032088, 0x8000_0000, 0, false},
		{"twi never", 0x0c030000, 0, 0, false},
		{"tdi always", 0x0be30000, 0, 0, true},
	} {
		m := newMachine(true)
		m.r.GPR[3], m.r.GPR[4] = tc.r3, tc.r4
		before := m.r
		err := m.step(t, Hardware, tc.insn)
		switch {
		case tc.fires && !errors.Is(err, ErrTrap):
			t.Errorf("%s: err = %v, want ErrTrap", tc.name, err)
		case tc.fires && before != m.r:
			t.Errorf("%s: registers changed", tc.name)
		case !tc.fires && (err != nil || m.r.NIP != cia+4):
			t.Errorf("%s: err = %v, nip %#x: want fall-through", tc.name, err, m.r.NIP)
		}
	}
}

func TestMustNotStep(t *testing.T) {
	for _, w := range []uint32{0x44000002, 0x44000001, 0x4c000024} { // sc, scv 0, rfid
		m := newMachine(true)
		m.r.MSR &^= regs.MSRPR // even in supervisor state
		before := m.r
		if err := m.step(t, Hardware, w); !errors.Is(err, ErrMustNotStep) {
			t.Errorf("%08x: err = %v, want ErrMustNotStep", w, err)
		}
		if before != m.r {
			t.Errorf("%08x: registers changed", w)
		}
	}
}

func TestLoadStoreForms(t *testing.T) {
	bothOrders(t, func(t *testing.T, le bool) {
		m := newMachine(le)
		copy(m.scratch[0x10:], []byte{0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88})
		var u16, u32, u64 uint64
		if le {
			u16, u32, u64 = 0x8281, 0x84838281, 0x8887868584838281
		} else {
			u16, u32, u64 = 0x8182, 0x81828384, 0x8182838485868788
		}
		rev16 := uint64(0x8182 + 0x8281 - u16)
		for _, tc := range []struct {
			name string
			insn uint32
			rt   uint64
			ra   uint64 // expected r4 after (update forms)
		}{
			{"lbz", 0x88640010, 0x81, scratchBase},
			{"lhz", 0xa0640010, u16, scratchBase},
			{"lha", 0xa8640010, 0xffffffffffff0000 | u16, scratchBase},
			{"lwz", 0x80640010, u32, scratchBase},
			{"lwa", 0xe8640012, 0xffffffff00000000 | u32, scratchBase},
			{"ld", 0xe8640010, u64, scratchBase},
			{"ldu", 0xe8640011, u64, scratchBase + 0x10},
			{"lwzu", 0x84640010, u32, scratchBase + 0x10},
			{"lhbrx", 0x7c642e2c, rev16, scratchBase},
		} {
			m.r.GPR[3], m.r.GPR[4], m.r.GPR[5] = 0, scratchBase, 0x10
			m.r.NIP = cia
			if err := m.step(t, Hardware, tc.insn); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if m.r.GPR[3] != tc.rt || m.r.GPR[4] != tc.ra {
				t.Errorf("%s: r3 = %#x r4 = %#x, want %#x %#x", tc.name, m.r.GPR[3], m.r.GPR[4], tc.rt, tc.ra)
			}
		}
	})
}

func TestStoreUpdate32(t *testing.T) {
	// stwu r3,-4(r4) in 32-bit mode: the EA and RA are truncated to 32 bits.
	m := newMachine(false)
	m.r.MSR &^= regs.MSRSF
	m.r.GPR[3], m.r.GPR[4] = 0xdeadbeef, 0xffffffff_50000010
	if err := m.step(t, Hardware, enc(ppc64asm.STWU, 3, -4, 4)); err != nil {
		t.Fatal(err)
	}
	if m.r.GPR[4] != scratchBase+0xc {
		t.Errorf("r4 = %#x, want %#x", m.r.GPR[4], scratchBase+0xc)
	}
	if d := cmp.Diff([]byte{0xde, 0xad, 0xbe, 0xef}, m.scratch[0xc:0x10]); d != "" {
		t.Errorf("memory (-want +got):\n%s", d)
	}
}
