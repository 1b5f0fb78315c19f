package emulate

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// gerWords encodes an MMA op with its operands in Decode's order
// (decode.Encode): AT (or AS), XA, XB and, for a prefixed op, XMSK, YMSK
// and PMSK if it has one.
func gerWords(t testing.TB, op decode.Op, args ...int64) (uint32, uint32) {
	t.Helper()
	w, s, err := decode.Encode(op, args...)
	if err != nil {
		t.Fatal(err)
	}
	return w, s
}

func stepGER(t testing.TB, e *Emulator, r *regs.Regs, op decode.Op, args ...int64) error {
	t.Helper()
	w, s := gerWords(t, op, args...)
	return e.StepWord(r, nil, w, s)
}

// TestMMAAccumulatorVSRs: ACC[i] is VSRs 4i…4i+3 (QEMU's model, Difference
// "mma-acc-vsr"): xxsetaccz zeroes them, xxmtacc and xxmfacc change
// nothing, a GER op writes them.
func TestMMAAccumulatorVSRs(t *testing.T) {
	m := newMachine(true)
	for i := range m.r.VSR {
		m.r.VSR[i] = regs.VSR{Hi: uint64(i) + 1, Lo: ^uint64(i)}
	}
	e := New(Config{})
	want := m.r
	for _, op := range []decode.Op{p.XXMTACC, p.XXMFACC} {
		w, _ := gerWords(t, op, 5) // AS = 5
		if err := e.StepWord(&m.r, nil, w, 0); err != nil {
			t.Fatalf("%v: %v", op, err)
		}
		want.NIP += 4
		if d := cmp.Diff(want, m.r); d != "" {
			t.Fatalf("%v (-want +got):\n%s", op, d)
		}
	}
	w, _ := gerWords(t, p.XXSETACCZ, 5)
	if err := e.StepWord(&m.r, nil, w, 0); err != nil {
		t.Fatal(err)
	}
	want.NIP += 4
	for k := 20; k < 24; k++ {
		want.VSR[k] = regs.VSR{}
	}
	if d := cmp.Diff(want, m.r); d != "" {
		t.Fatalf("xxsetaccz (-want +got):\n%s", d)
	}
	// xvi16ger2 a1, vs0, vs1: row k of ACC[1] is VSR 4+k. vs0 words
	// 0x00010002, 0x00030004, 0, 0; vs1 word 0 = 0x00050006: (0,0) =
	// 1×5 + 2×6 = 17, (1,0) = 3×5 + 4×6 = 39.
	m.r.VSR[0] = regs.VSR{Hi: 0x0001000200030004}
	m.r.VSR[1] = regs.VSR{Hi: 0x0005000600000000}
	if err := stepGER(t, e, &m.r, p.XVI16GER2, 1, 0, 1); err != nil {
		t.Fatal(err)
	}
	if got := m.r.VSR[4].Word(0); got != 17 {
		t.Errorf("ACC[1][0][0] = VSR 4 word 0 = %d, want 17", got)
	}
	if got := m.r.VSR[5].Word(0); got != 39 {
		t.Errorf("ACC[1][1][0] = VSR 5 word 0 = %d, want 39", got)
	}
}

// TestMMALevel: MMA ops are POWER10: Config.Level POWER9 makes them
// illegal, with the registers unchanged.
func TestMMALevel(t *testing.T) {
	for _, tc := range []struct {
		op   decode.Op
		args []int64 // every mask bit set
	}{
		{p.XXSETACCZ, []int64{0}},
		{p.XVF32GERPP, []int64{0, 8, 12}},
		{p.PMXVI8GER4SPP, []int64{0, 8, 12, 0xf, 0xf, 0xf}},
		{p.PMXVF64GER, []int64{0, 8, 12, 0xf, 0x3}},
	} {
		op := tc.op
		m := newMachine(true)
		before := m.r
		err := stepGER(t, New(Config{Level: decode.LevelPOWER9}), &m.r, op, tc.args...)
		if !errors.Is(err, ErrIllegal) || !errors.Is(err, decode.ErrLevel) {
			t.Errorf("%v: err = %v, want illegal (level)", op, err)
		}
		if before != m.r {
			t.Errorf("%v: registers changed", op)
		}
	}
}

// TestMMASaturation: a saturating form sets VSCR[SAT] (QEMU 7.2 sets it;
// golden traces xvi16ger2s*.txt.gz pin the values).
func TestMMASaturation(t *testing.T) {
	m := newMachine(true)
	m.r.VSR[8] = regs.VSR{Hi: 0x8000800080008000}
	m.r.VSR[9] = regs.VSR{Hi: 0x8000800080008000}
	if err := stepGER(t, New(Config{}), &m.r, p.XVI16GER2S, 0, 8, 9); err != nil {
		t.Fatal(err)
	}
	if m.r.VSCR&regs.VSCRSAT == 0 || m.r.VSR[0].Word(0) != 0x7fffffff {
		t.Errorf("VSCR %#x, ACC[0][0][0] %#x: want SAT and 0x7fffffff", m.r.VSCR, m.r.VSR[0].Word(0))
	}
}

// TestMMAProfiles: the rows both profiles know differently. The n-forms
// rounding up (mma-neg-round): 1.1f×1.1f is 1.2100000143…, between
// 0x3f9ae148 and 0x3f9ae149; xvf32gernp gives the ISA's −round_up =
// −0x3f9ae149, QEMU's round_up(−v) = −0x3f9ae148.
// A 16-bit rank-2 accumulate whose product sum is inexact (mma-f16-round)
// needs a hardware step. An enabled exception in trap mode (mma-fp-enabled)
// under QEMU writes the accumulator in the FPException.
func TestMMAProfiles(t *testing.T) {
	setup := func() *machine {
		m := newMachine(true)
		m.r.VSR[8] = regs.VSR{Hi: 0x3f8ccccd00000000}
		m.r.VSR[9] = regs.VSR{Hi: 0x3f8ccccd00000000}
		m.r.FPSCR = uint64(regs.RoundUp)
		return m
	}
	for _, tc := range []struct {
		p    Profile
		want uint32
	}{{Hardware, 0xbf9ae149}, {QEMU, 0xbf9ae148}} {
		m := setup()
		if err := stepGER(t, New(Config{Profile: tc.p}), &m.r, p.PMXVF32GERNP, 0, 8, 9, 8, 8); err != nil {
			t.Fatal(err)
		}
		if got := m.r.VSR[0].Word(0); got != tc.want {
			t.Errorf("%v: −(1.1×1.1) rounding up = %#x, want %#x", tc.p, got, tc.want)
		}
	}

	// binary16: 1 × 1 + 2^-24 × 1 (0x0001, the smallest denormal):
	// 1 + 2^-24 is inexact in binary32.
	m := newMachine(true)
	m.r.VSR[8] = regs.VSR{Hi: 0x3c00000100000000}
	m.r.VSR[9] = regs.VSR{Hi: 0x3c003c0000000000}
	before := m.r
	err := stepGER(t, New(Config{}), &m.r, p.XVF16GER2PP, 0, 8, 9)
	if !errors.Is(err, ErrNotEmulated) || before != m.r {
		t.Errorf("hardware: err = %v, want not emulated, registers unchanged", err)
	}
	if err := stepGER(t, New(Config{Profile: QEMU}), &m.r, p.XVF16GER2PP, 0, 8, 9); err != nil {
		t.Errorf("qemu: %v", err)
	}

	// XE = 1 and an inexact product under QEMU: SIGFPE after the update.
	m = newMachine(true)
	m.r.VSR[8] = regs.VSR{Hi: 0x3f8ccccd00000000} // 1.1
	m.r.VSR[9] = regs.VSR{Hi: 0x3f8ccccd00000000}
	m.r.FPSCR = regs.FPSCRXE
	before = m.r
	err = stepGER(t, New(Config{Profile: QEMU}), &m.r, p.PMXVF32GER, 0, 8, 9, 8, 8)
	var fx *FPException
	if !errors.As(err, &fx) || before != m.r {
		t.Fatalf("qemu XE: err = %v, want an FPException and registers unchanged", err)
	}
	fx.Apply(&m.r)
	if m.r.VSR[0].Word(0) != 0x3f9ae148 || m.r.FPSCR&regs.FPSCRXX == 0 || m.r.FPSCR&regs.FPSCRFEX == 0 {
		t.Errorf("qemu XE: after Apply ACC[0][0][0] = %#x, FPSCR %#x", m.r.VSR[0].Word(0), m.r.FPSCR)
	}
	m = newMachine(true)
	m.r.VSR[8], m.r.VSR[9], m.r.FPSCR = before.VSR[8], before.VSR[9], regs.FPSCRXE
	m.r.MSR |= regs.MSRFE0
	if err := stepGER(t, New(Config{}), &m.r, p.PMXVF32GER, 0, 8, 9, 8, 8); !errors.Is(err, ErrNotEmulated) {
		t.Errorf("hardware XE, FE0: err = %v, want not emulated", err)
	}
}

// TestMMAInvalidForms: XA or XB inside ACC[AT], or an odd XAp, is an
// invalid form: QEMU 7.2 gives SIGILL (golden traces).
func TestMMAInvalidForms(t *testing.T) {
	for _, tc := range []struct {
		op         decode.Op
		at, xa, xb int
	}{
		{p.XVF32GERPP, 1, 4, 8},
		{p.XVI8GER4, 1, 8, 7},
		{p.XVF64GER, 0, 9, 12},
	} {
		m := newMachine(true)
		before := m.r
		// Encode refuses an odd XAp: encode XA-1 and set the XA field's low
		// bit (word bit 15).
		xa, odd := int64(tc.xa), uint32(0)
		if tc.op == p.XVF64GER && xa%2 == 1 {
			xa, odd = xa-1, 1<<16
		}
		w, _ := gerWords(t, tc.op, int64(tc.at), xa, int64(tc.xb))
		err := New(Config{Profile: QEMU}).StepWord(&m.r, nil, w|odd, 0)
		if !errors.Is(err, ErrIllegal) || before != m.r {
			t.Errorf("%v at=%d xa=%d xb=%d: err = %v, want illegal and registers unchanged", tc.op, tc.at, tc.xa, tc.xb, err)
		}
	}
}

// TestSPRHook: Config.SPR supplies the SPRs the register file does not
// hold; without it (or with ok=false) they are not emulated under the
// hardware profile, and read QEMU 7.2's values under the QEMU profile
// (except the EBB SPRs, which abort QEMU).
func TestSPRHook(t *testing.T) {
	hook := func(n int) (uint64, bool) { return uint64(n) << 32, n != 131 }
	for _, tc := range []struct {
		name string
		spr  int
		p    Profile
		hook bool
		want uint64
		err  error
	}{
		{"TEXASR", 130, Hardware, true, 130 << 32, nil},
		{"MMCR0", 779, QEMU, true, 779 << 32, nil},
		{"BESCR", 806, Hardware, true, 806 << 32, nil},
		{"TEXASRU hook says no", 131, Hardware, true, 0, ErrNotEmulated},
		{"CTRL no hook", 136, Hardware, false, 0, ErrNotEmulated},
		// spr-hooked-qemu: QEMU 7.2's values (testdata/traces/sprhook.*).
		{"CTRL no hook (QEMU)", 136, QEMU, false, 0, nil},
		{"MMCR0 no hook (QEMU)", 779, QEMU, false, 0x80000000, nil},
		{"TEXASRU hook says no (QEMU)", 131, QEMU, true, 0, nil},
		{"BESCR no hook (QEMU aborts)", 806, QEMU, false, 0, ErrNotEmulated},
	} {
		m := newMachine(true)
		cfg := Config{Profile: tc.p}
		if tc.hook {
			cfg.SPR = hook
		}
		before := m.r
		err := New(cfg).StepWord(&m.r, nil, sprWord(p.MFSPR, 3, tc.spr), 0)
		if tc.err != nil {
			if !errors.Is(err, tc.err) || before != m.r {
				t.Errorf("%s: err = %v, want %v and registers unchanged", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || m.r.GPR[3] != tc.want {
			t.Errorf("%s: err = %v, r3 = %#x, want %#x", tc.name, err, m.r.GPR[3], tc.want)
		}
	}
}

func benchGER(b *testing.B, op decode.Op, args ...int64) {
	m := newMachine(true)
	for i := range m.r.VSR {
		m.r.VSR[i] = regs.VSR{Hi: 0x3f8ccccd40490fdb + uint64(i), Lo: 0xbfc00000c2f60000 ^ uint64(i)<<40}
	}
	e := New(Config{})
	w, s := gerWords(b, op, args...)
	in, err := decode.DecodeWord(w, s)
	if err != nil {
		b.Fatal(err)
	}
	start := m.r
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.r.NIP = start.NIP
		if err := e.Step(&m.r, nil, &in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkXvf32gerpp(b *testing.B) { benchGER(b, p.XVF32GERPP, 0, 8, 12) }
func BenchmarkXvi8ger4pp(b *testing.B) { benchGER(b, p.XVI8GER4PP, 0, 8, 12) }
func BenchmarkPmxvf64ger(b *testing.B) { benchGER(b, p.PMXVF64GER, 0, 8, 12, 0xf, 0x3) }

// TestMMAAllocs: a GER step allocates nothing.
func TestMMAAllocs(t *testing.T) {
	for _, tc := range []struct {
		op   decode.Op
		args []int64
	}{
		{p.XVF32GERPP, []int64{0, 8, 12}},
		{p.XVI8GER4PP, []int64{0, 8, 12}},
		{p.PMXVF64GER, []int64{0, 8, 12, 0xf, 0x3}},
		{p.XVBF16GER2NN, []int64{0, 8, 12}},
	} {
		op := tc.op
		m := newMachine(true)
		e := New(Config{Profile: QEMU})
		w, s := gerWords(t, op, tc.args...)
		in, err := decode.DecodeWord(w, s)
		if err != nil {
			t.Fatal(err)
		}
		nip := m.r.NIP
		if n := testing.AllocsPerRun(100, func() {
			m.r.NIP = nip
			if err := e.Step(&m.r, nil, &in); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("%v: %v allocations per step", op, n)
		}
	}
}

// TestMMAPrimed: the primed accumulator state (Power ISA 3.1B Book I
// 7.2.1.2: VSRs 4i…4i+3 are undefined while ACC[i] is primed). The hardware
// profile refuses an instruction naming such a VSR (mma-primed-vsr), with
// registers and the primed state unchanged; the QEMU profile runs it.
func TestMMAPrimed(t *testing.T) {
	var (
		wSetAccZ0 = enc(p.XXSETACCZ, 0)        // xxsetaccz a0
		wMtAcc1   = enc(p.XXMTACC, 1)          // xxmtacc a1
		wMfAcc0   = enc(p.XXMFACC, 0)          // xxmfacc a0
		wFadd1    = enc(p.FADD, 1, 2, 3)       // fadd f1,f2,f3: VSRs 1-3, ACC[0]
		wFadd17   = enc(p.FADD, 17, 18, 19)    // fadd f17,f18,f19: ACC[4]
		wGer1     = enc(p.XVF32GERPP, 1, 0, 8) // xvf32gerpp a1,vs0,vs8: XA in ACC[0]
	)
	for w, name := range map[uint32]string{wSetAccZ0: "xxsetaccz", wMtAcc1: "xxmtacc", wMfAcc0: "xxmfacc",
		wFadd1: "fadd", wFadd17: "fadd", wGer1: "xvf32gerpp"} {
		if in, err := decode.DecodeWord(w, 0); err != nil || in.Op.String() != name {
			t.Fatalf("%#x decodes as %v (%v), want %s", w, in.Op, err, name)
		}
	}
	e := New(Config{})
	m := newMachine(false)
	for _, w := range []uint32{wSetAccZ0, wMtAcc1} {
		if err := m.stepWith(e, w); err != nil {
			t.Fatal(err)
		}
	}
	if got := e.Context().Primed; got != 0b11 {
		t.Fatalf("primed %#b, want 0b11", got)
	}
	for _, w := range []uint32{wFadd1, wGer1} {
		before := m.r
		if err := m.stepWith(e, w); !errors.Is(err, ErrNotEmulated) || m.r != before || e.Context().Primed != 0b11 {
			t.Errorf("%#x while ACC[0] primed: %v", w, err)
		}
	}
	if err := m.stepWith(e, wFadd17); err != nil {
		t.Errorf("fadd f17 (ACC[4] not primed): %v", err)
	}
	if err := m.stepWith(e, wMfAcc0); err != nil || e.Context().Primed != 0b10 {
		t.Fatalf("xxmfacc a0: %v, primed %#b", err, e.Context().Primed)
	}
	if err := m.stepWith(e, wFadd1); err != nil {
		t.Errorf("fadd f1 after xxmfacc a0: %v", err)
	}
	if err := m.stepWith(e, wGer1); err != nil || e.Context().Primed != 0b10 {
		t.Errorf("xvf32gerpp a1 after xxmfacc a0: %v, primed %#b", err, e.Context().Primed)
	}
	e.Context().Primed = 0
	if err := m.stepWith(e, wFadd1); err != nil {
		t.Errorf("fadd f1 after Primed = 0: %v", err)
	}

	q := New(Config{Profile: QEMU})
	m = newMachine(false)
	for _, w := range []uint32{wSetAccZ0, wFadd1} {
		if err := m.stepWith(q, w); err != nil {
			t.Errorf("qemu %#x: %v", w, err)
		}
	}
	if q.Context().Primed != 1 {
		t.Errorf("qemu primed %#b, want 1", q.Context().Primed)
	}
}

// TestVSROperandsNeedFacility: every op with an FPR or VSR operand needs a
// facility (decode's Facility column), which lets Step check for a primed
// accumulator only for such ops.
func TestVSROperandsNeedFacility(t *testing.T) {
	n := 0
	for op := decode.Op(1); int(op) < decode.NumOps; op++ {
		in, ok := decode.BaseInst(op)
		if !ok {
			continue
		}
		n++
		for i := 0; i < int(in.NArgs); i++ {
			if k := in.Kinds[i]; (k == decode.ArgFPR || k == decode.ArgVSR) && in.Facility == 0 {
				t.Errorf("%v: operand %d is an FPR or VSR, but the op needs no facility", op, i)
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d ops decoded from their encodings", n)
	}
}
