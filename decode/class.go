package decode

// Class is the functional group of an instruction. Every ppc64asm op has
// exactly one class, given by the generated op table (optable.go).
type Class uint8

// The classes. ClassUnknown is used only for words that do not decode.
const (
	ClassUnknown    Class = iota
	ClassBranch           // b, ba, bl, bla: unconditional relative or absolute branch
	ClassCondBranch       // bc, bclr, bcctr, bctar and their link/absolute forms
	ClassTrap             // tw, td, twi, tdi
	ClassSyscall          // sc, scv
	ClassSystem           // privileged or system-control instructions (mtmsr, rfid, tlb*, slb*, msg*, stop, wait, …)
	ClassLoad             // loads of any size or register kind (not larx)
	ClassStore            // stores of any size or register kind (not stcx.)
	ClassAtomic           // larx, stcx., lwat/ldat/stwat/stdat
	ClassArith            // integer arithmetic (add, subf, mul, div, mod, …)
	ClassLogical          // integer logical, count, extend, permute (and, or, cntlz, popcnt, …)
	ClassRotate           // integer rotate and shift
	ClassCompare          // integer compare (cmp*, cmpb, cmprb, cmpeqb)
	ClassCRLogical        // CR logical and CR moves (cr*, mcrf, setb, setbc, isel, mcrxrx)
	ClassSPR              // moves to and from SPRs, the CR and the time base (mfspr, mtcrf, mftb, …); MSR moves are ClassSystem
	ClassFP               // scalar binary floating point (including FPSCR moves)
	ClassVMX              // vector (VMX/AltiVec) computation
	ClassVSX              // VSX computation
	ClassMMA              // matrix-multiply assist (xv*ger*, xxmfacc, …)
	ClassDFP              // decimal floating point and BCD
	ClassCache            // cache management (dcb*, icb*)
	ClassBarrier          // storage barriers and context synchronisation (sync, eieio, isync)
	ClassHash             // return-oriented-programming protection (hashst, hashchk)
	ClassCopyPaste        // copy, paste., cpabort
	numClasses
)

var classNames = [numClasses]string{
	ClassUnknown:    "unknown",
	ClassBranch:     "branch",
	ClassCondBranch: "cond-branch",
	ClassTrap:       "trap",
	ClassSyscall:    "syscall",
	ClassSystem:     "system",
	ClassLoad:       "load",
	ClassStore:      "store",
	ClassAtomic:     "atomic",
	ClassArith:      "arith",
	ClassLogical:    "logical",
	ClassRotate:     "rotate",
	ClassCompare:    "compare",
	ClassCRLogical:  "cr-logical",
	ClassSPR:        "spr",
	ClassFP:         "fp",
	ClassVMX:        "vmx",
	ClassVSX:        "vsx",
	ClassMMA:        "mma",
	ClassDFP:        "dfp",
	ClassCache:      "cache",
	ClassBarrier:    "barrier",
	ClassHash:       "hash",
	ClassCopyPaste:  "copy-paste",
}

// String returns the class name used by the CLI and in trace reports.
func (c Class) String() string {
	if c < numClasses {
		return classNames[c]
	}
	return "class?"
}

// Flags are properties of an op (from the op table) or of one encoding
// (computed from its fields during decoding).
type Flags uint32

// The flags. Op-table flags hold for every encoding of the op; the ones marked
// "per encoding" depend on the instruction's fields.
const (
	FlagLink       Flags = 1 << iota // branch writes LR (LK=1)
	FlagAbsolute                     // branch target is absolute (AA=1)
	FlagTargetLR                     // branch target comes from LR
	FlagTargetCTR                    // branch target comes from CTR
	FlagTargetTAR                    // branch target comes from TAR
	FlagCTRDec                       // per encoding: the branch decrements CTR (BO bit 2 = 0)
	FlagPrivileged                   // needs supervisor state (per encoding for mtspr/mfspr: SPR bit 0x10)
	FlagUpdate                       // load/store with update (writes RA)
	FlagIndexed                      // X-form effective address (RA|0)+RB
	FlagByteRev                      // byte-reversed load/store
	FlagSignExt                      // sign-extending load
	FlagMultiple                     // load/store multiple (lmw, stmw)
	FlagString                       // load/store string (lswi, lswx, stswi, stswx)
	FlagQuad                         // quadword access (lq, stq, lqarx, stqcx., plq, pstq)
	FlagFloat                        // the register operand is an FPR (FP load/store)
	FlagVector                       // the register operand is a VR (VMX load/store)
	FlagVSX                          // the register operand is a VSR (VSX load/store)
	FlagPrefixed                     // 8-byte prefixed instruction (ISA 3.1)
	FlagPCRel                        // per encoding: prefixed with R=1 (address relative to CIA)
	FlagRc                           // record form: sets CR0 (CR1 for FP, CR6 for vector compares)
	FlagOE                           // overflow-enable form: sets XER OV, OV32, SO
	FlagCarry                        // writes XER CA and CA32
	FlagReserve                      // load and reserve (larx)
	FlagStoreCond                    // store conditional (stcx.)
	FlagPair                         // register pair (lfdp, lxvp, …)
	FlagFPExc                        // scalar FP computation: may set FPSCR exception bits (fadd, fctiw, fcmpu, xsaddqp, …)
	FlagSingle                       // scalar FP result rounded to single precision, held in double format (fadds, frsp, fcfids, xsaddsp, …)
)

var flagNames = [...]string{
	"link", "absolute", "target-lr", "target-ctr", "target-tar", "ctr-dec",
	"privileged", "update", "indexed", "byte-reversed", "sign-extend",
	"multiple", "string", "quad", "float", "vector", "vsx", "prefixed",
	"pc-relative", "record", "overflow", "carry", "reserve", "store-conditional", "pair",
	"fp-exceptions", "single",
}

// Names returns the names of the set flags, in bit order.
func (f Flags) Names() []string { return bitNames(f, flagNames[:]) }

// bitNames lists the names of the bits set in f, bit i named names[i].
func bitNames[T Flags | Facility](f T, names []string) []string {
	var out []string
	for i, n := range names {
		if f&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// Facility is a set of the facilities that MSR bits enable (Power ISA 3.1B
// Book III 4.2.1): an instruction that needs one that is off raises a
// facility-unavailable interrupt instead of executing.
type Facility uint8

// The facilities. Inst.Facility holds FacFP, FacVEC and FacVSX only: for
// an op whose table row has FacSplit, Decode resolves the need from the
// number of the instruction's first VSR operand.
const (
	FacFP  Facility = 1 << iota // MSR[FP]: floating point (FPRs, FPSCR, DFP)
	FacVEC                      // MSR[VEC]: vector (VMX) registers and VSCR
	FacVSX                      // MSR[VSX]: VSX
	// FacSplit (op table only): VSR 32-63 need FacVEC, VSR 0-31 the other
	// facility of the row — the ISA's "if TX=0 & MSR.VSX=0 … if TX=1 &
	// MSR.VEC=0" (lxv, xxspltib, mtvsrdd, …) or, with FacFP, the moves
	// mfvsrd, mtvsrd, … .
	FacSplit
)

var facilityNames = [...]string{"fp", "vec", "vsx", "split"}

// Names returns the names of the facilities in f ("fp", "vec", "vsx"), in
// bit order.
func (f Facility) Names() []string { return bitNames(f, facilityNames[:]) }

// Level is the Power ISA level (processor generation) that introduced an op.
type Level uint8

// The ISA levels. Everything before ISA 3.0 is grouped under POWER8 (ISA 2.07).
const (
	LevelPOWER8  Level = 8  // ISA 2.07 and earlier
	LevelPOWER9  Level = 9  // ISA 3.0, 3.0B, 3.0C
	LevelPOWER10 Level = 10 // ISA 3.1, 3.1B
)

// String returns "POWER8", "POWER9" or "POWER10".
func (l Level) String() string {
	switch l {
	case LevelPOWER8:
		return "POWER8"
	case LevelPOWER9:
		return "POWER9"
	case LevelPOWER10:
		return "POWER10"
	}
	return "POWER?"
}

// Invalid says why an encoding is not a valid form of its op. Decode still
// returns such an instruction: what happens to it is decided by the
// implementation profile of the emulator, not by the decoder.
type Invalid uint8

// The reasons. Several may be set at once.
const (
	InvalidReservedBits Invalid = 1 << iota // a reserved (/) field of the word is non-zero
	InvalidForm                             // an ISA invalid form (e.g. ldu with RA=0 or RA=RT)
)

// opInfo is one row of the generated op table.
type opInfo struct {
	Class    Class
	Level    Level
	Size     uint8 // memory access size in bytes for loads/stores/atomics (0 if none or variable)
	Flags    Flags // op-level flags
	Facility Facility
	Elem     uint8  // element (lane) size in bytes for vector/VSX ops (0 if none or several)
	ElemTo   uint8  // the result's element size where it differs from Elem's (vexts*), else 0
	Pairs    uint8  // operands that are even-odd register pairs (bit i: Args[i])
	Reserved uint64 // reserved-bit mask in ppc64asm's layout (word<<32 | suffix)
	Mask     uint64 // opcode bits that identify the op, same layout
	Value    uint64 // their values: an encoding of the op has word&Mask == Value
}
