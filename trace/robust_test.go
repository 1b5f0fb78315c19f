package trace

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/emulate"
)

// Regression tests for issue 17, items 1-4: hostile trace files must give
// errors that name the file and line, never a panic, and never a verdict
// of agreement for a result the checker cannot compare.

// TestHugeOffsetsAreErrors (item 1): m@/c@ offsets near 2^64 used to pass
// the range check by overflow and then panic in Machine or Replay.
func TestHugeOffsetsAreErrors(t *testing.T) {
	for _, s := range []string{
		"id insn=7c642a14 m@ffffffffffffffff=00 => st=ok sig=05 code=01 addr=0 nip=40080004",
		"id insn=7c642a14 m@fffffffffffffff0=00 => st=ok sig=05 code=01 addr=0 nip=40080004",
		"id insn=7c642a14 => st=ok sig=05 code=01 addr=0 nip=40080004 m@ffffffffffffffff=00",
		"id insn=7c642a14 => st=ok sig=05 code=01 addr=0 nip=40080004 c@ffffffffffffffff=00",
		"id insn=7c642a14 => st=ok sig=05 code=01 addr=0 nip=40080004 c@ffffffffbfffffff=00",
	} {
		if _, err := ParseLine(s); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseLine(%q) = %v, want ErrSyntax", s, err)
		}
		c := NewChecker()
		r, err := NewReader(strings.NewReader(s+"\n"), "hostile.le.txt")
		if err != nil {
			t.Fatal(err)
		}
		if err := c.CheckReader(r); err != nil {
			t.Fatal(err)
		}
		if c.ParseErrCount != 1 || !strings.HasPrefix(c.ParseErrs[0].Error(), "hostile.le.txt:1: ") {
			t.Errorf("%q: parse errors %v, want one at hostile.le.txt:1", s, c.ParseErrs)
		}
	}
	// Lines built by hand: Machine never panics, Replay calls them malformed.
	for _, l := range []Line{
		{Vector: Vector{ID: "v", Word: 0x7c642a14, Len: 4, Mem: []Patch{{Off: ^uint64(0), Bytes: []byte{0}}}},
			Result: &Result{Status: StatusOK, NIP: 0x40080004, HasNIP: true}},
		{Vector: Vector{ID: "v", Word: 0x7c642a14, Len: 4},
			Result: &Result{Status: StatusOK, NIP: 0x40080004, HasNIP: true, Mem: []Patch{{Off: ^uint64(0), Bytes: []byte{0}}}}},
		{Vector: Vector{ID: "v", Word: 0x7c642a14, Len: 4},
			Result: &Result{Status: StatusOK, NIP: 0x40080004, HasNIP: true, CodeW: []Patch{{Off: ^uint64(0), Bytes: []byte{0}}}}},
		{Vector: Vector{ID: "v", Word: 0x7c642a14, Len: 4, Sets: []Assign{{"r3", "zz"}}},
			Result: &Result{Status: StatusOK, NIP: 0x40080004, HasNIP: true}},
	} {
		l.Machine(true)
		if v := Replay(&l, true, emulate.QEMU); v.Kind != Malformed || !errors.Is(v.Err, ErrSyntax) {
			t.Errorf("%+v: verdict %v (%s), want malformed", l, v.Kind, v.Reason)
		}
	}
}

// TestResultRunsOutsideAreErrors (item 2): a result run outside the scratch
// or the code page, or running past its end, used to be dropped, so the
// line agreed whatever the emulator stored.
func TestResultRunsOutsideAreErrors(t *testing.T) {
	const ok = "x insn=60000000 => st=ok sig=05 code=01 addr=0 nip=40080004"
	for _, tail := range []string{
		" c@40080ffc=0000000011", // one byte past the code page
		" c@4007fffc=00000000",   // before it
		" c@40081000=00000000",   // after it
		" m@2000=ff",             // past the scratch
		" m@1ff8=000000000000000000",
		" m@0000=00 m@0000=00",               // the same run twice
		" m@0000=0000000000000000 m@0004=00", // overlapping runs
	} {
		if _, err := ParseLine(ok + tail); !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: %v, want ErrSyntax", tail, err)
		}
	}
	for _, tail := range []string{" c@40080ffc=00000000", " m@1ff8=0000000000000000", " m@0000=00 m@0001=00"} {
		if _, err := ParseLine(ok + tail); err != nil {
			t.Errorf("%q: %v", tail, err)
		}
	}
}

// TestStrictParsing (item 3): header values, duplicate headers, IDs and
// keys, and a prefix without its suffix.
func TestStrictParsing(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"# order=xe\nx insn=60000000\n", "want le or be"},
		{"# reference=gem5\nx insn=60000000\n", "unknown implementation"},
		{"# order=le\n# order=le\nx insn=60000000\n", "given twice (first on line 1)"},
		{"# reference=qemu-7.2\n# reference=qemu-7.2\nx insn=60000000\n", "given twice"},
		{"# format=2\n# format=2\nx insn=60000000\n", "given twice"},
		{"x insn=60000000\n# order=be\n", "after the first vector line"},
		{"x insn=60000000\ny insn=60000000\nx insn=60000000\n", "ID x repeats the ID of line 1"},
		{"x insn=60000000 r9=1 r9=2\n", "r9: register given twice"},
		{"x insn=60000000 v3=1 vs35=2\n", "vs35: register given twice"},
		{"x insn=60000000 mseed=1 mseed=2\n", "mseed: register given twice"},
		{"x insn=60000000 m@0010=00 m@10=01\n", "m@0010 given twice"},
		{"x insn=60000000 => st=ok nip=40080004 nip=40080008\n", "nip given twice"},
		{"x insn=60000000 => st=ok st=trap nip=40080004\n", "st given twice"},
		{"x insn=60000000 => st=ok nip=40080004 r3=1 r3=2\n", "r3: register given twice"},
		{"x insn=04000000\n", "is a prefix: write PREFIX:SUFFIX"},
		{"x insn=7c642a14:00000000\n", "not a prefix"},
	} {
		f, err := Read(strings.NewReader(tc.text), "strict.le.txt")
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Errors) != 1 || !errors.Is(f.Errors[0], ErrSyntax) || !strings.Contains(f.Errors[0].Error(), tc.want) {
			t.Errorf("%q: errors %v, want one containing %q", tc.text, f.Errors, tc.want)
		}
	}
	// Still accepted: f3 after vs3 (a partial write, as the harness applies
	// it), comments that look like headers after the vectors, known
	// references.
	f, err := Read(strings.NewReader("# reference=power9 cpu=x\n# generator=a=b\nx insn=60000000 vs3=1 f3=2\n# x: note: order:le\ny insn=04000000:38600000\n"), "ok.be.txt")
	if err != nil || len(f.Errors) > 0 || len(f.Lines) != 2 {
		t.Errorf("%v %v", err, f.Errors)
	}
}

// TestLongLine (item 4): a line over MaxLineSize is an error with its line
// number, and the lines after it are still read (it used to end the file
// with "token too long" and no line number).
func TestLongLine(t *testing.T) {
	long := "x insn=60000000 # " + strings.Repeat("a", MaxLineSize)
	text := "a insn=60000000\n" + long + "\nb insn=60000000\n"
	f, err := Read(strings.NewReader(text), "long.le.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Lines) != 2 || f.Lines[1].ID != "b" || f.Lines[1].Num != 3 {
		t.Errorf("lines %+v", f.Lines)
	}
	if len(f.Errors) != 1 || !strings.HasPrefix(f.Errors[0].Error(), "long.le.txt:2: ") {
		t.Errorf("errors %v, want one at long.le.txt:2", f.Errors)
	}
	// A last line without a newline, and one just under the limit, are fine.
	just := "y insn=60000000 # " + strings.Repeat("b", MaxLineSize-20)
	f, err = Read(strings.NewReader(just+"\nz insn=60000000"), "long.le.txt")
	if err != nil || len(f.Errors) > 0 || len(f.Lines) != 2 {
		t.Errorf("%v %v %d", err, f.Errors, len(f.Lines))
	}
}

// TestControlCharacters (item 4): an ID (or any part of a line) with a
// control character is an error, and messages quote it instead of
// echoing it to the terminal.
func TestControlCharacters(t *testing.T) {
	for _, s := range []string{"a\x1b[2Jb insn=60000000", "a insn=60000000 # \x07", "a\u0085b insn=60000000", "a\xffb insn=60000000"} {
		_, err := ParseLine(s)
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: %v, want ErrSyntax", s, err)
			continue
		}
		if strings.ContainsAny(err.Error(), "\x1b\x07\u0085\xff") {
			t.Errorf("%q: the error echoes the raw character: %q", s, err.Error())
		}
	}
}

// TestReaderIOError: an error from the underlying reader ends the file and
// is not a syntax error.
func TestReaderIOError(t *testing.T) {
	r, err := NewReader(io.MultiReader(strings.NewReader("a insn=60000000\n"), errReader{}), "x.le.txt")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Next(); err == nil || errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "x.le.txt:") {
		t.Errorf("second Next: %v", err)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

// TestHexPrefix (issue 18 item 11): the reader accepts 0x before hex numbers
// as ppc64emu step does, and the parsed line is the same as without it (so
// writing it back, and the harness input built from it, has no 0x).
func TestHexPrefix(t *testing.T) {
	const (
		with    = "x insn=0x7c642a14 r3=0x10 r4=0X20 cr=0x80000000 mseed=0x5 m@0x10=00ff => st=ok nip=0x40080004 r3=0x30 addr=0x50000000\n"
		without = "x insn=7c642a14 r3=10 r4=20 cr=80000000 mseed=5 m@10=00ff => st=ok nip=40080004 r3=30 addr=50000000\n"
	)
	a, err := Read(strings.NewReader(with), "p.le.txt")
	if err != nil || len(a.Errors) > 0 {
		t.Fatalf("with 0x: %v %v", err, a.Errors)
	}
	b, err := Read(strings.NewReader(without), "p.le.txt")
	if err != nil || len(b.Errors) > 0 {
		t.Fatalf("without 0x: %v %v", err, b.Errors)
	}
	if d := cmp.Diff(b.Lines, a.Lines); d != "" {
		t.Errorf("lines differ (-without +with):\n%s", d)
	}
	if got, want := a.Lines[0].String(), b.Lines[0].String(); got != want || strings.Contains(got, "0x") {
		t.Errorf("written back as %q, want %q (no 0x)", got, want)
	}
	// A lone 0x, and 0x inside byte strings, stay errors.
	for _, bad := range []string{"x insn=0x\n", "x insn=60000000 r3=0x\n", "x insn=60000000 m@10=0x00\n"} {
		f, err := Read(strings.NewReader(bad), "p.le.txt")
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Errors) != 1 || !errors.Is(f.Errors[0], ErrSyntax) {
			t.Errorf("%q: errors %v, want one ErrSyntax", bad, f.Errors)
		}
	}
}
