//go:build linux

package linux_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/record"
)

// recording is one recorded run of a corpus program.
type recording struct {
	log            []byte
	stdout, stderr []byte
	status         linux.ExitStatus
	instructions   uint64 // Process.Instructions at the end
}

// recordRun runs bin with args under the runner, recording, with stdout
// and stderr in files.
func recordRun(t *testing.T, bin string, args []string, sysroot string) recording {
	t.Helper()
	dir := t.TempDir()
	out, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	errf, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer errf.Close()
	var log bytes.Buffer
	p, err := linux.Start(bin, append([]string{bin}, args...), []string{"LANG=C"},
		linux.Config{Stdout: out, Stderr: errf, Stdin: nil, Record: &log, Sysroot: sysroot})
	if err != nil {
		t.Fatal(err)
	}
	st, err := p.Wait()
	if err != nil {
		t.Fatalf("recorded run: %v", err)
	}
	so, _ := os.ReadFile(out.Name())
	se, _ := os.ReadFile(errf.Name())
	return recording{log: log.Bytes(), stdout: so, stderr: se, status: st, instructions: p.Instructions()}
}

// TestRecordReplay: a recording of each program replays with the
// recording's output, exit status and instruction count, the registers at
// every system call and each thread's final registers (Replay checks
// those against the log's hashes and fails on a difference), 10 times in
// 10.
func TestRecordReplay(t *testing.T) {
	cases := []struct {
		bin  string
		args []string
	}{
		{"c-threads.le", nil},
		{"c-threads.be", nil},
		{"c-manythreads.le", nil},
		{"c-stdio.le", []string{"one", "two words"}},
		{"go.le-p9", []string{"goroutines"}},
		{"go.be-p8", []string{"goroutines"}},
	}
	for _, c := range cases {
		t.Run(c.bin, func(t *testing.T) {
			bin := filepath.Join(corpusDir, c.bin)
			if !fileExists(bin) {
				t.Skipf("%s not built (scripts/build-corpus.sh)", bin)
			}
			rec := recordRun(t, bin, c.args, "")
			t.Logf("log %d bytes, %d instructions, stdout %d bytes", len(rec.log), rec.instructions, len(rec.stdout))
			for i := range 10 {
				var so, se bytes.Buffer
				res, err := record.Replay(bytes.NewReader(rec.log), record.Options{Stdout: &so, Stderr: &se})
				if err != nil {
					t.Fatalf("replay %d: %v", i, err)
				}
				if !bytes.Equal(so.Bytes(), rec.stdout) || !bytes.Equal(se.Bytes(), rec.stderr) {
					t.Fatalf("replay %d: stdout %q stderr %q, recorded %q %q", i, so.Bytes(), se.Bytes(), rec.stdout, rec.stderr)
				}
				if res.Code != rec.status.Code || res.Signal != rec.status.Signal {
					t.Fatalf("replay %d: exit %d signal %d, recorded %+v", i, res.Code, res.Signal, rec.status)
				}
				if res.Instructions != rec.instructions {
					t.Fatalf("replay %d: %d instructions, the recorded run %d", i, res.Instructions, rec.instructions)
				}
				if res.Syscalls == 0 {
					t.Fatalf("replay %d: no system call checked", i)
				}
			}
		})
	}
}

// TestRecordReplayCorpus: every program of the corpus, recorded once and
// replayed once, gives the recorded output, status and instruction count.
func TestRecordReplayCorpus(t *testing.T) {
	for _, c := range corpusCases(t) {
		t.Run(c.name, func(t *testing.T) {
			rec := recordRun(t, c.bin, c.args, c.sysroot)
			var so, se bytes.Buffer
			res, err := record.Replay(bytes.NewReader(rec.log), record.Options{Stdout: &so, Stderr: &se})
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if !bytes.Equal(so.Bytes(), rec.stdout) || !bytes.Equal(se.Bytes(), rec.stderr) {
				t.Fatalf("replay: stdout %q stderr %q, recorded %q %q", so.Bytes(), se.Bytes(), rec.stdout, rec.stderr)
			}
			if res.Code != rec.status.Code || res.Signal != rec.status.Signal || res.Instructions != rec.instructions {
				t.Fatalf("replay: exit %d signal %d, %d instructions; recorded %+v, %d", res.Code, res.Signal, res.Instructions, rec.status, rec.instructions)
			}
		})
	}
}

// schedule is the thread schedule of a log: the switches (tid, relative
// to the first thread's), the instruction counts of the runs and the
// system call numbers, in order.
func schedule(t *testing.T, log []byte) []int64 {
	t.Helper()
	rd, err := record.NewReader(bytes.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	var s []int64
	first := int64(-1)
	for {
		r, err := rd.Next()
		if err == io.EOF {
			return s
		}
		if err != nil {
			t.Fatal(err)
		}
		switch r.Kind {
		case record.KindSwitch:
			if first < 0 {
				first = int64(r.TID)
			}
			s = append(s, -1-(int64(r.TID)-first)) // switches negative, runs positive
		case record.KindRun:
			s = append(s, int64(r.N))
		case record.KindSyscall:
			s = append(s, 1000000+int64(r.N)) // the system calls' places too
		}
	}
}

// TestRecordSchedule: recording makes the thread schedule of programs
// whose threads wait only for each other (mutexes, condition variables,
// barriers, joins: futexes) a function of their instructions: two
// recordings switch threads at the same instruction counts, in the same
// order.
func TestRecordSchedule(t *testing.T) {
	for _, name := range []string{"c-threads.le", "c-threads.be", "c-manythreads.le", "c-robust.le"} {
		t.Run(name, func(t *testing.T) {
			bin := filepath.Join(corpusDir, name)
			if !fileExists(bin) {
				t.Skipf("%s not built (scripts/build-corpus.sh)", bin)
			}
			a := schedule(t, recordRun(t, bin, nil, "").log)
			switches := 0
			for _, v := range a {
				if v < 0 {
					switches++
				}
			}
			if switches < 3 {
				t.Fatalf("%d switches: not a multi-threaded schedule", switches)
			}
			for i := range 3 {
				b := schedule(t, recordRun(t, bin, nil, "").log)
				if d := cmp.Diff(a, b); d != "" {
					t.Fatalf("recording %d's schedule differs from the first's (-first +this; -1-k: a switch to thread k, n: n instructions):\n%s", i+2, d)
				}
			}
			t.Logf("%d switches, identical in 4 recordings", switches)
		})
	}
}
