package debug

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Branch encoders over decode.Encode, checked against known words in
// TestEncoders. disp is the displacement, or with aa the absolute target.

// branchWord encodes ops[aa<<1|lk] (the plain, link, absolute and absolute
// link forms) with args.
func branchWord(ops [4]decode.Op, aa, lk bool, args ...int64) uint32 {
	i := 0
	if lk {
		i |= 1
	}
	if aa {
		i |= 2
	}
	w, _, err := decode.Encode(ops[i], args...)
	if err != nil {
		panic(err)
	}
	return w
}

// iform is b/bl/ba/bla.
func iform(disp int64, aa, lk bool) uint32 {
	return branchWord([4]decode.Op{ppc64asm.B, ppc64asm.BL, ppc64asm.BA, ppc64asm.BLA}, aa, lk, disp)
}

// bform is bc/bcl/bca/bcla with BO, BI.
func bform(bo, bi uint32, disp int64, aa, lk bool) uint32 {
	return branchWord([4]decode.Op{ppc64asm.BC, ppc64asm.BCL, ppc64asm.BCA, ppc64asm.BCLA}, aa, lk, int64(bo), int64(bi), disp)
}

// The XL-form register branches, without and with LK.
var (
	opsBCLR  = [2]decode.Op{ppc64asm.BCLR, ppc64asm.BCLRL}
	opsBCCTR = [2]decode.Op{ppc64asm.BCCTR, ppc64asm.BCCTRL}
	opsBCTAR = [2]decode.Op{ppc64asm.BCTAR, ppc64asm.BCTARL}
)

// xlform is bclr/bcctr/bctar[l] with BO, BI and BH = 0.
func xlform(bo, bi uint32, ops [2]decode.Op, lk bool) uint32 {
	return branchWord([4]decode.Op{ops[0], ops[1]}, false, lk, int64(bo), int64(bi), 0)
}

func TestEncoders(t *testing.T) {
	for _, c := range []struct {
		got, want uint32
		what      string
	}{
		{xlform(20, 0, opsBCLR, false), 0x4e800020, "blr"},
		{xlform(20, 0, opsBCLR, true), 0x4e800021, "blrl"},
		{xlform(20, 0, opsBCCTR, false), 0x4e800420, "bctr"},
		{xlform(20, 0, opsBCCTR, true), 0x4e800421, "bctrl"},
		{bform(20, 31, 4, false, true), 0x429f0005, "bcl 20,31,$+4"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %08x, want %08x", c.what, c.got, c.want)
		}
	}
}

// CR bits: BI names bit BI of CR counting from the most significant end.
func crBit(bi uint) uint32 { return 1 << (31 - bi) }

const (
	nip64 = 0x10000100
	lrVal = 0x20000003 // low two bits are ignored by bclr
	ctrV  = 0x30000002
	tarV  = 0x40000001
)

// Condition BO values (Power ISA Figure 40; the "z" hint bits zero).
const (
	boDnzF = 0  // 0000z: CTR-- ; branch if CTR != 0 and CR[BI] = 0
	boDzF  = 2  // 0001z: CTR-- ; branch if CTR == 0 and CR[BI] = 0
	boF    = 4  // 001zz: branch if CR[BI] = 0
	boDnzT = 8  // 0100z: CTR-- ; branch if CTR != 0 and CR[BI] = 1
	boDzT  = 10 // 0101z: CTR-- ; branch if CTR == 0 and CR[BI] = 1
	boT    = 12 // 011zz: branch if CR[BI] = 1
	boDnz  = 16 // 1z00z: CTR-- ; branch if CTR != 0
	boDz   = 18 // 1z01z: CTR-- ; branch if CTR == 0
	boA    = 20 // 1z1zz: branch always
)

func TestNextPCs(t *testing.T) {
	const eq = 2 // CR0 EQ
	type st struct {
		cr  uint32
		ctr uint64
	}
	fall := uint64(nip64 + 4)
	rel := uint64(nip64 + 0x40)
	for _, c := range []struct {
		name     string
		word     uint32
		suffix   uint32
		s        st
		want     []uint64 // with state
		wantAny  []uint64 // ignoring state
		flow     Flow
		intr     bool // Interrupt with state
		intrAny  bool // Interrupt ignoring state
		is32     bool
		nip      uint64 // default nip64
		ctrLater bool
	}{
		// Non-branches.
		{name: "add", word: 0x7c642a14, want: []uint64{fall}, wantAny: []uint64{fall}},
		{name: "pli (prefixed)", word: 0x06000000, suffix: 0x38600000, want: []uint64{nip64 + 8}, wantAny: []uint64{nip64 + 8}},
		{name: "add 32-bit wraps", word: 0x7c642a14, is32: true, nip: 0xfffffffc, want: []uint64{0}, wantAny: []uint64{0}},

		// I-form.
		{name: "b +0x40", word: iform(0x40, false, false), want: []uint64{rel}, wantAny: []uint64{rel}, flow: Branch},
		{name: "b -4", word: iform(-4, false, false), want: []uint64{nip64 - 4}, wantAny: []uint64{nip64 - 4}, flow: Branch},
		{name: "bl +0x40", word: iform(0x40, false, true), want: []uint64{rel}, wantAny: []uint64{rel}, flow: Branch},
		{name: "ba 0x100", word: iform(0x100, true, false), want: []uint64{0x100}, wantAny: []uint64{0x100}, flow: Branch},
		{name: "bla -0x100 (sign-extended)", word: iform(-0x100, true, true), want: []uint64{0xffffffffffffff00}, wantAny: []uint64{0xffffffffffffff00}, flow: Branch},
		{name: "ba -0x100 32-bit", word: iform(-0x100, true, false), is32: true, want: []uint64{0xffffff00}, wantAny: []uint64{0xffffff00}, flow: Branch},
		{name: "b +0x20 32-bit wraps", word: iform(0x20, false, false), is32: true, nip: 0xfffffff0, want: []uint64{0x10}, wantAny: []uint64{0x10}, flow: Branch},
		{name: "b largest forward", word: iform(0x1fffffc, false, false), want: []uint64{nip64 + 0x1fffffc}, wantAny: []uint64{nip64 + 0x1fffffc}, flow: Branch},
		{name: "b largest backward", word: iform(-0x2000000, false, false), want: []uint64{nip64 - 0x2000000}, wantAny: []uint64{nip64 - 0x2000000}, flow: Branch},

		// B-form, CR conditions.
		{name: "beq taken", word: bform(boT, eq, 0x40, false, false), s: st{cr: crBit(eq)}, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "beq not taken", word: bform(boT, eq, 0x40, false, false), want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bne taken", word: bform(boF, eq, 0x40, false, false), want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bne not taken", word: bform(boF, eq, 0x40, false, false), s: st{cr: crBit(eq)}, want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bne backward", word: bform(boF, eq, -8, false, false), want: []uint64{nip64 - 8}, wantAny: []uint64{fall, nip64 - 8}, flow: Branch},
		{name: "beq+ (hint bits ignored)", word: bform(boT|3, eq, 0x40, false, false), s: st{cr: crBit(eq)}, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bgt cr7 (BI 29) taken", word: bform(boT, 29, 0x40, false, false), s: st{cr: crBit(29)}, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bgt cr7 other bits set", word: bform(boT, 29, 0x40, false, false), s: st{cr: ^crBit(29)}, want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bca beq 0x1000", word: bform(boT, eq, 0x1000, true, false), s: st{cr: crBit(eq)}, want: []uint64{0x1000}, wantAny: []uint64{fall, 0x1000}, flow: Branch},
		{name: "bca negative", word: bform(boT, eq, -0x1000, true, false), s: st{cr: crBit(eq)}, want: []uint64{0xfffffffffffff000}, wantAny: []uint64{fall, 0xfffffffffffff000}, flow: Branch},
		{name: "bcl beq not taken", word: bform(boT, eq, 0x40, false, true), want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bc always", word: bform(boA, 0, 0x40, false, false), want: []uint64{rel}, wantAny: []uint64{rel}, flow: Branch},
		{name: "bcl 20,31,$+4", word: 0x429f0005, want: []uint64{fall}, wantAny: []uint64{fall}, flow: Branch},
		{name: "bc to itself+4 dedup", word: bform(boT, eq, 4, false, false), want: []uint64{fall}, wantAny: []uint64{fall}, flow: Branch},

		// B-form, CTR conditions. CTR is decremented first, then tested.
		{name: "bdnz CTR=2 taken", word: bform(boDnz, 0, 0x40, false, false), s: st{ctr: 2}, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdnz CTR=1 not taken", word: bform(boDnz, 0, 0x40, false, false), s: st{ctr: 1}, want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdnz CTR=0 wraps, taken", word: bform(boDnz, 0, 0x40, false, false), s: st{ctr: 0}, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdz CTR=1 taken", word: bform(boDz, 0, 0x40, false, false), s: st{ctr: 1}, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdz CTR=2 not taken", word: bform(boDz, 0, 0x40, false, false), s: st{ctr: 2}, want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdnz 64-bit CTR 2^32+1 taken", word: bform(boDnz, 0, 0x40, false, false), s: st{ctr: 1<<32 | 1}, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdnz 32-bit CTR 2^32+1: low word 0, not taken", word: bform(boDnz, 0, 0x40, false, false), s: st{ctr: 1<<32 | 1}, is32: true, want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdz 32-bit CTR 2^32+1 taken", word: bform(boDz, 0, 0x40, false, false), s: st{ctr: 1<<32 | 1}, is32: true, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdnzt both hold", word: bform(boDnzT, eq, 0x40, false, false), s: st{ctr: 2, cr: crBit(eq)}, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdnzt CR fails", word: bform(boDnzT, eq, 0x40, false, false), s: st{ctr: 2}, want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdnzt CTR fails", word: bform(boDnzT, eq, 0x40, false, false), s: st{ctr: 1, cr: crBit(eq)}, want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdnzf both hold", word: bform(boDnzF, eq, 0x40, false, false), s: st{ctr: 2}, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdnzf CR fails", word: bform(boDnzF, eq, 0x40, false, false), s: st{ctr: 2, cr: crBit(eq)}, want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdzt both hold", word: bform(boDzT, eq, 0x40, false, false), s: st{ctr: 1, cr: crBit(eq)}, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdzt CTR fails", word: bform(boDzT, eq, 0x40, false, false), s: st{ctr: 3, cr: crBit(eq)}, want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdzf both hold", word: bform(boDzF, eq, 0x40, false, false), s: st{ctr: 1}, want: []uint64{rel}, wantAny: []uint64{fall, rel}, flow: Branch},
		{name: "bdzf CR fails", word: bform(boDzF, eq, 0x40, false, false), s: st{ctr: 1, cr: crBit(eq)}, want: []uint64{fall}, wantAny: []uint64{fall, rel}, flow: Branch},

		// XL-form: bclr, bcctr, bctar. Targets have the low two bits cleared.
		{name: "blr", word: xlform(boA, 0, opsBCLR, false), want: []uint64{lrVal &^ 3}, wantAny: []uint64{lrVal &^ 3}, flow: Branch},
		{name: "blrl (old LR)", word: xlform(boA, 0, opsBCLR, true), want: []uint64{lrVal &^ 3}, wantAny: []uint64{lrVal &^ 3}, flow: Branch},
		{name: "beqlr taken", word: xlform(boT, eq, opsBCLR, false), s: st{cr: crBit(eq)}, want: []uint64{lrVal &^ 3}, wantAny: []uint64{fall, lrVal &^ 3}, flow: Branch},
		{name: "beqlr not taken", word: xlform(boT, eq, opsBCLR, false), want: []uint64{fall}, wantAny: []uint64{fall, lrVal &^ 3}, flow: Branch},
		{name: "bdnzlr CTR=2", word: xlform(boDnz, 0, opsBCLR, false), s: st{ctr: 2}, want: []uint64{lrVal &^ 3}, wantAny: []uint64{fall, lrVal &^ 3}, flow: Branch},
		{name: "bdnzlr CTR=1", word: xlform(boDnz, 0, opsBCLR, false), s: st{ctr: 1}, want: []uint64{fall}, wantAny: []uint64{fall, lrVal &^ 3}, flow: Branch},
		{name: "bctr", word: xlform(boA, 0, opsBCCTR, false), s: st{ctr: ctrV}, want: []uint64{ctrV &^ 3}, wantAny: []uint64{ctrV &^ 3}, flow: Branch},
		{name: "bctrl", word: xlform(boA, 0, opsBCCTR, true), s: st{ctr: ctrV}, want: []uint64{ctrV &^ 3}, wantAny: []uint64{ctrV &^ 3}, flow: Branch},
		{name: "bnectr taken", word: xlform(boF, eq, opsBCCTR, false), s: st{ctr: ctrV}, want: []uint64{ctrV &^ 3}, wantAny: []uint64{fall, ctrV &^ 3}, flow: Branch},
		{name: "bnectr not taken", word: xlform(boF, eq, opsBCCTR, false), s: st{ctr: ctrV, cr: crBit(eq)}, want: []uint64{fall}, wantAny: []uint64{fall, ctrV &^ 3}, flow: Branch},
		{name: "bcctr BO[2]=0 (invalid form): both", word: xlform(boDnz, 0, opsBCCTR, false), s: st{ctr: ctrV}, want: []uint64{fall, ctrV &^ 3}, wantAny: []uint64{fall, ctrV &^ 3}, flow: Branch},
		{name: "btar", word: xlform(boA, 0, opsBCTAR, false), want: []uint64{tarV &^ 3}, wantAny: []uint64{tarV &^ 3}, flow: Branch},
		{name: "beqtar taken", word: xlform(boT, eq, opsBCTAR, false), s: st{cr: crBit(eq)}, want: []uint64{tarV &^ 3}, wantAny: []uint64{fall, tarV &^ 3}, flow: Branch},
		{name: "bdztarl CTR=1", word: xlform(boDz, 0, opsBCTAR, true), s: st{ctr: 1}, want: []uint64{tarV &^ 3}, wantAny: []uint64{fall, tarV &^ 3}, flow: Branch},
		{name: "blr 32-bit truncates LR", word: xlform(boA, 0, opsBCLR, false), is32: true, want: []uint64{lrVal &^ 3}, wantAny: []uint64{lrVal &^ 3}, flow: Branch},

		// Traps: firing leaves through the program interrupt.
		{name: "trap (tw 31,0,0)", word: 0x7fe00008, want: nil, wantAny: nil, flow: Trap, intr: true, intrAny: true},
		{name: "twi 0 never", word: 0x0c030005, want: []uint64{fall}, wantAny: []uint64{fall}, flow: Trap},
		{name: "tweq r3,r4 fires", word: 0x7c832008, want: nil, wantAny: []uint64{fall}, flow: Trap, intr: true, intrAny: true},
		{name: "tdlgt r3,r4 does not fire", word: 0x7c232088, want: []uint64{fall}, wantAny: []uint64{fall}, flow: Trap, intrAny: true},
		{name: "GDB breakpoint twge r2,r2", word: 0x7d821008, want: nil, wantAny: nil, flow: Trap, intr: true, intrAny: true},

		// System calls return to NIP+4; rfid and friends are unknown.
		{name: "sc", word: 0x44000002, want: []uint64{fall}, wantAny: []uint64{fall}, flow: Syscall},
		{name: "scv 0", word: 0x44000001, want: []uint64{fall}, wantAny: []uint64{fall}, flow: Syscall},
		{name: "rfid", word: 0x4c000024, flow: Unknown},
		{name: "rfebb 1", word: 0x4c000924, flow: Unknown},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &regs.Regs{NIP: nip64, MSR: regs.MSRSF | regs.MSRLE | regs.MSRPR,
				LR: lrVal, CTR: c.s.ctr, TAR: tarV, CR: c.s.cr}
			if c.nip != 0 {
				r.NIP = c.nip
			}
			if c.is32 {
				r.MSR &^= regs.MSRSF
			}
			// tweq r3,r4: equal operands; tdlgt r3,r4: r3 < r4 unsigned.
			r.GPR[3], r.GPR[4] = 5, 5
			if c.word == 0x7c232088 {
				r.GPR[4] = 6
			}
			before := *r
			for _, ignore := range []bool{false, true} {
				got, err := NextPCsWord(c.word, c.suffix, r, ignore)
				if err != nil {
					t.Fatal(err)
				}
				want, intr := c.want, c.intr
				if ignore {
					want, intr = c.wantAny, c.intrAny
				}
				if d := cmp.Diff(want, got.Addrs(), cmpEmpty); d != "" {
					t.Errorf("ignoreState=%v: addresses (-want +got):\n%s", ignore, d)
				}
				if got.Flow != c.flow {
					t.Errorf("ignoreState=%v: flow %v, want %v", ignore, got.Flow, c.flow)
				}
				if got.Interrupt != intr {
					t.Errorf("ignoreState=%v: Interrupt %v, want %v", ignore, got.Interrupt, intr)
				}
			}
			if *r != before {
				t.Error("NextPCs changed the register file")
			}
		})
	}
}

var cmpEmpty = cmp.Comparer(func(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
})

func TestNextPCsUndecodable(t *testing.T) {
	n, err := NextPCsWord(0, 0, &regs.Regs{}, false)
	if !errors.Is(err, decode.ErrUnknown) || n.N != 0 || n.Flow != Unknown {
		t.Errorf("got %v, %v", n, err)
	}
}

func TestNextString(t *testing.T) {
	n := Next{PCs: [2]uint64{0x10, 0x20}, N: 2, Flow: Branch}
	if s := n.String(); s != "0x10 0x20 (branch)" {
		t.Errorf("String = %q", s)
	}
	n = Next{Flow: Trap, Interrupt: true}
	if s := n.String(); s != "none (trap, may interrupt)" {
		t.Errorf("String = %q", s)
	}
}

func TestNextPCsAllocs(t *testing.T) {
	r := &regs.Regs{NIP: nip64, MSR: regs.MSRSF}
	in, _ := decode.Lookup(bform(boDnz, 0, 0x40, false, false), 0)
	if a := testing.AllocsPerRun(100, func() { _ = NextPCs(in, r, false) }); a != 0 {
		t.Errorf("%v allocations", a)
	}
}

func BenchmarkNextPCs(b *testing.B) {
	r := &regs.Regs{NIP: nip64, MSR: regs.MSRSF, CTR: 5}
	in, _ := decode.Lookup(bform(boDnz, 0, 0x40, false, false), 0)
	for b.Loop() {
		_ = NextPCs(in, r, false)
	}
}
