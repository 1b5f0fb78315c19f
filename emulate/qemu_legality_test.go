package emulate_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/cmd/qemusurvey/survey"
	"github.com/ppc64emu/ppc64emu/internal/oracle"
	"github.com/ppc64emu/ppc64emu/trace"
)

const legalityData = "testdata/qemu-legality.txt"

func readLegality(t *testing.T) *survey.File {
	t.Helper()
	b, err := os.ReadFile(legalityData)
	if err != nil {
		t.Fatal(err)
	}
	f, err := survey.Read(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestQEMULegalityGenerated: qemu_legality.go is what the generator makes
// of testdata/qemu-legality.txt (rerun "go run ./internal/cmd/qemusurvey
// -gen emulate/testdata/qemu-legality.txt" after changing the data).
func TestQEMULegalityGenerated(t *testing.T) {
	f := readLegality(t)
	if len(f.Results) < 1400 {
		t.Errorf("%d ops in %s, want every op", len(f.Results), legalityData)
	}
	want, err := survey.GenerateGo(f, "emulate/testdata/qemu-legality.txt")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("qemu_legality.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("qemu_legality.go is stale: run go run ./internal/cmd/qemusurvey -gen emulate/testdata/qemu-legality.txt -go emulate/qemu_legality.go")
	}
	// The data file round-trips through the parser.
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	orig, _ := os.ReadFile(legalityData)
	if !bytes.Equal(b.Bytes(), orig) {
		t.Errorf("%s does not round-trip through survey.Read/Write", legalityData)
	}
}

// surveySample are the ops TestQEMULegalitySurvey re-measures: the
// behaviour classes of the QEMU profile (reserved bits ignored or not,
// privilege before reserved bits or not, invalid forms executed or not,
// problem-state codes 1, 5 and 6, prefixed ops).
var surveySample = []string{
	"ldx", "lwzx", "lbzux", "ldbrx", "lhbrx", "lwbrx", "stdbrx", "stwx", "stdu", "ldu", "lq", "lfdp", "plq",
	"popcntd", "prtyw", "cmpb", "bpermd", "brd", "cntlzw", "extsw", "cmpd", "cmpw",
	"tw", "td", "mfspr", "mtspr", "mcrf", "mfcr", "isel",
	"bclr", "bcctr", "bcctrl", "bctar",
	"urfid", "rfscv", "tlbie", "icbt", "copy",
	"pnop", "paddi", "pld", "addex", "dcbf", "xvf32ger",
}

// TestQEMULegalitySurvey re-measures a sample of ops with QEMU and checks
// that testdata/qemu-legality.txt still says the same. It needs
// qemu-ppc64le, qemu-ppc64 and the harness (CI installs them).
func TestQEMULegalitySurvey(t *testing.T) {
	le, err := oracle.New(oracle.Config{})
	if errors.Is(err, oracle.ErrNoQEMU) || errors.Is(err, oracle.ErrNoHarness) {
		t.Skipf("QEMU legality survey not re-measured: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	be, err := oracle.New(oracle.Config{BE: true})
	if errors.Is(err, oracle.ErrNoQEMU) || errors.Is(err, oracle.ErrNoHarness) {
		t.Skipf("QEMU legality survey not re-measured: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	f := readLegality(t)
	want := map[string]string{}
	for i := range f.Results {
		want[f.Results[i].Name] = f.Results[i].String()
	}
	ops, err := survey.OpsByName(surveySample)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start := time.Now()
	res, err := survey.Run(ctx, survey.Oracles{LE: le, BE: be}, ops, 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d ops re-measured in %v", len(ops), time.Since(start).Round(time.Millisecond))
	for i := range res {
		if got := res[i].String(); got != want[res[i].Name] {
			t.Errorf("QEMU now says\n\t%s\n%s says\n\t%s", got, legalityData, want[res[i].Name])
		}
	}
}

// TestQEMULegalityProfile: the QEMU profile follows the measured table on
// one encoding of each behaviour class; the hardware profile does not
// change (reserved bits ignored, invalid forms need a hardware step,
// privileged ops privileged).
func TestQEMULegalityProfile(t *testing.T) {
	const (
		ok      = "ok"
		illegal = "illegal"
		priv    = "privileged"
		hwStep  = "not-emulated"
	)
	for _, tc := range []struct {
		name       string
		line       string
		qemu, hard string
	}{
		{"ldx bit 31", "a insn=7c64282b r4=50000000", ok, ok},
		{"lwzx bit 31", "a insn=7c64282f r4=50000000", ok, ok},
		{"stdx bit 31", "a insn=7c64292b r4=50000000", ok, ok},
		{"ldbrx bit 31", "a insn=7c642c29 r4=50000000", illegal, ok},
		{"popcntd bit 31", "a insn=7c8303f5", illegal, ok},
		{"cntlzw RB", "a insn=7c83f834", ok, ok},
		{"bclr bits 16:18", "a insn=4e80e020 lr=40000100", ok, ok},
		{"bcctr BO[2]=0 (invalid form)", "a insn=4e000420 ctr=40000100", ok, hwStep},
		{"stdu RA=0 (invalid form)", "a insn=f8600009", illegal, hwStep},
		{"ldu RA=RT (invalid form)", "a insn=e8630009 r3=50000000", illegal, hwStep},
		{"urfid", "a insn=4c000264", illegal, priv},
		{"rfscv", "a insn=4c0000a4", illegal, priv},
		{"tlbie", "a insn=7c002264", priv, priv},
		{"mtspr privileged SPR, bit 31", "a insn=7c7603a7", priv, priv},
		{"mfspr privileged SPR, bit 31", "a insn=7c7602a7", illegal, priv},
		{"mtspr CTR, bit 31", "a insn=7c6903a7", ok, ok},
		{"mfspr CTR, bit 31", "a insn=7c6902a7", illegal, ok},
		{"pnop prefix bits 12:13", "a insn=070c0000:00000000", ok, ok},
		{"pnop prefix bit 31", "a insn=07000001:00000000", illegal, ok},
	} {
		l, err := trace.ParseLine(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []emulate.Profile{emulate.QEMU, emulate.Hardware} {
			want := tc.qemu
			if p == emulate.Hardware {
				want = tc.hard
			}
			for _, le := range []bool{true, false} {
				m := l.Vector.Machine(le)
				before := m.Regs
				err := emulate.New(emulate.Config{Profile: p}).StepWord(&m.Regs, m, l.Word, l.Suffix)
				got := ok
				switch {
				case errors.Is(err, emulate.ErrPrivileged):
					got = priv
				case errors.Is(err, emulate.ErrIllegal):
					got = illegal
				case errors.Is(err, emulate.ErrNotEmulated):
					got = hwStep
				case err != nil:
					got = err.Error()
				}
				if got != want {
					t.Errorf("%s (%v, le=%v): %s (%v), want %s", tc.name, p, le, got, err, want)
				}
				if err != nil && m.Regs != before {
					t.Errorf("%s (%v): registers changed on %v", tc.name, p, err)
				}
			}
		}
	}
}
