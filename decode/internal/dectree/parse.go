// Package dectree builds the opcode-indexed decoder of package decode
// (decode/dectable.go) from ppc64asm's instruction table in
// golang.org/x/arch: ppc64/ppc64asm/tables.go, the file the op table of
// decode/internal/optab is also built from.
//
// # What is generated
//
// ppc64asm matches a word against its instFormats rows: rows are grouped by
// primary opcode (and, for prefixed instructions, the suffix's primary
// opcode), tried by opcode mask from the numerically largest mask down, and
// the first row with word&Mask == Value wins (of two rows with the same mask
// and value, the later one). The generated decoder makes the same choice
// without scanning: a decision tree whose nodes each switch on one contiguous
// field of the 64-bit key (word<<32 | suffix), starting with the primary
// opcode, down to a short leaf list of candidate rows in ppc64asm's order,
// which are checked with the same mask test. Operands are then extracted by
// straight-line code generated per distinct operand list, with ppc64asm's
// value conventions (see decode.convertArg).
// The same file holds the tables decode.Encode places operands with: one
// descriptor per argField (kind, signedness, implied shift, bit fields) and
// each op's operand list.
//
// # Correctness
//
// The tree is built so that a leaf holds, in order, every row that can still
// match given the bits switched on along its path; a row is dropped only when
// an earlier row of the leaf is certain to match. Package decode's tests
// compare the result with ppc64asm on random words, on a C library's code
// and, on request, on every 32-bit word.
package dectree

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// TablesFile is ppc64asm's table, relative to the x/arch module directory.
const TablesFile = "ppc64/ppc64asm/tables.go"

// bitField is one ppc64asm BitField: bits [offs, offs+bits) of word (0: the
// instruction or prefix word, 1: the suffix), counted from the MSB.
type bitField struct {
	offs, bits, word int
}

// argField is one ppc64asm argField (an ap_* variable of tables.go).
type argField struct {
	name   string
	typ    string // TypeReg, TypeImmSigned, …
	shift  int
	fields []bitField
}

// nbits is the total width of the operand's bit fields.
func (a *argField) nbits() int {
	n := 0
	for _, f := range a.fields {
		n += f.bits
	}
	return n
}

// row is one instFormats row.
type row struct {
	index    int // 1-based position in instFormats
	op       string
	mask     uint64
	value    uint64
	dontCare uint64
	comment  string
	args     []string // ap_* names
}

var (
	apLine    = regexp.MustCompile(`^\t(ap_[A-Za-z0-9_]+)\s*= &argField\{Type: (Type[A-Za-z]+), Shift: ([0-9]+), BitFields: BitFields\{(.*)\}\}$`)
	bfRE      = regexp.MustCompile(`\{([0-9]+), ([0-9]+), ([0-9]+)\}`)
	rowLine   = regexp.MustCompile(FormatRowPrefix + `(.*)$`)
	argsLine  = regexp.MustCompile(`^\t\t\[6\]\*argField\{(.*)\}\},$`)
	tableHead = "var instFormats = [...]instFormat{"
)

// FormatRowPrefix is the start of a regular expression for an instFormats
// row of tables.go: the op (submatch 1), the mask, value and don't-care
// bits (submatches 2 to 4) and the comment's "// ". Package optab parses
// the same rows with its own tail.
const FormatRowPrefix = `^\t\{([A-Z][A-Z0-9_]*), (0x[0-9a-f]+), (0x[0-9a-f]+), (0x[0-9a-f]+), // `

// ParseFormatRow matches line against re (FormatRowPrefix and a tail) and
// returns its submatches and the mask, value and don't-care bits.
func ParseFormatRow(re *regexp.Regexp, line string) (m []string, u [3]uint64, err error) {
	if m = re.FindStringSubmatch(line); m == nil {
		return nil, u, fmt.Errorf("cannot parse instFormats row: %q", line)
	}
	for i := range u {
		if u[i], err = strconv.ParseUint(m[2+i], 0, 64); err != nil {
			return nil, u, err
		}
	}
	return m, u, nil
}

// ScanLines calls fn with each line of the file at path; an error of fn
// comes back prefixed with the file name and line number.
func ScanLines(path string, fn func(line string) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if err := fn(sc.Text()); err != nil {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
	}
	return sc.Err()
}

// parse reads the argument fields and the instFormats rows of tables.go.
func parse(path string) (map[string]*argField, []row, error) {
	aps := map[string]*argField{}
	var rows []row
	in := false
	var cur *row
	err := ScanLines(path, func(line string) error {
		if m := apLine.FindStringSubmatch(line); m != nil {
			a := &argField{name: m[1], typ: m[2]}
			a.shift, _ = strconv.Atoi(m[3])
			for _, b := range bfRE.FindAllStringSubmatch(m[4], -1) {
				var v [3]int
				for i := range v {
					v[i], _ = strconv.Atoi(b[1+i])
				}
				a.fields = append(a.fields, bitField{offs: v[0], bits: v[1], word: v[2]})
			}
			if len(a.fields) == 0 {
				return fmt.Errorf("argument %s has no bit fields", a.name)
			}
			aps[a.name] = a
			return nil
		}
		switch {
		case line == tableHead:
			in = true
		case in && line == "}":
			in = false
		case in && cur == nil:
			m, u, err := ParseFormatRow(rowLine, line)
			if err != nil {
				return err
			}
			cur = &row{index: len(rows) + 1, op: m[1], mask: u[0], value: u[1], dontCare: u[2], comment: m[5]}
		case in:
			m := argsLine.FindStringSubmatch(line)
			if m == nil {
				return fmt.Errorf("cannot parse instFormats arguments: %q", line)
			}
			for _, a := range strings.Split(m[1], ",") {
				if a = strings.TrimSpace(a); a != "" {
					cur.args = append(cur.args, a)
				}
			}
			rows = append(rows, *cur)
			cur = nil
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if len(rows) == 0 || len(aps) == 0 || cur != nil {
		return nil, nil, fmt.Errorf("%s: found %d instFormats rows and %d argument fields", path, len(rows), len(aps))
	}
	for _, r := range rows {
		if len(r.args) > 6 {
			return nil, nil, fmt.Errorf("%s: %s has %d arguments", path, r.op, len(r.args))
		}
		for _, a := range r.args {
			if aps[a] == nil {
				return nil, nil, fmt.Errorf("%s: %s uses undefined argument %s", path, r.op, a)
			}
		}
	}
	return aps, rows, nil
}
