package emulate_test

import (
	"path/filepath"
	"testing"

	"github.com/ppc64emu/ppc64emu/trace"
)

// replayQEMU replays hand-picked QEMU 7.2 trace files (unedited harness
// output) on the emulator under the profile each file names, fails the test
// on parse errors and on every disagreement (printed in full), and returns
// the per-op statistics for the caller's own expectations.
func replayQEMU(t *testing.T, files ...string) []trace.OpStats {
	t.Helper()
	c := trace.NewChecker()
	c.KeepMismatches = 50
	for _, f := range files {
		if err := c.CheckPath(f); err != nil {
			t.Fatal(err)
		}
	}
	if len(c.ParseErrs) > 0 {
		t.Fatalf("parse errors: %v", c.ParseErrs)
	}
	for _, m := range c.Mismatches {
		t.Errorf("%s:%d (%s): %s\n%s", m.File, m.Line.Num, m.Op, m.Reason, m.Diff)
	}
	if c.Failed(false) && len(c.Mismatches) == 0 {
		t.Error("checker failed without a kept mismatch")
	}
	return c.Stats()
}

// expectOps checks that the traces hold exactly the ops of want (when want
// is not nil) and that each op's statistics pass ok.
func expectOps(t *testing.T, stats []trace.OpStats, want []string, ok func(s trace.OpStats) bool) {
	t.Helper()
	wanted := map[string]bool{}
	for _, op := range want {
		wanted[op] = true
	}
	for _, s := range stats {
		if want != nil && !wanted[s.Op] {
			t.Errorf("unexpected op %q in the traces", s.Op)
			continue
		}
		delete(wanted, s.Op)
		if !ok(s) {
			t.Errorf("%s: %d of %d vectors agree (%d disagree, %d not emulated, %d skipped)",
				s.Op, s.Agree, s.Vectors, s.Disagree, s.NotEmulated, s.Skipped)
		}
	}
	for op := range wanted {
		t.Errorf("no trace vector for %s", op)
	}
}

// allAgree: every vector of the op was compared and agrees.
func allAgree(s trace.OpStats) bool { return s.Agree > 0 && s.Agree == s.Vectors }

// TestArithQEMUTraces replays the QEMU 7.2 runs of the reference harness
// for the arithmetic ops (both byte orders) under the QEMU profile.
func TestArithQEMUTraces(t *testing.T) {
	files, err := filepath.Glob("testdata/qemu/arith.*.txt")
	if err != nil || len(files) != 2 {
		t.Fatalf("trace files: %v %v", files, err)
	}
	n := 0
	stats := replayQEMU(t, files...)
	for _, s := range stats {
		n += s.Vectors
	}
	expectOps(t, stats, nil, func(s trace.OpStats) bool { return s.NotEmulated == 0 })
	if n < 2000 {
		t.Errorf("only %d vectors", n)
	}
}
