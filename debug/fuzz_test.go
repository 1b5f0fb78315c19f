package debug

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/regs"
)

// FuzzNextPCs: any instruction and register state; NextPCs never panics,
// returns at most two distinct addresses, 32-bit ones in 32-bit mode, and a
// subset of the ignore-state answer (unless the trap fires: none).
func FuzzNextPCs(f *testing.F) {
	f.Add(uint32(0x41820040), uint32(0), uint64(0x1000), uint64(1), uint32(0x20000000), false)
	f.Add(uint32(0x4e800421), uint32(0), uint64(0xfffffffc), uint64(7), uint32(0), true)
	f.Add(uint32(0x06000000), uint32(0x38600000), uint64(0x1000), uint64(0), uint32(0), false)
	f.Fuzz(func(t *testing.T, word, suffix uint32, nip, ctr uint64, cr uint32, is32 bool) {
		in, err := decode.Lookup(word, suffix)
		if err != nil {
			return
		}
		r := &regs.Regs{NIP: nip, CTR: ctr, CR: cr, LR: ctr ^ nip, TAR: ^ctr, MSR: regs.MSRSF}
		if is32 {
			r.MSR = 0
		}
		r.GPR[3], r.GPR[4] = ctr, nip
		n := NextPCs(in, r, false)
		a := NextPCs(in, r, true)
		for _, x := range []Next{n, a} {
			if x.N < 0 || x.N > 2 || (x.N == 2 && x.PCs[0] == x.PCs[1]) {
				t.Fatalf("bad Next %+v", x)
			}
			for _, pc := range x.Addrs() {
				if is32 && pc>>32 != 0 {
					t.Fatalf("64-bit address %#x in 32-bit mode", pc)
				}
			}
		}
		for _, pc := range n.Addrs() {
			if !a.Has(pc) {
				t.Fatalf("%s: with state %v, ignoring state %v", in.Op, n, a)
			}
		}
	})
}

// FuzzFindAtomicSequence: arbitrary code never panics, and a found
// sequence is consistent.
func FuzzFindAtomicSequence(f *testing.F) {
	seed := make([]byte, 0, 16)
	// lwarx r9,0,r3; add r9,r9,r4; stwcx. r9,0,r3; bne- .-12
	for _, w := range []uint32{0x7d201828, 0x7d292214, 0x7d20192d, 0x4082fff4} {
		seed = binary.LittleEndian.AppendUint32(seed, w)
	}
	f.Add(seed, true)
	f.Fuzz(func(t *testing.T, code []byte, le bool) {
		msr := uint64(regs.MSRSF)
		if le {
			msr |= regs.MSRLE
		}
		mem := regions.Regions{{Addr: 0x1000, Data: code}}
		seq, err := FindAtomicSequence(&mem, 0x1000, msr)
		if err != nil {
			return
		}
		if seq.StoreCond <= seq.Start || seq.End <= seq.StoreCond || seq.NExits < 1 || seq.Exits[0] != seq.End || seq.Insns < 2 || seq.Insns > AtomicWindow+1 {
			t.Fatalf("inconsistent %+v", seq)
		}
	})
}
