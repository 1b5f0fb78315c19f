package emulate_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestStepUndecoded: Step of an Inst that decode did not fill (a zero
// Inst; what decode.Lookup leaves for a word it rejects) is the illegal
// instruction StepWord gives for the word (primary opcode 0 is not an
// instruction in user mode, Power ISA 3.1B Appendix: opcode maps), with
// the registers unchanged.
func TestStepUndecoded(t *testing.T) {
	for _, w := range []uint32{0x00000000, 0x00001234} {
		in, derr := decode.Lookup(w, 0)
		if derr == nil {
			t.Fatalf("decode.Lookup(%#08x) decoded %v; the test needs a word it rejects", w, in.Op)
		}
		for name, inst := range map[string]*decode.Inst{"zero": {Word: w}, "lookup": in} {
			e := emulate.New(emulate.Config{})
			r := regs.Regs{MSR: regs.MSRLinuxUserLE, NIP: 0x10000}
			r.GPR[1] = 0x1234
			r0 := r
			err := e.Step(&r, nil, inst)
			if !errors.Is(err, emulate.ErrIllegal) {
				t.Errorf("%#08x %s: Step = %v, want ErrIllegal", w, name, err)
			}
			if werr := e.StepWord(&r, nil, w, 0); werr == nil || err == nil || werr.Error() != err.Error() {
				t.Errorf("%#08x %s: Step = %v, StepWord = %v: want the same error", w, name, err, werr)
			}
			if d := cmp.Diff(r0, r); d != "" {
				t.Errorf("%#08x %s: registers changed (-want +got):\n%s", w, name, d)
			}
		}
	}
}
