// Package trace reads and writes the reference vector and trace format
// (version 2, specified in docs/trace-format.md; version 1 files are
// still read), builds the machine a
// vector runs on, replays trace lines on the emulator under the
// implementation profile the file names, and compares the outcome, NIP,
// every register, the scratch memory and the code page.
//
// A vector line is
//
//	ID insn=XXXXXXXX[:YYYYYYYY] [key=value ...] [# comment]
//
// and a trace line is a vector line followed by " => " and the result
// (st=STATUS sig= code= addr= nip= and the changed registers and memory).
// Files may be plain text or gzip-compressed (by content, not by name).
// Files made by any generator that follows the format are accepted.
//
// Version 2 (header "# format=2") differs from version 1 only in fpscr,
// which carries all 64 bits (DRN, the decimal rounding mode, is in the high
// word), and in the keys tar, vrsave and ppr. A file without a format
// header is version 1: the high word of its fpscr values is 0 and is not
// compared (the reference could not see it), and the version-2 keys are an
// error there.
package trace

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Machine layout of the format.
const (
	CodeBase     = 0x40000000 // trap-filled code region, read + execute
	CodeSize     = 0x100000
	CodePage     = 0x40080000 // the writable page inside the code region
	CodePageSize = 0x1000
	CIA          = 0x40080000 // address of the instruction under test
	ScratchBase  = 0x50000000 // scratch data, read + write
	ScratchSize  = 0x2000
	TrapWord     = 0x7fe00008 // fills the code region
	DefaultVSCR  = 0x10000    // VSCR[NJ]
)

// Version is the format version this package writes.
const Version = 2

// ErrSyntax is wrapped by every parse error.
var ErrSyntax = errors.New("trace: syntax error")

// Status is the outcome of a trace line.
type Status string

// The statuses of the format.
const (
	StatusOK    Status = "ok"
	StatusLoop  Status = "loop"
	StatusTrap  Status = "trap"
	StatusIll   Status = "ill"
	StatusSegv  Status = "segv"
	StatusBus   Status = "bus"
	StatusFPE   Status = "fpe"
	StatusSkip  Status = "skip"
	StatusError Status = "error"
)

func (s Status) valid() bool {
	switch s {
	case StatusOK, StatusLoop, StatusTrap, StatusIll, StatusSegv, StatusBus, StatusFPE, StatusSkip, StatusError:
		return true
	}
	return false
}

// Assign is one key=value pair in its written form. Value is hex without 0x
// (a 0x the reader accepted is removed).
type Assign struct {
	Key   string // register name ("r3", "fpscr", "vs40") or "mseed"
	Value string // lower-case hex digits, no 0x
}

// Patch is a run of bytes at Off (scratch offset for m@, absolute address
// for c@), in address order.
type Patch struct {
	Off   uint64 // m@: offset into the scratch region; c@: absolute address
	Bytes []byte // the bytes, lowest address first
}

// Vector is the input half of a line.
type Vector struct {
	ID      string   // the line's first field, unique in its file
	Word    uint32   // insn= as a number (the prefix word when Len is 8); byte order is the file's
	Suffix  uint32   // suffix word of a prefixed instruction, 0 when Len is 4
	Len     int      // 4, or 8 when insn was written PREFIX:SUFFIX
	Sets    []Assign // register assignments and mseed, in line order
	Mem     []Patch  // m@OFF=HEX scratch overrides, in line order
	Comment string   // text after '#', without it
}

// Result is the output half of a trace line.
type Result struct {
	Status Status   // st=
	Sig    int      // sig=: the signal number (5 SIGTRAP for ok/trap, 4, 7, 8, 11, 14 for loop)
	Code   int      // code=: the signal's si_code
	Addr   uint64   // addr=: the signal's si_addr (the fault address for segv; see docs/trace-format.md for bus)
	NIP    uint64   // nip=: the address of the next instruction (the faulting one for ill/segv/bus/trap)
	Why    string   // reason, for skip and error
	Regs   []Assign // registers reported after nip
	Mem    []Patch  // m@ runs: changed scratch bytes
	CodeW  []Patch  // c@ runs: bytes stored into the code page
	HasNIP bool     // nip= was present
}

// Line is one vector, with its result if the line is a trace line.
type Line struct {
	Vector         // the input half: ID, instruction, assignments, scratch bytes
	Result *Result // the part after " => "; nil for a vector line
	Num    int     // 1-based line number in its file (0 if not from a file)
	// Format is the format version of the line's file (1 or 2); 0 means
	// Version. Under version 1 the FPSCR's high word is not compared.
	Format int
}

// ParseLine parses one vector or trace line and checks it (Line.Validate).
// Blank and comment lines are not lines: the caller skips them. A line
// with a control character (other than tab) is an error.
func ParseLine(s string) (Line, error) {
	var l Line
	if i := strings.IndexFunc(s, isControl); i >= 0 {
		return l, fmt.Errorf("%w: control character %q in line %.60q", ErrSyntax, s[i], s)
	}
	if c := strings.IndexByte(s, '#'); c >= 0 {
		l.Comment = strings.TrimSpace(s[c+1:])
		s = s[:c]
	}
	in, out, hasOut := strings.Cut(s, " => ")
	f := strings.Fields(in)
	if len(f) < 2 {
		return l, fmt.Errorf("%w: want 'ID insn=…', got %q", ErrSyntax, s)
	}
	l.ID = f[0]
	if strings.Contains(l.ID, "=") {
		return l, fmt.Errorf("%w: line starts with %q, not an ID", ErrSyntax, l.ID)
	}
	if err := checkID(l.ID); err != nil {
		return l, err
	}
	for i, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || v == "" {
			return l, fmt.Errorf("%w: %s: %q is not key=value", ErrSyntax, l.ID, kv)
		}
		if i == 0 {
			if k != "insn" {
				return l, fmt.Errorf("%w: %s: first key is %q, want insn", ErrSyntax, l.ID, k)
			}
			if err := l.parseInsn(v); err != nil {
				return l, err
			}
			continue
		}
		if err := l.Vector.set(k, v); err != nil {
			return l, err
		}
	}
	if l.Len == 0 {
		return l, fmt.Errorf("%w: %s: no insn", ErrSyntax, l.ID)
	}
	if hasOut {
		r, err := parseResult(l.ID, out)
		if err != nil {
			return l, err
		}
		l.Result = r
	}
	return l, l.Validate()
}

// isControl reports the characters a line may not hold: C0 controls other
// than tab, and DEL. (Trailing CR and LF are removed by the reader.)
func isControl(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }

func (v *Vector) parseInsn(s string) error {
	w, sfx, pair := strings.Cut(s, ":")
	word, err := parseHex32(w)
	if err != nil {
		return fmt.Errorf("%w: %s: insn %q: %v", ErrSyntax, v.ID, s, err)
	}
	v.Word, v.Len = word, 4
	if pair {
		suffix, err := parseHex32(sfx)
		if err != nil {
			return fmt.Errorf("%w: %s: insn suffix %q: %v", ErrSyntax, v.ID, s, err)
		}
		v.Suffix, v.Len = suffix, 8
	}
	return nil
}

// noHexPrefix drops an optional "0x" or "0X" from a hex number: the reader
// accepts it, as ppc64emu step does, and the writer never writes it.
func noHexPrefix(s string) string {
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		return s[2:]
	}
	return s
}

func parseHex32(s string) (uint32, error) {
	u, err := strconv.ParseUint(noHexPrefix(s), 16, 32)
	return uint32(u), err
}

func parseHex64(s string) (uint64, error) {
	return strconv.ParseUint(noHexPrefix(s), 16, 64)
}

func parseBytes(s string) ([]byte, error) {
	if len(s)%2 != 0 {
		return nil, fmt.Errorf("odd number of hex digits")
	}
	b := make([]byte, len(s)/2)
	for i := range b {
		u, err := strconv.ParseUint(s[2*i:2*i+2], 16, 8)
		if err != nil {
			return nil, err
		}
		b[i] = byte(u)
	}
	return b, nil
}

func parsePatch(id, k, v string) (Patch, error) {
	off, err := parseHex64(k[2:])
	if err != nil {
		return Patch{}, fmt.Errorf("%w: %s: address in %q: %v", ErrSyntax, id, k, err)
	}
	b, err := parseBytes(v)
	if err != nil {
		return Patch{}, fmt.Errorf("%w: %s: bytes of %s: %v", ErrSyntax, id, k, err)
	}
	return Patch{Off: off, Bytes: b}, nil
}

func (v *Vector) set(k, val string) error {
	if strings.HasPrefix(k, "m@") {
		p, err := parsePatch(v.ID, k, val)
		if err != nil {
			return err
		}
		v.Mem = append(v.Mem, p)
		return nil
	}
	if k != "mseed" {
		if _, ok := lookupReg(k); !ok {
			return fmt.Errorf("%w: %s: unknown key %q", ErrSyntax, v.ID, k)
		}
	}
	v.Sets = append(v.Sets, Assign{k, noHexPrefix(val)})
	return nil
}

// resultFields are the result keys other than registers and memory; each
// may appear once.
var resultFields = [...]string{"st", "why", "err", "sig", "code", "addr", "nip"}

func parseResult(id, s string) (*Result, error) {
	r := &Result{}
	var seen [len(resultFields)]bool
	for _, kv := range strings.Fields(s) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("%w: %s: result %q is not key=value", ErrSyntax, id, kv)
		}
		if i := slices.Index(resultFields[:], k); i >= 0 {
			if seen[i] {
				return nil, fmt.Errorf("%w: %s: result key %s given twice", ErrSyntax, id, k)
			}
			seen[i] = true
		}
		var err error
		switch {
		case k == "st":
			r.Status = Status(v)
			if !r.Status.valid() {
				return nil, fmt.Errorf("%w: %s: unknown status %q", ErrSyntax, id, v)
			}
		case k == "why" || k == "err":
			r.Why = v
		case k == "sig" || k == "code":
			var u uint64
			u, err = strconv.ParseUint(noHexPrefix(v), 16, 32)
			if k == "sig" {
				r.Sig = int(u)
			} else {
				r.Code = int(u)
			}
		case k == "addr":
			r.Addr, err = parseHex64(v)
		case k == "nip":
			r.NIP, err = parseHex64(v)
			r.HasNIP = true
		case strings.HasPrefix(k, "m@"), strings.HasPrefix(k, "c@"):
			var p Patch
			p, err = parsePatch(id, k, v)
			if k[0] == 'm' {
				r.Mem = append(r.Mem, p)
			} else {
				r.CodeW = append(r.CodeW, p)
			}
		default:
			if _, ok := lookupReg(k); !ok {
				return nil, fmt.Errorf("%w: %s: unknown result key %q", ErrSyntax, id, k)
			}
			r.Regs = append(r.Regs, Assign{k, noHexPrefix(v)})
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %s: %v", ErrSyntax, id, k, err)
		}
	}
	if r.Status == "" {
		return nil, fmt.Errorf("%w: %s: result without st=", ErrSyntax, id)
	}
	if (r.Status != StatusSkip && r.Status != StatusError) && !r.HasNIP {
		return nil, fmt.Errorf("%w: %s: result st=%s without nip=", ErrSyntax, id, r.Status)
	}
	return r, nil
}

// String writes the vector in the format (without a result).
func (v *Vector) String() string {
	var b strings.Builder
	b.WriteString(v.ID)
	if v.Len == 8 {
		fmt.Fprintf(&b, " insn=%08x:%08x", v.Word, v.Suffix)
	} else {
		fmt.Fprintf(&b, " insn=%08x", v.Word)
	}
	for _, a := range v.Sets {
		fmt.Fprintf(&b, " %s=%s", a.Key, a.Value)
	}
	for _, p := range v.Mem {
		fmt.Fprintf(&b, " m@%04x=%x", p.Off, p.Bytes)
	}
	if v.Comment != "" {
		b.WriteString(" # ")
		b.WriteString(v.Comment)
	}
	return b.String()
}

// String writes the result half of a trace line.
func (r *Result) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "st=%s", r.Status)
	switch r.Status {
	case StatusSkip:
		fmt.Fprintf(&b, " why=%s", r.Why)
		return b.String()
	case StatusError:
		fmt.Fprintf(&b, " err=%s", r.Why)
		return b.String()
	}
	fmt.Fprintf(&b, " sig=%02x code=%02x addr=%016x nip=%016x", r.Sig, r.Code, r.Addr, r.NIP)
	for _, a := range r.Regs {
		fmt.Fprintf(&b, " %s=%s", a.Key, a.Value)
	}
	for _, p := range r.Mem {
		fmt.Fprintf(&b, " m@%04x=%x", p.Off, p.Bytes)
	}
	for _, p := range r.CodeW {
		fmt.Fprintf(&b, " c@%08x=%x", p.Off, p.Bytes)
	}
	return b.String()
}

// String writes the line: the vector, and " => result" for a trace line.
// A comment is written after the vector only when there is no result.
func (l *Line) String() string {
	if l.Result == nil {
		return l.Vector.String()
	}
	v := l.Vector
	v.Comment = ""
	return v.String() + " => " + l.Result.String()
}
