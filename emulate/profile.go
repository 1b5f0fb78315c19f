package emulate

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Profile selects how implementation-defined behaviour is resolved: the
// choices real POWER9/POWER10 hardware makes, or those of QEMU 7.2
// (-cpu power10), which the project's reference traces come from.
type Profile uint8

// The profiles.
const (
	// Hardware follows POWER9/POWER10 silicon. Where the hardware's choice
	// is not known, it answers ErrNotEmulated so that a debugger lets the
	// real CPU decide. POWER10 is assumed to behave as POWER9 unless a
	// source says otherwise.
	Hardware Profile = iota
	// QEMU follows QEMU 7.2 user mode with -cpu power10.
	QEMU
)

// String returns "hardware" or "qemu".
func (p Profile) String() string {
	switch p {
	case Hardware:
		return "hardware"
	case QEMU:
		return "qemu"
	}
	return "profile?"
}

// ParseProfile maps a name ("hardware", "power9", "power10", "qemu",
// "qemu-7.2") to a Profile.
func ParseProfile(s string) (Profile, bool) {
	switch s {
	case "hardware", "power9", "power10", "hw":
		return Hardware, true
	case "qemu", "qemu-7.2":
		return QEMU, true
	}
	return 0, false
}

// Action is what a profile does where the ISA leaves the choice open.
type Action uint8

// The actions.
const (
	// Ignore: execute the instruction as if the encoding were valid.
	Ignore Action = iota
	// Illegal: raise an illegal-instruction interrupt (ErrIllegal).
	Illegal
	// HardwareStep: the behaviour is unknown; answer ErrNotEmulated.
	HardwareStep
	// Value: the result is the profile's documented value (see Detail).
	Value
)

// String names the action.
func (a Action) String() string {
	return [...]string{"ignore", "illegal", "hardware-step", "value"}[a]
}

// Difference is one row of the table of implementation-defined behaviour.
type Difference struct {
	ID       string // short stable identifier
	What     string // the behaviour the ISA leaves open
	Hardware Action // POWER9/POWER10
	HWDetail string // the hardware's choice, in words
	QEMU     Action // QEMU 7.2
	QDetail  string // QEMU's choice, in words
	Source   string // where the facts come from
	// Runner is the hardware profile's documented choice under
	// Config.Complete where the hardware's answer is a hardware step (or
	// an interrupt Linux completes for the program): QEMU 7.2's action and
	// value (QDetail), with why that is a valid choice. Empty: the row
	// keeps its Hardware action under Complete too.
	Runner string
}

// Differences returns the table of behaviour where the hardware and QEMU
// profiles differ, one row per ID, in table order (a copy: changing it
// changes nothing). `go test ./emulate -run Differences -v` prints it.
//
// "Hardware" means POWER9 as the row's sources measured or stated it
// (HW-measured, HW-stated, or the ISA where it turns out to define the
// case; shared/reference/power9-behaviour.md); POWER10 is assumed to behave
// the same unless a source says otherwise. Where no source settles a case
// the hardware action is HardwareStep.
func Differences() []Difference {
	out := make([]Difference, 0, numDiffs-1)
	return append(out, differenceRows[1:]...)
}

// profileRules is a profile's resolved view of Differences.
type profileRules struct {
	profile Profile
	actions [numDiffs]Action
	// runner: the row takes its Runner choice (Config.Complete), QEMU
	// 7.2's value, so the code takes the QEMU side of it (qemuSide).
	runner  [numDiffs]bool
	xerMask uint64
}

// profiles are the resolved views: Hardware, QEMU, and Hardware with
// Config.Complete.
var profiles = func() (t [3]profileRules) {
	for i := range t {
		pr := &t[i]
		p := Profile(i)
		if i == 2 {
			p = Hardware
		}
		pr.profile = p
		for id, d := range differenceRows {
			pr.actions[id] = d.Hardware
			if p == QEMU {
				pr.actions[id] = d.QEMU
			}
			if i == 2 && d.Runner != "" {
				pr.actions[id], pr.runner[id] = d.QEMU, true
				if d.QEMU == HardwareStep { // a Runner value QEMU lacks (wait)
					pr.actions[id] = Value
				}
			}
		}
		pr.xerMask = 0xE00FFFFF // mtspr-xer
		if p == QEMU {
			pr.xerMask = 0xFFFFFFFF
		}
	}
	return t
}()

func rulesFor(p Profile, complete bool) *profileRules {
	switch {
	case p == Hardware && complete:
		return &profiles[2]
	case int(p) < 2:
		return &profiles[p]
	}
	return &profiles[Hardware]
}

// action returns what the emulator's profile does for the Difference row
// id. It is for rare paths (undefined results, odd encodings).
func (e *Emulator) action(id diffID) Action {
	return e.prof.actions[id]
}

// unknown is the outcome of a step whose result the ISA leaves undefined
// (row id): under a profile whose action for the row is HardwareStep, an
// OpError matching ErrNotEmulated with reason what (e.g. "estimate:
// hardware result unknown"); nil when the profile knows the value.
func (e *Emulator) unknown(in *decode.Inst, id diffID, what string) error {
	if e.prof.actions[id] != HardwareStep {
		return nil
	}
	return refusal(in.Op, ErrNotEmulated, what, nil)
}

// qemuSide reports whether the emulator takes QEMU 7.2's side of row id,
// for rows where both profiles have a documented value (Value) and the
// code computes one or the other.
func (e *Emulator) qemuSide(id diffID) bool {
	return e.prof.profile == QEMU || e.prof.runner[id]
}

// qemuOwn reports whether the emulator is the QEMU profile itself, for the
// parts of row id's QEMU value that a Runner choice does not take (the
// row's Runner text names them).
func (e *Emulator) qemuOwn(id diffID) bool {
	return e.prof.profile == QEMU
}

//go:generate go run ../internal/tools/qemusurvey -gen testdata/qemu-legality.txt -go qemu_legality.go

// qemuLegal is QEMU 7.2's treatment (-cpu power10, user mode) of one op's
// encodings that the ISA leaves to the implementation, as measured by
// internal/tools/qemusurvey (emulate/testdata/qemu-legality.txt; the rows
// are generated into qemu_legality.go). The zero value is QEMU's default:
// reserved bits and invalid forms are illegal, valid encodings execute.
type qemuLegal struct {
	// ignored holds the reserved bits QEMU executes with, in ppc64asm's
	// layout (word<<32 | suffix).
	ignored uint64
	// psCode is the SIGILL si_code QEMU gives every valid encoding in
	// problem state: 1 illegal opcode, 2 illegal operand, 5 privileged
	// opcode, 6 privileged register; 0 when it executes them or when it
	// depends on the operands (mtspr, mfspr).
	psCode uint8
	// keep holds the reserved bits that, set on an encoding refused in
	// problem state, keep that outcome (QEMU checks privilege first, e.g.
	// mtspr of a privileged SPR gives code 6, not 1; hrfid with bits 16:19
	// set stays code 5, with bit 31 set it becomes code 1).
	keep uint64
	// invExec: QEMU executes the op's ISA invalid forms (the op's semantic
	// function then does what QEMU does, e.g. bcctr with BO[2]=0).
	invExec bool
	// invSome: QEMU executes some of the op's invalid forms and refuses
	// others; the op's semantic function tells them apart (plq, pstq).
	invSome bool
}

// qemuLegalRow is one generated row: an op name and its measurements.
type qemuLegalRow struct {
	name string
	qemuLegal
}

// qemuLegality is qemuLegalityRows indexed by op (names are resolved when
// the package is initialised, since op numbers change between x/arch
// versions). It is a variable initialiser, so it is complete before any
// init function runs. Nothing changes it: it is measured data.
var qemuLegality = func() (t [decode.NumOps]qemuLegal) {
	for _, row := range qemuLegalityRows {
		if op, ok := decode.OpByName(row.name); ok {
			t[op] = row.qemuLegal
		}
	}
	return t
}()

// invalid decides what an encoding with in.Invalid != 0 does. refused says
// that the encoding will be refused in problem state (a privileged op or
// SPR and MSR[PR]=1).
func (pr *profileRules) invalid(in *decode.Inst, refused bool) error {
	if pr.profile == QEMU {
		return pr.qemuInvalid(in, refused)
	}
	if in.Invalid&decode.InvalidForm != 0 && in.Has(decode.FlagUpdate) && updateRA(in) == 0 {
		return pr.act(pr.actions[diffUpdateRA0], in, "update form with RA=0 (R0 write-back unknown)", decode.ErrInvalidForm)
	}
	if in.Invalid&decode.InvalidForm != 0 && !pr.executesInvalidForm(in) {
		if err := pr.act(pr.actions[diffInvalidForm], in, "invalid form", decode.ErrInvalidForm); err != nil {
			return err
		}
	}
	if in.Invalid&decode.InvalidReservedBits != 0 {
		return pr.act(pr.actions[diffReservedBits], in, "reserved bits set", decode.ErrReservedBits)
	}
	return nil
}

// updateRA is the RA field of a load or store with update (as ea reads it).
func updateRA(in *decode.Inst) int64 {
	if in.Has(decode.FlagIndexed) {
		return in.Args[1]
	}
	return in.Args[2]
}

// executesInvalidForm reports whether the hardware profile executes in's
// invalid form because a row documents it: bcctr[l] with BO[2]=0
// (bcctr-decrement). It is bcctr's only invalid form.
func (pr *profileRules) executesInvalidForm(in *decode.Inst) bool {
	switch in.Op {
	case ppc64asm.BCCTR, ppc64asm.BCCTRL:
		return pr.actions[diffBcctrDecrement] == Value
	}
	return false
}

// qemuInvalid is invalid under the QEMU profile, from the measured table:
// reserved bits QEMU ignores for the op execute, others are illegal unless
// the encoding is refused in problem state first; invalid forms are illegal
// unless QEMU executes them for the op.
func (pr *profileRules) qemuInvalid(in *decode.Inst, refused bool) error {
	q := &qemuLegality[in.Op]
	if in.Invalid&decode.InvalidReservedBits != 0 && !qemuIgnoresReserved(in) {
		// Privilege first for the bits in keep (reserved-bits-privileged).
		if refused && reservedSet(in)&^q.ignored&^q.keep == 0 {
			return pr.refused(in)
		}
		return errReservedQEMU.get(in.Op)
	}
	if in.Invalid&decode.InvalidForm != 0 && !q.invExec && !q.invSome {
		return errInvalidFormQEMU.get(in.Op)
	}
	return nil
}

// qemuIgnoresReserved reports whether every reserved bit set in in's
// encoding (word<<32 | suffix) is one QEMU 7.2 ignores for in.Op.
func qemuIgnoresReserved(in *decode.Inst) bool {
	return int(in.Op) < len(qemuLegality) && reservedSet(in)&^qemuLegality[in.Op].ignored == 0
}

// reservedSet returns the reserved bits set in in's encoding, in ppc64asm's
// layout (word<<32 | suffix).
func reservedSet(in *decode.Inst) uint64 {
	_, _, rsv, _ := decode.Encoding(in.Op)
	return (uint64(in.Word)<<32 | uint64(in.Suffix)) & rsv
}

// refused is the outcome of an encoding refused in problem state: under
// the QEMU profile, illegal instruction for the ops QEMU refuses with
// si_code 1 or 2 (urfid, rfscv, …), else privileged.
func (pr *profileRules) refused(in *decode.Inst) error {
	if pr.profile == QEMU && int(in.Op) < len(qemuLegality) {
		if c := qemuLegality[in.Op].psCode; c != 0 && c != 5 && c != 6 {
			return errProblemStateQEMU.get(in.Op)
		}
	}
	return errProblemState.get(in.Op)
}

func (pr *profileRules) act(a Action, in *decode.Inst, reason string, cause error) error {
	switch a {
	case Illegal:
		return profileIllegal(in.Op, reason, pr.profile, cause)
	case HardwareStep:
		return hardwareUnknown(in.Op, reason, cause)
	}
	return nil
}

// hardwareUnknown is the refusal of a step whose result on hardware is not
// known (a Difference row's HardwareStep, or an ISA-undefined case the
// profiles agree on): ErrNotEmulated, reason "what: hardware result
// unknown". The one spelling of that refusal; the preallocated ones are
// built with it too. The value is shared (refusal).
func hardwareUnknown(op decode.Op, what string, cause error) *OpError {
	return refuse(refusalKey{op: op, kind: ErrNotEmulated, err: cause, reason: [4]string{what, ": hardware result unknown"}})
}

// profileIllegal is the illegal-instruction answer a profile gives where
// the ISA leaves the outcome to the implementation: ErrIllegal, reason
// "what (P profile)". The value is shared (refusal).
func profileIllegal(op decode.Op, what string, p Profile, cause error) *OpError {
	return refuse(refusalKey{op: op, kind: ErrIllegal, err: cause, reason: [4]string{what, " (", p.String(), " profile)"}})
}
