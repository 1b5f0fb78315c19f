package decode

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/arch/ppc64/ppc64asm"

	"github.com/ppc64emu/ppc64emu/decode/internal/optab"
	"github.com/ppc64emu/ppc64emu/internal/tools/gentest"
)

// archDir locates the x/arch module source once per test binary.
var archDir = sync.OnceValues(func() (string, error) {
	dir, err := optab.ModuleDir(".")
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(dir); err != nil {
		return "", err
	}
	return dir, nil
})

// buildOptab parses the x/arch module and classifies every op, skipping the
// test when the module's source is not available.
func buildOptab(t *testing.T) ([]optab.Entry, string) {
	t.Helper()
	dir, err := archDir()
	if err != nil {
		t.Skipf("skipping: the %s module directory cannot be found: %v", optab.Module, err)
	}
	entries, err := optab.Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	return entries, dir
}

// TestOpTableUpToDate regenerates optable.go and compares it with the
// committed file.
func TestOpTableUpToDate(t *testing.T) {
	entries, dir := buildOptab(t)
	want, err := optab.Generate(entries, optab.VersionOf(dir))
	if err != nil {
		t.Fatal(err)
	}
	gentest.UpToDate(t, "optable.go", want, "go generate ./decode")
}

// TestOpTableComplete checks that every op ppc64asm defines has a class and
// an ISA level, and that numOps is one more than the last op.
func TestOpTableComplete(t *testing.T) {
	defined := func(op ppc64asm.Op) bool {
		return op.String() != fmt.Sprintf("Op(%d)", int(op))
	}
	if !defined(numOps - 1) {
		t.Errorf("numOps-1 = %d is not a ppc64asm op", numOps-1)
	}
	if defined(numOps) {
		t.Errorf("ppc64asm defines op %d (%v) beyond numOps", numOps, ppc64asm.Op(numOps))
	}
	n := 0
	for i := 1; i < numOps; i++ {
		op := ppc64asm.Op(i)
		if !defined(op) {
			continue
		}
		n++
		info := opTable[op]
		if info.Class == ClassUnknown || info.Class >= numClasses {
			t.Errorf("%v: class %v", op, info.Class)
		}
		switch info.Level {
		case LevelPOWER8, LevelPOWER9, LevelPOWER10:
		default:
			t.Errorf("%v: level %d", op, info.Level)
		}
	}
	if n < 1400 {
		t.Errorf("only %d ops defined by ppc64asm; expected about 1417", n)
	}
}

// TestOpTableFacts checks classification facts taken from the Power ISA.
func TestOpTableFacts(t *testing.T) {
	type row struct {
		Class Class
		Level Level
		Size  uint8
		Flags []string
	}
	const (
		P8  = LevelPOWER8
		P9  = LevelPOWER9
		P10 = LevelPOWER10
	)
	tests := []struct {
		op    ppc64asm.Op
		class Class
		level Level
		size  uint8
		flags Flags
	}{
		// Branches.
		{ppc64asm.B, ClassBranch, P8, 0, 0},
		{ppc64asm.BL, ClassBranch, P8, 0, FlagLink},
		{ppc64asm.BA, ClassBranch, P8, 0, FlagAbsolute},
		{ppc64asm.BLA, ClassBranch, P8, 0, FlagLink | FlagAbsolute},
		{ppc64asm.BC, ClassCondBranch, P8, 0, 0},
		{ppc64asm.BCL, ClassCondBranch, P8, 0, FlagLink},
		{ppc64asm.BCLR, ClassCondBranch, P8, 0, FlagTargetLR},
		{ppc64asm.BCLRL, ClassCondBranch, P8, 0, FlagTargetLR | FlagLink},
		{ppc64asm.BCCTR, ClassCondBranch, P8, 0, FlagTargetCTR},
		{ppc64asm.BCCTRL, ClassCondBranch, P8, 0, FlagTargetCTR | FlagLink},
		{ppc64asm.BCTAR, ClassCondBranch, P8, 0, FlagTargetTAR},
		// Traps and system calls.
		{ppc64asm.TW, ClassTrap, P8, 0, 0},
		{ppc64asm.TDI, ClassTrap, P8, 0, 0},
		{ppc64asm.SC, ClassSyscall, P8, 0, 0},
		{ppc64asm.SCV, ClassSyscall, P9, 0, 0},
		// System control.
		{ppc64asm.MTMSRD, ClassSystem, P8, 0, FlagPrivileged},
		{ppc64asm.MFMSR, ClassSystem, P8, 0, FlagPrivileged},
		{ppc64asm.RFID, ClassSystem, P8, 0, FlagPrivileged},
		{ppc64asm.HRFID, ClassSystem, P8, 0, FlagPrivileged},
		{ppc64asm.URFID, ClassSystem, P9, 0, FlagPrivileged},
		{ppc64asm.RFEBB, ClassSystem, P8, 0, 0},
		{ppc64asm.TLBIE, ClassSystem, P8, 0, FlagPrivileged},
		{ppc64asm.SLBMTE, ClassSystem, P8, 0, FlagPrivileged},
		{ppc64asm.MSGSNDP, ClassSystem, P8, 0, FlagPrivileged},
		{ppc64asm.STOP, ClassSystem, P9, 0, FlagPrivileged},
		{ppc64asm.WAIT, ClassSystem, P9, 0, 0},
		{ppc64asm.CLRBHRB, ClassSystem, P8, 0, 0},
		// SPR and CR moves.
		{ppc64asm.MFSPR, ClassSPR, P8, 0, 0},
		{ppc64asm.MTSPR, ClassSPR, P8, 0, 0},
		{ppc64asm.MFCR, ClassSPR, P8, 0, 0},
		{ppc64asm.MTOCRF, ClassSPR, P8, 0, 0},
		{ppc64asm.MFTB, ClassSPR, P8, 0, 0},
		// Fixed-point loads and stores.
		{ppc64asm.LBZ, ClassLoad, P8, 1, 0},
		{ppc64asm.LHA, ClassLoad, P8, 2, FlagSignExt},
		{ppc64asm.LWA, ClassLoad, P8, 4, FlagSignExt},
		{ppc64asm.LD, ClassLoad, P8, 8, 0},
		{ppc64asm.LDU, ClassLoad, P8, 8, FlagUpdate},
		{ppc64asm.LDUX, ClassLoad, P8, 8, FlagUpdate | FlagIndexed},
		{ppc64asm.LHBRX, ClassLoad, P8, 2, FlagIndexed | FlagByteRev},
		{ppc64asm.LDBRX, ClassLoad, P8, 8, FlagIndexed | FlagByteRev},
		{ppc64asm.STWBRX, ClassStore, P8, 4, FlagIndexed | FlagByteRev},
		{ppc64asm.STDU, ClassStore, P8, 8, FlagUpdate},
		{ppc64asm.LMW, ClassLoad, P8, 0, FlagMultiple},
		{ppc64asm.STSWI, ClassStore, P8, 0, FlagString},
		{ppc64asm.LSWX, ClassLoad, P8, 0, FlagString | FlagIndexed},
		{ppc64asm.LQ, ClassLoad, P8, 16, FlagQuad | FlagPair},
		{ppc64asm.STQ, ClassStore, P8, 16, FlagQuad | FlagPair},
		{ppc64asm.LBZCIX, ClassLoad, P8, 1, FlagPrivileged | FlagIndexed},
		{ppc64asm.STDCIX, ClassStore, P8, 8, FlagPrivileged | FlagIndexed},
		// FP, VMX and VSX loads and stores.
		{ppc64asm.LFD, ClassLoad, P8, 8, FlagFloat},
		{ppc64asm.LFSU, ClassLoad, P8, 4, FlagFloat | FlagUpdate},
		{ppc64asm.STFIWX, ClassStore, P8, 4, FlagFloat | FlagIndexed},
		{ppc64asm.LFIWAX, ClassLoad, P8, 4, FlagFloat | FlagIndexed | FlagSignExt},
		{ppc64asm.LFDP, ClassLoad, P8, 16, FlagFloat | FlagPair},
		{ppc64asm.LVX, ClassLoad, P8, 16, FlagVector | FlagIndexed},
		{ppc64asm.LVEWX, ClassLoad, P8, 4, FlagVector | FlagIndexed},
		{ppc64asm.STVEBX, ClassStore, P8, 1, FlagVector | FlagIndexed},
		{ppc64asm.LXVD2X, ClassLoad, P8, 16, FlagVSX | FlagIndexed},
		{ppc64asm.LXSIWAX, ClassLoad, P8, 4, FlagVSX | FlagIndexed | FlagSignExt},
		{ppc64asm.LXV, ClassLoad, P9, 16, FlagVSX},
		{ppc64asm.LXSD, ClassLoad, P9, 8, FlagVSX},
		{ppc64asm.LXSSP, ClassLoad, P9, 4, FlagVSX},
		{ppc64asm.LXVL, ClassLoad, P9, 0, FlagVSX},
		{ppc64asm.LXVP, ClassLoad, P10, 32, FlagVSX | FlagPair},
		{ppc64asm.STXVPX, ClassStore, P10, 32, FlagVSX | FlagPair | FlagIndexed},
		// Prefixed.
		{ppc64asm.PLD, ClassLoad, P10, 8, FlagPrefixed},
		{ppc64asm.PLWA, ClassLoad, P10, 4, FlagPrefixed | FlagSignExt},
		{ppc64asm.PLFD, ClassLoad, P10, 8, FlagPrefixed | FlagFloat},
		{ppc64asm.PLQ, ClassLoad, P10, 16, FlagPrefixed | FlagQuad | FlagPair},
		{ppc64asm.PSTXVP, ClassStore, P10, 32, FlagPrefixed | FlagVSX | FlagPair},
		{ppc64asm.PADDI, ClassArith, P10, 0, FlagPrefixed},
		{ppc64asm.PNOP, ClassLogical, P10, 0, FlagPrefixed},
		// Atomics.
		{ppc64asm.LWARX, ClassAtomic, P8, 4, FlagReserve | FlagIndexed},
		{ppc64asm.LQARX, ClassAtomic, P8, 16, FlagReserve | FlagIndexed | FlagQuad | FlagPair},
		{ppc64asm.STDCXCC, ClassAtomic, P8, 8, FlagStoreCond | FlagIndexed | FlagRc},
		{ppc64asm.LDAT, ClassAtomic, P9, 8, 0},
		// Integer arithmetic.
		{ppc64asm.ADD, ClassArith, P8, 0, 0},
		{ppc64asm.ADDOCC, ClassArith, P8, 0, FlagOE | FlagRc},
		{ppc64asm.ADDCCC, ClassArith, P8, 0, FlagCarry | FlagRc},
		{ppc64asm.ADDCO, ClassArith, P8, 0, FlagCarry | FlagOE},
		{ppc64asm.ADDICCC, ClassArith, P8, 0, FlagCarry | FlagRc},
		{ppc64asm.SUBFIC, ClassArith, P8, 0, FlagCarry},
		{ppc64asm.ADDEX, ClassArith, P9, 0, 0},
		{ppc64asm.ADDPCIS, ClassArith, P9, 0, 0},
		{ppc64asm.DARN, ClassArith, P9, 0, 0},
		{ppc64asm.MADDLD, ClassArith, P9, 0, 0},
		{ppc64asm.LI, ClassArith, P8, 0, 0},
		{ppc64asm.MULLDO, ClassArith, P8, 0, FlagOE},
		{ppc64asm.DIVDEUOCC, ClassArith, P8, 0, FlagOE | FlagRc},
		{ppc64asm.MODSW, ClassArith, P9, 0, 0},
		{ppc64asm.ADDG6S, ClassArith, P8, 0, 0},
		// Integer logical, rotate, compare.
		{ppc64asm.ANDICC, ClassLogical, P8, 0, FlagRc},
		{ppc64asm.NOP, ClassLogical, P8, 0, 0},
		{ppc64asm.XOR, ClassLogical, P8, 0, 0},
		{ppc64asm.CNTTZD, ClassLogical, P9, 0, 0},
		{ppc64asm.POPCNTB, ClassLogical, P8, 0, 0},
		{ppc64asm.BRD, ClassLogical, P10, 0, 0},
		{ppc64asm.PDEPD, ClassLogical, P10, 0, 0},
		{ppc64asm.RLWINMCC, ClassRotate, P8, 0, FlagRc},
		{ppc64asm.SRADI, ClassRotate, P8, 0, FlagCarry},
		{ppc64asm.SRAW, ClassRotate, P8, 0, FlagCarry},
		{ppc64asm.SLD, ClassRotate, P8, 0, 0},
		{ppc64asm.EXTSWSLI, ClassRotate, P9, 0, 0},
		{ppc64asm.CMPD, ClassCompare, P8, 0, 0},
		{ppc64asm.CMPLWI, ClassCompare, P8, 0, 0},
		{ppc64asm.CMPEQB, ClassCompare, P9, 0, 0},
		// CR logical.
		{ppc64asm.CRXOR, ClassCRLogical, P8, 0, 0},
		{ppc64asm.ISEL, ClassCRLogical, P8, 0, 0},
		{ppc64asm.SETB, ClassCRLogical, P9, 0, 0},
		{ppc64asm.SETBC, ClassCRLogical, P10, 0, 0},
		{ppc64asm.MCRXRX, ClassCRLogical, P9, 0, 0},
		// Floating point, vector, VSX, MMA, decimal.
		{ppc64asm.FADD, ClassFP, P8, 0, FlagFPExc},
		{ppc64asm.FADDCC, ClassFP, P8, 0, FlagRc | FlagFPExc},
		// Single-precision results held in double format (Book I 4.3.5.1).
		{ppc64asm.FADDS, ClassFP, P8, 0, FlagFPExc | FlagSingle},
		{ppc64asm.FRSP, ClassFP, P8, 0, FlagFPExc | FlagSingle},
		{ppc64asm.FRES, ClassFP, P8, 0, FlagFPExc | FlagSingle},
		{ppc64asm.FCFIDS, ClassFP, P8, 0, FlagFPExc | FlagSingle},
		{ppc64asm.XSADDSP, ClassVSX, P8, 0, FlagFPExc | FlagSingle},
		{ppc64asm.XSCVSXDSP, ClassVSX, P8, 0, FlagFPExc | FlagSingle},
		// xscvdpsp's result is in single format (word 0 of XT), not a
		// double: computational but not FlagSingle; the non-signalling
		// conversions raise nothing.
		{ppc64asm.XSCVDPSP, ClassVSX, P8, 0, FlagFPExc},
		{ppc64asm.XSCVSPDP, ClassVSX, P8, 0, FlagFPExc},
		{ppc64asm.XSCVDPSPN, ClassVSX, P8, 0, 0},
		{ppc64asm.FCMPU, ClassFP, P8, 0, FlagFPExc},
		{ppc64asm.XSCMPOQP, ClassVSX, P9, 0, FlagFPExc},
		{ppc64asm.FCTIWZ, ClassFP, P8, 0, FlagFPExc},
		{ppc64asm.FRIZ, ClassFP, P8, 0, FlagFPExc},
		// Moves, sign operations, selects, tests, min/max: no exceptions
		// in this column.
		{ppc64asm.FMR, ClassFP, P8, 0, 0},
		{ppc64asm.FSEL, ClassFP, P8, 0, 0},
		{ppc64asm.FTDIV, ClassFP, P8, 0, 0},
		{ppc64asm.XSMAXDP, ClassVSX, P8, 0, 0},
		{ppc64asm.XSCMPEQDP, ClassVSX, P9, 0, 0},
		{ppc64asm.MTFSF, ClassFP, P8, 0, 0},
		{ppc64asm.MFFSCRN, ClassFP, P9, 0, 0},
		{ppc64asm.VADDUBM, ClassVMX, P8, 0, 0},
		{ppc64asm.VCMPEQUBCC, ClassVMX, P8, 0, FlagRc},
		{ppc64asm.VCIPHER, ClassVMX, P8, 0, 0},
		{ppc64asm.LVSL, ClassVMX, P8, 0, 0},
		{ppc64asm.MFVSCR, ClassVMX, P8, 0, 0},
		{ppc64asm.XSADDDP, ClassVSX, P8, 0, FlagFPExc},
		{ppc64asm.XXLOR, ClassVSX, P8, 0, 0},
		{ppc64asm.MFVSRD, ClassVSX, P8, 0, 0},
		{ppc64asm.MTVSRDD, ClassVSX, P9, 0, 0},
		{ppc64asm.XSADDQPO, ClassVSX, P9, 0, FlagFPExc},
		{ppc64asm.LXVKQ, ClassVSX, P10, 0, 0},
		{ppc64asm.XVF32GER, ClassMMA, P10, 0, 0},
		{ppc64asm.PMXVF64GERPP, ClassMMA, P10, 0, FlagPrefixed},
		{ppc64asm.XXSETACCZ, ClassMMA, P10, 0, 0},
		{ppc64asm.DADD, ClassDFP, P8, 0, 0},
		{ppc64asm.DADDQCC, ClassDFP, P8, 0, FlagRc},
		{ppc64asm.BCDADDCC, ClassDFP, P8, 0, FlagRc},
		{ppc64asm.CDTBCD, ClassDFP, P8, 0, 0},
		// Cache, barriers, hash, copy-paste.
		{ppc64asm.DCBZ, ClassCache, P8, 0, FlagIndexed},
		{ppc64asm.DCBT, ClassCache, P8, 0, FlagIndexed},
		{ppc64asm.ICBI, ClassCache, P8, 0, FlagIndexed},
		{ppc64asm.SYNC, ClassBarrier, P8, 0, 0},
		{ppc64asm.ISYNC, ClassBarrier, P8, 0, 0},
		{ppc64asm.EIEIO, ClassBarrier, P8, 0, 0},
		{ppc64asm.HASHST, ClassHash, P10, 8, 0},
		{ppc64asm.HASHCHKP, ClassHash, P10, 8, FlagPrivileged},
		{ppc64asm.COPY, ClassCopyPaste, P9, 0, FlagIndexed},
		{ppc64asm.PASTECC, ClassCopyPaste, P9, 0, FlagIndexed | FlagRc},
		{ppc64asm.CPABORT, ClassCopyPaste, P9, 0, 0},
	}
	for _, tt := range tests {
		info := opTable[tt.op]
		got := row{info.Class, info.Level, info.Size, info.Flags.Names()}
		want := row{tt.class, tt.level, tt.size, tt.flags.Names()}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%v (-want +got):\n%s", tt.op, diff)
		}
	}
}

// TestOpTableConsistent checks invariants that hold across the table.
func TestOpTableConsistent(t *testing.T) {
	memory := func(c Class) bool { return c == ClassLoad || c == ClassStore || c == ClassAtomic }
	const perEncoding = FlagCTRDec | FlagPCRel
	const memFlags = FlagUpdate | FlagIndexed | FlagByteRev | FlagSignExt | FlagMultiple |
		FlagString | FlagQuad | FlagFloat | FlagVector | FlagVSX | FlagPair
	for i := 1; i < numOps; i++ {
		op := ppc64asm.Op(i)
		info := opTable[op]
		f := info.Flags
		if f&perEncoding != 0 {
			t.Errorf("%v: per-encoding flags %v in the op table", op, (f & perEncoding).Names())
		}
		switch {
		case f&(FlagUpdate|FlagByteRev|FlagSignExt|FlagMultiple|FlagString|FlagFloat|FlagVector|FlagVSX|FlagPair|FlagQuad) != 0 && !memory(info.Class):
			t.Errorf("%v: %v flags on a %v op", op, (f & memFlags).Names(), info.Class)
		case f&FlagIndexed != 0 && !memory(info.Class) && info.Class != ClassCache && info.Class != ClassCopyPaste:
			t.Errorf("%v: indexed %v op", op, info.Class)
		case f&(FlagReserve|FlagStoreCond) != 0 && info.Class != ClassAtomic:
			t.Errorf("%v: reserve/store-conditional on a %v op", op, info.Class)
		case f&(FlagLink|FlagAbsolute) != 0 && info.Class != ClassBranch && info.Class != ClassCondBranch:
			t.Errorf("%v: link/absolute on a %v op", op, info.Class)
		case f&(FlagTargetLR|FlagTargetCTR|FlagTargetTAR) != 0 && info.Class != ClassCondBranch:
			t.Errorf("%v: branch-target flags on a %v op", op, info.Class)
		case f&FlagSignExt != 0 && info.Class != ClassLoad:
			t.Errorf("%v: sign-extension on a %v op", op, info.Class)
		case f&FlagOE != 0 && info.Class != ClassArith:
			t.Errorf("%v: OE on a %v op", op, info.Class)
		case f&FlagCarry != 0 && info.Class != ClassArith && info.Class != ClassRotate:
			t.Errorf("%v: carry on a %v op", op, info.Class)
		}
		if n := countBits(f & (FlagFloat | FlagVector | FlagVSX)); n > 1 {
			t.Errorf("%v: more than one register kind: %v", op, f.Names())
		}
		if n := countBits(f & (FlagTargetLR | FlagTargetCTR | FlagTargetTAR)); n > 1 {
			t.Errorf("%v: more than one branch target: %v", op, f.Names())
		}
		if info.Class == ClassAtomic && f&(FlagReserve|FlagStoreCond) == FlagReserve|FlagStoreCond {
			t.Errorf("%v: both reserve and store-conditional", op)
		}
		if info.Size != 0 && !memory(info.Class) && info.Class != ClassHash {
			t.Errorf("%v: size %d on a %v op", op, info.Size, info.Class)
		}
		if memory(info.Class) && info.Size == 0 && f&(FlagMultiple|FlagString) == 0 {
			// Only the variable-length VSX ops (lxvl, lxvll, stxvl, stxvll)
			// may have no fixed size.
			if s := op.String(); !strings.HasPrefix(s, "lxvl") && !strings.HasPrefix(s, "stxvl") {
				t.Errorf("%v: memory op without a size", op)
			}
		}
		switch info.Size {
		case 0, 1, 2, 4, 8, 16, 32:
		default:
			t.Errorf("%v: size %d", op, info.Size)
		}
		if f&FlagQuad != 0 && info.Size != 16 {
			t.Errorf("%v: quadword op of size %d", op, info.Size)
		}
		if f&FlagPrefixed != 0 && info.Level != LevelPOWER10 {
			t.Errorf("%v: prefixed op at level %v", op, info.Level)
		}
		// Op.String is the mnemonic, with the record dot (ADDCCC is "addc.").
		if got, want := f&FlagRc != 0, strings.HasSuffix(op.String(), "."); got != want {
			t.Errorf("%v: record flag %v, want %v", op, got, want)
		}
	}
}

// TestOpTableSources checks the table against the source rows: prefixed
// iff the op's mask covers the suffix word or its opcode is the prefix
// opcode, Reserved equals the don't-care mask and lies outside the mask.
func TestOpTableSources(t *testing.T) {
	entries, _ := buildOptab(t)
	if len(optab.FlagNames) != len(flagNames) {
		t.Fatalf("the generator knows %d flags, package decode %d", len(optab.FlagNames), len(flagNames))
	}
	if len(optab.FacilityNames) != len(facilityNames) {
		t.Fatalf("the generator knows %d facilities, package decode %d", len(optab.FacilityNames), len(facilityNames))
	}
	if len(entries) != numOps-1 {
		t.Errorf("%d source rows for %d ops", len(entries), numOps-1)
	}
	for _, e := range entries {
		op := ppc64asm.Op(e.Num)
		if op.String() != e.Mnemonic {
			t.Errorf("op %d: source %s (%s), ppc64asm says %v", e.Num, e.Op, e.Mnemonic, op)
			continue
		}
		info := opTable[op]
		prefixed := e.Mask&0xffffffff != 0 || e.Value>>58 == 1
		if got := info.Flags&FlagPrefixed != 0; got != prefixed {
			t.Errorf("%v: prefixed flag %v, mask %#x value %#x", op, got, e.Mask, e.Value)
		}
		if info.Reserved != e.DontCare {
			t.Errorf("%v: Reserved %#x, source don't-care mask %#x", op, info.Reserved, e.DontCare)
		}
		if info.Reserved&e.Mask != 0 {
			t.Errorf("%v: Reserved %#x overlaps the opcode mask %#x", op, info.Reserved, e.Mask)
		}
	}
}

func countBits(f Flags) int {
	n := 0
	for ; f != 0; f &= f - 1 {
		n++
	}
	return n
}

// TestOpTablePairs checks the register-pair column against the operand
// names of the Power ISA 3.1B syntax (a "p" suffix: FRTp, RTp, XAp).
func TestOpTablePairs(t *testing.T) {
	tests := []struct {
		op    Op
		pairs uint8
	}{
		{ppc64asm.DADDQ, 0b111},   // daddq FRTp,FRAp,FRBp
		{ppc64asm.DCMPUQ, 0b110},  // dcmpuq BF,FRAp,FRBp
		{ppc64asm.DCTFIXQ, 0b010}, // dctfixq FRT,FRBp
		{ppc64asm.DCTQPQ, 0b001},  // dctqpq FRTp,FRB
		{ppc64asm.DIEXQ, 0b101},   // diexq FRTp,FRA,FRBp
		{ppc64asm.DTSTSFIQ, 0b100},
		{ppc64asm.LQ, 0b001},         // lq RTp,DQ(RA)
		{ppc64asm.STXVP, 0b001},      // stxvp XSp,DQ(RA)
		{ppc64asm.XVF64GERPP, 0b010}, // xvf64gerpp AT,XAp,XB
		{ppc64asm.DADD, 0},
		{ppc64asm.LXV, 0},
	}
	for _, tt := range tests {
		if got := opTable[tt.op].Pairs; got != tt.pairs {
			t.Errorf("%v: Pairs %#b, want %#b", tt.op, got, tt.pairs)
		}
	}
}
