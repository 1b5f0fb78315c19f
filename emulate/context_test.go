package emulate

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	p "golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode"
)

// stepCtx steps the word w at c.Regs.NIP on e, with m's memory.
func stepCtx(t *testing.T, e *Emulator, c *Context, m *machine, w uint32) error {
	t.Helper()
	c.Regs.NIP = cia
	m.order().PutUint32(m.code, w)
	return e.Step(&c.Regs, m.mem, wordInst(t, w))
}

// TestContextPerThread: an Emulator keeps the reservation, copy buffer and
// primed accumulators in the Context SetContext gave it, so two threads
// stepped on one Emulator keep theirs apart: thread B's stdcx. fails after
// thread A's ldarx, A's succeeds after switching back.
func TestContextPerThread(t *testing.T) {
	const x = scratchBase + 0x40
	m := newMachine(true)
	e := New(Config{Level: decode.LevelPOWER10})
	var a, b Context
	a.Regs, b.Regs = m.r, m.r
	a.Regs.GPR[4], b.Regs.GPR[4] = x, x
	a.Regs.GPR[3], b.Regs.GPR[3] = scratchBase, scratchBase

	e.SetContext(&a)
	for _, w := range []uint32{enc(p.LDARX, 5, 0, 4, 0), enc(p.COPY, 0, 3), enc(p.XXSETACCZ, 1)} {
		if err := stepCtx(t, e, &a, m, w); err != nil {
			t.Fatalf("thread A %#08x: %v", w, err)
		}
	}
	if want := (Reservation{Valid: true, Addr: x, Size: 8}); a.Resv != want || !a.Copy.Valid || a.Primed != 0b10 {
		t.Fatalf("thread A: resv %+v copy %v primed %#b; want %+v, true, 0b10", a.Resv, a.Copy.Valid, a.Primed, want)
	}

	e.SetContext(&b)
	if e.Context() != &b {
		t.Fatal("Context() is not the one SetContext gave")
	}
	if err := stepCtx(t, e, &b, m, enc(p.STDCXCC, 6, 0, 4)); err != nil {
		t.Fatal(err)
	}
	if b.Regs.CR>>28&2 != 0 || b != (Context{Regs: b.Regs}) {
		t.Errorf("thread B: stdcx. CR0 %#x, state %+v: want a failed stdcx. and no reservation, copy or primed accumulator", b.Regs.CR>>28, Context{Resv: b.Resv, Primed: b.Primed})
	}

	e.SetContext(&a)
	if err := stepCtx(t, e, &a, m, enc(p.STDCXCC, 6, 0, 4)); err != nil {
		t.Fatal(err)
	}
	if a.Regs.CR>>28&2 == 0 || a.Resv.Valid {
		t.Errorf("thread A: stdcx. CR0 %#x, resv %+v: want success, reservation gone", a.Regs.CR>>28, a.Resv)
	}

	// nil is the emulator's own Context, empty in a new Emulator.
	e.SetContext(nil)
	if c := e.Context(); c == &a || c == &b || *c != (Context{}) {
		t.Errorf("SetContext(nil): %p, want the emulator's own, empty", c)
	}
}

// TestContextSaveRestore: a Context is saved and restored by assignment,
// compared with == and go-cmp, and a restored thread steps exactly as the
// saved one did.
func TestContextSaveRestore(t *testing.T) {
	const x = scratchBase + 0x80
	m := newMachine(false)
	e := New(Config{Level: decode.LevelPOWER10})
	var c Context
	c.Regs = m.r
	c.Regs.GPR[4] = x
	e.SetContext(&c)
	if err := stepCtx(t, e, &c, m, enc(p.LWARX, 5, 0, 4, 0)); err != nil {
		t.Fatal(err)
	}
	saved := c
	if d := cmp.Diff(saved, c); d != "" || saved != c {
		t.Fatalf("a copy differs:\n%s", d)
	}

	var after []Context
	for round := 0; round < 2; round++ {
		for _, w := range []uint32{enc(p.STWCXCC, 6, 0, 4), enc(p.XXSETACCZ, 3), enc(p.ADDI, 7, 0, 5)} {
			if err := stepCtx(t, e, &c, m, w); err != nil {
				t.Fatalf("round %d %#08x: %v", round, w, err)
			}
		}
		after = append(after, c)
		if d := cmp.Diff(saved, c); d == "" || saved == c {
			t.Fatal("the steps changed nothing")
		}
		c = saved // restore: the Emulator steps c, so it sees the restored state at once
	}
	if d := cmp.Diff(after[0], after[1]); d != "" {
		t.Errorf("the restored thread stepped differently (-first +second):\n%s", d)
	}
	// go-cmp names what changed, down to the fields beside the registers.
	d := cmp.Diff(saved, after[0])
	for _, field := range []string{"Resv", "Primed", "GPR"} {
		if !strings.Contains(d, field) {
			t.Errorf("diff does not name %s:\n%s", field, d)
		}
	}
}

// TestContextSwitchOut: leaving the processor drops the reservation and the
// copy buffer and keeps the registers and the primed accumulators.
func TestContextSwitchOut(t *testing.T) {
	c := Context{Resv: Reservation{Valid: true, Addr: 0x100, Size: 4}, Copy: CopyBuffer{Valid: true}, Primed: 0b101}
	c.Regs.GPR[3] = 42
	want := c
	want.Resv = Reservation{}
	want.Copy.Valid = false
	c.SwitchOut()
	if d := cmp.Diff(want, c); d != "" {
		t.Errorf("SwitchOut (-want +got):\n%s", d)
	}
}

// TestUndoRedoContext: StepRecord.Undo puts back the whole Context a step
// changed — registers, reservation, copy buffer and primed accumulators —
// and Redo reapplies it, for each instruction that changes one of them
// (ldarx sets the reservation and stdcx. clears it, copy fills the buffer
// and cpabort empties it, xxsetaccz primes ACC[1] and xxmfacc deprimes it:
// Power ISA 3.1B Book II 4.6.2, Book II 4.4, Book I 7.2.1.2).
func TestUndoRedoContext(t *testing.T) {
	const x = scratchBase + 0x40
	m := newMachine(true)
	e := New(Config{Level: decode.LevelPOWER10})
	var c Context
	c.Regs = m.r
	c.Regs.GPR[4], c.Regs.GPR[3] = x, scratchBase
	e.SetContext(&c)
	var rec *StepRecord
	e.SetObserver(ObserverFunc(func(r *StepRecord) { rec = r.Clone() }))
	for _, w := range []uint32{
		enc(p.LDARX, 5, 0, 4, 0), enc(p.STDCXCC, 6, 0, 4),
		enc(p.COPY, 0, 3), enc(p.CPABORT),
		enc(p.XXSETACCZ, 1), enc(p.XXMFACC, 1),
	} {
		c.Regs.NIP = cia
		before := c
		if err := stepCtx(t, e, &c, m, w); err != nil {
			t.Fatalf("%#08x: %v", w, err)
		}
		after := c
		if before == after {
			t.Fatalf("%#08x changed nothing", w)
		}
		if err := rec.Undo(&c, m.mem); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(before, c); d != "" {
			t.Errorf("%#08x: Undo (-before +got):\n%s", w, d)
		}
		if err := rec.Redo(&c, m.mem); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(after, c); d != "" {
			t.Errorf("%#08x: Redo (-after +got):\n%s", w, d)
		}
	}
}
