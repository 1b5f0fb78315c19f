package emulate

import (
	"sync"

	"github.com/ppc64emu/ppc64emu/decode"
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
}

// Differences is the one table of behaviour where the hardware and QEMU
// profiles differ. Rows about one family of instructions may be appended by
// the init function of the file that implements it; the table is resolved
// when the first Emulator is made. `go test ./emulate -run Differences -v`
// prints it.
var Differences = []Difference{
	{
		ID:       "reserved-bits",
		What:     "reserved (/) bits of an instruction word are non-zero",
		Hardware: Ignore, HWDetail: "ignored; the instruction executes normally (ISA: reserved fields are ignored by the processor)",
		QEMU: Illegal, QDetail: "illegal instruction for many ops (SIGILL, code 1); the reserved bits QEMU ignores are listed per op (qemuReservedOK, measured with the harness)",
		Source: "shared/reference/power9-behaviour.md (POWER9 random tests, Microwatt); shared/reference/qemu-oracle.md pitfall 14",
	},
	{
		ID:       "invalid-form",
		What:     "an ISA invalid form (e.g. load with update and RA=0 or RA=RT, bcctr with BO[2]=0)",
		Hardware: HardwareStep, HWDetail: "not documented for POWER9/POWER10: let the CPU decide",
		QEMU: Illegal, QDetail: "illegal instruction (trace-format.md: ldu r3,0(0) gives st=ill code=1), except for the ops in qemuInvalidFormOK, whose rows say what QEMU does (bcctr-decrement)",
		Source: "Power ISA 3.1B Book I 1.8.2 (invalid forms are boundedly undefined); shared/trace-format.md example ldu0",
	},
	{
		ID:       "mtspr-xer",
		What:     "mtspr XER: which bits of RS are kept",
		Hardware: Value, HWDetail: "only SO, OV, CA, OV32, CA32 and the low 18 bits (mask 0xE00FFFFF)",
		QEMU: Value, QDetail: "the low 32 bits (mask 0x00000000FFFFFFFF: QEMU 7.2 masks with a 32-bit constant); mfspr reads back whatever the register holds",
		Source: "shared/reference/power9-behaviour.md; QEMU 7.2 harness (mtspr XER with RS=ffffffff00000000 leaves XER 0, RS=00000000ffffffff gives ffffffff)",
	},
	{
		ID:       "icbt",
		What:     "icbt (instruction cache block touch) in problem state",
		Hardware: Ignore, HWDetail: "no-op",
		QEMU: Illegal, QDetail: "illegal instruction (decoded only for BookE)",
		Source: "shared/reference/power9-behaviour.md",
	},
}

// profileRules is a profile's resolved view of Differences.
type profileRules struct {
	profile Profile
	actions map[string]Action // by Difference.ID
	xerMask uint64
}

var (
	profilesOnce sync.Once
	profiles     [2]profileRules
)

// resolveProfiles builds the per-profile view of Differences. It runs once,
// when the first Emulator is made, so rows appended to Differences by the
// init functions of other files are included.
func resolveProfiles() {
	// Duplicate IDs are caught by TestDifferences; the last row wins.
	for p := Hardware; p <= QEMU; p++ {
		pr := &profiles[p]
		pr.profile = p
		pr.actions = make(map[string]Action, len(Differences))
		for _, d := range Differences {
			a := d.Hardware
			if p == QEMU {
				a = d.QEMU
			}
			pr.actions[d.ID] = a
		}
		pr.xerMask = 0xE00FFFFF
		if p == QEMU {
			pr.xerMask = 0xFFFFFFFF
		}
	}
}

func rulesFor(p Profile) *profileRules {
	profilesOnce.Do(resolveProfiles)
	if int(p) < len(profiles) {
		return &profiles[p]
	}
	return &profiles[Hardware]
}

// action returns what the emulator's profile does for the Difference with
// the given ID. It is for rare paths (undefined results, odd encodings);
// an unknown ID is a programming error caught by TestDifferences.
func (e *Emulator) action(id string) Action {
	return e.prof.actions[id]
}

// qemu reports whether the emulator follows the QEMU profile.
func (e *Emulator) qemu() bool { return e.prof.profile == QEMU }

// qemuReservedOK holds, per op, the reserved bits of the instruction word
// that QEMU 7.2 ignores (measured with the harness, one bit at a time): for
// those the QEMU profile executes the instruction instead of raising
// illegal instruction. The files implementing the ops fill it from their
// init functions.
var qemuReservedOK [decode.NumOps]uint32

// qemuInvalidFormOK marks the ops whose invalid forms QEMU 7.2 executes
// (with a behaviour of its own, implemented by the op's semantic function
// under the QEMU profile) instead of raising illegal instruction. Set from
// init functions.
var qemuInvalidFormOK [decode.NumOps]bool

// invalid decides what an encoding with in.Invalid != 0 does.
func (pr *profileRules) invalid(in *decode.Inst) error {
	if in.Invalid&decode.InvalidForm != 0 && !(pr.profile == QEMU && qemuInvalidFormOK[in.Op]) {
		if err := pr.act(pr.actions["invalid-form"], in, "invalid form", decode.ErrInvalidForm); err != nil {
			return err
		}
	}
	if in.Invalid&decode.InvalidReservedBits != 0 {
		if pr.profile == QEMU && qemuIgnoresReserved(in) {
			return nil
		}
		return pr.act(pr.actions["reserved-bits"], in, "reserved bits set", decode.ErrReservedBits)
	}
	return nil
}

// qemuIgnoresReserved reports whether every reserved bit set in in's word is
// one QEMU 7.2 ignores for in.Op.
func qemuIgnoresReserved(in *decode.Inst) bool {
	if in.Len != 4 || int(in.Op) >= len(qemuReservedOK) || qemuReservedOK[in.Op] == 0 {
		return false
	}
	_, _, rsv, ok := decode.Encoding(in.Op)
	return ok && in.Word&uint32(rsv>>32)&^qemuReservedOK[in.Op] == 0
}

func (pr *profileRules) act(a Action, in *decode.Inst, reason string, cause error) error {
	switch a {
	case Illegal:
		return &OpError{Op: in.Op, Kind: ErrIllegal, Reason: reason + " (" + pr.profile.String() + " profile)", Err: cause}
	case HardwareStep:
		return &OpError{Op: in.Op, Kind: ErrNotEmulated, Reason: reason + ": hardware behaviour unknown", Err: cause}
	}
	return nil
}
