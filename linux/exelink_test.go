//go:build linux

package linux_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/ppc64emu/ppc64emu/record"
)

// TestStartExeResolvesLinks: a program started through a symbolic link,
// or through a symbolically linked directory, is named by its real path,
// as Linux's /proc/PID/exe (d_path of the opened file) names it; the
// recording's header, whose first argument is that path, then names the
// real file too.
func TestStartExeResolvesLinks(t *testing.T) {
	bin := filepath.Join(corpusDir, "c-stdio.le")
	if !fileExists(bin) {
		t.Skipf("%s not built (scripts/build-corpus.sh)", bin)
	}
	abs, err := filepath.Abs(bin)
	if err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Mkdir(filepath.Join(dir, "d"), 0o755))
	must(os.Symlink(abs, filepath.Join(dir, "d", "abs")))                           // absolute target
	must(os.Symlink("abs", filepath.Join(dir, "d", "rel")))                         // relative, to a link
	must(os.Symlink("d", filepath.Join(dir, "via")))                                // a linked directory
	must(os.Symlink(filepath.Join(dir, "via", "rel"), filepath.Join(dir, "chain"))) // through both
	for _, name := range []string{"d/abs", "d/rel", "via/abs", "via/rel", "chain"} {
		t.Run(name, func(t *testing.T) {
			rec := recordRun(t, filepath.Join(dir, name), nil, "")
			rd, err := record.NewReader(bytes.NewReader(rec.log))
			if err != nil {
				t.Fatal(err)
			}
			if a := rd.Header.Args; len(a) == 0 || a[0] != real {
				t.Errorf("header's program = %q, want %q", a, real)
			}
		})
	}
}
