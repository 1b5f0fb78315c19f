package emulate_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// sameBlockSMC is a TestRunSameAsStepLoop program whose store rewrites
// an instruction later in the same basic block (alternately addi
// r3,r3,1 and addi r3,r3,16): the block engine must stop after the store
// and run the new word.
func sameBlockSMC() runProgram {
	return runProgram{
		name: "same-block-smc", steps: 3000,
		setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
			msr := regs.MSRLinuxUserLE
			m := code(t, msr, codeBase, mem.RWX,
				enc(ppc64asm.STW, 5, 12, 4), // stw r5,12(r4): the word at codeBase+12
				enc(ppc64asm.XOR, 5, 5, 6),
				enc(ppc64asm.ADDI, 7, 7, 1),
				wAddi3,
				enc(ppc64asm.B, -16))
			r := regs.Regs{MSR: msr, NIP: codeBase}
			r.GPR[4], r.GPR[5], r.GPR[6] = codeBase, uint64(wAddi3By16), uint64(wAddi3^wAddi3By16)
			return m, r, emulate.New(emulate.Config{})
		},
		check: []uint64{codeBase},
	}
}

// Registers of blockPrograms: results go to r3-r15; r20-r23 are load and
// store bases (the update forms move them), r24-r25 indexes.
const (
	blockData     = 0x20000
	blockDataSize = 16 * mem.PageSize
)

// blockPrograms are random loops for TestRunSameAsStepLoop made of the
// ops the block engine runs itself (every kind of block.go, FP loads
// and stores too) and some it
// leaves to their semantic functions, in both byte orders: loads and
// stores on cached pages, across pages and off the end of the data (a
// fault), compares and conditional branches on every CR field, and a
// counted loop.
func blockPrograms(t *testing.T) []runProgram {
	var progs []runProgram
	for seed := uint64(1); seed <= 8; seed++ {
		for _, msr := range []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser} {
			rng := rand.New(rand.NewPCG(seed, 29))
			words := blockLoop(rng)
			data := make([]byte, blockDataSize)
			for i := range data {
				data[i] = byte(rng.Uint32())
			}
			var r regs.Regs
			for i := range r.GPR {
				r.GPR[i] = rng.Uint64()
			}
			r.MSR, r.NIP, r.CTR, r.CR, r.XER = msr, codeBase, 40, rng.Uint32(), 0
			for k := range 4 {
				r.GPR[20+k] = blockData + uint64(k)*4*mem.PageSize + uint64(rng.IntN(mem.PageSize))
			}
			r.GPR[23] = blockData + blockDataSize - 3000 // walks off the end
			r.GPR[24], r.GPR[25] = uint64(rng.IntN(64)), uint64(rng.IntN(2000))
			progs = append(progs, runProgram{
				name: fmt.Sprintf("block-random-%d-le%v", seed, msr&regs.MSRLE != 0), steps: 4000,
				setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
					m := code(t, msr, codeBase, mem.RX, words...)
					if err := m.Map(blockData, blockDataSize, mem.RW); err != nil {
						t.Fatal(err)
					}
					if err := m.Poke(blockData, data); err != nil {
						t.Fatal(err)
					}
					return m, r, emulate.New(emulate.Config{})
				},
				check: blockPages(),
			})
		}
	}
	return progs
}

func blockPages() []uint64 {
	var p []uint64
	for a := uint64(blockData); a < blockData+blockDataSize; a += mem.PageSize {
		p = append(p, a)
	}
	return p
}

// blockLoop is a random loop body of 60 instructions ending with bdnz.
func blockLoop(rng *rand.Rand) []uint32 {
	rt := func() int64 { return int64(3 + rng.IntN(13)) }
	base := func() int64 { return int64(20 + rng.IntN(4)) }
	idx := func() int64 { return int64(24 + rng.IntN(2)) }
	src := func() int64 {
		if rng.IntN(4) == 0 {
			return base()
		}
		return rt()
	}
	si := func() int64 { return int64(rng.IntN(1<<16)) - 1<<15 }
	ui := func() int64 { return int64(rng.IntN(1 << 16)) }
	disp := func() int64 { return int64(rng.IntN(64)) - 16 }
	// dForm is a D-form load or store of register r, one of ops; the
	// DS-form ld and std take a multiple of 4.
	dForm := func(r int64, ops ...ppc64asm.Op) uint32 {
		op := ops[rng.IntN(len(ops))]
		d := disp()
		if op == ppc64asm.LD || op == ppc64asm.STD {
			d &^= 3
		}
		return enc(op, r, d, base())
	}
	gens := []func() uint32{
		func() uint32 { return enc(ppc64asm.ADDI, rt(), src(), si()) },
		func() uint32 { return enc(ppc64asm.ADDIS, rt(), src(), si()) },
		func() uint32 { return enc(ppc64asm.ADDI, rt(), 0, si()) },
		func() uint32 { return enc(ppc64asm.ADDIS, rt(), 0, si()) },
		func() uint32 { return enc(ppc64asm.ADD, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.SUBF, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.MULLD, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.MULLW, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.AND, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.OR, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.XOR, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.ORI, rt(), src(), ui()) },
		func() uint32 { return enc(ppc64asm.ORIS, rt(), src(), ui()) },
		func() uint32 { return enc(ppc64asm.XORI, rt(), src(), ui()) },
		func() uint32 { return enc(ppc64asm.XORIS, rt(), src(), ui()) },
		func() uint32 {
			return enc(ppc64asm.RLWINM, rt(), src(), int64(rng.IntN(32)), int64(rng.IntN(32)), int64(rng.IntN(32)))
		},
		func() uint32 { return enc(ppc64asm.RLDICL, rt(), src(), int64(rng.IntN(64)), int64(rng.IntN(64))) },
		func() uint32 { return enc(ppc64asm.RLDICR, rt(), src(), int64(rng.IntN(64)), int64(rng.IntN(64))) },
		func() uint32 { return enc(ppc64asm.RLDIC, rt(), src(), int64(rng.IntN(64)), int64(rng.IntN(64))) },
		func() uint32 { return enc(ppc64asm.EXTSW, rt(), src()) },
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.CMPW, ppc64asm.CMPD, ppc64asm.CMPLW, ppc64asm.CMPLD}
			return enc(ops[rng.IntN(4)], int64(rng.IntN(8)), src(), src())
		},
		func() uint32 {
			if rng.IntN(2) == 0 {
				return enc([]ppc64asm.Op{ppc64asm.CMPWI, ppc64asm.CMPDI}[rng.IntN(2)], int64(rng.IntN(8)), src(), si())
			}
			return enc([]ppc64asm.Op{ppc64asm.CMPLWI, ppc64asm.CMPLDI}[rng.IntN(2)], int64(rng.IntN(8)), src(), ui())
		},
		func() uint32 {
			return dForm(rt(), ppc64asm.LBZ, ppc64asm.LHZ, ppc64asm.LWZ, ppc64asm.LD, ppc64asm.LHA)
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.LBZX, ppc64asm.LHZX, ppc64asm.LWZX, ppc64asm.LDX}
			return enc(ops[rng.IntN(len(ops))], rt(), base(), idx())
		},
		func() uint32 { return enc(ppc64asm.LBZU, rt(), int64(rng.IntN(40)), base()) },
		func() uint32 { return enc(ppc64asm.LDU, rt(), int64(rng.IntN(10))*4, base()) },
		func() uint32 { return dForm(src(), ppc64asm.STB, ppc64asm.STH, ppc64asm.STW, ppc64asm.STD) },
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.STBX, ppc64asm.STWX, ppc64asm.STDX}
			return enc(ops[rng.IntN(len(ops))], src(), base(), idx())
		},
		func() uint32 { return enc(ppc64asm.STWU, src(), int64(rng.IntN(40)), base()) },
		func() uint32 { return enc(ppc64asm.STDU, src(), int64(rng.IntN(10))*4, base()) },
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.LFD, ppc64asm.STFD, ppc64asm.LFDU, ppc64asm.STFDU}
			return enc(ops[rng.IntN(len(ops))], int64(rng.IntN(32)), disp()&^7+16, base())
		},
		func() uint32 {
			ops := []ppc64asm.Op{ppc64asm.LFDX, ppc64asm.STFDX}
			return enc(ops[rng.IntN(len(ops))], int64(rng.IntN(32)), base(), idx())
		},
		// Ops the block engine leaves to their semantic functions.
		func() uint32 { return enc(ppc64asm.ADDIC, rt(), src(), si()) },
		func() uint32 { return enc(ppc64asm.ADDCC, rt(), src(), src()) },
		func() uint32 { return enc(ppc64asm.CNTLZD, rt(), src()) },
	}
	var words []uint32
	const n = 60
	for len(words) < n-1 {
		if rng.IntN(8) == 0 && len(words) < n-5 {
			// A forward conditional branch over 1 to 3 instructions
			// on a random CR bit, true or false.
			bo := []int64{12, 4}[rng.IntN(2)]
			words = append(words, enc(ppc64asm.BC, bo, int64(rng.IntN(32)), int64(4*(2+rng.IntN(3)))))
			continue
		}
		words = append(words, gens[rng.IntN(len(gens))]())
	}
	return append(words, enc(ppc64asm.BC, 16, 0, -4*(n-1))) // bdnz to the start
}
