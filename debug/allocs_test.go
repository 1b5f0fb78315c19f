package debug_test

import (
	"bytes"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/ppc64emu/ppc64emu/debug"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestStepOverAllocs: stepping over a breakpoint by emulation, as
// ExampleStepOver does (the original instruction decoded with
// decode.Lookup, a paged memory), allocates nothing once warmed up, and
// gives the ISA's result (add r3,r3,r4: 5 + 3; NIP 4 bytes on).
func TestStepOverAllocs(t *testing.T) {
	const nip, slot = 0x10000008, 0x10001000
	m := mem.New()
	if err := m.Map(0x10000000, 2*mem.PageSize, mem.RWX); err != nil {
		t.Fatal(err)
	}
	in, err := decode.Lookup(0x7c632214, 0) // add r3,r3,r4
	if err != nil {
		t.Fatal(err)
	}
	e := emulate.New(emulate.Config{})
	var r regs.Regs
	ok := true
	allocs := testing.AllocsPerRun(100, func() {
		r = regs.Regs{MSR: regs.MSRLinuxUserLE, NIP: nip}
		r.GPR[3], r.GPR[4] = 5, 3
		plan, err := debug.StepOver(e, &r, m, in, slot)
		ok = ok && plan == nil && err == nil && r.GPR[3] == 8 && r.NIP == nip+4
	})
	if !ok {
		t.Errorf("StepOver of add: r3 = %d, NIP %#x; want emulated, 8, %#x", r.GPR[3], r.NIP, nip+4)
	}
	if allocs != 0 {
		t.Errorf("%v allocations per StepOver, want 0", allocs)
	}
}

// BenchmarkRecorderStep: a step recorded by a debug.Recorder with GDB's
// default record limit (200 000 steps) once the history is full; B/op is
// what each recorded step keeps.
func BenchmarkRecorderStep(b *testing.B) {
	m := mem.New()
	if err := m.Map(0x20000000, mem.PageSize, mem.RW); err != nil {
		b.Fatal(err)
	}
	e := emulate.New(emulate.Config{})
	rc := &debug.Recorder{Limit: 200000}
	e.SetObserver(rc)
	r := regs.Regs{MSR: regs.MSRLinuxUserLE}
	r.GPR[4] = 0x20000000
	step := func() {
		r.NIP = 0x10000000
		r.GPR[3]++
		if err := e.StepWord(&r, m, 0xf8640000, 0); err != nil { // std r3,0(r4)
			b.Fatal(err)
		}
	}
	for rc.Len() < rc.Limit {
		step()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		step()
	}
}

// TestRecorderRing: a Recorder whose history is full reuses the storage
// of the step it drops, keeps the last Limit steps in order (each equal to
// the step's Clone at the time), undoes them back to the earlier states,
// and records without allocating once the ring has been filled.
func TestRecorderRing(t *testing.T) {
	m := mem.New()
	if err := m.Map(0x20000000, mem.PageSize, mem.RW); err != nil {
		t.Fatal(err)
	}
	words := []uint32{ // writes of different sizes, so that the buffers taken over differ
		0xf8640000, // std r3,0(r4)
		0x7c632214, // add r3,r3,r4
		0x98640009, // stb r3,9(r4)
		0x90640010, // stw r3,16(r4)
		0x7c6301d4, // addme r3,r3
	}
	e := emulate.New(emulate.Config{})
	rc := &debug.Recorder{Limit: 3}
	var clones []*emulate.StepRecord
	e.SetObserver(emulate.ObserverFunc(func(rec *emulate.StepRecord) {
		clones = append(clones, rec.Clone())
		rc.ObserveStep(rec)
	}))
	c := e.Context() // StepBack restores the whole Context
	c.Regs = regs.Regs{MSR: regs.MSRLinuxUserLE, NIP: 0x10000000}
	r := &c.Regs
	r.GPR[3], r.GPR[4] = 0x0102030405060708, 0x20000000
	var states []regs.Regs
	var snap [][]byte
	for i := range 11 {
		states = append(states, *r)
		b := make([]byte, 32)
		_ = m.Read(0x20000000, b)
		snap = append(snap, b)
		if err := e.StepWord(r, m, words[i%len(words)], 0); err != nil {
			t.Fatal(err)
		}
		if i == 6 { // read the history mid-way: the ring is linearized, then wraps again
			if got := rc.Records(); len(got) != 3 || !sameRecord(got[2], clones[6]) {
				t.Fatalf("Records after 7 steps: %d records, last equal to step 6: %v", len(got), len(got) == 3 && sameRecord(got[2], clones[6]))
			}
		}
	}
	got := rc.Records()
	if len(got) != 3 {
		t.Fatalf("%d records, want 3", len(got))
	}
	for i, rec := range got {
		if !sameRecord(rec, clones[8+i]) {
			t.Errorf("record %d is not step %d: %+v, want %+v", i, 8+i, rec, clones[8+i])
		}
	}
	for i := 10; i >= 8; i-- {
		if err := rc.StepBack(c, m); err != nil {
			t.Fatal(err)
		}
		b := make([]byte, 32)
		_ = m.Read(0x20000000, b)
		if *r != states[i] || !bytes.Equal(b, snap[i]) {
			t.Fatalf("StepBack to step %d: registers %v, memory % x, want % x", i, regs.Diff(&states[i], r), b, snap[i])
		}
	}
	if err := rc.StepBack(c, m); !errors.Is(err, debug.ErrNoHistory) {
		t.Fatalf("fourth StepBack: %v", err)
	}
	e.SetObserver(rc)
	i := 0
	allocs := testing.AllocsPerRun(100, func() {
		_ = e.StepWord(r, m, words[i%len(words)], 0)
		i++
	})
	if allocs != 0 {
		t.Errorf("%v allocations per recorded step, want 0", allocs)
	}
}

func sameRecord(a, b *emulate.StepRecord) bool {
	if a.Addr != b.Addr || a.Err != b.Err || a.ResvOld != b.ResvOld || a.ResvNew != b.ResvNew ||
		(a.Inst == nil) != (b.Inst == nil) || a.Inst != nil && !reflect.DeepEqual(*a.Inst, *b.Inst) ||
		!slices.Equal(a.Regs, b.Regs) || len(a.Mem) != len(b.Mem) {
		return false
	}
	for i, w := range a.Mem {
		v := b.Mem[i]
		if w.Addr != v.Addr || w.OldOK != v.OldOK || !bytes.Equal(w.Old, v.Old) || !bytes.Equal(w.New, v.New) {
			return false
		}
	}
	return true
}
