package debug

import (
	"errors"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/trap"
)

// Action is what a probe planner does with the instruction under a
// breakpoint once the breakpoint has been hit.
type Action uint8

const (
	// ProbeReject: no breakpoint may be placed at the address.
	ProbeReject Action = iota
	// ProbeEmulate: execute the instruction with the emulator (Step) and
	// resume after it.
	ProbeEmulate
	// ProbeOutOfLine: copy the instruction to a slot and single-step it there
	// in hardware (PlanOutOfLine, StepOver).
	ProbeOutOfLine
)

var actionNames = [...]string{ProbeReject: "reject", ProbeEmulate: "emulate", ProbeOutOfLine: "out-of-line"}

func (a Action) String() string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	return "Action(?)"
}

// ErrAtomicSequence is Plan's refusal of a breakpoint on a load-and-reserve
// or store-conditional instruction: the hardware would lose the reservation
// at every hit, so the atomic sequence would never complete.
var ErrAtomicSequence = errors.New("debug: breakpoint in an atomic sequence (load-and-reserve or store-conditional)")

// ProbePlan is Plan's answer.
type ProbePlan struct {
	Action Action // emulate, step out of line, or reject
	// Reason says why, in a few words.
	Reason string
	// Err is the refusal behind a ProbeReject or a ProbeOutOfLine, never nil
	// for those: trap's *ProbeError, ErrAtomicSequence, or the emulator's
	// *OpError when it cannot emulate; nil for ProbeEmulate.
	Err error
}

// Plan decides, in one call, how a uprobe-style debugger handles a
// breakpoint on in at addr with the emulator e (its Config decides what is
// emulated, see emulate.Emulator.Emulates):
//
//   - ProbeReject when Linux's uprobe rules refuse the address or word
//     (trap.CheckUprobe: misaligned, a trap instruction, a prefix at the
//     end of a 64-byte block), and for load-and-reserve and
//     store-conditional: a breakpoint inside an atomic sequence makes the
//     hardware lose the reservation every time, so the sequence never
//     completes (ErrAtomicSequence; see FindAtomicSequence);
//   - ProbeEmulate when the emulator can step it (every branch and PC-relative
//     instruction that it emulates);
//   - ProbeOutOfLine when it cannot but the instruction may run from a copy
//     (CanDisplace);
//   - ProbeReject otherwise, with CanDisplace's reason.
func Plan(in *decode.Inst, addr uint64, e *emulate.Emulator) ProbePlan {
	if err := trap.CheckUprobe(addr, in.Word); err != nil {
		return ProbePlan{Action: ProbeReject, Reason: "uprobe rules", Err: err}
	}
	if IsLoadReserve(in) || IsStoreConditional(in) {
		return ProbePlan{Action: ProbeReject, Reason: "inside an atomic sequence: the reservation would be lost at every hit", Err: ErrAtomicSequence}
	}
	err := e.Emulates(in)
	if err == nil {
		return ProbePlan{Action: ProbeEmulate, Reason: "emulated"}
	}
	if ok, why := CanDisplace(in); !ok {
		return ProbePlan{Action: ProbeReject, Reason: why, Err: err}
	}
	return ProbePlan{Action: ProbeOutOfLine, Reason: "not emulated: single-step a copy", Err: err}
}
