package survey

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLineRoundTrip(t *testing.T) {
	for _, s := range []string{
		"ldx rsv=0x100000000 ps=x ignored=0x100000000 illegal=0x0 inv=n/a",
		"mfspr rsv=0x100000000 ps=x+ill6 ignored=0x0 illegal=0x100000000 ill=ill1 refused-keep=0x0 refused-change=0x100000000 inv=n/a inconsistent=ps",
		"sc rsv=0x3fff01d00000000 ps=none ignored=0x0 illegal=0x0 untested=0x3fff01d00000000 inv=n/a unmeasured=harness-refuses(syscall)",
		"plq rsv=0x6c000000000000 ps=x ignored=0x6c000000000000 illegal=0x0 inv=x+ill1 inconsistent=inv,rsv=0x1",
	} {
		r, err := ParseLine(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if got := r.String(); got != s {
			t.Errorf("round trip:\n got %s\nwant %s", got, s)
		}
	}
	for _, bad := range []string{"x", "x rsv=12", "x ignored=0xzz", "x what=1", "x ignored"} {
		if _, err := ParseLine(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestRow(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Row
	}{
		{"bcctr rsv=0xe00000000000 ps=x ignored=0xe00000000000 illegal=0x0 inv=x", Row{Ignored: 0xe00000000000, InvExec: true}},
		{"urfid rsv=0x1 ps=ill1 ignored=0x0 illegal=0x0 refused-keep=0x1 refused-change=0x0 inv=n/a", Row{PSCode: 1, Keep: 0x1}},
		{"mfspr rsv=0x1 ps=x+ill6 ignored=0x0 illegal=0x1 ill=ill1 refused-keep=0x0 refused-change=0x1 inv=n/a", Row{}},
		// Some invalid forms execute, others are illegal: the semantic function
		// decides (this was a hand patch of the generated table in quad.go).
		{"plq rsv=0x0 ps=x ignored=0x0 illegal=0x0 inv=x+ill1", Row{InvSome: true}},
	} {
		r, err := ParseLine(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, r.Row()); diff != "" {
			t.Errorf("%s: Row (-want +got):\n%s", tc.line, diff)
		}
	}
}

func TestGenerateGo(t *testing.T) {
	f, err := Read(strings.NewReader("# header\nldx rsv=0x100000000 ps=x ignored=0x100000000 illegal=0x0 inv=n/a\nadd rsv=0x0 ps=x ignored=0x0 illegal=0x0 inv=n/a\n"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := GenerateGo(f, "x.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte(`{"ldx", qemuLegal{ignored: 0x100000000}}`)) || bytes.Contains(src, []byte(`"add"`)) {
		t.Errorf("unexpected output:\n%s", src)
	}
	if !bytes.HasPrefix(src, []byte("// Code generated")) || !bytes.Contains(src, []byte("DO NOT EDIT.")) {
		t.Error("missing generated-code header")
	}
}

func TestOps(t *testing.T) {
	ops := Ops()
	if len(ops) < 1400 {
		t.Errorf("%d ops", len(ops))
	}
	if _, err := OpsByName([]string{"ldx", "nosuch"}); err == nil {
		t.Error("unknown op accepted")
	}
}
