package emulate

import (
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/decimal"
	"github.com/ppc64emu/ppc64emu/regs"
)

// DFP and BCD instruction words used below (checked by TestDFPWords).
const (
	wDadd   = 0xec221804 // dadd f1,f2,f3
	wDmul   = 0xec221844 // dmul f1,f2,f3
	wDdivq  = 0xfc443444 // ddivq f2,f4,f6
	wDcffix = 0xec201e44 // dcffix f1,f3
	wDrrnd  = 0xec221846 // drrnd f1,f2,f3,0
	wDrdpq  = 0xfe40d604 // drdpq f18,f26
	wBcdadd = 0x10221c01 // bcdadd. v1,v2,v3,0
	wBctsq  = 0x10201d81 // bcdctsq. v1,v3
	wBctsqA = 0x10601d81 // bcdctsq. v3,v3
	wBcdus  = 0x10221c81 // bcdus. v1,v2,v3
)

func TestDFPWords(t *testing.T) {
	for w, name := range map[uint32]string{
		wDadd: "dadd", wDmul: "dmul", wDdivq: "ddivq", wDcffix: "dcffix", wDrrnd: "drrnd", wDrdpq: "drdpq",
		wBcdadd: "bcdadd.", wBctsq: "bcdctsq.", wBctsqA: "bcdctsq.", wBcdus: "bcdus.",
	} {
		in, err := decode.DecodeWord(w, 0)
		if err != nil || in.Op.String() != name {
			t.Errorf("%#08x decodes as %v (%v), want %s", w, in.Op, err, name)
		}
	}
}

func long(neg bool, digits string, exp int) uint64 {
	return decimal.ParseFinite(decimal.Long, neg, digits, exp).Lo
}

// TestDFPAddRounding: decTest ddadd018 (4444444444444444 + 0.5001 →
// 4444444444444445, Inexact Rounded) through dadd, and the ISA's FR and FI
// (rounded up, inexact) in both profiles; an exact add clears them (QEMU 7.2
// leaves them: an accepted divergence).
func TestDFPAddRounding(t *testing.T) {
	for _, p := range []Profile{Hardware, QEMU} {
		m := newMachine(false)
		m.r.SetFPR(2, long(false, "4444444444444444", 0))
		m.r.SetFPR(3, long(false, "5001", -4))
		if err := m.step(t, p, wDadd); err != nil {
			t.Fatal(err)
		}
		if got, want := m.r.FPR(1), long(false, "4444444444444445", 0); got != want {
			t.Errorf("%v: dadd = %#x, want %#x", p, got, want)
		}
		want := regs.FPSCRFX | regs.FPSCRXX | regs.FPSCRFR | regs.FPSCRFI | 0x04<<regs.FPSCRFPRFLSB
		if m.r.FPSCR != want {
			t.Errorf("%v: FPSCR = %#x, want %#x", p, m.r.FPSCR, want)
		}
		// ddadd001: 1 + 1 = 2, exact: FR and FI cleared.
		m.r.NIP = cia
		m.r.SetFPR(2, long(false, "1", 0))
		m.r.SetFPR(3, long(false, "1", 0))
		if err := m.step(t, p, wDadd); err != nil {
			t.Fatal(err)
		}
		if m.r.FPR(1) != long(false, "2", 0) || m.r.FPSCR&(regs.FPSCRFR|regs.FPSCRFI) != 0 {
			t.Errorf("%v: 1+1 = %#x, FPSCR %#x", p, m.r.FPR(1), m.r.FPSCR)
		}
	}
}

// TestDFPEnabledInvalid: dadd of an SNaN with VE = 1. The ISA: FEX set,
// FRT unchanged, and the program interrupt when MSR[FE0,FE1] ≠ 0; QEMU 7.2
// writes the QNaN and never interrupts (Difference dfp-enabled).
func TestDFPEnabledInvalid(t *testing.T) {
	snan := uint64(0x7e00000000000000)
	setup := func(fe bool) *machine {
		m := newMachine(false)
		m.r.SetFPR(1, 0x1234)
		m.r.SetFPR(2, snan)
		m.r.SetFPR(3, long(false, "1", 0))
		m.r.FPSCR = regs.FPSCRVE
		if fe {
			m.r.MSR |= regs.MSRFE0
		}
		return m
	}
	m := setup(false)
	if err := m.step(t, Hardware, wDadd); err != nil {
		t.Fatal(err)
	}
	if m.r.FPR(1) != 0x1234 || m.r.FPSCR&regs.FPSCRFEX == 0 || m.r.FPSCR&regs.FPSCRVXSNAN == 0 {
		t.Errorf("hardware, FE=0: FRT %#x FPSCR %#x", m.r.FPR(1), m.r.FPSCR)
	}
	m = setup(true)
	before := m.r
	err := m.step(t, Hardware, wDadd)
	var x *FPException
	if !errors.As(err, &x) || before != m.r || x.Target != -1 {
		t.Errorf("hardware, FE=1: err = %v, registers changed = %v", err, before != m.r)
	}
	m = setup(true)
	if err := m.step(t, QEMU, wDadd); err != nil {
		t.Fatal(err)
	}
	if m.r.FPR(1) != 0x7c00000000000000 || m.r.FPSCR&regs.FPSCRFEX == 0 {
		t.Errorf("qemu: FRT %#x FPSCR %#x", m.r.FPR(1), m.r.FPSCR)
	}
}

// TestDFPDrrndFEX: drrnd of an SNaN with VE = 0 sets VXSNAN but not FEX
// (FEX summarises enabled exceptions only; QEMU 7.2 sets it: divergence).
func TestDFPDrrndFEX(t *testing.T) {
	m := newMachine(false)
	m.r.SetFPR(2, 5)
	m.r.SetFPR(3, 0x7e00000000000000)
	if err := m.step(t, QEMU, wDrrnd); err != nil {
		t.Fatal(err)
	}
	if m.r.FPSCR&regs.FPSCRFEX != 0 || m.r.FPSCR&regs.FPSCRVXSNAN == 0 || m.r.FPR(1) != 0x7c00000000000000 {
		t.Errorf("FPSCR %#x FRT %#x", m.r.FPSCR, m.r.FPR(1))
	}
}

// TestDFPNoPanic: the drdpq operands a random sweep found panicking
// (an enabled overflow whose adjusted exponent is still out of range).
func TestDFPNoPanic(t *testing.T) {
	for _, p := range []Profile{Hardware, QEMU} {
		m := newMachine(false)
		m.r.SetFPR(26, 0xd1ea67f3a14f07f7)
		m.r.SetFPR(27, 0x604d2232fd3a24a6)
		m.r.FPSCR = 0x4c
		if err := m.step(t, p, wDrdpq); err != nil && !errors.Is(err, ErrFPException) {
			t.Errorf("%v: %v", p, err)
		}
	}
}

func bcdV(hi, lo uint64) regs.VSR { return regs.VSR{Hi: hi, Lo: lo} }

// TestBCDISA: the ISA's results where QEMU 7.2 diverges (accepted
// divergences): −0 + −0 gives −0 with CR6 = EQ alone; bcdctsq. with
// VRT = VRB takes CR6 from the BCD operand; bcdus. of a non-zero result
// gives GT.
func TestBCDISA(t *testing.T) {
	m := newMachine(false)
	m.r.SetVR(2, bcdV(0, 0xd))
	m.r.SetVR(3, bcdV(0, 0xd))
	if err := m.step(t, QEMU, wBcdadd); err != nil {
		t.Fatal(err)
	}
	if m.r.VR(1) != bcdV(0, 0xd) || m.r.CRField(6) != regs.CREQ {
		t.Errorf("-0 + -0: VRT %x CR6 %x", m.r.VR(1), m.r.CRField(6))
	}

	m = newMachine(false)
	m.r.SetVR(3, bcdV(0, 0x123d)) // −123
	if err := m.step(t, QEMU, wBctsqA); err != nil {
		t.Fatal(err)
	}
	if m.r.VR(3) != bcdV(^uint64(0), ^uint64(122)) || m.r.CRField(6) != regs.CRLT {
		t.Errorf("bcdctsq. v3,v3: VRT %x CR6 %x", m.r.VR(3), m.r.CRField(6))
	}

	m = newMachine(false)
	m.r.SetVR(2, bcdV(1, 0)) // shift count 1 (byte 7)
	m.r.SetVR(3, bcdV(0, 0x42))
	if err := m.step(t, QEMU, wBcdus); err != nil {
		t.Fatal(err)
	}
	if m.r.VR(1) != bcdV(0, 0x420) || m.r.CRField(6) != regs.CRGT {
		t.Errorf("bcdus.: VRT %x CR6 %x", m.r.VR(1), m.r.CRField(6))
	}
}

// TestBCDInvalid: an invalid sign code leaves VRT undefined: the hardware
// profile refuses (registers unchanged), the QEMU profile gives all ones
// and CR6 = SO (Difference bcd-invalid).
func TestBCDInvalid(t *testing.T) {
	m := newMachine(false)
	m.r.SetVR(2, bcdV(0, 0x15)) // sign code 5: invalid
	m.r.SetVR(3, bcdV(0, 0x1c))
	before := m.r
	if err := m.step(t, Hardware, wBcdadd); !errors.Is(err, ErrNotEmulated) || before != m.r {
		t.Errorf("hardware: %v", err)
	}
	if err := m.step(t, QEMU, wBcdadd); err != nil {
		t.Fatal(err)
	}
	if m.r.VR(1) != bcdV(^uint64(0), ^uint64(0)) || m.r.CRField(6) != regs.CRSO {
		t.Errorf("qemu: VRT %x CR6 %x", m.r.VR(1), m.r.CRField(6))
	}
}

func dfpBenchMachine(tb testing.TB, word uint32) (*Emulator, *machine, *decode.Inst) {
	m := newMachine(true)
	m.r.SetFPR(2, long(false, "3141592653589793", -15))
	m.r.SetFPR(3, long(false, "2718281828459045", -15))
	x := decimal.ParseFinite(decimal.Extended, false, "3141592653589793238462643383279502", -33)
	y := decimal.ParseFinite(decimal.Extended, false, "2718281828459045235360287471352662", -33)
	m.r.SetFPR(4, x.Hi)
	m.r.SetFPR(5, x.Lo)
	m.r.SetFPR(6, y.Hi)
	m.r.SetFPR(7, y.Lo)
	m.r.SetVR(2, bcdV(0x31, 0x415926535897932c))
	m.r.SetVR(3, bcdV(0x2718, 0x281828459045235d))
	in, err := decode.DecodeWord(word, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return New(Config{Profile: QEMU}), m, &in
}

func benchDFP(b *testing.B, word uint32) {
	e, m, in := dfpBenchMachine(b, word)
	benchLoop(b, e, m, in)
}

func BenchmarkStepDadd(b *testing.B)   { benchDFP(b, wDadd) }
func BenchmarkStepDmul(b *testing.B)   { benchDFP(b, wDmul) }
func BenchmarkStepDdivq(b *testing.B)  { benchDFP(b, wDdivq) }
func BenchmarkStepDcffix(b *testing.B) { benchDFP(b, wDcffix) }
func BenchmarkStepBcdadd(b *testing.B) { benchDFP(b, wBcdadd) }

// TestDFPStepAllocs: DFP and BCD steps allocate nothing.
func TestDFPStepAllocs(t *testing.T) {
	for _, w := range []uint32{wDadd, wDmul, wDdivq, wDcffix, wBcdadd} {
		e, m, in := dfpBenchMachine(t, w)
		var mem Memory = m.mem
		allocs := testing.AllocsPerRun(100, func() {
			m.r.NIP = cia
			_ = e.Step(&m.r, mem, in)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per step", in.Op, allocs)
		}
	}
}

// TestDenbcd: denbcd of BCD digits and of an invalid sign code. Valid:
// signed 15 digits −123 → −123E0. Invalid: the ISA's VXCVI with the
// default QNaN (hardware profile); the QEMU profile refuses (QEMU 7.2 reads
// nibble A as a digit and leaves other state not modelled).
func TestDenbcd(t *testing.T) {
	const wDenbcdS = 0xec300e84 // denbcd 1,f1,f1
	for _, p := range []Profile{Hardware, QEMU} {
		m := newMachine(false)
		m.r.SetFPR(1, 0x123d)
		if err := m.step(t, p, wDenbcdS); err != nil {
			t.Fatal(err)
		}
		if got, want := m.r.FPR(1), long(true, "123", 0); got != want {
			t.Errorf("%v: denbcd = %#x, want %#x", p, got, want)
		}
	}
	m := newMachine(false)
	m.r.SetFPR(1, 0x1235) // sign code 5
	if err := m.step(t, Hardware, wDenbcdS); err != nil {
		t.Fatal(err)
	}
	if m.r.FPR(1) != 0x7c00000000000000 || m.r.FPSCR&regs.FPSCRVXCVI == 0 {
		t.Errorf("hardware invalid: FRT %#x FPSCR %#x", m.r.FPR(1), m.r.FPSCR)
	}
	m = newMachine(false)
	m.r.SetFPR(1, 0x1235)
	before := m.r
	if err := m.step(t, QEMU, wDenbcdS); !errors.Is(err, ErrNotEmulated) || before != m.r {
		t.Errorf("qemu invalid: %v", err)
	}
}

// TestDFPOddPair: an odd register number for an FPR pair operand is an
// invalid form: QEMU 7.2 raises an illegal-instruction signal (the
// measured legality table); the hardware profile follows its invalid-form
// row. Either way nothing changes.
func TestDFPOddPair(t *testing.T) {
	const wDaddqOdd = 0xfc643004 // daddq f3,f4,f6
	in, err := decode.DecodeWord(wDaddqOdd, 0)
	if err != nil || in.Op.String() != "daddq" || in.Invalid&decode.InvalidForm == 0 {
		t.Fatalf("%#x: %v %v invalid=%v", wDaddqOdd, in.Op, err, in.Invalid)
	}
	for _, p := range []Profile{Hardware, QEMU} {
		m := newMachine(false)
		before := m.r
		err := m.step(t, p, wDaddqOdd)
		if err == nil || before != m.r {
			t.Errorf("%v: err = %v, registers changed = %v", p, err, before != m.r)
		}
		if p == QEMU && !errors.Is(err, ErrIllegal) {
			t.Errorf("qemu: %v, want illegal", err)
		}
	}
}

// TestBCDCopySignAlias: bcdcpsgn. v3,v2,v3 takes the digits of v2 and the
// sign of v3 as it was (the ISA; QEMU 7.2 reads the sign after writing
// VRT: an accepted divergence).
func TestBCDCopySignAlias(t *testing.T) {
	const w = 0x10621b41 // bcdcpsgn. v3,v2,v3
	if in, err := decode.DecodeWord(w, 0); err != nil || in.Op.String() != "bcdcpsgn." {
		t.Fatalf("%#x: %v %v", w, in.Op, err)
	}
	m := newMachine(false)
	m.r.SetVR(2, bcdV(0, 0x79c))
	m.r.SetVR(3, bcdV(0, 0x5d))
	if err := m.step(t, QEMU, w); err != nil {
		t.Fatal(err)
	}
	if m.r.VR(3) != bcdV(0, 0x79d) || m.r.CRField(6) != regs.CRLT {
		t.Errorf("VRT %x CR6 %x", m.r.VR(3), m.r.CRField(6))
	}
}

// TestBCDSetSignInvalidSign: bcdsetsgn. of an operand whose sign code is
// invalid (0x9) is an invalid operand (CR6 = SO), whether or not VRT is VRB:
// QEMU 7.2 measured SO for bcdsetsgn. v11,v31,1 on such an operand; with VRT =
// VRB it checks the already-rewritten VRT instead (an accepted divergence).
func TestBCDSetSignInvalidSign(t *testing.T) {
	for _, w := range []uint32{
		0x117fff81, // bcdsetsgn. v11,v31,1
		0x10ff3f81, // bcdsetsgn. v7,v7,1
	} {
		if in, err := decode.DecodeWord(w, 0); err != nil || in.Op.String() != "bcdsetsgn." {
			t.Fatalf("%#x: %v %v", w, in.Op, err)
		}
		m := newMachine(false)
		vrb := int(w>>11) & 31
		m.r.SetVR(vrb, bcdV(0x0036003200340038, 0x0032003300340039))
		if err := m.step(t, QEMU, w); err != nil {
			t.Fatal(err)
		}
		if m.r.CRField(6) != regs.CRSO {
			t.Errorf("%#x: CR6 %x, want SO", w, m.r.CRField(6))
		}
	}
}
