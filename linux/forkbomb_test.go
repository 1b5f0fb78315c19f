//go:build linux

package linux_test

import (
	"io"
	"os"
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
		outR, outW, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		p, err := linux.Start(prog, []string{"forkbomb", "bomb"}, nil, linux.Config{Stdout: outW, MaxTasks: max})
		outW.Close()
		if err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(outR)
		outR.Close()
		st, err := p.Wait()
		if err != nil || st != (linux.ExitStatus{}) {
			t.Errorf("MaxTasks %d: status %+v, %v", max, st, err)
		}
		want := "fork: Resource temporarily unavailable after " + strconv.Itoa(max-1) + " children\nreaped " + strconv.Itoa(max-1) + "\n"
		if string(out) != want {
			t.Errorf("MaxTasks %d: output\n%s--- want\n%s", max, out, want)
		}
	}
}
