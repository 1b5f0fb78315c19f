package debug

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/regs"
)

const (
	bpAddr   = 0x10000040
	slotAddr = 0x7fff0000
	mftbR3   = 0x7c6c42e6 // mftb r3 (mfspr r3,268): not emulated without a TimeBase hook
	plaHi    = 0x06100000 // pla r3,0 prefix (MLS, R=1)
	plaLo    = 0x38600000 // pla r3,0 suffix (addi r3,0,0)
)

func mustInst(t *testing.T, word, suffix uint32) *decode.Inst {
	t.Helper()
	in, err := decode.Lookup(word, suffix)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func userRegs(le bool) regs.Regs {
	r := regs.Regs{NIP: bpAddr, MSR: emutest.MSR}
	if le {
		r.MSR |= regs.MSRLE
	}
	return r
}

func TestCanDisplace(t *testing.T) {
	for _, c := range []struct {
		name         string
		word, suffix uint32
		ok           bool
	}{
		{"add", 0x7c642a14, 0, true},
		{"ld", 0xe8640008, 0, true},
		{"mftb", mftbR3, 0, true},
		{"pli (R=0)", pliHi, pliLo, true},
		{"b", iform(0x40, false, false), 0, false},
		{"bl", iform(0x40, false, true), 0, false},
		{"ba", iform(0x40, true, false), 0, false},
		{"beq", bform(boT, 2, 0x40, false, false), 0, false},
		{"blr", 0x4e800020, 0, false},
		{"bctrl", 0x4e800421, 0, false},
		{"pla (R=1)", plaHi, plaLo, false},
		{"addpcis", 0x4c600004, 0, false},
		{"lwarx", lwarx9, 0, false},
		{"ldarx", ldarx9, 0, false},
		{"stwcx.", stwcx9, 0, false},
		{"stdcx.", stdcx5, 0, false},
		{"sc", 0x44000002, 0, false},
		{"scv", 0x44000001, 0, false},
		{"rfid", 0x4c000024, 0, false},
		{"hrfid", 0x4c000224, 0, false},
		{"rfscv", 0x4c0000a4, 0, false},
		{"rfebb", 0x4c000924, 0, false},
		{"mtmsrd", 0x7c600164, 0, false},
		{"trap", 0x7fe00008, 0, false},
		{"twi", 0x0c830005, 0, false},
	} {
		in := mustInst(t, c.word, c.suffix)
		ok, why := CanDisplace(in)
		if ok != c.ok {
			t.Errorf("%s (%s): CanDisplace = %v (%s), want %v", c.name, in.Op, ok, why, c.ok)
		}
		if !ok && why == "" {
			t.Errorf("%s: no reason", c.name)
		}
		_, err := PlanOutOfLine(in, bpAddr, slotAddr, regs.MSRSF)
		if c.ok != (err == nil) || (err != nil && !errors.Is(err, ErrMustNotDisplace)) {
			t.Errorf("%s: PlanOutOfLine err = %v", c.name, err)
		}
	}
}

func TestStepOverEmulates(t *testing.T) {
	bothOrders(t, func(t *testing.T, le bool) {
		r := userRegs(le)
		r.GPR[4], r.GPR[5] = 5, 7
		e := emulate.New(emulate.Config{})
		var mem regions.Regions
		plan, err := StepOver(e, &r, &mem, mustInst(t, 0x7c642a14, 0), slotAddr) // add r3,r4,r5
		if plan != nil || err != nil {
			t.Fatalf("StepOver = %v, %v", plan, err)
		}
		if r.GPR[3] != 12 || r.NIP != bpAddr+4 {
			t.Errorf("r3 = %d, NIP = %#x", r.GPR[3], r.NIP)
		}
		// A relative branch with link is emulated at its own address.
		r.NIP = bpAddr
		plan, err = StepOver(e, &r, &mem, mustInst(t, iform(0x100, false, true), 0), slotAddr)
		if plan != nil || err != nil {
			t.Fatalf("bl: StepOver = %v, %v", plan, err)
		}
		if r.NIP != bpAddr+0x100 || r.LR != bpAddr+4 {
			t.Errorf("bl: NIP = %#x, LR = %#x", r.NIP, r.LR)
		}
	})
}

func TestStepOverOutOfLine(t *testing.T) {
	bothOrders(t, func(t *testing.T, le bool) {
		r := userRegs(le)
		before := r
		e := emulate.New(emulate.Config{})
		plan, err := StepOver(e, &r, &regions.Regions{}, mustInst(t, mftbR3, 0), slotAddr)
		if err != nil || plan == nil {
			t.Fatalf("StepOver = %v, %v", plan, err)
		}
		if r != before {
			t.Error("registers changed")
		}
		want := &OutOfLine{Addr: bpAddr, Slot: slotAddr, Len: 4, Resume: bpAddr + 4}
		if le {
			copy(want.Insn[:], []byte{0xe6, 0x42, 0x6c, 0x7c})
		} else {
			copy(want.Insn[:], []byte{0x7c, 0x6c, 0x42, 0xe6})
		}
		if d := cmp.Diff(want, plan); d != "" {
			t.Errorf("plan (-want +got):\n%s", d)
		}
		if len(plan.Bytes()) != 4 {
			t.Errorf("Bytes() = % x", plan.Bytes())
		}
		plan.Prepare(&r)
		if r.NIP != slotAddr {
			t.Errorf("Prepare: NIP = %#x", r.NIP)
		}
		// The hardware step completed: NIP = slot + 4.
		r.NIP = slotAddr + 4
		if res := plan.Finish(&r); res != Completed || r.NIP != bpAddr+4 {
			t.Errorf("Finish after completion: %v, NIP = %#x", res, r.NIP)
		}
		// The step faulted: NIP still at the slot.
		r.NIP = slotAddr
		if res := plan.Finish(&r); res != Aborted || r.NIP != bpAddr {
			t.Errorf("Finish after a fault: %v, NIP = %#x", res, r.NIP)
		}
		r.NIP = 0x1234
		if res := plan.Finish(&r); res != Elsewhere || r.NIP != 0x1234 {
			t.Errorf("Finish elsewhere: %v, NIP = %#x", res, r.NIP)
		}
	})
}

func TestPlanOutOfLinePrefixed(t *testing.T) {
	in := mustInst(t, pliHi, pliLo)
	p, err := PlanOutOfLine(in, bpAddr, slotAddr, regs.MSRSF|regs.MSRLE)
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x60, 0x38}
	if d := cmp.Diff(want, p.Bytes()); d != "" || p.Resume != bpAddr+8 {
		t.Errorf("bytes (-want +got):\n%s resume %#x", d, p.Resume)
	}
	r := regs.Regs{MSR: regs.MSRSF, NIP: slotAddr + 8}
	if p.Finish(&r) != Completed || r.NIP != bpAddr+8 {
		t.Errorf("Finish: NIP = %#x", r.NIP)
	}
	// Slot problems.
	if _, err := PlanOutOfLine(in, bpAddr, slotAddr+60, regs.MSRSF); !errors.Is(err, ErrSlot) {
		t.Errorf("slot at 60 mod 64: err = %v", err)
	}
	if _, err := PlanOutOfLine(in, bpAddr, slotAddr+2, regs.MSRSF); !errors.Is(err, ErrSlot) {
		t.Errorf("misaligned slot: err = %v", err)
	}
	// 32-bit mode: Resume and the slot end wrap.
	p, err = PlanOutOfLine(mustInst(t, mftbR3, 0), 0xfffffffc, 0xfffffffc, 0)
	if err != nil || p.Resume != 0 {
		t.Fatalf("32-bit: %+v, %v", p, err)
	}
	r = regs.Regs{NIP: 0}
	if p.Finish(&r) != Completed || r.NIP != 0 {
		t.Errorf("32-bit Finish: NIP = %#x", r.NIP)
	}
}

func TestStepOverRefusals(t *testing.T) {
	e := emulate.New(emulate.Config{})
	for _, c := range []struct {
		name         string
		word, suffix uint32
		want         []error
	}{
		{"lwarx (never emulated here)", lwarx9, 0, []error{ErrMustNotDisplace}},
		{"stwcx.", stwcx9, 0, []error{ErrMustNotDisplace}},
		{"sc", 0x44000002, 0, []error{ErrMustNotDisplace, emulate.ErrMustNotStep}},
		{"trap fires", 0x7fe00008, 0, []error{emulate.ErrTrap}},
		{"rfid in problem state", 0x4c000024, 0, []error{emulate.ErrPrivileged}},
	} {
		r := userRegs(true)
		r.GPR[3] = 0x50000000
		before := r
		plan, err := StepOver(e, &r, &regions.Regions{}, mustInst(t, c.word, c.suffix), slotAddr)
		if plan != nil {
			t.Errorf("%s: got a plan", c.name)
		}
		for _, w := range c.want {
			if !errors.Is(err, w) {
				t.Errorf("%s: err = %v, want %v", c.name, err, w)
			}
		}
		if r != before {
			t.Errorf("%s: registers changed", c.name)
		}
	}
}

// TestStepOverUndecoded passes the Inst a failed decode leaves (only Word
// and Suffix set), as a debugger holding an original word that is no
// instruction does: StepOver raises the illegal-instruction interrupt with
// the registers unchanged, and the out-of-line plan copies the word (4
// bytes, or 8 for a prefix) for the CPU to raise it. Seen on a real kernel
// (debug/ptrace TestHostStepOverFaults): the empty Inst went to e.Step,
// which called it not emulated, and the plan had Len 0, copying nothing.
func TestStepOverUndecoded(t *testing.T) {
	e := emulate.New(emulate.Config{})
	for _, c := range []struct {
		name         string
		word, suffix uint32
		len          int
	}{
		{"word 0", 0, 0, 4},
		{"prefix with a reserved suffix", 0x07900000, 0xffffffff, 8},
	} {
		var in decode.Inst
		if err := decode.DecodeWordTo(&in, c.word, c.suffix); err == nil {
			t.Fatalf("%s: %#x %#x decodes", c.name, c.word, c.suffix)
		}
		r := userRegs(true)
		before := r
		plan, err := StepOver(e, &r, &regions.Regions{}, &in, slotAddr)
		if plan != nil || !errors.Is(err, emulate.ErrIllegal) || r != before {
			t.Errorf("%s: StepOver = %v, %v (registers changed: %v); want ErrIllegal", c.name, plan, err, r != before)
		}
		p, err := PlanOutOfLine(&in, bpAddr, slotAddr, r.MSR)
		if err != nil || p.Len != c.len || p.Resume != bpAddr+uint64(c.len) {
			t.Errorf("%s: PlanOutOfLine = %+v, %v; want Len %d", c.name, p, err, c.len)
		}
	}
}

func TestRecorderStepBack(t *testing.T) {
	e := emulate.New(emulate.Config{})
	c := e.Context() // StepBack restores the whole Context
	c.Regs = userRegs(true)
	r := &c.Regs
	data := make([]byte, 16)
	mem := regions.Regions{{Addr: 0x50000000, Data: data, Writable: true}}
	r.GPR[3], r.GPR[4] = 0x1111, 0x50000000
	rec := &Recorder{Limit: 2}
	e.SetObserver(rec)
	words := []uint32{
		0x7c632214, // add r3,r3,r4
		0xf8640008, // std r3,8(r4)
		0x7c632214, // add r3,r3,r4
	}
	var states []regs.Regs
	for _, w := range words {
		states = append(states, *r)
		if err := e.StepWord(r, &mem, w, 0); err != nil {
			t.Fatal(err)
		}
	}
	if rec.Len() != 2 {
		t.Fatalf("Len = %d, want 2 (Limit)", rec.Len())
	}
	if err := rec.StepBack(c, &mem); err != nil || *r != states[2] {
		t.Fatalf("first StepBack: %v", err)
	}
	if err := rec.StepBack(c, &mem); err != nil || *r != states[1] {
		t.Fatalf("second StepBack: %v", err)
	}
	for _, b := range data {
		if b != 0 {
			t.Fatalf("memory not restored: % x", data)
		}
	}
	if err := rec.StepBack(c, &mem); !errors.Is(err, ErrNoHistory) {
		t.Errorf("third StepBack: %v", err)
	}
	rec.Reset()
	if rec.Len() != 0 || len(rec.Records()) != 0 {
		t.Error("Reset")
	}
}

func bothOrders(t *testing.T, f func(t *testing.T, le bool)) {
	t.Run("le", func(t *testing.T) { f(t, true) })
	t.Run("be", func(t *testing.T) { f(t, false) })
}
