package emulate

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Condition-register tests. Encodings are assembled by hand from the ISA's
// X-, XL-, XFX- and A-form layouts; expected values are worked from the
// ISA pseudo-code. CR bits are numbered from the most significant end: bit
// 0 (CR0.LT) is 0x80000000, bit 31 (CR7.SO) is 1; field n is bits 4n..4n+3.

func TestCmprbCmpeqb(t *testing.T) {
	runFixed(t, []fixedCase{
		// cmprb cr1,0,r4,r5 = 7c842980; L=1 form 7ca42980; cr0 form 7c042980.
		{name: "cmprb in range A..Z", insn: enc(ppc64asm.CMPRB, 1, 0, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0x41, 0x5a41 },
			want:  func(r *regs.Regs) { r.CR = 0x04000000 }},
		{name: "cmprb upper bound inclusive", insn: enc(ppc64asm.CMPRB, 1, 0, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0x5a, 0x5a41 },
			want:  func(r *regs.Regs) { r.CR = 0x04000000 }},
		{name: "cmprb above range clears field, ignores SO", insn: enc(ppc64asm.CMPRB, 1, 0, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5], r.CR, r.XER = 0x5b, 0x5a41, 0xffffffff, regs.XERSO },
			want:  func(r *regs.Regs) { r.CR = 0xf0ffffff }},
		{name: "cmprb only the low byte of RA", insn: enc(ppc64asm.CMPRB, 1, 0, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0xffffffffffffff41, 0x5a41 },
			want:  func(r *regs.Regs) { r.CR = 0x04000000 }},
		{name: "cmprb L=0 ignores the second range", insn: enc(ppc64asm.CMPRB, 1, 0, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0x35, 0x3930_5a41 },
			want:  func(r *regs.Regs) {}},
		{name: "cmprb L=1 second range", insn: enc(ppc64asm.CMPRB, 1, 1, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0x35, 0x3930_5a41 },
			want:  func(r *regs.Regs) { r.CR = 0x04000000 }},
		{name: "cmprb empty range (lo > hi)", insn: enc(ppc64asm.CMPRB, 1, 1, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0x50, 0x415a },
			want:  func(r *regs.Regs) {}},
		{name: "cmprb ignores RB high word", insn: enc(ppc64asm.CMPRB, 0, 0, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5], r.CR = 0x61, 0x7a61_0000_0000_0000, 0x80000000 },
			want:  func(r *regs.Regs) { r.CR = 0 }},
		// cmpeqb cr0,r4,r5 = 7c0429c0; cr5 = 7e8429c0.
		{name: "cmpeqb match in top byte", insn: enc(ppc64asm.CMPEQB, 0, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0x41, 0x4100000000000000 },
			want:  func(r *regs.Regs) { r.CR = 0x40000000 }},
		{name: "cmpeqb no match, only the low byte of RA", insn: enc(ppc64asm.CMPEQB, 0, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5], r.XER = 0x141, 0x100, regs.XERSO },
			want:  func(r *regs.Regs) {}},
		{name: "cmpeqb zero byte", insn: enc(ppc64asm.CMPEQB, 5, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5], r.CR = 0, 0x0101010101010100, 0xffffffff },
			want:  func(r *regs.Regs) { r.CR = 0xfffff4ff }},
		{name: "cmpeqb no zero byte", insn: enc(ppc64asm.CMPEQB, 0, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0, 0x0101010101010101 },
			want:  func(r *regs.Regs) {}},
		{name: "cmpeqb 0x80", insn: enc(ppc64asm.CMPEQB, 0, 4, 5),
			setup: func(r *regs.Regs) { r.GPR[4], r.GPR[5] = 0x80, 0x0101010101010180 },
			want:  func(r *regs.Regs) { r.CR = 0x40000000 }},
	})
}

func TestSetbIselMcrxrx(t *testing.T) {
	runFixed(t, []fixedCase{
		// setb r3,cr1 = 7c640100.
		{name: "setb LT wins over GT", insn: enc(ppc64asm.SETB, 3, 1),
			setup: func(r *regs.Regs) { r.CR = 0x0c000000 },
			want:  func(r *regs.Regs) { r.GPR[3] = ulongMax }},
		{name: "setb GT", insn: enc(ppc64asm.SETB, 3, 1),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = 0x06000000, 7 },
			want:  func(r *regs.Regs) { r.GPR[3] = 1 }},
		{name: "setb EQ and SO give 0", insn: enc(ppc64asm.SETB, 3, 1),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = 0xf3ffffff, 7 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0 }},
		{name: "setb 32-bit mode writes 64 bits", insn: enc(ppc64asm.SETB, 3, 1), mode32: true,
			setup: func(r *regs.Regs) { r.CR = 0x08000000 },
			want:  func(r *regs.Regs) { r.GPR[3] = ulongMax }},
		// setbc r3,4 = 7c640300; setbcr 7c640340; setnbc 7c640380; setnbcr 7c6403c0.
		{name: "setbc set", insn: enc(ppc64asm.SETBC, 3, 4),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = 0x08000000, 9 },
			want:  func(r *regs.Regs) { r.GPR[3] = 1 }},
		{name: "setbc clear", insn: enc(ppc64asm.SETBC, 3, 4),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = 0xf7ffffff, 9 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0 }},
		{name: "setbcr set", insn: enc(ppc64asm.SETBCR, 3, 4),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = 0x08000000, 9 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0 }},
		{name: "setbcr clear", insn: enc(ppc64asm.SETBCR, 3, 4),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = 0, 9 },
			want:  func(r *regs.Regs) { r.GPR[3] = 1 }},
		{name: "setnbc set", insn: enc(ppc64asm.SETNBC, 3, 4),
			setup: func(r *regs.Regs) { r.CR = 0x08000000 },
			want:  func(r *regs.Regs) { r.GPR[3] = ulongMax }},
		{name: "setnbc clear", insn: enc(ppc64asm.SETNBC, 3, 4),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = 0, 9 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0 }},
		{name: "setnbcr set", insn: enc(ppc64asm.SETNBCR, 3, 4),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = 0x08000000, 9 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0 }},
		{name: "setnbcr clear", insn: enc(ppc64asm.SETNBCR, 3, 4),
			setup: func(r *regs.Regs) { r.CR = 0 },
			want:  func(r *regs.Regs) { r.GPR[3] = ulongMax }},
		{name: "setbc bit 31", insn: enc(ppc64asm.SETBC, 3, 31),
			setup: func(r *regs.Regs) { r.CR = 1 },
			want:  func(r *regs.Regs) { r.GPR[3] = 1 }},
		// isel r3,r4,r5,2 = 7c64289e; isel r3,0,r5,2 = 7c60289e.
		{name: "isel true takes RA", insn: enc(ppc64asm.ISEL, 3, 4, 5, 2),
			setup: func(r *regs.Regs) { r.CR, r.GPR[4], r.GPR[5] = 0x20000000, 0x1111, 0x2222 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0x1111 }},
		{name: "isel false takes RB", insn: enc(ppc64asm.ISEL, 3, 4, 5, 2),
			setup: func(r *regs.Regs) { r.CR, r.GPR[4], r.GPR[5] = 0xdfffffff, 0x1111, 0x2222 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0x2222 }},
		{name: "isel RA=0 is the value 0", insn: enc(ppc64asm.ISEL, 3, 0, 5, 2),
			setup: func(r *regs.Regs) { r.CR, r.GPR[0], r.GPR[5] = 0x20000000, 0x1111, 0x2222 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0 }},
		{name: "isel 32-bit mode keeps 64 bits", insn: enc(ppc64asm.ISEL, 3, 4, 5, 2), mode32: true,
			setup: func(r *regs.Regs) { r.CR, r.GPR[4] = 0x20000000, 0xffffffff00000001 },
			want:  func(r *regs.Regs) { r.GPR[3] = 0xffffffff00000001 }},
		// mcrxrx cr7 = 7f800480; cr0 = 7c000480.
		{name: "mcrxrx OV CA32", insn: enc(ppc64asm.MCRXRX, 7),
			setup: func(r *regs.Regs) { r.XER, r.CR = regs.XEROV|regs.XERCA32|regs.XERSO, 0x12345678 },
			want:  func(r *regs.Regs) { r.CR = 0x12345679 }},
		{name: "mcrxrx OV32 CA", insn: enc(ppc64asm.MCRXRX, 0),
			setup: func(r *regs.Regs) { r.XER, r.CR = regs.XEROV32|regs.XERCA|0x7f, 0xffffffff },
			want:  func(r *regs.Regs) { r.CR = 0x6fffffff }},
		{name: "mcrxrx all", insn: enc(ppc64asm.MCRXRX, 0),
			setup: func(r *regs.Regs) { r.XER = ulongMax },
			want:  func(r *regs.Regs) { r.CR = 0xf0000000 }},
	})
}

// TestKernelSetb runs the kernel's setb vectors (kernel-test-vectors.md).
func TestKernelSetb(t *testing.T) {
	for _, tc := range []struct {
		insn uint32
		cr   uint32
		want uint64
	}{
		{0x7e840100, 0x04000000, 1},
		{0x7e900100, 0x00008000, 0xFFFFFFFFFFFFFFFF},
		{0x7e940100, 0x00000200, 0},
	} {
		m := kernelMachine()
		m.r.CR = tc.cr
		m.r.GPR[20] = 0x5555
		exp := m.r
		exp.GPR[20], exp.NIP = tc.want, exp.NIP+4
		if err := m.step(t, Hardware, tc.insn); err != nil {
			t.Fatalf("%08x: %v", tc.insn, err)
		}
		if d := cmp.Diff(exp, m.r); d != "" {
			t.Errorf("%08x (-want +got):\n%s", tc.insn, d)
		}
	}
}

func TestCRLogicalMcrf(t *testing.T) {
	type op struct {
		name string
		op   decode.Op
		f    func(a, b bool) bool
	}
	ops := []op{
		{"crand", ppc64asm.CRAND, func(a, b bool) bool { return a && b }},
		{"crandc", ppc64asm.CRANDC, func(a, b bool) bool { return a && !b }},
		{"creqv", ppc64asm.CREQV, func(a, b bool) bool { return a == b }},
		{"crnand", ppc64asm.CRNAND, func(a, b bool) bool { return !(a && b) }},
		{"crnor", ppc64asm.CRNOR, func(a, b bool) bool { return !(a || b) }},
		{"cror", ppc64asm.CROR, func(a, b bool) bool { return a || b }},
		{"crorc", ppc64asm.CRORC, func(a, b bool) bool { return a || !b }},
		{"crxor", ppc64asm.CRXOR, func(a, b bool) bool { return a != b }},
	}
	// BA = 1 (0x40000000), BB = 30 (0x2), BT = 17 (0x4000): the four input
	// combinations, with the target bit starting at 0 and at 1.
	var cases []fixedCase
	for _, o := range ops {
		for _, in := range []struct{ a, b bool }{{false, false}, {false, true}, {true, false}, {true, true}} {
			for _, start := range []uint32{0, 0xffffffff} {
				cr := start &^ (0x40000000 | 2)
				if in.a {
					cr |= 0x40000000
				}
				if in.b {
					cr |= 2
				}
				want := cr &^ 0x4000
				if o.f(in.a, in.b) {
					want |= 0x4000
				}
				cases = append(cases, fixedCase{
					name:  o.name,
					insn:  enc(o.op, 17, 1, 30),
					setup: func(r *regs.Regs) { r.CR = cr },
					want:  func(r *regs.Regs) { r.CR = want },
				})
			}
		}
	}
	cases = append(cases,
		fixedCase{name: "crset (creqv 5,5,5)", insn: enc(ppc64asm.CREQV, 5, 5, 5),
			want: func(r *regs.Regs) { r.CR = 0x04000000 }},
		fixedCase{name: "crclr (crxor 5,5,5)", insn: enc(ppc64asm.CRXOR, 5, 5, 5),
			setup: func(r *regs.Regs) { r.CR = 0xffffffff },
			want:  func(r *regs.Regs) { r.CR = 0xfbffffff }},
		fixedCase{name: "crnot 31 (crnor 31,0,0)", insn: enc(ppc64asm.CRNOR, 31, 0, 0),
			want: func(r *regs.Regs) { r.CR = 1 }},
		fixedCase{name: "mcrf cr3,cr0", insn: enc(ppc64asm.MCRF, 3, 0),
			setup: func(r *regs.Regs) { r.CR = 0x9abcdef1 },
			want:  func(r *regs.Regs) { r.CR = 0x9ab9def1 }},
		fixedCase{name: "mcrf cr0,cr7", insn: enc(ppc64asm.MCRF, 0, 7),
			setup: func(r *regs.Regs) { r.CR = 0x9abcdef1 },
			want:  func(r *regs.Regs) { r.CR = 0x1abcdef1 }},
		fixedCase{name: "mcrf 32-bit mode", insn: enc(ppc64asm.MCRF, 0, 7), mode32: true,
			setup: func(r *regs.Regs) { r.CR = 0x0000000f },
			want:  func(r *regs.Regs) { r.CR = 0xf000000f }},
	)
	runFixed(t, cases)
}

func TestMfcrMtcrf(t *testing.T) {
	const cr = 0x89abcdef
	runFixed(t, []fixedCase{
		// mfcr r3 = 7c600026.
		{name: "mfcr zero-extends", insn: enc(ppc64asm.MFCR, 3),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, ulongMax },
			want:  func(r *regs.Regs) { r.GPR[3] = cr }},
		{name: "mfcr 32-bit mode", insn: enc(ppc64asm.MFCR, 3), mode32: true,
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, ulongMax },
			want:  func(r *regs.Regs) { r.GPR[3] = cr }},
		// mfocrf r3,0x20 (CR2) = 7c720026.
		{name: "mfocrf one field, rest zero", insn: enc(ppc64asm.MFOCRF, 3, 32),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, ulongMax },
			want:  func(r *regs.Regs) { r.GPR[3] = 0x00a00000 }},
		{name: "mfocrf one field (QEMU)", insn: enc(ppc64asm.MFOCRF, 3, 32), p: QEMU,
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, ulongMax },
			want:  func(r *regs.Regs) { r.GPR[3] = 0x00a00000 }},
		// mfocrf r3,0x0c (CR4, CR5) = 7c70c026; FXM=0 = 7c700026.
		{name: "mfocrf two fields: first one (hardware)", insn: enc(ppc64asm.MFOCRF, 3, 12),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, ulongMax },
			want:  func(r *regs.Regs) { r.GPR[3] = 0xc000 }},
		{name: "mfocrf two fields: RT unchanged (QEMU)", insn: enc(ppc64asm.MFOCRF, 3, 12), p: QEMU,
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, ulongMax },
			want:  func(r *regs.Regs) {}},
		{name: "mfocrf FXM=0: CR7 (hardware)", insn: enc(ppc64asm.MFOCRF, 3, 0),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, ulongMax },
			want:  func(r *regs.Regs) { r.GPR[3] = 0xf }},
		{name: "mfocrf FXM=0: RT unchanged (QEMU)", insn: enc(ppc64asm.MFOCRF, 3, 0), p: QEMU,
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, ulongMax },
			want:  func(r *regs.Regs) {}},
		// mtcrf 0xff,r3 = 7c6ff120; mtcrf 0x81,r3 = 7c681120.
		{name: "mtcrf all fields from the low word", insn: enc(ppc64asm.MTCRF, 255, 3),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, 0xfedcba9876543210 },
			want:  func(r *regs.Regs) { r.CR = 0x76543210 }},
		{name: "mtcrf fields 0 and 7", insn: enc(ppc64asm.MTCRF, 129, 3),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, 0x76543210 },
			want:  func(r *regs.Regs) { r.CR = 0x79abcde0 }},
		{name: "mtcrf FXM=0 writes nothing", insn: enc(ppc64asm.MTCRF, 0, 3),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, 0 },
			want:  func(r *regs.Regs) {}},
		// mtocrf 0x08,r3 (CR4) = 7c708120; 0x81 = 7c781120; 0 = 7c700120.
		{name: "mtocrf one field", insn: enc(ppc64asm.MTOCRF, 8, 3),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, 0x76543210 },
			want:  func(r *regs.Regs) { r.CR = 0x89ab3def }},
		{name: "mtocrf two fields: first one (hardware)", insn: enc(ppc64asm.MTOCRF, 129, 3),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, 0x76543210 },
			want:  func(r *regs.Regs) { r.CR = 0x79abcdef }},
		{name: "mtocrf two fields: CR unchanged (QEMU)", insn: enc(ppc64asm.MTOCRF, 129, 3), p: QEMU,
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, 0x76543210 },
			want:  func(r *regs.Regs) {}},
		{name: "mtocrf FXM=0: CR7 (hardware)", insn: enc(ppc64asm.MTOCRF, 0, 3),
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, 0x76543210 },
			want:  func(r *regs.Regs) { r.CR = 0x89abcde0 }},
		{name: "mtocrf FXM=0: CR unchanged (QEMU)", insn: enc(ppc64asm.MTOCRF, 0, 3), p: QEMU,
			setup: func(r *regs.Regs) { r.CR, r.GPR[3] = cr, 0x76543210 },
			want:  func(r *regs.Regs) {}},
	})
}

// TestCRReservedBits: reserved bits QEMU 7.2 ignores (qemuReservedOK) and
// ones it refuses; the hardware profile ignores all of them
// (power9-behaviour.md).
func TestCRReservedBits(t *testing.T) {
	for _, tc := range []struct {
		name    string
		insn    uint32
		qemuIll bool
	}{
		{"mcrf bit 11", 0x4c880800, false},
		{"mcrf bit 21", 0x4ca80000, false},
		{"mcrf bit 0", 0x4c880001, true},
		{"mfcr FXM", 0x7c6ab026, false},
		{"mfcr bit 11", 0x7c600826, true},
		{"setbc RB and Rc", 0x7c62fb01, false},
		{"setb RA low bits", 0x7c690100, true},
		{"isel Rc", 0x7c64289f, true},
		{"cmpd bit 22", 0x7c632000, false},
		{"cmpw Rc", 0x7c032001, false},
		{"cmpeqb Rc", 0x7c8429c1, false},
		{"cmpeqb bit 21", 0x7ca429c0, true},
		{"mtocrf bit 11", 0x7c780920, true},
	} {
		for _, p := range []Profile{Hardware, QEMU} {
			m := newMachine(true)
			m.r.CR = 0x20000000
			before := m.r
			err := m.step(t, p, tc.insn)
			if p == QEMU && tc.qemuIll {
				if !errors.Is(err, ErrIllegal) || before != m.r {
					t.Errorf("%s (%v): err = %v, want ErrIllegal, registers unchanged", tc.name, p, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s (%v): %v", tc.name, p, err)
			}
		}
	}
}

func TestCRAllocs(t *testing.T) {
	for _, w := range []uint32{0x7c64289e, 0x7c6ff120, 0x7c780120, 0x7c640100, 0x4c432202, 0x7c842980, 0x7c6802a6} {
		m := newMachine(true)
		e := New(Config{})
		var mem Memory = m.mem
		allocs := testing.AllocsPerRun(100, func() {
			m.r.NIP = cia
			_ = e.StepWord(&m.r, mem, w, 0)
		})
		if allocs != 0 {
			t.Errorf("%08x: %v allocations per step", w, allocs)
		}
	}
}

func BenchmarkStepIsel(b *testing.B)  { benchStep(b, enc(ppc64asm.ISEL, 3, 4, 5, 2)) } // isel r3,r4,r5,eq
func BenchmarkStepMtcrf(b *testing.B) { benchStep(b, enc(ppc64asm.MTCRF, 255, 3)) }    // mtcrf 0xff,r3
func BenchmarkStepCrand(b *testing.B) { benchStep(b, enc(ppc64asm.CRAND, 2, 3, 4)) }   // crand 2,3,4
