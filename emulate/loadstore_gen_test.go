package emulate

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/internal/lsgen"
)

// TestLoadStoreGenUpToDate regenerates loadstore_gen.go and compares it
// with the committed file.
func TestLoadStoreGenUpToDate(t *testing.T) {
	want, err := lsgen.Generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("loadstore_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n"))
		t.Errorf("loadstore_gen.go is out of date; run go generate ./emulate (-regenerated +committed):\n%s", diff)
	}
}
