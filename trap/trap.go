package trap

import "fmt"

// Well-known trap words.
const (
	// LinuxBreakpoint is tw 31,0,0 (the "trap" mnemonic): an unconditional
	// trap. Linux uses it as BREAKPOINT_INSTRUCTION, as the uprobe software
	// breakpoint (UPROBE_SWBP_INSN, 4 bytes) and to arm kprobes.
	LinuxBreakpoint uint32 = 0x7fe00008

	// GDBBreakpoint is the word GDB's rs6000/ppc64 target writes as its
	// software breakpoint (stored big- or little-endian to match the
	// inferior). It decodes as tw 12,r2,r2 ("twge r2,r2"): TO = 12 = GT|EQ,
	// RA = RB = 2. The comparison is of r2 with itself, so EQ always holds
	// and the trap always fires, whatever r2 contains: Classify reports Kind
	// Always even though KindOf(12) alone is Conditional.
	GDBBreakpoint uint32 = 0x7d821008
)

// TO field condition bits, as 5-bit values (the TO field is instruction bits
// 6-10; the ISA's TO bit 0 is the most significant of the five). A trap fires
// when any condition selected by TO holds between its operands a and b.
const (
	LT  = 0x10 // a < b, signed
	GT  = 0x08 // a > b, signed
	EQ  = 0x04 // a = b
	LTU = 0x02 // a < b, unsigned
	GTU = 0x01 // a > b, unsigned

	// Unconditional is TO = 31, every condition: the TO value of "trap".
	Unconditional = LT | GT | EQ | LTU | GTU
)

// Op identifies one of the four trap instructions.
type Op uint8

// Trap instructions. The zero Op, NotTrap, is what Classify returns for a word
// that is not a trap.
const (
	NotTrap Op = iota
	TW         // Trap Word, X-form: primary opcode 31, extended opcode 4
	TD         // Trap Doubleword, X-form: primary opcode 31, extended opcode 68
	TWI        // Trap Word Immediate, D-form: primary opcode 3
	TDI        // Trap Doubleword Immediate, D-form: primary opcode 2
)

var opNames = [...]string{NotTrap: "not-a-trap", TW: "tw", TD: "td", TWI: "twi", TDI: "tdi"}

// String returns the mnemonic: "tw", "td", "twi" or "tdi".
func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", uint8(o))
}

// Word reports whether the op compares 32-bit words (tw, twi) rather than
// doublewords (td, tdi).
func (o Op) Word() bool { return o == TW || o == TWI }

// Immediate reports whether the second operand is the SI field (twi, tdi)
// rather than register RB (tw, td).
func (o Op) Immediate() bool { return o == TWI || o == TDI }

// Kind says whether a trap fires regardless of its operands.
type Kind uint8

// Trap kinds.
const (
	// Never: no operand values can make the trap fire (for example TO = 0,
	// a no-op).
	Never Kind = iota
	// Conditional: whether the trap fires depends on the operand values.
	Conditional
	// Always: the trap fires whatever the operand values (for example
	// TO = 31, the "trap" mnemonic).
	Always
)

var kindNames = [...]string{Never: "never", Conditional: "conditional", Always: "always"}

// String returns "never", "conditional" or "always".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Primary and extended opcodes of the traps.
const (
	opcodeTDI  = 2
	opcodeTWI  = 3
	opcode31   = 31
	xoTW       = 4
	xoTD       = 68
	maskX      = 0xfc0007fe // primary opcode and extended opcode, bit 31 ignored
	matchTW    = 0x7c000008
	matchTD    = 0x7c000088
	reservedX  = 0x00000001 // bit 31 of the X-form traps
	fieldMask5 = 0x1f
)

// IsTrap reports whether word is tw, td, twi or tdi, with the Linux ppc64
// masks: for tw and td the reserved bit 31 is ignored (see the package
// documentation); twi and tdi are recognised by their primary opcode alone.
func IsTrap(word uint32) bool {
	switch word >> 26 {
	case opcodeTDI, opcodeTWI:
		return true
	}
	m := word & maskX
	return m == matchTW || m == matchTD
}

// Info is a decoded trap instruction.
type Info struct {
	Op Op // which of tw, td, twi, tdi
	// TO is the 5-bit condition field (bits 6-10); see LT, GT, EQ, LTU, GTU.
	TO uint8
	// RA is the register holding the first operand (bits 11-15).
	RA uint8
	// RB is the register holding the second operand for tw and td
	// (bits 16-20); 0 for twi and tdi.
	RB uint8
	// SI is the sign-extended 16-bit immediate second operand for twi and
	// tdi; 0 for tw and td.
	SI int64
	// Kind is what can be known before execution, from TO and the operand
	// fields: besides KindOf(TO), tw/td with RA = RB compare a register with
	// itself (only EQ can hold), and twi/tdi compare with a known constant
	// (against SI = 0 "unsigned less" can never hold, against SI = -1
	// "unsigned greater" can never hold, and so on).
	Kind Kind
	// ReservedBit reports that bit 31 of a tw or td is set. The trap is still
	// recognised; see the package documentation.
	ReservedBit bool
}

// Classify decodes word if it is a trap instruction. The boolean is false, and
// the Info zero, when IsTrap(word) is false.
func Classify(word uint32) (Info, bool) {
	in := Info{
		TO: uint8(word>>21) & fieldMask5,
		RA: uint8(word>>16) & fieldMask5,
	}
	switch word >> 26 {
	case opcodeTDI:
		in.Op = TDI
	case opcodeTWI:
		in.Op = TWI
	default:
		switch word & maskX {
		case matchTW:
			in.Op = TW
		case matchTD:
			in.Op = TD
		default:
			return Info{}, false
		}
	}
	if in.Op.Immediate() {
		in.SI = int64(int16(word))
	} else {
		in.RB = uint8(word>>11) & fieldMask5
		in.ReservedBit = word&reservedX != 0
	}
	in.Kind = in.staticKind()
	return in, true
}

// outcomes lists the possible results of comparing a with b, as sets of TO
// conditions: exactly one of them holds. When a ≠ b one signed and one
// unsigned relation hold, and all four pairings occur in general: 1 vs 2
// (LT|LTU), 2 vs 1 (GT|GTU), -1 vs 0 (LT|GTU), 0 vs -1 (GT|LTU).
var outcomes = [...]uint8{EQ, LT | LTU, GT | GTU, LT | GTU, GT | LTU}

// Bits of a set of possible outcomes, in the order of the outcomes array.
const (
	possEQ = 1 << iota
	possLTLTU
	possGTGTU
	possLTGTU
	possGTLTU
	possAll = 1<<len(outcomes) - 1
)

// kindOver classifies TO given the set of comparison outcomes that can occur
// (a bitmask over the outcomes array).
func kindOver(to uint8, possible uint8) Kind {
	hit, miss := false, false
	for i, cond := range outcomes {
		if possible&(1<<i) == 0 {
			continue
		}
		if to&cond != 0 {
			hit = true
		} else {
			miss = true
		}
	}
	switch {
	case hit && miss:
		return Conditional
	case hit:
		return Always
	default:
		return Never
	}
}

// KindOf classifies a TO value alone, for operands that may take any values:
// Never for TO = 0; Always when TO covers every possible outcome of a
// comparison, which is the case for TO = 31 and, more generally, whenever TO
// contains LT|GT|EQ or EQ|LTU|GTU; Conditional otherwise. Only the low five
// bits of to are used.
func KindOf(to uint8) Kind {
	return kindOver(to&fieldMask5, possAll)
}

// staticKind refines KindOf with what the instruction fields tell.
func (in Info) staticKind() Kind {
	switch {
	case !in.Op.Immediate() && in.RA == in.RB:
		// Same register on both sides: a = b, always.
		return kindOver(in.TO, possEQ)
	case in.Op.Immediate():
		// b = EXTS(SI) lies in [-32768, 32767]. Over every value a may
		// take (any doubleword for tdi, any sign-extended word for twi):
		// a = b is possible; both "less" relations need b ≠ 0 (nothing is
		// below 0 unsigned); both "greater" need b ≠ -1 (nothing is above
		// all ones unsigned); signed-less-but-unsigned-greater needs a
		// negative a and a non-negative b, the converse a negative b. The
		// signed extremes of either width, which would also exclude
		// outcomes, are outside the range of SI.
		possible := uint8(possEQ)
		if in.SI != 0 {
			possible |= possLTLTU
		}
		if in.SI != -1 {
			possible |= possGTGTU
		}
		if in.SI >= 0 {
			possible |= possLTGTU
		} else {
			possible |= possGTLTU
		}
		return kindOver(in.TO, possible)
	default:
		return KindOf(in.TO)
	}
}

// Compare returns the set of TO conditions that hold between a and b: one of
// LT, GT or EQ, or'ed with LTU or GTU when a ≠ b. With word set, as for tw and
// twi, only the low 32 bits of each operand take part: the ISA sign-extends
// them to 64 bits (a ← EXTS((RA)32:63)) and applies both the signed and the
// unsigned comparison to the extended values, which orders them exactly as
// comparing the low words as int32 and as uint32 would.
func Compare(a, b uint64, word bool) uint8 {
	if word {
		a = uint64(int64(int32(a)))
		b = uint64(int64(int32(b)))
	}
	var c uint8
	switch sa, sb := int64(a), int64(b); {
	case sa < sb:
		c = LT
	case sa > sb:
		c = GT
	default:
		return EQ
	}
	if a < b {
		c |= LTU
	} else {
		c |= GTU
	}
	return c
}

// Fires reports whether a trap with condition field to fires for first
// operand a and second operand b, following the Power ISA pseudo-code for tw,
// td, twi and tdi. word selects the 32-bit comparison of tw and twi (see
// Compare). For twi and tdi, b is the sign-extended SI immediate
// (uint64(Info.SI)). Only the low five bits of to are used.
func Fires(to uint8, a, b uint64, word bool) bool {
	return to&fieldMask5&Compare(a, b, word) != 0
}

// Operands returns the two compared values as the instruction reads them:
// a = (RA) and b = (RB) for tw and td, b = EXTS(SI) for twi and tdi. They are
// the full 64-bit values; Fires applies the 32-bit truncation of the word
// forms. gpr returns the contents of general-purpose register n (0..31); it
// is not called for RB of the immediate forms.
func (in Info) Operands(gpr func(n int) uint64) (a, b uint64) {
	a = gpr(int(in.RA))
	if in.Op.Immediate() {
		return a, uint64(in.SI)
	}
	return a, gpr(int(in.RB))
}

// Fires reports whether the trap fires with the register values gpr returns
// (see Operands). Note that RA = 0 means register r0, not the value 0: the
// trap instructions have no RA|0 operands.
func (in Info) Fires(gpr func(n int) uint64) bool {
	a, b := in.Operands(gpr)
	return Fires(in.TO, a, b, in.Op.Word())
}

// FiresGPR is Fires reading the operands from a register array, such as the
// GPR field of regs.Regs.
func (in Info) FiresGPR(gpr *[32]uint64) bool {
	a := gpr[in.RA&fieldMask5]
	b := uint64(in.SI)
	if !in.Op.Immediate() {
		b = gpr[in.RB&fieldMask5]
	}
	return Fires(in.TO, a, b, in.Op.Word())
}

// String formats the instruction in the ISA's assembler syntax, for example
// "tw 31,r0,r0" or "twi 4,r3,-1".
func (in Info) String() string {
	if in.Op.Immediate() {
		return fmt.Sprintf("%s %d,r%d,%d", in.Op, in.TO, in.RA, in.SI)
	}
	return fmt.Sprintf("%s %d,r%d,r%d", in.Op, in.TO, in.RA, in.RB)
}

// Evaluate decodes word and, if it is a trap, reports whether it fires with
// the register values gpr returns. isTrap is false, and fires false, when word
// is not a trap.
func Evaluate(word uint32, gpr func(n int) uint64) (fires, isTrap bool) {
	in, ok := Classify(word)
	if !ok {
		return false, false
	}
	return in.Fires(gpr), true
}

// EvaluateGPR is Evaluate reading the operands from a register array, such as
// the GPR field of regs.Regs.
func EvaluateGPR(word uint32, gpr *[32]uint64) (fires, isTrap bool) {
	in, ok := Classify(word)
	if !ok {
		return false, false
	}
	return in.FiresGPR(gpr), true
}
