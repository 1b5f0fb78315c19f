//go:build linux

package linux

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestPerfMapGuestNames: names the guest controls cannot add lines to the
// perf map, and a mapped file's path that has become a FIFO is not read
// (an open that waited for a writer would stop the run).
func TestPerfMapGuestNames(t *testing.T) {
	for in, want := range map[string]string{
		"memcpy":              "memcpy",
		"f\n7f00 10 evil":     "f?7f00 10 evil",
		"a\rb\x00c\x7fd\te":   "a?b?c?d?e",
		"zß_ünicode+0x10 (x)": "zß_ünicode+0x10 (x)",
	} {
		if got := perfMapText(in); got != want {
			t.Errorf("perfMapText(%q) = %q, want %q", in, got, want)
		}
	}
	fifo := filepath.Join(t.TempDir(), "lib.so")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if f := readPerfMapFile(fifo); f != nil {
		t.Errorf("readPerfMapFile of a FIFO = %+v, want nil", f)
	}
	prog := filepath.Join("..", "build", "corpus", "c-fploop.le")
	if _, err := os.Stat(prog); err != nil {
		t.Skip("no corpus: run scripts/build-corpus.sh first")
	}
	if f := readPerfMapFile(prog); f == nil || len(f.loads) == 0 {
		t.Errorf("readPerfMapFile(%s) = %+v, want its symbols and segments", prog, f)
	}
}
