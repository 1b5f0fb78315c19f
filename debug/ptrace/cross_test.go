package ptrace

// The package on the targets it is written for: built and vetted for them
// here (TestCrossBuild), and run on one in a virtual machine
// (TestPtraceVM).

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
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

// TestPtraceVM runs scripts/ptrace-vm.sh: this package's tests, the host
// tests among them (host_test.go), built for linux/ppc64le and run on
// Debian's powerpc64le kernel under qemu-system-ppc64 -M pseries, on a
// POWER9 and on a POWER10. It needs qemu-system-ppc64 and the kernel in the
// user cache dir (bash scripts/ptrace-vm.sh -fetch-only puts it there), and
// skips without them; it takes about a minute on an idle machine. Skipped
// in -short mode.
func TestPtraceVM(t *testing.T) {
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("boots a powerpc64le kernel under qemu-system-ppc64 twice: Linux hosts only, not in -short mode")
	}
	for tool, why := range map[string]string{
		"qemu-system-ppc64": "not installed (apt-get install qemu-system-ppc)",
		"go":                "not on PATH: the script builds the test binary with it",
	} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool, why)
		}
	}
	// The script records the kernel it fetched in build/ (a file in the
	// module: go test's cache rechecks those, not the user cache dir).
	// Reading the script and vminit ties a cached result to them too.
	for _, f := range []string{"../../scripts/ptrace-vm.sh", "../../internal/tools/vminit/main.go"} {
		if _, err := os.ReadFile(f); err != nil {
			t.Skipf("%v (not in a checkout of the module)", err)
		}
	}
	kdir, err := os.ReadFile("../../build/ptrace-vm/kernel")
	if err != nil {
		t.Skip("no powerpc64le kernel fetched: run bash scripts/ptrace-vm.sh -fetch-only " +
			"(Debian's linux-image-*-powerpc64le, 49 MB, through apt, into the user cache dir)")
	}
	if _, err := os.Stat(string(bytes.TrimSpace(kdir)) + "/boot"); err != nil {
		t.Skipf("the kernel build/ptrace-vm/kernel names is gone (%v): run bash scripts/ptrace-vm.sh -fetch-only", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "../../scripts/ptrace-vm.sh")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 2 {
		t.Skipf("scripts/ptrace-vm.sh skipped:\n%s", out)
	}
	if err != nil {
		t.Fatalf("scripts/ptrace-vm.sh (kernel %s): %v\n%s", bytes.TrimSpace(kdir), err, out)
	}
	for _, want := range []string{"ptrace-vm: power9 ok", "ptrace-vm: power10 ok", "ptrace-vm: 2 passed, 0 failed"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("no line %q in the output:\n%s", want, out)
		}
	}
	// Each machine ran the host tests (they skip, rather than fail, where
	// ptrace is refused: a skip here is a failure).
	for _, name := range []string{"TestHostRegsRoundTrip", "TestHostMemory", "TestHostSingleStep", "TestHostStepOver", "TestHostStepOverFaults"} {
		if n := strings.Count(string(out), "--- PASS: "+name+" "); n != 2 {
			t.Errorf("%s passed %d times, want 2 (power9, power10)", name, n)
		}
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "ptrace-vm: ") {
			t.Log(l)
		}
	}
}
