//go:build linux

package gdbstub_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// coreScript loads the core file (ADDR) with the program and prints what
// a user looks at after a crash.
const coreScript = `set pagination off
set confirm off
set width 0
file PROG
core-file ADDR
echo @@bt\n
bt
echo @@regs\n
info registers pc r1
echo @@counter\n
print counter
echo @@local\n
frame 1
print local
`

// TestCoreGDB runs testdata/crash.c (a store to address 8 in crash_here,
// called by main) with Config.Core, then loads the core file in
// gdb-multiarch with the program: the backtrace names crash_here then
// main, pc is inside crash_here (its ELF symbol), r1 is the value the
// program printed just before the store, and the global and the caller's
// local have the values the source gives them.
func TestCoreGDB(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog, core := crashCore(t, o.cc, "crash")
			printed, _ := os.ReadFile(filepath.Join(filepath.Dir(core), "stdout"))
			wantR1, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(string(printed), "r1=")), 0, 64)
			if err != nil {
				t.Fatalf("the program printed %q", printed)
			}
			lo, hi := symbolRange(t, prog, "crash_here")

			out, sec := runGDB(t, coreScript, prog, core)
			frames := regexp.MustCompile(`(?m)^#(\d+) .*?\b(\w+) \(`).FindAllStringSubmatch(sec["bt"], -1)
			if len(frames) < 2 || frames[0][2] != "crash_here" || frames[1][2] != "main" {
				t.Errorf("bt: want crash_here then main:\n%s", out)
			}
			regs := map[string]uint64{}
			for _, m := range regexp.MustCompile(`(?m)^(pc|r1)\s+(0x[0-9a-f]+)`).FindAllStringSubmatch(sec["regs"], -1) {
				regs[m[1]], _ = strconv.ParseUint(m[2], 0, 64)
			}
			if pc := regs["pc"]; pc < lo || pc >= hi {
				t.Errorf("pc %#x outside crash_here [%#x, %#x):\n%s", pc, lo, hi, out)
			}
			if regs["r1"] != wantR1 {
				t.Errorf("r1 %#x, the program printed %#x:\n%s", regs["r1"], wantR1, out)
			}
			if !strings.Contains(sec["counter"], "= 42") {
				t.Errorf("print counter: want 42:\n%s", out)
			}
			if !strings.Contains(sec["local"], "= 1234") {
				t.Errorf("print local in main: want 1234:\n%s", out)
			}
		})
	}
}

// TestCoreGDBThreads: a core of a two-thread program (testdata/crashmt.c:
// the worker blocked in pause, the main thread dies in crash_here) has a
// thread per guest thread: gdb lists two, the crashing one current, and
// the worker's backtrace reaches worker.
func TestCoreGDBThreads(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog, core := crashCore(t, o.cc, "crashmt", "-pthread")
			out, _ := runGDB(t, "set pagination off\nfile PROG\ncore-file ADDR\ninfo threads\nthread apply all bt\n", prog, core)
			threads := regexp.MustCompile(`(?m)^[* ] +\d+ +Thread `).FindAllString(out, -1)
			if len(threads) != 2 || !strings.HasPrefix(threads[0], "*") {
				t.Errorf("info threads: want 2, the first current:\n%s", out)
			}
			if !regexp.MustCompile(`(?s)Thread 2 .*\bin worker \(`).MatchString(out) {
				t.Errorf("thread 2's backtrace does not reach worker:\n%s", out)
			}
			if !regexp.MustCompile(`(?s)Thread 1 .*\bin crash_here \(`).MatchString(out) {
				t.Errorf("thread 1's backtrace does not start in crash_here:\n%s", out)
			}
		})
	}
}

// crashCore builds testdata/NAME.c statically with cc and extra flags,
// runs it under the runner with Config.Core until SIGSEGV kills it, and
// returns the program and the core file.
func crashCore(t *testing.T, cc, name string, flags ...string) (prog, core string) {
	t.Helper()
	if _, err := exec.LookPath("gdb-multiarch"); err != nil {
		t.Skip("gdb-multiarch not installed (scripts/install-deps.sh installs it)")
	}
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("%s not installed (scripts/install-deps.sh installs it)", cc)
	}
	src, err := filepath.Abs("testdata/" + name + ".c")
	if err != nil {
		t.Fatal(err)
	}
	prog = buildOnce(t, name+"-"+cc, func(out string) *exec.Cmd {
		return exec.Command(cc, append([]string{"-static", "-g", "-O0", "-o", out, src}, flags...)...)
	})
	dir := t.TempDir()
	core = filepath.Join(dir, "core")
	p, err := linux.Start(prog, []string{prog}, nil, linux.Config{Core: core, Stdout: crashStdout(t, dir)})
	if err != nil {
		t.Fatal(err)
	}
	st, err := p.Wait()
	if err != nil || st.Signal != abi.SIGSEGV {
		t.Fatalf("Wait = %+v, %v; want SIGSEGV", st, err)
	}
	if path, err := p.CoreDump(); path != core || err != nil {
		t.Fatalf("CoreDump = %q, %v; want %q", path, err, core)
	}
	return prog, core
}

// crashStdout is a file in dir for the program's standard output.
func crashStdout(t *testing.T, dir string) *os.File {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// symbolRange is the code address range of a function of an ELF file:
// for ELFv1 the symbol is its descriptor in .opd, whose first doubleword
// is the code address.
func symbolRange(t *testing.T, path, name string) (lo, hi uint64) {
	t.Helper()
	f, s := elfFunc(t, path, name)
	sec := f.Sections[s.Section]
	if sec.Name != ".opd" {
		return s.Value, s.Value + s.Size
	}
	d, err := sec.Data()
	if err != nil {
		t.Fatal(err)
	}
	entry := f.ByteOrder.Uint64(d[s.Value-sec.Addr:])
	return entry, entry + s.Size
}
