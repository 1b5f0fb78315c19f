package emulate_test

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/trace"
)

// TestStorageQEMUTraces replays the hand-written edge vectors of the
// quadword, prefixed, multiple/string, atomic and cache/barrier ops, run
// through the project's harness under QEMU 7.2 (-cpu power10) in both byte
// orders (emulate/testdata/qemu/{quad,prefixed,multiple,atomic,cache}.*):
// register pairs and byte order, d34 and PC-relative displacements, string
// lengths 0..127 with wrapping registers, lswx's invalid forms, larx/stcx.
// with and without alignment, every function code class of the atomic
// memory operations, dcbz's block, cache ops on unmapped and read-only
// storage, every sync L/SC. The harness refuses the multiple/string ops in
// little-endian mode (QEMU aborts), so those lines are skipped; vectors
// covered by an accepted divergence (trace.Divergences) are skipped too.
func TestStorageQEMUTraces(t *testing.T) {
	c := trace.NewChecker()
	for _, name := range []string{"quad", "prefixed", "multiple", "atomic", "cache"} {
		for _, o := range []string{"le", "be"} {
			if err := c.CheckPath("testdata/qemu/" + name + "." + o + ".txt"); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(c.ParseErrs) > 0 {
		t.Fatalf("parse errors: %v", c.ParseErrs)
	}
	for _, m := range c.Mismatches {
		t.Errorf("%s:%d (%s): %s\n%s", m.File, m.Line.Num, m.Op, m.Reason, m.Diff)
	}
	agree := 0
	for _, s := range c.Stats() {
		agree += s.Agree
		if s.Disagree != 0 || s.NotEmulated != 0 {
			t.Errorf("%s: %d disagree, %d not emulated", s.Op, s.Disagree, s.NotEmulated)
		}
		if s.Agree == 0 {
			t.Errorf("%s: no vector compared", s.Op)
		}
	}
	if len(c.Stats()) < 45 || agree < 540 {
		t.Errorf("%d ops, %d agreeing vectors: files incomplete?", len(c.Stats()), agree)
	}
}
