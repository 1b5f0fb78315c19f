package debug

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/trap"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// ErrMustNotDisplace is matched (errors.Is) by a *DisplaceError: the
// instruction must not be executed out of line, from a copy at another
// address.
var ErrMustNotDisplace = errors.New("debug: instruction must not be executed out of line")

// ErrSlot is matched by a *DisplaceError when the scratch slot cannot hold
// the instruction (misaligned, or a prefixed instruction whose suffix would
// cross a 64-byte boundary).
var ErrSlot = errors.New("debug: unusable out-of-line slot")

// DisplaceError says why an instruction cannot be stepped out of line.
type DisplaceError struct {
	Op     decode.Op // the instruction at Addr
	Addr   uint64    // the probed address
	Reason string    // why, in a few words
	Err    error     // ErrMustNotDisplace or ErrSlot
	// Cause is the emulator's refusal (ErrMustNotStep) that led here, if any.
	Cause error
}

func (e *DisplaceError) Error() string {
	return fmt.Sprintf("%v: %s at %#x: %s", e.Err, e.Op, e.Addr, e.Reason)
}

// Unwrap returns the sentinel and the emulator's refusal.
func (e *DisplaceError) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}

// CanDisplace reports whether in may be executed from a copy at another
// address, and why not. It refuses, like Linux's uprobes and kprobes
// (trap.CanSingleStep) and more strictly where the copy would compute a
// different result:
//
//   - every branch (relative targets and link addresses depend on the
//     instruction's address; the emulator executes them all);
//   - PC-relative instructions: prefixed loads, stores and paddi with R = 1,
//     and addpcis;
//   - load-and-reserve and store-conditional: the reservation does not
//     survive the single-step trap, so a breakpoint inside an atomic
//     sequence can never be stepped over (see FindAtomicSequence);
//   - sc, scv, the return-from-interrupt family, the power-saving
//     instructions, mtmsr, mtmsrd and the traps (trap.CanSingleStep).
func CanDisplace(in *decode.Inst) (ok bool, reason string) {
	switch {
	case in.Class == decode.ClassBranch || in.Class == decode.ClassCondBranch:
		return false, "branch: its target or link address depends on its address (emulate it)"
	case in.Has(decode.FlagPCRel) || in.Op == ppc64asm.ADDPCIS:
		return false, "PC-relative: its result depends on its address"
	case in.Flags&(decode.FlagReserve|decode.FlagStoreCond) != 0:
		return false, "load-and-reserve / store-conditional: the reservation would be lost"
	case in.Op == ppc64asm.RFEBB:
		return false, "return from event-based branch"
	case !trap.CanSingleStep(in.Word):
		return false, "Linux never single-steps it (sc, scv, rfid family, power saving, mtmsr[d], trap)"
	}
	return true, ""
}

// OutOfLine is the plan to execute an instruction out of line, as Linux
// uprobes do (arch_uprobe_pre_xol / post_xol): copy Bytes() to Slot, set
// NIP to Slot (Prepare), single-step in hardware, then Finish.
type OutOfLine struct {
	Addr   uint64  // the probed address, where the original instruction lives
	Slot   uint64  // the scratch slot the instruction is copied to
	Insn   [8]byte // the instruction in the thread's byte order; Insn[:Len]
	Len    int     // 4, or 8 for a prefixed instruction
	Resume uint64  // NIP after a completed step: Addr + Len
}

// Bytes returns the bytes to copy to Slot.
func (p *OutOfLine) Bytes() []byte { return p.Insn[:p.Len] }

// Prepare points r at the slot: NIP ← Slot.
func (p *OutOfLine) Prepare(r *regs.Regs) { r.NIP = p.Slot }

// StepResult is what Finish found after the hardware step.
type StepResult uint8

// Results of an out-of-line step.
const (
	// Completed: the instruction ran and NIP was moved from Slot+Len to
	// Resume.
	Completed StepResult = iota
	// Aborted: NIP is still at Slot (the instruction faulted or trapped and
	// the thread stopped with a signal); NIP was moved back to Addr, so the
	// signal is reported at the original instruction.
	Aborted
	// Elsewhere: NIP is neither; it was left alone.
	Elsewhere
)

// Finish applies the fix-up after the hardware single-step of the copy.
func (p *OutOfLine) Finish(r *regs.Regs) StepResult {
	switch r.NIP {
	case p.slotEnd(r):
		r.NIP = p.Resume
		return Completed
	case p.Slot:
		r.NIP = p.Addr
		return Aborted
	}
	return Elsewhere
}

func (p *OutOfLine) slotEnd(r *regs.Regs) uint64 {
	e := p.Slot + uint64(p.Len)
	if r.MSR&regs.MSRSF == 0 {
		e &= 0xffffffff
	}
	return e
}

// PlanOutOfLine returns the plan to execute in, the original instruction at
// addr, from the scratch slot at slot (at least 8 bytes, executable, 4-byte
// aligned, not used by anything else). msr gives the byte order and the
// address width. It returns a *DisplaceError if the instruction must not be
// displaced (CanDisplace) or the slot is unusable.
func PlanOutOfLine(in *decode.Inst, addr, slot, msr uint64) (*OutOfLine, error) {
	if ok, why := CanDisplace(in); !ok {
		return nil, &DisplaceError{Op: in.Op, Addr: addr, Reason: why, Err: ErrMustNotDisplace}
	}
	switch {
	case slot&3 != 0:
		return nil, &DisplaceError{Op: in.Op, Addr: addr, Reason: fmt.Sprintf("slot %#x is not 4-byte aligned", slot), Err: ErrSlot}
	case in.CrossesBoundary(slot):
		return nil, &DisplaceError{Op: in.Op, Addr: addr, Reason: fmt.Sprintf("a prefixed instruction at slot %#x would cross a 64-byte boundary", slot), Err: ErrSlot}
	}
	var order binary.ByteOrder = binary.BigEndian
	if msr&regs.MSRLE != 0 {
		order = binary.LittleEndian
	}
	n := int(in.Len)
	if n == 0 {
		// A word that did not decode is copied all the same, as uprobes
		// copies it: the CPU raises its interrupt in the slot (Finish:
		// Aborted). Its length is what its primary opcode says.
		n = 4
		if decode.IsPrefix(in.Word) {
			n = 8
		}
	}
	p := &OutOfLine{Addr: addr, Slot: slot, Len: n, Resume: addr + uint64(n)}
	if msr&regs.MSRSF == 0 {
		p.Resume &= 0xffffffff
	}
	order.PutUint32(p.Insn[0:], in.Word)
	if n == 8 {
		order.PutUint32(p.Insn[4:], in.Suffix)
	}
	return p, nil
}

// StepOver steps over a breakpoint at r.NIP whose original instruction is
// in, the way Linux's uprobes do (arch_uprobe_skip_sstep): it emulates the
// instruction when it can, and otherwise returns the plan to execute it out
// of line from slot.
//
//   - nil, nil: emulated; r and m hold the state after the instruction.
//   - plan, nil: not emulated; follow the plan (r is unchanged).
//   - nil, *DisplaceError (ErrMustNotDisplace): neither emulated nor
//     displaceable. Load-and-reserve and store-conditional are refused
//     before emulation: an emulated larx reserves nothing on the real CPU,
//     and an emulated stcx. has no reservation to use.
//   - nil, another error: the instruction raises an interrupt (emulate's
//     ErrTrap, ErrDataFault, ErrIllegal, ErrPrivileged, ErrFPException,
//     ErrUnavailable, ErrAlignment), with r and m unchanged; the debugger
//     reports the signal the CPU would raise (SIGTRAP, SIGSEGV/SIGBUS,
//     SIGILL, SIGFPE) at the original instruction, or, to let the CPU
//     decide, calls PlanOutOfLine itself.
func StepOver(e *emulate.Emulator, r *regs.Regs, m emulate.Memory, in *decode.Inst, slot uint64) (*OutOfLine, error) {
	addr := r.NIP
	if in.Flags&(decode.FlagReserve|decode.FlagStoreCond) != 0 {
		_, why := CanDisplace(in)
		return nil, &DisplaceError{Op: in.Op, Addr: addr, Reason: why, Err: ErrMustNotDisplace}
	}
	// An Inst decode could not fill (Len 0) is stepped as its word: the
	// illegal-instruction interrupt, as on the CPU.
	err := e.Step(r, m, in)
	switch {
	case err == nil:
		return nil, nil
	case errors.Is(err, emulate.ErrNotEmulated):
		return PlanOutOfLine(in, addr, slot, r.MSR)
	case errors.Is(err, emulate.ErrMustNotStep):
		_, why := CanDisplace(in)
		if why == "" {
			why = "the emulator refuses to step it"
		}
		return nil, &DisplaceError{Op: in.Op, Addr: addr, Reason: why, Err: ErrMustNotDisplace, Cause: err}
	}
	return nil, err
}
