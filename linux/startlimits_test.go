//go:build linux

package linux_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// TestStartingLimits starts c-startlimits (each resource limit the
// program starts with) from a shell that lowered its soft RLIMIT_NOFILE,
// under qemu-user and under the runner: the guest must see the shell's
// limits, not the soft RLIMIT_NOFILE the runner's Go runtime raised for
// itself (the runner printed the hard limit less one).
func TestStartingLimits(t *testing.T) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Max < 600 {
		t.Skipf("hard RLIMIT_NOFILE %d (%v): cannot lower the soft one below it", rl.Max, err)
	}
	emu := buildRunner(t)
	for _, bin := range []string{"c-startlimits.le", "c-startlimits.be"} {
		t.Run(bin, func(t *testing.T) {
			prog := filepath.Join(corpusDir, bin)
			if !fileExists(prog) {
				t.Skip("no corpus: run scripts/build-corpus.sh first")
			}
			qemu := qemuFor(bin)
			if _, err := exec.LookPath(qemu); err != nil {
				t.Skipf("%s not installed: no reference", qemu)
			}
			// 512: below any hard limit above 600, and not the hard one
			// less one, which Go's runtime would set.
			sh := func(cmd ...string) result {
				return runCmd("sh", append([]string{"-c", `ulimit -Sn 512 && exec "$@"`, "sh"}, cmd...)...)
			}
			want := sh(qemu, prog)
			got := sh(emu, "run", prog)
			if want.Status != "exit 0" || !bytes.Contains(want.Stdout, []byte("NOFILE 512 ")) {
				t.Fatalf("qemu-user: %s\n%s%s", want.Status, want.Stdout, want.Stderr)
			}
			if got.Status != want.Status || !bytes.Equal(got.Stdout, want.Stdout) {
				t.Errorf("runner: %s\n%s%s\nqemu-user: %s\n%s", got.Status, got.Stdout, got.Stderr, want.Status, want.Stdout)
			}
		})
	}
}

// hostLimits are the test process's resource limits, which the programs
// it starts inherit (part of hostEnv).
func hostLimits() string {
	var b bytes.Buffer
	for res := 0; res < 16; res++ {
		var rl syscall.Rlimit
		if syscall.Getrlimit(res, &rl) == nil {
			fmt.Fprintf(&b, " %d:%d:%d", res, rl.Cur, rl.Max)
		}
	}
	return b.String()
}
