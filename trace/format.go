// Package trace reads and writes the reference vector and trace format
// (version 2, documented in shared/trace-format.md; version 1 files are
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
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
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

// Assign is one key=value pair in its written form. Value is hex without 0x.
type Assign struct {
	Key   string
	Value string
}

// Patch is a run of bytes at Off (scratch offset for m@, absolute address
// for c@), in address order.
type Patch struct {
	Off   uint64
	Bytes []byte
}

// Vector is the input half of a line.
type Vector struct {
	ID      string
	Word    uint32
	Suffix  uint32
	Len     int      // 4, or 8 when insn was written PREFIX:SUFFIX
	Sets    []Assign // register assignments and mseed, in line order
	Mem     []Patch  // m@OFF=HEX scratch overrides, in line order
	Comment string   // text after '#', without it
}

// Result is the output half of a trace line.
type Result struct {
	Status Status
	Sig    int
	Code   int
	Addr   uint64
	NIP    uint64
	Why    string   // reason, for skip and error
	Regs   []Assign // registers reported after nip
	Mem    []Patch  // m@ runs: changed scratch bytes
	CodeW  []Patch  // c@ runs: bytes stored into the code page
	HasNIP bool     // nip= was present
}

// Line is one vector, with its result if the line is a trace line.
type Line struct {
	Vector
	Result *Result
	Num    int // 1-based line number in its file (0 if not from a file)
	// Format is the format version of the line's file (1 or 2); 0 means
	// Version. Under version 1 the FPSCR's high word is not compared.
	Format int
}

// ParseLine parses one vector or trace line. Blank and comment lines are
// not lines: the caller skips them.
func ParseLine(s string) (Line, error) {
	var l Line
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
	return l, nil
}

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

func parseHex32(s string) (uint32, error) {
	u, err := strconv.ParseUint(s, 16, 32)
	return uint32(u), err
}

func parseHex64(s string) (uint64, error) {
	return strconv.ParseUint(s, 16, 64)
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
		if p.Off+uint64(len(p.Bytes)) > ScratchSize {
			return fmt.Errorf("%w: %s: %s runs past the %d-byte scratch", ErrSyntax, v.ID, k, ScratchSize)
		}
		v.Mem = append(v.Mem, p)
		return nil
	}
	if k != "mseed" {
		if _, ok := lookupReg(k); !ok {
			return fmt.Errorf("%w: %s: unknown key %q", ErrSyntax, v.ID, k)
		}
	}
	if err := checkRegValue(k, val); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrSyntax, v.ID, err)
	}
	v.Sets = append(v.Sets, Assign{k, val})
	return nil
}

func parseResult(id, s string) (*Result, error) {
	r := &Result{}
	for _, kv := range strings.Fields(s) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("%w: %s: result %q is not key=value", ErrSyntax, id, kv)
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
			u, err = strconv.ParseUint(v, 16, 32)
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
			if err = checkRegValue(k, v); err == nil {
				r.Regs = append(r.Regs, Assign{k, v})
			}
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

// File is a parsed vector or trace file.
type File struct {
	Name      string
	Version   int    // format version: from "# format=", else 1
	LE        bool   // byte order: from "# order=", else from the name, else the reader's default
	OrderSet  bool   // the byte order was stated (header or name)
	Reference string // the "# reference=" header's value (e.g. "qemu-7.2"), "" if absent
	Header    []string
	Lines     []Line
	Errors    []error // lines that did not parse (the file is still usable)
}

// Read parses a vector or trace file from r (plain or gzip). name is used
// for messages and for the byte order when there is no "# order=" header
// (".le." or ".be." in the name).
func Read(r io.Reader, name string) (*File, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("trace: %s: %w", name, err)
		}
		defer zr.Close()
		br = bufio.NewReaderSize(zr, 1<<16)
	}
	f := &File{Name: name, Version: 1}
	base := filepath.Base(name)
	switch {
	case strings.Contains(base, ".le."):
		f.LE, f.OrderSet = true, true
	case strings.Contains(base, ".be."):
		f.LE, f.OrderSet = false, true
	}
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	n := 0
	for sc.Scan() {
		n++
		s := strings.TrimSpace(sc.Text())
		if s == "" {
			continue
		}
		if s[0] == '#' {
			if err := f.header(s, len(f.Lines) > 0 || len(f.Errors) > 0); err != nil {
				f.Errors = append(f.Errors, fmt.Errorf("%s:%d: %w", name, n, err))
			}
			continue
		}
		l, err := ParseLine(s)
		if err == nil {
			err = l.checkVersion(f.Version)
		}
		if err != nil {
			f.Errors = append(f.Errors, fmt.Errorf("%s:%d: %w", name, n, err))
			continue
		}
		l.Num, l.Format = n, f.Version
		f.Lines = append(f.Lines, l)
	}
	if err := sc.Err(); err != nil {
		return f, fmt.Errorf("trace: %s: %w", name, err)
	}
	return f, nil
}

// header reads a "#" line's key=value pairs. The format version must come
// before the first vector line (it decides how the lines are read).
func (f *File) header(s string, afterVectors bool) error {
	f.Header = append(f.Header, s)
	for _, kv := range strings.Fields(strings.TrimPrefix(s, "#")) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		switch k {
		case "format":
			if afterVectors {
				return fmt.Errorf("%w: # format= after the first vector line", ErrSyntax)
			}
			switch v {
			case "1":
				f.Version = 1
			case "2":
				f.Version = 2
			default:
				return fmt.Errorf("%w: # format=%s: this reader knows versions 1 and 2", ErrSyntax, v)
			}
		case "order":
			switch v {
			case "le":
				f.LE, f.OrderSet = true, true
			case "be":
				f.LE, f.OrderSet = false, true
			}
		case "reference":
			f.Reference = v
		}
	}
	return nil
}

// checkVersion rejects what a version-1 file cannot hold: the keys tar,
// vrsave and ppr, and fpscr values wider than 32 bits.
func (l *Line) checkVersion(version int) error {
	if version >= 2 {
		return nil
	}
	check := func(as []Assign) error {
		for _, a := range as {
			rn, ok := lookupReg(a.Key)
			if !ok {
				continue
			}
			switch {
			case rn.kind == kTAR || rn.kind == kVRSAVE || rn.kind == kPPR:
				return fmt.Errorf("%w: %s: key %s needs # format=2", ErrSyntax, l.ID, a.Key)
			case rn.kind == kFPSCR && len(strings.TrimLeft(a.Value, "0")) > 8:
				return fmt.Errorf("%w: %s: fpscr=%s has more than 32 bits: needs # format=2", ErrSyntax, l.ID, a.Value)
			}
		}
		return nil
	}
	if err := check(l.Sets); err != nil {
		return err
	}
	if l.Result != nil {
		return check(l.Result.Regs)
	}
	return nil
}

// ReadFile reads a trace file from disk.
func ReadFile(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return Read(fh, path)
}

// Write writes the header and lines of f to w in the format.
func (f *File) Write(w io.Writer) error {
	var b bytes.Buffer
	order := "be"
	if f.LE {
		order = "le"
	}
	version := f.Version
	if version == 0 {
		version = Version
	}
	fmt.Fprintf(&b, "# format=%d\n# order=%s\n", version, order)
	if f.Reference != "" {
		fmt.Fprintf(&b, "# reference=%s\n", f.Reference)
	}
	for i := range f.Lines {
		b.WriteString(f.Lines[i].String())
		b.WriteByte('\n')
	}
	_, err := w.Write(b.Bytes())
	return err
}
