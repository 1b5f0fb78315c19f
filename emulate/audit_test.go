package emulate

import (
	"errors"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
)

// cannotEmulate is THE table of non-privileged ops the emulator does not
// execute, with the reason. Every op of decode's table is emulated (it has
// a semantic function: its refusals, such as must-not-step for sc or a
// missing Config hook for mftb and darn, are its own documented outcomes),
// privileged (refused in problem state; supervisor state is not modelled
// for it), or listed here. TestOpAudit enforces it.
var cannotEmulate = func() map[string]string {
	t := map[string]string{
		"hashst":  "the hash needs HASHKEYR, a per-process key the kernel holds and regs.Regs does not",
		"hashchk": "the hash needs HASHKEYR, a per-process key the kernel holds and regs.Regs does not",
		"clrbhrb": "the branch history rolling buffer is CPU state regs.Regs does not hold (QEMU 7.2 refuses it in problem state)",
		"mfbhrbe": "the branch history rolling buffer is CPU state regs.Regs does not hold (QEMU 7.2 refuses it in problem state)",
		"rfebb":   "event-based branch return: needs BESCR and EBBRR, which regs.Regs does not hold (QEMU 7.2 refuses it in problem state)",
	}
	return t
}()

// TestOpAudit walks every op of decode's op table: each is emulated,
// privileged, or in cannotEmulate with a reason; no silent gaps. Each op
// that is not emulated is also stepped (its base encoding, problem state,
// every facility enabled) under both profiles: the outcome must be a
// refusal (not emulated, illegal or privileged) that leaves the registers
// unchanged.
func TestOpAudit(t *testing.T) {
	var emulated, privileged, listed int
	for name := range cannotEmulate {
		if _, ok := decode.OpByName(name); !ok {
			t.Errorf("cannotEmulate: %q is not an op name", name)
		}
	}
	for op := decode.Op(1); int(op) < decode.NumOps; op++ {
		in, ok := decode.BaseInst(op)
		if !ok {
			continue // never decoded as itself, so nothing can execute it
		}
		name := op.String()
		reason, inTable := cannotEmulate[name]
		switch {
		case Emulated(op):
			emulated++
			if inTable {
				t.Errorf("%s: emulated but listed in cannotEmulate (%s)", name, reason)
			}
			continue
		case in.Flags&decode.FlagPrivileged != 0:
			privileged++
			if inTable {
				t.Errorf("%s: privileged and listed in cannotEmulate: one reason only", name)
			}
		case inTable:
			listed++
		default:
			t.Errorf("%s: not emulated, not privileged and not in cannotEmulate: a silent gap", name)
			continue
		}
		words := []uint32{in.Word}
		if in.Len == 8 {
			words = append(words, in.Suffix)
		}
		for _, p := range []Profile{Hardware, QEMU} {
			m := newMachine(true)
			before := m.r
			err := m.step(t, p, words...)
			if !errors.Is(err, ErrNotEmulated) && !errors.Is(err, ErrIllegal) && !errors.Is(err, ErrPrivileged) {
				t.Errorf("%s (%v): err = %v, want a refusal", name, p, err)
			}
			if before != m.r {
				t.Errorf("%s (%v): registers changed", name, p)
			}
		}
	}
	t.Logf("%d emulated, %d privileged, %d listed", emulated, privileged, listed)
}
