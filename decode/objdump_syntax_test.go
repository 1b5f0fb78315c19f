package decode_test

// TestObjdumpSyntaxLibc compares Syntax, instruction by instruction, with
// the text GNU objdump -d prints by default (extended mnemonics) for the
// whole code of the cross toolchains' C libraries, in both byte orders.
// The differences that remain are listed, each with its reason, in
// testdata/objdump-syntax.txt; a difference not listed there fails the test.

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
)

// syntaxLibcs are the C libraries of the two cross toolchains with the
// objdump of the same binutils.
var syntaxLibcs = []struct{ name, objdump, libc string }{
	{"ppc64le", "powerpc64le-linux-gnu-objdump", "/usr/powerpc64le-linux-gnu/lib/libc.so.6"},
	{"ppc64", "powerpc64-linux-gnu-objdump", "/usr/powerpc64-linux-gnu/lib/libc.so.6"},
}

const syntaxDiffFile = "testdata/objdump-syntax.txt"

// syntaxDiff is one allowed kind of difference: objdump's mnemonic and
// Syntax's, and why they differ.
type syntaxDiff struct {
	objdump, ours string
	why           string
}

// readSyntaxDiffs reads testdata/objdump-syntax.txt: lines of
// "OBJDUMP-MNEMONIC<TAB>OUR-MNEMONIC<TAB>reason", # comments.
func readSyntaxDiffs(t *testing.T) map[[2]string]string {
	t.Helper()
	data, err := os.ReadFile(syntaxDiffFile)
	if err != nil {
		t.Fatal(err)
	}
	m := map[[2]string]string{}
	for n, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, "\t", 3)
		if len(f) != 3 || f[2] == "" {
			t.Fatalf("%s:%d: want OBJDUMP<TAB>OURS<TAB>reason: %q", syntaxDiffFile, n+1, line)
		}
		m[[2]string{f[0], f[1]}] = f[2]
	}
	return m
}

// objdumpLine is one instruction line of objdump -d.
type objdumpLine struct {
	addr uint64
	text string // normalized: one space after the mnemonic, no <symbol>, targets as 0x…
}

// parseObjdumpD reads objdump -d's instruction lines, such as
//
//	24420:	2c 00 82 41 	beq     2444c <abort@@GLIBC_2.17+0xa4>
//
// and normalizes their text as Syntax writes it: the mnemonic followed by
// one space, a branch target in 0x form without the symbol annotation.
func parseObjdumpD(t *testing.T, out []byte) []objdumpLine {
	t.Helper()
	var lines []objdumpLine
	objdumpLines(t, out, func(a uint64, _, text, _ string) {
		if text == "" {
			return // the second word of a prefixed instruction
		}
		if i := strings.Index(text, " <"); i >= 0 && strings.HasSuffix(text, ">") {
			text = text[:i]
			j := strings.LastIndexAny(text, " ,")
			text = text[:j+1] + "0x" + text[j+1:]
		}
		mnem, args, _ := strings.Cut(text, " ")
		if args = strings.TrimSpace(args); args != "" {
			mnem += " " + args
		}
		lines = append(lines, objdumpLine{addr: a, text: mnem})
	})
	return lines
}

// codeAt returns the bytes of f's executable sections by address.
type codeSection struct {
	addr uint64
	data []byte
}

func execSections(t *testing.T, f *elf.File) []codeSection {
	t.Helper()
	var secs []codeSection
	for _, s := range f.Sections {
		if s.Type != elf.SHT_PROGBITS || s.Flags&elf.SHF_EXECINSTR == 0 {
			continue
		}
		data, err := s.Data()
		if err != nil {
			t.Fatal(err)
		}
		secs = append(secs, codeSection{s.Addr, data})
	}
	return secs
}

func bytesAt(secs []codeSection, addr uint64) []byte {
	for _, s := range secs {
		if addr >= s.addr && addr-s.addr < uint64(len(s.data)) {
			return s.data[addr-s.addr:]
		}
	}
	return nil
}

func mnemonic(text string) string {
	m, _, _ := strings.Cut(text, " ")
	return m
}

func TestObjdumpSyntaxLibc(t *testing.T) {
	allowed := readSyntaxDiffs(t)
	seen := map[[2]string]bool{}
	for _, lib := range syntaxLibcs {
		t.Run(lib.name, func(t *testing.T) {
			tool, err := exec.LookPath(lib.objdump)
			if err != nil {
				t.Skipf("skipping: %s is not on PATH (install binutils-%s)", lib.objdump, strings.TrimSuffix(lib.objdump, "-objdump"))
			}
			f, err := elf.Open(lib.libc)
			if err != nil {
				t.Skipf("skipping: %s cannot be opened (install the cross C library): %v", lib.libc, err)
			}
			defer f.Close()
			out, err := exec.Command(tool, "-d", lib.libc).Output()
			if err != nil {
				t.Fatalf("%s -d %s: %v", tool, lib.libc, err)
			}
			secs := execSections(t, f)
			lines := parseObjdumpD(t, out)
			if len(lines) < 10000 {
				t.Fatalf("objdump printed only %d instructions", len(lines))
			}
			type example struct {
				n       int
				example string
			}
			diffs := map[[2]string]*example{}
			same := 0
			for _, l := range lines {
				src := bytesAt(secs, l.addr)
				if len(src) < 4 {
					t.Fatalf("%#x: objdump printed an instruction outside the executable sections", l.addr)
				}
				in, _ := decode.Decode(src, f.ByteOrder)
				got := in.Syntax(l.addr, nil)
				if got == l.text {
					same++
					continue
				}
				key := [2]string{mnemonic(l.text), mnemonic(got)}
				e := diffs[key]
				if e == nil {
					e = &example{example: fmt.Sprintf("%#x %08x: objdump %q, Syntax %q", l.addr, f.ByteOrder.Uint32(src), l.text, got)}
					diffs[key] = e
				}
				e.n++
			}
			keys := make([][2]string, 0, len(diffs))
			for k := range diffs {
				keys = append(keys, k)
			}
			sort.Slice(keys, func(i, j int) bool { return diffs[keys[i]].n > diffs[keys[j]].n })
			bad := 0
			for _, k := range keys {
				seen[k] = true
				why, ok := allowed[k]
				if !ok {
					bad++
					t.Errorf("%6d × %s", diffs[k].n, diffs[k].example)
					continue
				}
				t.Logf("%6d × objdump %s, Syntax %s (%s): %s", diffs[k].n, k[0], k[1], why, diffs[k].example)
			}
			t.Logf("%s: %d instructions, %d (%.3f%%) printed as objdump does, %d kinds of listed difference, %d not listed",
				lib.libc, len(lines), same, 100*float64(same)/float64(len(lines)), len(keys)-bad, bad)
		})
	}
}

// wordFamily is a set of instruction words: base with every combination of
// the values listed for its fields.
type wordFamily struct {
	name   string
	base   uint32
	fields []wordField
}

// wordField is an ISA bit range (bit 0 the most significant) and the
// values to put there (nil: all of them).
type wordField struct {
	first, last uint
	values      []uint32
}

func (f wordFamily) words() []uint32 {
	out := []uint32{f.base}
	for _, fd := range f.fields {
		width := fd.last - fd.first + 1
		shift := 31 - fd.last
		vals := fd.values
		if vals == nil {
			for v := uint32(0); v < 1<<width; v++ {
				vals = append(vals, v)
			}
		}
		var next []uint32
		for _, w := range out {
			for _, v := range vals {
				next = append(next, w&^((1<<width-1)<<shift)|v<<shift)
			}
		}
		out = next
	}
	return out
}

// field is a field of the given ISA bits with all its values, or the ones given.
func field(first, last uint, values ...uint32) wordField {
	return wordField{first, last, values}
}

// xo is a word with primary opcode po and extended opcode xo at bits 21-30.
func xo(po, x uint32) uint32 { return po<<26 | x<<1 }

// Register fields of the usual forms, and a few values for them.
var (
	regsSome = []uint32{0, 1, 3, 31}
	fRT      = func(v ...uint32) wordField { return field(6, 10, v...) }
	fRA      = func(v ...uint32) wordField { return field(11, 15, v...) }
	fRB      = func(v ...uint32) wordField { return field(16, 20, v...) }
	fRc      = field(31, 31)
)

// syntaxFamilies cover every extended mnemonic Syntax writes, with the
// field values around each one's condition.
var syntaxFamilies = []wordFamily{
	{"or", xo(31, 444), []wordField{fRT(regsSome...), fRA(3), fRB(regsSome...), fRc}},
	{"or same", xo(31, 444), []wordField{fRT(), fRA(9), fRc}},
	{"nor", xo(31, 124), []wordField{fRT(3, 4), fRA(5), fRB(3, 4), fRc}},
	{"vor vnor", xo(4, 0), []wordField{fRT(3, 4), fRA(5), fRB(3, 4), field(21, 31, 1156, 1284)}},
	{"xxlor xxlnor", 60 << 26, []wordField{fRT(3, 4), fRA(5), fRB(3, 4), field(21, 28, 146, 162), field(29, 29), field(30, 30), field(31, 31)}},
	{"xxpermdi", 60<<26 | 10<<3, []wordField{fRT(3), fRA(4, 5), fRB(4, 5), field(22, 23), field(29, 30, 0, 3)}},
	{"rldicl", 30 << 26, []wordField{fRT(3), fRA(4), field(16, 20), field(21, 26), field(30, 30), fRc}},
	{"rldicr", 30<<26 | 1<<2, []wordField{fRT(3), fRA(4), field(16, 20), field(21, 26), field(30, 30), fRc}},
	{"rldic rldimi", 30<<26 | 2<<2, []wordField{fRT(3), fRA(4), field(16, 20, 0, 1, 17, 31), field(21, 26, 0, 1, 31, 32, 47, 63), field(29, 29), field(30, 30), fRc}},
	{"rldcl rldcr", 30<<26 | 8<<1, []wordField{fRT(3), fRA(4), fRB(5), field(21, 26, 0, 1, 31, 63), field(30, 30), fRc}},
	{"rlwinm", 21 << 26, []wordField{fRT(3), fRA(4), field(16, 20), field(21, 25), field(26, 30), fRc}},
	{"rlwnm", 23 << 26, []wordField{fRT(3), fRA(4), fRB(5), field(21, 25, 0, 1, 31), field(26, 30, 0, 30, 31), fRc}},
	{"rlwimi", 20 << 26, []wordField{fRT(3), fRA(4), field(16, 20, 0, 1, 31), field(21, 25, 0, 1, 31), field(26, 30, 0, 30, 31)}},
	{"tw td", xo(31, 4), []wordField{field(6, 10), fRA(0, 3), fRB(0, 4), field(25, 25)}},
	{"twi tdi", 2 << 26, []wordField{field(5, 5), field(6, 10), fRA(0, 3), field(16, 31, 0, 0xfff0)}},
	{"mfspr", xo(31, 339), []wordField{fRT(3), field(11, 20)}},
	{"mtspr", xo(31, 467), []wordField{fRT(3), field(11, 20)}},
	{"mfvsr", xo(31, 0), []wordField{fRT(3), fRA(0), field(21, 30, 51, 115, 179, 307), field(31, 31)}},
	{"mtvsr", xo(31, 0), []wordField{fRT(3, 4), fRA(5), field(21, 30, 179, 211, 243, 403, 435), field(31, 31)}},
	{"dcbt dcbtst", xo(31, 0), []wordField{field(6, 10), fRA(0, 3), fRB(4), field(21, 30, 278, 246)}},
	{"cache X", xo(31, 0), []wordField{field(6, 10, 0, 1, 3), fRA(0, 3), fRB(4), field(21, 30, 1014, 86, 54, 982, 470, 758, 854, 598, 774)}},
	{"x loads", xo(31, 0), []wordField{fRT(0, 5), fRA(0, 3), fRB(4), field(21, 30, 21, 23, 87, 149, 150, 214, 20, 84, 52, 116, 532, 534, 662, 103, 231, 6, 38, 844, 332, 588, 716, 855, 983, 780, 908, 268, 396, 269, 397), field(31, 31)}},
	{"sc", 17<<26 | 2, []wordField{field(20, 26, 0, 1, 3), field(30, 30)}},
	{"mtcrf mtocrf", xo(31, 144), []wordField{fRT(3), field(11, 11), field(12, 19, 0, 1, 0x80, 0xff, 0x11)}},
	{"mfcr mfocrf", xo(31, 19), []wordField{fRT(3), field(11, 11), field(12, 19, 0, 1, 0x80, 0xff)}},
	{"mtfsf", xo(63, 711), []wordField{field(6, 6), field(7, 14, 0, 1, 0xff), field(15, 15), fRB(0), fRc}},
	{"cr ops", xo(19, 0), []wordField{fRT(0, 1), fRA(0, 1), fRB(0, 1), field(21, 30, 33, 129, 193, 225, 257, 289, 417, 449)}},
	{"cmp", xo(31, 0), []wordField{field(6, 8, 0, 1, 7), field(10, 10), fRA(3), fRB(4), field(21, 30, 0, 32)}},
	{"cmpi", 11 << 26, []wordField{field(5, 5), field(6, 8, 0, 1, 7), field(10, 10), fRA(3), field(16, 31, 0, 5, 0xfffb)}},
	{"addi addis", 14 << 26, []wordField{field(5, 5), fRT(3), fRA(0, 4), field(16, 31, 0, 5, 0xfffb, 0x8000)}},
	{"addic subf", 12 << 26, []wordField{field(5, 5), fRT(3), fRA(0, 4), field(16, 31, 0, 5, 0xfffb)}},
	{"arith", xo(31, 0), []wordField{fRT(3), fRA(4, 5), fRB(5), field(21, 30, 40, 8, 136, 266, 10, 104, 232, 234, 202, 200)}},
	{"sync", xo(31, 598), []wordField{field(8, 10), field(14, 15)}},
	{"b", 18 << 26, []wordField{field(6, 29, 0, 1, 0xffffff), field(30, 31)}},
	{"bc", 16 << 26, []wordField{field(6, 10), field(11, 15, 0, 1, 2, 3, 6, 30), field(16, 29, 0, 4, 0x3fff), field(30, 31)}},
	{"bclr bcctr bctar", 19 << 26, []wordField{field(6, 10), field(11, 15, 0, 2, 30), field(19, 20), field(21, 30, 16, 528, 560), field(31, 31)}},
	{"isel", xo(31, 15), []wordField{fRT(3), fRA(0, 4), fRB(5), field(21, 25, 0, 1, 2, 3, 4, 30), field(26, 30, 15)}},
	{"misc", 0, []wordField{field(0, 31, 0x4c00012c, 0x7c0006ac, 0x7c00007c, 0x7c20007c, 0x7c40007c, 0x7c0004ac, 0x7c2004ac, 0x7c4004ac, 0x7c8004ac, 0x7c6004ac, 0x7c0000a6, 0x7c0002e4, 0x00000200, 0x00000000, 0x60000000, 0x60210000, 0x38600000, 0x3c600000, 0x7c0004cc)}},
}

// objdumpWordsText disassembles words at address 0 with objdump's default
// mnemonics, one normalized text per word.
func objdumpWordsText(t *testing.T, tool string, words []uint32, order orderBoth) []string {
	t.Helper()
	var buf []byte
	for _, w := range words {
		buf = order.AppendUint32(buf, w)
	}
	file := t.TempDir() + "/words.bin"
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	endian := "-EL"
	if order == binary.BigEndian {
		endian = "-EB"
	}
	out, err := exec.Command(tool, "-D", "-b", "binary", "-m", "powerpc:common64", endian, file).Output()
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	text := make([]string, len(words))
	for _, l := range parseObjdumpD(t, out) {
		if l.addr%4 == 0 && l.addr/4 < uint64(len(words)) {
			text[l.addr/4] = l.text
		}
	}
	return text
}

// TestObjdumpSyntaxWords compares Syntax with objdump's default text for
// every word of syntaxFamilies.
func TestObjdumpSyntaxWords(t *testing.T) {
	tool := lookObjdump(t)
	allowed := readSyntaxDiffs(t)
	var words []uint32
	for _, f := range syntaxFamilies {
		words = append(words, f.words()...)
	}
	want := objdumpWordsText(t, tool, words, binary.LittleEndian)
	bad := 0
	for i, w := range words {
		in, _ := decode.DecodeWord(w, 0)
		got := in.Syntax(uint64(4*i), nil)
		if in.Has(decode.FlagAbsolute) {
			// objdump -b binary prints an absolute target as 32 bits
			// (0xfffffffc); Syntax the 64-bit address it branches to.
			got = strings.Replace(got, "0xffffffff", "0x", 1)
		}
		if want[i] == "" || got == want[i] {
			continue
		}
		if _, ok := allowed[[2]string{mnemonic(want[i]), mnemonic(got)}]; ok {
			continue
		}
		bad++
		if bad <= 100 {
			t.Errorf("%08x: objdump %q, Syntax %q", w, want[i], got)
		}
	}
	t.Logf("%d words, %d differ", len(words), bad)
}
