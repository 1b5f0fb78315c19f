package optab

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/ppc64emu/ppc64emu/decode/internal/dectree"
)

// Module is the module whose files the table is generated from.
const Module = "golang.org/x/arch"

// The two source files, relative to the module directory.
const (
	TablesFile = "ppc64/ppc64asm/tables.go"
	CSVFile    = "ppc64/pp64.csv"
)

// ModuleDir returns the directory of the x/arch module version required by
// the enclosing main module, as reported by "go list -m". dir is the
// directory to run the go command in ("" for the current directory).
func ModuleDir(dir string) (string, error) {
	cmd := exec.Command("go", "list", "-m", "-f", "{{.Dir}}\t{{.Version}}", Module)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list -m %s: %v: %s", Module, err, strings.TrimSpace(stderr.String()))
	}
	d, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\t")
	if d == "" {
		return "", fmt.Errorf("go list -m %s: module not downloaded (run go mod download)", Module)
	}
	return d, nil
}

// instFormat is one instFormats row of tables.go.
type instFormat struct {
	op       string
	mask     uint64
	value    uint64
	dontCare uint64
	headline string
	syntax   string
}

// csvRow is one instruction line of pp64.csv.
type csvRow struct {
	line      int
	headline  string
	mnemonics []mnemonic
	encoding  string
	isa       string
}

// mnemonic is one "|"-separated entry of the csv mnemonic field, e.g.
// "addo. RT,RA,RB (OE=1 Rc=1)".
type mnemonic struct {
	name  string            // "addo."
	conds map[string]string // {"OE": "1", "Rc": "1"}
}

var (
	constStart = regexp.MustCompile(`^\t_ Op = iota$`)
	constLine  = regexp.MustCompile(`^\t([A-Z][A-Z0-9_]*)$`)
	formatLine = regexp.MustCompile(dectree.FormatRowPrefix + `(.*) \(([a-z][^ ()]*)(?: (.*))?\)$`)
)

// parseTables reads the op constants (in op-number order, op 1 first) and
// the instFormats rows of ppc64asm's tables.go.
func parseTables(path string) (ops []string, formats []instFormat, err error) {
	state := 0 // 0: before the op consts, 1: in them, 2: after them
	err = dectree.ScanLines(path, func(line string) error {
		switch {
		case state == 0 && constStart.MatchString(line):
			state = 1
		case state == 1 && line == ")":
			state = 2
		case state == 1:
			m := constLine.FindStringSubmatch(line)
			if m == nil {
				return fmt.Errorf("unexpected line in the op constants: %q", line)
			}
			ops = append(ops, m[1])
		case state == 2 && strings.HasPrefix(line, "\t{") && strings.Contains(line, "// "):
			m, u, err := dectree.ParseFormatRow(formatLine, line)
			if err != nil {
				return err
			}
			syntax := m[6]
			if m[7] != "" {
				syntax += " " + m[7]
			}
			formats = append(formats, instFormat{op: m[1], mask: u[0], value: u[1], dontCare: u[2], headline: m[5], syntax: syntax})
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if len(ops) == 0 || len(formats) == 0 {
		return nil, nil, fmt.Errorf("%s: found %d op constants and %d instFormats rows", path, len(ops), len(formats))
	}
	return ops, formats, nil
}

var condRE = regexp.MustCompile(`\(([^()]*)\)$`)

// parseCSV reads the instruction lines of pp64.csv.
func parseCSV(path string) ([]csvRow, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comment = '#'
	r.FieldsPerRecord = 4
	var rows []csvRow
	for {
		rec, err := r.Read()
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		line, _ := r.FieldPos(0)
		row := csvRow{line: line, headline: rec[0], encoding: rec[2], isa: rec[3]}
		for _, m := range strings.Split(rec[1], "|") {
			m = strings.TrimSpace(m)
			name, _, _ := strings.Cut(m, " ")
			mn := mnemonic{name: name, conds: map[string]string{}}
			if c := condRE.FindStringSubmatch(m); c != nil && strings.Contains(c[1], "=") {
				for _, kv := range strings.Fields(c[1]) {
					k, v, _ := strings.Cut(kv, "=")
					mn.conds[k] = v
				}
			}
			row.mnemonics = append(row.mnemonics, mn)
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// load parses both source files of the module directory dir.
func load(dir string) (ops []string, formats []instFormat, rows []csvRow, err error) {
	ops, formats, err = parseTables(filepath.Join(dir, filepath.FromSlash(TablesFile)))
	if err != nil {
		return nil, nil, nil, err
	}
	rows, err = parseCSV(filepath.Join(dir, filepath.FromSlash(CSVFile)))
	if err != nil {
		return nil, nil, nil, err
	}
	return ops, formats, rows, nil
}

// VersionOf returns the module version in the name of a module-cache
// directory ("…/arch@v0.33.0" → "v0.33.0"), or "unknown".
func VersionOf(dir string) string {
	if _, v, ok := strings.Cut(filepath.Base(dir), "@"); ok {
		return v
	}
	return "unknown"
}
