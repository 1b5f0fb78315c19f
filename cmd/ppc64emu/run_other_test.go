//go:build !linux

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRunNeedsLinux: off Linux, run fails with a message saying why.
func TestRunNeedsLinux(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runRun([]string{"prog"}, &out, &errb); code != exitFail {
		t.Errorf("exit %d, want %d", code, exitFail)
	}
	if !strings.Contains(errb.String(), "needs a Linux host") {
		t.Errorf("stderr %q, want it to say run needs a Linux host", errb.String())
	}
}
