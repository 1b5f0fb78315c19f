package decode_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
)

// branchWords are branches with backward, forward, zero and absolute
// targets (I-form and B-form, Power ISA 3.1B 2.4).
var branchWords = []uint32{0x4082fff4, 0x48000020, 0x4bfffffc, 0x4200fff8, 0x48000001, 0x4bfffff1, 0x42000000, 0x4800000a}

// TestSyntaxTargetsObjdump: the targets Syntax prints at a PC, and the
// offsets String prints, are the ones GNU objdump shows for the same bytes
// at that address.
func TestSyntaxTargetsObjdump(t *testing.T) {
	tool := lookObjdump(t)
	const pc = 0x10000100
	var raw bytes.Buffer
	for _, w := range branchWords {
		binary.Write(&raw, binary.LittleEndian, w)
	}
	file := filepath.Join(t.TempDir(), "br.bin")
	if err := os.WriteFile(file, raw.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "-D", "-b", "binary", "-m", "powerpc:common64", "-EL",
		fmt.Sprintf("--adjust-vma=%#x", pc), file).Output()
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	want := map[uint64]uint64{} // address → objdump's target
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 7 || !strings.HasSuffix(f[0], ":") {
			continue
		}
		addr, err1 := strconv.ParseUint(strings.TrimSuffix(f[0], ":"), 16, 64)
		target, err2 := strconv.ParseUint(f[len(f)-1], 0, 64)
		if err1 == nil && err2 == nil {
			want[addr] = target
		}
	}
	if len(want) != len(branchWords) {
		t.Fatalf("parsed %d targets from objdump:\n%s", len(want), out)
	}
	for i, w := range branchWords {
		at := uint64(pc + 4*i)
		in, err := decode.DecodeWord(w, 0)
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(in.Syntax(at, nil))
		got, err := strconv.ParseUint(f[len(f)-1], 0, 64)
		if err != nil || got != want[at] {
			t.Errorf("%#08x at %#x: Syntax %q, objdump target %#x", w, at, in.Syntax(at, nil), want[at])
		}
		s := in.String()
		if w>>26 == 18 && w&2 != 0 { // absolute: no offset
			continue
		}
		off := int64(want[at] - at)
		if wantRel := fmt.Sprintf(".%+#x", off); !strings.HasSuffix(s, wantRel) {
			t.Errorf("%#08x: String %q, want it to end in %s", w, s, wantRel)
		}
	}
}

func TestSyntaxSymbolsAndLong(t *testing.T) {
	in, _ := decode.DecodeWord(0x4bfffffc, 0) // b .-4
	sym := func(addr uint64) (string, uint64) {
		if addr >= 0x1000 && addr < 0x1100 {
			return "main.loop", 0x1000
		}
		return "", 0
	}
	if got, want := in.Syntax(0x1010, sym), "b 0x100c <main.loop+0xc>"; got != want {
		t.Errorf("Syntax = %q, want %q", got, want)
	}
	if got, want := in.Syntax(0x1004, sym), "b 0x1000 <main.loop>"; got != want {
		t.Errorf("Syntax = %q, want %q", got, want)
	}
	if got, want := in.Syntax(0x2004, sym), "b 0x2000"; got != want {
		t.Errorf("Syntax = %q, want %q", got, want)
	}
	// A word that does not decode keeps its value.
	for _, w := range []uint32{0x00000001, 0x00000005} {
		bad, err := decode.DecodeWord(w, 0)
		if err == nil {
			t.Fatalf("%#08x decoded", w)
		}
		if got, want := bad.String(), fmt.Sprintf(".long %#x", w); got != want {
			t.Errorf("String = %q, want %q", got, want)
		}
		if got, want := bad.RawString(), fmt.Sprintf(".long 0x%08x", w); got != want {
			t.Errorf("RawString = %q, want %q", got, want)
		}
		if _, err := bad.Asm(); err == nil {
			t.Errorf("Asm of %#08x: no error", w)
		}
	}
	if pi, err := in.Asm(); err != nil || pi.Op.String() != "b" {
		t.Errorf("Asm = %v, %v", pi, err)
	}
}

// ExampleInst_Syntax disassembles a backward branch as objdump does at its
// address, naming the target with a symbol table.
func ExampleInst_Syntax() {
	in, _ := decode.DecodeWord(0x4082fff4, 0) // bne cr0 back 12 bytes
	symname := func(addr uint64) (string, uint64) {
		if addr >= 0x10000100 && addr < 0x10000200 {
			return "main.loop", 0x10000100
		}
		return "", 0
	}
	fmt.Println(in.String())
	fmt.Println(in.Syntax(0x10000110, nil))
	fmt.Println(in.Syntax(0x10000110, symname))
	// Output:
	// bne .-0xc
	// bne 0x10000104
	// bne 0x10000104 <main.loop+0x4>
}

// TestSyntaxExtended: words of the ppc64le C library with the text
// powerpc64le-linux-gnu-objdump -d (binutils 2.40) prints for them, and
// the base form RawSyntax keeps (ppc64asm's GNU syntax).
func TestSyntaxExtended(t *testing.T) {
	tests := []struct {
		word      uint32
		pc        uint64
		objdump   string
		rawSyntax string
	}{
		{0x7c601b78, 0, "mr r0,r3", "or r0,r3,r3"},
		{0x7bffe8c2, 0, "srdi r31,r31,3", "rldicl r31,r31,61,3"},
		{0x7fe00008, 0, "trap", "tw 31,r0,r0"},
		{0x39400000, 0, "li r10,0", "li r10,0"},
		{0x60000000, 0, "nop", "nop"},
		{0x4e800020, 0, "blr", "blr"},
		{0x4200ffe4, 0x29bfc, "bdnz 0x29be0", "bdnz 0x29be0"},
		{0x41860000 | 0x2c, 0xc1744, "beq cr1,0xc1770", "beq cr1,0xc1770"},
		{0x2c200000, 0, "cmpdi r0,0", "cmpdi r0,0"},
		{0x7c0803a6, 0, "mtlr r0", "mtlr r0"},
		{0x7fbae8f8, 0, "not r26,r29", "nor r26,r29,r29"},
		{0x79290020, 0, "clrldi r9,r9,32", "rldicl r9,r9,0,32"},
		{0x79290002, 0, "rotldi r9,r9,32", "rldicl r9,r9,32,0"},
		{0x5568103a, 0, "slwi r8,r11,2", "rlwinm r8,r11,2,0,29"},
		{0x7c6307b4, 0, "extsw r3,r3", "extsw r3,r3"},
		{0x79291f24, 0, "sldi r9,r9,3", "rldicr r9,r9,3,60"},
		{0x40c2fff0, 0x24408, "bne- 0x243f8", "bne- 0x243f8"},
		{0x7d60581e, 0, "isellt r11,0,r11", "isel r11,r0,r11,lt"},
		{0x7c230066, 0, "mffprd r3,f1", "mfvsrd r3,vs1"},
		{0xf0000250, 0, "xxswapd vs0,vs0", "xxpermdi vs0,vs0,vs0,2"},
		{0x7c00222c, 0, "dcbtct 0,r4", "dcbt r0,r4,0"},
		{0x7d40f92d, 0, "stwcx. r10,0,r31", "stwcx. r10,r0,r31"},
		{0x7c2004ac, 0, "lwsync", "lwsync"},
	}
	for _, tt := range tests {
		in, err := decode.DecodeWord(tt.word, 0)
		if err != nil {
			t.Errorf("%#08x: %v", tt.word, err)
			continue
		}
		if got := in.Syntax(tt.pc, nil); got != tt.objdump {
			t.Errorf("%#08x: Syntax = %q, want %q", tt.word, got, tt.objdump)
		}
		if got := in.RawSyntax(tt.pc, nil); got != tt.rawSyntax {
			t.Errorf("%#08x: RawSyntax = %q, want %q", tt.word, got, tt.rawSyntax)
		}
	}
}

// ExampleInst_RawSyntax shows an instruction in objdump's default form
// (extended mnemonics) and in the base form.
func ExampleInst_RawSyntax() {
	for _, w := range []uint32{0x7c601b78, 0x7bffe8c2, 0x7fe00008} {
		in, _ := decode.DecodeWord(w, 0)
		fmt.Printf("%-16s %s\n", in.Syntax(0, nil), in.RawSyntax(0, nil))
	}
	// Output:
	// mr r0,r3         or r0,r3,r3
	// srdi r31,r31,3   rldicl r31,r31,61,3
	// trap             tw 31,r0,r0
}

// TestDisassembleEdges: a prefix word whose suffix is past the end is a
// truncated instruction; a prefixed instruction takes 8 bytes; a read
// that fails ends the listing with its error.
func TestDisassembleEdges(t *testing.T) {
	var b []byte
	for _, w := range []uint32{0x04000000, 0xe4640008, 0x60000000, 0x04000000} { // pld r3,8(r4); nop; a lone prefix
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	m := byteMem{base: 0x1000, b: b}
	lines, err := decode.Disassemble(m, 0x1000, 0x1010, binary.LittleEndian)
	if err != nil || len(lines) != 3 {
		t.Fatalf("Disassemble = %d lines, %v; want 3, nil", len(lines), err)
	}
	if lines[0].Inst.Len != 8 || lines[1].Addr != 0x1008 || lines[1].Inst.Syntax(0x1008, nil) != "nop" {
		t.Errorf("lines = %+v", lines[:2])
	}
	if !errors.Is(lines[2].Err, decode.ErrTruncated) || lines[2].Inst.Syntax(0x100c, nil) != ".long 0x4000000" {
		t.Errorf("lone prefix: %v, %q", lines[2].Err, lines[2].Inst.Syntax(0x100c, nil))
	}
	lines, err = decode.Disassemble(m, 0x1008, 0x1018, binary.LittleEndian)
	if err == nil || len(lines) != 1 { // the nop; the prefix's suffix is unmapped
		t.Errorf("past the end: %d lines, %v; want 1 and an error", len(lines), err)
	}
}
