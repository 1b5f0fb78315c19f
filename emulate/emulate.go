// Package emulate executes one powerpc64 instruction at a time on a register
// file (regs.Regs) and a Memory, like the Linux kernel's emulate_step but
// covering much more of the Power ISA.
//
// A step either completes — registers and memory updated, NIP advanced or
// branched — or reports why it did not, as an error usable with errors.Is:
//
//	nil                  emulated
//	ErrNotEmulated       the emulator cannot do it: single-step it in hardware
//	ErrMustNotStep       never single-step it at all (sc, scv, rfid, …)
//	ErrTrap              a trap instruction fired
//	ErrIllegal           illegal instruction (unknown, invalid form, too new, …)
//	ErrPrivileged        privileged instruction or SPR in problem state
//	ErrDataFault         a data access faulted (*Fault gives the details)
//	ErrFetchFault        an instruction fetch faulted (Fetch; *Fault)
//	ErrAlignment         alignment interrupt (also ErrDataFault for data accesses,
//	                     ErrFetchFault for a prefixed instruction across 64 bytes)
//	ErrFPException       enabled floating-point exception
//	ErrUnavailable       facility unavailable (FP, VMX or VSX off in MSR)
//
// Step executes a given instruction, Fetch the one at r.NIP, FetchInst
// reads and decodes the one at r.NIP without executing it, and Run loops
// until a stop address, a step limit, a cancelled context or a failing
// step (Unicorn's emu_start).
//
// Whenever Step returns an error, the register file is bit-identical to what
// it was before the call and memory is unchanged: every instruction performs
// all of its fallible work (memory accesses, checks) before it writes any
// register, and each architectural access reaches Memory as one call of its
// full size. (One exception: in 32-bit mode an access that runs past
// 0xffffffff wraps to 0, as the ISA computes effective addresses modulo 2^32
// there, and is two calls, one on each side of the wrap; if the second
// faults, the first part's old bytes, read before it was written, are
// written back.)
//
// Where the Power ISA leaves behaviour to the implementation (reserved
// instruction bits, invalid forms, undefined results), the Config's Profile
// chooses between POWER9/POWER10 hardware and QEMU 7.2; see Differences.
//
// An Emulator is cheap and holds a little scratch state: use one per
// goroutine. The decode cache behind it is shared and safe for concurrent use.
// An Emulator shared between goroutines without a lock is a data race that
// the outcomes do not reveal (steps may corrupt each other's scratch
// buffers and reservation); only the race detector (go test -race) sees it.
// A thread's whole architectural state is a Context, a plain value: the
// registers Step is given and, in the Context the Emulator steps
// (SetContext), the reservation, copy buffer and primed accumulators.
//
// Conventions shared by the packages of this module (one per idea):
//
//   - Byte order: a register file's is MSR[LE] (regs.Regs.LittleEndian);
//     functions that take bytes without a register file take a
//     binary.ByteOrder (decode.Decode, regs.EncodeGPRegs). A bool "le" is
//     only the trace format's spelling of its header.
//   - Ops: decode.Op (ppc64asm's numbering) names an instruction
//     everywhere; trap.Op only classifies the four trap instructions.
//   - Sentinel errors are defined once and aliased where another package
//     must keep the name: trace.ErrUnmapped is mem.ErrUnmapped (the
//     memory vocabulary, AccessError and PageSize, is mem's, below
//     emulate), trap.ErrPrefixBoundary is
//     decode.ErrPrefixBoundary, so errors.Is matches across packages.
//     ErrMustNotStep (the emulator never steps it), trap.ErrCannotSingleStep
//     (Linux never single-steps it in hardware) and debug.ErrMustNotDisplace
//     (it cannot run from a copy) are three different refusals.
//
// A Config is checked by Config.Validate; NewChecked returns its error, New
// does not check (see New).
package emulate

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Outcome sentinels. Step returns one of them, or an error wrapping one.
var (
	ErrNotEmulated = errors.New("emulate: not emulated (needs a hardware step)")
	ErrMustNotStep = errors.New("emulate: instruction must not be single-stepped")
	ErrTrap        = errors.New("emulate: trap")
	ErrIllegal     = errors.New("emulate: illegal instruction")
	ErrPrivileged  = errors.New("emulate: privileged instruction")
	ErrDataFault   = errors.New("emulate: data access fault")
	ErrFetchFault  = errors.New("emulate: instruction fetch fault")
	ErrAlignment   = errors.New("emulate: alignment interrupt")
	ErrFPException = errors.New("emulate: floating-point enabled exception")
	ErrUnavailable = errors.New("emulate: facility unavailable")
)

// Memory is the address space the emulator reads and writes. Addresses are
// effective addresses; p holds bytes in address order (the emulator applies
// the byte order given by MSR[LE]). Every architectural access is one call of
// its full size, so an implementation sees exactly what the instruction
// touches (except an access that wraps at 2^32 in 32-bit mode: two calls,
// and a read of the old bytes before a wrapped write; see the package
// documentation). A non-nil error means the access faulted and nothing was
// written; the emulator reports it as a *Fault. A *mem.Memory (that type
// exactly, not one that embeds it) is read and written in place where
// its ReadPage and WritePage lend the page, as its Read and Write would
// (Step's integer loads and stores), and Run reads and writes the pages
// of any PagedMemory (see PagedMemory).
type Memory interface {
	Read(addr uint64, p []byte) error
	Write(addr uint64, p []byte) error
}

// Fault describes a failed access. It matches ErrDataFault (data accesses),
// ErrFetchFault (instruction fetches, Fetch set), ErrAlignment (Alignment
// set) and, through Unwrap, the Memory's own error.
type Fault struct {
	Addr      uint64 // the faulting address: the failing byte if the Memory said (AccessError), else EA
	EA        uint64 // effective address of the access (or of the instruction, for Fetch)
	Size      int    // bytes of the access
	Write     bool   // a store
	Fetch     bool   // an instruction fetch, not a data access
	Alignment bool   // an alignment interrupt rather than a storage fault
	Err       error  // the Memory's error, or a decode error for alignment of prefixed instructions
}

func (f *Fault) Error() string {
	kind := "read"
	switch {
	case f.Fetch:
		kind = "fetch"
	case f.Write:
		kind = "write"
	}
	what := "data access fault"
	switch {
	case f.Alignment:
		what = "alignment interrupt"
	case f.Fetch:
		what = "instruction fetch fault"
	}
	if f.Err != nil {
		return fmt.Sprintf("emulate: %s: %s of %d bytes at %#x: %v", what, kind, f.Size, f.Addr, f.Err)
	}
	return fmt.Sprintf("emulate: %s: %s of %d bytes at %#x", what, kind, f.Size, f.Addr)
}

// Is makes a Fault match ErrDataFault (data accesses), ErrFetchFault
// (instruction fetches) and ErrAlignment.
func (f *Fault) Is(target error) bool {
	switch target {
	case ErrDataFault:
		return !f.Fetch
	case ErrFetchFault:
		return f.Fetch
	case ErrAlignment:
		return f.Alignment
	}
	return false
}

// Unwrap returns the underlying error.
func (f *Fault) Unwrap() error { return f.Err }

// OpError is an outcome that concerns one op: not emulated, illegal,
// privileged, unavailable or must-not-step, with the reason.
//
// Steps return shared, preallocated *OpError values (so that a refusal
// allocates nothing): treat one obtained through errors.As as read-only.
type OpError struct {
	// Op is the refused op; zero (no op) only when the word did not
	// decode, and then Err says why (a decode error).
	Op     decode.Op
	Kind   error  // one of the outcome sentinels
	Reason string // why, in a few words (may be empty)
	Err    error  // an underlying error, such as decode.ErrInvalidForm (may be nil)
}

// Error reads "<kind>: <op>: <reason>: <err>", leaving out the op when the
// word did not decode and the parts that are empty.
func (e *OpError) Error() string {
	s := fmt.Sprint(e.Kind)
	if e.Op != 0 {
		s += ": " + e.Op.String()
	}
	if e.Reason != "" {
		s += ": " + e.Reason
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Is matches the outcome sentinel.
func (e *OpError) Is(target error) bool { return target == e.Kind }

// Unwrap returns the underlying error, if any.
func (e *OpError) Unwrap() error { return e.Err }

// Config chooses the emulated implementation. The zero value is a POWER10
// under the hardware profile with a 128-byte cache block and no hooks.
type Config struct {
	// Level is the newest ISA level accepted; newer ops are illegal.
	// Zero means decode.LevelPOWER10.
	Level decode.Level
	// Profile picks the implementation-defined behaviour (reserved bits,
	// invalid forms, undefined results). The zero value is Hardware.
	Profile Profile
	// TimeBase, if set, supplies the time base for mftb and mfspr 268/269.
	// Without it those instructions are not emulated.
	TimeBase func() uint64
	// SPR, if set, supplies what mfspr reads from a problem-state SPR the
	// register file does not hold (HookedSPRs lists them: the
	// transactional-memory SPRs, CTRL, SPRG3, the user-readable
	// performance-monitor and event-based-branch SPRs); ok=false, or no
	// hook, leaves the read not emulated (ErrNotEmulated, "no Config.SPR")
	// under the hardware profile, and reads QEMU 7.2's measured value
	// under the QEMU profile (Differences row "spr-hooked-qemu").
	// Under the QEMU profile a number QEMU 7.2 does not provide is refused
	// as QEMU refuses it, hook or not.
	SPR func(n int) (v uint64, ok bool)
	// Random, if set, supplies darn's value for L = 0, 1 or 2; ok=false makes
	// darn return its failure value. Without it darn is not emulated.
	Random func(l int) (v uint64, ok bool)
	// Estimate, if set, is the implementation's estimate for fre, fres,
	// frsqrte and frsqrtes (the ISA bounds only its error, Book I 4.6.7):
	// for a finite, non-zero operand b (positive for the square root),
	// given as its magnitude, it returns the estimate of 1/b (rsqrt:
	// 1/sqrt(b)) as the exact value sig/2^63 × 2^exp (sig need not have
	// bit 63 set; a zero sig falls back to the profile's estimate). The
	// instruction rounds it once to double
	// (fres, frsqrtes: single) in the FPSCR's rounding mode, with b's
	// sign for fre, and sets FPSCR as for any rounded result. Zero,
	// infinite, NaN and (for the square root) negative operands give the
	// ISA's results as without it. Set, it replaces the Profile's choice
	// (Differences row "fp-estimate") under either profile; package
	// system/microwatt supplies Microwatt's table-based estimates.
	Estimate func(rsqrt bool, b uint64) (sig uint64, exp int)
	// CacheBlockSize is the dcbz block size in bytes: a power of two from
	// MinCacheBlockSize to MaxCacheBlockSize; zero means 128.
	CacheBlockSize int
	// Complete makes the hardware profile complete the instructions
	// POWER9/POWER10 execute but whose result no source shows, as a
	// program runner with no hardware to defer to must (package linux
	// sets it): each Difference row with a Runner choice takes that
	// documented choice instead of ErrNotEmulated (an estimate gets a
	// value within the ISA's error bound, an undefined result QEMU 7.2's
	// value), and a quadword access that is not a multiple of 16 is
	// performed as Linux's alignment handler performs it. Without it (the
	// default, for a debugger that can step the real CPU) those steps
	// answer ErrNotEmulated or the alignment interrupt. The QEMU profile
	// ignores it.
	Complete bool
	// Engine picks how Run executes instructions on a PagedMemory; the
	// zero value is EngineBlock. Every engine gives the same outcomes.
	Engine Engine
	// RunStop, if set, makes Run stop before an instruction for which it
	// reports true, as before a step that fails: with ErrRunStop, NIP at
	// the instruction, registers and memory as they were, so that the
	// caller executes it its own way and runs on (package system steps
	// its privileged operations so). Run asks once per decoding it
	// caches, so the answer must depend on the instruction alone. Step,
	// Fetch and FetchInst are not affected.
	RunStop func(in *decode.Inst) bool
	// NativeCode, if set, is called each time EngineNative has generated
	// host code (on linux/amd64: jit.Supported), on Run's goroutine: the
	// code's host address and size in bytes, and the guest address and
	// number of the instructions it runs (a block's leading ones, or a
	// segment after an op the block loop runs). The code stays there
	// while the Emulator is reachable, until a new generation of code
	// replaces it all (more than 32 MiB of it) and the addresses are
	// given out again. For a profiler's map of generated code: ppc64emu
	// run -perfmap writes perf's /tmp/perf-PID.map from it. A nil
	// NativeCode costs nothing.
	NativeCode func(code uintptr, size int, addr uint64, n int)
}

// The cache block sizes a Config may ask for: what Power processors have
// (32 on early 32-bit cores, 128 from POWER4 to POWER10) with room on both
// sides, and no more than one step should hand to Memory in a call.
const (
	MinCacheBlockSize = 32
	MaxCacheBlockSize = 512
)

// ErrConfig is wrapped by Config.Validate's errors.
var ErrConfig = errors.New("emulate: invalid Config")

// Validate reports a Config that New would not honour: an unknown Level or
// Profile, or a CacheBlockSize that is not 0 or a power of two from
// MinCacheBlockSize to MaxCacheBlockSize. The errors wrap ErrConfig.
func (c Config) Validate() error {
	switch c.Level {
	case 0, decode.LevelPOWER8, decode.LevelPOWER9, decode.LevelPOWER10:
	default:
		return fmt.Errorf("%w: Level %d: want 0, LevelPOWER8, LevelPOWER9 or LevelPOWER10", ErrConfig, c.Level)
	}
	if c.Profile != Hardware && c.Profile != QEMU {
		return fmt.Errorf("%w: Profile %d: want Hardware or QEMU", ErrConfig, c.Profile)
	}
	if c.Engine > EngineNative {
		return fmt.Errorf("%w: Engine %d: want EngineBlock, EngineCached, EngineStep or EngineNative", ErrConfig, c.Engine)
	}
	if bs := c.CacheBlockSize; bs != 0 && !validBlockSize(bs) {
		return fmt.Errorf("%w: CacheBlockSize %d: want 0 or a power of two from %d to %d", ErrConfig, bs, MinCacheBlockSize, MaxCacheBlockSize)
	}
	return nil
}

func validBlockSize(bs int) bool {
	return bs >= MinCacheBlockSize && bs <= MaxCacheBlockSize && bs&(bs-1) == 0
}

// NewChecked is New for a Config from outside the program (a flag, a
// file): it returns Validate's error instead of an Emulator.
func NewChecked(cfg Config) (*Emulator, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return New(cfg), nil
}

// Emulator executes instructions under one Config on the current Context
// (SetContext). It is not safe for concurrent use; create one per
// goroutine.
type Emulator struct {
	cfg   Config
	level decode.Level
	prof  *profileRules
	ctx   *Context                // the current thread state (context.go): reservation, copy buffer, primed accumulators
	obs   *observation            // the attached Observer (observer.go), or nil
	buf   [MaxCacheBlockSize]byte // scratch for memory accesses; never escapes a step
	// wrap32 is MSR[SF] = 0 for the step in progress: data accesses wrap
	// at 2^32 (loadstore.go's read and write); wrapOld keeps the old bytes
	// of a wrapped write's first part.
	wrap32  bool
	wrapOld [MaxCacheBlockSize]byte
	inst    decode.Inst // StepWord's scratch for words not in the decode cache
	pages   pageCache   // Run's caches of a PagedMemory's pages (paged.go)
	fetch   fetchPage   // FetchInst's last code page of a PagedMemory (run.go)
	own     Context     // the Context ctx points to until SetContext
	// exactFP: the FP arithmetic skips the native fast path (fpFast,
	// xvFast) and always takes the exact one; for the tests that compare
	// the two.
	exactFP bool
	nat     *nativeState // EngineNative's generated code (native.go), made on first use
	// taken is 1 + the address of the last instruction of the current
	// (or last) Run that left NIP elsewhere than after itself (a taken
	// branch), or 0: TakenBranch.
	taken uint64
}

// New returns an Emulator for cfg without checking it (NewChecked does). An
// invalid Config never makes a step panic or misbehave silently: an unknown
// Profile is Hardware, an unknown Level accepts the ops up to it, and with
// an invalid CacheBlockSize dcbz and icbi are not emulated (ErrNotEmulated,
// naming the field).
func New(cfg Config) *Emulator {
	e := &Emulator{cfg: cfg, level: cfg.Level}
	e.ctx = &e.own
	if e.level == 0 {
		e.level = decode.LevelPOWER10
	}
	if e.cfg.CacheBlockSize == 0 {
		e.cfg.CacheBlockSize = 128
	}
	e.prof = rulesFor(cfg.Profile, cfg.Complete)
	e.pages.runStop = cfg.RunStop
	return e
}

// Config returns the emulator's configuration, with defaults filled in.
func (e *Emulator) Config() Config {
	c := e.cfg
	c.Level = e.level
	return c
}

// Step executes in, the instruction at r.NIP. The caller passes the
// instruction explicitly: a debugger's memory at NIP may hold a breakpoint
// instead of the original word. See the package documentation for the
// outcomes; on any error r and memory are unchanged. An Inst that decode
// did not fill (Len 0: a zero Inst, or what a decode error leaves) is
// stepped as its Word and Suffix, as StepWord does: a word that does not
// decode is the illegal instruction (ErrIllegal).
func (e *Emulator) Step(r *regs.Regs, m Memory, in *decode.Inst) error {
	// The common case in one test: no Observer, and an emulated
	// instruction that none of stepChecked's checks can refuse (a valid,
	// unprivileged, non-prefixed encoding within the ISA level, at an
	// aligned NIP, needing no facility or only enabled ones while no
	// accumulator is primed).
	if f := semantics[in.Op]; f != nil && e.obs == nil && in.Invalid == 0 &&
		in.Flags&decode.FlagPrivileged == 0 && in.Level <= e.level && in.Len == 4 && r.NIP&3 == 0 &&
		(in.Facility == 0 || r.MSR&facilityNeed[in.Facility&7] == facilityNeed[in.Facility&7] && e.ctx.Primed == 0) {
		return e.exec(r, m, in, f, branches[in.Op])
	}
	return e.stepChecked(r, m, in)
}

// stepChecked is Step with every check: the observer, precheck's rare
// cases, ops without a semantic function, facilities and primed
// accumulators.
func (e *Emulator) stepChecked(r *regs.Regs, m Memory, in *decode.Inst) error {
	if in.Len == 0 {
		// Not a decoded instruction (decode's error leaves only Word and
		// Suffix; or a zero Inst): decode the word again, so that what
		// does not decode is the illegal instruction it is on the CPU.
		return e.StepWord(r, m, in.Word, in.Suffix)
	}
	// A nil m is handled where memory is accessed (read, write): every
	// access faults with ErrNoMemory.
	if e.obs != nil && !e.obs.active {
		if m == nil {
			m = noMemory{}
		}
		return e.observe(r, m, in) // observer.go
	}
	if in.Invalid != 0 || in.Has(decode.FlagPrivileged) || in.Level > e.level || in.Len == 8 || r.NIP&3 != 0 {
		if err := e.precheck(r, in); err != nil {
			return err
		}
	}
	f := semantics[in.Op]
	if f == nil {
		if e.prof.profile == QEMU && r.MSR&regs.MSRPR != 0 && qemuLegality[in.Op].psCode != 0 {
			// An op QEMU refuses in problem state (icbt, copy, …).
			return e.prof.refused(in)
		}
		return notEmulated(in.Op)
	}
	if in.Facility != 0 {
		if need := facilityNeed[in.Facility&7]; r.MSR&need != need {
			return facilityError(r, in)
		}
		// Only an op that needs a facility names an FPR or VSR
		// (TestVSROperandsNeedFacility), so only such an op can touch a
		// primed accumulator.
		if e.ctx.Primed != 0 && !e.qemuSide(diffMMAPrimedVSR) {
			if err := e.primedAccess(in); err != nil { // mma.go
				return err
			}
		}
	}
	return e.exec(r, m, in, f, branches[in.Op])
}

// exec runs the semantic function f of in, which passed Step's checks,
// and advances NIP unless in is a branch. Run calls it directly for a
// cached instruction whose checks cannot fail (paged.go).
func (e *Emulator) exec(r *regs.Regs, m Memory, in *decode.Inst, f semFn, branch bool) error {
	next := r.NIP + uint64(in.Len)
	e.wrap32 = r.MSR&regs.MSRSF == 0
	if err := f(e, r, m, in); err != nil {
		return err
	}
	if !branch {
		if !r.Is64() { // MSR after the step: mtmsrd may change SF
			next &= 0xffffffff
		}
		r.NIP = next
	}
	return nil
}

// errTruncatedBytes is StepBytes's answer to a slice too short for the
// instruction: no op, since nothing decoded.
var errTruncatedBytes = &OpError{Kind: ErrIllegal, Err: decode.ErrTruncated}

// StepBytes decodes the instruction at the start of b (4 or 8 bytes, in the
// byte order given by r.MSR's LE bit) and executes it as Step does. Only
// that first instruction runs: bytes after it are ignored, so b may be a
// longer slice of code. A word that does not
// decode gives an OpError matching ErrIllegal and wrapping the decode error.
func (e *Emulator) StepBytes(r *regs.Regs, m Memory, b []byte) error {
	if len(b) < 4 {
		return errTruncatedBytes
	}
	// Read through the concrete byte orders, not a binary.ByteOrder
	// variable: a call through the interface makes b escape, so a caller's
	// stack array would be moved to the heap on every step.
	le := r.MSR&regs.MSRLE != 0
	word := func(b []byte) uint32 {
		if le {
			return binary.LittleEndian.Uint32(b)
		}
		return binary.BigEndian.Uint32(b)
	}
	w := word(b)
	var s uint32
	if decode.IsPrefix(w) {
		if len(b) < 8 {
			return errTruncatedBytes
		}
		s = word(b[4:])
	}
	return e.StepWord(r, m, w, s)
}

// StepWord executes the instruction given as a word and, for a prefixed
// instruction, its suffix (ignored otherwise).
func (e *Emulator) StepWord(r *regs.Regs, m Memory, word, suffix uint32) error {
	in, err := decode.LookupTo(&e.inst, word, suffix)
	if err != nil {
		return illegalWord(err)
	}
	return e.Step(r, m, in)
}

// Fetch reads the instruction at r.NIP from m as FetchInst does (two
// words for a prefixed instruction) and executes it. A failed fetch gives
// a *Fault with Fetch set.
func (e *Emulator) Fetch(r *regs.Regs, m Memory) error {
	in, err := e.fetchInst(r, m, &e.inst)
	if err != nil {
		return err
	}
	return e.Step(r, m, in)
}

// precheck handles the rare cases: invalid encodings, ISA level, privilege
// and prefixed-instruction alignment.
func (e *Emulator) precheck(r *regs.Regs, in *decode.Inst) error {
	if r.NIP&3 != 0 {
		return &Fault{Addr: r.NIP, EA: r.NIP, Size: int(in.Len), Fetch: true, Alignment: true, Err: ErrMisalignedNIP}
	}
	if in.Level > e.level {
		return e.tooNew(in)
	}
	refused := in.Has(decode.FlagPrivileged) && r.MSR&regs.MSRPR != 0
	if in.Invalid != 0 {
		if err := e.prof.invalid(in, refused); err != nil {
			return err
		}
	}
	if refused {
		return e.prof.refused(in)
	}
	if in.CrossesBoundary(r.NIP) {
		return &Fault{Addr: r.NIP, EA: r.NIP, Size: 8, Fetch: true, Alignment: true, Err: decode.ErrPrefixBoundary}
	}
	return nil
}

// facilityMSR are the MSR bits of decode's facilities, in their bit order,
// with the reason a step gives when one is off.
var facilityMSR = [...]struct {
	bit    uint64
	reason string
}{
	{regs.MSRFP, "FP unavailable"},
	{regs.MSRVEC, "vector (VMX) unavailable"},
	{regs.MSRVSX, "VSX unavailable"},
}

// facilityNeed maps a set of decode facilities (Inst.Facility) to the MSR
// bits it needs.
var facilityNeed = func() (t [8]uint64) {
	for set := range t {
		for i, f := range facilityMSR {
			if set&(1<<i) != 0 {
				t[set] |= f.bit
			}
		}
	}
	return t
}()

// facilityError is the outcome of the one facility check of the step path
// (in Step): in needs every facility in in.Facility (from decode's op
// table, resolved per encoding) and MSR has one of them off. The first one
// off gives ErrUnavailable, before the semantic function runs.
func facilityError(r *regs.Regs, in *decode.Inst) error {
	for i, f := range facilityMSR {
		if in.Facility&(1<<i) != 0 && r.MSR&f.bit == 0 {
			return errFacility[i].get(in.Op)
		}
	}
	return nil
}

// newFault wraps a Memory error for an access of n bytes at ea.
func newFault(ea uint64, n int, write bool, err error, fetch bool) *Fault {
	f := &Fault{Addr: ea, EA: ea, Size: n, Write: write, Fetch: fetch, Err: err}
	if a, ok := accessErrorAddr(err); ok {
		f.Addr = a
	}
	return f
}

// accessErrorAddr is the Addr of the first non-nil *AccessError in err's
// tree, as errors.As would find it (Unwrap() error and Unwrap() []error,
// depth first; an error's own As method is not consulted). It exists
// because errors.As needs its target on the heap: one allocation per
// faulting step.
func accessErrorAddr(err error) (uint64, bool) {
	for err != nil {
		switch x := err.(type) {
		case *mem.AccessError:
			if x != nil { // a nil *AccessError is a plain error
				return x.Addr, true
			}
			return 0, false
		case interface{ Unwrap() error }:
			err = x.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range x.Unwrap() {
				if a, ok := accessErrorAddr(e); ok {
					return a, true
				}
			}
			return 0, false
		default:
			return 0, false
		}
	}
	return 0, false
}

// tooNew is the refusal of an op newer than the emulated ISA level.
func (e *Emulator) tooNew(in *decode.Inst) error {
	return refuse(refusalKey{op: in.Op, kind: ErrIllegal, err: decode.ErrLevel, reason: [4]string{"newer than ", e.level.String()}})
}

// illegalWords keeps the refusals of recently stepped undecodable words,
// by word (a direct-mapped table). Decode's cache returns the same
// *decode.DecodeError for a word each time while it holds the word, so a
// hit is the entry whose Err is that error: stepping the same undecodable
// word again allocates nothing, and the table stays small whatever words a
// fuzzer feeds it.
var illegalWords [256]atomic.Pointer[OpError]

// illegalWord is the refusal of a word that did not decode: no op, and the
// decode error.
func illegalWord(err error) error {
	de, ok := err.(*decode.DecodeError)
	if !ok {
		return &OpError{Kind: ErrIllegal, Err: err}
	}
	s := &illegalWords[(de.Word^de.Word>>8^de.Word>>16^de.Suffix)&255]
	if e := s.Load(); e != nil && e.Err == err {
		return e
	}
	e := &OpError{Kind: ErrIllegal, Err: err}
	s.Store(e)
	return e
}

// semFn is a semantic function: it performs one op. It must do every
// fallible thing (memory access, checks) before writing any register, and it
// must not touch NIP unless the op is a branch.
type semFn func(e *Emulator, r *regs.Regs, m Memory, in *decode.Inst) error

var (
	semantics [decode.NumOps]semFn
	branches  [decode.NumOps]bool // the semantic function sets NIP itself
	// notEmulatedErr holds one preallocated error per op, so refusing
	// allocates nothing. It is filled by a variable initialiser, which Go
	// runs before every init function: files may set reasons from init.
	notEmulatedErr = func() (t [decode.NumOps]error) {
		for i := range t {
			t[i] = &OpError{Op: decode.Op(i), Kind: ErrNotEmulated}
		}
		return t
	}()
)

func notEmulated(op decode.Op) error {
	if int(op) < len(notEmulatedErr) && notEmulatedErr[op] != nil {
		return notEmulatedErr[op]
	}
	return &OpError{Op: op, Kind: ErrNotEmulated}
}

// def registers the semantic function of ops.
func def(f semFn, ops ...decode.Op) {
	for _, op := range ops {
		semantics[op] = f
	}
}

// defSpecs registers f for every op of ops and files each op's spec in
// specs, where f finds it by in.Op.
func defSpecs[S any](f semFn, specs *[decode.NumOps]S, ops map[decode.Op]S) {
	for op, s := range ops {
		specs[op] = s
		def(f, op)
	}
}

// defBranch registers a branch: f sets NIP.
func defBranch(f semFn, ops ...decode.Op) {
	for _, op := range ops {
		semantics[op] = f
		branches[op] = true
	}
}

// Emulated reports whether op has a semantic function. It is a property
// of the op alone: it says yes for ops that some encodings or Configs
// still refuse (mftb without Config.TimeBase, sc, which is never stepped).
// Emulator.Emulates answers for one instruction under one Config.
func Emulated(op decode.Op) bool {
	return int(op) < len(semantics) && semantics[op] != nil
}

// EmulatedOps lists the ops that have a semantic function, by number.
func EmulatedOps() []decode.Op {
	var out []decode.Op
	for i, f := range semantics {
		if f != nil {
			out = append(out, decode.Op(i))
		}
	}
	return out
}
