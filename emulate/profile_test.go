package emulate

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDifferences checks the table of implementation-defined behaviour:
// unique IDs, every field filled, and a source for every row.
func TestDifferences(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range Differences() {
		if d.ID == "" || d.What == "" || d.HWDetail == "" || d.QDetail == "" || d.Source == "" {
			t.Errorf("incomplete row %+v", d)
		}
		if seen[d.ID] {
			t.Errorf("duplicate ID %q", d.ID)
		}
		seen[d.ID] = true
		t.Logf("%-16s hardware=%-13s qemu=%-13s %s [%s]", d.ID, d.Hardware, d.QEMU, d.What, d.Source)
	}
	for id := diffID(1); id < numDiffs; id++ {
		if differenceRows[id].ID == "" {
			t.Errorf("diffID %d has no row", id)
		}
	}
	if got := Differences(); len(got) != int(numDiffs)-1 {
		t.Errorf("Differences() has %d rows, want %d", len(got), numDiffs-1)
	} else {
		got[0].ID = "changed"
		if differenceRows[1].ID == "changed" {
			t.Error("Differences() returned the table itself, not a copy")
		}
	}
	for _, name := range []string{"hardware", "power9", "qemu", "qemu-7.2"} {
		if _, ok := ParseProfile(name); !ok {
			t.Errorf("ParseProfile(%q) failed", name)
		}
	}
	if _, ok := ParseProfile("bogus"); ok {
		t.Error("ParseProfile accepted bogus")
	}
	if !strings.Contains(Hardware.String()+QEMU.String(), "qemu") {
		t.Error("profile names")
	}
}

// TestDifferenceRowsUsed checks that every row of the table is named by the
// code that implements it: its diffID in a call (Emulator.action, unknown,
// qemuSide) or, for a row whose two profiles agree in code (a documented
// value both take) or that a generated table implements, its ID string
// in the comment at that code. So the table cannot hold a row that
// nothing follows.
func TestDifferenceRowsUsed(t *testing.T) {
	src, err := os.ReadFile("differences.go")
	if err != nil {
		t.Fatal(err)
	}
	names := regexp.MustCompile(`(?m)^\t(diff[A-Za-z0-9]+)\s+// (\S+)`).FindAllStringSubmatch(string(src), -1)
	if len(names) != int(numDiffs)-1 {
		t.Fatalf("found %d row IDs in differences.go, want %d", len(names), numDiffs-1)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var code strings.Builder
	for _, f := range files {
		if f == "differences.go" || strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		code.Write(b)
	}
	for _, m := range names {
		if !regexp.MustCompile(`\b` + m[1] + `\b|\b` + regexp.QuoteMeta(m[2]) + `\b`).MatchString(code.String()) {
			t.Errorf("row %s (%s) is not named by any code", m[1], m[2])
		}
	}
}
