//go:build linux

package linux_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestStraceFollowsForks runs the Debian root's strace -f on a shell
// pipeline in the guest: strace follows the shell's two children with
// PTRACE_O_TRACEFORK/TRACECLONE/TRACEEXIT (ptrace.go), so each child's
// attach, its exit_group's "= ?" (the PTRACE_EVENT_EXIT stop) and its
// "+++ exited with 0 +++" are there, as Linux's strace shows them, with
// each child's write of "a\n" and the cat child's execve. Lines of different processes interleave as they
// run, so only each process's own lines are looked for. It is skipped
// without the Debian root or its strace.
func TestStraceFollowsForks(t *testing.T) {
	root := debianRoot(t)
	if _, err := os.Stat(filepath.Join(root, "usr/bin/strace")); err != nil {
		t.Skipf("the Debian root has no strace: %v", err)
	}
	out := runDebian(t, root, "/usr/bin/strace", "-f", "sh", "-c", "echo a | cat; true")
	defer func() {
		if t.Failed() {
			t.Logf("output:\n%s", out)
		}
	}()
	// The followed children, in the order they were attached.
	attached := regexp.MustCompile(`strace: Process (\d+) attached\n`).FindAllStringSubmatch(out, -1)
	if len(attached) != 2 {
		t.Fatalf("%d processes attached, want the shell's 2 children", len(attached))
	}
	for i, c := range attached {
		pid := regexp.QuoteMeta(c[1])
		want := []string{
			`^\[pid +` + pid + `\] write\(1, "a\\n", 2`, // echo's to the pipe, cat's to stdout
			`^\[pid +` + pid + `\] (?:exit_group\(0\)|<\.\.\. exit_group resumed>\)) += \?$`,
			`^\[pid +` + pid + `\] \+\+\+ exited with 0 \+\+\+$`,
		}
		if i == 1 {
			want = append(want, `^\[pid +`+pid+`\] execve\("/usr/bin/cat", \["cat"\], `)
		}
		for _, re := range want {
			if !regexp.MustCompile(`(?m)` + re).MatchString(out) {
				t.Errorf("child %d (pid %s): no line matches %s", i+1, c[1], re)
			}
		}
	}
	// The shell's own end, once its children are gone.
	if re := `(?m)^exit_group\(0\) += \?\n\+\+\+ exited with 0 \+\+\+\n\z`; !regexp.MustCompile(re).MatchString(out) {
		t.Errorf("no match for %s", strconv.Quote(re))
	}
}
