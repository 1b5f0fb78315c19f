package regs

// Lane accessors of a VSR. Elements are numbered as the Power ISA numbers
// them, from the most significant end of the register, whatever the byte
// order of the machine: byte 0 is ISA bits 0:7 (the top byte of Hi), word 3
// is bits 96:127 (the low word of Lo). Only storage accesses depend on
// MSR[LE]; the register view here never does.
//
// An index is taken modulo the number of lanes (i&15 for bytes, i&7 for
// halfwords, i&3 for words, i&1 for doublewords), so no index panics.

// Byte returns byte element i (0..15).
func (v VSR) Byte(i int) uint8 {
	i &= 15
	if i < 8 {
		return uint8(v.Hi >> (56 - 8*uint(i)))
	}
	return uint8(v.Lo >> (56 - 8*uint(i-8)))
}

// Half returns halfword element i (0..7).
func (v VSR) Half(i int) uint16 {
	i &= 7
	if i < 4 {
		return uint16(v.Hi >> (48 - 16*uint(i)))
	}
	return uint16(v.Lo >> (48 - 16*uint(i-4)))
}

// Word returns word element i (0..3).
func (v VSR) Word(i int) uint32 {
	i &= 3
	if i < 2 {
		return uint32(v.Hi >> (32 - 32*uint(i)))
	}
	return uint32(v.Lo >> (32 - 32*uint(i-2)))
}

// DW returns doubleword element i (0 is Hi, 1 is Lo).
func (v VSR) DW(i int) uint64 {
	if i&1 == 0 {
		return v.Hi
	}
	return v.Lo
}

// WithByte returns v with byte element i (0..15) replaced by x.
func (v VSR) WithByte(i int, x uint8) VSR {
	i &= 15
	if i < 8 {
		s := 56 - 8*uint(i)
		v.Hi = v.Hi&^(0xff<<s) | uint64(x)<<s
	} else {
		s := 56 - 8*uint(i-8)
		v.Lo = v.Lo&^(0xff<<s) | uint64(x)<<s
	}
	return v
}

// WithHalf returns v with halfword element i (0..7) replaced by x.
func (v VSR) WithHalf(i int, x uint16) VSR {
	i &= 7
	if i < 4 {
		s := 48 - 16*uint(i)
		v.Hi = v.Hi&^(0xffff<<s) | uint64(x)<<s
	} else {
		s := 48 - 16*uint(i-4)
		v.Lo = v.Lo&^(0xffff<<s) | uint64(x)<<s
	}
	return v
}

// WithWord returns v with word element i (0..3) replaced by x.
func (v VSR) WithWord(i int, x uint32) VSR {
	i &= 3
	if i < 2 {
		s := 32 - 32*uint(i)
		v.Hi = v.Hi&^(0xffffffff<<s) | uint64(x)<<s
	} else {
		s := 32 - 32*uint(i-2)
		v.Lo = v.Lo&^(0xffffffff<<s) | uint64(x)<<s
	}
	return v
}

// WithDW returns v with doubleword element i (0 is Hi, 1 is Lo) replaced by x.
func (v VSR) WithDW(i int, x uint64) VSR {
	if i&1 == 0 {
		v.Hi = x
	} else {
		v.Lo = x
	}
	return v
}
