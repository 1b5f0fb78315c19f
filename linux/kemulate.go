//go:build linux

package linux

import (
	"github.com/ppc64emu/ppc64emu/mem"
)

// Instructions the kernel completes for a user program after the hardware
// raised an illegal-instruction interrupt (Linux 6.1
// arch/powerpc/kernel/traps.c, emulate_instruction; facts, not code):
//
//   - mcrxr BF (0x7c000400, mask 0xfc0007fe: Rc and bits 11:20 ignored) was
//     removed from the ISA in version 3.0: POWER9 and POWER10, the two -cpu
//     levels of the runner, raise the interrupt, and the kernel copies XER
//     bits 32:35 (SO, OV, CA and a zero) into CR field BF, clears them in
//     XER and resumes after the instruction. The emulator's decoder does
//     not know the op (it is not in the ISA 3.0+ tables), so Step answers
//     illegal instruction, as the hardware does, and the runner does what
//     the kernel does.
const (
	mcrxrWord = 0x7c000400
	mcrxrMask = 0xfc0007fe
)

// kernelEmulates completes an instruction the kernel emulates after an
// illegal-instruction interrupt; it reports whether it did.
func (t *Thread) kernelEmulates() bool {
	r := &t.ctx.Regs
	b, ok := t.mm.Mem.Page(r.NIP, mem.Exec)
	if !ok {
		return false
	}
	w := t.p.order.Uint32(b[r.NIP&(mem.PageSize-4):])
	if w&mcrxrMask != mcrxrWord {
		return false
	}
	shift := (w >> 21) & 0x1c // 4·BF
	msk := uint64(0xf0000000) >> shift
	r.CR = uint32(uint64(r.CR)&^msk | (r.XER>>shift)&msk)
	r.XER &^= 0xf0000000
	r.NIP += 4
	return true
}
