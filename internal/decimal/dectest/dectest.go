// Package dectest reads the General Decimal Arithmetic test cases (the
// decTest files of Mike Cowlishaw's specification, as Python's test suite
// ships them; Debian's libpython3.11-testsuite installs them) for the
// decimal64 (dd*) and decimal128 (dq*) formats, an oracle for the DFP
// instructions independent of QEMU.
package dectest

import (
	"bufio"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ppc64emu/ppc64emu/internal/decimal"
)

// Dirs are where the decTest files may be; $DECTEST_DIR comes first.
var Dirs = []string{
	"/usr/lib/python3.11/test/decimaltestdata",
	"/usr/lib/python3/test/decimaltestdata",
}

// Dir returns the directory holding ddAdd.decTest, or "" when absent.
func Dir() string {
	if d := os.Getenv("DECTEST_DIR"); d != "" {
		return d
	}
	for _, d := range Dirs {
		if _, err := os.Stat(filepath.Join(d, "ddAdd.decTest")); err == nil {
			return d
		}
	}
	return ""
}

// Files lists the operations (file name stems after dd/dq) whose cases
// the DFP instructions can run.
var Files = []string{
	"Add", "Subtract", "Multiply", "Divide", "Compare", "Quantize", "Shift",
	"ToIntegral", "Encode", "Canonical", "Class", "SameQuantum", "Base",
}

// Case is one test line with the directives in force.
type Case struct {
	ID, Op     string // op in lower case
	Operands   []string
	Result     string
	Conditions []string
	Format     *decimal.Format // nil: a precision other than 16 or 34
	Rounding   decimal.Rounding
	Clamp      bool
}

var roundings = map[string]decimal.Rounding{
	"half_even": decimal.HalfEven, "down": decimal.TowardZero, "ceiling": decimal.TowardPosInf,
	"floor": decimal.TowardNegInf, "half_up": decimal.HalfAway, "half_down": decimal.HalfTowardZero,
	"up": decimal.AwayFromZero, "05up": decimal.PrepareShorter,
}

// ReadFile calls fn for every test case of the file at path.
func ReadFile(path string, fn func(c *Case)) error {
	fh, err := os.Open(path)
	if err != nil {
		return err
	}
	defer fh.Close()
	var f *decimal.Format
	rm := decimal.HalfEven
	clamp := true
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "--"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if i := strings.IndexByte(line, ':'); i >= 0 && !strings.Contains(line, "->") {
			k, v := strings.ToLower(strings.TrimSpace(line[:i])), strings.ToLower(strings.TrimSpace(line[i+1:]))
			switch k {
			case "precision":
				switch v {
				case "16":
					f = decimal.Long
				case "34":
					f = decimal.Extended
				default:
					f = nil
				}
			case "rounding":
				rm = roundings[v]
			case "clamp":
				clamp = v == "1"
			}
			continue
		}
		fields := split(line)
		arrow := -1
		for i, x := range fields {
			if x == "->" {
				arrow = i
			}
		}
		if arrow < 2 || arrow+1 >= len(fields) {
			continue
		}
		fn(&Case{
			ID: fields[0], Op: strings.ToLower(fields[1]), Operands: fields[2:arrow], Result: fields[arrow+1],
			Conditions: fields[arrow+2:], Format: f, Rounding: rm, Clamp: clamp,
		})
	}
	return sc.Err()
}

// split splits a test line into its fields, honouring quotes.
func split(line string) []string {
	var out []string
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '\'' || c == '"':
			j := i + 1
			var sb strings.Builder
			for j < len(line) {
				if line[j] == c {
					if j+1 < len(line) && line[j+1] == c {
						sb.WriteByte(c)
						j += 2
						continue
					}
					break
				}
				sb.WriteByte(line[j])
				j++
			}
			out = append(out, sb.String())
			i = j + 1
		default:
			j := i
			for j < len(line) && line[j] != ' ' && line[j] != '\t' {
				j++
			}
			out = append(out, line[i:j])
			i = j
		}
	}
	return out
}

func u128(v *big.Int) decimal.U128 {
	lo := new(big.Int).And(v, new(big.Int).SetUint64(^uint64(0))).Uint64()
	return decimal.U128{Hi: new(big.Int).Rsh(v, 64).Uint64(), Lo: lo}
}

// Operand encodes a decTest operand for format f: a number, Inf, NaN, sNaN
// (with payloads) or #hex. ok is false when the value is not exactly
// representable (too many digits, exponent below the format's range).
func Operand(f *decimal.Format, s string) (decimal.Bits, bool) {
	width := 64
	if f == decimal.Extended {
		width = 128
	}
	if strings.HasPrefix(s, "#") {
		h := s[1:]
		if len(h) != width/4 {
			return decimal.Bits{}, false
		}
		if width == 128 {
			hi, err1 := strconv.ParseUint(h[:16], 16, 64)
			lo, err2 := strconv.ParseUint(h[16:], 16, 64)
			return decimal.Bits{Hi: hi, Lo: lo}, err1 == nil && err2 == nil
		}
		lo, err := strconv.ParseUint(h, 16, 64)
		return decimal.Bits{Lo: lo}, err == nil
	}
	var n decimal.Number
	t := s
	if t != "" && (t[0] == '-' || t[0] == '+') {
		n.Neg = t[0] == '-'
		t = t[1:]
	}
	lt := strings.ToLower(t)
	switch {
	case lt == "inf" || lt == "infinity":
		n.Class = decimal.Infinity
		return f.Pack(n), true
	case strings.HasPrefix(lt, "nan") || strings.HasPrefix(lt, "snan"):
		n.Class = decimal.QNaN
		if lt[0] == 's' {
			n.Class = decimal.SNaN
			lt = lt[1:]
		}
		if pl := lt[3:]; pl != "" {
			v, ok := new(big.Int).SetString(pl, 10)
			if !ok || len(strings.TrimLeft(pl, "0")) > f.Precision-1 {
				return decimal.Bits{}, false
			}
			n.Coef = u128(v)
		}
		return f.Pack(n), true
	}
	mant, exp := t, 0
	if i := strings.IndexAny(t, "eE"); i >= 0 {
		e, err := strconv.Atoi(t[i+1:])
		if err != nil {
			return decimal.Bits{}, false
		}
		mant, exp = t[:i], e
	}
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		exp -= len(mant) - i - 1
		mant = mant[:i] + mant[i+1:]
	}
	if mant == "" || strings.Trim(mant, "0123456789") != "" {
		return decimal.Bits{}, false
	}
	v, _ := new(big.Int).SetString(mant, 10)
	digits := len(strings.TrimLeft(mant, "0"))
	if digits > f.Precision || exp < f.Qmin() {
		return decimal.Bits{}, false
	}
	if exp > f.Qmax() {
		pad := exp - f.Qmax()
		if v.Sign() != 0 {
			if digits+pad > f.Precision {
				return decimal.Bits{}, false
			}
			v.Mul(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(pad)), nil))
		}
		exp = f.Qmax()
	}
	n.Coef, n.Exp = u128(v), exp
	return f.Pack(n), true
}

// Flags maps decTest conditions to decimal flags, every invalid-operation
// condition as decimal.Invalid (all causes); Rounded, Subnormal and
// Clamped have no FPSCR bit.
func Flags(conds []string) decimal.Flags {
	var fl decimal.Flags
	for _, c := range conds {
		switch strings.ToLower(c) {
		case "inexact":
			fl |= decimal.XX
		case "underflow":
			fl |= decimal.UX
		case "overflow":
			fl |= decimal.OX
		case "division_by_zero":
			fl |= decimal.ZX
		case "invalid_operation", "division_undefined", "division_impossible", "invalid_context":
			fl |= decimal.Invalid
		}
	}
	return fl
}

// Fold maps flags to the form Flags gives: any invalid cause as Invalid,
// FR dropped.
func Fold(fl decimal.Flags) decimal.Flags {
	if fl&decimal.Invalid != 0 {
		fl |= decimal.Invalid
	}
	return fl &^ decimal.FR
}

// CompareResult normalises an expected compare-like result: any NaN is
// "NaN", an encoded -1/0/1 its decimal string.
func CompareResult(f *decimal.Format, s string) string {
	if strings.HasPrefix(s, "#") {
		b, ok := Operand(f, s)
		if !ok {
			return s
		}
		n := f.Unpack(b)
		switch {
		case n.Class >= decimal.QNaN:
			return "NaN"
		case n.Coef == decimal.U128{}:
			return "0"
		case n.Neg:
			return "-1"
		}
		return "1"
	}
	t := strings.TrimLeft(strings.ToLower(s), "+-")
	if strings.HasPrefix(t, "nan") || strings.HasPrefix(t, "snan") {
		return "NaN"
	}
	return s
}

// Stats counts the cases of a run.
type Stats struct {
	Ran, Passed, Failed int
	Skipped             map[string]int // by reason
}

// Summary is a one-line account of s.
func (s *Stats) Summary() string {
	var parts []string
	total := 0
	for k, v := range s.Skipped {
		parts = append(parts, strconv.Itoa(v)+" "+k)
		total += v
	}
	return strconv.Itoa(s.Ran) + " ran, " + strconv.Itoa(s.Passed) + " passed, " + strconv.Itoa(s.Failed) +
		" failed, " + strconv.Itoa(total) + " skipped (" + strings.Join(parts, "; ") + ")"
}

// Exec runs one case on the operands, encoded: it gives the encoded
// result, or for compare-like operations (compare, samequantum, class) the
// result as the decTest file writes it in cc, the flags raised, or a reason
// to skip the case.
type Exec func(c *Case, ops []decimal.Bits) (res decimal.Bits, cc string, fl decimal.Flags, skip string)

// Run runs every case of the dd and dq files of Files in dir through exec,
// reporting each failure (up to 40) with errorf.
func Run(dir string, exec Exec, errorf func(format string, args ...any)) Stats {
	st := Stats{Skipped: map[string]int{}}
	for _, p := range []string{"dd", "dq"} {
		for _, name := range Files {
			path := filepath.Join(dir, p+name+".decTest")
			err := ReadFile(path, func(c *Case) { st.run(c, exec, errorf) })
			if err != nil {
				errorf("%v", err)
			}
		}
	}
	return st
}

func (st *Stats) run(c *Case, exec Exec, errorf func(format string, args ...any)) {
	skip := ""
	var ops []decimal.Bits
	if c.Format == nil || !c.Clamp {
		skip = "context other than decimal64/decimal128"
	} else {
		for _, o := range c.Operands {
			b, ok := Operand(c.Format, o)
			if !ok {
				skip = "operand not exactly representable"
				break
			}
			ops = append(ops, b)
		}
	}
	var got, want decimal.Bits
	var cc string
	var fl decimal.Flags
	if skip == "" {
		got, cc, fl, skip = exec(c, ops)
	}
	if skip == "" && cc == "" {
		var ok bool
		if want, ok = Operand(c.Format, c.Result); !ok {
			skip = "result not representable"
		}
	}
	if skip != "" {
		st.Skipped[skip]++
		return
	}
	st.Ran++
	wantFl := Flags(c.Conditions)
	ok := Fold(fl) == wantFl
	if cc != "" {
		w := c.Result
		if c.Op != "class" {
			w = CompareResult(c.Format, w)
		}
		ok = ok && strings.EqualFold(cc, w)
	} else {
		ok = ok && got == want
	}
	if ok {
		st.Passed++
		return
	}
	st.Failed++
	if st.Failed <= 40 {
		errorf("%s %s %v -> %s %v: got %s %#x:%#x flags %#x (want %#x:%#x flags %#x)",
			c.ID, c.Op, c.Operands, c.Result, c.Conditions, cc, got.Hi, got.Lo, uint16(Fold(fl)), want.Hi, want.Lo, uint16(wantFl))
	}
}

// CompareString is a compare's condition code (decimal.CCLess …) as a
// decTest compare result.
func CompareString(cc uint32) string {
	switch cc {
	case decimal.CCLess:
		return "-1"
	case decimal.CCGreater:
		return "1"
	case decimal.CCEqual:
		return "0"
	}
	return "NaN"
}

// ClassName is the decTest class of a DCM class bit and sign.
func ClassName(dc int, neg bool) string {
	s := map[int]string{decimal.DCZero: "Zero", decimal.DCSubnormal: "Subnormal", decimal.DCNormal: "Normal",
		decimal.DCInfinity: "Infinity", decimal.DCQNaN: "NaN", decimal.DCSNaN: "sNaN"}[dc]
	if dc >= decimal.DCInfinity {
		if neg {
			return "-" + s
		}
		return "+" + s
	}
	return s
}

// ShiftCount gives a shift case's count (positive: left, for dscli;
// negative: right, for dscri), or why the case has no dscli/dscri form.
func ShiftCount(f *decimal.Format, ops []decimal.Bits) (int, string) {
	n := f.Unpack(ops[1])
	if n.Class != decimal.Finite || n.Exp != 0 {
		return 0, "shift count not an integer (no DFP form)"
	}
	if f.Unpack(ops[0]).Class >= decimal.Infinity {
		return 0, "infinity or NaN operand: GDA returns the operand, DFP's result is unknown on hardware and shifts a NaN's payload in QEMU (Difference dscli-special)"
	}
	k := int(n.Coef.Lo)
	if n.Coef.Hi != 0 || k > f.Precision {
		return 0, "shift count beyond p (GDA: invalid; DFP's 6-bit SH gives zero)"
	}
	if n.Neg {
		k = -k
	}
	return k, ""
}
