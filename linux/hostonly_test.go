//go:build linux

package linux_test

import (
	"go/build/constraint"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFilesBuiltForLinuxOnly: every Go file of this package but doc.go is
// built for Linux hosts only (doc.go, section Hosts), so that the package
// builds, as documentation only, on every other system. A new file needs
// a //go:build line that requires linux.
func TestFilesBuiltForLinuxOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f == "doc.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(b), "\n")
		expr, err := constraint.Parse(first)
		if err != nil || expr.Eval(func(tag string) bool { return tag != "linux" }) {
			t.Errorf("%s: begins %q; it needs a //go:build line requiring linux (see doc.go, Hosts)", f, first)
		}
	}
}
