// Package optab builds the op-classification table of package decode from
// the two ISA data files of golang.org/x/arch: ppc64/ppc64asm/tables.go (the
// ops, their masks and reserved bits) and ppc64/pp64.csv (the Power ISA
// instruction list with the ISA version that introduced each instruction).
// It is used by the generator (decode/internal/gen) and by the tests of
// package decode, which regenerate the table and compare it with the
// committed one.
//
// # Sources
//
// Each op has exactly one instFormats row; its don't-care mask becomes
// Reserved. The op is matched to the pp64.csv line with the same headline
// that lists the op's mnemonic; extended mnemonics (li, nop, cmpd, …) are
// listed on their base instruction's line and get its level. An op with no
// such line, or a version not in the level map, stops the generator.
//
// # Rules
//
// Flags come from the csv mnemonic conditions (OE=1, Rc=1, LK=1, AA=1),
// the record dot, the prefix opcode and, for loads and stores, the words of
// the ISA headline ("with Update", "Indexed", "Algebraic", "Byte-Reverse",
// "Floating-Point", "VSX", "Pair", "Quadword", …), as is the access size.
// Classes come from the headline ("Load …", "Store …", "DFP …"), from the
// mnemonic (prefix and exact-name lists) and from the primary opcode
// (4: VMX, 59/63 with f*: FP). A few lists name ops outright (system ops
// and their privilege, carry writers, barriers, cache ops); the overrides
// map holds the rare exceptions to the rules, each with its reason.
//
// # Decisions worth knowing
//
//   - Every dotted mnemonic has FlagRc, including stcx. and paste. (CR0
//     reports success) and slbfee.; vector and bcd record forms set CR6.
//   - addex has neither FlagCarry nor FlagOE: it writes OV and OV32 as its
//     carry, not CA, and never SO.
//   - mfmsr and mtmsr/mtmsrd are ClassSystem (privileged), not ClassSPR.
//   - clrbhrb, mfbhrbe, rfebb and wait are ClassSystem without
//     FlagPrivileged: problem-state instructions (the BHRB ones may raise a
//     facility-unavailable interrupt, which is decided at run time).
//   - hashst, hashchk (and the privileged hashstp, hashchkp) have Size 8:
//     they access one doubleword.
//   - Cache ops, copy and paste. have FlagIndexed (EA = (RA|0)+RB) and no
//     size; dcbz is ClassCache, not a store.
//   - lvsl, lvsr (ClassVMX) and lxvkq (ClassVSX) are not loads.
//   - The POWER10 vector-mask moves mtvsrbm, mtvsrbmi, … (primary opcode 4)
//     are ClassVMX; the GPR↔VSR moves mfvsr*/mtvsr* are ClassVSX.
//   - Quadword GPR-pair ops (lq, stq, plq, pstq, lqarx, stqcx.) have both
//     FlagQuad and FlagPair.
//   - pnop is ClassLogical, like nop.
//   - Pairs marks the operands whose syntax names end in "p" (FRTp, RTp,
//     XAp, …): even-odd register pairs.
//   - The sign extensions vexts* name two element sizes ("Extend Sign Byte
//     To Word"): Elem is the source's (as for the other widening ops),
//     ElemTo the result's.
//   - FlagFPExc marks the scalar FP computations (class FP and xs*:
//     arithmetic, estimates, conversions other than the non-signalling
//     ones, rounding, ordered/unordered compares); FlagSingle those of them
//     whose result is a single held in double format (the headline names
//     Single as the result, not a conversion between FP formats).
package optab
