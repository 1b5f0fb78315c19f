package debug_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/ppc64emu/ppc64emu/debug"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/trap"
)

// Encodings from Power ISA 3.1B.
func TestPlan(t *testing.T) {
	plain := emulate.New(emulate.Config{})
	withTB := emulate.New(emulate.Config{TimeBase: func() uint64 { return 1 }})
	tests := []struct {
		name string
		word uint32
		addr uint64
		e    *emulate.Emulator
		want debug.Action
		is   error
	}{
		{"add", 0x7c642a14, 0x1000, plain, debug.ProbeEmulate, nil},
		{"bl", 0x48000001, 0x1000, plain, debug.ProbeEmulate, nil},
		{"misaligned", 0x7c642a14, 0x1002, plain, debug.ProbeReject, trap.ErrMisaligned},
		{"trap", 0x7fe00008, 0x1000, plain, debug.ProbeReject, trap.ErrTrapInstruction},
		{"lwarx", 0x7c601828, 0x1000, plain, debug.ProbeReject, debug.ErrAtomicSequence},
		{"ldarx", 0x7c6018a8, 0x1000, plain, debug.ProbeReject, debug.ErrAtomicSequence},
		{"stdcx.", 0x7c6019ad, 0x1000, plain, debug.ProbeReject, debug.ErrAtomicSequence},
		{"sc", 0x44000002, 0x1000, plain, debug.ProbeReject, trap.ErrCannotSingleStep},
		// mftb r3 (mfspr r3,268): out of line without a TimeBase hook.
		{"mftb-no-hook", 0x7c6c42a6, 0x1000, plain, debug.ProbeOutOfLine, emulate.ErrNotEmulated},
		{"mftb-hook", 0x7c6c42a6, 0x1000, withTB, debug.ProbeEmulate, nil},
		// xvf32ger a0,vs0,vs1 (MMA): not emulated, displaceable.
		{"mma", 0xec000898, 0x1000, plain, debug.ProbeOutOfLine, emulate.ErrNotEmulated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := decode.DecodeWord(tt.word, 0)
			if err != nil {
				t.Fatal(err)
			}
			p := debug.Plan(&in, tt.addr, tt.e)
			if p.Action != tt.want || p.Reason == "" {
				t.Errorf("Plan = %v (%s, %v), want %v", p.Action, p.Reason, p.Err, tt.want)
			}
			if tt.is != nil && !errors.Is(p.Err, tt.is) {
				t.Errorf("Plan.Err = %v, want it to match %v", p.Err, tt.is)
			}
			// The doc: Err is set for every refusal, nil for ProbeEmulate.
			if (p.Err == nil) != (p.Action == debug.ProbeEmulate) {
				t.Errorf("Plan = %v with Err %v: want Err nil exactly for %v", p.Action, p.Err, debug.ProbeEmulate)
			}
		})
	}
}

// ExamplePlan plans breakpoints on three instructions.
func ExamplePlan() {
	e := emulate.New(emulate.Config{})                               // no TimeBase hook
	for _, w := range []uint32{0x7c642a14, 0x7c6c42a6, 0x7c601828} { // add, mftb, lwarx
		in, _ := decode.DecodeWord(w, 0)
		p := debug.Plan(&in, 0x10000000, e)
		fmt.Printf("%-14s %-11v %s\n", in.String(), p.Action, p.Reason)
	}
	// Output:
	// add r3,r4,r5   emulate     emulated
	// mftb r3        out-of-line not emulated: single-step a copy
	// lwarx r3,0,r3  reject      inside an atomic sequence: the reservation would be lost at every hit
}
