package debug

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Words used in the atomic-sequence tests (X-form fields packed by hand:
// opcode 31, RT/RS<<21, RA<<16, RB<<11, XO<<1, Rc).
const (
	lwarx9   = 0x7d201828 // lwarx r9,0,r3
	ldarx9   = 0x7d2018a8 // ldarx r9,0,r3
	lbarx9   = 0x7d201868 // lbarx r9,0,r3
	lqarx8   = 0x7d001a28 // lqarx r8,0,r3
	add994   = 0x7d292214 // add r9,r9,r4
	cmpd94   = 0x7c292000 // cmpd r9,r4
	stwcx9   = 0x7d20192d // stwcx. r9,0,r3
	stdcx5   = 0x7ca019ad // stdcx. r5,0,r3
	stbcx9   = 0x7d201d6d // stbcx. r9,0,r3
	stqcx6   = 0x7cc0196d // stqcx. r6,0,r3
	nop      = 0x60000000 // ori 0,0,0
	isync    = 0x4c00012c
	pliHi    = 0x06000000 // pli r3,0 prefix
	pliLo    = 0x38600000 // pli r3,0 suffix
	seqBase  = 0x10000000
	seqBase2 = 0x2000 // for absolute-branch cases
)

func TestAtomicWords(t *testing.T) {
	// The larx/stcx. constants of linux-abi.md 6.2 with RT/RS, RA, RB zero.
	for _, c := range []struct{ got, want uint32 }{
		{lwarx9 &^ (9<<21 | 3<<11), 0x7c000028}, {ldarx9 &^ (9<<21 | 3<<11), 0x7c0000a8},
		{stwcx9 &^ (9<<21 | 3<<11), 0x7c00012d}, {stdcx5 &^ (5<<21 | 3<<11), 0x7c0001ad},
		{lqarx8 &^ (8<<21 | 3<<11), 0x7c000228}, {stqcx6 &^ (6<<21 | 3<<11), 0x7c00016d},
	} {
		if c.got != c.want {
			t.Errorf("%08x, want %08x", c.got, c.want)
		}
	}
}

// code returns a Memory with words at base in the given order.
func code(base uint64, le bool, words ...uint32) *regions.Regions {
	var order binary.ByteOrder = binary.BigEndian
	if le {
		order = binary.LittleEndian
	}
	b := make([]byte, 4*len(words))
	for i, w := range words {
		order.PutUint32(b[4*i:], w)
	}
	return &regions.Regions{{Addr: base, Data: b}}
}

func nops(n int) []uint32 {
	w := make([]uint32, n)
	for i := range w {
		w[i] = nop
	}
	return w
}

func cat(parts ...[]uint32) []uint32 {
	var out []uint32
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestFindAtomicSequence(t *testing.T) {
	const B = seqBase
	type want struct {
		store, end     uint64
		insns          int
		branch, target uint64 // 0: no branch
		exits          []uint64
	}
	for _, c := range []struct {
		name  string
		words []uint32
		base  uint64
		is32  bool
		start uint64 // default base
		want  *want
		err   error
		at    uint64 // AtomicError.At for errors
	}{
		{name: "fetch-add loop", words: []uint32{lwarx9, add994, stwcx9, bform(boF, 2, -12, false, false)},
			want: &want{store: B + 8, end: B + 12, insns: 3, exits: []uint64{B + 12}}},
		{name: "compare-and-swap: bne leaves", words: []uint32{ldarx9, cmpd94, bform(boF, 2, 12, false, false), stdcx5, bform(boF, 2, -16, false, false), isync},
			want: &want{store: B + 12, end: B + 16, insns: 4, branch: B + 8, target: B + 20, exits: []uint64{B + 16, B + 20}}},
		{name: "branch to End: one exit", words: []uint32{ldarx9, cmpd94, bform(boF, 2, 8, false, false), stdcx5},
			want: &want{store: B + 12, end: B + 16, insns: 4, branch: B + 8, target: B + 16, exits: []uint64{B + 16}}},
		{name: "branch back to the larx: one exit", words: []uint32{lwarx9, cmpd94, bform(boF, 2, -8, false, false), stwcx9},
			want: &want{store: B + 12, end: B + 16, insns: 4, branch: B + 8, target: B, exits: []uint64{B + 16}}},
		{name: "branch to the stcx. itself (inside): one exit", words: []uint32{lwarx9, bform(boF, 2, 4, false, false), stwcx9},
			want: &want{store: B + 8, end: B + 12, insns: 3, branch: B + 4, target: B + 8, exits: []uint64{B + 12}}},
		{name: "branch backwards out of the sequence", words: []uint32{nop, lwarx9, bform(boF, 2, -8, false, false), stwcx9}, start: B + 4,
			want: &want{store: B + 12, end: B + 16, insns: 3, branch: B + 8, target: B, exits: []uint64{B + 16, B}}},
		{name: "bca absolute target leaves", words: []uint32{lwarx9, bform(boT, 2, 0x2000, true, false), stwcx9},
			want: &want{store: B + 8, end: B + 12, insns: 3, branch: B + 4, target: 0x2000, exits: []uint64{B + 12, 0x2000}}},
		{name: "bdnz counts as the conditional branch", words: []uint32{lwarx9, bform(boDnz, 0, 0x100, false, false), stwcx9},
			want: &want{store: B + 8, end: B + 12, insns: 3, branch: B + 4, target: B + 0x104, exits: []uint64{B + 12, B + 0x104}}},
		{name: "byte and quadword forms", words: []uint32{lbarx9, stbcx9},
			want: &want{store: B + 4, end: B + 8, insns: 2, exits: []uint64{B + 8}}},
		{name: "lqarx/stqcx.", words: []uint32{lqarx8, nop, stqcx6},
			want: &want{store: B + 8, end: B + 12, insns: 3, exits: []uint64{B + 12}}},
		{name: "stcx. is the 16th instruction after", words: cat([]uint32{lwarx9}, nops(15), []uint32{stwcx9}),
			want: &want{store: B + 64, end: B + 68, insns: 17, exits: []uint64{B + 68}}},
		{name: "stcx. is the 17th instruction after", words: cat([]uint32{lwarx9}, nops(16), []uint32{stwcx9}),
			err: ErrNoStoreConditional, at: B + 64},
		{name: "prefixed counts as one instruction", words: cat([]uint32{lwarx9, pliHi, pliLo}, nops(14), []uint32{stwcx9}),
			want: &want{store: B + 68, end: B + 72, insns: 17, exits: []uint64{B + 72}}},
		{name: "unconditional branch inside is allowed", words: []uint32{lwarx9, iform(8, false, false), nop, stwcx9},
			want: &want{store: B + 12, end: B + 16, insns: 4, exits: []uint64{B + 16}}},
		{name: "bc always inside is allowed", words: []uint32{lwarx9, bform(boA, 0, 8, false, false), nop, stwcx9},
			want: &want{store: B + 12, end: B + 16, insns: 4, exits: []uint64{B + 16}}},
		{name: "32-bit mode truncates the start", words: []uint32{lwarx9, add994, stwcx9}, base: 0x10000000, start: 0xffffffff_10000000, is32: true,
			want: &want{store: 0x10000008, end: 0x1000000c, insns: 3, exits: []uint64{0x1000000c}}},

		// Refusals.
		{name: "not a larx", words: []uint32{add994, stwcx9}, err: ErrNotLoadReserve, at: B},
		{name: "no stcx.", words: cat([]uint32{lwarx9}, nops(20)), err: ErrNoStoreConditional, at: B + 64},
		{name: "two conditional branches", words: []uint32{lwarx9, bform(boF, 2, 12, false, false), bform(boT, 1, 8, false, false), stwcx9},
			err: ErrTwoBranches, at: B + 8},
		{name: "unconditional branch leaves", words: []uint32{lwarx9, iform(0x100, false, false), stwcx9},
			err: ErrBranchLeaves, at: B + 4},
		{name: "bl leaves", words: []uint32{lwarx9, iform(0x100, false, true), stwcx9},
			err: ErrBranchLeaves, at: B + 4},
		{name: "bc always leaves", words: []uint32{lwarx9, bform(boA, 0, 0x100, false, false), stwcx9},
			err: ErrBranchLeaves, at: B + 4},
		{name: "beqlr (register target)", words: []uint32{lwarx9, xlform(boT, 2, opsBCLR, false), stwcx9},
			err: ErrBranchLeaves, at: B + 4},
		{name: "bctr (register target)", words: []uint32{lwarx9, xlform(boA, 0, opsBCCTR, false), stwcx9},
			err: ErrBranchLeaves, at: B + 4},
		{name: "code ends", words: []uint32{lwarx9, nop}, err: mem.ErrUnmapped, at: B + 8},
	} {
		for _, le := range []bool{true, false} {
			name := c.name + map[bool]string{true: "/le", false: "/be"}[le]
			t.Run(name, func(t *testing.T) {
				base := uint64(B)
				if c.base != 0 {
					base = c.base
				}
				start := base
				if c.start != 0 {
					start = c.start
				}
				msr := uint64(regs.MSRSF)
				if c.is32 {
					msr = 0
				}
				if le {
					msr |= regs.MSRLE
				}
				seq, err := FindAtomicSequence(code(base, le, c.words...), start, msr)
				if c.err != nil {
					var ae *AtomicError
					if !errors.Is(err, c.err) || !errors.As(err, &ae) {
						t.Fatalf("err = %v, want %v", err, c.err)
					}
					if ae.At != c.at || ae.Start != start {
						t.Errorf("error at %#x (start %#x), want %#x", ae.At, ae.Start, c.at)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				w := c.want
				exp := &AtomicSequence{Start: start & 0xffffffffffffffff, StoreCond: w.store, End: w.end, Insns: w.insns}
				if c.is32 {
					exp.Start = start & 0xffffffff
				}
				if w.branch != 0 {
					exp.HasBranch, exp.Branch, exp.Target = true, w.branch, w.target
				}
				copy(exp.Exits[:], w.exits)
				exp.NExits = len(w.exits)
				if d := cmp.Diff(exp, seq); d != "" {
					t.Errorf("sequence (-want +got):\n%s", d)
				}
			})
		}
	}
}
