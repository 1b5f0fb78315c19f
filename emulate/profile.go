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
		QEMU: Value, QDetail: "per op and bit: executes if every reserved bit set is one QEMU ignores for the op (e.g. bit 31 of ldx, stores, cmp*, exts*; bits 16:18 of bclr/bcctr), else illegal instruction (SIGILL code 1; e.g. bit 31 of ldbrx, popcnt*, mfspr); the per-op data is the generated qemuLegality table",
		Source: "internal/cmd/qemusurvey: emulate/testdata/qemu-legality.txt (every reserved bit alone on valid encodings, both byte orders); POWER9: shared/reference/power9-behaviour.md",
	},
	{
		ID:       "reserved-bits-privileged",
		What:     "reserved bits set in an encoding that is refused in problem state (privileged op or SPR)",
		Hardware: Ignore, HWDetail: "the reserved bits are ignored, so the privileged instruction interrupt is taken",
		QEMU: Value, QDetail: "per op: QEMU checks privilege first for some (mtspr of a privileged SPR stays SIGILL code 6, privileged ops such as tlbie stay code 5), reserved bits first for others (mfspr of a privileged SPR gives code 1); qemuLegality's keep flag",
		Source: "internal/cmd/qemusurvey (refused-keep / refused-change in emulate/testdata/qemu-legality.txt)",
	},
	{
		ID:       "invalid-form",
		What:     "an ISA invalid form (e.g. load with update and RA=0 or RA=RT, bcctr with BO[2]=0)",
		Hardware: HardwareStep, HWDetail: "not documented for POWER9/POWER10: let the CPU decide",
		QEMU: Value, QDetail: "per op: illegal instruction (SIGILL code 1; update forms with RA=0, lq with odd RTp, prefixed R=1 with RA≠0, …) except for the ops whose invalid forms QEMU executes (bcctr[l]: see bcctr-decrement; lfdp/stfdp with odd FRTp; lmw with RA in range), per qemuLegality's invExec",
		Source: "internal/cmd/qemusurvey (inv= in emulate/testdata/qemu-legality.txt); Power ISA 3.1B Book I 1.8.2 (invalid forms are boundedly undefined)",
	},
	{
		ID:       "problem-state-code",
		What:     "the interrupt for an instruction refused in problem state",
		Hardware: Value, HWDetail: "privileged instruction (SIGILL ILL_PRVOPC/ILL_PRVREG: ErrPrivileged) for privileged ops and SPRs",
		QEMU: Value, QDetail: "per op: urfid, rfscv, msgclru, msgsndu and the unprivileged ops QEMU does not implement for user mode (icbt, copy, paste., clrbhrb, mfbhrbe, rfebb) give illegal instruction (SIGILL code 1: ErrIllegal); other privileged ops code 5, privileged SPRs code 6 (ErrPrivileged); qemuLegality's psCode",
		Source: "internal/cmd/qemusurvey (ps= in emulate/testdata/qemu-legality.txt)",
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

// qemuLegal is QEMU 7.2's treatment (-cpu power10, user mode) of one op's
// encodings that the ISA leaves to the implementation, as measured by
// internal/cmd/qemusurvey (emulate/testdata/qemu-legality.txt; the rows
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
}

// qemuLegalRow is one generated row: an op name and its measurements.
type qemuLegalRow struct {
	name string
	qemuLegal
}

// qemuLegality is qemuLegalityRows indexed by op (names are resolved when
// the package is initialised, since op numbers change between x/arch
// versions). It is a variable initialiser, so it is complete before any
// init function runs: a file's init may refine a row (quad.go does).
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
	if in.Invalid&decode.InvalidForm != 0 {
		if err := pr.act(pr.actions["invalid-form"], in, "invalid form", decode.ErrInvalidForm); err != nil {
			return err
		}
	}
	if in.Invalid&decode.InvalidReservedBits != 0 {
		return pr.act(pr.actions["reserved-bits"], in, "reserved bits set", decode.ErrReservedBits)
	}
	return nil
}

// qemuInvalid is invalid under the QEMU profile, from the measured table:
// reserved bits QEMU ignores for the op execute, others are illegal unless
// the encoding is refused in problem state first; invalid forms are illegal
// unless QEMU executes them for the op.
func (pr *profileRules) qemuInvalid(in *decode.Inst, refused bool) error {
	q := &qemuLegality[in.Op]
	if in.Invalid&decode.InvalidReservedBits != 0 && !qemuIgnoresReserved(in) {
		if refused && reservedSet(in)&^q.ignored&^q.keep == 0 {
			return pr.refused(in)
		}
		return &OpError{Op: in.Op, Kind: ErrIllegal, Reason: "reserved bits set (qemu profile)", Err: decode.ErrReservedBits}
	}
	if in.Invalid&decode.InvalidForm != 0 && !q.invExec {
		return &OpError{Op: in.Op, Kind: ErrIllegal, Reason: "invalid form (qemu profile)", Err: decode.ErrInvalidForm}
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
			return &OpError{Op: in.Op, Kind: ErrIllegal, Reason: "problem state (qemu profile: illegal instruction)"}
		}
	}
	return &OpError{Op: in.Op, Kind: ErrPrivileged, Reason: "problem state"}
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
