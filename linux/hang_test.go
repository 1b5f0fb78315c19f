//go:build linux

package linux_test

import (
	"bytes"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/ppc64emu/ppc64emu/linux"
)

// hangLimit bounds a guest run in waitGuarded: far beyond any corpus
// program's time on a loaded machine (the longest take seconds), it is a
// guard against a run that never ends, not a measure of speed.
const hangLimit = 8 * time.Minute

// maxRecording bounds a recorded corpus run's log (cappedLog): the
// largest corpus recordings take a few megabytes, so one past this is a
// run gone astray (a guest spinning through system calls or thread
// switches, each a record), which would otherwise grow the test binary
// until the host's memory ran out and the kernel killed it, reporting
// nothing.
const maxRecording = 1 << 30

// errRecordingCap is what a cappedLog answers once full.
var errRecordingCap = errors.New("recording passed its cap")

// cappedLog is a recording's log in memory, which takes at most max
// bytes: a write beyond fails and closes full.
type cappedLog struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	max  int
	full chan struct{}
	once sync.Once
}

func newCappedLog(max int) *cappedLog {
	return &cappedLog{max: max, full: make(chan struct{})}
}

func (c *cappedLog) Write(b []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.buf.Len()+len(b) > c.max {
		c.once.Do(func() { close(c.full) })
		return 0, errRecordingCap
	}
	return c.buf.Write(b)
}

// Bytes is the log written so far.
func (c *cappedLog) Bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.Bytes()
}

// waitGuarded is p.Wait, except that a run still going after hangLimit,
// or one whose recording filled its cap (full closed; nil: no cap),
// fails the test with what it was doing — every goroutine's stack and
// every guest thread's registers (linux.ThreadDump) — and is sent
// SIGKILL, so that one hung run reports itself instead of stopping the
// whole test binary until go test's own timeout, or the host's memory.
func waitGuarded(t *testing.T, p *linux.Process, full <-chan struct{}) (linux.ExitStatus, error) {
	t.Helper()
	why := "the run did not end within " + hangLimit.String()
	select {
	case <-p.Done():
		return p.Wait()
	case <-time.After(hangLimit):
	case <-full:
		why = "the run's recording passed its cap"
	}
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	t.Logf("goroutines:\n%s", buf)
	t.Logf("guest threads:\n%s", linux.ThreadDump(p, 10*time.Second))
	p.Signal(9)
	t.Fatal(why)
	return linux.ExitStatus{}, nil
}
