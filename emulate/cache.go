package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/regs"
	p "golang.org/x/arch/ppc64/ppc64asm"
)

// Cache management (Power ISA 3.1B Book II 4.3), storage barriers (Book II
// 4.4 and 1.7.1) and the copy-paste facility (Book II 4.4.4 in 3.1B).
//
// For a single-threaded emulator with no caches:
//
//   - dcbz zeroes the aligned block of Config.CacheBlockSize bytes (128 by
//     default, as POWER and QEMU 7.2: dcbz at EA 0x50000105 zeroes
//     0x50000100-0x5000017f) with one Memory.Write of the whole block; a
//     fault reports the block's start (QEMU 7.2: si_addr = the block start).
//   - dcbst, dcbf and icbi are "treated as a Load" for protection: they can
//     raise a data storage interrupt. Each probes one byte of the block with
//     a one-byte Memory.Read (discarded) and otherwise does nothing; QEMU
//     7.2 faults on an unmapped EA too. dcbst and dcbf probe the byte at EA,
//     icbi the first byte of its aligned block, so the fault address is the
//     one QEMU 7.2 reports (the ISA lets DAR be any address in the block;
//     the block lies in one page, so the outcome is the same either way).
//   - dcbt and dcbtst are hints that never cause an interrupt: no-ops for
//     every TH value, also on an unmapped EA.
//   - sync (every L and SC: hwsync, lwsync, ptesync, …), eieio and isync
//     are no-ops.
//   - copy, paste. and cpabort (Differences row "copy-paste"): on the
//     hardware profile with Config.Level POWER10, the copy-paste facility
//     on ordinary storage as POWER10 runs it: copy loads the 128-byte block
//     at EA into the Emulator's copy buffer (Context.Copy), paste. stores the
//     buffer to the block at EA and sets CR0 to 0b001 ‖ XER[SO] when a copy
//     filled it since the last paste. or cpabort, else stores nothing and
//     sets CR0 to 0b000 ‖ XER[SO] (the two CR0 values of the ISA 3.1
//     paste. pseudocode); paste. and cpabort empty the buffer. An
//     EA that is not a multiple of 128 is refused (ErrNotEmulated: the
//     sources found do not say what POWER10 does). At Config.Level POWER9
//     all three are refused (no source for POWER9). Under the QEMU profile
//     copy and paste. are illegal in problem state and cpabort is a no-op,
//     as in QEMU 7.2 user mode.
//   - icbt is a no-op on the hardware profile (POWER9) and illegal under
//     the QEMU profile (Differences row "icbt").

func init() {
	def(opDcbz, p.DCBZ)
	def(opCacheProbe, p.DCBST, p.DCBF, p.ICBI)
	def(opNop, p.DCBT, p.DCBTST, p.EIEIO, p.ISYNC) // opNop: logical.go
	def(opSync, p.SYNC)
	def(opWait, p.WAIT)
	def(opCpabort, p.CPABORT)
	def(opCopy, p.COPY)
	def(opPaste, p.PASTECC)
	def(opIcbt, p.ICBT)
}

// cacheEA is the effective address (RA|0) + RB of a cache instruction,
// whose operands are RA, RB[, hint].
func cacheEA(r *regs.Regs, in *decode.Inst) uint64 {
	return iea(r, gprOr0(r, in.Args[0])+r.GPR[in.Args[1]&31])
}

// errBlockSize is the answer of the ops that need Config.CacheBlockSize
// when it is invalid (Config.Validate).
func errBlockSize(in *decode.Inst) error {
	return refusal(in.Op, ErrNotEmulated, "Config.CacheBlockSize is invalid (see Config.Validate)", nil)
}

// opDcbz is dcbz RA,RB.
func opDcbz(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	bs := e.cfg.CacheBlockSize
	if !validBlockSize(bs) {
		return errBlockSize(in)
	}
	addr := cacheEA(r, in) &^ uint64(bs-1)
	b := e.buf[:bs]
	clear(b)
	return e.write(m, addr, b)
}

// opCacheProbe is dcbst, dcbf (RA, RB[, L]) and icbi: a storage-protection
// check of EA and nothing else.
func opCacheProbe(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if in.Op == p.DCBF && in.NArgs > 2 {
		// Hardware: every L is a plain dcbf, the reserved 2, 5, 7 too (dcbf-l).
		if in.Args[2] >= 2 && e.action(diffDcbfL) == Illegal {
			return refusal(in.Op, ErrIllegal, "dcbf L ≥ 2 (qemu profile)", nil)
		}
	}
	addr := cacheEA(r, in)
	if in.Op == p.ICBI {
		bs := e.cfg.CacheBlockSize
		if !validBlockSize(bs) {
			return errBlockSize(in)
		}
		addr &^= uint64(bs - 1)
	}
	_, err := e.read(m, addr, 1)
	return err
}

// opSync is sync L,SC.
func opSync(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if e.action(diffSyncFields) == Illegal && (in.Args[0] >= 4 || (in.NArgs > 1 && in.Args[1] != 0)) {
		return refusal(in.Op, ErrIllegal, "sync with L ≥ 4 or SC ≠ 0 (qemu profile)", nil)
	}
	return nil
}

// opIcbt is icbt, the instruction cache block touch hint: a no-op on POWER9
// (power9-behaviour.md); QEMU 7.2 decodes it only for BookE and raises
// illegal instruction (Differences row "icbt").
func opIcbt(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if e.action(diffIcbt) == Illegal {
		return e.prof.refused(in)
	}
	return nil
}

// copyBlock is the size and alignment of a copy-paste block.
const copyBlock = 128

// copyPasteRefusal is the answer of copy, paste. and cpabort where the
// emulator does not run them: QEMU 7.2 refuses copy and paste. in problem
// state (cpabort is a no-op there: nil); the hardware profile runs them
// only at POWER10.
func (e *Emulator) copyPasteRefusal(r *regs.Regs, in *decode.Inst) (done bool, err error) {
	if e.prof.profile == QEMU {
		if in.Op == p.CPABORT {
			return true, nil
		}
		if r.MSR&regs.MSRPR != 0 {
			return true, e.prof.refused(in) // problem-state-code
		}
		return true, refusal(in.Op, ErrNotEmulated, "copy-paste facility in supervisor state: QEMU's behaviour not measured", nil)
	}
	if e.level < decode.LevelPOWER10 {
		return true, refusal(in.Op, ErrNotEmulated, "copy-paste facility at POWER9: hardware behaviour unknown", nil)
	}
	return false, nil
}

// copyEA is the EA of copy and paste. (RA|0)+RB, or a refusal when it is
// not a multiple of 128.
func copyEA(r *regs.Regs, in *decode.Inst) (uint64, error) {
	ea := iea(r, gprOr0(r, in.Args[0])+r.GPR[in.Args[1]&31])
	if ea%copyBlock != 0 {
		return 0, refusal(in.Op, ErrNotEmulated, "copy/paste. EA not a multiple of 128: hardware behaviour unknown", nil)
	}
	return ea, nil
}

// opCopy is copy RA,RB: the 128-byte block at EA into the copy buffer.
func opCopy(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if done, err := e.copyPasteRefusal(r, in); done {
		return err
	}
	ea, err := copyEA(r, in)
	if err != nil {
		return err
	}
	b, err := e.read(m, ea, copyBlock)
	if err != nil {
		return err
	}
	copy(e.ctx.Copy.Data[:], b)
	e.ctx.Copy.Valid = true
	return nil
}

// opPaste is paste. RA,RB,L (L = 1): the copy buffer to the 128-byte block at EA if
// a copy filled it; CR0 = 0b00 ‖ success ‖ XER[SO]; the buffer is empty
// after.
func opPaste(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if done, err := e.copyPasteRefusal(r, in); done {
		return err
	}
	if in.NArgs > 2 && in.Args[2] == 0 {
		return refusal(in.Op, ErrNotEmulated, "paste. with L=0: hardware behaviour unknown", nil)
	}
	ea, err := copyEA(r, in)
	if err != nil {
		return err
	}
	var cr0 uint32
	if e.ctx.Copy.Valid {
		if err := e.write(m, ea, e.ctx.Copy.Data[:]); err != nil {
			return err
		}
		cr0 = regs.CREQ
	}
	if r.SO() {
		cr0 |= regs.CRSO
	}
	r.SetCRField(0, cr0)
	e.ctx.Copy.Valid = false
	return nil
}

// opCpabort is cpabort: empties the copy buffer (a no-op in QEMU 7.2).
func opCpabort(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	if done, err := e.copyPasteRefusal(r, in); done {
		return err
	}
	e.ctx.Copy.Valid = false
	return nil
}

// opWait is wait WC,PL: the thread waits for an interrupt (or, with WC ≠ 0,
// a reservation loss or a pause), then resumes after the instruction. When
// it resumes is not known (Differences row "wait"): a hardware step, and
// under Config.Complete the row's Runner choice, a no-op — a user program
// cannot tell the wait from a delay.
func opWait(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error {
	return e.unknown(in, diffWait, "wait: when the thread resumes is not known")
}
