package trace

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ppc64emu/ppc64emu/emulate"
)

// OpStats counts the verdicts of one op.
type OpStats struct {
	Op          string `json:"op"`           // op name; "(unknown)" for words that do not decode
	Class       string `json:"class"`        // op class; "unknown" for words that do not decode
	Vectors     int    `json:"vectors"`      // lines replayed (Malformed lines are not counted)
	Agree       int    `json:"agree"`        // lines with the Agree verdict
	Disagree    int    `json:"disagree"`     // lines with the Disagree verdict
	NotEmulated int    `json:"not_emulated"` // lines the emulator refused (NotEmulated)
	Skipped     int    `json:"skipped"`      // lines not compared (Skipped: skip status or accepted divergence)
	Emulated    bool   `json:"emulated"`     // the emulator has a semantic function for the op
	// Reasons counts, with Checker.KeepReasons, why vectors were skipped
	// or not emulated: the skip reason, the accepted divergence or the
	// emulator's refusal.
	Reasons map[string]int `json:"reasons,omitempty"`
}

// Mismatch is one disagreement, kept for reporting.
type Mismatch struct {
	File    string // name of the file the line came from
	Line    Line   // the line as parsed
	LE      bool   // byte order the line was replayed in
	Verdict        // the replay's verdict (Disagree): op, reason and the difference
}

// Checker replays trace files and accumulates per-op statistics.
type Checker struct {
	// DefaultLE is the byte order of files that state none.
	DefaultLE bool
	// DefaultProfile is used for files without a known "# reference=".
	DefaultProfile emulate.Profile
	// Config is the emulator configuration; its Profile is overridden per
	// file by the file's reference.
	Config emulate.Config
	// KeepMismatches bounds how many disagreements are kept in full.
	KeepMismatches int
	// KeepReasons counts per op why vectors were skipped or not emulated
	// (OpStats.Reasons).
	KeepReasons bool

	ops map[string]*OpStats
	// Mismatches holds the first KeepMismatches disagreements.
	Mismatches []Mismatch
	// Files counts the files given to CheckFile and CheckReader.
	Files int
	// ParseErrs holds the first MaxParseErrs lines that broke the format
	// (Reader.Next's syntax errors, Malformed verdicts); ParseErrCount
	// counts them all.
	ParseErrs     []error
	ParseErrCount int // all lines that broke the format, kept or not
}

// MaxParseErrs bounds Checker.ParseErrs.
const MaxParseErrs = 100

func (c *Checker) parseErr(err error) {
	c.ParseErrCount++
	if len(c.ParseErrs) < MaxParseErrs {
		c.ParseErrs = append(c.ParseErrs, err)
	}
}

// NewChecker returns a Checker keeping the first 10 mismatches.
func NewChecker() *Checker {
	return &Checker{KeepMismatches: 10, DefaultLE: true, ops: map[string]*OpStats{}}
}

// CheckFile replays every line of f (read whole: see CheckReader).
func (c *Checker) CheckFile(f *File) {
	c.Files++
	for _, err := range f.Errors {
		c.parseErr(err)
	}
	e, le := c.emulator(f)
	for i := range f.Lines {
		c.replay(e, f.Name, &f.Lines[i], le)
	}
}

// CheckReader replays every line of r as it reads it, so memory does not
// grow with the file. Lines that break the format count as parse errors;
// the error is for a file that cannot be read.
func (c *Checker) CheckReader(r *Reader) error {
	c.Files++
	var e *emulate.Emulator
	var le bool
	for {
		l, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			if errors.Is(err, ErrSyntax) {
				c.parseErr(err)
				continue
			}
			return err
		}
		if e == nil { // the header is complete at the first line
			e, le = c.emulator(&r.File)
		}
		c.replay(e, r.Name, &l, le)
	}
}

// emulator returns the emulator and byte order for a file's header.
func (c *Checker) emulator(f *File) (*emulate.Emulator, bool) {
	le := c.DefaultLE
	if f.OrderSet {
		le = f.LE
	}
	cfg := c.Config
	if p, ok := ProfileFor(f.Reference); ok {
		cfg.Profile = p
	} else {
		cfg.Profile = c.DefaultProfile
	}
	return emulate.New(cfg), le
}

// replay replays one line and counts its verdict.
func (c *Checker) replay(e *emulate.Emulator, name string, l *Line, le bool) {
	if c.ops == nil {
		c.ops = map[string]*OpStats{}
	}
	v := ReplayWith(e, l, le)
	if v.Kind == Malformed {
		c.parseErr(fmt.Errorf("%s:%d: %w", name, l.Num, v.Err))
		return
	}
	op := v.Op
	if op == "" {
		op = "(unknown)"
	}
	s := c.ops[op]
	if s == nil {
		s = &OpStats{Op: op, Class: v.Class}
		if v.Class == "" {
			s.Class = "unknown"
		}
		c.ops[op] = s
	}
	s.Vectors++
	switch v.Kind {
	case Agree:
		s.Agree++
	case Disagree:
		s.Disagree++
		if len(c.Mismatches) < c.KeepMismatches {
			c.Mismatches = append(c.Mismatches, Mismatch{File: name, Line: *l, LE: le, Verdict: v})
		}
	case NotEmulated:
		s.NotEmulated++
	case Skipped:
		s.Skipped++
	}
	if c.KeepReasons && (v.Kind == NotEmulated || v.Kind == Skipped) {
		if s.Reasons == nil {
			s.Reasons = map[string]int{}
		}
		why := v.Reason
		if v.Kind == NotEmulated {
			why = "not emulated: " + why
		}
		s.Reasons[why]++
	}
}

// CheckPath reads and replays a file (streamed: CheckReader), or every
// regular *.txt / *.txt.gz file under a directory (recursively; FIFOs,
// devices and sockets there are skipped, so a directory cannot make the
// check wait forever; a path named explicitly may be a pipe).
func (c *Checker) CheckPath(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		fh, err := os.Open(path)
		if err != nil {
			return err
		}
		defer fh.Close()
		r, err := NewReader(fh, path)
		if err != nil {
			return err
		}
		return c.CheckReader(r)
	}
	var files []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !(strings.HasSuffix(p, ".txt") || strings.HasSuffix(p, ".txt.gz")) {
			return nil
		}
		if !d.Type().IsRegular() {
			// A symbolic link counts if it leads to a regular file.
			if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
				return nil
			}
		}
		files = append(files, p)
		return nil
	})
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("trace: no .txt or .txt.gz files under %s", path)
	}
	sort.Strings(files)
	for _, p := range files {
		if err := c.CheckPath(p); err != nil {
			return err
		}
	}
	return nil
}

// Stats returns the per-op statistics sorted by op name.
func (c *Checker) Stats() []OpStats {
	out := make([]OpStats, 0, len(c.ops))
	emulated := map[string]bool{}
	for _, op := range emulate.EmulatedOps() {
		emulated[op.String()] = true
	}
	for _, s := range c.ops {
		t := *s
		t.Emulated = emulated[t.Op]
		t.Reasons = maps.Clone(s.Reasons)
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Op < out[j].Op })
	return out
}

// Total returns the sums of every op's counts, with Op "total", Class ""
// and no Reasons.
func (c *Checker) Total() OpStats {
	t := OpStats{Op: "total"}
	for _, s := range c.ops {
		t.Vectors += s.Vectors
		t.Agree += s.Agree
		t.Disagree += s.Disagree
		t.NotEmulated += s.NotEmulated
		t.Skipped += s.Skipped
	}
	return t
}

// Failed reports whether any emulated op disagrees, or, with strict, whether
// any vector's op is not emulated.
func (c *Checker) Failed(strict bool) bool {
	for _, s := range c.ops {
		if s.Disagree > 0 || (strict && s.NotEmulated > 0) {
			return true
		}
	}
	return false
}
