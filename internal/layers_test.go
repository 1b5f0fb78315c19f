// Package internal holds the module's private packages in two trees: the
// kernels and helpers below emulate (bcd, branch, decimal, mma, softfloat,
// vec; emutest and regions for tests), and internal/tools, the generators,
// surveys and test tools above it. Its test checks that imports run one
// way.
package internal

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/ppc64emu/ppc64emu/"

// above are the packages a package below emulate must not depend on:
// emulate and everything built on it.
var above = []string{"emulate", "trace", "debug", "oracle", "linux", "gdbstub", "cmd", "internal/tools"}

// TestImportDirection checks the layers of docs/design.md with go list:
// no package of internal/ outside internal/tools, and none of decode,
// regs, trap and mem, depends (directly or not, tests aside) on emulate,
// on a package above it or on a tool.
func TestImportDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`,
		module+"internal/...", module+"decode/...", module+"regs/...", module+"trap/...", module+"mem/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	checked := 0
	for _, line := range lines {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], module)
		if strings.HasPrefix(pkg, "internal/tools/") {
			continue
		}
		checked++
		for _, dep := range f[1:] {
			d, ok := strings.CutPrefix(dep, module)
			if !ok {
				continue
			}
			for _, a := range above {
				if d == a || strings.HasPrefix(d, a+"/") {
					t.Errorf("%s imports %s (directly or through its imports): a package below emulate must not", pkg, d)
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("checked %d packages; go list gave:\n%s", checked, out)
	}
}
