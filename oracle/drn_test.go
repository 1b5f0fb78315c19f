package oracle

import (
	"context"
	"fmt"
	"testing"

	"github.com/ppc64emu/ppc64emu/trace"
)

// TestDRNSurvivesWatchdogTicks runs vectors with a non-zero DRN (FPSCR's
// high word) through an instruction that does not touch the FPSCR, with
// the harness's watchdog ticking every 50 µs instead of 100 ms, so that
// ticks often land between the DRN prologue and the instruction or between
// the instruction and the trap after it. QEMU's rt_sigreturn loads only the
// low word of FPSCR: before the harness's resume trampoline, about 1% of
// these vectors reported fpscr with DRN = 0 (the 1-in-7,000 flake of the
// 100 ms tick). Every result must leave the FPSCR unchanged.
func TestDRNSurvivesWatchdogTicks(t *testing.T) {
	for _, be := range []bool{false, true} {
		t.Run(fmt.Sprintf("be=%v", be), func(t *testing.T) {
			o := newQEMU(t, be)
			o.argv = append(o.Command(), "-tick", "50")
			const n = 3000
			vecs := make([]trace.Vector, n)
			for i := range vecs {
				vecs[i] = trace.Vector{
					ID:   fmt.Sprintf("drn%d", i),
					Word: 0x7c642a14, // add r3,r4,r5
					Len:  4,
					Sets: []trace.Assign{
						{Key: "r4", Value: fmt.Sprintf("%x", i)},
						{Key: "fpscr", Value: fmt.Sprintf("%x00000000", 1+i%7)},
					},
				}
			}
			got, err := o.Run(context.Background(), vecs)
			if err != nil {
				t.Fatal(err)
			}
			bad := 0
			for _, l := range got {
				if l.Result == nil || l.Result.Status != trace.StatusTrap && l.Result.Status != trace.StatusOK {
					t.Errorf("%s: %s", l.ID, l.String())
					continue
				}
				for _, r := range l.Result.Regs {
					if r.Key == "fpscr" {
						bad++
						if bad <= 3 {
							t.Errorf("FPSCR changed by add: %s", l.String())
						}
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d vectors lost DRN", bad, n)
			}
		})
	}
}
