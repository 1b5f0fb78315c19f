// Package amd64 is a small x86-64 instruction encoder: the forms the
// emulator's native engine (emulate, -engine native) emits, and nothing
// more. It is plain Go and builds everywhere; only running its output
// needs an amd64 host (internal/jit).
//
// Every method appends one instruction's bytes to Asm.Buf. Memory operands
// are [Base + Index + Disp] (scale 1, Index optional). Widths are 8, 16,
// 32 or 64 bits; a 32-bit result written to a register zero-extends into
// the upper half, as the hardware does.
package amd64

// Reg is a general-purpose register by its encoding number.
type Reg uint8

// The general-purpose registers.
const (
	RAX Reg = iota
	RCX
	RDX
	RBX
	RSP
	RBP
	RSI
	RDI
	R8
	R9
	R10
	R11
	R12
	R13
	R14
	R15
)

// NoReg marks a Mem without an index register.
const NoReg Reg = 0xff

// RIP, as a Mem's Base (RIPRel), makes the operand [RIP + Disp]: Disp
// counts from the end of the instruction.
const RIP Reg = 0x10

// Mem is the memory operand [Base + Index + Disp] (Index: NoReg for none).
type Mem struct {
	Base, Index Reg
	Disp        int32
}

// M is [base + disp].
func M(base Reg, disp int32) Mem { return Mem{Base: base, Index: NoReg, Disp: disp} }

// MI is [base + index + disp].
func MI(base, index Reg, disp int32) Mem { return Mem{Base: base, Index: index, Disp: disp} }

// RIPRel is [RIP + disp], disp counted from the end of the instruction
// (which is the end of the displacement for the forms without an
// immediate: Load, OpMem, JmpMem). It takes no Index.
func RIPRel(disp int32) Mem { return Mem{Base: RIP, Index: NoReg, Disp: disp} }

// Cond is a condition code, as Jcc, SETcc and CMOVcc encode it.
type Cond uint8

// Condition codes.
const (
	CondB  Cond = 0x2 // below (unsigned <)
	CondAE Cond = 0x3 // above or equal (unsigned >=)
	CondE  Cond = 0x4 // equal
	CondNE Cond = 0x5 // not equal
	CondBE Cond = 0x6 // below or equal (unsigned <=)
	CondA  Cond = 0x7 // above (unsigned >)
	CondS  Cond = 0x8 // sign
	CondNS Cond = 0x9 // no sign
	CondP  Cond = 0xa // parity (an unordered UCOMISD)
	CondL  Cond = 0xc // less (signed <)
	CondGE Cond = 0xd // greater or equal (signed >=)
	CondLE Cond = 0xe // less or equal (signed <=)
	CondG  Cond = 0xf // greater (signed >)
)

// ALU is a two-operand arithmetic or logical operation: its /digit in
// the 0x81 group (the register forms are digit*8 + 1 and + 3).
type ALU uint8

// The ALU operations.
const (
	ADD ALU = 0
	OR  ALU = 1
	ADC ALU = 2 // with the carry flag
	AND ALU = 4
	SUB ALU = 5
	XOR ALU = 6
	CMP ALU = 7
)

// Shift is a rotate or shift: its /digit in the 0xC1 and 0xD3 groups.
type Shift uint8

// The shifts.
const (
	ROL Shift = 0
	ROR Shift = 1
	SHL Shift = 4
	SHR Shift = 5
	SAR Shift = 7
)

// Asm accumulates encoded instructions.
type Asm struct {
	Buf []byte
}

// Len is the number of bytes encoded so far (the next instruction's
// offset).
func (a *Asm) Len() int { return len(a.Buf) }

func (a *Asm) b(v ...byte) { a.Buf = append(a.Buf, v...) }

func (a *Asm) u32(v uint32) { a.b(byte(v), byte(v>>8), byte(v>>16), byte(v>>24)) }

// rex emits a REX prefix when one is needed: w (64-bit operand), the
// extension bits of reg, index and base, or force (an 8-bit operand in
// SPL, BPL, SIL or DIL).
func (a *Asm) rex(w bool, reg, index, base Reg, force bool) {
	v := byte(0x40)
	if w {
		v |= 8
	}
	if reg != NoReg && reg&8 != 0 {
		v |= 4
	}
	if index != NoReg && index&8 != 0 {
		v |= 2
	}
	if base != NoReg && base&8 != 0 {
		v |= 1
	}
	if v != 0x40 || force {
		a.b(v)
	}
}

// modrmReg emits the ModRM byte of a register-direct operand.
func (a *Asm) modrmReg(reg byte, rm Reg) { a.b(0xc0 | reg&7<<3 | byte(rm)&7) }

// modrmMem emits the ModRM byte (and SIB, displacement) of m.
func (a *Asm) modrmMem(reg byte, m Mem) {
	if m.Base == RIP {
		a.b(reg&7<<3 | 5)
		a.u32(uint32(m.Disp))
		return
	}
	var mod byte
	switch {
	case m.Disp == 0 && m.Base&7 != 5:
		mod = 0
	case m.Disp >= -128 && m.Disp <= 127:
		mod = 1
	default:
		mod = 2
	}
	if m.Index != NoReg || m.Base&7 == 4 {
		idx := byte(4) // none
		if m.Index != NoReg {
			idx = byte(m.Index) & 7
		}
		a.b(mod<<6|reg&7<<3|4, idx<<3|byte(m.Base)&7)
	} else {
		a.b(mod<<6 | reg&7<<3 | byte(m.Base)&7)
	}
	switch mod {
	case 1:
		a.b(byte(m.Disp))
	case 2:
		a.u32(uint32(m.Disp))
	}
}

// opMem emits prefix-free opcode bytes op with reg and memory operand m.
func (a *Asm) opMem(w bool, op []byte, reg Reg, m Mem) {
	a.rex(w, reg, m.Index, m.Base, false)
	a.b(op...)
	a.modrmMem(byte(reg), m)
}

// opReg emits opcode bytes op with reg (or a /digit) and register rm.
func (a *Asm) opReg(w bool, op []byte, reg byte, rm Reg, force bool) {
	a.rex(w, Reg(reg), NoReg, rm, force)
	a.b(op...)
	a.modrmReg(reg, rm)
}

// Load is dst = the width bits at m, zero-extended (MOV, MOVZX).
func (a *Asm) Load(width int, dst Reg, m Mem) {
	switch width {
	case 8:
		a.opMem(false, []byte{0x0f, 0xb6}, dst, m)
	case 16:
		a.opMem(false, []byte{0x0f, 0xb7}, dst, m)
	case 32:
		a.opMem(false, []byte{0x8b}, dst, m)
	default:
		a.opMem(true, []byte{0x8b}, dst, m)
	}
}

// LoadSX32 is dst = the 32 bits at m, sign-extended (MOVSXD).
func (a *Asm) LoadSX32(dst Reg, m Mem) { a.opMem(true, []byte{0x63}, dst, m) }

// Store is the width bits at m = src's low bits (MOV).
func (a *Asm) Store(width int, m Mem, src Reg) {
	switch width {
	case 8:
		a.rex(false, src, m.Index, m.Base, src >= 4 && src < 8)
		a.b(0x88)
		a.modrmMem(byte(src), m)
	case 16:
		a.b(0x66)
		a.opMem(false, []byte{0x89}, src, m)
	case 32:
		a.opMem(false, []byte{0x89}, src, m)
	default:
		a.opMem(true, []byte{0x89}, src, m)
	}
}

// StoreImm32 is the 64 bits at m = v sign-extended (MOV r/m64, imm32).
func (a *Asm) StoreImm32(m Mem, v int32) {
	a.opMem(true, []byte{0xc7}, 0, m)
	a.u32(uint32(v))
}

// Mov is dst = src (64 bits).
func (a *Asm) Mov(dst, src Reg) { a.opReg(true, []byte{0x89}, byte(src), dst, false) }

// MovImm is dst = v, in the shortest form: MOV r32, imm32 (zero-extended),
// MOV r/m64, imm32 (sign-extended) or MOV r64, imm64.
func (a *Asm) MovImm(dst Reg, v uint64) {
	switch {
	case v <= 0xffffffff:
		a.rex(false, NoReg, NoReg, dst, false)
		a.b(0xb8 + byte(dst)&7)
		a.u32(uint32(v))
	case int64(v) == int64(int32(v)):
		a.opReg(true, []byte{0xc7}, 0, dst, false)
		a.u32(uint32(v))
	default:
		a.rex(true, NoReg, NoReg, dst, false)
		a.b(0xb8 + byte(dst)&7)
		a.u32(uint32(v))
		a.u32(uint32(v >> 32))
	}
}

// FitsImm32 reports whether v is an imm32 of a 64-bit operation
// (sign-extended to v).
func FitsImm32(v uint64) bool { return int64(v) == int64(int32(v)) }

// Op is dst = dst op src (64 bits; CMP sets the flags only).
func (a *Asm) Op(op ALU, dst, src Reg) { a.opReg(true, []byte{byte(op)<<3 | 1}, byte(src), dst, false) }

// Op32 is Op on the low 32 bits (the result zero-extends).
func (a *Asm) Op32(op ALU, dst, src Reg) {
	a.opReg(false, []byte{byte(op)<<3 | 1}, byte(src), dst, false)
}

// OpMem is dst = dst op the 64 bits at m.
func (a *Asm) OpMem(op ALU, dst Reg, m Mem) { a.opMem(true, []byte{byte(op)<<3 | 3}, dst, m) }

// OpImm is dst = dst op v, v sign-extended from 32 bits (FitsImm32).
func (a *Asm) OpImm(op ALU, dst Reg, v int32) {
	if v >= -128 && v <= 127 {
		a.opReg(true, []byte{0x83}, byte(op), dst, false)
		a.b(byte(v))
		return
	}
	a.opReg(true, []byte{0x81}, byte(op), dst, false)
	a.u32(uint32(v))
}

// OpImm32 is OpImm on the low 32 bits (the result zero-extends).
func (a *Asm) OpImm32(op ALU, dst Reg, v uint32) {
	a.opReg(false, []byte{0x81}, byte(op), dst, false)
	a.u32(v)
}

// Imul is dst = dst * src (64 bits, the low half of the product).
func (a *Asm) Imul(dst, src Reg) { a.opReg(true, []byte{0x0f, 0xaf}, byte(dst), src, false) }

// ShiftImm is dst = dst shifted or rotated by n (width 32 or 64).
func (a *Asm) ShiftImm(width int, s Shift, dst Reg, n uint8) {
	a.opReg(width == 64, []byte{0xc1}, byte(s), dst, false)
	a.b(n)
}

// ShiftCL is dst = dst shifted or rotated by CL (width 32 or 64; the
// hardware masks the count to 5 or 6 bits).
func (a *Asm) ShiftCL(width int, s Shift, dst Reg) {
	a.opReg(width == 64, []byte{0xd3}, byte(s), dst, false)
}

// Neg is dst = -dst.
func (a *Asm) Neg(dst Reg) { a.opReg(true, []byte{0xf7}, 3, dst, false) }

// Not is dst = ^dst.
func (a *Asm) Not(dst Reg) { a.opReg(true, []byte{0xf7}, 2, dst, false) }

// Bswap reverses the bytes of dst's low width bits (32 or 64).
func (a *Asm) Bswap(width int, dst Reg) {
	a.rex(width == 64, NoReg, NoReg, dst, false)
	a.b(0x0f, 0xc8+byte(dst)&7)
}

// Movsx is dst = src's low width bits (8, 16 or 32) sign-extended to 64.
func (a *Asm) Movsx(width int, dst, src Reg) {
	switch width {
	case 8:
		a.opReg(true, []byte{0x0f, 0xbe}, byte(dst), src, false)
	case 16:
		a.opReg(true, []byte{0x0f, 0xbf}, byte(dst), src, false)
	default:
		a.opReg(true, []byte{0x63}, byte(dst), src, false)
	}
}

// Cmov is dst = src if c holds (64 bits).
func (a *Asm) Cmov(c Cond, dst, src Reg) {
	a.opReg(true, []byte{0x0f, 0x40 + byte(c)}, byte(dst), src, false)
}

// Setcc is dst's low byte = 1 if c holds, else 0.
func (a *Asm) Setcc(c Cond, dst Reg) {
	a.opReg(false, []byte{0x0f, 0x90 + byte(c)}, 0, dst, dst >= 4 && dst < 8)
}

// Jcc is a jump to a later-patched target if c holds: it returns the
// offset of its rel32 field, for Patch.
func (a *Asm) Jcc(c Cond) int {
	a.b(0x0f, 0x80+byte(c))
	a.u32(0)
	return len(a.Buf) - 4
}

// Jmp is an unconditional jump: the offset of its rel32 field, for Patch.
func (a *Asm) Jmp() int {
	a.b(0xe9)
	a.u32(0)
	return len(a.Buf) - 4
}

// JmpMem is an indirect jump to the address held at m.
func (a *Asm) JmpMem(m Mem) { a.opMem(false, []byte{0xff}, 4, m) }

// Test sets the flags from dst & src (64 bits).
func (a *Asm) Test(dst, src Reg) { a.opReg(true, []byte{0x85}, byte(src), dst, false) }

// Patch points the rel32 field at off (from Jcc or Jmp) at target, an
// offset in Buf.
func (a *Asm) Patch(off, target int) {
	rel := uint32(int32(target - (off + 4)))
	a.Buf[off], a.Buf[off+1], a.Buf[off+2], a.Buf[off+3] = byte(rel), byte(rel>>8), byte(rel>>16), byte(rel>>24)
}

// Ret returns to the caller.
func (a *Asm) Ret() { a.b(0xc3) }

// XReg is an SSE register (XMM0-XMM15) by its encoding number.
type XReg uint8

// SSE is a packed SSE2 integer operation on two XMM registers: its
// opcode byte after 66 0F.
type SSE uint8

// The SSE2 operations.
const (
	PCMPEQB SSE = 0x74
	PCMPEQW SSE = 0x75
	PCMPEQD SSE = 0x76
	PAND    SSE = 0xdb
	PANDN   SSE = 0xdf // dst = ^dst & src
	POR     SSE = 0xeb
	PXOR    SSE = 0xef
)

// sseMem emits prefix, REX (extension bits only), 0F op and the ModRM of
// reg with m.
func (a *Asm) sseMem(prefix, op byte, reg byte, m Mem) {
	a.b(prefix)
	a.rex(false, Reg(reg), m.Index, m.Base, false)
	a.b(0x0f, op)
	a.modrmMem(reg, m)
}

// sseReg emits prefix, REX (w and extension bits), 0F op and the ModRM of
// two registers.
func (a *Asm) sseReg(prefix byte, w bool, op byte, reg, rm byte) {
	a.b(prefix)
	a.rex(w, Reg(reg), NoReg, Reg(rm), false)
	a.b(0x0f, op)
	a.modrmReg(reg, Reg(rm))
}

// LoadX is dst = the 16 bytes at m, any alignment (MOVDQU).
func (a *Asm) LoadX(dst XReg, m Mem) { a.sseMem(0xf3, 0x6f, byte(dst), m) }

// StoreX is the 16 bytes at m = src, any alignment (MOVDQU).
func (a *Asm) StoreX(m Mem, src XReg) { a.sseMem(0xf3, 0x7f, byte(src), m) }

// OpX is dst = dst op src on XMM registers (SSE2).
func (a *Asm) OpX(op SSE, dst, src XReg) { a.sseReg(0x66, false, byte(op), byte(dst), byte(src)) }

// Pmovmskb is dst = the most significant bits of src's 16 bytes
// (PMOVMSKB, SSE2; bit i from byte i).
func (a *Asm) Pmovmskb(dst Reg, src XReg) { a.sseReg(0x66, false, 0xd7, byte(dst), byte(src)) }

// Popcnt is dst = the number of one bits of src (POPCNT, 64 bits: a
// CPUID feature of its own, leaf 1 ECX bit 23).
func (a *Asm) Popcnt(dst, src Reg) { a.sseReg(0xf3, true, 0xb8, byte(dst), byte(src)) }

// Bsr is dst = the index of src's most significant one bit (BSR, 64
// bits; ZF set and dst undefined when src is 0).
func (a *Asm) Bsr(dst, src Reg) { a.opReg(true, []byte{0x0f, 0xbd}, byte(dst), src, false) }

// Bsf is dst = the index of src's least significant one bit (BSF, 64
// bits; ZF set and dst undefined when src is 0).
func (a *Asm) Bsf(dst, src Reg) { a.opReg(true, []byte{0x0f, 0xbc}, byte(dst), src, false) }

// Mov32 is dst = src's low 32 bits, zero-extended (MOV r32, r32).
func (a *Asm) Mov32(dst, src Reg) { a.opReg(false, []byte{0x89}, byte(src), dst, false) }

// Lea is dst = the address of m (LEA, 64 bits).
func (a *Asm) Lea(dst Reg, m Mem) { a.opMem(true, []byte{0x8d}, dst, m) }

// BtImm sets the carry flag to bit n (0-31) of dst's low 32 bits (BT
// r32, imm8).
func (a *Asm) BtImm(dst Reg, n uint8) {
	a.opReg(false, []byte{0x0f, 0xba}, 4, dst, false)
	a.b(n)
}

// Mul is RDX:RAX = RAX * src, unsigned (MUL r64: the high half in RDX).
func (a *Asm) Mul(src Reg) { a.opReg(true, []byte{0xf7}, 4, src, false) }

// Imul1 is RDX:RAX = RAX * src, signed (IMUL r64: the high half in RDX).
func (a *Asm) Imul1(src Reg) { a.opReg(true, []byte{0xf7}, 5, src, false) }

// Div is RAX = RDX:RAX / src and RDX = the remainder, unsigned (DIV r64:
// #DE for a zero divisor or a quotient that does not fit).
func (a *Asm) Div(src Reg) { a.opReg(true, []byte{0xf7}, 6, src, false) }

// Idiv is RAX = RDX:RAX / src and RDX = the remainder, signed (IDIV r64:
// #DE for a zero divisor or a quotient that does not fit).
func (a *Asm) Idiv(src Reg) { a.opReg(true, []byte{0xf7}, 7, src, false) }

// Cqo is RDX = RAX's sign bit copied into every bit (CQO).
func (a *Asm) Cqo() { a.b(0x48, 0x99) }

// Mfence orders every load and store before it before every one after
// it (MFENCE).
func (a *Asm) Mfence() { a.b(0x0f, 0xae, 0xf0) }

// SD is a scalar double-precision SSE2 operation on two XMM registers:
// its opcode byte after F2 0F.
type SD uint8

// The scalar double operations (dst = dst op src, rounded in MXCSR's
// mode: round to nearest even under Go).
const (
	SQRTSD SD = 0x51 // dst = √src
	ADDSD  SD = 0x58
	MULSD  SD = 0x59
	SUBSD  SD = 0x5c
	DIVSD  SD = 0x5e
)

// OpSD is dst = dst op src on the low doubles of XMM registers (SSE2).
func (a *Asm) OpSD(op SD, dst, src XReg) { a.sseReg(0xf2, false, byte(op), byte(dst), byte(src)) }

// MovX is dst = src, all 128 bits (MOVAPD).
func (a *Asm) MovX(dst, src XReg) { a.sseReg(0x66, false, 0x28, byte(dst), byte(src)) }

// MovqToX is dst = src zero-extended to 128 bits (MOVQ xmm, r64).
func (a *Asm) MovqToX(dst XReg, src Reg) { a.sseReg(0x66, true, 0x6e, byte(dst), byte(src)) }

// MovqFromX is dst = src's low 64 bits (MOVQ r64, xmm).
func (a *Asm) MovqFromX(dst Reg, src XReg) { a.sseReg(0x66, true, 0x7e, byte(src), byte(dst)) }

// Ucomisd sets ZF, PF and CF from comparing the low doubles of x and y
// (UCOMISD): unordered 1 1 1, x < y 0 0 1, x = y 1 0 0, x > y 0 0 0.
func (a *Asm) Ucomisd(x, y XReg) { a.sseReg(0x66, false, 0x2e, byte(x), byte(y)) }

// Rounding modes of Roundsd's immediate (bit 3 set: no precision
// exception).
const (
	RoundDown  = 0x09 // toward −∞
	RoundUp    = 0x0a // toward +∞
	RoundTrunc = 0x0b // toward 0
)

// Roundsd is dst = src's low double rounded to an integral value in
// mode (ROUNDSD, SSE4.1: a CPUID feature, leaf 1 ECX bit 19).
func (a *Asm) Roundsd(dst, src XReg, mode uint8) {
	a.b(0x66)
	a.rex(false, Reg(dst), NoReg, Reg(src), false)
	a.b(0x0f, 0x3a, 0x0b)
	a.modrmReg(byte(dst), Reg(src))
	a.b(mode)
}

// FMA213 is an FMA3 operation of the 213 form on the low doubles: its
// opcode byte after VEX.66.0F38.W1.
type FMA213 uint8

// The FMA3 forms (one rounding).
const (
	VFMADD213SD  FMA213 = 0xa9 // dst = dst×src1 + src2
	VFMSUB213SD  FMA213 = 0xab // dst = dst×src1 − src2
	VFNMADD213SD FMA213 = 0xad // dst = −(dst×src1) + src2
)

// Fma is dst = op(dst, src1, src2) on the low doubles (FMA3: a CPUID
// feature, leaf 1 ECX bit 12), with a three-byte VEX prefix; the other
// bits of dst are cleared above 128 and kept below.
func (a *Asm) Fma(op FMA213, dst, src1, src2 XReg) {
	b1 := byte(0x02) // map 0F38
	if dst&8 == 0 {
		b1 |= 0x80
	}
	b1 |= 0x40 // no index
	if src2&8 == 0 {
		b1 |= 0x20
	}
	b2 := byte(0x80) | (^byte(src1)&15)<<3 | 0x01 // W1, vvvv, L0, pp 66
	a.b(0xc4, b1, b2, byte(op))
	a.modrmReg(byte(dst), Reg(src2))
}

// Cvtsd2ss is dst's low single = src's low double rounded to single
// precision in MXCSR's mode (CVTSD2SS).
func (a *Asm) Cvtsd2ss(dst, src XReg) { a.sseReg(0xf2, false, 0x5a, byte(dst), byte(src)) }

// Cvtss2sd is dst's low double = src's low single (CVTSS2SD; exact).
func (a *Asm) Cvtss2sd(dst, src XReg) { a.sseReg(0xf3, false, 0x5a, byte(dst), byte(src)) }

// Cvtsd2si is dst = src's low double rounded to a signed 64-bit integer
// in MXCSR's mode (CVTSD2SI; 1<<63, the integer indefinite, for a NaN or
// a value out of range).
func (a *Asm) Cvtsd2si(dst Reg, src XReg) { a.sseReg(0xf2, true, 0x2d, byte(dst), byte(src)) }

// Cvttsd2si is Cvtsd2si rounding toward zero (CVTTSD2SI).
func (a *Asm) Cvttsd2si(dst Reg, src XReg) { a.sseReg(0xf2, true, 0x2c, byte(dst), byte(src)) }

// Cvtsi2sd is dst's low double = the signed 64-bit src rounded in MXCSR's
// mode (CVTSI2SD; exact for |src| ≤ 2^53).
func (a *Asm) Cvtsi2sd(dst XReg, src Reg) { a.sseReg(0xf2, true, 0x2a, byte(dst), byte(src)) }
