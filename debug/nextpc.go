package debug

import (
	"fmt"
	"strings"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/branch"
	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/trap"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Flow classifies how an instruction passes control on.
type Flow uint8

// Flows.
const (
	// Sequential: not a control-flow instruction; execution continues at
	// NIP + length.
	Sequential Flow = iota
	// Branch: b, bc, bclr, bcctr, bctar in any form.
	Branch
	// Trap: tw, td, twi, tdi. When the trap fires the thread takes a
	// program interrupt (SIGTRAP under Linux) instead of continuing.
	Trap
	// Syscall: sc or scv. The kernel returns to NIP + 4, except for the
	// system calls that do not return there (exit, execve, rt_sigreturn, a
	// signal delivered on return, …): a debugger that must not lose control
	// should catch the system-call exit (PTRACE_SYSCALL) rather than rely on
	// a breakpoint there.
	Syscall
	// Unknown: the next address is not in the register file: the
	// return-from-interrupt family (rfid, hrfid, urfid, rfscv: SRR0/HSRR0/
	// USRR0/LR under the kernel's control) and rfebb (EBBRR).
	Unknown
)

var flowNames = [...]string{Sequential: "sequential", Branch: "branch", Trap: "trap", Syscall: "syscall", Unknown: "unknown"}

// String returns the flow's name.
func (f Flow) String() string {
	if int(f) < len(flowNames) {
		return flowNames[f]
	}
	return fmt.Sprintf("Flow(%d)", uint8(f))
}

// Next is the result of NextPCs: up to two possible next addresses.
type Next struct {
	PCs [2]uint64 // the possible next addresses; PCs[:N] are valid
	N   int       // 0, 1 or 2
	// Flow is the kind of instruction.
	Flow Flow
	// Interrupt: execution may leave through an interrupt the instruction
	// raises on purpose, a trap that fires (or may fire, when state is
	// ignored). A trap that fires for certain has N = 0.
	Interrupt bool
}

// Addrs returns the valid addresses, PCs[:N].
func (n *Next) Addrs() []uint64 { return n.PCs[:n.N] }

// Has reports whether addr is one of the next addresses.
func (n *Next) Has(addr uint64) bool {
	for _, a := range n.PCs[:n.N] {
		if a == addr {
			return true
		}
	}
	return false
}

func (n *Next) add(a uint64) {
	if n.Has(a) || n.N == len(n.PCs) {
		return
	}
	n.PCs[n.N] = a
	n.N++
}

// String formats the addresses, e.g. "0x1000 0x1010", with the flow.
func (n Next) String() string {
	var b strings.Builder
	for i, a := range n.PCs[:n.N] {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%#x", a)
	}
	if n.N == 0 {
		b.WriteString("none")
	}
	fmt.Fprintf(&b, " (%s", n.Flow)
	if n.Interrupt {
		b.WriteString(", may interrupt")
	}
	b.WriteByte(')')
	return b.String()
}

// Values for the ignoreState argument of NextPCs and NextPCsWord, so that a
// call reads as what it asks: NextPCs(in, r, debug.FromState).
const (
	FromState    = false // evaluate the condition from the register file
	AnyCondition = true  // every successor, whatever CR, CTR and trap operands hold
)

// NextPCs returns the addresses execution can reach after executing in at
// r.NIP, for software single-step: the debugger plants a breakpoint on each.
//
// With ignoreState false the register file decides: one address for every
// branch (its condition is evaluated as the ISA defines it, see
// internal/branch.Taken), NIP + length for other instructions, and none for a
// trap that fires. With ignoreState true the condition (CR, CTR, trap
// operands) is not looked at and a conditional branch gives both the
// fall-through and the target, a conditional trap the fall-through with
// Interrupt set; unconditional branches ("branch always" BO, b) still give
// their target alone. The targets of bclr, bcctr and bctar are read from
// LR, CTR and TAR (the low two bits cleared) in both cases: they are part of
// the instruction's meaning, not of the condition.
//
// All addresses are truncated to 32 bits when r.MSR[SF] = 0. Interrupts the
// instruction does not raise on purpose (storage faults, illegal or
// privileged instructions, FP exceptions) are not considered. The invalid
// form bcctr[l] with BO[2] = 0 gives both candidates even with state.
func NextPCs(in *decode.Inst, r *regs.Regs, ignoreState bool) Next {
	var n Next
	nip := r.NIP
	wide := r.MSR&regs.MSRSF != 0
	ea := func(a uint64) uint64 {
		if !wide {
			return a & 0xffffffff
		}
		return a
	}
	fall := ea(nip + uint64(in.Len))

	switch in.Class {
	case decode.ClassBranch: // b, ba, bl, bla
		n.Flow = Branch
		n.add(branch.Target(in, r))
		return n
	case decode.ClassCondBranch:
		n.Flow = Branch
		tgt := branch.Target(in, r)
		invalid := in.Invalid&decode.InvalidForm != 0 // bcctr[l] with BO[2] = 0
		switch {
		case branch.Always(in) && !invalid:
			n.add(tgt)
		case ignoreState || invalid:
			n.add(fall)
			n.add(tgt)
		default:
			if taken, _ := branch.Taken(in, r.CR, r.CTR, wide); taken {
				n.add(tgt)
			} else {
				n.add(fall)
			}
		}
		return n
	case decode.ClassTrap:
		n.Flow = Trap
		info, ok := trap.Classify(in.Word)
		if !ok {
			n.add(fall)
			return n
		}
		kind := info.Kind
		if !ignoreState && kind == trap.Conditional {
			kind = trap.Never
			if info.FiresGPR(&r.GPR) {
				kind = trap.Always
			}
		}
		switch kind {
		case trap.Always:
			n.Interrupt = true
		case trap.Conditional:
			n.Interrupt = true
			n.add(fall)
		default:
			n.add(fall)
		}
		return n
	case decode.ClassSyscall:
		n.Flow = Syscall
		n.add(fall)
		return n
	}
	switch in.Op {
	case ppc64asm.RFID, ppc64asm.HRFID, ppc64asm.URFID, ppc64asm.RFSCV, ppc64asm.RFEBB:
		n.Flow = Unknown
		return n
	}
	n.add(fall)
	return n
}

// NextPCsWord is NextPCs for an instruction given as its word and, when
// prefixed, suffix. A word that does not decode is an illegal instruction:
// the result has N = 0, Flow Unknown and the decode error.
func NextPCsWord(word, suffix uint32, r *regs.Regs, ignoreState bool) (Next, error) {
	in, err := decode.Lookup(word, suffix)
	if err != nil {
		return Next{Flow: Unknown}, err
	}
	return NextPCs(in, r, ignoreState), nil
}
