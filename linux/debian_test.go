//go:build linux

package linux_test

import (
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
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Skipf("no user cache dir: %v", err)
	}
	if roots, _ := filepath.Glob(filepath.Join(cache, "ppc64emu", "debian-*", "root")); len(roots) == 0 {
		t.Skip("no Debian root in the user cache dir: run scripts/debian-corpus.sh -fetch-only (needs apt-get and network)")
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
