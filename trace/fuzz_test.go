package trace

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
)

// goldenDir holds the QEMU 7.2 reference traces of every op the emulator
// implements (produced by internal/tools/mkgolden from the harness).
const goldenDir = "../testdata/traces"

// FuzzTraceLine feeds any text to the trace reader: ParseLine, then, for
// a line that parses, Validate, Machine in both byte orders, Replay under
// both profiles and a round trip through String; and the whole text to a
// Reader, as a file. Nothing may panic; a line that parses must validate,
// and its written form must parse to the same vector (issue 17 item 12).
// Seeds: a sample of the golden QEMU lines (every op's first line, both
// byte orders), the hand-written testdata files and the hostile lines of
// robust_test.go.
func FuzzTraceLine(f *testing.F) {
	for _, s := range traceSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if l, err := ParseLine(s); err == nil {
			if err := l.Validate(); err != nil {
				t.Fatalf("ParseLine accepted %q, Validate refuses it: %v", s, err)
			}
			for _, le := range []bool{true, false} {
				l.Machine(le)
				for _, p := range []emulate.Profile{emulate.Hardware, emulate.QEMU} {
					if v := Replay(&l, le, p); v.Kind == Malformed {
						t.Fatalf("a parsed line replays as malformed: %q: %s", s, v.Reason)
					}
				}
			}
			back, err := ParseLine(l.String())
			if err != nil {
				t.Fatalf("%q written as %q does not parse: %v", s, l.String(), err)
			}
			want := l.Vector
			if l.Result != nil {
				want.Comment = "" // String writes a comment on vector lines only
			}
			if back.Vector.String() != want.String() {
				t.Fatalf("round trip: %q became %q", want.String(), back.Vector.String())
			}
		} else if !errors.Is(err, ErrSyntax) {
			t.Fatalf("ParseLine(%q): %v is not ErrSyntax", s, err)
		}
		r, err := NewReader(strings.NewReader(s), "fuzz.le.txt")
		if err != nil {
			return
		}
		for {
			l, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				if !errors.Is(err, ErrSyntax) {
					t.Fatalf("Next: %v is not ErrSyntax", err)
				}
				continue
			}
			Replay(&l, r.LE, emulate.QEMU)
		}
	})
}

// traceSeeds reads FuzzTraceLine's seeds once per process (under
// libFuzzer the target function runs for every input). Unreadable files
// give no seeds: TestGoldenTraces reports them.
var traceSeeds = sync.OnceValue(func() []string {
	var seeds []string
	files, _ := filepath.Glob(filepath.Join(goldenDir, "*.txt.gz"))
	for _, name := range files {
		if l, ok := firstLine(name); ok {
			seeds = append(seeds, l.String())
		}
	}
	for _, name := range []string{"testdata/othergen.be.txt", "testdata/scratch.le.txt", "../oracle/harness/testdata/examples.be.txt"} {
		if r, err := ReadFile(name); err == nil {
			for _, l := range r.Lines {
				seeds = append(seeds, l.String())
			}
		}
	}
	return append(seeds,
		"id insn=7c642a14 m@ffffffffffffffff=00 => st=ok sig=05 code=01 addr=0 nip=40080004",
		"x insn=60000000 => st=ok sig=05 code=01 addr=0 nip=40080004 c@40080ffc=0000000011",
		"x insn=04000000",
		"# format=2\n# order=be\nx insn=60000000 fpscr=700000000 tar=40080010 => st=ok nip=40080004",
		"x insn=60000000\nx insn=60000000\n# order=le",
	)
})

// firstLine returns the first vector line of a trace file.
func firstLine(name string) (Line, bool) {
	fh, err := os.Open(name)
	if err != nil {
		return Line{}, false
	}
	defer fh.Close()
	r, err := NewReader(fh, name)
	if err != nil {
		return Line{}, false
	}
	l, err := r.Next()
	return l, err == nil
}
