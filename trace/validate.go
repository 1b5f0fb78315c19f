package trace

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ppc64emu/ppc64emu/decode"
)

// Validate checks what the format asks of a line beyond its syntax, so
// that a line built by hand is held to the same rules as a parsed one:
//
//   - the ID is non-empty printable text without spaces, '=' or '#';
//   - insn is 4 bytes, or 8 when its first word is a prefix (primary
//     opcode 1): a prefix without its suffix, or a suffix after a word that
//     is no prefix, is an error;
//   - every key is one the format knows, with a hex value of at most the
//     register's width, and names its register once (v3 and vs35 are one
//     register; f3 after vs3 sets doubleword 0 of it and is allowed);
//   - m@ overrides lie inside the scratch, each offset given once;
//   - a result has a known status, nip= unless it is skip or error, keys
//     of registers given once, m@ runs inside the scratch and c@ runs
//     inside the code page, none overlapping another.
//
// ParseLine calls it; Replay calls it too and reports a line that fails as
// Malformed instead of comparing it.
func (l *Line) Validate() error {
	if err := checkID(l.ID); err != nil {
		return err
	}
	switch {
	case l.Len == 4 && decode.IsPrefix(l.Word):
		return fmt.Errorf("%w: %s: insn=%08x is a prefix: write PREFIX:SUFFIX", ErrSyntax, l.ID, l.Word)
	case l.Len == 8 && !decode.IsPrefix(l.Word):
		return fmt.Errorf("%w: %s: insn=%08x:%08x: a suffix after a word that is not a prefix", ErrSyntax, l.ID, l.Word, l.Suffix)
	case l.Len != 4 && l.Len != 8:
		return fmt.Errorf("%w: %s: instruction length %d, want 4 or 8", ErrSyntax, l.ID, l.Len)
	}
	if err := checkAssigns(l.ID, l.Sets, true); err != nil {
		return err
	}
	for i, p := range l.Mem {
		if err := checkPatch(l.ID, "m@", p, 0, ScratchSize); err != nil {
			return err
		}
		for _, q := range l.Mem[:i] {
			if q.Off == p.Off {
				return fmt.Errorf("%w: %s: m@%04x given twice", ErrSyntax, l.ID, p.Off)
			}
		}
	}
	r := l.Result
	if r == nil {
		return nil
	}
	switch {
	case !r.Status.valid():
		return fmt.Errorf("%w: %s: unknown status %q", ErrSyntax, l.ID, r.Status)
	case r.Status != StatusSkip && r.Status != StatusError && !r.HasNIP:
		return fmt.Errorf("%w: %s: result st=%s without nip=", ErrSyntax, l.ID, r.Status)
	case strings.IndexFunc(r.Why, func(c rune) bool { return !unicode.IsPrint(c) || unicode.IsSpace(c) }) >= 0:
		return fmt.Errorf("%w: %s: reason %q is not printable text without spaces", ErrSyntax, l.ID, r.Why)
	}
	if err := checkAssigns(l.ID, r.Regs, false); err != nil {
		return err
	}
	if err := checkRuns(l.ID, "m@", r.Mem, 0, ScratchSize); err != nil {
		return err
	}
	return checkRuns(l.ID, "c@", r.CodeW, CodePage, CodePageSize)
}

// checkID: IDs are printable text without spaces, '=' or '#'.
func checkID(id string) error {
	if id == "" {
		return fmt.Errorf("%w: empty ID", ErrSyntax)
	}
	if !utf8.ValidString(id) || strings.ContainsAny(id, "=#") ||
		strings.IndexFunc(id, func(c rune) bool { return !unicode.IsPrint(c) || unicode.IsSpace(c) }) >= 0 {
		return fmt.Errorf("%w: ID %q: want printable text without spaces, '=' or '#'", ErrSyntax, id)
	}
	return nil
}

// regSlot numbers the registers for the once-each check: GPRs 0-31, VSRs
// 32-95, the FPR keys 96-127 (a partial write, apart from the VSR keys),
// then the scalar registers and mseed.
func regSlot(k string) (int, bool) {
	if k == "mseed" {
		return 128 + len(formatScalars), true
	}
	rn, ok := lookupReg(k)
	if !ok {
		return 0, false
	}
	switch rn.kind {
	case kGPR:
		return rn.n, true
	case kVSR:
		return 32 + rn.n, true
	case kFPR:
		return 96 + rn.n, true
	}
	return 128 + rn.n, true
}

// checkAssigns checks the keys and values of register assignments (and
// mseed, in a vector).
func checkAssigns(id string, as []Assign, vector bool) error {
	var seen [128 + len(formatScalars) + 1]bool
	for _, a := range as {
		slot, ok := regSlot(a.Key)
		if !ok || (!vector && a.Key == "mseed") {
			return fmt.Errorf("%w: %s: unknown key %q", ErrSyntax, id, a.Key)
		}
		if seen[slot] {
			return fmt.Errorf("%w: %s: %s: register given twice", ErrSyntax, id, a.Key)
		}
		seen[slot] = true
		if err := checkRegValue(a.Key, a.Value); err != nil {
			return fmt.Errorf("%w: %s: %v", ErrSyntax, id, err)
		}
	}
	return nil
}

// checkPatch checks that p is a non-empty run inside [base, base+size).
func checkPatch(id, prefix string, p Patch, base, size uint64) error {
	if len(p.Bytes) == 0 {
		return fmt.Errorf("%w: %s: %s%04x: no bytes", ErrSyntax, id, prefix, p.Off)
	}
	if p.Off < base || p.Off-base >= size || uint64(len(p.Bytes)) > size-(p.Off-base) {
		what := "scratch (offsets 0000-1fff)"
		if prefix == "c@" {
			what = fmt.Sprintf("code page (%08x-%08x)", uint64(CodePage), uint64(CodePage+CodePageSize-1))
		}
		return fmt.Errorf("%w: %s: %s%04x: %d bytes do not fit in the %s", ErrSyntax, id, prefix, p.Off, len(p.Bytes), what)
	}
	return nil
}

// checkRuns checks result runs: inside the region, none overlapping.
func checkRuns(id, prefix string, ps []Patch, base, size uint64) error {
	for i, p := range ps {
		if err := checkPatch(id, prefix, p, base, size); err != nil {
			return err
		}
		for _, q := range ps[:i] {
			if p.Off < q.Off+uint64(len(q.Bytes)) && q.Off < p.Off+uint64(len(p.Bytes)) {
				return fmt.Errorf("%w: %s: %s%04x overlaps %s%04x", ErrSyntax, id, prefix, p.Off, prefix, q.Off)
			}
		}
	}
	return nil
}
