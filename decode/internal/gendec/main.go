// Command gendec writes decode/dectable.go, the opcode-indexed decoder of
// package decode, from ppc64asm's instruction table in the golang.org/x/arch
// module that go.mod requires (see decode/internal/dectree).
//
// Run it from the module root as
//
//	go run ./decode/internal/gendec
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
	out := flag.String("o", "decode/dectable.go", "output file")
	archDir := flag.String("arch", "", "golang.org/x/arch module directory (default: from go list -m)")
	flag.Parse()
	if err := run(*out, *archDir); err != nil {
		fmt.Fprintln(os.Stderr, "gendec:", err)
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
	src, err := dectree.Generate(dir, optab.VersionOf(dir))
	if err != nil {
		return err
	}
	return os.WriteFile(out, src, 0o666)
}
