package emulate

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/mem"
)

// TestJumpIndexSpreads: the jump table's entries for blocks laid out as a
// program's code is (functions at the same offset of many pages, entry
// points aligned to 16 or 32 bytes over many pages, every word of a page)
// are spread over the table: blocks at one offset of different pages
// never share an entry, and a layout with at least as many blocks as
// entries uses at least half of them (the word index modulo the table's
// size, before, put the first layout in one entry and used a quarter of
// the table for 32-byte entry points).
func TestJumpIndexSpreads(t *testing.T) {
	for _, base := range []uint64{0x10000000, 0x7fff8a000000, 0x3fffb7f40000} {
		for _, tc := range []struct {
			name         string
			off, step, n uint64 // n blocks step bytes apart from base+off
			min          int    // distinct entries at least
		}{
			{"offset 0 of 64 pages", 0, mem.PageSize, 64, 64},
			{"offset 0x7f0 of 64 pages", 0x7f0, mem.PageSize, 64, 64},
			{"every 16 bytes of 16 pages", 0, 16, 16 * mem.PageSize / 16, jumpSize / 2},
			{"every 32 bytes of 64 pages", 0, 32, 64 * mem.PageSize / 32, jumpSize / 2},
			{"every word of 4 pages", 0, 4, 4 * mem.PageSize / 4, jumpSize / 2},
		} {
			start := base + tc.off
			seen := map[uint64]bool{}
			for k := uint64(0); k < tc.n; k++ {
				i := jumpIndex(start + k*tc.step)
				if i >= jumpSize {
					t.Fatalf("%#x, %s: jumpIndex(%#x) = %d, beyond the table (%d entries)", base, tc.name, start+k*tc.step, i, jumpSize)
				}
				seen[i] = true
			}
			if len(seen) < tc.min {
				t.Errorf("%#x, %s: %d blocks in %d entries of the jump table, want at least %d", base, tc.name, tc.n, len(seen), tc.min)
			}
		}
	}
}
