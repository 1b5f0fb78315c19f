// Command gen writes decode/optable.go, the op-classification table of
// package decode, from the ISA data files of the golang.org/x/arch module
// that go.mod requires (ppc64/ppc64asm/tables.go and ppc64/pp64.csv).
//
// Run it from the module root as
//
//	go run ./decode/internal/gen
//
// or through "go generate ./decode". The classification rules and their
// few explicit overrides live in decode/internal/optab.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/ppc64emu/ppc64emu/decode/internal/optab"
)

func main() {
	out := flag.String("o", "decode/optable.go", "output file")
	archDir := flag.String("arch", "", "golang.org/x/arch module directory (default: from go list -m)")
	flag.Parse()
	if err := run(*out, *archDir); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(out, dir string) error {
	if dir == "" {
		d, err := optab.ModuleDir("")
		if err != nil {
			return err
		}
		dir = d
	}
	entries, err := optab.Build(dir)
	if err != nil {
		return err
	}
	src, err := optab.Generate(entries, optab.VersionOf(dir))
	if err != nil {
		return err
	}
	return os.WriteFile(out, src, 0o666)
}
