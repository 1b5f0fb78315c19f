package main

import (
	"strings"
	"testing"
)

func TestRunUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		out  string // substring of stdout+stderr
	}{
		{[]string{"run", "-h"}, exitOK, "Usage: ppc64emu run"},
		{[]string{"run"}, exitUsage, "Usage: ppc64emu run"},
		{[]string{"run", "-profile", "bogus", "x"}, exitUsage, "unknown profile"},
		{[]string{"run", "-hwcap-mask", "zz", "x"}, exitUsage, "bad -hwcap-mask"},
		{[]string{"run", "-cpu", "power7", "testdata"}, exitFail, "unknown cpu"},
		{[]string{"run", "/nonexistent/prog"}, exitFail, "no such file"},
	} {
		code, stdout, stderr := runArgs(tc.args...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.out) {
			t.Errorf("%v: code %d, output %q; want %d and %q", tc.args, code, stdout+stderr, tc.code, tc.out)
		}
	}
}
