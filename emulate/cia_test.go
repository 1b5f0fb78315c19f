package emulate

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/emutest"
	"github.com/ppc64emu/ppc64emu/internal/regions"
	"github.com/ppc64emu/ppc64emu/regs"
)

// TestNonBranchOpsIgnoreNIP: Run's fast loop does not keep NIP up to date
// while it calls non-branch ops (runCached), which is right only if no such
// op reads NIP, and it runs only while no MMA accumulator
// is primed, so no op it calls may prime one; the instructions that do
// either (readsCIA, namesACC) take Step. Every other emulated non-branch
// op, with random operand fields, gives the same registers (NIP relative
// to where it started), memory and outcome from two instruction
// addresses, and primes no accumulator.
func TestNonBranchOpsIgnoreNIP(t *testing.T) {
	const base, size = 0x100000, 0x4000
	rng := rand.New(rand.NewPCG(15, 4))
	var start regs.Regs
	start.MSR = emutest.MSR | regs.MSRLE
	for i := range start.GPR {
		start.GPR[i] = base + size/2 + uint64(i)*32
	}
	for i := range start.VSR {
		start.VSR[i] = regs.VSR{Hi: rng.Uint64(), Lo: rng.Uint64()}
	}
	start.CR, start.XER, start.CTR, start.LR = 0x12345678, 0x20000000, 7, 0x4000
	data := make([]byte, size)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	ops, insts := 0, 0
	for op := decode.Op(1); int(op) < decode.NumOps; op++ {
		if semantics[op] == nil || branches[op] {
			continue
		}
		mask, value, reserved, ok := decode.Encoding(op)
		if !ok {
			continue
		}
		n := 0
		for k := 0; k < 8; k++ {
			w := uint32(value>>32) | uint32(rng.Uint64())&^uint32(mask>>32)&^uint32(reserved>>32)
			in, err := decode.DecodeWord(w, 0)
			if err != nil || in.Op != op || in.Len != 4 || in.Invalid != 0 || in.Has(decode.FlagPrivileged) ||
				readsCIA[op] || namesACC(&in) {
				continue
			}
			type outcome struct {
				R   regs.Regs
				Err string
				Mem []byte
				Acc uint8
			}
			var outs [2]outcome
			for j, nip := range []uint64{0x10000, 0x7fff0000} {
				e := New(Config{})
				r := start
				r.NIP = nip
				mem := bytes.Clone(data)
				err := e.Step(&r, &regions.Regions{{Addr: base, Data: mem, Writable: true}}, &in)
				r.NIP -= nip
				outs[j] = outcome{r, fmt.Sprint(err), mem, e.ctx.Primed}
			}
			if outs[0].Acc != 0 || outs[1].Acc != 0 {
				t.Errorf("%s (%#08x) primes accumulators %#x but has no accumulator operand (namesACC)", in.Op, w, outs[0].Acc)
			}
			if outs[0].R != outs[1].R || outs[0].Err != outs[1].Err || !bytes.Equal(outs[0].Mem, outs[1].Mem) {
				t.Errorf("%s (%#08x) at two addresses: outcomes %q, %q; memory equal %v; registers (-0x10000 +0x7fff0000):\n%s",
					in.Op, w, outs[0].Err, outs[1].Err, bytes.Equal(outs[0].Mem, outs[1].Mem), cmp.Diff(outs[0].R, outs[1].R))
			}
			n++
		}
		if n != 0 {
			ops++
			insts += n
		}
	}
	if ops < 1000 {
		t.Errorf("only %d ops checked", ops)
	}
	t.Logf("%d ops, %d instructions", ops, insts)
}
