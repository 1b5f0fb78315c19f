// Package trap answers questions about the powerpc64 fixed-point trap
// instructions and about where Linux lets a probe be placed.
//
// It is small, pure and works on raw 32-bit instruction words, so it needs
// neither the decoder nor a register file type:
//
//   - IsTrap and Classify recognise tw, td, twi and tdi and extract their
//     fields (TO, RA, RB or the sign-extended SI immediate).
//   - KindOf and Info.Kind say whether a trap always fires, never fires, or
//     depends on its operands.
//   - Fires, Compare and the Info methods evaluate the trap condition exactly
//     as the Power ISA pseudo-code does.
//   - CanSingleStep, Uprobe.Check and Kprobe.Check apply the Linux powerpc
//     rules that decide whether a uprobe or kprobe may be placed on an
//     instruction, and report refusals as errors usable with errors.Is.
//
// # Bit numbering and the reserved bit
//
// Bit numbers in this package's documentation are the ISA's: bit 0 is the
// most significant bit of the 32-bit word and bit 31 the least significant.
// The X-form traps (tw, td) have a reserved bit 31, in the position where
// other X-forms keep Rc. This package ignores it when recognising a trap, like
// the Linux masks (0xfc0007fe) and like POWER9 hardware, which ignores
// reserved instruction bits. Not every implementation agrees: QEMU's tw and td
// decoders treat a set bit 31 as an invalid instruction, and GNU objdump does
// not disassemble such a word. Classify therefore reports the bit in
// Info.ReservedBit, so that the emulator's implementation profile can decide.
//
// # Breakpoint words
//
// LinuxBreakpoint (tw 31,0,0, "trap") is what the kernel writes for uprobes,
// kprobes and its own BUG/WARN sites. GDBBreakpoint (tw 12,r2,r2, "twge
// r2,r2") is GDB's powerpc software breakpoint. Both are ordinary tw
// instructions: this package classifies both as traps of Kind Always.
package trap
