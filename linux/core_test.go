//go:build linux

package linux

import (
	"bufio"
	"bytes"
	"testing"
	"time"
)

// TestCorePath: the core_pattern specifiers of core(5) the runner
// expands, and the ones it leaves.
func TestCorePath(t *testing.T) {
	now := time.Unix(1700000000, 0)
	for _, tt := range []struct{ pattern, want string }{
		{"core", "core"},
		{"core.%p", "core.4321"},
		{"/tmp/%e-%p-%i-%s-%t.core", "/tmp/prog-4321-4322-11-1700000000.core"},
		{"100%%", "100%"},
		{"%h%c%", "%h%c%"},
	} {
		if got := corePath(tt.pattern, 4321, 4322, 11, "prog", now); got != tt.want {
			t.Errorf("corePath(%q) = %q, want %q", tt.pattern, got, tt.want)
		}
	}
}

// TestDumpWriterLimit: a core dump is written piece by piece, each whole
// or not at all, up to RLIMIT_CORE (Linux's dump_emit), padding skipped
// and not counted; the first piece beyond the limit ends it.
func TestDumpWriterLimit(t *testing.T) {
	for _, tt := range []struct {
		name   string
		limit  uint64
		file   string // what the file holds
		cut    bool
		counts uint64 // the bytes counted
	}{
		{"unlimited", ^uint64(0), "aa\x00\x00bbbcccc", false, 9},
		{"exact", 9, "aa\x00\x00bbbcccc", false, 9},
		{"last piece cut", 8, "aa\x00\x00bbb", true, 5},
		{"cut after padding", 4, "aa", true, 2},
		{"first piece cut", 1, "", true, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			bw := bufio.NewWriter(&out)
			d := &dumpWriter{w: bw, limit: tt.limit}
			piece := func(s string) { d.emit(func(b []byte) { copy(b, s) }, len(s)) }
			piece("aa")
			d.skip(2)
			piece("bbb")
			piece("cccc")
			if err := bw.Flush(); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.file || (d.err == errCoreLimit) != tt.cut || d.written != tt.counts {
				t.Errorf("file %q, err %v, counted %d; want %q, cut %v, %d", out.String(), d.err, d.written, tt.file, tt.cut, tt.counts)
			}
			count := &dumpWriter{limit: tt.limit} // counting only: the same outcome, no file
			for _, n := range []int{2, 3, 4} {
				count.emit(func([]byte) { t.Error("a counting dump fills no piece") }, n)
			}
			if (count.err == errCoreLimit) != tt.cut || count.written != tt.counts {
				t.Errorf("counting: err %v, counted %d; want cut %v, %d", count.err, count.written, tt.cut, tt.counts)
			}
		})
	}
}
