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
			if _, err := exec.LookPath("gdb-multiarch"); err != nil {
				t.Skip("gdb-multiarch not installed (scripts/install-deps.sh installs it)")
			}
			if _, err := exec.LookPath(o.cc); err != nil {
				t.Skipf("%s not installed (scripts/install-deps.sh installs it)", o.cc)
			}
			root := sysroots[o.name]
			if _, err := os.Stat(root); err != nil {
				t.Skipf("no sysroot %s", root)
			}
			src, err := filepath.Abs("testdata/prog.c")
			if err != nil {
				t.Fatal(err)
			}
			prog := buildOnce(t, "prog-dynamic-"+o.cc, func(out string) *exec.Cmd {
				return exec.Command(o.cc, "-g", "-O1", "-o", out, src, "-lpthread")
			})
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
