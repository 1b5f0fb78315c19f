//go:build linux

package gdbstub_test

import (
	"bufio"
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"github.com/ppc64emu/ppc64emu/linux"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// These tests drive linux.Debugger through the gdbstub.Target interface
// directly (no GDB): exactness of reverse execution over whole memory, and
// interrupts.

// entry returns the address where calls to the C function name arrive: the
// ELFv2 local entry point (little-endian) or the code address in the ELFv1
// function descriptor (big-endian).
func entry(t *testing.T, d *linux.Debugger, prog, name string) uint64 {
	t.Helper()
	f, s := elfFunc(t, prog, name)
	if f.Data == elf.ELFDATA2MSB {
		var b [8]byte
		if err := d.ReadMemory(s.Value, b[:]); err != nil {
			t.Fatal(err)
		}
		return d.ByteOrder().Uint64(b[:])
	}
	// st_other bits 5-7 give the local entry offset (ELFv2).
	if n := s.Other >> 5 & 7; n >= 2 {
		return s.Value + 1<<n
	}
	return s.Value
}

// elfFunc opens the ELF file at path (closed when the test ends) and
// returns its function symbol name.
func elfFunc(t *testing.T, path, name string) (*elf.File, elf.Symbol) {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		if s.Name == name && elf.ST_TYPE(s.Info) == elf.STT_FUNC {
			return f, s
		}
	}
	t.Fatalf("%s: no function %s", path, name)
	return nil, elf.Symbol{}
}

type snapshot struct {
	regs regs.Regs
	mem  map[uint64][]byte // page → contents, for the pages readable at the point
}

// snap reads the registers of tid and the pages of the process's mappings
// (as the program has them now) that are mapped at the point the debugger
// shows, which may be in the past.
func snap(t *testing.T, p *linux.Process, d *linux.Debugger, tid int) snapshot {
	t.Helper()
	r, err := d.Regs(tid)
	if err != nil {
		t.Fatal(err)
	}
	s := snapshot{regs: r, mem: map[uint64][]byte{}}
	p.Memory().Spans(func(start, end uint64) {
		for a := start; a < end; a += mem.PageSize {
			b := make([]byte, mem.PageSize)
			if d.ReadMemory(a, b) == nil {
				s.mem[a] = b
			}
		}
	})
	return s
}

// sameAs compares b with a: the registers, and each page a has.
func (a snapshot) sameAs(t *testing.T, what string, b snapshot) {
	t.Helper()
	if diff := cmp.Diff(a.regs, b.regs); diff != "" {
		t.Errorf("%s: registers differ (-want +got):\n%s", what, diff)
	}
	for start, want := range a.mem {
		got := b.mem[start]
		if got == nil {
			t.Errorf("%s: page %#x not mapped", what, start)
			continue
		}
		if !bytes.Equal(got, want) {
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("%s: memory at %#x: %#02x, want %#02x", what, start+uint64(i), got[i], want[i])
					break
				}
			}
		}
	}
}

// startDebug starts prog under the debugger, its stdout /dev/null.
func startDebug(t *testing.T, prog string, args ...string) (*linux.Process, *linux.Debugger) {
	t.Helper()
	devnull, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close() // the runner keeps its own duplicate
	return startDebugTo(t, devnull, prog, args...)
}

// startDebugTo is startDebug with the program's stdout given.
func startDebugTo(t *testing.T, stdout *os.File, prog string, args ...string) (*linux.Process, *linux.Debugger) {
	t.Helper()
	return startDebugConfig(t, linux.Config{Stdout: stdout}, prog, args...)
}

// startDebugConfig is startDebug with the runner's configuration given
// (Debug is set if nil).
func startDebugConfig(t *testing.T, cfg linux.Config, prog string, args ...string) (*linux.Process, *linux.Debugger) {
	t.Helper()
	if cfg.Debug == nil {
		cfg.Debug = &linux.DebugConfig{}
	}
	p, err := linux.Start(prog, append([]string{prog}, args...), []string{"LANG=C"}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	d := p.Debugger()
	t.Cleanup(func() {
		d.Kill()
		_, _ = p.Wait()
	})
	return p, d
}

func TestDebuggerReverseExact(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog := compile(t, o.cc)
			p, d := startDebug(t, prog)
			tid := d.Threads()[0]
			s0 := snap(t, p, d, tid)

			pts := gdbstub.NewPoints()
			poke := entry(t, d, prog, "poke")
			setBreak(t, pts, poke)
			st := d.Resume(gdbstub.Action{Points: pts})
			if r, _ := d.Regs(tid); st.Reason != gdbstub.ReasonSWBreak || r.NIP != poke {
				t.Fatalf("stop %+v at %#x, want the breakpoint at poke %#x", st, r.NIP, poke)
			}
			s1 := snap(t, p, d, tid)

			// 300 steps forward, 300 back: bit-identical.
			for i := 0; i < 300; i++ {
				if st := d.Resume(gdbstub.Action{Step: true, Thread: tid}); st.Kind != gdbstub.StopSignal || st.Signal != 5 {
					t.Fatalf("step %d: %+v", i, st)
				}
			}
			for i := 0; i < 300; i++ {
				if st := d.Resume(gdbstub.Action{Step: true, Reverse: true, Thread: tid}); st.Reason != gdbstub.ReasonNone {
					t.Fatalf("reverse step %d: %+v", i, st)
				}
			}
			s1.sameAs(t, "300 steps and back", snap(t, p, d, tid))

			// Back to the start of the history (through the system calls
			// of the C library's start-up): the initial state.
			st = d.Resume(gdbstub.Action{Reverse: true, Thread: tid, Points: gdbstub.NewPoints()})
			if st.Reason != gdbstub.ReasonHistoryBegin {
				t.Fatalf("reverse continue: %+v, want the start of the history", st)
			}
			s0.sameAs(t, "reverse to the start", snap(t, p, d, tid))

			// Forward again: replayed to the same breakpoint, same state.
			st = d.Resume(gdbstub.Action{Points: pts})
			if st.Reason != gdbstub.ReasonSWBreak {
				t.Fatalf("replay: %+v", st)
			}
			s1.sameAs(t, "replay to poke", snap(t, p, d, tid))
		})
	}
}

func setBreak(t *testing.T, pts *gdbstub.Points, addr uint64) {
	t.Helper()
	pts.Insert(0, addr, 4)
}

// TestDebuggerInterrupt: Interrupt stops a running program with SIGINT.
// The program says on its stdout (a pipe) that its endless loop has begun,
// so the interrupt comes while Resume runs, whatever the machine's load.
func TestDebuggerInterrupt(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			prog := compile(t, o.cc)
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			_, d := startDebugTo(t, w, prog, "spin", "forever")
			w.Close()
			res := make(chan gdbstub.Stop, 1)
			go func() { res <- d.Resume(gdbstub.Action{Points: gdbstub.NewPoints()}) }()
			line, err := bufio.NewReader(r).ReadString('\n')
			if line != "spinning\n" {
				t.Fatalf("program's first line %q (%v), want \"spinning\"", line, err)
			}
			d.Interrupt()
			select {
			case st := <-res:
				if st.Kind != gdbstub.StopSignal || st.Signal != 2 {
					t.Errorf("interrupt: %+v, want SIGINT", st)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the interrupt did not stop the program")
			}
		})
	}
}

// TestDebuggerDetach: after Detach the program runs on to its end.
func TestDebuggerDetach(t *testing.T) {
	prog := compile(t, orders[0].cc)
	p, d := startDebug(t, prog)
	pts := gdbstub.NewPoints()
	pts.Insert(0, entry(t, d, prog, "poke"), 4)
	if st := d.Resume(gdbstub.Action{Points: pts}); st.Reason != gdbstub.ReasonSWBreak {
		t.Fatalf("stop %+v", st)
	}
	d.Detach(0)
	done := make(chan linux.ExitStatus, 1)
	go func() { st, _ := p.Wait(); done <- st }()
	select {
	case st := <-done:
		if st != (linux.ExitStatus{}) {
			t.Errorf("exit status %+v, want 0", st)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the detached program did not end")
	}
}

// TestDebuggerCheckpointLimit: with 2 checkpoints kept, 1000 instructions
// apart, a reverse-continue from a breakpoint still goes back to the
// start of the history, the program's first instruction ("monitor when"
// numbers the points: 0), replaying from the log's beginning what the
// dropped checkpoints held; forwards again the breakpoint stops with the
// registers it had.
func TestDebuggerCheckpointLimit(t *testing.T) {
	prog := compile(t, orders[0].cc)
	devnull, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	p, err := linux.Start(prog, []string{prog}, nil, linux.Config{Debug: &linux.DebugConfig{Checkpoints: 2, Interval: 1000}, Stdout: devnull})
	if err != nil {
		t.Fatal(err)
	}
	d := p.Debugger()
	defer func() {
		d.Kill()
		_, _ = p.Wait()
	}()
	pts := gdbstub.NewPoints()
	pts.Insert(0, entry(t, d, prog, "poke"), 4)
	if st := d.Resume(gdbstub.Action{Points: pts}); st.Reason != gdbstub.ReasonSWBreak {
		t.Fatalf("stop %+v", st)
	}
	tid := d.Threads()[0]
	atBreak, _ := d.Regs(tid)
	when := func() uint64 {
		t.Helper()
		out, err := d.Monitor("when")
		var n uint64
		if _, serr := fmt.Sscanf(out, "Current event: %d", &n); err != nil || serr != nil {
			t.Fatalf("monitor when: %q, %v", out, err)
		}
		return n
	}
	end := when()
	if end < 3000 {
		t.Fatalf("poke reached after %d instructions: too few for the test", end)
	}
	if st := d.Resume(gdbstub.Action{Reverse: true, Points: gdbstub.NewPoints()}); st.Reason != gdbstub.ReasonHistoryBegin {
		t.Fatalf("reverse-continue: %+v, want the start of the history", st)
	}
	if start := when(); start != 0 {
		t.Errorf("history starts at %d, want 0", start)
	}
	if st := d.Resume(gdbstub.Action{Points: pts}); st.Reason != gdbstub.ReasonSWBreak {
		t.Fatalf("forwards again: %+v", st)
	}
	if r, _ := d.Regs(tid); r != atBreak {
		t.Errorf("registers at the breakpoint again differ:\n%s", cmp.Diff(atBreak, r))
	}
}
