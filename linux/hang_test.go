//go:build linux

package linux_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/linux"
)

// hangLimit bounds a guest run in waitGuarded: far beyond any corpus
// program's time on a loaded machine (the longest take seconds), it is a
// guard against a run that never ends, not a measure of speed.
const hangLimit = 8 * time.Minute

// waitGuarded is p.Wait, except that a run still going after hangLimit
// fails the test with what it was doing — every goroutine's stack and
// every guest thread's registers (linux.ThreadDump) — and is sent SIGKILL,
// so that one hung run reports itself instead of stopping the whole test
// binary until go test's own timeout.
func waitGuarded(t *testing.T, p *linux.Process) (linux.ExitStatus, error) {
	t.Helper()
	type result struct {
		st  linux.ExitStatus
		err error
	}
	done := make(chan result, 1)
	go func() {
		st, err := p.Wait()
		done <- result{st, err}
	}()
	select {
	case r := <-done:
		return r.st, r.err
	case <-time.After(hangLimit):
	}
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	t.Logf("goroutines:\n%s", buf)
	t.Logf("guest threads:\n%s", linux.ThreadDump(p, 10*time.Second))
	p.Signal(9)
	t.Fatalf("the run did not end within %v", hangLimit)
	return linux.ExitStatus{}, nil
}
