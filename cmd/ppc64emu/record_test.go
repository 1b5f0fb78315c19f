//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/record"
)

func TestRecordReplayUsage(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	if err := os.Mkdir(bad, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bad, record.LogName), []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		out  string // substring of stdout+stderr
	}{
		{[]string{"record", "-h"}, exitOK, "Usage: ppc64emu record"},
		{[]string{"record"}, exitUsage, "Usage: ppc64emu record"},
		{[]string{"record", "-gdb", ":1234", "x"}, exitUsage, "-gdb is for run and replay"},
		{[]string{"record", "-o", filepath.Join(dir, "none"), "/nonexistent/prog"}, exitFail, "no such file"},
		{[]string{"replay", "-h"}, exitOK, "Usage: ppc64emu replay"},
		{[]string{"replay"}, exitUsage, "Usage: ppc64emu replay"},
		{[]string{"replay", filepath.Join(dir, "missing")}, exitFail, "no such file"},
		{[]string{"replay", bad}, exitFail, "not a ppc64emu recording"},
	} {
		code, stdout, stderr := runArgs(tc.args...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.out) {
			t.Errorf("%v: code %d, output %q; want %d and %q", tc.args, code, stdout+stderr, tc.code, tc.out)
		}
	}
}

// TestRecordReplayCommand: ppc64emu record prints what qemu-user prints
// for the same program and exits with its status, and ppc64emu replay of
// the recording prints it again and exits with the same status, twice.
func TestRecordReplayCommand(t *testing.T) {
	prog := "../../build/corpus/c-stdio.le"
	if _, err := os.Stat(prog); err != nil {
		t.Skip("no corpus: run scripts/build-corpus.sh first")
	}
	if _, err := exec.LookPath("qemu-ppc64le"); err != nil {
		t.Skip("qemu-ppc64le not installed")
	}
	dir, emu := buildCommand(t)
	want, err := exec.Command("qemu-ppc64le", "-cpu", "power10", prog, "one", "two words").Output()
	if err != nil {
		t.Fatalf("qemu: %v\n%s", err, want)
	}
	rec := filepath.Join(dir, "rec")
	got, err := exec.Command(emu, "record", "-o", rec, prog, "one", "two words").Output()
	if err != nil {
		t.Fatalf("record: %v", err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("record's output (-qemu +record):\n%s", d)
	}
	for i := range 2 {
		got, err := exec.Command(emu, "replay", rec).Output()
		if err != nil {
			t.Fatalf("replay %d: %v", i, err)
		}
		if d := cmp.Diff(string(want), string(got)); d != "" {
			t.Errorf("replay %d's output (-qemu +replay):\n%s", i, d)
		}
	}
	if out, err := exec.Command(emu, "record", "-o", rec, prog).CombinedOutput(); err == nil || !strings.Contains(string(out), "exists") {
		t.Errorf("record into a recording: %v %s, want a refusal (file exists)", err, out)
	}
}
