package emulate_test

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/trace"
)

// TestFPQEMUTraces replays the hand-written scalar floating-point vectors of
// emulate/testdata/qemu/fp.vec through QEMU 7.2's results (harness output,
// unedited, both byte orders): every arithmetic op in all four rounding
// modes with ties, overflow, underflow (tininess before rounding),
// denormal and signed-zero results, NaN propagation orders, invalid
// operations; conversions at and beyond the integer limits; the enabled
// exceptions (VE, OE, UE, ZE, XE: st=fpe); compares; every FPSCR bit through
// mtfsb0/mtfsb1; mcrfs of every field; mtfsf/mtfsfi/mffs*. The vectors of
// fcfids, fcfidu and fcfidus preset FPRF to the result's class so that they
// are compared (QEMU leaves FPRF alone there: an accepted divergence).
// Vectors covered by an accepted divergence (trace/fpdiverge.go) are
// skipped; emulate/fp_test.go tests the ISA behaviour for them.
func TestFPQEMUTraces(t *testing.T) {
	stats := replayQEMU(t, "testdata/qemu/fp.le.txt", "testdata/qemu/fp.be.txt")
	expectOps(t, stats, nil, func(s trace.OpStats) bool {
		return s.Agree > 0 && s.Agree+s.Skipped == s.Vectors
	})
}
