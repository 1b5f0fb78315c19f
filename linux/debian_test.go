//go:build linux

package linux_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestDebianCorpus runs scripts/debian-corpus.sh: Debian bookworm's
// ppc64el bash, coreutils, busybox, gawk, sed, grep, findutils, gzip, xz,
// sqlite3 and python3.11 running the cases of testdata/debian under
// qemu-user (a chroot through binfmt_misc in a private namespace) and
// under ppc64emu run -L, compared byte for byte; -ci leaves out the cases
// of testdata/debian/full-only.txt (their CPU time). It needs the packages
// unpacked in the user cache dir (scripts/debian-corpus.sh -fetch-only
// downloads them) and skips with the reason otherwise.
func TestDebianCorpus(t *testing.T) {
	runDebianScript(t, "debian-corpus.sh", "testdata/debian/*", "-ci")
}

// TestCPythonTests runs scripts/cpython-tests.sh -ci: CPython's own
// regression tests (the set ci of testdata/cpython/tests.txt, from
// Debian's libpython3.11-testsuite) under qemu-user and under ppc64emu run
// -L, compared test case by test case. It needs the Debian root (as
// TestDebianCorpus) and skips with the reason otherwise; the script prints
// each test's CPU times.
func TestCPythonTests(t *testing.T) {
	runDebianScript(t, "cpython-tests.sh", "testdata/cpython/*", "-ci")
}

// runDebianScript runs scripts/SCRIPT with args, which compares Debian's programs
// under qemu-user and ppc64emu, and fails if it reports a difference. The
// script records the root it unpacked in build/ (a file in the module: go
// test's cache rechecks the files a test reads there, not the user cache
// dir). The script and the files matching inputs are read too, so that a
// cached result is tied to them; the runner the script builds is not
// (scripts/test.sh runs these tests with -count=1). The script's exit
// status 2 (packages or tools missing) skips.
func runDebianScript(t *testing.T, script, inputs string, args ...string) {
	if testing.Short() {
		t.Skipf("%s skipped in -short mode", script)
	}
	files, _ := filepath.Glob(inputs)
	for _, f := range append(files, "../scripts/"+script, "../scripts/debian-run.sh", "../scripts/chroot-compare.sh") {
		if _, err := os.ReadFile(f); err != nil {
			t.Skipf("%v (not in a checkout of the module)", err)
		}
	}
	root, err := os.ReadFile("../build/debian/root")
	if err != nil {
		t.Skip("no Debian root fetched: run bash scripts/debian-corpus.sh -fetch-only (needs apt-get and network)")
	}
	if _, err := os.Stat(filepath.Join(string(bytes.TrimSpace(root)), "bin")); err != nil {
		t.Skipf("the root build/debian/root names is gone (%v): run bash scripts/debian-corpus.sh -fetch-only", err)
	}
	cmd := exec.Command("bash", append([]string{"../scripts/" + script}, args...)...)
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && ee.ExitCode() == 2:
		t.Skipf("%s: packages or tools missing (see its output)", script)
	default:
		t.Errorf("%s: %v", script, err)
	}
}
