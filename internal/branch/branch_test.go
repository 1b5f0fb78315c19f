package branch

import (
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// inst assembles op with args through decode.Encode and decodes it.
func inst(t *testing.T, op decode.Op, args ...int64) *decode.Inst {
	t.Helper()
	w, s, err := decode.Encode(op, args...)
	if err != nil {
		t.Fatalf("Encode(%v, %v): %v", op, args, err)
	}
	in, err := decode.DecodeWord(w, s)
	if err != nil && in.Op != op {
		t.Fatalf("DecodeWord(%08x): %v", w, err)
	}
	return &in
}

// TestTaken checks the BO encodings of Power ISA 3.1B Book I 2.4 (Figure
// 40): branch always, on a CR bit true or false, on CTR zero or not, and the
// 32-bit CTR test; and the invalid form bcctr with BO[2] = 0 as the server
// user manuals and QEMU 7.2 execute it (QEMU 7.2 harness: bcctr 16,0,0
// with CTR=0 falls through leaving CTR 0, with CTR=1 branches and CTR=0;
// bcctr 18,0,0 with CTR=0 branches with CTR=-1).
func TestTaken(t *testing.T) {
	const cr0lt = 1 << 31 // CR bit 0 set
	tests := []struct {
		name   string
		op     decode.Op
		bo, bi uint8
		cr     uint32
		ctr    uint64
		is64   bool
		taken  bool
		newCTR uint64
	}{
		{"always (BO=20)", ppc64asm.BC, 20, 0, 0, 5, true, true, 5},
		{"bt lt, set", ppc64asm.BC, 12, 0, cr0lt, 5, true, true, 5},
		{"bt lt, clear", ppc64asm.BC, 12, 0, 0, 5, true, false, 5},
		{"bf lt, clear", ppc64asm.BC, 4, 0, 0, 5, true, true, 5},
		{"bdnz, ctr 2", ppc64asm.BC, 16, 0, 0, 2, true, true, 1},
		{"bdnz, ctr 1", ppc64asm.BC, 16, 0, 0, 1, true, false, 0},
		{"bdz, ctr 1", ppc64asm.BC, 18, 0, 0, 1, true, true, 0},
		{"bdnz 32-bit, ctr 1<<32|1", ppc64asm.BC, 16, 0, 0, 1<<32 | 1, false, false, 1 << 32},
		{"bdnz 64-bit, ctr 1<<32|1", ppc64asm.BC, 16, 0, 0, 1<<32 | 1, true, true, 1 << 32},
		{"bdnzt lt, set, ctr 2", ppc64asm.BC, 8, 0, cr0lt, 2, true, true, 1},
		{"bdnzt lt, clear, ctr 2", ppc64asm.BC, 8, 0, 0, 2, true, false, 1},
		{"bdnzlr, ctr 2", ppc64asm.BCLR, 16, 0, 0, 2, true, true, 1},
		{"bcctr 16 (invalid), ctr 0", ppc64asm.BCCTR, 16, 0, 0, 0, true, false, 0},
		{"bcctr 16 (invalid), ctr 1", ppc64asm.BCCTR, 16, 0, 0, 1, true, true, 0},
		{"bcctr 18 (invalid), ctr 0", ppc64asm.BCCTR, 18, 0, 0, 0, true, true, 1<<64 - 1},
		{"bcctr 20, ctr 0", ppc64asm.BCCTR, 20, 0, 0, 0, true, true, 0},
	}
	for _, tt := range tests {
		args := []int64{int64(tt.bo), int64(tt.bi), 8}
		if tt.op != ppc64asm.BC {
			args[2] = 0 // BH
		}
		in := inst(t, tt.op, args...)
		taken, ctr := Taken(in, tt.cr, tt.ctr, tt.is64)
		if taken != tt.taken || ctr != tt.newCTR {
			t.Errorf("%s: Taken = %v, %#x; want %v, %#x", tt.name, taken, ctr, tt.taken, tt.newCTR)
		}
	}
}

// TestTarget checks the branch targets of Power ISA 3.1B Book I 2.4: NIA
// = CIA + displacement, the displacement itself with AA=1, LR, CTR or TAR
// with bits 62:63 cleared, truncated to 32 bits when MSR[SF] = 0.
func TestTarget(t *testing.T) {
	r := regs.Regs{NIP: 0x10000000, LR: 0x2003, CTR: 0x3002, TAR: 0x4001, MSR: regs.MSRSF}
	narrow := r
	narrow.MSR, narrow.NIP = 0, 0xfffffff0
	tests := []struct {
		name string
		in   *decode.Inst
		r    *regs.Regs
		want uint64
	}{
		{"b +8", inst(t, ppc64asm.B, 8), &r, 0x10000008},
		{"b -4", inst(t, ppc64asm.B, -4), &r, 0x0ffffffc},
		{"ba 0x100", inst(t, ppc64asm.BA, 0x100), &r, 0x100},
		{"ba -4 (sign-extended)", inst(t, ppc64asm.BA, -4), &r, 0xfffffffffffffffc},
		{"bc +16", inst(t, ppc64asm.BC, 12, 0, 16), &r, 0x10000010},
		{"bca 0x20", inst(t, ppc64asm.BCA, 12, 0, 0x20), &r, 0x20},
		{"bclr", inst(t, ppc64asm.BCLR, 20, 0, 0), &r, 0x2000},
		{"bcctr", inst(t, ppc64asm.BCCTR, 20, 0, 0), &r, 0x3000},
		{"bctar", inst(t, ppc64asm.BCTAR, 20, 0, 0), &r, 0x4000},
		{"b +0x20 32-bit wraps", inst(t, ppc64asm.B, 0x20), &narrow, 0x10},
		{"ba -4 32-bit", inst(t, ppc64asm.BA, -4), &narrow, 0xfffffffc},
	}
	for _, tt := range tests {
		if got := Target(tt.in, tt.r); got != tt.want {
			t.Errorf("%s: Target = %#x, want %#x", tt.name, got, tt.want)
		}
	}
}
