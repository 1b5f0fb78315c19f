package emulate

import (
	"strings"
	"testing"
)

// TestDifferences checks the table of implementation-defined behaviour:
// unique IDs, every field filled, and a source for every row.
func TestDifferences(t *testing.T) {
	New(Config{}) // resolve
	seen := map[string]bool{}
	for _, d := range Differences {
		if d.ID == "" || d.What == "" || d.HWDetail == "" || d.QDetail == "" || d.Source == "" {
			t.Errorf("incomplete row %+v", d)
		}
		if seen[d.ID] {
			t.Errorf("duplicate ID %q", d.ID)
		}
		seen[d.ID] = true
		t.Logf("%-16s hardware=%-13s qemu=%-13s %s [%s]", d.ID, d.Hardware, d.QEMU, d.What, d.Source)
	}
	for _, p := range []Profile{Hardware, QEMU} {
		if got := len(rulesFor(p).actions); got != len(Differences) {
			t.Errorf("%v: %d actions for %d rows", p, got, len(Differences))
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
