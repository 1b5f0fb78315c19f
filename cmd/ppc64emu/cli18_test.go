package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCLIIssue18: a non-hex word says so; a .gz file that is not gzip is
// an error naming it.
func TestCLIIssue18(t *testing.T) {
	gz := filepath.Join(t.TempDir(), "x.le.txt.gz")
	if err := os.WriteFile(gz, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args    []string
		wantErr string
	}{
		{[]string{"decode", "zzzz"}, "not hexadecimal"},
		{[]string{"decode", "0x7c64zz14"}, "not hexadecimal"},
		{[]string{"check", gz}, "named .gz but not gzip data"},
	} {
		code, stdout, stderr := runArgs(tt.args...)
		if code == 0 {
			t.Errorf("%v: exit 0", tt.args)
		}
		checkOutput(t, tt.args, code, stdout, stderr, code, nil, []string{tt.wantErr})
	}
}
