package decode

import (
	"errors"
	"fmt"
)

// ErrOperand reports an Encode call whose operands do not fit the op: a
// wrong count, a register number or immediate out of its field's range, a
// displacement that is not a multiple of its implied scale, or an op that is
// not a ppc64asm op.
var ErrOperand = errors.New("decode: operand does not fit the instruction")

// encMode says how Encode turns an operand value into its field bits.
type encMode uint8

const (
	encUnsigned encMode = iota // 0 ≤ v>>Shift < 2^bits
	encSigned                  // v>>Shift fits in bits as two's complement
	encPair                    // an even VSR number: v/2 < 2^bits
	encNegative                // a negative offset, -2^(bits+Shift) ≤ v < 0 (hashst/hashchk)
)

// encBits is one bit field of an operand: bits [Offs, Offs+Bits) of the
// instruction or prefix word (Word 0) or of the suffix (Word 1), counted from
// the most significant bit.
type encBits struct {
	Offs, Bits, Word uint8
}

// encField describes one operand field of ppc64asm's table: its kind, how
// its value is stored, the implied low zero bits (Shift) and its N bit
// fields, the first holding the most significant bits.
type encField struct {
	Kind   ArgKind
	Mode   encMode
	Shift  uint8
	N      uint8
	Fields [3]encBits
}

// Encode builds the instruction word (and, for a prefixed op, the suffix
// word; 0 otherwise) of op with the operands args, given as Decode returns
// them in Inst.Args and in the same order (ppc64asm's operand order, the
// order of the assembler syntax in the op's comment in optable.go):
// register numbers from 0 (a VSR pair by its even first register), SPR and
// TBR numbers as the ISA numbers them, displacements, immediates and branch
// offsets as byte values with their implied low zero bits (a DS offset a
// multiple of 4, a DQ offset of 16), negative values for signed fields.
// Encode splits each value across its bit fields (SPR halves, the TX/SX
// bit of a VSR, the 34-bit prefixed displacement across prefix and suffix);
// the op's reserved bits are zero.
//
// The result decodes with these operands but not always as op: a few ops
// are claimed by an earlier form of ppc64asm's table (see Encoding), and
// Decode may flag the form invalid (InvalidForm), as it would for the same
// bits assembled elsewhere.
//
// A wrong operand count, an out-of-range or misaligned value, or an op that
// is not a ppc64asm op gives an error that wraps ErrOperand.
func Encode(op Op, args ...int64) (word, suffix uint32, err error) {
	_, value, _, ok := Encoding(op)
	if !ok {
		return 0, 0, fmt.Errorf("%w: op %d is not a ppc64asm op", ErrOperand, op)
	}
	list := &encOps[op]
	n := 0
	for n < len(list) && list[n] != 0 {
		n++
	}
	if len(args) != n {
		return 0, 0, fmt.Errorf("%w: %v takes %d operands, got %d", ErrOperand, op, n, len(args))
	}
	x := value
	for i, v := range args {
		f := &encFields[list[i]]
		raw, ok := f.raw(v)
		if !ok {
			return 0, 0, fmt.Errorf("%w: operand %d of %v (%v) cannot be %d", ErrOperand, i+1, op, f.Kind, v)
		}
		x |= f.place(raw)
	}
	return uint32(x >> 32), uint32(x), nil
}

// raw returns the bits of f that hold v, and whether v fits.
func (f *encField) raw(v int64) (uint64, bool) {
	bits := uint(0)
	for _, b := range f.Fields[:f.N] {
		bits += uint(b.Bits)
	}
	if f.Mode == encPair {
		if v&1 != 0 {
			return 0, false
		}
		v >>= 1
	}
	if v&(1<<f.Shift-1) != 0 {
		return 0, false
	}
	v >>= f.Shift
	switch f.Mode {
	case encSigned:
		if v < -1<<(bits-1) || v >= 1<<(bits-1) {
			return 0, false
		}
	case encNegative:
		if v < -1<<bits || v >= 0 {
			return 0, false
		}
	default:
		if v < 0 || v >= 1<<bits {
			return 0, false
		}
	}
	return uint64(v) & (1<<bits - 1), true
}

// place spreads raw over f's bit fields, in the 64-bit layout of Encoding
// (word<<32 | suffix).
func (f *encField) place(raw uint64) uint64 {
	var x uint64
	rest := uint(0)
	for _, b := range f.Fields[:f.N] {
		rest += uint(b.Bits)
	}
	for _, b := range f.Fields[:f.N] {
		rest -= uint(b.Bits)
		v := raw >> rest & (1<<b.Bits - 1)
		pos := 32 - uint(b.Offs) - uint(b.Bits) // from the LSB of its word
		if b.Word == 0 {
			pos += 32
		}
		x |= v << pos
	}
	return x
}
