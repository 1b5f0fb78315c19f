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
// under ppc64emu run -L, compared byte for byte. It needs the packages
// unpacked in the user cache dir (scripts/debian-corpus.sh -fetch-only
// downloads them) and skips with the reason otherwise.
func TestDebianCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("Debian corpus skipped in -short mode")
	}
	// The script records the root it unpacked in build/ (a file in the
	// module: go test's cache rechecks the files a test reads there, not
	// the user cache dir). The script, the cases and the known failures
	// are read too, so that a cached result is tied to them; the runner
	// the script builds is not (scripts/test.sh runs this test with
	// -count=1).
	inputs, _ := filepath.Glob("testdata/debian/*")
	for _, f := range append(inputs, "../scripts/debian-corpus.sh") {
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
	cmd := exec.Command("bash", "../scripts/debian-corpus.sh")
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && ee.ExitCode() == 2:
		t.Skip("debian-corpus.sh: packages or tools missing (see its output)")
	default:
		t.Errorf("debian-corpus.sh: %v", err)
	}
}
