package ptrace

import (
	"os"
	"os/exec"
	"testing"
)

// TestCrossBuild builds and vets the package for the two targets it is
// written for; it cannot run on them here. It skips without a go command
// (and in -short mode: it compiles the dependencies for two targets).
func TestCrossBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-compiles for linux/ppc64le and linux/ppc64; skipped in -short mode")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	for _, arch := range []string{"ppc64le", "ppc64"} {
		for _, verb := range []string{"build", "vet"} {
			cmd := exec.Command(goCmd, verb, ".")
			cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+arch, "CGO_ENABLED=0")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("GOARCH=%s go %s: %v\n%s", arch, verb, err, out)
			}
		}
	}
}
