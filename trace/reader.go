package trace

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ppc64emu/ppc64emu/regs"
)

// MaxLineSize is the longest line a Reader accepts (16 MiB, about 5,000
// times a full-state vector): a longer line is an error naming its line
// number, and reading goes on after it.
const MaxLineSize = 16 << 20

// File is a parsed vector or trace file.
type File struct {
	Name      string   // the name given to the reader (a path for ReadFile), used in errors
	Version   int      // format version: from "# format=", else 1
	LE        bool     // byte order: from "# order=", else from the name, else the reader's default
	OrderSet  bool     // the byte order was stated (header or name)
	Reference string   // the "# reference=" header's value (e.g. "qemu-7.2"), "" if absent
	Header    []string // the "#" lines before the first vector line
	Lines     []Line   // the lines that parsed, in file order (empty in a Reader's File)
	Errors    []error  // lines that did not parse (the file is still usable)
}

// Reader reads a vector or trace file one line at a time, so that memory
// is bounded by the longest line (at most MaxLineSize), plus about 16 bytes
// per vector for the check that IDs are unique. Its File holds the header
// (Lines and Errors stay empty); the header is complete when Next returns
// the first line, since "# format=", "# order=" and "# reference=" must
// come before it.
type Reader struct {
	File    // the header so far (Lines and Errors stay empty)
	br      *bufio.Reader
	n       int    // number of the last line read
	buf     []byte // a line longer than br's buffer
	vectors bool   // a vector line (or a malformed one) has been read
	set     [3]int // line of the format, order and reference headers (0: none)
	seed    maphash.Seed
	ids     map[uint64]int // hash of each ID → its line
}

// NewReader returns a Reader of r (plain text or gzip, by content; a name
// ending in ".gz" must hold gzip data, so that a mislabelled file is an
// error rather than binary text in messages). name
// is used in messages and for the byte order when there is no
// "# order=" header (".le." or ".be." in the name).
func NewReader(r io.Reader, name string) (*Reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	rd := &Reader{File: File{Name: name, Version: 1}, seed: maphash.MakeSeed(), ids: map[uint64]int{}}
	magic, _ := br.Peek(2)
	if isGzip := len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b; !isGzip && strings.HasSuffix(name, ".gz") {
		return nil, fmt.Errorf("trace: %s: named .gz but not gzip data", name)
	}
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("trace: %s: %w", name, err)
		}
		br = bufio.NewReaderSize(zr, 1<<16)
	}
	rd.br = br
	base := filepath.Base(name)
	switch {
	case strings.Contains(base, ".le."):
		rd.LE, rd.OrderSet = true, true
	case strings.Contains(base, ".be."):
		rd.LE, rd.OrderSet = false, true
	}
	return rd, nil
}

// Next returns the next vector or trace line, with its number and format
// version set, or io.EOF at the end. A line (or header line) that breaks
// the format gives an error that wraps ErrSyntax and starts with
// "name:line:"; reading can go on after it. Any other error (reading,
// gzip) ends the file.
func (r *Reader) Next() (Line, error) {
	for {
		raw, err := r.readLine()
		if err == io.EOF {
			return Line{}, io.EOF
		}
		if err != nil {
			if errors.Is(err, ErrSyntax) {
				r.vectors = true
				return Line{}, fmt.Errorf("%s:%d: %w", r.Name, r.n, err)
			}
			return Line{}, fmt.Errorf("trace: %s:%d: %w", r.Name, r.n, err)
		}
		s := string(bytes.TrimSpace(raw))
		if s == "" {
			continue
		}
		if s[0] == '#' {
			if err := r.header(s); err != nil {
				return Line{}, fmt.Errorf("%s:%d: %w", r.Name, r.n, err)
			}
			continue
		}
		r.vectors = true
		l, err := ParseLine(s)
		if err == nil {
			err = l.checkVersion(r.Version)
		}
		if err == nil {
			err = r.unique(l.ID)
		}
		if err != nil {
			return Line{}, fmt.Errorf("%s:%d: %w", r.Name, r.n, err)
		}
		l.Num, l.Format = r.n, r.Version
		return l, nil
	}
}

// unique records id and reports an ID seen before in the file. (Only a
// 64-bit hash is kept per ID; two different IDs with the same hash would be
// reported as a repeat, a chance of about n²/2⁶⁵ for n vectors.)
func (r *Reader) unique(id string) error {
	h := maphash.String(r.seed, id)
	if first, ok := r.ids[h]; ok {
		return fmt.Errorf("%w: ID %s repeats the ID of line %d (IDs are unique in a file)", ErrSyntax, id, first)
	}
	r.ids[h] = r.n
	return nil
}

// errLineTooLong is the syntax error of a line over MaxLineSize.
var errLineTooLong = fmt.Errorf("%w: line longer than %d bytes", ErrSyntax, MaxLineSize)

// readLine returns the next line without its end. A line longer than
// MaxLineSize is read to its end and dropped (errLineTooLong).
func (r *Reader) readLine() ([]byte, error) {
	line, err := r.br.ReadSlice('\n')
	if err == io.EOF && len(line) == 0 {
		return nil, io.EOF
	}
	r.n++
	if err == nil || err == io.EOF {
		return line, nil
	}
	if err != bufio.ErrBufferFull {
		return nil, err
	}
	r.buf = append(r.buf[:0], line...)
	for {
		line, err = r.br.ReadSlice('\n')
		if len(r.buf)+len(line) > MaxLineSize {
			for err == bufio.ErrBufferFull {
				_, err = r.br.ReadSlice('\n')
			}
			r.buf = nil
			if err != nil && err != io.EOF {
				return nil, err
			}
			return nil, errLineTooLong
		}
		r.buf = append(r.buf, line...)
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil, io.EOF:
			return r.buf, nil
		}
		return nil, err
	}
}

// headerKeys are the header keys the reader interprets (Reader.set is
// indexed alike).
var headerKeys = [...]string{"format", "order", "reference"}

// header reads a "#" line. The keys format, order and reference may each
// appear once, before the first vector line, with a value the reader
// knows; other "#" lines are comments.
func (r *Reader) header(s string) error {
	if !r.vectors {
		r.Header = append(r.Header, s)
	}
	for _, kv := range strings.Fields(strings.TrimPrefix(s, "#")) {
		k, v, ok := strings.Cut(kv, "=")
		slot := slices.Index(headerKeys[:], k)
		if !ok || slot < 0 {
			continue
		}
		if r.vectors {
			return fmt.Errorf("%w: # %s= after the first vector line", ErrSyntax, k)
		}
		if r.set[slot] != 0 {
			return fmt.Errorf("%w: # %s= given twice (first on line %d)", ErrSyntax, k, r.set[slot])
		}
		r.set[slot] = r.n
		switch k {
		case "format":
			switch v {
			case "1":
				r.Version = 1
			case "2":
				r.Version = 2
			default:
				return fmt.Errorf("%w: # format=%.20q: this reader knows versions 1 and 2", ErrSyntax, v)
			}
		case "order":
			switch v {
			case "le":
				r.LE, r.OrderSet = true, true
			case "be":
				r.LE, r.OrderSet = false, true
			default:
				return fmt.Errorf("%w: # order=%.20q: want le or be", ErrSyntax, v)
			}
		case "reference":
			if _, ok := ProfileFor(v); !ok {
				return fmt.Errorf("%w: # reference=%.20q: unknown implementation (want qemu…, power…, hardware… or hw…)", ErrSyntax, v)
			}
			r.Reference = v
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
			case rn.kind == kScalar && rn.scalar().since > 1:
				return fmt.Errorf("%w: %s: key %s needs # format=2", ErrSyntax, l.ID, a.Key)
			case rn.kind == kScalar && rn.scalar().reg == regs.RegFPSCR && len(strings.TrimLeft(a.Value, "0")) > 8:
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

// Read parses a whole vector or trace file from r (plain or gzip): see
// NewReader. Lines that break the format are collected in Errors; the
// error is for a file that cannot be read. Read holds every line: to check
// a large file, use a Reader (Checker.CheckReader does).
func Read(r io.Reader, name string) (*File, error) {
	rd, err := NewReader(r, name)
	if err != nil {
		return nil, err
	}
	var lines []Line
	var errs []error
	for {
		l, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if errors.Is(err, ErrSyntax) {
				errs = append(errs, err)
				continue
			}
			f := rd.File
			f.Lines, f.Errors = lines, errs
			return &f, err
		}
		lines = append(lines, l)
	}
	f := rd.File
	f.Lines, f.Errors = lines, errs
	return &f, nil
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
