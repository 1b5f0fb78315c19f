package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/oracle"
)

func TestOracleUsage(t *testing.T) {
	for _, args := range [][]string{
		{"oracle", "-ops", "nosuchop"},
		{"oracle", "-ops", "add", "-all"},
		{"oracle", "-orders", "xe"},
		{"oracle", "-n", "0"},
		{"oracle", "extra"},
		{"oracle", "-harness", "h", "-orders", "le,be"},
		{"oracle", "-harness", "/no/such/harness", "-orders", "le", "-ops", "add"},
	} {
		if code, _, _ := runCmd(args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestOracleCampaign runs a tiny live campaign against QEMU.
func TestOracleCampaign(t *testing.T) {
	if _, err := oracle.New(oracle.Config{}); oracle.Unavailable(err) {
		t.Skipf("no QEMU reference (install with scripts/install-deps.sh): %v", err)
	}
	dir := t.TempDir()
	code, out, errs := runCmd("oracle", "-ops", "add,ld,bc", "-n", "8", "-seed", "7", "-save", dir)
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	for _, want := range []string{"add ", "ld ", "bc ", "seed 7"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The saved traces replay clean with check.
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 2 {
		t.Fatalf("saved %v", files)
	}
	if code, out, _ := runCmd(append([]string{"check"}, files...)...); code != exitOK {
		t.Errorf("check of saved traces: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(files[0]); err != nil {
		t.Error(err)
	}
}

// TestOracleHarnessFlag runs a campaign with a prebuilt harness (-harness)
// from outside the module (no go.mod above the working directory).
func TestOracleHarnessFlag(t *testing.T) {
	if _, err := oracle.New(oracle.Config{BE: true}); oracle.Unavailable(err) {
		t.Skipf("no QEMU reference: %v", err)
	} else if err != nil {
		t.Fatal(err)
	}
	bin, err := oracle.Build("", true)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	code, out, errs := runCmd("oracle", "-harness", bin, "-orders", "be", "-ops", "add", "-n", "4", "-seed", "3")
	if code != exitOK || !strings.Contains(out, "add ") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
}
