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
func (v VSR) Byte(i int) uint8 { return uint8(v.lane(i&15, 8)) }

// Half returns halfword element i (0..7).
func (v VSR) Half(i int) uint16 { return uint16(v.lane(i&7, 16)) }

// Word returns word element i (0..3).
func (v VSR) Word(i int) uint32 { return uint32(v.lane(i&3, 32)) }

// DW returns doubleword element i (0 is Hi, 1 is Lo).
func (v VSR) DW(i int) uint64 {
	if i&1 == 0 {
		return v.Hi
	}
	return v.Lo
}

// WithByte returns v with byte element i (0..15) replaced by x.
func (v VSR) WithByte(i int, x uint8) VSR { return v.withLane(i&15, 8, uint64(x)) }

// WithHalf returns v with halfword element i (0..7) replaced by x.
func (v VSR) WithHalf(i int, x uint16) VSR { return v.withLane(i&7, 16, uint64(x)) }

// WithWord returns v with word element i (0..3) replaced by x.
func (v VSR) WithWord(i int, x uint32) VSR { return v.withLane(i&3, 32, uint64(x)) }

// WithDW returns v with doubleword element i (0 is Hi, 1 is Lo) replaced by x.
func (v VSR) WithDW(i int, x uint64) VSR {
	if i&1 == 0 {
		v.Hi = x
	} else {
		v.Lo = x
	}
	return v
}

// lane returns element i (in range) of the lanes width bits wide (8, 16 or
// 32), counted from the top of Hi.
func (v VSR) lane(i int, width uint) uint64 {
	d, per := v.Hi, 64/int(width)
	if i >= per {
		d, i = v.Lo, i-per
	}
	return d >> (64 - width*uint(i+1))
}

// withLane returns v with element i (in range) of the lanes width bits
// wide (8, 16 or 32) replaced by x, which is below 1<<width.
func (v VSR) withLane(i int, width uint, x uint64) VSR {
	d, per := &v.Hi, 64/int(width)
	if i >= per {
		d, i = &v.Lo, i-per
	}
	s := 64 - width*uint(i+1)
	*d = *d&^((1<<width-1)<<s) | x<<s
	return v
}
