// Package gentest holds the one check every generated file's test makes:
// the committed file is byte for byte what its generator makes now.
package gentest

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// UpToDate fails t unless the file at path holds exactly want (the
// generator's output now), showing the differing lines and how to
// regenerate (regen, e.g. "go generate ./emulate").
func UpToDate(t testing.TB, path string, want []byte, regen string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n"))
		t.Errorf("%s is out of date; run %s (-regenerated +committed):\n%s", path, regen, diff)
	}
}
