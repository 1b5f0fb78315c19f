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
	var files []string
	for _, name := range []string{"quad", "prefixed", "multiple", "atomic", "cache"} {
		files = append(files, "testdata/qemu/"+name+".le.txt", "testdata/qemu/"+name+".be.txt")
	}
	stats := replayQEMU(t, files...)
	agree := 0
	for _, s := range stats {
		agree += s.Agree
	}
	expectOps(t, stats, nil, func(s trace.OpStats) bool {
		return s.Disagree == 0 && s.NotEmulated == 0 && s.Agree > 0
	})
	if len(stats) < 45 || agree < 540 {
		t.Errorf("%d ops, %d agreeing vectors: files incomplete?", len(stats), agree)
	}
}
