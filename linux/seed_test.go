//go:build linux

package linux_test

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/linux"
)

// getrandomCode: getrandom(sp-64, 8, 0); write(1, sp-64, 8); exit_group(0).
var getrandomCode = []uint32{
	addi(3, 1, 0xffc0), li(4, 8), li(5, 0), li(0, 359), sc,
	li(3, 1), addi(4, 1, 0xffc0), li(5, 8), li(0, 4), sc,
	li(3, 0), li(0, 234), sc,
}

// TestSeededGetrandom: a run with Config.Seed draws getrandom's bytes
// from the seed (seed.go): one seed, the same bytes; another seed, or no
// seed, other bytes.
func TestSeededGetrandom(t *testing.T) {
	seed := func(v uint64) *uint64 { return &v }
	for _, tc := range []struct {
		name string
		a, b *uint64
		same bool
	}{
		{"one seed", seed(1), seed(1), true},
		{"seed 0", seed(0), seed(0), true},
		{"two seeds", seed(1), seed(2), false},
		{"seeded and not", seed(1), nil, false},
		{"no seed", nil, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var outs [2]string
			for i, s := range []*uint64{tc.a, tc.b} {
				out, st, err := runELF(t, buildELF(binary.LittleEndian, false, getrandomCode, nil), linux.Config{Seed: s})
				if err != nil || st != (linux.ExitStatus{}) || len(out) != 8 {
					t.Fatalf("run %d: %q, status %+v, %v; want 8 bytes and exit 0", i, out, st, err)
				}
				outs[i] = out
			}
			if (outs[0] == outs[1]) != tc.same {
				t.Errorf("bytes %x and %x: same %v, want %v", outs[0], outs[1], outs[0] == outs[1], tc.same)
			}
		})
	}
}
