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
)

// sysroots are the cross toolchains' sysroots, where a dynamically linked
// test program's interpreter and libraries are.
var sysroots = map[string]string{"le": "/usr/powerpc64le-linux-gnu", "be": "/usr/powerpc64-linux-gnu"}

const dynamicScript = `set pagination off
set confirm off
set width 0
set sysroot SYSROOT
file PROG
target remote ADDR
break work
break printf
continue
echo @@work\n
bt
continue
echo @@printf\n
bt 1
echo @@libs\n
info sharedlibrary
echo @@reverse\n
reverse-stepi
info registers pc
echo @@end\n
kill
`

// TestGDBDynamic debugs a dynamically linked program (testdata/prog.c
// built without -static) run with a sysroot: GDB finds the interpreter
// through the auxiliary vector (AT_BASE), the libraries through ld.so's
// link map in memory, relocates the position-independent program, stops
// in the program and in libc, and steps back.
func TestGDBDynamic(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog, root := dynamicProg(t, o.name, o.cc)
			addr := startStubConfig(t, linux.Config{Sysroot: root}, prog)
			out, s := runGDB(t, strings.ReplaceAll(dynamicScript, "SYSROOT", root), prog, addr)
			if !strings.Contains(s["work"], "#0  work (n=") || !strings.Contains(s["work"], " in main (") {
				t.Errorf("did not stop in work called from main:\n%s", out)
			}
			if !strings.Contains(s["printf"], "printf") || !strings.Contains(s["printf"], "libc.so.6") {
				t.Errorf("did not stop in libc's printf:\n%s", out)
			}
			if !strings.Contains(s["libs"], root+"/lib/libc.so.6") {
				t.Errorf("info sharedlibrary has no %s/lib/libc.so.6:\n%s", root, s["libs"])
			}
			// reverse-stepi from the breakpoint at printf goes back to
			// the instruction before it.
			stop := regexp.MustCompile(`#0  0x([0-9a-f]+) in`).FindStringSubmatch(s["printf"])
			back := regexp.MustCompile(`(?m)^pc\s+0x([0-9a-f]+)`).FindStringSubmatch(s["reverse"])
			if stop == nil || back == nil {
				t.Fatalf("no stop or reverse-stepi address:\n%s", out)
			}
			a, _ := strconv.ParseUint(stop[1], 16, 64)
			b, _ := strconv.ParseUint(back[1], 16, 64)
			if b != a-4 {
				t.Errorf("reverse-stepi from %#x went to %#x, want %#x:\n%s", a, b, a-4, s["reverse"])
			}
		})
	}
}

// dynamicProg builds testdata/prog.c dynamically linked with cc, for the
// sysroot of byte order name, or skips the test.
func dynamicProg(t *testing.T, name, cc string) (prog, root string) {
	t.Helper()
	if _, err := exec.LookPath("gdb-multiarch"); err != nil {
		t.Skip("gdb-multiarch not installed (scripts/install-deps.sh installs it)")
	}
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("%s not installed (scripts/install-deps.sh installs it)", cc)
	}
	root = sysroots[name]
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no sysroot %s", root)
	}
	src, err := filepath.Abs("testdata/prog.c")
	if err != nil {
		t.Fatal(err)
	}
	prog = buildOnce(t, "prog-dynamic-"+cc, func(out string) *exec.Cmd {
		return exec.Command(cc, "-g", "-O1", "-o", out, src, "-lpthread")
	})
	return prog, root
}

// targetFilesScript is dynamicScript without "set sysroot" (GDB's
// default, "target:"), showing the mappings and a vDSO symbol at the
// printf breakpoint and the mappings again after the reverse-stepi.
var targetFilesScript = strings.NewReplacer("set sysroot SYSROOT\n", "",
	`echo @@reverse\n`+"\n", `echo @@maps\n`+"\ninfo proc mappings\n"+`echo @@vdso\n`+"\np __kernel_clock_gettime\n"+`echo @@reverse\n`+"\n",
	`echo @@end\n`+"\n", `echo @@pastmaps\n`+"\ninfo proc mappings\n"+`echo @@end\n`+"\n").Replace(dynamicScript)

// TestGDBTargetFiles: GDB with its default sysroot ("target:"; no "set
// sysroot") reads a dynamically linked program's interpreter and libraries
// through the stub's host I/O (vFile), as the program opens them under
// the runner's sysroot, and stops in libc's printf, named; "info proc
// mappings" reads the process's /proc/PID/maps as the runner answers it
// for the guest (the stub tells GDB the pid: multiprocess); and GDB names
// the vDSO's symbols, having found its range in /proc/PID/task/PID/maps;
// in the past the mappings are the recording's.
func TestGDBTargetFiles(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog, root := dynamicProg(t, o.name, o.cc)
			addr := startStubConfig(t, linux.Config{Sysroot: root}, prog)
			out, s := runGDB(t, targetFilesScript, prog, addr)
			if !regexp.MustCompile(`#0  0x[0-9a-f]+ in \S*printf \(\) from target:/lib\S*/libc\.so\.6`).MatchString(s["printf"]) {
				t.Errorf("did not stop in libc's printf read through target:\n%s", out)
			}
			if !regexp.MustCompile(`(?m)^0x[0-9a-f]+ +0x[0-9a-f]+ +Yes.* target:/lib\S*/libc\.so\.6$`).MatchString(s["libs"]) {
				t.Errorf("info sharedlibrary has no target: libc with its symbols read:\n%s", s["libs"])
			}
			for _, re := range []string{`(?m)^process [0-9]+$`, `(?m)^\s+0x7ffffffff000\s+0x800000000000\s+0x1000\s+0x0\s+r-xp\s+\[vdso\]$`,
				`(?m)^\s+0x[0-9a-f]+\s+0x[0-9a-f]+\s+0x[0-9a-f]+\s+0x[0-9a-f]+\s+r-xp\s+` + regexp.QuoteMeta(prog) + `$`} {
				if !regexp.MustCompile(re).MatchString(s["maps"]) {
					t.Errorf("info proc mappings does not match %s:\n%s", re, s["maps"])
				}
			}
			if !regexp.MustCompile(`0x7ffffffff[0-9a-f]{3} <__kernel_clock_gettime>`).MatchString(s["vdso"]) {
				t.Errorf("GDB does not name the vDSO's __kernel_clock_gettime:\n%s", s["vdso"])
			}
			// In the past (after the reverse-stepi) the mappings are the
			// recording's: addresses and permissions, no names.
			if !regexp.MustCompile(`(?m)^\s+0x7ffffffff000\s+0x800000000000\s+0x1000\s+0x0\s+r-xp\s*$`).MatchString(s["pastmaps"]) {
				t.Errorf("info proc mappings in the past has no vDSO line:\n%s", s["pastmaps"])
			}
		})
	}
}
