// Package valgrind holds the check of the Valgrind corpus
// (scripts/valgrind-corpus.sh, docs/valgrind.md): Valgrind's ppc64
// instruction tests run under ppc64emu and qemu-user and compared with
// their expected outputs, recorded on POWER hardware. The package has no
// code of its own; its test reads the script's results.
//
// testdata/verdicts.txt lists the classes of lines where ppc64emu's
// output may differ from an expected file, each with a verdict row in
// docs/valgrind.md. TestCorpus (run by the script through VALGRIND_CORPUS)
// fails when a test stopped early, when ppc64emu's output has more
// differing lines than qemu-user's, or when a differing line belongs to no
// class.
package valgrind
