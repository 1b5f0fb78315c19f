package trace

import (
	"os"
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
)

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

// noGolden lists the emulated ops that cannot have golden traces, with the
// reason. Every other op with a semantic function must have both files.
var noGolden = map[string]string{
	"darn":  "random: not deterministic (accepted divergence); tested with Config.Random",
	"wait":  "qemu-user 7.2 aborts the whole process on it (Differences row wait); tested in emulate",
	"cmp":   "never decoded as itself: ppc64asm gives the words to cmpw/cmpd",
	"cmpi":  "never decoded as itself: ppc64asm gives the words to cmpwi/cmpdi",
	"cmpl":  "never decoded as itself: ppc64asm gives the words to cmplw/cmpld",
	"cmpli": "never decoded as itself: ppc64asm gives the words to cmplwi/cmpldi",
}

// TestGoldenCoverage: the golden traces grow with the emulator — every
// emulated op has QEMU traces in both byte orders (regenerate with
// go run ./internal/tools/mkgolden -emulated -n 64 -seed 1 -o testdata/traces).
func TestGoldenCoverage(t *testing.T) {
	for _, op := range emulate.EmulatedOps() {
		name := op.String()
		if _, ok := noGolden[name]; ok {
			continue
		}
		for _, order := range []string{"le", "be"} {
			if _, err := os.Stat(goldenDir + "/" + name + "." + order + ".txt.gz"); err != nil {
				t.Errorf("%s: no golden traces (%s): run mkgolden -ops %s", name, order, name)
			}
		}
	}
}
