// Command gen writes the two generated files of package decode from the
// ISA data of the golang.org/x/arch module that go.mod requires:
// decode/optable.go, the op-classification table (from
// ppc64/ppc64asm/tables.go and ppc64/pp64.csv, by the rules of
// decode/internal/optab), and decode/dectable.go, the opcode-indexed
// decoder (from ppc64asm's instruction table, see decode/internal/dectree).
//
// Run it from the module root as
//
//	go run ./decode/internal/gen
//
// or through "go generate ./decode".
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/ppc64emu/ppc64emu/decode/internal/dectree"
	"github.com/ppc64emu/ppc64emu/decode/internal/optab"
)

func main() {
	opOut := flag.String("optable", "decode/optable.go", "output file of the op table")
	decOut := flag.String("dectable", "decode/dectable.go", "output file of the decoder")
	archDir := flag.String("arch", "", "golang.org/x/arch module directory (default: from go list -m)")
	flag.Parse()
	if err := run(*opOut, *decOut, *archDir); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(opOut, decOut, dir string) error {
	if dir == "" {
		d, err := optab.ModuleDir("")
		if err != nil {
			return err
		}
		dir = d
	}
	version := optab.VersionOf(dir)
	entries, err := optab.Build(dir)
	if err != nil {
		return err
	}
	src, err := optab.Generate(entries, version)
	if err != nil {
		return err
	}
	if err := os.WriteFile(opOut, src, 0o666); err != nil {
		return err
	}
	if src, err = dectree.Generate(dir, version); err != nil {
		return err
	}
	return os.WriteFile(decOut, src, 0o666)
}
