// Package decode turns 4- and 8-byte powerpc64 instructions into a flat,
// pre-resolved Inst, with the instruction set of
// golang.org/x/arch/ppc64/ppc64asm.
//
// Decoding uses a decoder generated from ppc64asm's instruction table
// (dectable.go, built by decode/internal/dectree): a decision tree indexed by
// the primary opcode and then the extended-opcode fields, which makes
// exactly ppc64asm's choice of op and operands without its linear search and
// without allocating. ppc64asm stays the reference the tests compare with and
// the printer of Inst.String. Results are also kept in a bounded, lock-free
// cache, from a word's second sight on (Lookup caches at once), so a word
// seen before costs a few nanoseconds and a first-seen one no allocation. The quirks
// of ppc64asm are absorbed here once: register numbers start at 0, absolute
// branch targets are sign-extended, the all-zero word is an unknown
// instruction, and errors are exported sentinels usable with errors.Is.
//
// Every op is classified by a generated table (optable.go): class, flags,
// memory access size and the ISA level that introduced it. Decode also records
// what ppc64asm does not check: reserved bits set in the word and the ISA's
// invalid forms (see Inst.Invalid). It does not refuse such words; the
// emulator's implementation profile decides what they do.
//
// Encode goes the other way: from an op and its operands, in the same
// conventions as Inst.Args, to the instruction word, through operand-field
// tables generated with dectable.go. Tests build their words with it (in
// emulate, the enc helper) rather than with opcode numbers of their own.
package decode

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync/atomic"

	"golang.org/x/arch/ppc64/ppc64asm"
)

// Op is a ppc64asm op. Op numbers change between x/arch versions: persist
// Op.String(), never the number.
type Op = ppc64asm.Op

// NumOps is one more than the largest op number: a table indexed by Op needs
// NumOps entries.
const NumOps = int(numOps)

// Sentinel errors. Decode wraps them with detail; test with errors.Is.
var (
	// ErrTruncated: fewer than 4 bytes, or a prefix word without its suffix.
	ErrTruncated = errors.New("decode: truncated instruction")
	// ErrUnknown: the word (or prefix:suffix pair) is not an instruction.
	ErrUnknown = errors.New("decode: unknown instruction")
	// ErrInvalidForm: the encoding is an ISA invalid form of its op.
	ErrInvalidForm = errors.New("decode: invalid instruction form")
	// ErrReservedBits: a reserved field of the encoding is non-zero.
	ErrReservedBits = errors.New("decode: reserved bits set")
	// ErrPrefixBoundary: a prefixed instruction crosses a 64-byte boundary.
	ErrPrefixBoundary = errors.New("decode: prefixed instruction crosses a 64-byte boundary")
	// ErrLevel: the op is newer than the configured ISA level.
	ErrLevel = errors.New("decode: instruction not in the configured ISA level")
)

// ArgKind says what an operand of Inst is.
type ArgKind uint8

// Operand kinds. The value in Inst.Args is the register number (0-based), the
// CR bit (0..31) or field (0..7), the SPR number, or the immediate, offset or
// branch displacement as a signed 64-bit value.
const (
	ArgNone    ArgKind = iota
	ArgGPR             // general-purpose register 0..31
	ArgFPR             // floating-point register 0..31
	ArgVR              // vector register 0..31
	ArgVSR             // VSX register 0..63 (for pairs, the even first register)
	ArgACC             // MMA accumulator 0..7
	ArgCRBit           // CR bit 0..31
	ArgCRField         // CR field 0..7
	ArgSPR             // SPR or TBR number
	ArgImm             // immediate (signed or unsigned as the op defines)
	ArgOffset          // memory displacement (D, DS, DQ, or the 34-bit prefixed D)
	ArgPCRel           // branch displacement relative to the instruction address
	ArgLabel           // absolute branch target (sign-extended)
)

// Inst is a decoded instruction: a flat value with plain integer fields.
// Args are in the order of the Power ISA manual's assembler syntax (the order
// ppc64asm uses), e.g. add RT,RA,RB; ld RT,DS(RA) as RT, DS, RA.
type Inst struct {
	Op      Op      // the ppc64asm op
	Len     uint8   // 4, or 8 for a prefixed instruction
	NArgs   uint8   // number of valid entries in Args
	Class   Class   // functional group
	Level   Level   // ISA level that introduced the op
	Size    uint8   // memory access size in bytes (0 if none or variable)
	Invalid Invalid // reasons this encoding is not a valid form (0 if valid)
	// Facility is what the instruction needs enabled in the MSR (FacFP,
	// FacVEC, FacVSX; 0 for none), resolved for this encoding.
	Facility Facility
	// Elem is the element (lane) size in bytes of a vector or VSX op, as
	// its ISA name gives it (vaddubm 1, xvadddp 8, lxvw4x 4); 0 when the
	// op has none or several (conversions between formats). For a
	// widening op (multiply even/odd, unpack, sum across) it is the
	// source's element.
	Elem uint8
	// ElemTo is the result's element size where the op names it apart
	// from Elem's: the sign extensions vexts* (vextsb2w: Elem 1, ElemTo
	// 4); 0 for every other op.
	ElemTo uint8
	// Pairs is the set of operands that are even-odd register pairs (bit
	// i: Args[i]; FRTp, RTp, XTp, XAp, … in the ISA's syntax): DFP
	// Extended operands, quadword GPR pairs, VSR pairs. An odd register
	// number there is an invalid form (Invalid).
	Pairs  uint8
	Flags  Flags      // op flags plus per-encoding flags
	Word   uint32     // the instruction word (the prefix word if Len == 8)
	Suffix uint32     // the suffix word of a prefixed instruction, else 0
	Kinds  [6]ArgKind // the kind of each operand; the first NArgs are valid, the rest ArgNone
	Args   [6]int64   // operand values, in assembler order, as their Kinds say
}

// Bits of the instruction word at the positions of the Rc and OE fields.
// Most ops have them as decoded flags (FlagRc, FlagOE: a separate op per
// value); these name them where a form leaves the bit reserved and the
// profile decides what it does (addex with bit 31 set, mulhw with OE=1).
const (
	WordRc uint32 = 1       // ISA bit 31: Rc in X, XO, XS, … forms
	WordOE uint32 = 1 << 10 // ISA bit 21: OE in XO forms
)

// IsPrefix reports whether word is the prefix word of a prefixed (8-byte)
// instruction: primary opcode 1 (Power ISA 3.1). Before ISA 3.1 (POWER10)
// opcode 1 is not a valid instruction at all. This is the one place that
// knows the prefix opcode: callers that split a byte stream into
// instructions ask here.
func IsPrefix(word uint32) bool { return word>>26 == 1 }

// Prefixed reports whether the instruction is an 8-byte prefixed one.
func (in *Inst) Prefixed() bool { return in.Len == 8 }

// Has reports whether all flags in f are set.
func (in *Inst) Has(f Flags) bool { return in.Flags&f == f }

// Bytes returns the instruction's encoding in the given byte order.
func (in *Inst) Bytes(order binary.ByteOrder) []byte {
	b := in.bytes(order)
	return b[:in.Len:in.Len]
}

func (in *Inst) bytes(order binary.ByteOrder) [8]byte {
	var b [8]byte
	order.PutUint32(b[0:], in.Word)
	order.PutUint32(b[4:], in.Suffix)
	return b
}

// Err returns nil for a valid encoding, or an error wrapping ErrInvalidForm
// or ErrReservedBits (invalid forms take precedence) naming the op.
func (in *Inst) Err() error {
	switch {
	case in.Invalid&InvalidForm != 0:
		return &FormError{Op: in.Op, Word: in.Word, Suffix: in.Suffix, Err: ErrInvalidForm}
	case in.Invalid&InvalidReservedBits != 0:
		return &FormError{Op: in.Op, Word: in.Word, Suffix: in.Suffix, Err: ErrReservedBits}
	}
	return nil
}

// CrossesBoundary reports whether the instruction, placed at addr, is a
// prefixed instruction whose suffix lies in the next 64-byte block. The ISA
// makes that an alignment interrupt.
func (in *Inst) CrossesBoundary(addr uint64) bool {
	return in.Len == 8 && addr&63 == 60
}

// FormError describes an encoding that decodes but is not a valid form.
type FormError struct {
	Op     Op     // the op the word decoded as
	Word   uint32 // the instruction word (the prefix word of a prefixed instruction)
	Suffix uint32 // the suffix word of a prefixed instruction, else 0
	Err    error  // ErrInvalidForm or ErrReservedBits
}

func (e *FormError) Error() string {
	return fmt.Sprintf("%v: %s (%s)", e.Err, e.Op, encString(e.Word, e.Suffix))
}

// Unwrap returns the sentinel.
func (e *FormError) Unwrap() error { return e.Err }

// DecodeError describes a word that does not decode.
type DecodeError struct {
	Word   uint32 // the word that did not decode (the prefix word for a prefixed pair)
	Suffix uint32 // the suffix word when Len is 8, else 0
	Len    int    // bytes examined: 4, or 8 for a prefixed pair
	Err    error  // ErrUnknown or ErrTruncated
}

func (e *DecodeError) Error() string {
	if e.Err == ErrTruncated && e.Len == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("%v: %s", e.Err, encString(e.Word, e.Suffix))
}

// Unwrap returns the sentinel.
func (e *DecodeError) Unwrap() error { return e.Err }

func encString(word, suffix uint32) string {
	if IsPrefix(word) {
		return fmt.Sprintf("%08x:%08x", word, suffix)
	}
	return fmt.Sprintf("%08x", word)
}

var errShortRead = &DecodeError{Err: ErrTruncated}

// Decode decodes the instruction at the start of src, read in the given byte
// order. A prefixed instruction needs 8 bytes. Decode never panics; it returns
// an error wrapping ErrTruncated or ErrUnknown for bytes that are not an
// instruction, with an Inst that holds only the word (and suffix), so that
// String shows it as ".long 0x<word>". Words with reserved bits set or in an invalid form decode
// successfully, with Inst.Invalid saying why they are not valid.
func Decode(src []byte, order binary.ByteOrder) (Inst, error) {
	if len(src) < 4 {
		return Inst{}, errShortRead
	}
	w := order.Uint32(src)
	var s uint32
	if IsPrefix(w) {
		if len(src) < 8 {
			return Inst{Word: w}, &DecodeError{Word: w, Len: 4, Err: ErrTruncated}
		}
		s = order.Uint32(src[4:])
	}
	var scratch Inst
	in, err := LookupTo(&scratch, w, s)
	return *in, err
}

// DecodeWord decodes an instruction given as numbers: the word and, for a
// prefixed instruction (primary opcode 1), its suffix. suffix is ignored for
// a word that is not a prefix.
func DecodeWord(word, suffix uint32) (Inst, error) {
	if !IsPrefix(word) {
		suffix = 0
	}
	var scratch Inst
	in, err := LookupTo(&scratch, word, suffix)
	return *in, err
}

// Lookup is DecodeWord for hot paths: it returns a pointer to the cached
// result, which the caller must not modify.
func Lookup(word, suffix uint32) (*Inst, error) {
	if !IsPrefix(word) {
		suffix = 0
	}
	e := lookup(word, suffix)
	return &e.inst, e.err
}

// The cache: direct-mapped, lock-free, bounded. The 8192 slots (192 KiB)
// stay in a core's L2 cache: with 65536 slots, cold
// straight-line code ran several times slower (misses on the slot array and
// GC scanning the entries), and the runner keeps its own per-page cache of
// decoded instructions for large programs. Each slot holds a pointer to
// an immutable entry and, as a hint read before following the pointer, the
// entry's key; a miss decodes and publishes a new entry. Races only cost a
// redundant decode.
const cacheBits = 13

type entry struct {
	key  uint64
	inst Inst
	err  error
}

type cacheSlot struct {
	key  atomic.Uint64 // the key of e, stored after e (a hint: e.key decides)
	seen atomic.Uint64 // LookupTo: the last key decoded here without caching it
	e    atomic.Pointer[entry]
}

var cache [1 << cacheBits]cacheSlot

func slot(key uint64) *cacheSlot {
	h := key * 0x9e3779b97f4a7c15
	return &cache[h>>(64-cacheBits)]
}

// cached returns the slot's entry if it holds key, else nil.
func (s *cacheSlot) cached(key uint64) *entry {
	if s.key.Load() != key {
		return nil
	}
	if e := s.e.Load(); e != nil && e.key == key {
		return e
	}
	return nil
}

func (s *cacheSlot) publish(key uint64, word, suffix uint32) *entry {
	e := &entry{key: key}
	e.inst, e.err = decodeUncached(word, suffix)
	s.e.Store(e)
	s.key.Store(key)
	return e
}

func lookup(word, suffix uint32) *entry {
	key := uint64(word)<<32 | uint64(suffix)
	s := slot(key)
	if e := s.cached(key); e != nil {
		return e
	}
	return s.publish(key, word, suffix)
}

// LookupTo is Lookup for a caller that owns a scratch Inst and uses the
// result only until its next call with that scratch (a step loop): a word
// in the cache is returned from it; a word seen for the first time is
// decoded into *scratch without allocating, and is only cached, with one
// allocation, when it is seen again. Straight-line code that runs once
// thus costs no allocation and does not evict the cached loops. The caller
// must not modify the result. suffix is ignored for a word that is not a
// prefix.
func LookupTo(scratch *Inst, word, suffix uint32) (*Inst, error) {
	if !IsPrefix(word) {
		suffix = 0
	}
	key := uint64(word)<<32 | uint64(suffix)
	s := slot(key)
	if e := s.cached(key); e != nil {
		return &e.inst, e.err
	}
	if s.seen.Load() != key {
		*scratch = Inst{}
		if decodeInto(scratch, word, suffix) {
			s.seen.Store(key)
			return scratch, nil
		}
	}
	e := s.publish(key, word, suffix)
	return &e.inst, e.err
}

func decodeUncached(word, suffix uint32) (Inst, error) {
	var in Inst
	if !decodeInto(&in, word, suffix) {
		// Only the encoding: String shows it as .long.
		return Inst{Word: word, Suffix: suffix}, unknownError(word, suffix)
	}
	return in, nil
}

func unknownError(word, suffix uint32) error {
	n := 4
	if IsPrefix(word) {
		n = 8
	}
	return &DecodeError{Word: word, Suffix: suffix, Len: n, Err: ErrUnknown}
}

// DecodeWordTo is DecodeWord without the cache: it decodes into *in, which
// the caller owns (a per-page table of instructions, a scratch Inst), and
// allocates nothing when the word is an instruction. On error *in holds
// only the word and suffix, as Decode's result does.
func DecodeWordTo(in *Inst, word, suffix uint32) error {
	if !IsPrefix(word) {
		suffix = 0
	}
	*in = Inst{}
	if !decodeInto(in, word, suffix) {
		*in = Inst{Word: word, Suffix: suffix}
		return unknownError(word, suffix)
	}
	return nil
}
