package survey

import (
	"bytes"
	"context"
	"io"
	"os"
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/internal/tools/gentest"
	"github.com/ppc64emu/ppc64emu/oracle"
)

// The measured data file and the Go file generated from it, in package
// emulate (this test runs in the survey package's directory).
const (
	legalityData = "../../../../emulate/testdata/qemu-legality.txt"
	legalityGo   = "../../../../emulate/qemu_legality.go"
)

func readLegality(t *testing.T) *File { t.Helper(); return readData(t, legalityData, Read) }

// readData reads and parses a measured data file.
func readData[F any](t *testing.T, path string, read func(io.Reader) (F, error)) F {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := read(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// checkGenerated checks that the Go file goPath is want (else: run
// regen) and that the data file dataPath round-trips through its parser
// (write is the parsed file's Write).
func checkGenerated(t *testing.T, goPath string, want []byte, regen, dataPath string, write func(io.Writer) error) {
	t.Helper()
	gentest.UpToDate(t, goPath, want, regen)
	var b bytes.Buffer
	if err := write(&b); err != nil {
		t.Fatal(err)
	}
	if orig, _ := os.ReadFile(dataPath); !bytes.Equal(b.Bytes(), orig) {
		t.Errorf("%s does not round-trip through its parser", dataPath)
	}
}

// TestQEMULegalityGenerated: emulate/qemu_legality.go is what the generator
// makes of emulate/testdata/qemu-legality.txt (rerun "go run ./internal/tools/qemusurvey
// -gen emulate/testdata/qemu-legality.txt" after changing the data).
func TestQEMULegalityGenerated(t *testing.T) {
	f := readLegality(t)
	if len(f.Results) < 1400 {
		t.Errorf("%d ops in %s, want every op", len(f.Results), legalityData)
	}
	want, err := GenerateGo(f, "emulate/testdata/qemu-legality.txt")
	if err != nil {
		t.Fatal(err)
	}
	checkGenerated(t, legalityGo, want, "go run ./internal/tools/qemusurvey -gen emulate/testdata/qemu-legality.txt -go emulate/qemu_legality.go",
		legalityData, f.Write)
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
	if oracle.Unavailable(err) {
		t.Skipf("QEMU legality survey not re-measured: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	be, err := oracle.New(oracle.Config{BE: true})
	if oracle.Unavailable(err) {
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
	ops, err := OpsByName(surveySample)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start := time.Now()
	res, err := Run(ctx, Oracles{LE: le, BE: be}, ops, 1)
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
