//go:build linux

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestSysrootDir: -L wins over $PPC64EMU_LD_PREFIX, which wins over
// qemu-user's $QEMU_LD_PREFIX; a relative directory is made absolute; ""
// and "/" mean no sysroot, as for qemu-user.
func TestSysrootDir(t *testing.T) {
	tests := []struct {
		flag, ours, qemu, want string
	}{
		{"", "", "", ""},
		{"/a", "/b", "/c", "/a"},
		{"", "/b", "/c", "/b"},
		{"", "", "/c", "/c"},
		{"/", "/b", "", ""},
		{"", "/", "", ""},
		{"/x/../y/", "", "", "/y"},
	}
	for _, tc := range tests {
		t.Setenv("PPC64EMU_LD_PREFIX", tc.ours)
		t.Setenv("QEMU_LD_PREFIX", tc.qemu)
		if got := sysrootDir(tc.flag); got != tc.want {
			t.Errorf("sysrootDir(%q) with %q, %q = %q, want %q", tc.flag, tc.ours, tc.qemu, got, tc.want)
		}
	}
	t.Setenv("QEMU_LD_PREFIX", "")
	t.Setenv("PPC64EMU_LD_PREFIX", "rel")
	if got := sysrootDir(""); !strings.HasPrefix(got, "/") || !strings.HasSuffix(got, "/rel") {
		t.Errorf("relative sysroot made %q", got)
	}
}

// TestRunMissingInterpreter: a dynamically linked program whose
// interpreter is nowhere fails to start with the reason and a hint at -L.
func TestRunMissingInterpreter(t *testing.T) {
	t.Setenv("PPC64EMU_LD_PREFIX", "")
	t.Setenv("QEMU_LD_PREFIX", "")
	const prog = "../../build/corpus/dyn-hello.le"
	if !fileExists(prog) {
		t.Skip("no corpus: run scripts/build-corpus.sh first")
	}
	if fileExists("/lib64/ld64.so.2") {
		t.Skip("the host has /lib64/ld64.so.2")
	}
	var out, errb bytes.Buffer
	code := run([]string{"run", prog}, &out, &errb)
	if code != exitFail || !strings.Contains(errb.String(), "interpreter /lib64/ld64.so.2") || !strings.Contains(errb.String(), "-L DIR") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}
