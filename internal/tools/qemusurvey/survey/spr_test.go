package survey

import (
	"bytes"
	"context"
	"testing"
	"time"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/oracle"
)

const (
	sprData = "../../../../emulate/testdata/qemu-spr.txt"
	sprGo   = "../../../../emulate/qemu_spr.go"
)

func readSPRData(t *testing.T) *SPRFile { return readData(t, sprData, ReadSPR) }

// TestQEMUSPRGenerated: emulate/qemu_spr.go is what the generator makes of
// emulate/testdata/qemu-spr.txt (rerun "go generate ./emulate" after
// changing the data), and the data file round-trips through the parser.
func TestQEMUSPRGenerated(t *testing.T) {
	f := readSPRData(t)
	if len(f.SPRs) != len(SPRNumbers()) {
		t.Errorf("%d SPR numbers in %s, want %d", len(f.SPRs), sprData, len(SPRNumbers()))
	}
	want, err := GenerateSPRGo(f, "emulate/testdata/qemu-spr.txt")
	if err != nil {
		t.Fatal(err)
	}
	checkGenerated(t, sprGo, want, "go generate ./emulate", sprData, f.Write)
}

// TestSPRWord: the encodings the survey runs decode as the SPR moves of
// the number (checked with decode, which follows ppc64asm).
func TestSPRWord(t *testing.T) {
	for _, op := range []decode.Op{ppc64asm.MFSPR, ppc64asm.MTSPR} {
		for _, n := range []int{1, 8, 256, 815, 896, 1007} {
			in, err := decode.DecodeWord(sprWord(op, n), 0)
			if err != nil || in.Op != op {
				t.Fatalf("%s %d: %08x decodes as %v, %v", op, n, sprWord(op, n), in, err)
			}
			for i := 0; i < int(in.NArgs); i++ {
				if in.Kinds[i] == decode.ArgSPR && in.Args[i] != int64(n) {
					t.Errorf("%s %d: %08x names SPR %d", op, n, sprWord(op, n), in.Args[i])
				}
			}
		}
	}
}

// TestQEMUSPRSurvey re-measures every SPR number with QEMU (about a second)
// and checks that the data file still says the same.
func TestQEMUSPRSurvey(t *testing.T) {
	le, err := oracle.New(oracle.Config{Procs: 2})
	if oracle.Unavailable(err) {
		t.Skipf("QEMU SPR survey not re-measured: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	be, err := oracle.New(oracle.Config{BE: true, Procs: 2})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got, err := RunSPR(ctx, Oracles{LE: le, BE: be})
	if err != nil {
		t.Fatal(err)
	}
	want := readSPRData(t).SPRs
	if len(got) != len(want) {
		t.Fatalf("measured %d numbers, the file has %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("QEMU now says %+v, %s says %+v", got[i], sprData, want[i])
		}
	}
}

// FuzzReadSPR: any input parses or fails without panicking, and what
// parses writes back to text that parses to the same file.
func FuzzReadSPR(f *testing.F) {
	f.Add("# header\nspr 1 mf=x mt=x\nspr 3 mf=ill6 mt=ill6\n")
	f.Add("spr 800 mf=skip-spr-ebb mt=x|ill6\n")
	f.Add("spr x mf= mt=\n")
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ReadSPR(bytes.NewReader([]byte(s)))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := a.Write(&b); err != nil {
			t.Fatal(err)
		}
		c, err := ReadSPR(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("written file does not parse: %v\n%s", err, b.String())
		}
		var d bytes.Buffer
		c.Write(&d)
		if !bytes.Equal(b.Bytes(), d.Bytes()) {
			t.Fatalf("not stable:\n%s\n---\n%s", b.String(), d.String())
		}
	})
}
