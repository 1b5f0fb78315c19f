package trap

import (
	"errors"
	"fmt"

	"github.com/ppc64emu/ppc64emu/decode"
)

// Sentinel errors for refused probe sites. Uprobe.Check and Kprobe.Check wrap
// them in a *ProbeError; test with errors.Is.
var (
	// ErrMisaligned: the probe address is not a multiple of 4. Linux
	// returns -EINVAL.
	ErrMisaligned = errors.New("trap: probe address is not 4-byte aligned")

	// ErrTrapInstruction: the probed instruction is itself a trap (tw, td,
	// twi or tdi, see IsTrap). A trap is also an instruction that must not
	// be single-stepped, so an error carrying ErrTrapInstruction matches
	// ErrCannotSingleStep as well. Linux returns -ENOTSUPP for uprobes and
	// -EINVAL for kprobes.
	ErrTrapInstruction = errors.New("trap: probed instruction is a trap")

	// ErrCannotSingleStep: the instruction is one Linux refuses to
	// single-step out of line (see CanSingleStep): sc, scv, the
	// return-from-interrupt family, the power-saving instructions, mtmsr,
	// mtmsrd and the traps. Linux returns -ENOTSUPP for uprobes and -EINVAL
	// for kprobes.
	ErrCannotSingleStep = errors.New("trap: instruction must not be single-stepped")

	// ErrPrefixBoundary: the probed instruction is prefixed and its prefix
	// is the last word of a 64-byte block, so its suffix would lie in the
	// next block (the ISA does not allow that; such code cannot run).
	// Uprobes only; Linux returns -EINVAL.
	ErrPrefixBoundary = decode.ErrPrefixBoundary // the one sentinel, from decode

	// ErrSuffix: the previous word is a prefix, so the probe would sit on
	// the suffix of a prefixed instruction. Kprobes only; Linux returns
	// -EINVAL.
	ErrSuffix = errors.New("trap: probe on the suffix of a prefixed instruction")
)

// ProbeError describes a refused probe site.
type ProbeError struct {
	Probe string // "uprobe" or "kprobe"
	Addr  uint64 // the probe address
	Word  uint32 // the instruction word at Addr
	// Prev is the word before Addr, the prefix, for ErrSuffix; 0 otherwise.
	Prev uint32
	// Insn names the refused instruction ("sc", "rfid", "tw", ...) for
	// ErrTrapInstruction and ErrCannotSingleStep; empty otherwise.
	Insn string
	Err  error // one of the sentinel errors of this package
}

// Error formats the sentinel followed by the site, for example
// "trap: instruction must not be single-stepped: uprobe at 0x10000000, word
// 0x44000002 (sc)".
func (e *ProbeError) Error() string {
	s := fmt.Sprintf("%v: %s at %#x, word %#08x", e.Err, e.Probe, e.Addr, e.Word)
	if e.Insn != "" {
		s += " (" + e.Insn + ")"
	}
	if e.Err == ErrSuffix {
		s += fmt.Sprintf(", after prefix %#08x", e.Prev)
	}
	return s
}

// Unwrap returns the sentinel error.
func (e *ProbeError) Unwrap() error { return e.Err }

// Is reports that an ErrTrapInstruction refusal is also an
// ErrCannotSingleStep refusal, as it is in Linux. errors.Is calls it.
func (e *ProbeError) Is(target error) bool {
	return target == ErrCannotSingleStep && e.Err == ErrTrapInstruction
}

// Page sizes of Linux on ppc64, for Kprobe.PageSize.
const (
	PageSize4K  = 4 << 10
	PageSize64K = 64 << 10

	// DefaultPageSize is used when Kprobe.PageSize is 0: 64 KiB, the
	// page size of the common ppc64 and ppc64le distribution kernels
	// (CONFIG_PPC_64K_PAGES).
	DefaultPageSize = PageSize64K
)

// CanSingleStep reports whether Linux allows word to be single-stepped out of
// line by a uprobe or kprobe, with the kernel's can_single_step rules. Only
// the primary opcode and, for opcodes 19 and 31, the extended opcode in bits
// 21-30 are examined (bit 31 is ignored). It is false for:
//
//   - primary opcode 2 (tdi), 3 (twi) and 17 (sc, scv);
//   - opcode 19 with extended opcode 18 (rfid), 38 (rfmci), 39 (rfdi),
//     50 (rfi), 51 (rfci), 82 (rfscv), 274 (hrfid), 306 (urfid), 370 (stop),
//     402 (doze), 434 (nap), 466 (sleep) or 498 (rvwinkle);
//   - opcode 31 with extended opcode 4 (tw), 68 (td), 146 (mtmsr) or
//     178 (mtmsrd).
//
// It is true for everything else, including a prefix word (opcode 1), whose
// suffix is not looked at.
func CanSingleStep(word uint32) bool { return noStepName(word) == "" }

// Extended opcodes (bits 21-30) that CanSingleStep refuses.
var (
	noStep19 = map[uint32]string{
		18: "rfid", 38: "rfmci", 39: "rfdi", 50: "rfi", 51: "rfci",
		82: "rfscv", 274: "hrfid", 306: "urfid", 370: "stop",
		402: "doze", 434: "nap", 466: "sleep", 498: "rvwinkle",
	}
	noStep31 = map[uint32]string{
		xoTW: "tw", xoTD: "td", 146: "mtmsr", 178: "mtmsrd",
	}
)

// noStepName returns the mnemonic of an instruction CanSingleStep refuses,
// or "" if it may be stepped.
func noStepName(word uint32) string {
	xo := (word >> 1) & 0x3ff
	switch word >> 26 {
	case opcodeTDI:
		return "tdi"
	case opcodeTWI:
		return "twi"
	case 17:
		switch word & 3 {
		case 1:
			return "scv"
		case 0:
			return "sc/scv" // neither form; refused all the same
		default:
			return "sc"
		}
	case 19:
		return noStep19[xo]
	case opcode31:
		return noStep31[xo]
	}
	return ""
}

// Uprobe holds the configuration the Linux powerpc uprobe checks depend on.
// The zero value describes a POWER10 (Power ISA 3.1) kernel.
type Uprobe struct {
	// NoISA31 describes a CPU without Power ISA 3.1 (before POWER10).
	// Linux then skips the 64-byte boundary rule: opcode 1 is not a prefix
	// on such a CPU.
	NoISA31 bool
}

// Check reports whether Linux would accept a uprobe at addr, where word is
// the original instruction word (the prefix, for a prefixed instruction). It
// returns nil, or a *ProbeError wrapping, in the order Linux checks them:
//
//   - ErrMisaligned if addr is not a multiple of 4;
//   - ErrTrapInstruction if word is a trap (IsTrap);
//   - ErrPrefixBoundary if word is a prefix and addr&0x3f == 60, unless
//     NoISA31;
//   - ErrCannotSingleStep if !CanSingleStep(word).
//
// Linux does not check whether addr is the suffix of a prefixed instruction
// for uprobes; use Kprobe.Check for that rule.
func (u Uprobe) Check(addr uint64, word uint32) error {
	fail := func(err error, insn string) error {
		return &ProbeError{Probe: "uprobe", Addr: addr, Word: word, Insn: insn, Err: err}
	}
	if addr&3 != 0 {
		return fail(ErrMisaligned, "")
	}
	if in, ok := Classify(word); ok {
		return fail(ErrTrapInstruction, in.Op.String())
	}
	if !u.NoISA31 && decode.IsPrefix(word) && addr&0x3f == 60 {
		return fail(ErrPrefixBoundary, "")
	}
	if name := noStepName(word); name != "" {
		return fail(ErrCannotSingleStep, name)
	}
	return nil
}

// Kprobe holds the configuration the Linux powerpc kprobe checks depend on.
// The zero value uses DefaultPageSize.
type Kprobe struct {
	// PageSize is the kernel page size in bytes, 0 for DefaultPageSize.
	// Linux only looks at the previous word when the probe address is not
	// page-aligned (that word may be on an unmapped page).
	PageSize uint64
}

// Check reports whether Linux would accept a kprobe at addr, where word is
// the original instruction word and prev the original word at addr-4. If a
// probe is already armed at addr-4, pass the instruction it displaced, not
// the breakpoint: Linux refuses a probe after a probed prefix as well. prev is
// ignored when addr is page-aligned. Check returns nil, or a *ProbeError
// wrapping, in the order Linux checks them:
//
//   - ErrMisaligned if addr is not a multiple of 4;
//   - ErrTrapInstruction if word is a trap, or ErrCannotSingleStep if
//     CanSingleStep(word) is false for another reason;
//   - ErrSuffix if addr is not page-aligned and decode.IsPrefix(prev).
//
// Linux has no 64-byte boundary rule for kprobes.
func (k Kprobe) Check(addr uint64, word, prev uint32) error {
	fail := func(err error, insn string) error {
		return &ProbeError{Probe: "kprobe", Addr: addr, Word: word, Insn: insn, Err: err}
	}
	if addr&3 != 0 {
		return fail(ErrMisaligned, "")
	}
	if name := noStepName(word); name != "" {
		if IsTrap(word) {
			return fail(ErrTrapInstruction, name)
		}
		return fail(ErrCannotSingleStep, name)
	}
	page := k.PageSize
	if page == 0 {
		page = DefaultPageSize
	}
	if addr%page != 0 && decode.IsPrefix(prev) {
		e := fail(ErrSuffix, "").(*ProbeError)
		e.Prev = prev
		return e
	}
	return nil
}

// CheckUprobe is Uprobe{}.Check: the uprobe rules of a Power ISA 3.1 kernel.
func CheckUprobe(addr uint64, word uint32) error { return Uprobe{}.Check(addr, word) }

// CheckKprobe is Kprobe{}.Check: the kprobe rules with DefaultPageSize.
func CheckKprobe(addr uint64, word, prev uint32) error { return Kprobe{}.Check(addr, word, prev) }
