package valgrind

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// class is one line of testdata/verdicts.txt.
type class struct {
	id     string
	tests  *regexp.Regexp
	orders string
	line   *regexp.Regexp
	mask   *regexp.Regexp // nil: any pair of matching lines
}

func readClasses(t *testing.T) []class {
	t.Helper()
	b, err := os.ReadFile("testdata/verdicts.txt")
	if err != nil {
		t.Fatal(err)
	}
	var cs []class
	for i, l := range strings.Split(string(b), "\n") {
		n := i + 1
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) < 4 || len(f) > 5 {
			t.Fatalf("verdicts.txt:%d: %d fields, want 4 or 5", n, len(f))
		}
		c := class{id: f[0], orders: f[2]}
		var errs [3]error
		c.tests, errs[0] = regexp.Compile("^(?:" + f[1] + ")$")
		c.line, errs[1] = regexp.Compile(f[3])
		if len(f) == 5 {
			c.mask, errs[2] = regexp.Compile(f[4])
		}
		for _, err := range errs {
			if err != nil {
				t.Fatalf("verdicts.txt:%d: %v", n, err)
			}
		}
		cs = append(cs, c)
	}
	return cs
}

// TestVerdictsDocumented: every class has its row in docs/valgrind.md.
func TestVerdictsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/valgrind.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range readClasses(t) {
		if !strings.Contains(string(doc), "| `"+c.id+"` |") {
			t.Errorf("class %s has no verdict row (| `%s` | …) in docs/valgrind.md", c.id, c.id)
		}
	}
}

// blank replaces the submatches of re in s by '_'.
func blank(re *regexp.Regexp, s string) string {
	b := []byte(s)
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		for g := 2; g+1 < len(m); g += 2 {
			for i := m[g]; i >= 0 && i < m[g+1]; i++ {
				b[i] = '_'
			}
		}
	}
	return string(b)
}

// explains reports whether c accounts for the pair (exp, got); got or exp
// is "" for a line without a pair.
func (c *class) explains(exp, got string, paired bool) bool {
	if !paired {
		l := exp + got
		return c.mask == nil && c.line.MatchString(l)
	}
	if !c.line.MatchString(exp) || !c.line.MatchString(got) {
		return false
	}
	return c.mask == nil || blank(c.mask, exp) == blank(c.mask, got)
}

// hunks parses diff's normal output into its changed line groups.
func hunks(diff string) (out [][2][]string) {
	var cur *[2][]string
	for _, l := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "< "), l == "<":
			cur[0] = append(cur[0], strings.TrimPrefix(strings.TrimPrefix(l, "<"), " "))
		case strings.HasPrefix(l, "> "), l == ">":
			cur[1] = append(cur[1], strings.TrimPrefix(strings.TrimPrefix(l, ">"), " "))
		case l == "---" || l == "" || strings.HasPrefix(l, `\`):
		default:
			out = append(out, [2][]string{})
			cur = &out[len(out)-1]
		}
	}
	return out
}

// TestCorpus checks the results of scripts/valgrind-corpus.sh, whose
// output directory VALGRIND_CORPUS names (the script sets it; without it
// the test skips): summary.txt's lines "TEST ORDER emu=EXIT/DIFF
// qemu=EXIT/DIFF exp=FILE" and ORDER/TEST.emu.diff, diff's output from the
// expected file to ppc64emu's.
func TestCorpus(t *testing.T) {
	dir := os.Getenv("VALGRIND_CORPUS")
	if dir == "" {
		t.Skip("VALGRIND_CORPUS not set: scripts/valgrind-corpus.sh runs the corpus and this check")
	}
	classes := readClasses(t)
	sum, err := os.ReadFile(filepath.Join(dir, "summary.txt"))
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]int{}
	runs := 0
	for _, l := range strings.Split(strings.TrimSpace(string(sum)), "\n") {
		f := strings.Fields(l)
		if len(f) < 3 {
			continue
		}
		name, order := f[0], f[1]
		if len(f) != 5 {
			t.Errorf("%s %s: %s", name, order, strings.Join(f[2:], " "))
			continue
		}
		runs++
		var erc, ed, qrc, qd int
		if _, err := fmt.Sscanf(f[2]+" "+f[3], "emu=%d/%d qemu=%d/%d", &erc, &ed, &qrc, &qd); err != nil {
			t.Errorf("%s %s: bad summary line %q", name, order, l)
			continue
		}
		if erc != 0 {
			t.Errorf("%s %s: ppc64emu stopped early (exit %d)", name, order, erc)
		}
		if ed > qd {
			t.Errorf("%s %s: %d differing lines, qemu-user %d", name, order, ed, qd)
		}
		d, err := os.ReadFile(filepath.Join(dir, order, name+".emu.diff"))
		if err != nil {
			t.Errorf("%s %s: %v", name, order, err)
			continue
		}
		var mine []class
		for _, c := range classes {
			if c.tests.MatchString(name) && strings.Contains(c.orders, order) {
				mine = append(mine, c)
			}
		}
		var bad []string
		check := func(exp, got string, paired bool) {
			for _, c := range mine {
				if c.explains(exp, got, paired) {
					used[c.id]++
					return
				}
			}
			if len(bad) < 6 {
				bad = append(bad, strconv.Quote(exp)+" → "+strconv.Quote(got))
			} else {
				bad[5] = "…"
			}
		}
		for _, h := range hunks(string(d)) {
			if len(h[0]) == len(h[1]) {
				for i := range h[0] {
					check(h[0][i], h[1][i], true)
				}
				continue
			}
			for _, l := range h[0] {
				check(l, "", false)
			}
			for _, l := range h[1] {
				check("", l, false)
			}
		}
		if len(bad) > 0 {
			t.Errorf("%s %s: differing lines of no class (testdata/verdicts.txt):\n  %s", name, order, strings.Join(bad, "\n  "))
		}
	}
	t.Logf("%d runs checked; differing line pairs per class: %v", runs, used)
}
