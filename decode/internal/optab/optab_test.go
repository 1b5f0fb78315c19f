package optab

import (
	"os"
	"path/filepath"
	"testing"
)

func TestAccessSize(t *testing.T) {
	tests := []struct {
		headline string
		want     int
	}{
		{"Load Byte and Zero D-form", 1},
		{"Load Halfword Byte-Reverse Indexed X-form", 2},
		{"Load Floating-Point as Integer Word & Zero Indexed X-form", 4},
		{"Load Floating-Point Double Pair DS-form", 16},
		{"Load VSX Vector Paired DQ-form", 32},
		{"Load VSX Vector Doubleword & Splat Indexed X-form", 8},
		{"Load VSX Vector Byte*16 Indexed X-form", 16},
		{"Load VSX Vector DQ-form", 16},
		{"Load VSX Vector with Length X-form", 0},
		{"Load Multiple Word D-form", 0},
		{"Store VSX Scalar Single DS-form", 4},
		{"Load Quadword And Reserve Indexed X-form", 16},
		{"Load Vector Element Halfword Indexed X-form", 2},
		{"Store Vector Indexed Last X-form", 16},
		{"Load Nothing X-form", -1},
	}
	for _, tt := range tests {
		if got := accessSize(tt.headline); got != tt.want {
			t.Errorf("accessSize(%q) = %d, want %d", tt.headline, got, tt.want)
		}
	}
}

func TestParseCSV(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.csv")
	data := "# comment\n" +
		`"Add Carrying XO-form","addc RT,RA,RB (OE=0 Rc=0)|addco. RT,RA,RB (OE=1 Rc=1)","31@0|RT@6|RA@11|RB@16|OE@21|10@22|Rc@31|","P1"` + "\n" +
		`"Prefixed Nop MRR:*-form","pnop",",1@0|3@6|0@8|///@12|0@14|//@31|,///@0|","v3.1"` + "\n"
	if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
	rows, err := parseCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("got %d rows, want 2", len(rows))
	}
	m := rows[0].mnemonics[1]
	if m.name != "addco." || m.conds["OE"] != "1" || m.conds["Rc"] != "1" {
		t.Errorf("mnemonic %+v", m)
	}
	if rows[1].mnemonics[0].name != "pnop" || rows[1].isa != "v3.1" || rows[1].encoding[0] != ',' {
		t.Errorf("row %+v", rows[1])
	}
}

func TestVersionOf(t *testing.T) {
	if v := VersionOf("/x/golang.org/x/arch@v0.33.0"); v != "v0.33.0" {
		t.Errorf("VersionOf = %q", v)
	}
	if v := VersionOf("/src/arch"); v != "unknown" {
		t.Errorf("VersionOf = %q", v)
	}
}
