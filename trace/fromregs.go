package trace

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
)

// NewVector returns a vector that runs the instruction word (and suffix,
// for a prefixed one) on the register state r: an assignment for every
// register the format has a key for (r0-r31, cr, xer, lr, ctr, fpscr,
// vscr, tar, vrsave, ppr, vs0-vs63) whose value differs from the
// machine's default (zero; vscr DefaultVSCR). NIP, MSR and memory are the
// format's own (the instruction at CIA, Linux user mode, the seeded
// scratch region): registers that hold addresses must point into the
// scratch region for a load or store to reach it. The result passes
// Line.Validate; v.Machine(le).Regs holds r's values in every register
// with a key.
func NewVector(id string, word, suffix uint32, r *regs.Regs) *Vector {
	v := &Vector{ID: id, Word: word, Len: 4}
	if decode.IsPrefix(word) {
		v.Suffix, v.Len = suffix, 8
	}
	var def regs.Regs
	def.VSCR = DefaultVSCR
	defaults := traceRegs(&def)
	for i, a := range traceRegs(r) {
		if a.Value != defaults[i].Value {
			v.Sets = append(v.Sets, a)
		}
	}
	return v
}
