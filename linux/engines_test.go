//go:build linux

package linux_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// engineCountsVary are the C programs of the corpus whose instruction
// count depends on the host's timing (threads, forked processes, timers,
// signals from other threads): TestCorpusEngines compares their output
// and status but not their count.
var engineCountsVary = []string{"badlinux", "badptr", "badptr2", "exec", "fork", "manythreads", "posixtimer",
	"procsig", "robust", "signalfd", "soak", "spin", "threads", "timerfd", "vforkvm", "cpulimit", "rlimits", "wakeop",
	"procself",                       // reads /proc/self files whose contents vary
	"mmapfile",                       // file names with the process ID
	"proclink",                       // /proc/<pid> paths
	"libs",                           // dyn-libs: threads
	"hostexec", "procgroup", "badfs", // forked processes and host processes
}

// TestCorpusEngines runs every program of the corpus (with TestCorpus's
// arguments) under the block engine and under Step (ppc64emu run -engine
// block, -engine step) and requires the same exit status, stdout and
// stderr, and for the single-threaded programs whose work does not
// depend on the clock the same instruction count (-count; when the
// counts differ both engines run again, and a program whose count
// changes from run to run, with the process ID in a path, is reported,
// not failed). Programs whose
// output depends on timing or a terminal (speedSkip) are left out.
func TestCorpusEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("whole-program corpus skipped in -short mode")
	}
	if !fileExists(filepath.Join(corpusDir, "c-crc.le")) {
		t.Skip("no corpus: run scripts/build-corpus.sh first")
	}
	emu := buildRunner(t)
	for _, c := range corpusCases(t) {
		if why := speedSkip(c); why != "" && c.expected == "" {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var root []string
			if c.sysroot != "" {
				root = []string{"-L", c.sysroot}
			}
			run := func(engine string) (result, string) {
				args := append(append(append([]string{"run"}, root...), "-engine", engine, "-cpu", "power10", "-count", c.bin), c.args...)
				got := runCmd(emu, args...)
				m := countRE.FindSubmatch(got.Stderr)
				if m == nil {
					t.Fatalf("-engine %s: no -count report (status %s): %s", engine, got.Status, got.Stderr)
				}
				got.Stderr = countRE.ReplaceAll(got.Stderr, nil)
				return got, string(m[1])
			}
			step, stepN := run("step")
			blk, blkN := run("block")
			if blk.Status != step.Status {
				t.Errorf("status: block %s, step %s", blk.Status, step.Status)
			}
			if !bytes.Equal(blk.Stdout, step.Stdout) {
				t.Errorf("stdout differs\n--- block\n%s\n--- step\n%s", blk.Stdout, step.Stdout)
			}
			if !bytes.Equal(blk.Stderr, step.Stderr) {
				t.Errorf("stderr differs\n--- block\n%s\n--- step\n%s", blk.Stderr, step.Stderr)
			}
			if countsFixed(c) && blkN != stepN {
				// A count that differs between two runs of one engine
				// depends on something else (the process ID, the clock).
				_, blk2 := run("block")
				_, step2 := run("step")
				if blk2 != blkN || step2 != stepN {
					t.Logf("instructions: block %s and %s, step %s and %s: vary from run to run, not compared", blkN, blk2, stepN, step2)
				} else {
					t.Errorf("instructions: block %s, step %s (twice each)", blkN, stepN)
				}
			}
		})
	}
}

// countsFixed reports whether c's instruction count is the same on every
// run: a C program (static or dynamic) that is not in engineCountsVary.
func countsFixed(c corpusCase) bool {
	base, _, _ := strings.Cut(c.name, "/")
	_, src, ok := strings.Cut(base, "-")
	if !ok || !strings.HasPrefix(base, "c-") && !strings.HasPrefix(base, "dyn-") {
		return false // Go programs: the runtime's threads
	}
	src = strings.TrimSuffix(src, filepath.Ext(src))
	for _, v := range engineCountsVary {
		if src == v {
			return false
		}
	}
	return true
}
