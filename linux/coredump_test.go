//go:build linux

package linux_test

import (
	"debug/elf"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// TestCoreDumpFilter runs c-coredump (testdata/corpus/c/coredump.c),
// which maps one mapping of each kind, sets its coredump_filter and
// aborts, with Config.Core, and reads the core file's PT_LOAD of each
// mapping: how much of it the file holds is what Linux's vma_dump_size
// (fs/coredump.c) gives under that filter — anonymous private memory with
// pages of its own (a) by bit 0, never touched (u) never; anonymous shared
// (s) by bit 1; a private file mapping (f) by bit 2; a shared one of a
// file still linked (m) by bit 3; the first page of a private mapping of
// an ELF file from offset 0 (e) by bit 4 when bit 2 does not take it
// whole.
func TestCoreDumpFilter(t *testing.T) {
	const whole, none, header = "whole", "none", "first page"
	tests := []struct {
		filter string
		want   map[string]string
	}{
		{"0x33", map[string]string{"a": whole, "u": none, "s": whole, "f": none, "e": header, "m": none}}, // the default
		{"0", map[string]string{"a": none, "u": none, "s": none, "f": none, "e": none, "m": none}},
		{"1", map[string]string{"a": whole, "u": none, "s": none, "f": none, "e": none, "m": none}},
		{"2", map[string]string{"a": none, "u": none, "s": whole, "f": none, "e": none, "m": none}},
		{"4", map[string]string{"a": none, "u": none, "s": none, "f": whole, "e": whole, "m": none}},
		{"8", map[string]string{"a": none, "u": none, "s": none, "f": none, "e": none, "m": whole}},
		{"0x10", map[string]string{"a": none, "u": none, "s": none, "f": none, "e": header, "m": none}},
		{"0x1ff", map[string]string{"a": whole, "u": none, "s": whole, "f": whole, "e": whole, "m": whole}},
	}
	for _, bin := range []string{"c-coredump.le", "c-coredump.be"} {
		prog := filepath.Join(corpusDir, bin)
		if !fileExists(prog) {
			t.Skip("no corpus: run scripts/build-corpus.sh first")
		}
		for _, tc := range tests {
			t.Run(bin+"/"+tc.filter, func(t *testing.T) {
				dir := t.TempDir()
				core := filepath.Join(dir, "core")
				stdout, err := os.Create(filepath.Join(dir, "stdout"))
				if err != nil {
					t.Fatal(err)
				}
				defer stdout.Close()
				p, err := linux.Start(prog, []string{prog, tc.filter, filepath.Join(dir, "data")}, nil, linux.Config{Core: core, Stdout: stdout})
				if err != nil {
					t.Fatal(err)
				}
				if st, err := p.Wait(); err != nil || st.Signal != abi.SIGABRT {
					t.Fatalf("Wait = %+v, %v; want SIGABRT", st, err)
				}
				out, err := os.ReadFile(stdout.Name())
				if err != nil {
					t.Fatal(err)
				}
				f, err := elf.Open(core)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				got := map[string]string{}
				for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
					var name string
					var addr, size uint64
					if _, err := fmt.Sscanf(line, "%s %x %x", &name, &addr, &size); err != nil {
						t.Fatalf("the program printed %q", out)
					}
					got[name] = "no PT_LOAD of its own"
					for _, ph := range f.Progs {
						if ph.Type != elf.PT_LOAD || ph.Vaddr != addr || ph.Memsz != size {
							continue
						}
						switch ph.Filesz {
						case 0:
							got[name] = none
						case size:
							got[name] = whole
						case 4096:
							got[name] = header
						default:
							got[name] = fmt.Sprintf("%#x bytes", ph.Filesz)
						}
					}
				}
				if d := cmp.Diff(tc.want, got); d != "" {
					t.Errorf("what the core file holds of each mapping (-want +got):\n%s", d)
				}
			})
		}
	}
}
