package emulate_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/internal/jit"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestNativeVecLength runs loops of lxvl (then stxvx of the value to the
// next 16 bytes of a buffer) or stxvl (VSR 0-63), an addi
// that moves the address by 1 to 7 bytes and an add that moves the
// length byte (RB bits 0:7: 0 to 255, so lengths 0 to 16 and the ones
// above, which are 16), and bdnz, from addresses near a page's end (an
// access crossing it exits to the block loop), under EngineNative in
// Runs with step limits and through the Fetch loop, in both byte orders
// (checkNative: registers and the data pages).
func TestNativeVecLength(t *testing.T) {
	ran, total := 0, 0
	for k := range 48 {
		rng := rand.New(rand.NewPCG(uint64(34001+k), 34))
		op := []ppc64asm.Op{ppc64asm.LXVL, ppc64asm.STXVL}[k/2%2]
		xs := int64(rng.IntN(64))
		words := []uint32{
			enc(op, xs, 20, 21),
			enc(ppc64asm.ADDI, 20, 20, int64(1+rng.IntN(7))),
			enc(ppc64asm.ADD, 21, 21, 22),
		}
		if op == ppc64asm.LXVL {
			// Every value loaded, to memory.
			words = append(words, enc(ppc64asm.STXVX, xs, 0, 23), enc(ppc64asm.ADDI, 23, 23, 16))
		}
		words = append(words, enc(ppc64asm.BC, 16, 0, -4*int64(len(words))))
		data := make([]byte, 4*mem.PageSize)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		var r regs.Regs
		for i := range r.VSR {
			r.VSR[i] = regs.VSR{Hi: rng.Uint64(), Lo: rng.Uint64()}
		}
		msr := []uint64{regs.MSRLinuxUserLE, regs.MSRLinuxUser}[k%2]
		r.MSR, r.NIP, r.CTR, r.CR = msr, codeBase, 1000, rng.Uint32()
		r.GPR[20] = blockData + mem.PageSize - uint64(rng.IntN(600))
		r.GPR[21] = rng.Uint64()
		r.GPR[22] = uint64(1+rng.IntN(5))<<56 | rng.Uint64()>>8
		r.GPR[23] = blockData + 2*mem.PageSize
		if k%3 == 0 {
			r.GPR[22] = 1 << 56 // every length in turn
		}
		p := runProgram{
			name: fmt.Sprintf("%v-%d", op, k), steps: 400,
			setup: func(t *testing.T) (*mem.Memory, regs.Regs, *emulate.Emulator) {
				m := code(t, msr, codeBase, mem.RX, words...)
				if err := m.Map(blockData, uint64(len(data)), mem.RW); err != nil {
					t.Fatal(err)
				}
				if err := m.Poke(blockData, data); err != nil {
					t.Fatal(err)
				}
				return m, r, emulate.New(emulate.Config{})
			},
			check: []uint64{blockData, blockData + mem.PageSize, blockData + 2*mem.PageSize, blockData + 3*mem.PageSize},
		}
		t.Run(p.name, func(t *testing.T) {
			total++
			if checkNative(t, p) {
				ran++
			}
		})
	}
	if jit.Supported && ran < total*3/4 {
		t.Errorf("generated code ran in %d loops of %d", ran, total)
	}
}
