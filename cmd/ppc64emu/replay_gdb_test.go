//go:build linux

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// replayGDBScript runs on a recording of c-threads (a main thread and 4
// workers): forwards to each worker's breakpoint and to the end of the
// recording, then backwards: reverse-continue from the end to the last
// breakpoint hit, reverse-continue to the one before, reverse-stepi of
// that thread, stepi, and reverse-continue to the start.
const replayGDBScript = `set pagination off
set confirm off
target remote %s
break worker
continue
continue
continue
continue
continue
reverse-continue
print/x $pc
reverse-continue
print/x $pc
reverse-stepi
print/x $pc
stepi
print/x $pc
delete
reverse-continue
print/x $pc
kill
`

// TestReplayGDB: GDB (gdb-multiarch) against ppc64emu replay -gdb, both
// byte orders: the four workers hit the breakpoint going forwards, the end
// of the recording is the end of the history, reverse-continue stops at
// the last two hits again (threads 5 and 4), reverse-stepi steps thread 4
// back one instruction (4 bytes, worker's straight-line prologue) and
// stepi forwards again, and reverse-continue without breakpoints reaches
// the start of the recording.
func TestReplayGDB(t *testing.T) {
	for _, order := range []string{"le", "be"} {
		t.Run(order, func(t *testing.T) {
			prog := gdbCorpusProgram(t, "c-threads."+order)
			got := replayUnderGDB(t, prog, replayGDBScript)
			hits := regexp.MustCompile(`Thread (\d+) hit Breakpoint 1`).FindAllStringSubmatch(got, -1)
			var threads []string
			for _, h := range hits {
				threads = append(threads, h[1])
			}
			// Forwards 2, 3, 4, 5; backwards 5, 4; stepi onto the breakpoint: 4.
			if strings.Join(threads, " ") != "2 3 4 5 5 4 4" {
				t.Errorf("breakpoint hits by thread %v, want 2 3 4 5 5 4 4\n%s", threads, got)
			}
			if n := strings.Count(got, "No more reverse-execution history."); n != 2 {
				t.Errorf("%d ends of history, want 2 (the recording's end, its start)\n%s", n, got)
			}
			var pcs []uint64
			for _, m := range regexp.MustCompile(`\$\d+ = (0x[0-9a-f]+)`).FindAllStringSubmatch(got, -1) {
				v, _ := strconv.ParseUint(m[1], 0, 64)
				pcs = append(pcs, v)
			}
			if len(pcs) != 5 || pcs[0] != pcs[1] || pcs[2] != pcs[1]-4 || pcs[3] != pcs[1] || !strings.Contains(got, "_start") {
				t.Errorf("pcs %#x: want the breakpoint twice, 4 bytes before it, the breakpoint, then _start's\n%s", pcs, got)
			}
		})
	}
}

// TestReplayGDBWatch: from the end of a recording of c-threads (its
// workers increment counter 80,000 times under a mutex), reverse-continue
// with a write watchpoint on counter stops before the last increment
// (counter 79,999; GDB reports the value going back from 80,000) and then
// before the one before (79,998).
func TestReplayGDBWatch(t *testing.T) {
	prog := gdbCorpusProgram(t, "c-threads.le")
	const body = `set pagination off
set confirm off
target remote %s
continue
watch *(long *)&counter
reverse-continue
print *(long *)&counter
reverse-continue
print *(long *)&counter
kill
`
	got := replayUnderGDB(t, prog, body)
	for _, want := range []string{"hit Hardware watchpoint 1", "Old value = 80000\nNew value = 79999", "$1 = 79999", "Old value = 79999\nNew value = 79998", "$2 = 79998"} {
		if !strings.Contains(got, want) {
			t.Errorf("GDB's output lacks %q:\n%s", want, got)
		}
	}
}

// gdbCorpusProgram returns the path of the corpus program name (built by
// scripts/build-corpus.sh), or skips without it or gdb-multiarch.
func gdbCorpusProgram(t *testing.T, name string) string {
	t.Helper()
	if _, err := exec.LookPath("gdb-multiarch"); err != nil {
		t.Skip("gdb-multiarch not installed")
	}
	prog := "../../build/corpus/" + name
	if _, err := os.Stat(prog); err != nil {
		t.Skip("no corpus: run scripts/build-corpus.sh first")
	}
	return prog
}

// replayUnderGDB records prog, serves the recording with replay -gdb
// (underGDB) and returns what gdb-multiarch prints running script on prog.
func replayUnderGDB(t *testing.T, prog, script string) string {
	t.Helper()
	rec := filepath.Join(t.TempDir(), "rec")
	if code, _, stderr := runArgs("record", "-o", rec, prog); code != 0 {
		t.Fatalf("record: %d %s", code, stderr)
	}
	return underGDB(t, prog, script, "replay", rec)
}

// underGDB serves with a freshly built "ppc64emu CMD -gdb unix:SOCKET
// ARGS..." and returns what gdb-multiarch prints running script (its "%s"
// replaced by the socket's path) on prog.
func underGDB(t *testing.T, prog, script, cmd string, args ...string) string {
	t.Helper()
	dir := t.TempDir()
	sock := filepath.Join(dir, "gdb.sock")
	path := filepath.Join(dir, "script.gdb")
	if err := os.WriteFile(path, []byte(strings.Replace(script, "%s", sock, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	emu := filepath.Join(dir, "ppc64emu")
	if out, err := exec.Command("go", "build", "-o", emu, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	srv := exec.Command(emu, append([]string{cmd, "-gdb", "unix:" + sock}, args...)...)
	errp, _ := srv.StderrPipe()
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = srv.Process.Kill(); _ = srv.Wait() }()
	if line, err := bufio.NewReader(errp).ReadString('\n'); err != nil || !strings.Contains(line, "waiting for gdb") {
		t.Fatalf("%s -gdb: %q %v", cmd, line, err)
	}
	out, err := exec.Command("gdb-multiarch", "-batch", "-x", path, prog).CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	return string(out)
}
