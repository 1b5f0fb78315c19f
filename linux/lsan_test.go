//go:build linux

package linux_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestLeakSanitizer runs testdata/lsan/leak.c built with gcc's
// -fsanitize=address and -fsanitize=leak for both byte orders: at its
// exit LeakSanitizer stops the program's two threads with ptrace from a
// tracer it clones (ptrace.go) and reports the leaked allocation as on
// Linux/POWER, where qemu-user cannot run it (no ptrace, and ASan's
// shadow memory): the leak's size, the function that allocated it and
// the summary, then the sanitizer's exit status (ASan's exitcode 1,
// standalone LSan's 23). It is skipped without the cross compiler or its
// sanitizer libraries.
func TestLeakSanitizer(t *testing.T) {
	emu := buildRunner(t)
	cases := []struct {
		cc, root, sanitize, tool, status string
	}{
		{"powerpc64le-linux-gnu-gcc", "/usr/powerpc64le-linux-gnu", "address", "AddressSanitizer", "exit 1"},
		{"powerpc64le-linux-gnu-gcc", "/usr/powerpc64le-linux-gnu", "leak", "LeakSanitizer", "exit 23"},
		{"powerpc64-linux-gnu-gcc", "/usr/powerpc64-linux-gnu", "address", "AddressSanitizer", "exit 1"},
		{"powerpc64-linux-gnu-gcc", "/usr/powerpc64-linux-gnu", "leak", "LeakSanitizer", "exit 23"},
	}
	for _, c := range cases {
		t.Run(c.cc+"/"+c.sanitize, func(t *testing.T) {
			t.Parallel()
			if _, err := exec.LookPath(c.cc); err != nil {
				t.Skipf("%s not installed (scripts/install-deps.sh installs it)", c.cc)
			}
			prog := filepath.Join(t.TempDir(), "leak")
			if b, err := exec.Command(c.cc, "-fsanitize="+c.sanitize, "-g", "-O1", "-pthread", "-o", prog, "testdata/lsan/leak.c").CombinedOutput(); err != nil {
				t.Skipf("%s -fsanitize=%s cannot build (no sanitizer library?): %v\n%s", c.cc, c.sanitize, err, b)
			}
			if _, err := os.Stat(c.root); err != nil {
				t.Skipf("no sysroot %s: %v", c.root, err)
			}
			got := runCmd(emu, "run", "-L", c.root, prog)
			want := []*regexp.Regexp{
				regexp.MustCompile(`(?m)^==\d+==ERROR: LeakSanitizer: detected memory leaks$`),
				regexp.MustCompile(`(?m)^Direct leak of 37 byte\(s\) in 1 object\(s\) allocated from:\n.*\n +#1 0x[0-9a-f]+ in leak .*testdata/lsan/leak\.c:\d+$`),
				regexp.MustCompile(`(?m)^SUMMARY: ` + c.tool + `: 37 byte\(s\) leaked in 1 allocation\(s\)\.$`),
			}
			for _, re := range want {
				if !re.Match(got.Stderr) {
					t.Errorf("stderr has no match for %s", re)
				}
			}
			if got.Status != c.status {
				t.Errorf("status %s, want %s", got.Status, c.status)
			}
			if t.Failed() {
				t.Logf("stderr:\n%s", got.Stderr)
			}
		})
	}
}
