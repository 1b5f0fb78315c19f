package decode_test

import (
	"bytes"
	"encoding/binary"
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
		if got, want := bad.String(), fmt.Sprintf(".long 0x%08x", w); got != want {
			t.Errorf("String = %q, want %q", got, want)
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
