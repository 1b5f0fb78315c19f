//go:build linux

package linux_test

import (
	"debug/elf"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
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

// TestCoreDumpChild: Config.Core writes the core file of every guest
// process a core-dumping signal kills, as Linux dumps each, not only the
// initial one's. c-corelimit (testdata/corpus/c/corelimit.c) forks a child
// that faults with RLIMIT_CORE 0 (no dump) and one that faults with its
// soft limit at the hard one (a dump) and exits 0 itself: one core file,
// named by the child's process id (%p), a core of that process (its
// NT_PRPSINFO's pid) killed by SIGSEGV (NT_PRSTATUS's signal).
func TestCoreDumpChild(t *testing.T) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_CORE, &lim); err != nil || lim.Max < 1<<20 {
		t.Skipf("hard RLIMIT_CORE below a megabyte (%v, %v): no dump to see", lim.Max, err)
	}
	for _, bin := range []string{"c-corelimit.le", "c-corelimit.be"} {
		prog := filepath.Join(corpusDir, bin)
		if !fileExists(prog) {
			t.Skip("no corpus: run scripts/build-corpus.sh first")
		}
		t.Run(bin, func(t *testing.T) {
			dir := t.TempDir()
			stdout, err := os.Create(filepath.Join(dir, "stdout"))
			if err != nil {
				t.Fatal(err)
			}
			defer stdout.Close()
			p, err := linux.Start(prog, []string{prog}, nil, linux.Config{Core: filepath.Join(dir, "core.%p"), Stdout: stdout})
			if err != nil {
				t.Fatal(err)
			}
			if st, err := p.Wait(); err != nil || st != (linux.ExitStatus{}) {
				t.Fatalf("Wait = %+v, %v; want exit 0", st, err)
			}
			cores, _ := filepath.Glob(filepath.Join(dir, "core.*"))
			if len(cores) != 1 {
				t.Fatalf("core files %q, want one", cores)
			}
			f, err := elf.Open(cores[0])
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var pid, sig int
			for _, prog := range f.Progs {
				if prog.Type != elf.PT_NOTE {
					continue
				}
				b := make([]byte, prog.Filesz)
				if _, err := prog.ReadAt(b, 0); err != nil {
					t.Fatal(err)
				}
				for len(b) >= 12 {
					namesz, descsz, typ := f.ByteOrder.Uint32(b), f.ByteOrder.Uint32(b[4:]), f.ByteOrder.Uint32(b[8:])
					off := 12 + (int(namesz)+3)&^3
					if off+int(descsz) > len(b) {
						break
					}
					desc := b[off : off+int(descsz)]
					switch {
					case typ == uint32(elf.NT_PRPSINFO) && len(desc) >= 28:
						pid = int(f.ByteOrder.Uint32(desc[24:])) // pr_pid after state, sname, zomb, nice, flag, uid, gid
					case typ == uint32(elf.NT_PRSTATUS) && sig == 0 && len(desc) >= 14:
						sig = int(f.ByteOrder.Uint16(desc[12:])) // pr_cursig after the siginfo's three ints
					}
					b = b[off+(int(descsz)+3)&^3:]
				}
			}
			if want := filepath.Join(dir, fmt.Sprintf("core.%d", pid)); cores[0] != want || sig != int(syscall.SIGSEGV) {
				t.Errorf("core %s of pid %d, signal %d; want %s, signal %d", cores[0], pid, sig, want, syscall.SIGSEGV)
			}
			if _, err := p.CoreDump(); err != nil {
				t.Errorf("CoreDump: %v", err)
			}
		})
	}
}
