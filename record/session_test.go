package record

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/google/go-cmp/cmp"
	"math"
	"slices"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Addresses of loopLog's program and data.
const (
	loopCode  = 0x10000000
	loopStore = 0x20000000 // the stw writes 4 bytes here every iteration
	loopLoad  = 0x20000100 // the lwz reads 4 bytes here every iteration
	loopIters = 1000
)

// loopLog is a log of a program that runs loopIters times
//
//	0  addi r3,r3,1
//	4  stw  r3,0(r4)
//	8  lwz  r6,0(r5)
//	12 bdnz 0
//
// (instruction 4i+1 stores, 4i+2 loads, 4i+3 branches; 4*loopIters in
// all), in byte order bo, written as a runner would: the program is
// executed to find the final registers for the exit record. With
// resetAt, the log has reset records (Writer.Reset) after those
// instruction counts. With
// midWrite the log writes "mid!" at loopStore+PageSize after instruction
// loopIters*2-1, as a system call's result would be.
func loopLog(t *testing.T, bo binary.ByteOrder, midWrite bool, resetAt ...uint64) []byte {
	t.Helper()
	return loopLogTakes(t, bo, midWrite, nil, resetAt...)
}

// A loopTake is a take record of loopLogTakes: thread 1 takes Signal
// after At instructions; with Enter a signal record follows (its handler
// entered).
type loopTake struct {
	At     uint64
	Signal int
	Enter  bool
}

// loopLogTakes is loopLog with take records: those of takes, in order.
func loopLogTakes(t *testing.T, bo binary.ByteOrder, midWrite bool, takes []loopTake, resetAt ...uint64) []byte {
	t.Helper()
	var text []byte
	for _, in := range [][]int64{{int64(ppc64asm.ADDI), 3, 3, 1}, {int64(ppc64asm.STW), 3, 0, 4}, {int64(ppc64asm.LWZ), 6, 0, 5}, {int64(ppc64asm.BC), 16, 0, -12}} {
		w, _, err := decode.Encode(decode.Op(in[0]), in[1:]...)
		if err != nil {
			t.Fatal(err)
		}
		text = bo.(binary.AppendByteOrder).AppendUint32(text, w)
	}
	msr := uint64(regs.MSRLinuxUserLE)
	if bo == binary.BigEndian {
		msr &^= regs.MSRLE
	}
	start := emulate.Context{Regs: regs.Regs{NIP: loopCode, MSR: msr, CTR: loopIters}}
	start.Regs.GPR[4], start.Regs.GPR[5] = loopStore, loopLoad
	changes := []mem.Change{
		{Op: mem.ChangeMap, Addr: loopCode, Size: mem.PageSize, Perm: mem.RX},
		{Op: mem.ChangeWrite, Addr: loopCode, Size: uint64(len(text)), Data: text},
		{Op: mem.ChangeMap, Addr: loopStore, Size: 2 * mem.PageSize, Perm: mem.RW},
		{Op: mem.ChangeWrite, Addr: loopStore + mem.PageSize, Size: 4, Data: []byte("data")}, // never written again
	}
	cfg := emulate.Config{Level: decode.LevelPOWER9}
	m := mem.New()
	var log bytes.Buffer
	w := NewWriter(&log, Header{LittleEndian: bo == binary.LittleEndian, Config: cfg})
	w.Space(0)
	for i := range changes {
		if err := m.Apply(&changes[i]); err != nil {
			t.Fatal(err)
		}
		w.Mem(0, &changes[i])
	}
	w.Thread(1, 0, &start)
	w.Switch(1)
	// The runs: up to the mid write, the reset and the end.
	end := start
	e := emulate.New(cfg)
	e.SetContext(&end)
	stops := []uint64{4 * loopIters}
	if midWrite {
		stops = append(stops, 2*loopIters)
	}
	stops = append(stops, resetAt...)
	for _, k := range takes {
		stops = append(stops, k.At)
	}
	slices.Sort(stops)
	at := uint64(0)
	for _, stop := range stops {
		if stop > at {
			if n, err := e.Run(&end.Regs, m, emulate.RunOptions{MaxSteps: stop - at}); n != stop-at {
				t.Fatalf("the program ran %d instructions: %v", n, err)
			}
			w.Run(stop - at)
			at = stop
		}
		if midWrite && at == 2*loopIters {
			c := mem.Change{Op: mem.ChangeWrite, Addr: loopStore + mem.PageSize, Size: 4, Data: []byte("mid!")}
			w.Mem(0, &c)
			if err := m.Apply(&c); err != nil {
				t.Fatal(err)
			}
			midWrite = false
		}
		for len(takes) > 0 && takes[0].At == at {
			w.Take(1, takes[0].Signal)
			if takes[0].Enter {
				w.Signal(1, takes[0].Signal)
			}
			takes = takes[1:]
		}
		if slices.Contains(resetAt, at) {
			w.Reset(at)
			w.Space(0)
			w.Image(0, m)
			w.Thread(1, 0, &end)
			w.Switch(1)
		}
	}
	if err := w.Exit(0, 0, 4*loopIters, []ThreadHash{{1, Hash(&end)}}); err != nil {
		t.Fatal(err)
	}
	return log.Bytes()
}

// TestSessionTakes: a Session with StopAt stops after the take records
// it accepts, forwards (Run) and backwards (Back), two at one
// instruction count in the log's order, a breakpoint at that count after
// them, across checkpoints and a reset record; Seek goes past them.
func TestSessionTakes(t *testing.T) {
	takes := []loopTake{{500, 10, false}, {500, 12, false}, {1500, 14, false}, {2500, 10, false}}
	log := loopLogTakes(t, binary.LittleEndian, false, takes, 2000)
	s, err := NewSession(log, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Interval = 64
	s.StopAt = func(tid uint64, sig int) bool { return tid == 1 && sig != 14 }
	where := func(found bool, err error) string {
		if err != nil {
			return err.Error()
		}
		if k, ok := s.Taken(); ok {
			return fmt.Sprintf("take %d %d/%d", s.Now(), k.TID, k.Signal)
		}
		if done, _, _ := s.Exited(); done {
			return "end"
		}
		if !found {
			return fmt.Sprintf("begin %d", s.Now())
		}
		return fmt.Sprintf("break %d", s.Now())
	}
	var got []string
	for range 4 {
		got = append(got, where(s.Run(math.MaxUint64, nil)))
	}
	for range 4 {
		got = append(got, where(s.Back(nil)))
	}
	if err := s.Seek(501); err != nil {
		t.Fatal(err)
	}
	for range 4 {
		got = append(got, where(s.Back([]uint64{loopCode})))
	}
	if err := s.Seek(500); err != nil {
		t.Fatal(err)
	}
	got = append(got, where(s.Run(math.MaxUint64, nil)))
	want := []string{"take 500 1/10", "take 500 1/12", "take 2500 1/10", "end",
		"take 2500 1/10", "take 500 1/12", "take 500 1/10", "begin 0",
		"break 500", "take 500 1/12", "take 500 1/10", "break 496",
		"take 2500 1/10"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("stops (-want +got):\n%s", d)
	}
}

// TestSessionStepTakes: StepBack stops after a take record StopAt accepts
// when the thread took the signal after the instruction it would step
// back to (two at one count in turn, one at a checkpoint), StepForward
// from there stops at the next take record of that count, and from the
// last one stops without executing an instruction if the thread entered
// a handler there (a signal record), else executes one.
func TestSessionStepTakes(t *testing.T) {
	takes := []loopTake{{500, 10, false}, {500, 12, true}, {512, 10, true}, {1500, 14, true}}
	log := loopLogTakes(t, binary.LittleEndian, false, takes)
	s, err := NewSession(log, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Interval = 64
	s.StopAt = func(tid uint64, sig int) bool { return tid == 1 && sig != 14 }
	where := func(_ bool, err error) string {
		if err != nil {
			return err.Error()
		}
		if k, ok := s.Taken(); ok {
			return fmt.Sprintf("take %d %d/%d", s.Now(), k.TID, k.Signal)
		}
		return fmt.Sprintf("at %d", s.Now())
	}
	var got []string
	steps := func(from uint64, moves string) {
		if err := s.Seek(from); err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			if m == 'b' {
				got = append(got, where(s.StepBack(1)))
			} else {
				got = append(got, where(s.StepForward(1)))
			}
		}
	}
	steps(514, "bbbbfff")
	steps(501, "bbbbffff")
	steps(1501, "bb")
	want := []string{
		"at 513", "at 512", "take 512 1/10", "at 511", "take 512 1/10", "at 512", "at 513",
		"at 500", "take 500 1/12", "take 500 1/10", "at 499", "take 500 1/10", "take 500 1/12", "at 500", "at 501",
		"at 1500", "at 1499",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("stops (-want +got):\n%s", d)
	}
}

// TestSessionWatch: Run and Back of a Session stop before the
// instructions that access watched memory, at breakpoints, and at the
// later of the two going back, over many checkpoints and watch chunks
// (both made small), in both byte orders.
func TestSessionWatch(t *testing.T) {
	store := Watch{Addr: loopStore, Len: 4, Write: true}
	load := Watch{Addr: loopLoad + 2, Len: 1, Read: true} // a byte within the word read
	both := Watch{Addr: loopStore, Len: 0x200, Read: true, Write: true}
	last := uint64(4 * loopIters)
	type stop struct {
		at  uint64
		hit bool
		acc Access
	}
	tests := []struct {
		name    string
		watches []Watch
		until   []uint64
		from    uint64
		back    bool
		mid     bool   // the log writes at loopStore+PageSize after instruction 1999
		want    []stop // the stops of successive Runs (to the end) or Backs
	}{
		{"run-store", []Watch{store}, nil, 0, false, false,
			[]stop{{1, true, Access{loopStore, 4, true}}, {5, true, Access{loopStore, 4, true}}, {9, true, Access{loopStore, 4, true}}}},
		// From a Seek to the load, the load stops a Run before it runs.
		{"run-load", []Watch{load}, nil, 2, false, false,
			[]stop{{2, true, Access{loopLoad, 4, false}}, {6, true, Access{loopLoad, 4, false}}, {10, true, Access{loopLoad, 4, false}}}},
		{"run-access", []Watch{both}, nil, 0, false, false,
			[]stop{{1, true, Access{loopStore, 4, true}}, {2, true, Access{loopLoad, 4, false}}, {5, true, Access{loopStore, 4, true}}}},
		// A breakpoint at the store: it stops first, then the store as the
		// first instruction of the next Run, which the Run after runs.
		{"run-break-same", []Watch{store}, []uint64{loopCode + 4}, 0, false, false,
			[]stop{{1, false, Access{}}, {1, true, Access{loopStore, 4, true}}, {5, false, Access{}}}},
		{"run-break", []Watch{load}, []uint64{loopCode + 4}, 2, false, false,
			[]stop{{2, true, Access{loopLoad, 4, false}}, {5, false, Access{}}, {6, true, Access{loopLoad, 4, false}}, {9, false, Access{}}}},
		{"back-store", []Watch{store}, nil, last, true, false,
			[]stop{{last - 3, true, Access{loopStore, 4, true}}, {last - 7, true, Access{loopStore, 4, true}}}},
		{"back-load", []Watch{load}, nil, last, true, false,
			[]stop{{last - 2, true, Access{loopLoad, 4, false}}, {last - 6, true, Access{loopLoad, 4, false}}}},
		{"back-access", []Watch{both}, nil, 7, true, false,
			[]stop{{6, true, Access{loopLoad, 4, false}}, {5, true, Access{loopStore, 4, true}}, {2, true, Access{loopLoad, 4, false}}, {1, true, Access{loopStore, 4, true}}, {0, false, Access{}}}},
		{"back-break", []Watch{store}, []uint64{loopCode + 12}, last, true, false,
			[]stop{{last - 1, false, Access{}}, {last - 3, true, Access{loopStore, 4, true}}, {last - 5, false, Access{}}}},
		// Write-only watches on a page no instruction writes: Back skips
		// the intervals between checkpoints without executing them.
		{"back-skip", []Watch{{Addr: loopStore + mem.PageSize, Len: 8, Write: true}}, nil, last, true, false,
			[]stop{{0, false, Access{}}}},
		{"back-none", []Watch{{Addr: loopStore + 4, Len: 4, Read: true, Write: true}}, nil, last, true, false,
			[]stop{{0, false, Access{}}}},
		// The log's write (a system call's) is a write by the instruction
		// before it, forwards and backwards.
		{"run-log-write", []Watch{{Addr: loopStore + mem.PageSize, Len: 8, Write: true}}, nil, 0, false, true,
			[]stop{{1999, true, Access{loopStore + mem.PageSize, 4, true}}, {last, false, Access{}}}},
		{"back-log-write", []Watch{{Addr: loopStore + mem.PageSize + 2, Len: 8, Write: true}}, nil, last, true, true,
			[]stop{{1999, true, Access{loopStore + mem.PageSize + 2, 2, true}}, {0, false, Access{}}}},
		{"back-log-write-read-watch", []Watch{{Addr: loopStore + mem.PageSize, Len: 8, Read: true}}, nil, last, true, true,
			[]stop{{0, false, Access{}}}},
		{"back-break-no-watch", nil, []uint64{loopCode + 8}, 11, true, false,
			[]stop{{10, false, Access{}}, {6, false, Access{}}, {2, false, Access{}}, {0, false, Access{}}}},
	}
	for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		logs := map[bool][]byte{false: loopLog(t, bo, false), true: loopLog(t, bo, true)}
		for _, tc := range tests {
			t.Run(fmt.Sprintf("%v/%s", bo, tc.name), func(t *testing.T) {
				s, err := NewSession(logs[tc.mid], Options{})
				if err != nil {
					t.Fatal(err)
				}
				s.Interval, s.chunk = 64, 7
				if err := s.Seek(tc.from); err != nil || s.Now() != tc.from {
					t.Fatalf("Seek(%d): at %d, %v", tc.from, s.Now(), err)
				}
				s.Watches = tc.watches
				for i, want := range tc.want {
					var ok bool
					if tc.back {
						ok, err = s.Back(tc.until)
					} else {
						ok, err = s.Run(last, tc.until)
					}
					acc, hit := s.WatchHit()
					got := stop{s.Now(), hit, acc}
					if err != nil || got != want || ok != (want.at != 0 && want.at != last) {
						t.Fatalf("stop %d: %+v (found %v, %v), want %+v", i, got, ok, err, want)
					}
				}
			})
		}
	}
}

// TestGDBMonitor: monitor when prints the instruction count, monitor goto
// moves to one (to the end of the recording, past it), and other commands
// are refused with ErrMonitor.
func TestGDBMonitor(t *testing.T) {
	s, err := NewSession(loopLog(t, binary.LittleEndian, false), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Interval = 64
	g := NewGDBTarget(s)
	for _, tc := range []struct {
		cmd, out string
		at       uint64
		err      bool
	}{
		{"when", "Current event: 0\n", 0, false},
		{"goto 1234", "Current event: 1234\n", 1234, false},
		{"when", "Current event: 1234\n", 1234, false},
		{"goto 0x10", "Current event: 16\n", 16, false},
		{"goto 99999", "Current event: 4000\n", 4000, false},
		{"goto 3", "Current event: 3\n", 3, false},
		{"goto", "", 3, true},
		{"goto -1", "", 3, true},
		{"when 1", "", 3, true},
		{"record", "", 3, true},
	} {
		out, err := g.Monitor(tc.cmd)
		if out != tc.out || (err != nil) != tc.err || err != nil && !errors.Is(err, ErrMonitor) || s.Now() != tc.at {
			t.Errorf("monitor %s: %q, %v, at %d; want %q, error %v, at %d", tc.cmd, out, err, s.Now(), tc.out, tc.err, tc.at)
		}
	}
	if r, err := g.Regs(0); err != nil || r.NIP != loopCode+12 {
		t.Errorf("at event 3, nip %#x (%v), want the bdnz %#x", r.NIP, err, loopCode+12)
	}
}

// TestSessionInterrupt: Back asks Interrupt before each checkpoint
// interval; when it says stop, Back returns ErrInterrupted at the start
// of the intervals it went back over (here one of 64 instructions, from
// the end at 4000: 3968), with nothing to stop at after it.
func TestSessionInterrupt(t *testing.T) {
	s, err := NewSession(loopLog(t, binary.LittleEndian, false), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Interval = 64
	last := uint64(4 * loopIters)
	if err := s.Seek(last); err != nil {
		t.Fatal(err)
	}
	asked := 0
	s.Interrupt = func() bool { asked++; return asked == 2 }
	s.Watches = []Watch{{Addr: loopStore + 4, Len: 4, Write: true}} // never written
	ok, err := s.Back(nil)
	if ok || !errors.Is(err, ErrInterrupted) || s.Now() != last-last%64 || asked != 2 {
		t.Fatalf("Back: %v %v at %d after %d questions; want ErrInterrupted at %d after 2", ok, err, s.Now(), asked, last-last%64)
	}
	s.Interrupt = nil
	if ok, err := s.Back(nil); ok || err != nil || s.Now() != 0 {
		t.Fatalf("Back again: %v %v at %d, want the start", ok, err, s.Now())
	}
}

// recordEnds returns the byte offsets in log at which each record ends.
func recordEnds(t *testing.T, log []byte) []int {
	t.Helper()
	rd, err := NewReader(bytes.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	var ends []int
	for {
		if _, err := rd.Next(); err != nil {
			break
		}
		ends = append(ends, int(rd.r.off))
	}
	return ends
}

// TestLiveSession: a Session of a growing log (midWrite's: two runs of
// 2000 instructions with a memory change between them). Cut after the
// first run, it stops there (the frontier, not a truncation), goes back
// and forwards within it, and a step at the frontier is left to the live
// program; grown to the whole log it goes on to the exit, and the memory
// change at the old frontier is there. r3 counts the iterations (addi
// r3,r3,1 at instruction 4i).
func TestLiveSession(t *testing.T) {
	log := loopLog(t, binary.LittleEndian, true)
	ends := recordEnds(t, log)
	if len(ends) < 8 {
		t.Fatalf("%d records", len(ends))
	}
	cut := ends[7] // after the first run record: space, 4 changes, thread, switch, run
	s, err := NewLiveSession(log[:cut], Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Interval = 64
	r3 := func() uint64 { return s.Context(1).Regs.GPR[3] }
	if err := s.Seek(math.MaxUint64); err != nil || !s.AtFrontier() || s.Now() != 2*loopIters || r3() != loopIters/2 {
		t.Fatalf("to the frontier: %v, at %d (frontier %v), r3 %d; want the frontier at %d, r3 %d", err, s.Now(), s.AtFrontier(), r3(), 2*loopIters, loopIters/2)
	}
	if ok, err := s.StepForward(1); ok || !errors.Is(err, errFrontier) || s.Now() != 2*loopIters {
		t.Errorf("step at the frontier: %v %v at %d, want errFrontier", ok, err, s.Now())
	}
	if err := s.Seek(1001); err != nil || s.AtFrontier() || r3() != 251 {
		t.Errorf("back to 1001: %v, frontier %v, r3 %d; want 251", err, s.AtFrontier(), r3())
	}
	s.Grow(log)
	if err := s.Seek(math.MaxUint64); err != nil || s.AtFrontier() || s.Now() != 4*loopIters || r3() != loopIters {
		t.Fatalf("grown, to the end: %v, at %d, r3 %d; want %d, r3 %d", err, s.Now(), r3(), 4*loopIters, loopIters)
	}
	if done, _, _ := s.Exited(); !done {
		t.Errorf("not at the exit")
	}
	var b [4]byte
	if err := s.Memory(1).Peek(loopStore+mem.PageSize, b[:]); err != nil || string(b[:]) != "mid!" {
		t.Errorf("the change at the old frontier: %q %v, want mid!", b, err)
	}
}

// TestSessionMaxCheckpoints: with 3 checkpoints of 64 instructions kept,
// the history still begins at the log's beginning (Oldest 0): Back
// without anything to stop at goes there, and a point before the
// checkpoints kept is replayed from the beginning again, with the
// registers of the run (r3 counts the iterations: 1 more every 4
// instructions from the first addi, the Power ISA's addi).
func TestSessionMaxCheckpoints(t *testing.T) {
	s, err := NewSession(loopLog(t, binary.LittleEndian, false), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Interval, s.MaxCheckpoints = 64, 3
	if err := s.Seek(4 * loopIters); err != nil {
		t.Fatal(err)
	}
	if len(s.ckpts) != 3 || s.Oldest() != 0 {
		t.Fatalf("%d checkpoints, oldest point %d; want 3, 0", len(s.ckpts), s.Oldest())
	}
	if ok, err := s.Back(nil); ok || err != nil || s.Now() != 0 {
		t.Errorf("Back: %v %v at %d, want the beginning", ok, err, s.Now())
	}
	if ok, err := s.StepBack(1); ok || err != nil || s.Now() != 0 {
		t.Errorf("StepBack at the beginning: %v %v at %d", ok, err, s.Now())
	}
	for _, at := range []uint64{4*loopIters - 3, 5, 2001} {
		if err := s.Seek(at); err != nil || s.Now() != at || s.Context(1).Regs.GPR[3] != (at+3)/4 {
			t.Errorf("Seek(%d): %v at %d, r3 %d, want %d", at, err, s.Now(), s.Context(1).Regs.GPR[3], (at+3)/4)
		}
		if len(s.ckpts) > 3 {
			t.Errorf("%d checkpoints", len(s.ckpts))
		}
	}
}

// TestSessionReset: a log with reset records (Writer.Reset) replays
// through them; a Session of it starts at the last reset at or before the
// point it goes to (forwards too), and a log cut to begin at a reset
// record (the live log of a long run) has its history begin there:
// Back, StepBack and Seek go back no further, and forwards again the
// registers and memory are the run's (r3 counts the iterations, the
// word at loopStore is r3 of the last stw, "mid!" written at 2000).
func TestSessionReset(t *testing.T) {
	resets := []uint64{1000, 3000}
	log := loopLog(t, binary.BigEndian, true, resets...)
	if res, err := Replay(bytes.NewReader(log), Options{}); err != nil || res.Instructions != 4*loopIters {
		t.Fatalf("replay: %v, %+v", err, res)
	}
	word := func(s *Session) uint32 {
		var b [4]byte
		if err := s.Memory(1).Peek(loopStore, b[:]); err != nil {
			t.Fatal(err)
		}
		return binary.BigEndian.Uint32(b[:])
	}
	check := func(s *Session, at uint64) {
		t.Helper()
		var b [4]byte
		_ = s.Memory(1).Peek(loopStore+mem.PageSize, b[:])
		mid := "data"
		if at >= 2*loopIters {
			mid = "mid!"
		}
		if s.Now() != at || s.Context(1).Regs.GPR[3] != (at+3)/4 || uint64(word(s)) != (at+2)/4 || string(b[:]) != mid {
			t.Errorf("at %d (want %d): r3 %d, stored %d, %q; want %d, %d, %q", s.Now(), at, s.Context(1).Regs.GPR[3], word(s), b, (at+3)/4, (at+2)/4, mid)
		}
	}
	s, err := NewSession(log, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Interval = 1 << 20 // no checkpoint but the anchors'
	if len(s.anchors) != 3 || s.anchors[1].at != 1000 || s.anchors[2].at != 3000 {
		t.Fatalf("anchors %+v", s.anchors)
	}
	// To the end (as a live Session catches up): from the last reset.
	if err := s.Seek(math.MaxUint64); err != nil {
		t.Fatal(err)
	}
	check(s, 4*loopIters)
	if len(s.ckpts) != 2 || s.ckpts[1].at != 3000 {
		t.Errorf("to the end: %d checkpoints, want 2 (the beginning and the reset at 3000)", len(s.ckpts))
	}
	for _, at := range []uint64{3500, 3001, 1500, 999, 4 * loopIters} {
		if err := s.Seek(at); err != nil {
			t.Fatal(err)
		}
		check(s, at)
	}
	if len(s.ckpts) != 3 {
		t.Errorf("%d checkpoints, want 3 (the beginning and two anchors)", len(s.ckpts))
	}
	// Back to the mid write, over the reset at 3000 (whose image writes
	// the watched bytes: no write).
	s.Watches = []Watch{{Addr: loopStore + mem.PageSize, Len: 4, Write: true}}
	if ok, err := s.Back(nil); !ok || err != nil || s.Now() != 2*loopIters-1 {
		t.Errorf("Back to the log's write: %v %v at %d, want 1999", ok, err, s.Now())
	}
	s.Watches = nil

	// The log cut to begin at the reset at 3000.
	cut := append(slices.Clone(log[:s.anchors[0].off]), log[s.anchors[2].off:]...)
	c, err := NewLiveSession(cut, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Oldest() != 3000 || c.Now() != 3000 {
		t.Fatalf("cut log: oldest %d, at %d; want 3000", c.Oldest(), c.Now())
	}
	if err := c.Seek(math.MaxUint64); err != nil {
		t.Fatal(err)
	}
	check(c, 4*loopIters)
	if ok, err := c.Back([]uint64{loopCode + 0x100}); ok || err != nil {
		t.Errorf("Back over the cut log: %v %v", ok, err)
	}
	check(c, 3000)
	if ok, err := c.StepBack(1); ok || err != nil {
		t.Errorf("StepBack at the oldest point: %v %v", ok, err)
	}
	if err := c.Seek(10); err != nil {
		t.Fatal(err)
	}
	check(c, 3000)
	if err := c.Seek(3333); err != nil {
		t.Fatal(err)
	}
	check(c, 3333)
}
