package main

import (
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"
)

// packageDoc is the package doc comment of main.go, as go doc shows it.
func packageDoc(t *testing.T) string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		t.Fatalf("main.go: no package doc (%v)", err)
	}
	return f.Doc.Text()
}

// TestDocNamesEveryCommand: go doc's synopsis lists every subcommand the
// CLI dispatches, each with the synopsis lines of its own -h (so every
// flag, -gdb included).
func TestDocNamesEveryCommand(t *testing.T) {
	doc := packageDoc(t)
	synopsis := regexp.MustCompile(`(?m)^(?:Usage: |\t)(ppc64emu \S+ .*)$`)
	for _, c := range commands {
		if !strings.Contains(doc, "\tppc64emu "+c.name+" ") {
			t.Errorf("the package doc does not name %q in its usage", c.name)
		}
		if c.name == "help" {
			continue
		}
		_, stdout, _ := runArgs(c.name, "-h")
		for _, m := range synopsis.FindAllStringSubmatch(stdout, -1) {
			line := m[1]
			if strings.HasPrefix(line, "ppc64emu "+c.name+" ") && strings.Contains(line, "[") && !strings.Contains(doc, "\t"+line+"\n") {
				t.Errorf("the package doc lacks %s's synopsis %q", c.name, line)
			}
		}
	}
}

// TestDocExamples: every "$ ppc64emu ..." example of the package doc that
// shows output prints exactly that output.
func TestDocExamples(t *testing.T) {
	lines := strings.Split(packageDoc(t), "\n")
	n := 0
	for i := 0; i < len(lines); i++ {
		cmd, ok := strings.CutPrefix(lines[i], "\t$ ppc64emu ")
		if !ok {
			continue
		}
		var want []string
		for i++; i < len(lines) && strings.HasPrefix(lines[i], "\t") && !strings.HasPrefix(lines[i], "\t$"); i++ {
			want = append(want, strings.TrimPrefix(lines[i], "\t"))
		}
		i--
		if len(want) == 0 {
			continue
		}
		n++
		_, stdout, stderr := runArgs(strings.Fields(cmd)...)
		if got := strings.TrimSuffix(stdout, "\n"); got != strings.Join(want, "\n") {
			t.Errorf("ppc64emu %s prints\n%s\n(stderr %q); the package doc shows\n%s", cmd, got, stderr, strings.Join(want, "\n"))
		}
	}
	if n == 0 {
		t.Fatal("no example with output in the package doc")
	}
}
