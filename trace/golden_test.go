package trace

import (
	"os"
	"testing"
)

// goldenDir holds the QEMU 7.2 reference traces of every op the emulator
// implements (produced by internal/cmd/mkgolden from the harness).
const goldenDir = "../testdata/traces"

// TestGoldenTraces replays the golden traces: every vector of an emulated
// op must agree with QEMU, under the profile the file names.
func TestGoldenTraces(t *testing.T) {
	if _, err := os.Stat(goldenDir); err != nil {
		t.Fatalf("golden traces missing: %v", err)
	}
	c := NewChecker()
	c.KeepMismatches = 20
	if err := c.CheckPath(goldenDir); err != nil {
		t.Fatal(err)
	}
	for _, err := range c.ParseErrs {
		t.Error(err)
	}
	for _, m := range c.Mismatches {
		t.Errorf("%s:%d (%s): %s\n  %s\n%s", m.File, m.Line.Num, m.Op, m.Reason, m.Line.String(), m.Diff)
	}
	var vectors, agree, notEmulated int
	for _, s := range c.Stats() {
		vectors += s.Vectors
		agree += s.Agree
		notEmulated += s.NotEmulated
		if s.Emulated && s.Agree == 0 && s.Vectors > 0 && s.Skipped < s.Vectors {
			t.Errorf("%s: emulated but no vector agrees (%+v)", s.Op, s)
		}
	}
	t.Logf("%d files, %d vectors, %d agree, %d not emulated", c.Files, vectors, agree, notEmulated)
}
