//go:build unix

package trace

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The tests of robust_test.go that need a FIFO (unix.Mkfifo: unix hosts).

// TestFIFOInDirectory (item 4): a FIFO named like a trace file in a checked
// directory is skipped; it used to block the check forever.
func TestFIFOInDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := unix.Mkfifo(filepath.Join(dir, "x.le.txt"), 0o666); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "y.le.txt"), []byte("a insn=7c642a14 r4=5 r5=7 => st=ok nip=40080004 r3=c\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	c := NewChecker()
	go func() { done <- c.CheckPath(dir) }()
	select {
	case err := <-done:
		if err != nil || c.Files != 1 {
			t.Errorf("CheckPath: %v, %d files", err, c.Files)
		}
	case <-time.After(20 * time.Second):
		// Unblock the reader so the test binary can end.
		if w, err := os.OpenFile(filepath.Join(dir, "x.le.txt"), os.O_WRONLY, 0); err == nil {
			w.Close()
		}
		t.Fatal("CheckPath blocked on a FIFO")
	}
}

// TestStreamingMemory (item 4): checking a file does not hold it. 28 MB of
// trace lines go through a FIFO named on the command line (so nothing is
// written to disk); the live heap stays far below the file's size. (When
// CheckPath read the whole file first, the same 12,000 lines left 62 MB
// of heap in use; streamed, the peak is about 5 MB.)
func TestStreamingMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("25 MB through the checker")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "big.le.txt")
	if err := unix.Mkfifo(fifo, 0o666); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	// One line of about 2 KB: add with every VSR set (as -full traces are).
	var b strings.Builder
	b.WriteString(" insn=7c642a14 r4=5 r5=7")
	for i := 0; i < 64; i++ {
		fmt.Fprintf(&b, " vs%d=%032x", i, i)
	}
	b.WriteString(" => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 r3=000000000000000c\n")
	body := b.String()
	const n = 12000
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer w.Close()
		bw := bytes.NewBuffer(nil)
		for i := 0; i < n; i++ {
			fmt.Fprintf(bw, "v%d%s", i, body)
			if bw.Len() > 1<<20 {
				if _, err := w.Write(bw.Bytes()); err != nil {
					return
				}
				bw.Reset()
			}
		}
		w.Write(bw.Bytes())
	}()
	runtime.GC() // the metric is the live heap of the last GC: not an earlier test's
	stop := make(chan struct{})
	peak := make(chan uint64)
	go func() {
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var max uint64
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				peak <- max
				return
			case <-tick.C:
				metrics.Read(s)
				if v := s[0].Value.Uint64(); v > max {
					max = v
				}
			}
		}
	}()
	c := NewChecker()
	err := c.CheckPath(fifo)
	close(stop)
	max := <-peak
	if err != nil {
		t.Fatal(err)
	}
	var vectors, agree int
	for _, s := range c.Stats() {
		vectors += s.Vectors
		agree += s.Agree
	}
	if vectors != n || agree != n || c.ParseErrCount != 0 {
		t.Fatalf("%d vectors, %d agree, parse errors %v", vectors, agree, c.ParseErrs)
	}
	t.Logf("%d MB streamed, peak live heap %.1f MB", n*len(body)>>20, float64(max)/(1<<20))
	if max > 16<<20 {
		t.Errorf("peak live heap %d MB for %d MB of input: the file is being held", max>>20, n*len(body)>>20)
	}
}
