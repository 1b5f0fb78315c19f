package microwatt_test

import (
	"encoding/binary"
	"regexp"
	"strconv"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/system"
	"github.com/ppc64emu/ppc64emu/system/microwatt"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// stepAt puts the instruction (op, args) at nip (little-endian), sets
// NIP and MSR, lets setup change the state, and executes one step.
func stepAt(t *testing.T, nip, msr uint64, setup func(r *regs.Regs), o ppc64asm.Op, args ...int64) (*microwatt.Machine, system.Vector) {
	t.Helper()
	m, _ := newMachine(t, nil)
	w, _, err := decode.Encode(decode.Op(o), args...)
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint32(m.RAM[nip&0xffff:], w)
	r := &m.CPU.Regs
	r.NIP, r.MSR = nip, msr
	if setup != nil {
		setup(r)
	}
	v, err := m.CPU.Step()
	if err != nil {
		t.Fatalf("%v: %v", o, err)
	}
	return m, v
}

const fpMSR = regs.MSRSF | regs.MSRHV | regs.MSRLE | regs.MSRFP

// Microwatt's fre and frsqrte estimates: operands and results from its
// tests/fpu/fpu.c (recipvals and isqrtvals, which the VHDL core passes),
// round to nearest. The estimate is a table entry (fpu.vhdl), not the
// correctly rounded reciprocal the QEMU profile gives.
func TestEstimates(t *testing.T) {
	for _, c := range []struct {
		op      ppc64asm.Op
		b, want uint64
	}{
		{ppc64asm.FRE, 0x3ff0000000000000, 0x3feff00400000000},
		{ppc64asm.FRE, 0xbff0000000000000, 0xbfeff00400000000},
		{ppc64asm.FRE, 0x4008000000000000, 0x3fd54e3800000000},
		{ppc64asm.FRE, 0xc03ffffffdffffbf, 0xbfa0040000000000},
		{ppc64asm.FRE, 0x0008100000000000, 0x7fdfb0c400000000}, // subnormal operand
		{ppc64asm.FRE, 0x0002040000000000, 0x7ff0000000000000}, // overflows
		{ppc64asm.FRE, 0xfff0000000000000, 0x8000000000000000}, // -inf: -0
		{ppc64asm.FRE, 0x0000000000000000, 0x7ff0000000000000}, // +0: +inf (ZX)
		{ppc64asm.FRSQRTE, 0x4010000000000000, 0x3fdff80000000000},
		{ppc64asm.FRSQRTE, 0x4008000000000000, 0x3fe2781800000000}, // odd exponent
		{ppc64asm.FRSQRTE, 0x7fd0000000000000, 0x1ffff80000000000},
		{ppc64asm.FRSQRTE, 0x0008000000000000, 0x5fe69dc800000000},
		{ppc64asm.FRSQRTE, 0x0000000000000001, 0x617ff80000000000},
		{ppc64asm.FRSQRTE, 0xbff0000000000000, 0x7ff8000000000000}, // negative: QNaN (VXSQRT)
	} {
		m, v := stepAt(t, 0x1000, fpMSR, func(r *regs.Regs) { r.VSR[6] = regs.VSR{Hi: c.b} }, c.op, 7, 6)
		if got := m.CPU.Regs.FPR(7); v != 0 || got != c.want {
			t.Errorf("%v of %#016x = %#016x (interrupt %v), want %#016x", c.op, c.b, got, v, c.want)
		}
	}
}

// ftdiv and ftsqrt set only the fg and fe bits of their CR field on
// Microwatt (bit 0 stays 0, where the ISA writes 1): tests/fpu/fpu.c's
// ftvals, the CR field of ftdiv 5,5,6 and ftsqrt 4,5.
func TestFTestCR(t *testing.T) {
	for _, c := range []struct {
		a, b          uint64
		ftdiv, ftsqrt uint32
	}{
		{0x3ff0000000000000, 0x3ff0000000000000, 0, 0},
		{0x0000000000000000, 0x3ff0000000000000, 0, 6},
		{0xfff0000000000000, 0x3ff0000000000000, 6, 6},
		{0x3ff0000000000000, 0x0010000000000000, 2, 0},
		{0x0001000000000000, 0x3fd0000000000000, 2, 6},
	} {
		set := func(r *regs.Regs) { r.VSR[5], r.VSR[6] = regs.VSR{Hi: c.a}, regs.VSR{Hi: c.b} }
		m, _ := stepAt(t, 0x1000, fpMSR, set, ppc64asm.FTDIV, 5, 5, 6)
		if got := m.CPU.Regs.CR >> 8 & 0xf; got != c.ftdiv {
			t.Errorf("ftdiv %#x, %#x: CR5 = %#x, want %#x", c.a, c.b, got, c.ftdiv)
		}
		m, _ = stepAt(t, 0x1000, fpMSR, set, ppc64asm.FTSQRT, 4, 5)
		if got := m.CPU.Regs.CR >> 12 & 0xf; got != c.ftsqrt {
			t.Errorf("ftsqrt %#x: CR4 = %#x, want %#x", c.a, got, c.ftsqrt)
		}
	}
}

// lq in little-endian mode at an EA that is not a multiple of 16 is an
// alignment interrupt on Microwatt (tests/modes test 7: SRR0 the lq,
// DAR the EA); aligned, or big-endian, it loads.
func TestLQLittleEndianAlignment(t *testing.T) {
	const ea = 0x2008
	m, v := stepAt(t, 0x1000, regs.MSRSF|regs.MSRHV|regs.MSRLE, func(r *regs.Regs) { r.GPR[7] = ea }, ppc64asm.LQ, 6, 0, 7)
	if c := m.CPU; v != system.VecAlignment || c.SPR.SRR0 != 0x1000 || c.SPR.DAR != ea || c.Regs.GPR[7] != ea {
		t.Errorf("lq at %#x LE: interrupt %v SRR0 %#x DAR %#x r7 %#x, want alignment, 0x1000, %#x, unchanged", ea, v, c.SPR.SRR0, c.SPR.DAR, c.Regs.GPR[7], ea)
	}
	m, v = stepAt(t, 0x1000, regs.MSRSF|regs.MSRHV|regs.MSRLE, func(r *regs.Regs) { r.GPR[7] = ea + 8 }, ppc64asm.LQ, 6, 0, 7)
	if v != 0 || m.CPU.Regs.NIP != 0x1004 {
		t.Errorf("aligned lq LE: interrupt %v NIP %#x, want none, 0x1004", v, m.CPU.Regs.NIP)
	}
}

// TestEstimateTables compares the estimate tables Estimate computes with
// the inverse_table constant of Microwatt's fpu.vhdl, read from the copy
// of Microwatt's repository at test time (skipped without one).
func TestEstimateTables(t *testing.T) {
	src, ok := microwattFile(t, "fpu.vhdl")
	if !ok {
		t.Skip("Microwatt's fpu.vhdl not found: set MICROWATT_DIR to a checkout of github.com/antonblanchard/microwatt")
	}
	var table []uint64
	for _, m := range regexp.MustCompile(`18x"([0-9a-f]{5})"`).FindAllSubmatch(src, -1) {
		v, _ := strconv.ParseUint(string(m[1]), 16, 32)
		table = append(table, v)
	}
	if len(table) != 1024 {
		t.Fatalf("fpu.vhdl: %d table entries, want 1024", len(table))
	}
	for i, want := range table {
		// The entry for fraction bits i: an operand 1.i (reciprocal)
		// or, for the square root, k.j with i = 256k + j.
		var b uint64
		rsqrt := i >= 256
		if !rsqrt {
			b = 0x3ff0000000000000 | uint64(i)<<44
		} else {
			k, j := i>>8, uint64(i&255)
			b = 0x3ff0000000000000 | j<<44 // 1.j × 2^0
			if k > 1 {                     // k.j = (k/2).(j/2) × 2^1
				b = 0x4000000000000000 | uint64(k-2)<<51 | j<<43
			}
		}
		sig, _ := microwatt.Estimate(rsqrt, b)
		if got := sig>>45 - 1<<18; got != want {
			t.Errorf("table entry %d (operand %#x): %#x, fpu.vhdl %#x", i, b, got, want)
		}
	}
}
