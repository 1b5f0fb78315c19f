//go:build linux

package linux_test

import (
	"bufio"
	"os"
	"runtime"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux"
)

// A guest thread costs the host no more than its own stack and a few KiB:
// the test starts 300 threads with 128 KiB stacks (manythreads.c: glibc's
// minimum on powerpc64), and while they all wait it measures the Go heap
// and goroutine stacks the runner holds beyond what it held before the
// program started: the guest pages the threads touched, their goroutines
// and state. The bound is 96 KiB a thread; a runner that decoded the
// program's code again for every thread took about 300 KiB.
func TestThreadCost(t *testing.T) {
	const n = 300
	prog := crossCompile(t, "manythreads")
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer inR.Close()
	defer inW.Close()
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer outR.Close()
	before := inUse()
	p, err := linux.Start(prog, []string{"manythreads", "300", "wait"}, nil, linux.Config{Stdin: inR, Stdout: outW})
	outW.Close()
	if err != nil {
		t.Fatal(err)
	}
	rd := bufio.NewReader(outR)
	if l, err := rd.ReadString('\n'); err != nil || l != "started\n" {
		t.Fatalf("handshake %q, %v", l, err)
	}
	during := inUse()
	if _, err := inW.Write([]byte{1}); err != nil {
		t.Fatal(err)
	}
	st, err := p.Wait()
	if err != nil || st.Code != 0 {
		t.Fatalf("status %+v, %v", st, err)
	}
	per := (during - before) / n
	t.Logf("%d threads: %d KiB more in use, %d KiB a thread", n, (during-before)>>10, per>>10)
	if per > 96<<10 {
		t.Errorf("a guest thread costs the host %d KiB, want at most 96 KiB", per>>10)
	}
}

// inUse is the Go heap and goroutine stack memory in use after a GC.
func inUse() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapInuse + ms.StackInuse)
}
