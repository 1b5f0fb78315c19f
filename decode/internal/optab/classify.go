package optab

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Entry is one row of the op table, with the source data it came from.
type Entry struct {
	Op       string // ppc64asm op constant, e.g. "ADDOCC"
	Num      int    // op number in this x/arch version (never persist it)
	Mnemonic string // assembler mnemonic, e.g. "addo."
	Syntax   string // ppc64asm's syntax comment, e.g. "addo. RT,RA,RB"
	Headline string // instruction headline from the ISA, e.g. "Add XO-form"
	ISA      string // version that introduced the instruction, e.g. "v3.0B"
	CSVLine  int    // line of pp64.csv the op was matched to

	Mask, Value, DontCare uint64 // instFormats fields (word<<32 | suffix)

	Class string   // decode identifier of the class, e.g. "ClassArith"
	Level string   // decode identifier of the level, e.g. "LevelPOWER9"
	Size  int      // memory access size in bytes, 0 if none or variable
	Flags []string // decode identifiers of the op-level flags, in bit order

	// Facility lists the decode identifiers of the MSR-enabled facilities
	// the op needs (FacFP, FacVEC, FacVSX), plus FacSplit for the ops whose
	// need depends on the VSR operand's number; empty for none.
	Facility []string
	// Elem is the element (lane) size in bytes that the ISA headline of a
	// vector or VSX op names, 0 where it names none or several.
	Elem int
	// ElemTo is the result's element size where the headline names it
	// apart from the source's (the sign extensions vexts*: "Extend Sign
	// Byte To Word" has Elem 1, ElemTo 4); 0 elsewhere.
	ElemTo int
	// Pairs is the set of operands (bit i: Args[i]) that are even-odd
	// register pairs: the operand names of the syntax that end in "p"
	// (FRTp, RTp, XAp, XTp, …).
	Pairs uint8
}

// Prefixed reports whether the op is an 8-byte prefixed instruction
// (primary opcode 1 in the first word).
func (e *Entry) Prefixed() bool { return e.Value>>58 == 1 }

// HasFlag reports whether the entry has the flag named f ("FlagUpdate").
func (e *Entry) HasFlag(f string) bool {
	for _, g := range e.Flags {
		if g == f {
			return true
		}
	}
	return false
}

// FlagNames are the op-level flag identifiers of package decode, in bit
// order. The per-encoding flags (FlagCTRDec, FlagPCRel) never appear in the
// table.
var FlagNames = []string{
	"FlagLink", "FlagAbsolute", "FlagTargetLR", "FlagTargetCTR", "FlagTargetTAR",
	"FlagCTRDec", "FlagPrivileged", "FlagUpdate", "FlagIndexed", "FlagByteRev",
	"FlagSignExt", "FlagMultiple", "FlagString", "FlagQuad", "FlagFloat",
	"FlagVector", "FlagVSX", "FlagPrefixed", "FlagPCRel", "FlagRc", "FlagOE",
	"FlagCarry", "FlagReserve", "FlagStoreCond", "FlagPair", "FlagFPExc",
	"FlagSingle",
}

// levels maps the ISA versions of pp64.csv to decode levels.
var levels = map[string]string{
	"P1": "LevelPOWER8", "P2": "LevelPOWER8", "PPC": "LevelPOWER8",
	"v2.00": "LevelPOWER8", "v2.01": "LevelPOWER8", "v2.02": "LevelPOWER8",
	"v2.03": "LevelPOWER8", "v2.04": "LevelPOWER8", "v2.05": "LevelPOWER8",
	"v2.06": "LevelPOWER8", "v2.07": "LevelPOWER8",
	"v3.0": "LevelPOWER9", "v3.0B": "LevelPOWER9", "v3.0C": "LevelPOWER9",
	"v3.1": "LevelPOWER10", "v3.1B": "LevelPOWER10",
}

// Build parses the x/arch module in dir and classifies every op. It fails if
// an op cannot be matched to the ISA list, has no level or no class.
func Build(dir string) ([]Entry, error) {
	ops, formats, rows, err := load(dir)
	if err != nil {
		return nil, err
	}
	byOp := map[string]*instFormat{}
	for i := range formats {
		f := &formats[i]
		if byOp[f.op] != nil {
			// Two rows would need two Reserved masks; the table has one.
			return nil, fmt.Errorf("%s: op %s has several instFormats rows", TablesFile, f.op)
		}
		byOp[f.op] = f
	}
	byHeadline := map[string][]*csvRow{}
	for i := range rows {
		r := &rows[i]
		byHeadline[r.headline] = append(byHeadline[r.headline], r)
	}
	var errs []string
	var out []Entry
	for i, op := range ops {
		f := byOp[op]
		if f == nil {
			errs = append(errs, fmt.Sprintf("op %s has no instFormats row", op))
			continue
		}
		mn, _, _ := strings.Cut(f.syntax, " ")
		e := Entry{Op: op, Num: i + 1, Mnemonic: mn, Syntax: f.syntax, Headline: f.headline,
			Mask: f.mask, Value: f.value, DontCare: f.dontCare}
		if fix, ok := reservedFixes[mn]; ok {
			if fix.bits&(e.Mask|e.DontCare) != 0 {
				errs = append(errs, fmt.Sprintf("reserved-bit fix for %s (%s): %#x is already fixed or reserved in %s", mn, fix.why, fix.bits, TablesFile))
				continue
			}
			e.DontCare |= fix.bits
		}
		row, m := match(byHeadline[f.headline], mn)
		if row == nil {
			errs = append(errs, fmt.Sprintf("op %s (%s, %q): no line of %s with that headline and mnemonic", op, mn, f.headline, CSVFile))
			continue
		}
		e.ISA, e.CSVLine = row.isa, row.line
		if e.Level = levels[row.isa]; e.Level == "" {
			errs = append(errs, fmt.Sprintf("op %s: unknown ISA version %q at %s:%d", op, row.isa, CSVFile, row.line))
			continue
		}
		if pre := strings.HasPrefix(row.encoding, ","); pre != e.Prefixed() {
			errs = append(errs, fmt.Sprintf("op %s: csv says prefixed=%v, opcode says %v", op, pre, e.Prefixed()))
			continue
		}
		if err := classify(&e, m); err != nil {
			errs = append(errs, err.Error())
			continue
		}
		out = append(out, e)
	}
	for name := range overrides {
		if byMnemonic(out, name) == nil {
			errs = append(errs, fmt.Sprintf("override for %q matches no op", name))
		}
	}
	for name := range reservedFixes {
		if byMnemonic(out, name) == nil {
			errs = append(errs, fmt.Sprintf("reserved-bit fix for %q matches no op", name))
		}
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return nil, fmt.Errorf("optab: %d problems:\n\t%s", len(errs), strings.Join(errs, "\n\t"))
	}
	return out, nil
}

func byMnemonic(es []Entry, mn string) *Entry {
	for i := range es {
		if es[i].Mnemonic == mn {
			return &es[i]
		}
	}
	return nil
}

// match finds the csv line (among those with the op's headline) that lists
// the op's mnemonic. Extended mnemonics (li, nop, cmpd, …) are listed on
// their base instruction's line, so they get its level.
func match(rows []*csvRow, mn string) (*csvRow, *mnemonic) {
	for _, r := range rows {
		for i := range r.mnemonics {
			if r.mnemonics[i].name == mn {
				return r, &r.mnemonics[i]
			}
		}
	}
	return nil, nil
}

// override is an explicit classification for one mnemonic, where the
// rules below would get it wrong. Keep them rare, each with its reason.
type override struct {
	class string
	why   string
}

var overrides = map[string]override{
	"lvsl":  {"ClassVMX", "Load Vector for Shift Left computes a permute control from the address; no storage access"},
	"lvsr":  {"ClassVMX", "Load Vector for Shift Right computes a permute control from the address; no storage access"},
	"lxvkq": {"ClassVSX", "Load VSX Vector Special Value loads a constant; no storage access"},
	"pnop":  {"ClassLogical", "prefixed no-op, grouped with nop (ori 0,0,0)"},
}

// reservedFix adds reserved (/) bits that x/arch's instFormats row of one
// mnemonic leaves out (in its word<<32 | suffix layout), with the reason.
// Build fails when x/arch later marks the bits itself.
type reservedFix struct {
	bits uint64
	why  string
}

var reservedFixes = map[string]reservedFix{
	"xsnabsqp": {1 << 32, "Power ISA 3.1B Book I 7.6: bit 31 of the X-form is reserved, as for xsabsqp and xsnegqp " +
		"(QEMU 7.2 raises SIGILL for it, emulate/testdata/qemu-legality.txt)"},
}

// system lists the system-control ops (ClassSystem) and whether each needs
// privileged (supervisor, hypervisor or ultravisor) state. The ISA marks
// each instruction's privilege in its Book III description.
var system = map[string]bool{
	"mtmsr": true, "mtmsrd": true, "mfmsr": true,
	"rfid": true, "hrfid": true, "urfid": true, "rfscv": true,
	"rfebb": false, // event-based branch return: problem state (BESCR/EBBRR)
	"tlbie": true, "tlbiel": true, "tlbsync": true,
	"slbia": true, "slbie": true, "slbiag": true, "slbieg": true, "slbmte": true,
	"slbmfee": true, "slbmfev": true, "slbsync": true, "slbfee.": true,
	"msgsnd": true, "msgclr": true, "msgsndp": true, "msgclrp": true,
	"msgsync": true, "msgsndu": true, "msgclru": true,
	"stop": true,
	"wait": false,
	// The BHRB instructions are problem-state instructions; when the BHRB is
	// not available to the program (MMCR0[BHRBA]=0 in problem state) they
	// cause a facility-unavailable interrupt instead, decided at run time.
	"clrbhrb": false, "mfbhrbe": false,
}

// privilegedMemory are storage-access ops that need privileged state: the
// caching-inhibited loads and stores (hypervisor) and the privileged hash
// instructions.
var privilegedMemory = map[string]bool{
	"lbzcix": true, "lhzcix": true, "lwzcix": true, "ldcix": true,
	"stbcix": true, "sthcix": true, "stwcix": true, "stdcix": true,
	"hashstp": true, "hashchkp": true,
}

// carry lists the ops that write XER[CA] and XER[CA32] (base mnemonics,
// without the o and . suffixes). addex is not among them: with CY=0 (the
// only defined value) it uses XER[OV] as its carry and writes OV and OV32,
// not CA, and not SO either, so it gets neither FlagCarry nor FlagOE.
var carry = map[string]bool{
	"addc": true, "adde": true, "addme": true, "addze": true,
	"subfc": true, "subfe": true, "subfme": true, "subfze": true,
	"addic": true, "subfic": true,
	"sraw": true, "srawi": true, "srad": true, "sradi": true,
}

// Small classes named in full.
var named = map[string]string{
	"b": "ClassBranch", "ba": "ClassBranch", "bl": "ClassBranch", "bla": "ClassBranch",
	"tw": "ClassTrap", "td": "ClassTrap", "twi": "ClassTrap", "tdi": "ClassTrap",
	"sc": "ClassSyscall", "scv": "ClassSyscall",
	// sync covers hwsync, lwsync and ptesync (L field); ppc64asm has one op.
	"sync": "ClassBarrier", "eieio": "ClassBarrier", "isync": "ClassBarrier",
	"dcbf": "ClassCache", "dcbst": "ClassCache", "dcbt": "ClassCache", "dcbtst": "ClassCache",
	"dcbz": "ClassCache", "icbi": "ClassCache", "icbt": "ClassCache",
	"hashst": "ClassHash", "hashchk": "ClassHash", "hashstp": "ClassHash", "hashchkp": "ClassHash",
	"copy": "ClassCopyPaste", "paste.": "ClassCopyPaste", "cpabort": "ClassCopyPaste",
	"mfspr": "ClassSPR", "mtspr": "ClassSPR", "mfcr": "ClassSPR", "mtcrf": "ClassSPR",
	"mfocrf": "ClassSPR", "mtocrf": "ClassSPR", "mftb": "ClassSPR",
	"mcrf": "ClassCRLogical", "mcrxrx": "ClassCRLogical", "isel": "ClassCRLogical",
	"setb": "ClassCRLogical", "setbc": "ClassCRLogical", "setbcr": "ClassCRLogical",
	"setnbc": "ClassCRLogical", "setnbcr": "ClassCRLogical",
	// Integer multiply-add in the VA form of primary opcode 4: GPR operands.
	"maddhd": "ClassArith", "maddhdu": "ClassArith", "maddld": "ClassArith",
	// Add and Generate Sixes is a GPR operation that helps BCD arithmetic.
	"addg6s": "ClassArith",
	// Convert between BCD and declets in GPRs: decimal support.
	"cdtbcd": "ClassDFP", "cbcdtd": "ClassDFP",
	// Moves of the VSCR are part of the vector facility.
	"mfvscr": "ClassVMX", "mtvscr": "ClassVMX",
}

// Integer ops by base mnemonic (without "o" and "." suffixes where the
// prefix rules make that unnecessary).
var (
	arithPrefixes  = []string{"add", "subf", "neg", "mul", "div", "mod", "darn"}
	arithExact     = []string{"li", "lis", "paddi"}
	logicalPrefix  = []string{"cntlz", "cnttz", "popcnt", "prty"}
	logicalExact   = []string{"and", "andc", "andi", "andis", "or", "orc", "ori", "oris", "xor", "xori", "xoris", "nand", "nor", "eqv", "nop", "extsb", "extsh", "extsw", "bpermd", "brh", "brw", "brd", "cfuged", "pdepd", "pextd"}
	rotatePrefixes = []string{"rlw", "rld"}
	rotateExact    = []string{"slw", "srw", "sld", "srd", "sraw", "srawi", "srad", "sradi", "extswsli"}
)

var (
	mmaRE     = regexp.MustCompile(`^(pm)?xv.*ger|^xxm[ft]acc$|^xxsetaccz$`)
	vsxMoveRE = regexp.MustCompile(`^m[ft]vsr`)
)

func hasPrefix(s string, ps []string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func in(s string, list []string) bool {
	for _, p := range list {
		if s == p {
			return true
		}
	}
	return false
}

// classify sets Class, Size and Flags of e. m is the matched csv mnemonic.
func classify(e *Entry, m *mnemonic) error {
	mn := e.Mnemonic
	base := strings.TrimSuffix(mn, ".")
	h := strings.TrimPrefix(e.Headline, "Prefixed ")
	po := e.Value >> 58 // primary opcode of the (suffix-less) word
	if e.Prefixed() {
		po = e.Value >> 26 & 0x3f // primary opcode of the suffix
	}
	flags := map[string]bool{}

	// Flags read from the csv mnemonic conditions and the record dot.
	if m.conds["OE"] == "1" {
		flags["FlagOE"] = true
	}
	if m.conds["Rc"] == "1" || strings.HasSuffix(mn, ".") {
		// Every dotted mnemonic writes a CR field: CR0 for integer ops
		// (for stcx. and paste. it reports success, not a compare of the
		// result), CR1 for FP, CR6 for vector compares and bcd*.
		flags["FlagRc"] = true
	}
	if m.conds["LK"] == "1" {
		flags["FlagLink"] = true
	}
	if m.conds["AA"] == "1" {
		flags["FlagAbsolute"] = true
	}
	if e.Prefixed() {
		flags["FlagPrefixed"] = true
	}
	cbase := base
	if flags["FlagOE"] {
		cbase = strings.TrimSuffix(base, "o")
	}
	if carry[cbase] {
		flags["FlagCarry"] = true
	}
	if privilegedMemory[mn] {
		flags["FlagPrivileged"] = true
	}
	e.Pairs = pairs(e.Syntax)

	class := ""
	switch ov, ok := overrides[mn]; {
	case ok:
		class = ov.class
	case strings.HasPrefix(h, "Load ") || strings.HasPrefix(h, "Store "):
		class = memory(e, h, flags)
	case named[mn] != "":
		class = named[mn]
	case po == 16 || po == 19 && strings.HasPrefix(mn, "bc"):
		class = "ClassCondBranch"
		switch {
		case strings.Contains(h, "Link Register"):
			flags["FlagTargetLR"] = true
		case strings.Contains(h, "Count Register"):
			flags["FlagTargetCTR"] = true
		case strings.Contains(h, "Target Address Register"):
			flags["FlagTargetTAR"] = true
		}
	case hasKey(system, mn):
		class = "ClassSystem"
		if system[mn] {
			flags["FlagPrivileged"] = true
		}
	case strings.HasPrefix(mn, "cr") && po == 19:
		class = "ClassCRLogical"
	case mmaRE.MatchString(mn):
		class = "ClassMMA"
	case hasPrefix(mn, []string{"xs", "xv", "xx"}):
		class = "ClassVSX"
	case strings.HasPrefix(h, "DFP ") || strings.HasPrefix(mn, "bcd"):
		class = "ClassDFP"
	case (po == 59 || po == 63) && (strings.HasPrefix(mn, "f") || strings.HasPrefix(mn, "mffs") || strings.HasPrefix(mn, "mtfs") || mn == "mcrfs"):
		class = "ClassFP"
	case po == 31 && vsxMoveRE.MatchString(mn):
		// Moves between GPRs and VSRs.
		class = "ClassVSX"
	case po == 4:
		class = "ClassVMX"
	case strings.HasPrefix(mn, "cmp"):
		class = "ClassCompare"
	case hasPrefix(base, arithPrefixes) || in(base, arithExact):
		class = "ClassArith"
	case hasPrefix(base, logicalPrefix) || in(base, logicalExact):
		class = "ClassLogical"
	case hasPrefix(base, rotatePrefixes) || in(base, rotateExact):
		class = "ClassRotate"
	}
	if class == "" {
		return fmt.Errorf("op %s (%s, %q): no classification rule applies", e.Op, mn, e.Headline)
	}
	switch class {
	case "ClassHash":
		// hashst stores and hashchk loads one doubleword at RA+offset.
		e.Size = 8
	case "ClassCache", "ClassCopyPaste":
		if mn != "cpabort" {
			// The effective address is (RA|0)+RB.
			flags["FlagIndexed"] = true
		}
	}
	if e.Size < 0 {
		return fmt.Errorf("op %s (%q): cannot derive the access size", e.Op, e.Headline)
	}
	e.Class = class
	if fpExc(class, mn, h) {
		flags["FlagFPExc"] = true
		if fpSingle(h) {
			flags["FlagSingle"] = true
		}
	}
	for _, f := range FlagNames {
		if flags[f] {
			e.Flags = append(e.Flags, f)
			delete(flags, f)
		}
	}
	if len(flags) > 0 {
		return fmt.Errorf("op %s: unknown flags %v", e.Op, flags)
	}
	e.Facility = facility(e, po)
	if hasAny(e.Facility, "FacVEC", "FacVSX") {
		e.Elem = elemSize(h)
		if m := extendRE.FindStringSubmatch(h); m != nil {
			// vexts*: the headline names the source and the result
			// element ("Extend Sign Byte To Word").
			e.Elem, e.ElemTo = elemSizes[m[1]], elemSizes[m[2]]
		}
	}
	return nil
}

// extendRE matches the headlines of the vector sign extensions.
var extendRE = regexp.MustCompile(`Extend Sign (\w+) [Tt]o (\w+)`)

// pairs is the set of operands (bit i: operand i of the syntax, in
// ppc64asm's order) whose names end in "p": even-odd register pairs
// (FRTp, FRAp, FRBp, RTp, RSp, XTp, XSp, XAp).
func pairs(syntax string) uint8 {
	_, args, _ := strings.Cut(syntax, " ")
	var set uint8
	i := 0
	for _, a := range strings.Split(args, ",") {
		// D(RA)-style operands are two: the displacement and RA.
		for _, name := range strings.FieldsFunc(a, func(r rune) bool { return r == '(' || r == ')' }) {
			if len(name) > 1 && strings.HasSuffix(name, "p") && name[0] >= 'A' && name[0] <= 'Z' {
				set |= 1 << i
			}
			i++
		}
	}
	return set
}

// fpComputational are the words of scalar FP headlines that name an
// operation that sets FPSCR exception bits (and FR, FI where it rounds):
// arithmetic, estimates, conversions, rounding and the ordered and
// unordered compares. Moves, sign operations, selects, min/max, the
// exponent and significand operations, the tests and the compares of ISA
// 3.0 (xscmpeqdp, …, which set no FPRF) are not among them.
var fpComputational = regexp.MustCompile(`\b(Add|Subtract|Multiply|Divide|Square Root|Reciprocal|Convert|Round|Compare (Ordered|Unordered))\b`)

// fpExc reports whether a scalar FP op (class FP or a VSX scalar op, xs*)
// is computational: it may set FPSCR exception bits.
func fpExc(class, mn, h string) bool {
	if class != "ClassFP" && !(class == "ClassVSX" && strings.HasPrefix(mn, "xs")) {
		return false
	}
	if strings.Contains(h, "Test") || strings.Contains(h, "Non-signalling") {
		return false
	}
	return fpComputational.MatchString(h)
}

// fpSingle reports whether a computational scalar FP op (fpExc) rounds its
// result to single precision and keeps it in double format (fadds, fres,
// frsp, fcfids, xsaddsp, xscvsxdsp, …): its headline names Single as the
// result. A conversion between two FP formats ("Double-Precision to
// Single-Precision": xscvdpsp, and xscvspdp the other way) is not one:
// xscvdpsp gives its result in single format.
func fpSingle(h string) bool {
	return strings.Contains(h, "Single") && !strings.Contains(h, "Precision to")
}

// split lists the ops whose facility depends on the number of their VSR
// operand: VSR 32-63 (the VRs) need MSR[VEC], VSR 0-31 the facility named
// here. The ISA pseudo-code of each tests the TX/SX bit ("if SX=0 & MSR.FP=0
// then FP_Unavailable(); if SX=1 & MSR.VEC=0 then Vector_Unavailable()").
// The VSX loads and stores introduced by ISA 3.0 follow the same rule with
// VSX (see facility); they are not listed.
var split = map[string]string{
	// The ISA 2.07 GPR<->VSR moves (Power ISA 3.1B Book I 7.6, VSX Move
	// instructions): FP for VSR 0-31.
	"mfvsrd": "FacFP", "mfvsrwz": "FacFP", "mtvsrd": "FacFP", "mtvsrwa": "FacFP", "mtvsrwz": "FacFP",
	// The ISA 3.0 moves and xxspltib.
	"mfvsrld": "FacVSX", "mtvsrdd": "FacVSX", "mtvsrws": "FacVSX", "xxspltib": "FacVSX",
}

// facility derives the facilities an op needs (decode identifiers, in bit
// order) from its class, flags, level and operand names. po is the primary
// opcode (of the suffix, for prefixed ops).
func facility(e *Entry, po uint64) []string {
	if f := split[e.Mnemonic]; f != "" {
		return sortFac([]string{f, "FacVEC", "FacSplit"})
	}
	switch e.Class {
	case "ClassFP":
		return []string{"FacFP"}
	case "ClassVMX":
		return []string{"FacVEC"}
	case "ClassVSX", "ClassMMA":
		return []string{"FacVSX"}
	case "ClassDFP":
		switch po {
		case 59, 63: // DFP arithmetic on FPRs (and FPR pairs)
			return []string{"FacFP"}
		case 4: // bcd* on VRs
			return []string{"FacVEC"}
		}
		return nil // cdtbcd, cbcdtd: GPRs
	case "ClassLoad", "ClassStore":
	default:
		return nil
	}
	switch {
	case e.HasFlag("FlagFloat"):
		return []string{"FacFP"}
	case e.HasFlag("FlagVector"):
		return []string{"FacVEC"}
	case !e.HasFlag("FlagVSX"):
		return nil
	}
	_, args, _ := strings.Cut(e.Syntax, " ")
	switch {
	case strings.HasPrefix(args, "VR"):
		// lxsd, lxssp, stxsd, stxssp and prefixed forms name VRT/VRS
		// (VSR 32-63) and test MSR[VEC].
		return []string{"FacVEC"}
	case e.Level == "LevelPOWER9":
		// The ISA 3.0 forms with a TX/SX bit (lxv, lxvx, lxvl, lxvll,
		// lxvwsx, lxvh8x, lxvb16x, lxsibzx, lxsihzx and stores): MSR[VSX]
		// for VSR 0-31, MSR[VEC] for VSR 32-63.
		return []string{"FacVEC", "FacVSX", "FacSplit"}
	}
	// ISA 2.06/2.07 forms and the ISA 3.1 ones (plxv, lxvp, lxvr*x, …):
	// MSR[VSX] whatever the register.
	return []string{"FacVSX"}
}

// FacilityNames are the facility identifiers of package decode, in bit
// order.
var FacilityNames = []string{"FacFP", "FacVEC", "FacVSX", "FacSplit"}

func sortFac(fs []string) []string {
	var out []string
	for _, n := range FacilityNames {
		if in(n, fs) {
			out = append(out, n)
		}
	}
	return out
}

func hasAny(list []string, names ...string) bool {
	for _, n := range names {
		if in(n, list) {
			return true
		}
	}
	return false
}

// elemSizes maps the element words of ISA headlines to sizes in bytes.
var elemSizes = map[string]int{
	"Byte": 1, "Halfword": 2, "Word": 4, "Doubleword": 8, "Quadword": 16,
	"Half-Precision": 2, "bfloat16": 2, "Single-Precision": 4,
	"Double-Precision": 8, "Quad-Precision": 16,
}

// elemSize is the element size the headline h names, or 0 if it names none
// or several (conversions between formats). For widening and narrowing ops
// (multiply even/odd, pack, unpack, sum across) the headline names the
// source element.
func elemSize(h string) int {
	size := 0
	for _, w := range strings.Fields(h) {
		w, _, _ = strings.Cut(w, "*") // "Byte*16"
		n := elemSizes[w]
		switch {
		case n == 0:
		case size == 0:
			size = n
		case size != n:
			return 0
		}
	}
	return size
}

func hasKey(m map[string]bool, k string) bool {
	_, ok := m[k]
	return ok
}

// memory classifies a load or store from its headline h (without
// "Prefixed "): class, access size and flags.
func memory(e *Entry, h string, flags map[string]bool) string {
	load := strings.HasPrefix(h, "Load ")
	class := "ClassStore"
	if load {
		class = "ClassLoad"
	}
	set := func(f string, ok bool) {
		if ok {
			flags[f] = true
		}
	}
	switch {
	case strings.Contains(h, "Reserve"):
		class = "ClassAtomic"
		flags["FlagReserve"] = true
	case strings.Contains(h, "Conditional"):
		class = "ClassAtomic"
		flags["FlagStoreCond"] = true
	case strings.Contains(h, "ATomic"):
		class = "ClassAtomic"
	}
	set("FlagUpdate", strings.Contains(h, "with Update"))
	set("FlagIndexed", strings.Contains(h, "Indexed"))
	set("FlagByteRev", strings.Contains(h, "Byte-Reverse"))
	set("FlagSignExt", strings.Contains(h, "Algebraic"))
	set("FlagMultiple", strings.Contains(h, "Multiple"))
	set("FlagString", strings.Contains(h, "String"))
	quad := strings.Contains(h, "Quadword")
	set("FlagQuad", quad)
	set("FlagFloat", strings.Contains(h, "Floating-Point"))
	set("FlagVector", strings.HasPrefix(h, "Load Vector") || strings.HasPrefix(h, "Store Vector"))
	set("FlagVSX", strings.Contains(h, "VSX"))
	// Register pairs: FPR pairs (lfdp), VSR pairs (lxvp) and the GPR pair
	// of the quadword ops (lq, stq, plq, pstq, lqarx, stqcx.).
	set("FlagPair", strings.Contains(h, "Pair") || quad)
	e.Size = accessSize(h)
	return class
}

// accessSize derives the access size in bytes from a load/store headline.
func accessSize(h string) int {
	switch {
	case strings.Contains(h, "Multiple"), strings.Contains(h, "String"), strings.Contains(h, "with Length"):
		return 0 // variable
	case strings.Contains(h, "Paired"):
		return 32
	case strings.Contains(h, "Double Pair"):
		return 16
	case strings.Contains(h, "*"): // Byte*16, Halfword*8, Word*4, Doubleword*2
		return 16
	case strings.Contains(h, "Quadword"):
		return 16
	}
	for _, w := range strings.Fields(h) {
		switch w {
		case "Byte":
			return 1
		case "Halfword":
			return 2
		case "Word", "Single", "Single-Precision":
			return 4
		case "Doubleword", "Double":
			return 8
		}
	}
	if strings.Contains(h, "Vector") {
		return 16
	}
	return -1
}
