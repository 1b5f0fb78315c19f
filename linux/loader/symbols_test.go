package loader_test

import (
	"bufio"
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
	"github.com/ppc64emu/ppc64emu/linux/loader"
	"github.com/ppc64emu/ppc64emu/mem"
)

// Load a program and list the function main with symbol names, as
// objdump -d prints it (not run: it needs a powerpc64 executable, such as
// one built by powerpc64le-linux-gnu-gcc -static).
func ExampleLoadFile() {
	m := mem.New()
	img, syms, err := loader.LoadFile(m, "prog")
	if err != nil {
		fmt.Println(err)
		return
	}
	start, _ := syms.Addr("main")
	var size uint64
	for _, s := range syms.All() {
		if s.Name == "main" {
			size = s.Size
		}
	}
	lines, _ := decode.Disassemble(m, start, start+size, img.Order)
	for _, l := range lines {
		fmt.Printf("%8x:\t%s\n", l.Addr, l.Inst.Syntax(l.Addr, syms.Lookup))
	}
}

// Load a routine without an ELF header at an address, name it, and list
// it as objdump would.
func ExampleLoadRaw() {
	m := mem.New()
	var code []byte
	for _, w := range []uint32{0x7c632214, 0x4e800020} { // add r3,r3,r4; blr
		code = binary.BigEndian.AppendUint32(code, w)
	}
	if err := loader.LoadRaw(m, 0x20000, code, mem.RX); err != nil {
		fmt.Println(err)
		return
	}
	syms := loader.NewSymbols([]loader.Symbol{{Name: "sum", Addr: 0x20000, Size: 8}})
	lines, _ := decode.Disassemble(m, 0x20000, 0x20008, binary.BigEndian)
	for _, l := range lines {
		name, base := syms.Lookup(l.Addr)
		fmt.Printf("%x <%s+%d>:\t%s\n", l.Addr, name, l.Addr-base, l.Inst.Syntax(l.Addr, syms.Lookup))
	}
	// Output:
	// 20000 <sum+0>:	add r3,r3,r4
	// 20004 <sum+4>:	blr
}

// TestLoadFileSymbols loads a cross-compiled static program of each byte
// order with LoadFile and checks its symbols against the cross nm's list
// (the reference): main's address, and that an address inside main is
// named main. For ELFv1 (big-endian) nm gives main's function descriptor
// in .opd: the code address, what Lookup names, is its first doubleword.
func TestLoadFileSymbols(t *testing.T) {
	for _, tc := range []struct{ cc, nm string }{
		{"powerpc64le-linux-gnu-gcc", "powerpc64le-linux-gnu-nm"},
		{"powerpc64-linux-gnu-gcc", "powerpc64-linux-gnu-nm"},
	} {
		t.Run(tc.cc, func(t *testing.T) {
			for _, tool := range []string{tc.cc, tc.nm} {
				if _, err := exec.LookPath(tool); err != nil {
					t.Skipf("%s not installed (scripts/install-deps.sh installs it)", tool)
				}
			}
			dir := t.TempDir()
			src := filepath.Join(dir, "p.c")
			prog := filepath.Join(dir, "p")
			if err := os.WriteFile(src, []byte("int twice(int x) { return 2 * x; }\nint main(void) { return twice(21); }\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(tc.cc, "-static", "-O0", "-o", prog, src).CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", tc.cc, err, out)
			}
			out, err := exec.Command(tc.nm, prog).Output()
			if err != nil {
				t.Fatal(err)
			}
			nm := map[string]uint64{}
			sc := bufio.NewScanner(bytes.NewReader(out))
			for sc.Scan() {
				f := strings.Fields(sc.Text())
				if len(f) == 3 && (f[1] == "T" || f[1] == "t" || f[1] == "D" || f[1] == "d") {
					nm[f[2]], _ = strconv.ParseUint(f[0], 16, 64)
				}
			}
			m := mem.New()
			img, syms, err := loader.LoadFile(m, prog)
			if err != nil {
				t.Fatal(err)
			}
			if img.Bias != 0 {
				t.Errorf("static program: bias %#x", img.Bias)
			}
			for _, name := range []string{"main", "twice"} {
				addr, ok := syms.Addr(name)
				if !ok {
					t.Fatalf("no symbol %s", name)
				}
				want := nm[name]
				if img.ABIv1 {
					// nm gives the descriptor in .opd; its first doubleword is the code.
					var d [8]byte
					if err := m.Peek(want, d[:]); err != nil {
						t.Fatal(err)
					}
					want = binary.BigEndian.Uint64(d[:])
				}
				if addr != want {
					t.Errorf("%s at %#x, nm says %#x", name, addr, want)
				}
				if got, base := syms.Lookup(addr + 4); got != name || base != addr {
					t.Errorf("Lookup(%s+4) = %q, %#x", name, got, base)
				}
			}
			if got, _ := syms.Lookup(0); got != "" {
				t.Errorf("Lookup(0) = %q", got)
			}
		})
	}
}

// TestLoadRawErrors: a blob over a mapped page, and an empty one.
func TestLoadRawErrors(t *testing.T) {
	m := mem.New()
	if err := loader.LoadRaw(m, 0x1000, []byte{1, 2, 3, 4}, mem.RW); err != nil {
		t.Fatal(err)
	}
	if err := loader.LoadRaw(m, 0x1800, []byte{1}, mem.RW); err == nil {
		t.Error("LoadRaw over a mapped page: no error")
	}
	if err := loader.LoadRaw(m, 0x9000, nil, mem.RW); err != nil || m.Mapped(0x9000, 1) {
		t.Errorf("empty blob: %v, mapped %v", err, m.Mapped(0x9000, 1))
	}
	if err := loader.LoadRaw(m, ^uint64(0)-1, []byte{1, 2, 3, 4}, mem.RW); err == nil {
		t.Error("a blob wrapping the address space: no error")
	}
}
