package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/emulate"
)

// TestMemChangesMerge: step's memory list comes from the Observer's
// writes, merged where they touch or overlap (old bytes of the first
// write, new bytes of the last), in address order.
func TestMemChangesMerge(t *testing.T) {
	w := func(addr uint64, old, new string, ok bool) emulate.MemWrite {
		return emulate.MemWrite{Addr: addr, Old: []byte(old), New: []byte(new), OldOK: ok}
	}
	for _, c := range []struct {
		name   string
		writes []emulate.MemWrite
		want   []memChange
	}{
		{"none", nil, []memChange{}},
		{"adjacent", []emulate.MemWrite{w(0x1004, "\x00\x00\x00\x00", "BBBB", true), w(0x1000, "\x00\x00\x00\x00", "AAAA", true)},
			[]memChange{{Addr: "0x1000", Old: "0000000000000000", New: "4141414142424242"}}},
		{"overlap", []emulate.MemWrite{w(0x1000, "\x01\x02", "AB", true), w(0x1001, "B\x03", "CD", true)},
			[]memChange{{Addr: "0x1000", Old: "010203", New: "414344"}}},
		{"apart", []emulate.MemWrite{w(0x2000, "\x00", "Z", true), w(0x1000, "\x00", "A", false)},
			[]memChange{{Addr: "0x1000", Old: "??", New: "41"}, {Addr: "0x2000", Old: "00", New: "5a"}}},
	} {
		got := memChanges(&emulate.StepRecord{Mem: c.writes})
		if d := cmp.Diff(c.want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, d)
		}
	}
}
