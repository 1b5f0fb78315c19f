package trace_test

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/trace"
)

// TestNewVectorRoundTrip: a vector built from random register values
// prints as a line ParseLine accepts, and its machine (both byte orders)
// holds those values in every register the format names.
func TestNewVectorRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 50 {
		var r regs.Regs
		for j := range r.GPR {
			if rng.IntN(3) == 0 {
				r.GPR[j] = rng.Uint64()
			}
		}
		for j := range r.VSR {
			if rng.IntN(3) == 0 {
				r.VSR[j] = regs.VSR{Hi: rng.Uint64(), Lo: rng.Uint64()}
			}
		}
		r.CR, r.XER, r.LR, r.CTR = rng.Uint32(), rng.Uint64()&0xe00600ff, rng.Uint64(), rng.Uint64()
		r.FPSCR, r.VSCR, r.TAR, r.VRSAVE, r.PPR = rng.Uint64()&0xffffffff, rng.Uint32()&0x10001, rng.Uint64(), rng.Uint32(), rng.Uint64()
		word, suffix := uint32(0x7c642a14), uint32(0)
		if i%2 == 1 {
			word, suffix = 0x04000000, 0xe4640008 // pld r3,8(r4)
		}
		v := trace.NewVector("v", word, suffix, &r)
		l, err := trace.ParseLine(v.String())
		if err != nil {
			t.Fatalf("%s: %v", v.String(), err)
		}
		for _, le := range []bool{false, true} {
			m := l.Vector.Machine(le)
			want := r
			want.NIP, want.MSR = m.Regs.NIP, m.Regs.MSR
			if d := cmp.Diff(want, m.Regs); d != "" {
				t.Fatalf("le=%v: machine registers differ (-want +got):\n%s", le, d)
			}
		}
	}
}
