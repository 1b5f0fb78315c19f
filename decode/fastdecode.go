package decode

// decFormat is one row of the generated decoder (dectable.go): an encoding x
// (word<<32 | suffix) is the row's op when x&Mask == Value; Args selects the
// operand extraction in decodeArgs.
type decFormat struct {
	Mask  uint64
	Value uint64
	Op    Op
	Args  uint16
}

// decNode switches on bits [Shift, Shift+Bits) of the encoding; its slots
// start at decSlots[Base].
type decNode struct {
	Shift uint8
	Bits  uint8
	Base  uint16
}

// decNodeBit marks a slot holding a node index; other slots start a leaf.
const decNodeBit = 0x8000

// matchFormat returns the index in decFormats of the row ppc64asm would
// choose for the encoding x (word<<32 | suffix, the suffix 0 for a word that
// is not a prefix), or 0 if none matches. It walks the generated decision
// tree from the primary opcode down to a leaf and tries the leaf's few rows
// in ppc64asm's order.
func matchFormat(x uint64) uint16 {
	n := &decNodes[0]
	for {
		v := decSlots[uint(n.Base)+uint(x>>n.Shift)&(1<<n.Bits-1)]
		if v&decNodeBit == 0 {
			for i := uint(v); i < uint(len(decLeaves)); i++ {
				f := decLeaves[i]
				if f == 0 {
					return 0
				}
				if x&decFormats[f].Mask == decFormats[f].Value {
					return f
				}
			}
			return 0
		}
		n = &decNodes[v&^decNodeBit]
	}
}

// decodeInto decodes word (and suffix, 0 unless word is a prefix) into in,
// which must be the zero Inst, and reports whether it is an instruction.
func decodeInto(in *Inst, word, suffix uint32) bool {
	f := matchFormat(uint64(word)<<32 | uint64(suffix))
	if f == 0 {
		return false
	}
	row := &decFormats[f]
	decodeArgs(in, row.Args, word, suffix)
	info := &opTable[row.Op]
	in.Op = row.Op
	in.Len = 4
	if IsPrefix(word) {
		in.Len = 8
	}
	in.Class = info.Class
	in.Level = info.Level
	in.Size = info.Size
	in.Flags = info.Flags
	in.Elem = info.Elem
	in.ElemTo = info.ElemTo
	in.Pairs = info.Pairs
	in.Word = word
	in.Suffix = suffix
	if (uint64(word)<<32|uint64(suffix))&info.Reserved != 0 {
		in.Invalid |= InvalidReservedBits
	}
	encodingFlags(in)
	in.Facility = resolveFacility(in, info.Facility)
	if invalidForm(in) {
		in.Invalid |= InvalidForm
	}
	return true
}
