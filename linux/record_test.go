//go:build linux

package linux_test

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/binary"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/mem"
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
	log := newCappedLog(maxRecording)
	p, err := linux.Start(bin, append([]string{bin}, args...), []string{"LANG=C"},
		linux.Config{Stdout: out, Stderr: errf, Stdin: nil, Record: log, Sysroot: sysroot})
	if err != nil {
		t.Fatal(err)
	}
	st, err := waitGuarded(t, p, log.full)
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
			if strings.HasPrefix(c.name, "c-shmfile") || strings.HasPrefix(c.name, "c-privshared") {
				// A log carries a shared file's contents when it is
				// mapped and what the program's own fallocate, write
				// and pwrite change in it (record.go fileChanged), not
				// what another process's mapping of the file changes
				// (privshared.c: through a private mapping's page not
				// written).
				t.Skip("a recording does not carry another process's changes of a file mapped shared")
			}
			rec := recordRun(t, c.bin, c.args, c.sysroot)
			var so, se bytes.Buffer
			res, err := record.Replay(bytes.NewReader(rec.log), record.Options{Stdout: &so, Stderr: &se})
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			want := rec.stdout
			if strings.HasPrefix(c.name, "c-hostexec") {
				// The host programs the guest execs are not recorded
				// (hostexec.go): what /bin/sh writes itself to the
				// runner's stdout (hostexec.c's "echo fd8-closed" and
				// "umask") is not in the replay.
				want = bytes.Replace(want, []byte("fd8-closed\n0077\n"), nil, 1)
			}
			if strings.HasPrefix(c.name, "c-nnpexec") {
				// The ids the host's id program prints itself.
				want = hostIDLines.ReplaceAll(want, nil)
			}
			if !bytes.Equal(so.Bytes(), want) || !bytes.Equal(se.Bytes(), rec.stderr) {
				t.Fatalf("replay: stdout %q stderr %q, recorded %q %q", so.Bytes(), se.Bytes(), rec.stdout, rec.stderr)
			}
			if res.Code != rec.status.Code || res.Signal != rec.status.Signal || res.Instructions != rec.instructions {
				t.Fatalf("replay: exit %d signal %d, %d instructions; recorded %+v, %d", res.Code, res.Signal, res.Instructions, rec.status, rec.instructions)
			}
		})
	}
}

// hostIDLines are the lines c-nnpexec's host program (id -u) writes.
var hostIDLines = regexp.MustCompile(`(?m)^[0-9]+\n`)

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

// symbol returns the address of function name in the ELF file bin.
func symbol(t *testing.T, bin, name string) uint64 {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		if s.Name == name {
			return s.Value
		}
	}
	t.Fatalf("%s: no symbol %s", bin, name)
	return 0
}

// TestSessionBack: on a recording of c-threads (5 threads), a Session with
// a checkpoint every 2^16 instructions, run forwards, stops at the entry
// of worker (a breakpoint; ELFv2's local entry is 8 bytes in) at some
// instruction counts; moving back from the end with Back stops at the
// same counts in reverse order, with the same thread running and the same
// registers; Seek backwards to any count gives the registers and memory
// a forward Seek gave.
func TestSessionBack(t *testing.T) {
	bin := filepath.Join(corpusDir, "c-threads.le")
	if !fileExists(bin) {
		t.Skipf("%s not built (scripts/build-corpus.sh)", bin)
	}
	rec := recordRun(t, bin, nil, "")
	s, err := record.NewSession(rec.log, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Interval = 1 << 16
	bp := []uint64{symbol(t, bin, "worker") + 8}
	type stop struct {
		At, TID, Hash uint64
	}
	var fwd []stop
	for {
		hit, err := s.Run(math.MaxUint64, bp)
		if err != nil {
			t.Fatal(err)
		}
		if !hit {
			break
		}
		fwd = append(fwd, stop{s.Now(), s.Current(), record.Hash(s.Context(s.Current()))})
	}
	if done, code, _ := s.Exited(); !done || code != 0 || len(fwd) != 4 {
		t.Fatalf("forwards: exited %v code %d, %d stops at worker, want 4 (one per thread)", done, code, len(fwd))
	}
	for i := len(fwd) - 1; i >= 0; i-- {
		ok, err := s.Back(bp)
		if err != nil || !ok {
			t.Fatalf("Back %d: %v %v", i, ok, err)
		}
		got := stop{s.Now(), s.Current(), record.Hash(s.Context(s.Current()))}
		if got != fwd[i] {
			t.Fatalf("Back to %+v, want %+v", got, fwd[i])
		}
	}
	if ok, err := s.Back(bp); ok || err != nil || s.Now() != 0 {
		t.Fatalf("Back past the first stop: %v %v at %d, want the start", ok, err, s.Now())
	}
	// Forwards to three points, then back to each from the end.
	points := []uint64{rec.instructions / 3, rec.instructions / 2, rec.instructions - 10}
	type state struct {
		Hash uint64
		Mem  [32]byte
	}
	look := func() state {
		st := state{Hash: record.Hash(s.Context(s.Current()))}
		h := sha256.New()
		s.Memory(0).Stored(func(addr uint64, p *[mem.PageSize]byte) bool {
			_ = binary.Write(h, binary.LittleEndian, addr)
			h.Write(p[:])
			return true
		})
		copy(st.Mem[:], h.Sum(nil))
		return st
	}
	var want []state
	for _, at := range points {
		if err := s.Seek(at); err != nil || s.Now() != at {
			t.Fatalf("Seek(%d): %v at %d", at, err, s.Now())
		}
		want = append(want, look())
	}
	if err := s.Seek(rec.instructions); err != nil {
		t.Fatal(err)
	}
	for i := len(points) - 1; i >= 0; i-- {
		if err := s.Seek(points[i]); err != nil {
			t.Fatal(err)
		}
		if got := look(); got != want[i] {
			t.Errorf("Seek back to %d: state %x, forwards %x", points[i], got, want[i])
		}
	}
}
