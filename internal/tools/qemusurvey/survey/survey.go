// Package survey measures, op by op, how QEMU 7.2 (-cpu power10, user mode)
// treats the encodings the Power ISA leaves to the implementation: reserved
// bits, invalid forms, and valid encodings in problem state. The results
// are one line per op (Result.String, parsed back by ParseLine), kept in
// emulate/testdata/qemu-legality.txt, from which GenerateGo writes the
// QEMU profile's table emulate/qemu_legality.go.
//
// # Method
//
// For every op and both byte orders (each order runs its own harness, see
// package oracle's Campaign):
//
//  1. Valid encodings: the first Valid vectors vecgen gives for the op
//     (random operands, safe state). Their outcomes form "ps", the op's
//     problem-state behaviour: "x" (executes: ok, loop, trap, segv, bus or
//     fpe), or "ill<code>" (SIGILL with si_code 1 illegal opcode,
//     5 privileged opcode, 6 privileged register, …).
//  2. Invalid forms: encodings of the op that decode with
//     decode.InvalidForm and no reserved bits: the invalid vectors vecgen
//     makes, then field tweaks of the valid ones (RA=0, RA=RT, odd
//     register numbers, BO[2]=0, XA/XB inside ACC[AT], R=1 prefixes).
//  3. Reserved bits: each bit of the op's reserved mask set alone on up to
//     BasesPerBit valid vectors that executed and, if the op was refused
//     in problem state, on up to BasesPerBit refused ones. A bit is
//     "ignored" if every executing base still executes, "illegal" if each
//     gives SIGILL; on refused bases it either keeps the base's SIGILL
//     code (QEMU checks privilege first) or changes it.
//
// Everything is deterministic for a seed (vecgen is seeded per op and byte
// order, tweaks are fixed), and an op's line does not depend on which
// other ops are surveyed with it, so a sample of ops can be re-measured
// and compared with the file.
package survey

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/oracle"
	"github.com/ppc64emu/ppc64emu/trace"
)

// Sizes of the survey.
const (
	Valid       = 16 // valid vectors per op and byte order
	BasesPerBit = 3  // bases per reserved bit (executing, and refused)
	MaxInvalid  = 6  // invalid-form vectors per op and byte order
	genVectors  = 64 // vecgen vectors drawn per op (Valid + invalid attempts)
)

// Executes is the class of every outcome that is not SIGILL or a refusal.
const Executes = "x"

// class names the outcome of one line: Executes, "ill<code>", or "" for a
// vector the harness refused (or crashed on).
func class(l *trace.Line) string {
	switch l.Result.Status {
	case trace.StatusSkip, trace.StatusError:
		return ""
	case trace.StatusIll:
		return fmt.Sprintf("ill%d", l.Result.Code)
	}
	return Executes
}

// Result is the survey of one op, in both byte orders.
type Result struct {
	Name     string // the op's name as decode prints it
	Reserved uint64 // the op's reserved bits (decode.Encoding), word<<32|suffix
	// PS lists the outcome classes of valid encodings in problem state,
	// sorted ("x", "ill1", "x+ill6", …); empty when nothing was measured.
	PS []string
	// Reserved bits that QEMU ignores (every executing base still
	// executes) and that make it raise SIGILL (with the codes IllCodes).
	Ignored, Illegal uint64
	IllCodes         []string
	// Reserved bits set on encodings refused in problem state: the SIGILL
	// code stays the base's (Keep) or changes (Change).
	Keep, Change uint64
	// Untested: reserved bits without an observation (the word decodes as
	// another op, or no base vector ran).
	Untested uint64
	// Inv lists the outcome classes of invalid-form encodings; empty when
	// the op has none (or none was found).
	Inv []string
	// Unmeasured says why nothing (or only one byte order) was measured.
	Unmeasured string
	// Inconsistent names what differed between samples or byte orders:
	// "ps", "inv", "rsv=MASK" (bits whose outcome varied).
	Inconsistent []string
}

// String formats r as one line of the data file.
func (r *Result) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s rsv=%#x ps=%s", r.Name, r.Reserved, joinOr(r.PS, "none"))
	fmt.Fprintf(&b, " ignored=%#x illegal=%#x", r.Ignored, r.Illegal)
	if len(r.IllCodes) > 0 {
		fmt.Fprintf(&b, " ill=%s", strings.Join(r.IllCodes, "+"))
	}
	if r.Keep|r.Change != 0 {
		fmt.Fprintf(&b, " refused-keep=%#x refused-change=%#x", r.Keep, r.Change)
	}
	if r.Untested != 0 {
		fmt.Fprintf(&b, " untested=%#x", r.Untested)
	}
	fmt.Fprintf(&b, " inv=%s", joinOr(r.Inv, "n/a"))
	if r.Unmeasured != "" {
		fmt.Fprintf(&b, " unmeasured=%s", r.Unmeasured)
	}
	if len(r.Inconsistent) > 0 {
		fmt.Fprintf(&b, " inconsistent=%s", strings.Join(r.Inconsistent, ","))
	}
	return b.String()
}

func joinOr(s []string, empty string) string {
	if len(s) == 0 {
		return empty
	}
	return strings.Join(s, "+")
}

// ParseLine parses a line written by Result.String.
func ParseLine(s string) (Result, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return Result{}, fmt.Errorf("survey: short line %q", s)
	}
	r := Result{Name: f[0]}
	split := func(v, none string) []string {
		if v == none {
			return nil
		}
		return strings.Split(v, "+")
	}
	hex := map[string]*uint64{ // the fields written as 0x…
		"ignored": &r.Ignored, "illegal": &r.Illegal, "untested": &r.Untested,
		"refused-keep": &r.Keep, "refused-change": &r.Change,
	}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return Result{}, fmt.Errorf("survey: %s: field %q is not key=value", r.Name, kv)
		}
		var err error
		switch p := hex[k]; {
		case p != nil:
			*p, err = parseHex(v)
		case k == "rsv":
			_, err = fmt.Sscanf(v, "0x%x", &r.Reserved)
			if v == "0x0" || v == "0" {
				r.Reserved, err = 0, nil
			}
		case k == "ps":
			r.PS = split(v, "none")
		case k == "ill":
			r.IllCodes = split(v, "")
		case k == "inv":
			r.Inv = split(v, "n/a")
		case k == "unmeasured":
			r.Unmeasured = v
		case k == "inconsistent":
			r.Inconsistent = strings.Split(v, ",")
		default:
			err = fmt.Errorf("unknown field %q", k)
		}
		if err != nil {
			return Result{}, fmt.Errorf("survey: %s: %s: %v", r.Name, kv, err)
		}
	}
	return r, nil
}

func parseHex(s string) (uint64, error) {
	var v uint64
	t, ok := strings.CutPrefix(s, "0x")
	if !ok {
		return 0, fmt.Errorf("%q: want 0x…", s)
	}
	for _, c := range t {
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		default:
			return 0, fmt.Errorf("%q: not hex", s)
		}
		if v>>60 != 0 {
			return 0, fmt.Errorf("%q: overflows 64 bits", s)
		}
		v = v<<4 | d
	}
	return v, nil
}

// Ops returns every op decode.Encoding knows, sorted by name.
func Ops() []decode.Op {
	var ops []decode.Op
	for i := 1; i < decode.NumOps; i++ {
		if _, _, _, ok := decode.Encoding(decode.Op(i)); ok {
			ops = append(ops, decode.Op(i))
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].String() < ops[j].String() })
	return ops
}

// OpsByName resolves op names (as decode prints them).
func OpsByName(names []string) ([]decode.Op, error) {
	byName := map[string]decode.Op{}
	for _, op := range Ops() {
		byName[op.String()] = op
	}
	var ops []decode.Op
	for _, n := range names {
		op, ok := byName[n]
		if !ok {
			return nil, fmt.Errorf("survey: unknown op %q", n)
		}
		ops = append(ops, op)
	}
	return ops, nil
}

// obs is one observation: the class of a base and of its variant.
type obs struct{ base, v string }

// opData collects one op's observations in one byte order.
type opData struct {
	op       decode.Op
	reserved uint64
	valid    []trace.Vector
	validCls []string
	inv      []trace.Vector
	invCls   []string
	bits     map[int][]obs // by bit number (0 = least significant of the uint64)
	skipWhy  string
	never    bool     // vecgen found no valid encoding
	bitRefs  []bitRef // what the vectors of bitVectors test, in order
}

// Oracles are the harnesses of the two byte orders.
type Oracles struct{ LE, BE *oracle.Oracle }

// Run surveys ops in both byte orders and returns one Result per op, in the
// order of ops.
func Run(ctx context.Context, o Oracles, ops []decode.Op, seed uint64) ([]Result, error) {
	var per [2][]*opData
	for i, le := range []bool{true, false} {
		d, err := runOrder(ctx, o, ops, seed, le)
		if err != nil {
			return nil, err
		}
		per[i] = d
	}
	out := make([]Result, len(ops))
	for i := range ops {
		out[i] = merge(per[0][i], per[1][i])
	}
	return out, nil
}

func vecWord(v *trace.Vector) uint64 {
	if v.Len == 8 {
		return uint64(v.Word)<<32 | uint64(v.Suffix)
	}
	return uint64(v.Word) << 32
}

func setWord(v *trace.Vector, x uint64) {
	v.Word = uint32(x >> 32)
	if v.Len == 8 {
		v.Suffix = uint32(x)
	}
}

// decodesAs reports whether x decodes as op with exactly the invalid flags want.
func decodesAs(op decode.Op, x uint64, want decode.Invalid) bool {
	in, err := decode.DecodeWord(uint32(x>>32), uint32(x))
	return err == nil && in.Op == op && in.Invalid == want
}

// tweaks change operand fields of the last word (the suffix of a
// prefixed op) towards the ISA's invalid forms.
var tweaks = []func(w uint32) uint32{
	func(w uint32) uint32 { return w &^ (0x1f << 16) },                  // RA = 0
	func(w uint32) uint32 { return w&^(0x1f<<16) | (w>>21&0x1f)<<16 },   // RA = RT
	func(w uint32) uint32 { return w&^(0x1f<<11) | (w>>21&0x1f)<<11 },   // RB = RT
	func(w uint32) uint32 { return w | 1<<21 },                          // RT odd
	func(w uint32) uint32 { return w | 1<<16 },                          // RA odd
	func(w uint32) uint32 { return w | 1<<11 },                          // RB odd
	func(w uint32) uint32 { return w &^ (4 << 21) },                     // BO[2] = 0
	func(w uint32) uint32 { return w&^(0x1f<<16) | (w>>21&0x1c)<<16 },   // XA in ACC[AT]
	func(w uint32) uint32 { return w&^(0x1f<<11) | (w>>21&0x1c)<<11 },   // XB in ACC[AT]
	func(w uint32) uint32 { return w&^(0x1f<<16) | (w>>21&0x1f|1)<<16 }, // RA = RT|1 (lmw, lswi)
}

// invalidVectors finds up to MaxInvalid invalid-form encodings of op with
// no reserved bits set: vecgen's invalid vectors first, then tweaks of the
// valid ones.
func invalidVectors(op decode.Op, reserved uint64, all, valid []trace.Vector) []trace.Vector {
	var out []trace.Vector
	seen := map[uint64]bool{}
	add := func(v trace.Vector, x uint64, how string) {
		if len(out) >= MaxInvalid || seen[x] || !decodesAs(op, x, decode.InvalidForm) {
			return
		}
		seen[x] = true
		setWord(&v, x)
		v.ID = fmt.Sprintf("%s-inv%d", v.ID, len(out))
		v.Comment = how
		out = append(out, v)
	}
	for _, v := range all {
		if strings.HasSuffix(v.ID, "-inv") {
			add(v, vecWord(&v)&^reserved, "vecgen")
		}
	}
	for ti, t := range tweaks {
		for _, v := range valid {
			x := vecWord(&v)
			if v.Len == 8 {
				add(v, x&^0xffffffff|uint64(t(uint32(x))), fmt.Sprintf("tweak%d", ti))
				// R=1 in an 8LS/MLS prefix with RA≠0.
				y := x | 1<<52
				add(v, y&^0xffffffff|uint64(t(uint32(y))), fmt.Sprintf("tweak%d+R", ti))
			} else {
				add(v, uint64(t(uint32(x>>32)))<<32, fmt.Sprintf("tweak%d", ti))
			}
		}
	}
	return out
}

// runOrder surveys ops in one byte order, a campaign of two rounds: the
// valid and invalid-form vectors, then the reserved-bit variants of the
// bases chosen from the first round's outcomes.
func runOrder(ctx context.Context, o Oracles, ops []decode.Op, seed uint64, le bool) ([]*opData, error) {
	data := make([]*opData, len(ops))
	byOp := map[decode.Op]*opData{}
	for i, op := range ops {
		_, _, reserved, _ := decode.Encoding(op)
		d := &opData{op: op, reserved: reserved, bits: map[int][]obs{}}
		data[i], byOp[op] = d, d
		all := oracle.Generate(op, genVectors, seed, le)
		for _, v := range all {
			if len(d.valid) < Valid && !strings.HasSuffix(v.ID, "-inv") && !strings.HasSuffix(v.ID, "-rsv") {
				v.Comment = ""
				d.valid = append(d.valid, v)
			}
		}
		if len(d.valid) == 0 {
			d.never = true
			continue
		}
		d.inv = invalidVectors(op, reserved, all, d.valid)
	}
	runner := o.LE
	if !le {
		runner = o.BE
	}
	c := &oracle.Campaign{
		Ops: ops, LE: []bool{le}, Rounds: 2,
		BatchOps: len(ops), // one harness run a round
		Runner:   func(bool) (oracle.Runner, error) { return runner, nil },
		Vectors: func(op decode.Op, _ bool, round int) []trace.Vector {
			d := byOp[op]
			if d.never {
				return nil
			}
			if round == 0 {
				return append(append([]trace.Vector(nil), d.valid...), d.inv...)
			}
			return d.bitVectors()
		},
		Batch: func(b *oracle.Batch) error {
			for _, ol := range b.Ops {
				d := byOp[ol.Op]
				for k := range ol.Lines {
					l := &ol.Lines[k]
					c := class(l)
					switch {
					case b.Round == 1:
						if c != "" {
							r := d.bitRefs[k]
							d.bits[r.bit] = append(d.bits[r.bit], obs{r.base, c})
						}
						continue
					case c == "" && d.skipWhy == "":
						d.skipWhy = l.Result.Why
					}
					if k >= len(d.valid) {
						d.invCls = append(d.invCls, c)
					} else {
						d.validCls = append(d.validCls, c)
					}
				}
			}
			return nil
		},
	}
	if err := c.Run(ctx); err != nil {
		return nil, err
	}
	return data, nil
}

// bitRef says what a reserved-bit vector tests: the bit, and the outcome
// class of the valid vector it varies.
type bitRef struct {
	bit  int
	base string
}

// bitVectors returns the reserved-bit variants of the op's bases (up to
// BasesPerBit executing and BasesPerBit refused valid vectors), each bit
// set alone, and records in d.bitRefs what each one tests.
func (d *opData) bitVectors() []trace.Vector {
	if d.reserved == 0 {
		return nil
	}
	var exec, refused []int
	for j, c := range d.validCls {
		switch {
		case c == Executes && len(exec) < BasesPerBit:
			exec = append(exec, j)
		case strings.HasPrefix(c, "ill") && len(refused) < BasesPerBit:
			refused = append(refused, j)
		}
	}
	var out []trace.Vector
	d.bitRefs = nil
	for bit := 0; bit < 64; bit++ {
		if d.reserved>>bit&1 == 0 {
			continue
		}
		for _, j := range append(exec, refused...) {
			v := d.valid[j]
			x := vecWord(&v) | 1<<bit
			if !decodesAs(d.op, x, decode.InvalidReservedBits) {
				continue
			}
			setWord(&v, x)
			v.ID = fmt.Sprintf("%s-b%d", v.ID, bit)
			out = append(out, v)
			d.bitRefs = append(d.bitRefs, bitRef{bit, d.validCls[j]})
		}
	}
	return out
}

// classes returns the sorted distinct non-empty classes in cs, Executes
// first.
func classes(cs ...[]string) []string {
	set := map[string]bool{}
	for _, c := range cs {
		for _, x := range c {
			if x != "" {
				set[x] = true
			}
		}
	}
	var out []string
	for x := range set {
		out = append(out, x)
	}
	sort.Slice(out, func(i, j int) bool {
		if (out[i] == Executes) != (out[j] == Executes) {
			return out[i] == Executes
		}
		return out[i] < out[j]
	})
	return out
}

func same(a, b []string) bool { return strings.Join(a, "+") == strings.Join(b, "+") }

// bitVerdict classifies one reserved bit's observations in one byte order:
// the classes seen on executing bases, and whether refused bases kept or
// changed their code.
type bitVerdict struct {
	exec         []string
	keep, change bool
}

func verdict(os []obs) bitVerdict {
	var v bitVerdict
	var ex []string
	for _, o := range os {
		if o.base == Executes {
			ex = append(ex, o.v)
		} else if o.v == o.base {
			v.keep = true
		} else {
			v.change = true
		}
	}
	v.exec = classes(ex)
	return v
}

// merge combines the two byte orders' observations of one op.
func merge(le, be *opData) Result {
	r := Result{Name: le.op.String(), Reserved: le.reserved}
	if le.never {
		r.Unmeasured = "never-decodes"
		r.Untested = r.Reserved
		return r
	}
	var incons []string
	psLE, psBE := classes(le.validCls), classes(be.validCls)
	switch {
	case len(psLE) == 0 && len(psBE) == 0:
		r.Unmeasured = "harness-refuses(" + firstOf(le.skipWhy, be.skipWhy) + ")"
	case len(psLE) == 0:
		r.Unmeasured = "le(" + le.skipWhy + ")"
	case len(psBE) == 0:
		r.Unmeasured = "be(" + be.skipWhy + ")"
	}
	r.PS = classes(psLE, psBE)
	if len(r.PS) > 1 || len(psLE) > 0 && len(psBE) > 0 && !same(psLE, psBE) {
		incons = append(incons, "ps")
	}
	invLE, invBE := classes(le.invCls), classes(be.invCls)
	r.Inv = classes(invLE, invBE)
	if len(r.Inv) > 1 || len(invLE) > 0 && len(invBE) > 0 && !same(invLE, invBE) {
		incons = append(incons, "inv")
	}
	var mixed uint64
	var codes []string
	for bit := 0; bit < 64; bit++ {
		m := uint64(1) << bit
		if r.Reserved&m == 0 {
			continue
		}
		vl, vb := verdict(le.bits[bit]), verdict(be.bits[bit])
		ex := classes(vl.exec, vb.exec)
		if len(vl.exec) > 0 && len(vb.exec) > 0 && !same(vl.exec, vb.exec) || len(ex) > 1 {
			mixed |= m
		}
		switch {
		case len(ex) == 1 && ex[0] == Executes:
			r.Ignored |= m
		case len(ex) > 0 && ex[0] != Executes:
			r.Illegal |= m
			codes = append(codes, ex...)
		}
		keep, change := vl.keep || vb.keep, vl.change || vb.change
		if keep && change {
			mixed |= m
		}
		if keep {
			r.Keep |= m
		}
		if change {
			r.Change |= m
		}
		if len(ex) == 0 && !keep && !change {
			r.Untested |= m
		}
	}
	r.Ignored &^= mixed
	r.Illegal &^= mixed
	r.IllCodes = classes(codes)
	if mixed != 0 {
		incons = append(incons, fmt.Sprintf("rsv=%#x", mixed))
	}
	r.Inconsistent = incons
	return r
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
