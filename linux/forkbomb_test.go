//go:build linux

package linux_test

import (
	"fmt"
	"os/exec"
	"strconv"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux"
)

// TestForkBomb runs forkbomb.c, which forks children that wait until fork
// fails, under Config.MaxTasks: fork must fail with EAGAIN once the guest
// has MaxTasks tasks (the parent and MaxTasks-1 children), as Linux's fork
// fails at RLIMIT_NPROC, and the program must then kill and reap them all.
func TestForkBomb(t *testing.T) {
	prog := crossCompile(t, "forkbomb")
	for _, max := range []int{2, 25} {
		out, st, err := runOut(t, prog, []string{"forkbomb", "bomb"}, linux.Config{MaxTasks: max})
		if err != nil || st != (linux.ExitStatus{}) {
			t.Errorf("MaxTasks %d: status %+v, %v", max, st, err)
		}
		want := "fork: Resource temporarily unavailable after " + strconv.Itoa(max-1) + " children\nreaped " + strconv.Itoa(max-1) + "\n"
		if out != want {
			t.Errorf("MaxTasks %d: output\n%s--- want\n%s", max, out, want)
		}
	}
}

// TestRunMemoryBound runs runbounds.c's "mem" mode under Config.MaxMemory:
// a process maps and touches MIB MiB, then forks children that write
// their copies; fork must fail with ENOMEM once the copies would take the
// mapped memory of all the run's processes beyond MaxMemory (a total for
// the run, not for each process: each child alone is within it), with
// fewer children than MaxMemory / MIB.
func TestRunMemoryBound(t *testing.T) {
	prog := crossCompile(t, "runbounds")
	for _, tc := range []struct{ max, mib, most int }{
		{64, 16, 3},
		{256, 100, 1},
	} {
		out, st, err := runOut(t, prog, []string{"runbounds", "mem", strconv.Itoa(tc.mib)},
			linux.Config{MaxMemory: uint64(tc.max) << 20, MaxTasks: 100})
		if err != nil || st != (linux.ExitStatus{}) {
			t.Errorf("%d MiB of %d: status %+v, %v", tc.mib, tc.max, st, err)
		}
		var n, reaped int
		if _, err := fmt.Sscanf(out, "fork: Cannot allocate memory after %d children\nreaped %d\n", &n, &reaped); err != nil ||
			n < 1 || n > tc.most || reaped != n {
			t.Errorf("%d MiB of %d: output\n%s--- want ENOMEM after 1 to %d children, all reaped", tc.mib, tc.max, out, tc.most)
		}
	}
}

// TestRunDescriptorBound runs runbounds.c's "fds" mode under ppc64emu run
// with the runner's RLIMIT_NOFILE at 256 (a shell's ulimit -n): the first
// child opens until the runner's table is full but for the numbers the
// runner keeps for itself (ENFILE, not EMFILE at the guest's own limit of
// 256, since the runner's descriptors count), the second's fork then fails
// with ENOMEM (its copy of the parent's descriptors has no room), and once
// the children are reaped the parent opens again; the run ends cleanly.
func TestRunDescriptorBound(t *testing.T) {
	prog := crossCompile(t, "runbounds")
	cmd := exec.Command("sh", "-c", `ulimit -n 256 && exec "$0" run "$1" fds 3`, buildRunner(t), prog)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := "process 0: Too many open files in system after some opens\nfork 1: Cannot allocate memory\nreaped 1\nparent, after: opened\n"
	if string(out) != want {
		t.Errorf("output\n%s--- want\n%s", out, want)
	}
}
