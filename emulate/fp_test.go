package emulate

import (
	"errors"
	"golang.org/x/arch/ppc64/ppc64asm"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Encodings used below (FRT=1, FRA=2, FRB=3, FRC=4).
var (
	wFnmadd  = enc(ppc64asm.FNMADD, 1, 2, 4, 3) // fnmadd f1,f2,f4,f3
	wFmul    = enc(ppc64asm.FMUL, 1, 2, 4)      // fmul f1,f2,f4
	wFrsp    = enc(ppc64asm.FRSP, 1, 3)         // frsp f1,f3
	wFcfids  = enc(ppc64asm.FCFIDS, 1, 3)       // fcfids f1,f3
	wFcmpo7  = enc(ppc64asm.FCMPO, 7, 2, 3)     // fcmpo cr7,f2,f3
	wMtfsb1  = enc(ppc64asm.MTFSB1, 4)          // mtfsb1 4 (UX)
	wFre     = enc(ppc64asm.FRE, 1, 3)          // fre f1,f3
	wFctiw   = enc(ppc64asm.FCTIW, 1, 3)        // fctiw f1,f3
	wFaddRc  = enc(ppc64asm.FADDCC, 1, 2, 3)    // fadd. f1,f2,f3
	wFmulRc  = enc(ppc64asm.FMULCC, 1, 2, 4)    // fmul. f1,f2,f4
	wFdivZ   = enc(ppc64asm.FDIV, 1, 2, 3)      // fdiv f1,f2,f3
	wFmaddNo = enc(ppc64asm.FMADD, 1, 2, 4, 3)  // fmadd f1,f2,f4,f3
)

// fpCase is one step with expected FPR1, FPSCR and CR (ISA, worked by hand,
// or QEMU harness output where noted).
type fpCase struct {
	name    string
	prof    Profile
	word    uint32
	f2, f3  uint64
	f4      uint64
	fpscr   uint64
	msr     uint64 // extra MSR bits
	wantErr error  // nil, ErrFPException, ErrNotEmulated, ErrUnavailable
	f1      uint64
	wFPSCR  uint64
	cr      uint32
	exc     *FPException // expected details of an ErrFPException (Op ignored)
}

// stepCase is the expectation c stands for: FPR2-4 and FPSCR set, FPR1,
// FPSCR and CR expected.
func (c fpCase) stepCase() stepCase {
	return stepCase{name: c.name, word: c.word, prof: c.prof, msr: c.msr,
		setup: func(m *machine) {
			m.r.SetFPR(2, c.f2)
			m.r.SetFPR(3, c.f3)
			m.r.SetFPR(4, c.f4)
			m.r.FPSCR = c.fpscr
		},
		want: func(m *machine) {
			m.r.VSR[1] = regs.VSR{Hi: c.f1}
			m.r.FPSCR = c.wFPSCR
			m.r.CR = c.cr
		},
		err: c.wantErr, exc: c.exc}
}

func runFPCases(t *testing.T, cases []fpCase) {
	t.Helper()
	runCases(t, stepCases(cases, fpCase.stepCase))
}

// TestFPISA checks the cases where the ISA, not QEMU, decides (the accepted
// divergences of trace/fpdiverge.go, including FR, which QEMU 7.2 never
// sets), under both profiles.
func TestFPISA(t *testing.T) {
	const one, max = 0x3ff0000000000000, 0x7fefffffffffffff
	var cases []fpCase
	for _, p := range []Profile{Hardware, QEMU} {
		const fr = uint64(regs.FPSCRFR) // the ISA: set when rounding incremented the fraction
		cases = append(cases,
			// 1 + 1.5·2^-53 rounds up to 1 + 2^-52: FX XX FI (FR) +normal.
			fpCase{name: "fadd-round-up", prof: p, word: wFadd, f2: one, f3: 0x3ca8000000000000,
				f1: 0x3ff0000000000001, wFPSCR: 0x82024000 | fr},
			// Exact: FR and FI are cleared (QEMU leaves FR as it was: harness,
			// fadd 1+1 with fpscr=00040000 gives 00044000).
			fpCase{name: "fadd-exact", prof: p, word: wFadd, f2: one, f3: one, fpscr: 0x00060000,
				f1: 0x4000000000000000, wFPSCR: 0x00004000},
			// frsp of 2^-127: a single-precision denormal, exact: FPRF +denormal (0x14).
			fpCase{name: "frsp-single-denormal", prof: p, word: wFrsp, f3: 0x3800000000000000,
				f1: 0x3800000000000000, wFPSCR: 0x00014000},
			// fmul of (1−2^-53)·2^-1022 by 1... : tiny before rounding; RN ties the
			// exact 2^-1022 − 2^-1075 up to 2^-1022 (even): UX XX FI (FR), +normal.
			fpCase{name: "fmul-tiny-before-rounding", prof: p, word: wFmul, f2: 0x3fefffffffffffff, f4: 0x0010000000000000,
				f1: 0x0010000000000000, wFPSCR: 0x8a024000 | fr},
			// fnmadd in RN=+inf: 1·1 + 2^-60 rounds up to 1+2^-52, then is
			// negated (ISA; QEMU 7.2 gives −1).
			fpCase{name: "fnmadd-round-then-negate", prof: p, word: wFnmadd, f2: one, f4: one, f3: 0x3c30000000000000, fpscr: 2,
				f1: 0xbff0000000000001, wFPSCR: 0x82028002 | fr},
			// fcfids 1: FPRF +normal (QEMU 7.2 leaves FPRF alone).
			fpCase{name: "fcfids-fprf", prof: p, word: wFcfids, f3: 1, f1: one, wFPSCR: 0x00004000},
			// fcmpo with a QNaN, VE=0: VXVC, FPCC = FU; C is not touched.
			fpCase{name: "fcmpo-qnan", prof: p, word: wFcmpo7, f2: 0x7ff8000000000000, f3: one,
				wFPSCR: 0xa0081000, cr: 0x00000001},
			// fcmpo 1 < 2 with FI set: FPCC = FL, FI unchanged (the ISA alters
			// only FPCC, FX, VXSNAN, VXVC; QEMU 7.2 clears FI).
			fpCase{name: "fcmpo-keeps-fi", prof: p, word: wFcmpo7, f2: one, f3: 0x4000000000000000, fpscr: 0x20000,
				wFPSCR: 0x28000, cr: 0x00000008},
			// mtfsb1 of UX from 0: FX is set too (QEMU 7.2 does not).
			fpCase{name: "mtfsb1-fx", prof: p, word: wMtfsb1, wFPSCR: 0x88000000},
			// fmadd ∞×0 + SNaN: VXSNAN and VXIMZ, the SNaN quieted (QEMU: no VXSNAN).
			fpCase{name: "fmadd-imz-snan", prof: p, word: wFmaddNo, f2: 0x7ff0000000000000, f4: 0, f3: 0x7ff0000000000001,
				f1: 0x7ff8000000000001, wFPSCR: 0xa1111000},
			// XX already set, FX clear: no exception bit changes from 0 to 1,
			// so FX stays 0; QEMU 7.2 sets it (fp-fx-every-exception).
			fpCase{name: "fadd-fx-no-transition", prof: p, word: wFadd, f2: one, f3: 0x3ca8000000000000, fpscr: 0x02000000,
				f1: 0x3ff0000000000001, wFPSCR: 0x02024000 | fr | qemuFX(p)},
			// Record form: CR1 = FX FEX VX OX.
			fpCase{name: "fadd-rc-overflow", prof: p, word: wFaddRc, f2: max, f3: max,
				f1: 0x7ff0000000000000, wFPSCR: 0x92025000 | fr, cr: 0x09000000},
		)
	}
	runFPCases(t, cases)
}

// TestFPUnavailable: MSR[FP]=0 gives ErrUnavailable with nothing changed.
func TestFPUnavailable(t *testing.T) {
	for _, w := range []uint32{wFadd, wFmaddNo, wFctiwz, wFrsp, wMtfsb1, 0xfc00048e /* mffs */, wFcmpo7} {
		bothOrders(t, func(t *testing.T, le bool) {
			m := newMachine(le)
			m.r.MSR &^= regs.MSRFP
			before := m.r
			if err := m.step(t, QEMU, w); !errors.Is(err, ErrUnavailable) {
				t.Fatalf("%08x: %v, want ErrUnavailable", w, err)
			}
			if d := cmp.Diff(before, m.r); d != "" {
				t.Errorf("%08x: registers changed:\n%s", w, d)
			}
		})
	}
}

// TestFPEnabledExceptions: the enabled-exception outcome, with the state
// at the interrupt in the FPException and the register file unchanged.
func TestFPEnabledExceptions(t *testing.T) {
	const one, max = 0x3ff0000000000000, 0x7fefffffffffffff
	fe := regs.MSRFE0 | regs.MSRFE1
	cases := []fpCase{
		// ZE: 1/0, target unchanged, FPRF unchanged: FX FEX ZX.
		{name: "ze", prof: Hardware, word: wFdivZ, f2: one, f3: 0, fpscr: 0x10, msr: fe, wantErr: ErrFPException,
			exc: &FPException{FPSCR: 0xc4000010, Target: -1}},
		// QEMU traps even with MSR[FE0,FE1] = 0 (fp-enabled-trap).
		{name: "ze-qemu", prof: QEMU, word: wFdivZ, f2: one, f3: 0, fpscr: 0x10, wantErr: ErrFPException,
			exc: &FPException{FPSCR: 0xc4000010, Target: -1}},
		// OE: max+max = (2−2^-52)·2^1024, exponent adjusted by −1536.
		{name: "oe", prof: Hardware, word: wFadd, f2: max, f3: max, fpscr: 0x40, msr: fe, wantErr: ErrFPException,
			exc: &FPException{FPSCR: 0xd0004040, Target: 1, Value: 0x1fffffffffffffff}},
		// UE: QEMU harness: fmul (2^-1022 + 2^-1074)·0.5 with UE=1 gives
		// st=fpe, fpscr=c8004020, f1=6000000000000001.
		{name: "ue-qemu", prof: QEMU, word: wFmul, f2: 0x0010000000000001, f4: 0x3fe0000000000000, fpscr: 0x20, wantErr: ErrFPException,
			exc: &FPException{FPSCR: 0xc8004020, Target: 1, Value: 0x6000000000000001}},
		// XE: QEMU harness: fadd 1 + 1.5·2^-53 with XE=1: fpscr=c2024008, f1=3ff0000000000001;
		// plus FR (0x00040000), which the ISA sets for this rounded-up result and
		// QEMU 7.2 never does (accepted divergence, trace/fpdiverge.go).
		{name: "xe-qemu", prof: QEMU, word: wFadd, f2: one, f3: 0x3ca8000000000000, fpscr: 0x08, wantErr: ErrFPException,
			exc: &FPException{FPSCR: 0xc2064008, Target: 1, Value: 0x3ff0000000000001}},
		// VE with Rc=1: CR1 = FX FEX VX OX = 1110.
		{name: "ve-rc", prof: Hardware, word: wFaddRc, f2: 0x7ff0000000000000, f3: 0xfff0000000000000, fpscr: 0x80, msr: fe,
			wantErr: ErrFPException, exc: &FPException{FPSCR: 0xe0800080, CR: 0x0e000000, Target: -1}},
	}
	runFPCases(t, cases)

	// Ignore-exceptions mode on the hardware profile: no interrupt; OE=1
	// still delivers the adjusted result and sets FEX.
	runFPCases(t, []fpCase{
		{name: "oe-ignored", prof: Hardware, word: wFadd, f2: max, f3: max, fpscr: 0x40,
			f1: 0x1fffffffffffffff, wFPSCR: 0xd0004040},
		// ZE=1 ignored: the target is unchanged (f1 = 0 here), FEX set.
		{name: "ze-ignored", prof: Hardware, word: wFdivZ, f2: one, f3: 0, fpscr: 0x10,
			f1: 0, wFPSCR: 0xc4000010},
	})

	// Apply writes the interrupt state.
	var r regs.Regs
	x := &FPException{FPSCR: 0xd0004040, CR: 0x0e000000, Target: 1, Value: 5}
	x.Apply(&r)
	if r.FPSCR != 0xd0004040 || r.CR != 0x0e000000 || r.FPR(1) != 5 {
		t.Errorf("Apply: FPSCR %#x CR %#x f1 %#x", r.FPSCR, r.CR, r.FPR(1))
	}
}

// TestFCTIHardware: the hardware profile's fcti* values (row
// fcti-undefined), with the examples of power9-behaviour.md's second table:
// FPRF = 0 (Microwatt 0e11f80f, HW-measured) and the word result copied
// into FRT bits 0:31 (Microwatt ca792f3b, HW-measured). FPSCR bits by the
// ISA (VXCVI for a NaN or out-of-range operand; XX, FI, FR when inexact).
func TestFCTIHardware(t *testing.T) {
	var (
		wFctiwu = enc(ppc64asm.FCTIWU, 1, 3) // fctiwu f1,f3
		wFctid  = enc(ppc64asm.FCTID, 1, 3)  // fctid f1,f3
	)
	const (
		fprfAll = 0x1f000 // FPRF = 0b11111 before the step
		one     = 0x3ff0000000000000
		qnan    = 0x7ff8000000000000
		fourE9  = 0x41edcd6500000000 // 4e9
	)
	invalid := uint64(regs.FPSCRFX | regs.FPSCRVX | regs.FPSCRVXCVI)
	inexactUp := uint64(regs.FPSCRFX | regs.FPSCRXX | regs.FPSCRFI | regs.FPSCRFR)
	runFPCases(t, []fpCase{
		{name: "fctiw(1.0)", prof: Hardware, word: wFctiw, f3: one, fpscr: fprfAll, f1: 0x00000001_00000001},
		{name: "fctiw(NaN)", prof: Hardware, word: wFctiw, f3: qnan, fpscr: fprfAll, f1: 0x80000000_80000000, wFPSCR: invalid},
		{name: "fctiwu(4e9)", prof: Hardware, word: wFctiwu, f3: fourE9, fpscr: fprfAll, f1: 0xee6b2800_ee6b2800},
		{name: "fctiw(-2.0)", prof: Hardware, word: wFctiw, f3: 0xc000000000000000, fpscr: fprfAll, f1: 0xfffffffe_fffffffe},
		{name: "fctid(1.5)", prof: Hardware, word: wFctid, f3: 0x3ff8000000000000, fpscr: fprfAll, f1: 2, wFPSCR: inexactUp},
		{name: "fctid(NaN)", prof: Hardware, word: wFctid, f3: qnan, fpscr: fprfAll, f1: 0x8000000000000000, wFPSCR: invalid},
		// VE=1: an enabled invalid operation leaves FRT and FPRF alone (FEX set, no interrupt in ignore-exceptions mode).
		{name: "fctiw(NaN) VE=1", prof: Hardware, word: wFctiw, f3: qnan, fpscr: fprfAll | regs.FPSCRVE,
			wFPSCR: fprfAll | regs.FPSCRVE | invalid | regs.FPSCRFEX},
	})
}

// qemuFX is FPSCR[FX] where QEMU 7.2 sets it and the ISA does not: an
// exception raised again (Differences row fp-fx-every-exception).
func qemuFX(p Profile) uint64 {
	if p == QEMU {
		return regs.FPSCRFX
	}
	return 0
}

// TestFPFXOnVXBit: FX is set when any individual exception bit, including
// each VX* bit, goes from 0 to 1, and only then (Power ISA 3.1B Book I 4.2.2;
// power9-behaviour.md second table: Microwatt commit 8a204f10, HW-measured).
// Both profiles, but QEMU 7.2 also sets it for a bit raised again.
func TestFPFXOnVXBit(t *testing.T) {
	const (
		snan   = 0x7ff4000000000000
		one    = 0x3ff0000000000000
		inf    = 0x7ff0000000000000
		qnan   = 0x7ff8000000000000
		fprfQN = 0x11 << regs.FPSCRFPRFLSB
	)
	vxisi := uint64(regs.FPSCRVX | regs.FPSCRVXISI) // VXISI already set, FX clear
	var cases []fpCase
	for _, p := range []Profile{Hardware, QEMU} {
		cases = append(cases,
			// VXSNAN 0→1 with VX already 1: FX set.
			fpCase{name: "vxsnan-new", prof: p, word: wFadd, f2: snan, f3: one, fpscr: vxisi,
				f1: 0x7ffc000000000000, wFPSCR: vxisi | regs.FPSCRVXSNAN | regs.FPSCRFX | fprfQN},
			// VXISI again (already 1): no bit goes 0→1, FX stays 0 (QEMU
			// 7.2 sets it: fp-fx-every-exception).
			fpCase{name: "vxisi-again", prof: p, word: wFadd, f2: inf, f3: inf | fpSignBit, fpscr: vxisi,
				f1: qnan, wFPSCR: vxisi | fprfQN | qemuFX(p)},
		)
	}
	runFPCases(t, cases)
}

// TestFPHardwareUnknown: the hardware profile refuses what the hardware
// does not define or the project has not measured.
func TestFPHardwareUnknown(t *testing.T) {
	for _, c := range []struct {
		word  uint32
		fpscr uint64
	}{
		{wFre, 0},                  // fp-estimate
		{wFadd, regs.FPSCRNI},      // fpscr-ni
		{wFcfids, regs.FPSCRNI},    // fpscr-ni
		{0xfc201b10, regs.FPSCRNI}, // frin, fpscr-ni
	} {
		m := newMachine(true)
		m.r.FPSCR = c.fpscr
		before := m.r
		if err := m.step(t, Hardware, c.word); !errors.Is(err, ErrNotEmulated) {
			t.Errorf("%08x: %v, want ErrNotEmulated", c.word, err)
		}
		if d := cmp.Diff(before, m.r); d != "" {
			t.Errorf("%08x: registers changed:\n%s", c.word, d)
		}
		if err := m.step(t, QEMU, c.word); err != nil {
			t.Errorf("%08x (qemu): %v", c.word, err)
		}
	}
}

// TestFPNegatedAdjusted: fnmadd with an enabled overflow rounds the
// exponent-adjusted sum and then negates it. max·2 + 0 in RN=+inf:
// (2−2^-52)·2^1024 is exact, adjusted to (2−2^-52)·2^-512 and negated.
func TestFPNegatedAdjusted(t *testing.T) {
	runFPCases(t, []fpCase{{name: "fnmadd-oe", prof: Hardware, word: wFnmadd,
		f2: 0x7fefffffffffffff, f4: 0x4000000000000000, f3: 0, fpscr: 0x40 | 2, msr: regs.MSRFE0 | regs.MSRFE1,
		wantErr: ErrFPException, exc: &FPException{FPSCR: 0xd0008042, Target: 1, Value: 0x9fffffffffffffff}}})
}
