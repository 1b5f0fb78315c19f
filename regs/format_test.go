package regs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/regs"
)

func TestGetSetByName(t *testing.T) {
	var r regs.Regs
	for _, tt := range []struct {
		name string
		v    uint64
		get  func(*regs.Regs) uint64
	}{
		{"r0", 1, func(r *regs.Regs) uint64 { return r.GPR[0] }},
		{"r31", 2, func(r *regs.Regs) uint64 { return r.GPR[31] }},
		{"f7", 3, func(r *regs.Regs) uint64 { return r.VSR[7].Hi }},
		{"nip", 4, func(r *regs.Regs) uint64 { return r.NIP }},
		{"cr", 0x1_2345_6789, func(r *regs.Regs) uint64 { return uint64(r.CR) }}, // 32 bits
		{"fpscr", 6, func(r *regs.Regs) uint64 { return r.FPSCR }},
	} {
		if !r.Set(tt.name, tt.v) {
			t.Fatalf("Set(%q) refused", tt.name)
		}
		want := tt.v
		if tt.name == "cr" {
			want = tt.v & 0xffffffff
		}
		if got := tt.get(&r); got != want {
			t.Errorf("%s: field %#x, want %#x", tt.name, got, want)
		}
		if got, ok := r.Get(tt.name); !ok || got != want {
			t.Errorf("Get(%q) = %#x, %v", tt.name, got, ok)
		}
	}
	for _, bad := range []string{"", "r", "r32", "r-1", "r+1", "r007", "r01", "vs05", "f32", "vs64", "v32", "x", "R3", "vs3"} {
		if _, ok := r.Get(bad); ok {
			t.Errorf("Get(%q) accepted", bad)
		}
		if r.Set(bad, 1) {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
	v := regs.VSR{Hi: 1, Lo: 2}
	if !r.SetVSR("v2", v) || r.VSR[34] != v {
		t.Errorf("SetVSR(v2) did not write VSR 34")
	}
	if got, ok := r.GetVSR("vs34"); !ok || got != v {
		t.Errorf("GetVSR(vs34) = %v, %v", got, ok)
	}
}

func TestDiff(t *testing.T) {
	var a regs.Regs
	b := a
	if d := regs.Diff(&a, &b); d != "" {
		t.Errorf("Diff of equal = %q", d)
	}
	b.GPR[3] = 0xc
	b.CR = 0x20000000
	b.VSR[34] = regs.VSR{Hi: 1}
	want := "r3: 0x0 → 0xc, cr: 0x0 → 0x20000000, vs34: 0x0000000000000000_0000000000000000 → 0x0000000000000001_0000000000000000"
	if d := regs.Diff(&a, &b); d != want {
		t.Errorf("Diff = %q\nwant   %q", d, want)
	}
	if n := len(regs.Changes(&a, &b)); n != 3 {
		t.Errorf("%d changes, want 3", n)
	}
}

func TestString(t *testing.T) {
	var r regs.Regs
	r.GPR[5] = 0xabc
	r.VSR[63] = regs.VSR{Lo: 7}
	s := r.String()
	for _, want := range []string{"r5   0x0000000000000abc", "nip       0x0\n", "vs63      0x0000000000000000_0000000000000007\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("String lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "vs0 ") {
		t.Errorf("String lists a zero VSR:\n%s", s)
	}
}

func BenchmarkEqualThenDiff(b *testing.B) {
	var x, y regs.Regs
	for i := 0; i < b.N; i++ {
		if x != y {
			b.Fatal(regs.Diff(&x, &y))
		}
	}
}

// ExampleDiff reports what a step changed, by register name.
func ExampleDiff() {
	var before regs.Regs
	after := before
	after.Set("r3", 12)
	after.Set("nip", 4)
	fmt.Println(regs.Diff(&before, &after))
	v, _ := after.Get("r3")
	fmt.Println("r3 =", v)
	// Output:
	// r3: 0x0 → 0xc, nip: 0x0 → 0x4
	// r3 = 12
}
