package branch

import "testing"

// TestTaken checks the BO encodings of Power ISA 3.1B Book I 2.4 (Figure
// 40): branch always, on a CR bit true or false, on CTR zero or not, and the
// 32-bit CTR test.
func TestTaken(t *testing.T) {
	const cr0lt = 1 << 31 // CR bit 0 set
	tests := []struct {
		name   string
		bo, bi uint8
		cr     uint32
		ctr    uint64
		is64   bool
		taken  bool
		newCTR uint64
	}{
		{"always (BO=20)", 20, 0, 0, 5, true, true, 5},
		{"bt lt, set", 12, 0, cr0lt, 5, true, true, 5},
		{"bt lt, clear", 12, 0, 0, 5, true, false, 5},
		{"bf lt, clear", 4, 0, 0, 5, true, true, 5},
		{"bdnz, ctr 2", 16, 0, 0, 2, true, true, 1},
		{"bdnz, ctr 1", 16, 0, 0, 1, true, false, 0},
		{"bdz, ctr 1", 18, 0, 0, 1, true, true, 0},
		{"bdnz 32-bit, ctr 1<<32|1", 16, 0, 0, 1<<32 | 1, false, false, 1 << 32},
		{"bdnz 64-bit, ctr 1<<32|1", 16, 0, 0, 1<<32 | 1, true, true, 1 << 32},
		{"bdnzt lt, set, ctr 2", 8, 0, cr0lt, 2, true, true, 1},
		{"bdnzt lt, clear, ctr 2", 8, 0, 0, 2, true, false, 1},
	}
	for _, tt := range tests {
		taken, ctr := Taken(tt.bo, tt.bi, tt.cr, tt.ctr, tt.is64)
		if taken != tt.taken || ctr != tt.newCTR {
			t.Errorf("%s: Taken = %v, %#x; want %v, %#x", tt.name, taken, ctr, tt.taken, tt.newCTR)
		}
	}
}
