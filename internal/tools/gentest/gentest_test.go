package gentest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps what UpToDate reports.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper()                        {}
func (r *recorder) Errorf(format string, a ...any) { r.errs = append(r.errs, format) }
func (r *recorder) Fatal(a ...any)                 { r.errs = append(r.errs, "fatal") }

func TestUpToDate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gen.go")
	if err := os.WriteFile(path, []byte("package x\n// a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		want string
		ok   bool
	}{{"package x\n// a\n", true}, {"package x\n// b\n", false}, {"package x\n// a", false}} {
		r := &recorder{TB: t}
		UpToDate(r, path, []byte(c.want), "go generate")
		if (len(r.errs) == 0) != c.ok {
			t.Errorf("want %q: reported %v, want ok=%v", c.want, r.errs, c.ok)
		}
		if !c.ok && len(r.errs) > 0 && !strings.Contains(r.errs[0], "out of date") {
			t.Errorf("report %q does not say out of date", r.errs[0])
		}
	}
	r := &recorder{TB: t}
	UpToDate(r, filepath.Join(t.TempDir(), "missing.go"), nil, "go generate")
	if len(r.errs) != 1 || r.errs[0] != "fatal" {
		t.Errorf("missing file: %v, want a fatal error", r.errs)
	}
}
