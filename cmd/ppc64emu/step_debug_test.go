package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestStepDebugGolden covers -next and -effects. The expected files were
// checked by hand: bdnz with CTR=1 decrements CTR to 0 and falls through
// (any: fall-through 0x40080004 and target 0x40080000-8 = 0x4007fff8); stdu writes 8
// bytes at r4+8 (old bytes from the m@ assignment) and updates r4; the
// trap always fires (no next address); bctrl goes to CTR with the low bits
// cleared and sets LR to NIP+4.
func TestStepDebugGolden(t *testing.T) {
	runGolden(t, []goldenCase{
		{"step_next_bdnz", []string{"step", "-next", "-effects", "4200fff8", "ctr=1"}},
		{"step_effects_stdu", []string{"step", "-effects", "f8640009", "r3=1122334455667788", "r4=50000000", "m@50000008=aabbccddeeff0011"}},
		{"step_next_trap", []string{"step", "-next", "-effects", "7fe00008"}},
		{"step_next_bctrl_32", []string{"step", "-32", "-next", "-effects", "4e800421", "ctr=1234567890abcdef"}},
	})
}

func TestStepDebugJSON(t *testing.T) {
	// beq +0x40 with CR0[EQ] set: taken.
	code, out, _ := runArgs("step", "-json", "-next", "-effects", "41820040", "cr=20000000")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, out)
	}
	type parts struct {
		Next, NextAny *nextJSON
		Effects       *effectsJSON
	}
	var got parts
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	for k, dst := range map[string]any{"next": &got.Next, "next_any": &got.NextAny, "effects": &got.Effects} {
		if err := json.Unmarshal(raw[k], dst); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
	}
	want := parts{
		Next:    &nextJSON{PCs: []string{"0x40080040"}, Flow: "branch"},
		NextAny: &nextJSON{PCs: []string{"0x40080004", "0x40080040"}, Flow: "branch"},
		Effects: &effectsJSON{Registers: []regEffect{{Reg: "nip", Old: "0x40080000", New: "0x40080040"}}, Memory: []memChange{}},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("JSON (-want +got):\n%s", d)
	}
	// Without the flags the keys are absent.
	_, out, _ = runArgs("step", "-json", "7c642a14")
	for _, k := range []string{`"next"`, `"next_any"`, `"effects"`} {
		if strings.Contains(out, k) {
			t.Errorf("%s present without its flag: %s", k, out)
		}
	}
}
