package decode

// Encoding returns the fixed bits of op's encoding, in ppc64asm's layout: a
// 64-bit number holding the instruction word in the high 32 bits and, for a
// prefixed op, the suffix word in the low 32 bits (0 otherwise).
//
// Every encoding x of op has x&mask == value. reserved is the mask of the
// reserved (/) fields, which a valid form has at zero (Inst.Invalid reports
// InvalidReservedBits otherwise); the bits in neither mask are the operand
// fields. ok is false when op is not a ppc64asm op.
//
// A word built as value | (r &^ mask &^ reserved) for any r decodes as op
// unless an op earlier in ppc64asm's table claims it first (cmp decodes as
// cmpw or cmpd, ori 0,0,0 as nop, so some ops never come out of the
// decoder); callers that need exactly op must decode and check.
func Encoding(op Op) (mask, value, reserved uint64, ok bool) {
	if op <= 0 || int(op) >= NumOps {
		return 0, 0, 0, false
	}
	info := &opTable[op]
	if info.Mask == 0 {
		return 0, 0, 0, false
	}
	return info.Mask, info.Value, info.Reserved, true
}

// BaseInst decodes op's base encoding: its fixed bits (Encoding's value)
// with every operand field zero. The result carries the op table's
// properties of op (Size, Flags, Class, …). ok is false when op is not a
// ppc64asm op or that word decodes as another op (cmp comes out as cmpw,
// ori 0,0,0 as nop): such an op is never decoded, so nothing executes it.
func BaseInst(op Op) (in Inst, ok bool) {
	_, value, _, ok := Encoding(op)
	if !ok {
		return Inst{}, false
	}
	// Uncached: the callers walk the whole op table (package inits of
	// the emulator and the trace checker, at every start), and each
	// cached decode would allocate an entry and take a slot of the
	// cache for a word no program runs.
	if err := DecodeWordTo(&in, uint32(value>>32), uint32(value)); err != nil || in.Op != op {
		return Inst{}, false
	}
	return in, true
}
