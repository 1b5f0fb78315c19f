package trace

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// docKey is a row of the key table of docs/trace-format.md.
type docKey struct {
	key, width, since, in string
}

func readDocKeys(t *testing.T) map[string]docKey {
	t.Helper()
	b, err := os.ReadFile("../docs/trace-format.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	start := strings.Index(s, "<!-- keys:")
	end := strings.Index(s, "<!-- end keys -->")
	if start < 0 || end < start {
		t.Fatal("docs/trace-format.md: no key table between <!-- keys: and <!-- end keys -->")
	}
	rows := map[string]docKey{}
	for _, line := range strings.Split(s[start:end], "\n")[1:] {
		cells := strings.Split(strings.Trim(line, "| "), "|")
		if len(cells) != 5 || strings.HasPrefix(cells[0], "---") || strings.TrimSpace(cells[0]) == "key" {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		k := docKey{strings.ReplaceAll(cells[0], "`", ""), cells[2], cells[3], cells[4]}
		if _, dup := rows[k.key]; dup {
			t.Errorf("key %s twice in the table", k.key)
		}
		rows[k.key] = k
	}
	return rows
}

// TestDocKeyTable checks the key table of docs/trace-format.md against the
// parser: the same keys (the numbered and scalar register tables, mseed,
// the patch prefixes, the result fields), and for each the width, the
// format version and where it may stand, by parsing lines with it.
func TestDocKeyTable(t *testing.T) {
	doc := readDocKeys(t)
	want := map[string]bool{"mseed": true, "m@OFF": true, "c@ADDR": true}
	for _, nb := range formatNumbered {
		want[fmt.Sprintf("%s0…%s%d", nb.prefix, nb.prefix, nb.n-1)] = true
	}
	for _, s := range formatScalars {
		want[s.reg.Name()] = true
	}
	for _, f := range resultFields {
		want[f] = true
	}
	var missing, extra []string
	for k := range want {
		if _, ok := doc[k]; !ok {
			missing = append(missing, k)
		}
	}
	for k := range doc {
		if !want[k] {
			extra = append(extra, k)
		}
	}
	slices.Sort(missing)
	slices.Sort(extra)
	if len(missing) > 0 || len(extra) > 0 {
		t.Fatalf("docs/trace-format.md key table: missing %q, not keys of the parser %q", missing, extra)
	}

	const base = "x insn=60000000"
	const res = " => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004"
	parses := func(format int, line string) bool {
		l, err := ParseLine(line)
		if err == nil && format == 1 {
			err = l.checkVersion(1)
		}
		return err == nil
	}
	for _, d := range doc {
		// The keys to try: both ends of a numbered range.
		keys := []string{d.key}
		if first, last, ok := strings.Cut(d.key, "…"); ok {
			keys = []string{first, last}
		}
		for _, k := range keys {
			t.Run(k, func(t *testing.T) {
				var vecLine, resLine func(v string) string
				switch {
				case slices.Contains(resultFields[:], k):
					resLine = func(v string) string {
						fields := []string{"st=ok", "sig=05", "code=01", "addr=0000000040080004", "nip=0000000040080004"}
						switch k {
						case "why":
							fields = []string{"st=skip"}
						case "err":
							fields = []string{"st=error"}
						}
						out := []string{}
						for _, f := range fields {
							if strings.HasPrefix(f, k+"=") {
								continue
							}
							out = append(out, f)
						}
						return base + " => " + k + "=" + v + " " + strings.Join(out, " ")
					}
				case k == "m@OFF":
					vecLine = func(v string) string { return base + " m@10=" + v }
					resLine = func(v string) string { return base + res + " m@10=" + v }
				case k == "c@ADDR":
					vecLine = func(v string) string { return base + " c@40080000=" + v }
					resLine = func(v string) string { return base + res + " c@40080000=" + v }
				default:
					vecLine = func(v string) string { return base + " " + k + "=" + v }
					resLine = func(v string) string { return base + res + " " + k + "=" + v }
				}
				in := []string{}
				if vecLine != nil && parses(2, vecLine("01")) {
					in = append(in, "vector")
				}
				if resLine != nil && parses(2, resLine(sample(k, "01"))) {
					in = append(in, "result")
				}
				if got := strings.Join(in, ", "); got != d.in {
					t.Errorf("%s: may stand in %q, the doc says %q", k, got, d.in)
				}
				line := resLine
				if strings.HasPrefix(d.in, "vector") {
					line = vecLine
				}
				// Width: the most hex digits the parser takes.
				width := "–"
				switch {
				case strings.Contains(k, "@"):
					if parses(2, line("012")) || !parses(2, line("0123")) {
						t.Errorf("%s: odd digit counts accepted or even refused", k)
					}
					width = "even"
				case parses(2, line("1")):
					for w := 1; w <= 40; w++ {
						if !parses(2, line(strings.Repeat("1", w))) {
							width = strconv.Itoa(w - 1)
							break
						}
					}
				}
				if width != d.width {
					t.Errorf("%s: the parser takes %s hex digits, the doc says %s", k, width, d.width)
				}
				// Version: a version-1 file refuses the version-2 keys.
				since := "1"
				if !parses(1, line(sample(k, "1"))) && parses(2, line(sample(k, "1"))) {
					since = "2"
				}
				if since != d.since {
					t.Errorf("%s: since version %s, the doc says %s", k, since, d.since)
				}
			})
		}
	}
}

// sample is a valid value for a key ("ok" for st, text for the reasons).
func sample(k, hex string) string {
	switch k {
	case "st":
		return "ok"
	case "why", "err":
		return "reason"
	}
	return hex
}
