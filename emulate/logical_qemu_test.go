package emulate_test

import "testing"

// TestLogicalRotateQEMUTraces replays the QEMU 7.2 (-cpu power10) traces of
// the logical, bit-manipulation, rotate and shift ops in both byte orders.
//
// The files are unedited output of the project's harness
// (qemu-ppc64le -cpu power10 build/harness-le < vectors, and qemu-ppc64 with
// build/harness-be): hand-picked edge values (0, all ones, sign bits of both
// words, alternating patterns), shift counts 0/1/31/32/33/63/64/65/127/128
// and counts with high garbage bits, rotate masks with mb ≤ me and the
// wrapping mb > me, record forms with XER.SO set, and sraw/srad with CA and
// CA32 set beforehand so that clearing is seen.
func TestLogicalRotateQEMUTraces(t *testing.T) {
	files := []string{
		"testdata/qemu/logical.le.txt", "testdata/qemu/logical.be.txt",
		"testdata/qemu/rotate.le.txt", "testdata/qemu/rotate.be.txt",
		// Each reserved bit of these ops alone: QEMU executes some, refuses
		// others (see the init function of logical.go).
		"testdata/qemu/logical.reserved.le.txt", "testdata/qemu/logical.reserved.be.txt",
	}
	stats := replayQEMU(t, files...)

	expectOps(t, stats, []string{
		"and", "and.", "or", "or.", "xor", "xor.", "nand", "nand.", "nor", "nor.",
		"eqv", "eqv.", "andc", "andc.", "orc", "orc.",
		"andi.", "andis.", "ori", "oris", "xori", "xoris", "nop", "pnop",
		"extsb", "extsb.", "extsh", "extsh.", "extsw", "extsw.",
		"cntlzw", "cntlzw.", "cntlzd", "cntlzd.", "cnttzw", "cnttzw.", "cnttzd", "cnttzd.",
		"popcntb", "popcntw", "popcntd", "prtyw", "prtyd", "bpermd", "cmpb",
		"brh", "brw", "brd", "cfuged", "pdepd", "pextd", "cntlzdm", "cnttzdm",
		"rlwinm", "rlwinm.", "rlwimi", "rlwimi.", "rlwnm", "rlwnm.",
		"rldicl", "rldicl.", "rldicr", "rldicr.", "rldic", "rldic.", "rldimi", "rldimi.",
		"rldcl", "rldcl.", "rldcr", "rldcr.",
		"slw", "slw.", "srw", "srw.", "sld", "sld.", "srd", "srd.",
		"sraw", "sraw.", "srawi", "srawi.", "srad", "srad.", "sradi", "sradi.",
		"extswsli", "extswsli.",
	}, allAgree)
}
