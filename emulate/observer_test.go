package emulate

import (
	"errors"
	"golang.org/x/arch/ppc64/ppc64asm"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/ppc64emu/ppc64emu/regs"
)

// collector keeps clones of every record.
type collector struct{ recs []*StepRecord }

func (c *collector) ObserveStep(rec *StepRecord) { c.recs = append(c.recs, rec.Clone()) }

func TestObserverRecordsEffects(t *testing.T) {
	bothOrders(t, func(t *testing.T, le bool) {
		m := newMachine(le)
		m.r.GPR[3] = 0x1122334455667788
		m.r.GPR[4] = scratchBase
		m.scratch[8] = 0xaa // an old byte the store overwrites
		e := New(Config{})
		var c collector
		e.SetObserver(&c)
		before := m.r
		// stdu r3,8(r4): writes 8 bytes at scratch+8 and r4, advances NIP.
		if err := e.StepWord(&m.r, m.mem, enc(ppc64asm.STDU, 3, 8, 4), 0); err != nil {
			t.Fatal(err)
		}
		if len(c.recs) != 1 {
			t.Fatalf("%d records, want 1", len(c.recs))
		}
		rec := c.recs[0]
		newBytes := []byte{0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88}
		if le {
			newBytes = []byte{0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11}
		}
		want := &StepRecord{
			Addr: cia,
			Inst: rec.Inst,
			Regs: []RegWrite{
				{Reg: RegGPR0 + 4, Old: regs.VSR{Lo: scratchBase}, New: regs.VSR{Lo: scratchBase + 8}},
				{Reg: RegNIP, Old: regs.VSR{Lo: cia}, New: regs.VSR{Lo: cia + 4}},
			},
			Mem: []MemWrite{{Addr: scratchBase + 8, Old: []byte{0xaa, 0, 0, 0, 0, 0, 0, 0}, New: newBytes, OldOK: true}},
		}
		if d := cmp.Diff(want, rec); d != "" {
			t.Errorf("record (-want +got):\n%s", d)
		}
		if rec.Inst == nil || rec.Inst.Word != 0xf8640009 {
			t.Errorf("Inst = %v", rec.Inst)
		}
		after := m.r
		ctx := &Context{Regs: m.r}
		if err := rec.Undo(ctx, m.mem); err != nil {
			t.Fatal(err)
		}
		m.r = ctx.Regs
		if m.r != before || m.scratch[8] != 0xaa || m.scratch[9] != 0 {
			t.Errorf("Undo did not restore the state")
		}
		if err := rec.Redo(ctx, m.mem); err != nil {
			t.Fatal(err)
		}
		m.r = ctx.Regs
		if m.r != after || m.scratch[8] != newBytes[0] {
			t.Errorf("Redo did not reapply the step")
		}
	})
}

func TestObserverFailedStep(t *testing.T) {
	m := newMachine(true)
	m.r.GPR[4] = 0x60000000 // unmapped
	e := New(Config{})
	var c collector
	e.SetObserver(&c)
	err := e.StepWord(&m.r, m.mem, enc(ppc64asm.STD, 3, 8, 4), 0) // std r3,8(r4)
	if !errors.Is(err, ErrDataFault) {
		t.Fatalf("err = %v, want a data fault", err)
	}
	if len(c.recs) != 1 {
		t.Fatalf("%d records, want 1", len(c.recs))
	}
	rec := c.recs[0]
	if !errors.Is(rec.Err, ErrDataFault) || len(rec.Regs) != 0 || len(rec.Mem) != 0 {
		t.Errorf("record of a failed step: %+v", rec)
	}
	// Detached: no more records.
	e.SetObserver(nil)
	if e.Observer() != nil {
		t.Error("Observer() after SetObserver(nil)")
	}
	_ = e.StepWord(&m.r, m.mem, enc(ppc64asm.ADD, 3, 4, 5), 0)
	if len(c.recs) != 1 {
		t.Errorf("a detached observer was called")
	}
}

// TestObserverFetchOnce: Fetch goes through Step once; the observer sees one
// record per instruction.
func TestObserverFetchOnce(t *testing.T) {
	m := newMachine(true)
	m.order().PutUint32(m.code, 0x7c642a14) // add r3,r4,r5
	m.r.GPR[4], m.r.GPR[5] = 5, 7
	e := New(Config{})
	n := 0
	e.SetObserver(ObserverFunc(func(rec *StepRecord) {
		n++
		if len(rec.Regs) != 2 || rec.Regs[0].Reg != RegGPR0+3 || rec.Regs[0].New.Lo != 12 {
			t.Errorf("regs = %+v", rec.Regs)
		}
	}))
	if err := e.Fetch(&m.r, m.mem); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("observer called %d times, want 1", n)
	}
}

func TestRegNamesAndAccess(t *testing.T) {
	seen := map[string]bool{}
	for g := RegGPR0; g < NumRegs; g++ {
		name := g.String()
		if seen[name] {
			t.Errorf("duplicate name %q", name)
		}
		seen[name] = true
		var r regs.Regs
		v := regs.VSR{Hi: 0x0102030405060708, Lo: 0x1112131415161718}
		g.Set(&r, v)
		got := g.Get(&r)
		want := regs.VSR{Lo: v.Lo}
		switch {
		case g.IsVSR():
			want = v
		case g == RegCR || g == RegVSCR || g == RegVRSAVE:
			want = regs.VSR{Lo: v.Lo & 0xffffffff}
		}
		if got != want {
			t.Errorf("%s: Get after Set = %+v, want %+v", name, got, want)
		}
		if r == (regs.Regs{}) {
			t.Errorf("%s: Set changed nothing", name)
		}
	}
	for g, want := range map[Reg]string{RegGPR0: "r0", RegGPR0 + 31: "r31", RegNIP: "nip", RegCR: "cr", RegVSR0 + 63: "vs63", NumRegs: "Reg(114)"} {
		if g.String() != want {
			t.Errorf("String(%d) = %q, want %q", g, g.String(), want)
		}
	}
}

// observedMachine is a machine with r4 pointing at its scratch memory and an
// emulator with an observer that does nothing, for measuring the cost of
// observing a step.
func observedMachine() (*machine, *Emulator, Memory) {
	m := newMachine(true)
	m.r.GPR[4] = scratchBase
	e := New(Config{})
	e.SetObserver(ObserverFunc(func(*StepRecord) {}))
	return m, e, m.mem
}

// TestObserverAllocs: after warming up, an observed step of a store does not
// allocate (the record's buffers are reused).
func TestObserverAllocs(t *testing.T) {
	m, e, mem := observedMachine()
	std, add := enc(ppc64asm.STD, 3, 8, 4), enc(ppc64asm.ADD, 3, 4, 5)
	step := func() {
		m.r.NIP = cia
		_ = e.StepWord(&m.r, mem, std, 0)
		_ = e.StepWord(&m.r, mem, add, 0)
	}
	step()
	if a := testing.AllocsPerRun(100, step); a != 0 {
		t.Errorf("%v allocations per observed step", a)
	}
}

func BenchmarkObservedStep(b *testing.B) {
	m, e, mem := observedMachine()
	std := enc(ppc64asm.STD, 3, 8, 4)
	for b.Loop() {
		m.r.NIP = cia
		_ = e.StepWord(&m.r, mem, std, 0)
	}
}

// TestStepRecordCopyFrom: CopyFrom gives what Clone gives, shares no
// storage with its source, and costs no allocation into a record whose
// buffers have grown.
func TestStepRecordCopyFrom(t *testing.T) {
	m, e, mem := observedMachine()
	var dst StepRecord
	var diff string
	e.SetObserver(ObserverFunc(func(rec *StepRecord) {
		dst.CopyFrom(rec)
		diff = cmp.Diff(rec.Clone(), &dst, cmpopts.EquateEmpty())
	}))
	std := enc(ppc64asm.STD, 3, 8, 4)
	m.r.NIP = cia
	_ = e.StepWord(&m.r, mem, std, 0)
	if diff != "" {
		t.Errorf("CopyFrom and Clone differ (-Clone +CopyFrom):\n%s", diff)
	}
	if len(dst.Mem) != 1 || len(dst.Regs) == 0 {
		t.Fatalf("record of std: %d memory writes, %d registers", len(dst.Mem), len(dst.Regs))
	}
	saved := dst.Clone()
	m.r.GPR[3]++
	m.r.NIP = cia
	_ = e.StepWord(&m.r, mem, enc(ppc64asm.ADD, 3, 4, 5), 0) // reuses the emulator's record
	e.SetObserver(ObserverFunc(func(*StepRecord) {}))
	if d := cmp.Diff(saved, &dst, cmpopts.EquateEmpty()); d == "" {
		t.Errorf("dst did not take the add's record")
	}
	var src StepRecord
	src.CopyFrom(saved)
	if a := testing.AllocsPerRun(100, func() { dst.CopyFrom(&src) }); a != 0 {
		t.Errorf("%v allocations per CopyFrom into a grown record", a)
	}
	dst.Mem[0].New[0] ^= 0xff
	if src.Mem[0].New[0] == dst.Mem[0].New[0] {
		t.Errorf("CopyFrom shares the memory write's bytes with its source")
	}
}
