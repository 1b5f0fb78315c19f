// Command genloadstore writes emulate/loadstore_gen.go (see package
// internal/tools/lsgen). Run it through "go generate ./emulate".
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/ppc64emu/ppc64emu/internal/tools/lsgen"
)

func main() {
	out := flag.String("o", "emulate/loadstore_gen.go", "output file")
	flag.Parse()
	src, err := lsgen.Generate()
	if err == nil {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genloadstore:", err)
		os.Exit(1)
	}
}
