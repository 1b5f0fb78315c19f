package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/internal/tools/gentest"
	"github.com/ppc64emu/ppc64emu/internal/tools/lsgen"
)

// TestLoadStoreGenUpToDate regenerates loadstore_gen.go and compares it
// with the committed file.
func TestLoadStoreGenUpToDate(t *testing.T) {
	want, err := lsgen.Generate()
	if err != nil {
		t.Fatal(err)
	}
	gentest.UpToDate(t, "loadstore_gen.go", want, "go generate ./emulate")
}
