//go:build linux

package linux_test

import (
	"bytes"
	"debug/elf"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/jit"
	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/linux/loader"
)

// perfMapLine is a line of Config.PerfMap: START SIZE 0xADDR[ SYM+0xOFF]
// (FILE) N, or START SIZE 0xADDR N outside a file mapping.
var perfMapLine = regexp.MustCompile(`^([0-9a-f]+) ([0-9a-f]+) 0x([0-9a-f]+)(?: (?:(\S+)\+0x([0-9a-f]+) )?\((\S+)\))? ([0-9]+)$`)

// TestPerfMap runs corpus programs (a loop of FP arithmetic in both byte
// orders; a forked child's busy loop) under EngineNative with Config.PerfMap: every line is
// in perf's map format, the code ranges are disjoint, each guest address
// in the program's file is in one of its executable segments, and a
// symbol named is the program's symbol containing that address at that
// offset (its .symtab; ELFv1's function descriptors resolved as the
// loader does); some lines name one.
func TestPerfMap(t *testing.T) {
	if !jit.Supported {
		t.Skip("no generated code on this host")
	}
	const forked = "c-cputime.le" // a program that forks a child
	for _, bin := range []string{"c-fploop.le", "c-fploop.be", forked} {
		prog := filepath.Join(corpusDir, bin)
		if !fileExists(prog) {
			t.Skip("no corpus: run scripts/build-corpus.sh first")
		}
		t.Run(bin, func(t *testing.T) {
			f, err := os.Open(prog)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			ef, err := elf.NewFile(f)
			if err != nil {
				t.Fatal(err)
			}
			syms, err := loader.ReadSymbols(f, 0)
			if err != nil {
				t.Fatal(err)
			}
			null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer null.Close()
			var out bytes.Buffer
			p, err := linux.Start(prog, []string{prog}, nil, linux.Config{Engine: emulate.EngineNative, PerfMap: &out, Stdout: null, Stderr: null})
			if err != nil {
				t.Fatal(err)
			}
			if st, err := p.Wait(); err != nil || st != (linux.ExitStatus{}) {
				t.Fatalf("Wait = %+v, %v", st, err)
			}
			lines := bytes.Split(bytes.TrimSuffix(out.Bytes(), []byte("\n")), []byte("\n"))
			if out.Len() == 0 {
				t.Fatal("no lines")
			}
			type span struct{ lo, hi uint64 }
			var spans []span
			named := 0
			for _, l := range lines {
				m := perfMapLine.FindSubmatch(l)
				if m == nil {
					t.Fatalf("line %q is not START SIZE 0xADDR [SYM+0xOFF] (FILE) N", l)
				}
				hex := func(b []byte) uint64 { v, _ := strconv.ParseUint(string(b), 16, 64); return v }
				start, size, addr := hex(m[1]), hex(m[2]), hex(m[3])
				if n, _ := strconv.Atoi(string(m[7])); size == 0 || n == 0 {
					t.Errorf("line %q: empty", l)
				}
				// Overlaps are checked in a one-process run only: the arena
				// of a forked child's Emulator is freed once the collector
				// finds it unreachable after the child's end (emulate's
				// AddCleanup), and the kernel may map the parent's next
				// chunk at the same addresses (a
				// later line then names the live code there, as a JIT's
				// map does when its code space is reused; seen under -race
				// in CI for c-cputime.le).
				for _, s := range spans {
					if bin != forked && start < s.hi && s.lo < start+size {
						t.Errorf("line %q: code overlaps [%#x, %#x)", l, s.lo, s.hi)
					}
				}
				spans = append(spans, span{start, start + size})
				if string(m[6]) != bin {
					continue
				}
				inText := false
				for _, pr := range ef.Progs {
					if pr.Type == elf.PT_LOAD && pr.Flags&elf.PF_X != 0 && addr >= pr.Vaddr && addr < pr.Vaddr+pr.Memsz {
						inText = true
					}
				}
				if !inText {
					t.Errorf("line %q: %#x is not in %s's code", l, addr, bin)
				}
				if len(m[4]) == 0 {
					continue
				}
				named++
				if name, base := syms.Lookup(addr); name != string(m[4]) || addr-base != hex(m[5]) {
					t.Errorf("line %q: %#x is not %s+%#x in %s's symbols", l, addr, m[4], hex(m[5]), bin)
				}
			}
			if named == 0 {
				t.Errorf("no line names a symbol:\n%s", out.Bytes())
			}
		})
	}
}
