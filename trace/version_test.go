package trace

import (
	"errors"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
)

// TestFormatVersion: the "# format=" header sets the version (1 without
// one); version 1 rejects what only version 2 can hold; unknown versions
// and a version header after the first vector are errors.
func TestFormatVersion(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		version    int
		lines      int
		errs       []string // substrings of the expected errors, in order
	}{
		{"none", "x insn=60000000 fpscr=ffffffff\n", 1, 1, nil},
		{"v1", "# format=1\nx insn=60000000\n", 1, 1, nil},
		{"v2", "# format=2\nx insn=60000000 fpscr=700000000 tar=1 vrsave=2 ppr=3 => st=ok nip=40080004 fpscr=0000000300000000 tar=5\n", 2, 1, nil},
		{"v1 tar", "x insn=60000000 tar=1\n", 1, 0, []string{"key tar needs # format=2"}},
		{"v1 vrsave", "x insn=60000000 vrsave=1\n", 1, 0, []string{"key vrsave needs # format=2"}},
		{"v1 ppr result", "x insn=60000000 => st=ok nip=40080004 ppr=1\n", 1, 0, []string{"key ppr needs # format=2"}},
		{"v1 wide fpscr", "x insn=60000000 fpscr=100000000\n", 1, 0, []string{"more than 32 bits"}},
		{"v1 wide fpscr result", "x insn=60000000 => st=ok nip=40080004 fpscr=0000000100000000\n", 1, 0, []string{"more than 32 bits"}},
		{"v1 zero-padded fpscr", "x insn=60000000 fpscr=000000000000ffff\n", 1, 1, nil},
		{"v3", "# format=3\nx insn=60000000\n", 1, 1, []string{"knows versions 1 and 2"}},
		{"late", "x insn=60000000\n# format=2\ny insn=60000000 tar=1\n", 1, 1, []string{"after the first vector", "key tar needs"}},
		{"v2 tar too wide", "# format=2\nx insn=60000000 tar=12345678901234567\n", 2, 0, []string{"want 1 to 16 hex digits"}},
		{"v2 vrsave too wide", "# format=2\nx insn=60000000 vrsave=123456789\n", 2, 0, []string{"want 1 to 8 hex digits"}},
	} {
		f, err := Read(strings.NewReader(tc.text), tc.name+".le.txt")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if f.Version != tc.version || len(f.Lines) != tc.lines || len(f.Errors) != len(tc.errs) {
			t.Errorf("%s: version %d, %d lines, errors %v; want %d, %d, %d errors", tc.name, f.Version, len(f.Lines), f.Errors, tc.version, tc.lines, len(tc.errs))
			continue
		}
		for i, want := range tc.errs {
			if !errors.Is(f.Errors[i], ErrSyntax) || !strings.Contains(f.Errors[i].Error(), want) {
				t.Errorf("%s: error %d = %v, want ErrSyntax with %q", tc.name, i, f.Errors[i], want)
			}
		}
		for _, l := range f.Lines {
			if l.Format != f.Version {
				t.Errorf("%s: line Format %d, file version %d", tc.name, l.Format, f.Version)
			}
		}
	}
}

// TestReplayFPSCRHighWord: version 2 compares all 64 bits of FPSCR (the
// DRN an instruction writes), version 1 only the low word. The result is
// QEMU 7.2's (oracle/harness/testdata/examples.le.txt, mtfsfi 7,3,1).
func TestReplayFPSCRHighWord(t *testing.T) {
	const qemu = "mtfsfi_drn insn=ff81310c => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 fpscr=0000000300000000"
	const noDRN = "mtfsfi_drn insn=ff81310c => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004"
	for _, tc := range []struct {
		header, line string
		want         VerdictKind
	}{
		{"# format=2", qemu, Agree},
		{"# format=2", noDRN, Disagree}, // the high word is compared
		{"", noDRN, Agree},              // version 1 could not see it
		{"# format=2", strings.Replace(qemu, "0000000300000000", "0000000500000000", 1), Disagree},
	} {
		f, err := Read(strings.NewReader(tc.header+"\n"+tc.line+"\n"), "x.le.txt")
		if err != nil || len(f.Errors) > 0 {
			t.Fatalf("%v %v", err, f.Errors)
		}
		v := Replay(&f.Lines[0], true, emulate.QEMU)
		if v.Kind != tc.want {
			t.Errorf("%q %s: %v (%s), want %v", tc.header, tc.line, v.Kind, v.Diff, tc.want)
		}
	}
}

// TestMachineVersion2Keys: tar, vrsave, ppr and the FPSCR high word reach
// the register file.
func TestMachineVersion2Keys(t *testing.T) {
	l, err := ParseLine("x insn=60000000 fpscr=7000000f8 tar=40080010 vrsave=87654321 ppr=000c000000000000")
	if err != nil {
		t.Fatal(err)
	}
	r := l.Machine(true).Regs
	if r.FPSCR != 0x7000000f8 || r.TAR != 0x40080010 || r.VRSAVE != 0x87654321 || r.PPR != 0x000c000000000000 {
		t.Errorf("FPSCR %#x TAR %#x VRSAVE %#x PPR %#x", r.FPSCR, r.TAR, r.VRSAVE, r.PPR)
	}
}
