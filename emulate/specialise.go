package emulate

import "github.com/ppc64emu/ppc64emu/decode"

// semFor is the semantic function Run caches for the decoded instruction
// in (paged.go's fill): the op's entry of the dispatch table, or a variant
// of it fixed to what in's encoding already decides (a load's size, sign
// extension, update and byte order, …). A variant runs the same code as
// the table's entry for in, so Step and Run cannot differ; it only skips
// tests whose outcome the encoding fixes.
func semFor(in *decode.Inst) semFn {
	return semantics[in.Op]
}
