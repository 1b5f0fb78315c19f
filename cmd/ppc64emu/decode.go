package main

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/trap"
)

const decodeUsage = `Usage:
	ppc64emu decode [-be|-le] [-json] [-raw] WORD...
	ppc64emu decode [-be|-le] [-json] [-raw] -bytes HEX

Decodes powerpc64 instructions and prints one line for each: the encoding,
the instruction as GNU objdump -d prints it (extended mnemonics such as mr,
srdi, trap, beq cr1,…; -raw for the base ones), then
	op=NAME        the op (mnemonic without extended forms)
	class=CLASS    functional group (arith, load, trap, vsx, …)
	level=POWERn   ISA level that introduced the op (POWER8 = ISA 2.07 or older)
	flags=A,B      op and encoding flags (- if none)
	trap=KIND      for tw, td, twi, tdi: always, never or conditional,
	to=N           with the TO field
	invalid=WHY    only for encodings that are not valid forms:
	               reserved-bits, invalid-form
A word that does not decode gives a line "WORD  error: …".

A WORD is 8 hex digits with an optional 0x (e.g. 7c642a14), or
PREFIX:SUFFIX for a prefixed instruction (e.g. 04000000:e4640000). Words are
numbers: their byte order does not matter.

Flags:
	-bytes HEX  decode raw bytes in memory order (e.g. 0800e07f), one
	            instruction after the other, in the byte order chosen by
	            -be or -le (default -le); no WORD arguments are allowed
	-be         read -bytes as big-endian
	-le         read -bytes as little-endian (the default)
	-raw        write the text with the base mnemonics (or r3,r4,r4,
	            rldicl r9,r9,61,3, tw 31,r0,r0) instead of the extended
	            ones objdump -d prints by default (mr r3,r4, srdi r9,r9,3,
	            trap)
	-json       print one JSON object per instruction, with the fields
	            word, suffix (prefixed only), text, op, class, level,
	            flags, trap_kind and trap_to (traps only), invalid, or
	            word and error for a word that does not decode

Exit status: 0 if every instruction decoded (valid or not), 1 if one did
not, 2 for a usage error.

Example:
	$ ppc64emu decode 7fe00008
	7fe00008  trap  op=tw class=trap level=POWER8 flags=- trap=always to=31
`

// insnArg is one instruction given on the command line.
type insnArg struct {
	word, suffix uint32
	prefixed     bool // given as PREFIX:SUFFIX
}

// parseInsn parses a WORD: 8 hex digits (optional 0x) or PREFIX:SUFFIX.
// A prefix word without its suffix is accepted here; decoding reports it.
func parseInsn(s string) (insnArg, error) {
	var a insnArg
	w, suf, hasSuf := strings.Cut(s, ":")
	var err error
	if a.word, err = parseWord(w); err != nil {
		return a, err
	}
	if !hasSuf {
		return a, nil
	}
	if a.suffix, err = parseWord(suf); err != nil {
		return a, fmt.Errorf("suffix of %q: %w", s, err)
	}
	if !decode.IsPrefix(a.word) {
		return a, fmt.Errorf("%q: %08x is not a prefix word (primary opcode 1), so it takes no suffix", s, a.word)
	}
	a.prefixed = true
	return a, nil
}

func parseWord(s string) (uint32, error) {
	h := hexClean(s)
	if strings.Trim(h, "0123456789abcdefABCDEF") != "" {
		return 0, fmt.Errorf("instruction word %q: not hexadecimal", s)
	}
	if len(h) != 8 {
		return 0, fmt.Errorf("instruction word %q: want 8 hex digits (optional 0x), got %d", s, len(h))
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("instruction word %q: not hexadecimal", s)
	}
	return uint32(v), nil
}

// parseHexBytes parses bytes written as hex digits, ignoring white space,
// underscores and an optional 0x.
func parseHexBytes(s string) ([]byte, error) {
	clean := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '_' {
			return -1
		}
		return r
	}, hexClean(strings.TrimSpace(s)))
	if clean == "" {
		return nil, fmt.Errorf("no bytes in %q", s)
	}
	b, err := hex.DecodeString(clean)
	var bad hex.InvalidByteError
	switch {
	case errors.As(err, &bad):
		return nil, fmt.Errorf("%q: %q is not a hex digit", s, rune(bad))
	case err != nil:
		return nil, fmt.Errorf("%q: odd number of hex digits", s)
	}
	return b, nil
}

// decodeResult is the description of one instruction, also its JSON form.
type decodeResult struct {
	Offset   *int     `json:"offset,omitempty"` // -bytes: the byte offset of the instruction
	Word     string   `json:"word"`
	Suffix   string   `json:"suffix,omitempty"`
	Text     string   `json:"text,omitempty"`
	Op       string   `json:"op,omitempty"`
	Class    string   `json:"class,omitempty"`
	Level    string   `json:"level,omitempty"`
	Flags    []string `json:"flags,omitzero"`
	TrapKind string   `json:"trap_kind,omitempty"`
	TrapTO   *int     `json:"trap_to,omitempty"`
	Invalid  []string `json:"invalid,omitzero"`
	Error    string   `json:"error,omitempty"`

	err error
}

// encoding returns the WORD or PREFIX:SUFFIX form.
func (d *decodeResult) encoding() string {
	if d.Suffix != "" {
		return d.Word + ":" + d.Suffix
	}
	return d.Word
}

// invalidNames names the reasons an encoding is not valid.
func invalidNames(v decode.Invalid) []string {
	names := []string{}
	if v&decode.InvalidReservedBits != 0 {
		names = append(names, "reserved-bits")
	}
	if v&decode.InvalidForm != 0 {
		names = append(names, "invalid-form")
	}
	return names
}

// describe decodes one instruction.
func describe(word, suffix uint32, raw bool) decodeResult {
	d := decodeResult{Word: fmt.Sprintf("%08x", word)}
	prefix := decode.IsPrefix(word)
	if prefix {
		d.Suffix = fmt.Sprintf("%08x", suffix)
	}
	in, err := decode.DecodeWord(word, suffix)
	if err != nil {
		d.err = err
		d.Error = err.Error()
		return d
	}
	d.Text = in.String()
	if raw {
		d.Text = in.RawString()
	}
	d.Op = in.Op.String()
	d.Class = in.Class.String()
	d.Level = in.Level.String()
	d.Flags = in.Flags.Names()
	if d.Flags == nil {
		d.Flags = []string{}
	}
	d.Invalid = invalidNames(in.Invalid)
	if in.Class == decode.ClassTrap {
		if ti, ok := trap.Classify(in.Word); ok {
			d.TrapKind = ti.Kind.String()
			to := int(ti.TO)
			d.TrapTO = &to
		}
	}
	return d
}

// prefixAlone is the error for a prefix word given without its suffix. It
// wraps decode.ErrTruncated.
func prefixAlone(word uint32) error {
	return fmt.Errorf("%w: prefix word %08x needs its suffix (write PREFIX:SUFFIX)", decode.ErrTruncated, word)
}

func runDecode(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("decode")
	var order byteOrderFlags
	order.register(fs)
	jsonOut := fs.Bool("json", false, "JSON output")
	bytesHex := fs.String("bytes", "", "raw bytes in memory order")
	raw := fs.Bool("raw", false, "base mnemonics (or r3,r4,r4) instead of objdump's extended ones (mr r3,r4)")
	words, be, code, done := order.parse(fs, args, decodeUsage, stdout, stderr)
	if done {
		return code
	}
	bytesSet := false
	fs.Visit(func(f *flag.Flag) { bytesSet = bytesSet || f.Name == "bytes" })

	var results []decodeResult
	switch {
	case bytesSet && len(words) > 0:
		return usageError(stderr, fs.Name(), "-bytes takes no WORD arguments")
	case bytesSet:
		b, err := parseHexBytes(*bytesHex)
		if err != nil {
			return usageError(stderr, fs.Name(), "-bytes: %v", err)
		}
		results = describeBytes(b, be, *raw)
	case len(words) == 0:
		return usageError(stderr, fs.Name(), "no instruction words given")
	default:
		for _, w := range words {
			a, err := parseInsn(w)
			if err != nil {
				return usageError(stderr, fs.Name(), "%v", err)
			}
			if decode.IsPrefix(a.word) && !a.prefixed {
				err := prefixAlone(a.word)
				results = append(results, decodeResult{
					Word:  fmt.Sprintf("%08x", a.word),
					Error: err.Error(),
					err:   err,
				})
				continue
			}
			results = append(results, describe(a.word, a.suffix, *raw))
		}
	}

	code = exitOK
	for _, d := range results {
		if d.err != nil {
			code = exitFail
		}
	}
	if *jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		for _, d := range results {
			enc.Encode(d)
		}
		return code
	}
	writeDecodeText(stdout, results)
	return code
}

// describeBytes decodes b as a sequence of instructions.
func describeBytes(b []byte, bigEndian, raw bool) []decodeResult {
	var order binary.ByteOrder = binary.LittleEndian
	if bigEndian {
		order = binary.BigEndian
	}
	var out []decodeResult
	defer func() { // every result gets its offset into the bytes
		off := 0
		for i := range out {
			o := off
			out[i].Offset = &o
			off += 4
			if out[i].Suffix != "" {
				off += 4
			}
		}
	}()
	for len(b) > 0 {
		if len(b) < 4 {
			out = append(out, decodeResult{
				Word:  hex.EncodeToString(b),
				Error: fmt.Sprintf("%v: %d trailing bytes", decode.ErrTruncated, len(b)),
				err:   decode.ErrTruncated,
			})
			break
		}
		w := order.Uint32(b)
		if decode.IsPrefix(w) {
			if len(b) < 8 {
				err := fmt.Errorf("%w: prefix word %08x without its suffix", decode.ErrTruncated, w)
				out = append(out, decodeResult{
					Word:  fmt.Sprintf("%08x", w),
					Error: err.Error(),
					err:   err,
				})
				break
			}
			out = append(out, describe(w, order.Uint32(b[4:]), raw))
			b = b[8:]
			continue
		}
		out = append(out, describe(w, 0, raw))
		b = b[4:]
	}
	return out
}

// writeDecodeText prints results as aligned lines.
func writeDecodeText(w io.Writer, results []decodeResult) {
	encW, textW := 0, 0
	for _, d := range results {
		encW = max(encW, len(d.encoding()))
		if d.err == nil {
			textW = max(textW, len(d.Text))
		}
	}
	for _, d := range results {
		if d.Offset != nil {
			fmt.Fprintf(w, "%4x:  ", *d.Offset)
		}
		if d.err != nil {
			fmt.Fprintf(w, "%-*s  error: %s\n", encW, d.encoding(), d.Error)
			continue
		}
		flags := strings.Join(d.Flags, ",")
		if flags == "" {
			flags = "-"
		}
		line := fmt.Sprintf("%-*s  %-*s  op=%s class=%s level=%s flags=%s",
			encW, d.encoding(), textW, d.Text, d.Op, d.Class, d.Level, flags)
		if d.TrapKind != "" {
			line += fmt.Sprintf(" trap=%s to=%d", d.TrapKind, *d.TrapTO)
		}
		if len(d.Invalid) > 0 {
			line += " invalid=" + strings.Join(d.Invalid, ",")
		}
		fmt.Fprintln(w, line)
	}
}
