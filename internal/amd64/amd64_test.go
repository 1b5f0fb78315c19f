package amd64

import (
	"bytes"
	"testing"

	"golang.org/x/arch/x86/x86asm"
)

// TestEncodings decodes every form the encoder emits with x86asm (the
// x86 decoder of golang.org/x/arch) and compares the Intel-syntax text
// with what was meant, for low and extended registers, short and long
// displacements and the registers that need a SIB byte (RSP, R12) or a
// displacement (RBP, R13) as a base.
func TestEncodings(t *testing.T) {
	tests := []struct {
		want string
		emit func(a *Asm)
	}{
		{"mov rax, qword ptr [rdi+0x8]", func(a *Asm) { a.Load(64, RAX, M(RDI, 8)) }},
		{"mov r9, qword ptr [r13]", func(a *Asm) { a.Load(64, R9, M(R13, 0)) }},
		{"mov rcx, qword ptr [rsp+0x100]", func(a *Asm) { a.Load(64, RCX, M(RSP, 256)) }},
		{"mov r8, qword ptr [r12-0x8]", func(a *Asm) { a.Load(64, R8, M(R12, -8)) }},
		{"mov eax, dword ptr [rbp]", func(a *Asm) { a.Load(32, RAX, M(RBP, 0)) }},
		{"movzx edx, word ptr [rdx+rcx]", func(a *Asm) { a.Load(16, RDX, MI(RDX, RCX, 0)) }},
		{"movzx r10d, byte ptr [r11+r12+0x10]", func(a *Asm) { a.Load(8, R10, MI(R11, R12, 16)) }},
		{"movsxd rax, dword ptr [rdi+0xf8]", func(a *Asm) { a.LoadSX32(RAX, M(RDI, 0xf8)) }},
		{"mov byte ptr [rdx+rcx], sil", func(a *Asm) { a.Store(8, MI(RDX, RCX, 0), RSI) }},
		{"mov byte ptr [rdx+rcx], r8b", func(a *Asm) { a.Store(8, MI(RDX, RCX, 0), R8) }},
		{"mov byte ptr [rax], cl", func(a *Asm) { a.Store(8, M(RAX, 0), RCX) }},
		{"mov word ptr [rdx+rcx], r8w", func(a *Asm) { a.Store(16, MI(RDX, RCX, 0), R8) }},
		{"mov dword ptr [rdi+0x4], eax", func(a *Asm) { a.Store(32, M(RDI, 4), RAX) }},
		{"mov qword ptr [rdi+0x1000], r11", func(a *Asm) { a.Store(64, M(RDI, 0x1000), R11) }},
		{"mov qword ptr [rdi+0x10], -0x10", func(a *Asm) { a.StoreImm32(M(RDI, 16), -16) }},
		{"mov rcx, rax", func(a *Asm) { a.Mov(RCX, RAX) }},
		{"mov r9, r10", func(a *Asm) { a.Mov(R9, R10) }},
		{"mov eax, ebp", func(a *Asm) { a.Mov32(RAX, RBP) }},
		{"mov r13d, ecx", func(a *Asm) { a.Mov32(R13, RCX) }},
		{"mov rbp, r15", func(a *Asm) { a.Mov(RBP, R15) }},
		{"adc rax, rdx", func(a *Asm) { a.Op(ADC, RAX, RDX) }},
		{"bt r13d, 0x1f", func(a *Asm) { a.BtImm(R13, 31) }},
		{"bt ebx, 0x2", func(a *Asm) { a.BtImm(RBX, 2) }},
		{"setb r11b", func(a *Asm) { a.Setcc(CondB, R11) }},
		{"lea rcx, ptr [rax+0x7]", func(a *Asm) { a.Lea(RCX, M(RAX, 7)) }},
		{"lea r8, ptr [r13+rcx+0x100]", func(a *Asm) { a.Lea(R8, MI(R13, RCX, 256)) }},
		{"mov eax, 0x12345678", func(a *Asm) { a.MovImm(RAX, 0x12345678) }},
		{"mov r8d, -0x1", func(a *Asm) { a.MovImm(R8, 0xffffffff) }},
		{"mov rcx, -0x8000", func(a *Asm) { a.MovImm(RCX, 0xffffffffffff8000) }},
		{"mov r11, 0x123456789abcdef0", func(a *Asm) { a.MovImm(R11, 0x123456789abcdef0) }},
		{"add rax, rcx", func(a *Asm) { a.Op(ADD, RAX, RCX) }},
		{"sub r8, rax", func(a *Asm) { a.Op(SUB, R8, RAX) }},
		{"and rax, r9", func(a *Asm) { a.Op(AND, RAX, R9) }},
		{"or rdx, rcx", func(a *Asm) { a.Op(OR, RDX, RCX) }},
		{"xor rax, rax", func(a *Asm) { a.Op(XOR, RAX, RAX) }},
		{"cmp rax, rcx", func(a *Asm) { a.Op(CMP, RAX, RCX) }},
		{"or ecx, edx", func(a *Asm) { a.Op32(OR, RCX, RDX) }},
		{"add rax, qword ptr [rdi+0x18]", func(a *Asm) { a.OpMem(ADD, RAX, M(RDI, 24)) }},
		{"add rax, 0x7f", func(a *Asm) { a.OpImm(ADD, RAX, 127) }},
		{"cmp rax, -0x80", func(a *Asm) { a.OpImm(CMP, RAX, -128) }},
		{"and r9, 0x10000", func(a *Asm) { a.OpImm(AND, R9, 0x10000) }},
		{"xor rcx, -0x80000000", func(a *Asm) { a.OpImm(XOR, RCX, -0x80000000) }},
		{"and ecx, -0x10", func(a *Asm) { a.OpImm32(AND, RCX, 0xfffffff0) }},
		{"imul rax, rcx", func(a *Asm) { a.Imul(RAX, RCX) }},
		{"imul r8, r11", func(a *Asm) { a.Imul(R8, R11) }},
		{"rol eax, 0x5", func(a *Asm) { a.ShiftImm(32, ROL, RAX, 5) }},
		{"rol r8, 0x3f", func(a *Asm) { a.ShiftImm(64, ROL, R8, 63) }},
		{"shl rcx, 0x20", func(a *Asm) { a.ShiftImm(64, SHL, RCX, 32) }},
		{"shr edx, 0x1f", func(a *Asm) { a.ShiftImm(32, SHR, RDX, 31) }},
		{"sar rax, 0x3", func(a *Asm) { a.ShiftImm(64, SAR, RAX, 3) }},
		{"shl rax, cl", func(a *Asm) { a.ShiftCL(64, SHL, RAX) }},
		{"shr r9, cl", func(a *Asm) { a.ShiftCL(64, SHR, R9) }},
		{"sar eax, cl", func(a *Asm) { a.ShiftCL(32, SAR, RAX) }},
		{"neg rax", func(a *Asm) { a.Neg(RAX) }},
		{"not r10", func(a *Asm) { a.Not(R10) }},
		{"bswap eax", func(a *Asm) { a.Bswap(32, RAX) }},
		{"bswap r8", func(a *Asm) { a.Bswap(64, R8) }},
		{"movsx rax, al", func(a *Asm) { a.Movsx(8, RAX, RAX) }},
		{"movsx rcx, r9w", func(a *Asm) { a.Movsx(16, RCX, R9) }},
		{"movsxd rdx, eax", func(a *Asm) { a.Movsx(32, RDX, RAX) }},
		{"cmovl rdx, rcx", func(a *Asm) { a.Cmov(CondL, RDX, RCX) }},
		{"cmovb r8, r9", func(a *Asm) { a.Cmov(CondB, R8, R9) }},
		{"cmovz rdx, rax", func(a *Asm) { a.Cmov(CondE, RDX, RAX) }},
		{"setb al", func(a *Asm) { a.Setcc(CondB, RAX) }},
		{"setnle sil", func(a *Asm) { a.Setcc(CondG, RSI) }},
		{"jnz .+0x6", func(a *Asm) { a.Patch(a.Jcc(CondNE), 12) }},
		{"jmp .+0x0", func(a *Asm) { a.Patch(a.Jmp(), 5) }},
		{"jmp qword ptr [rdx+0x28]", func(a *Asm) { a.JmpMem(M(RDX, 0x28)) }},
		{"jmp qword ptr [r9]", func(a *Asm) { a.JmpMem(M(R9, 0)) }},
		{"jmp qword ptr [rip+0x28]", func(a *Asm) { a.JmpMem(RIPRel(0x28)) }},
		{"mov r9, qword ptr [rip+0xfffffff8]", func(a *Asm) { a.Load(64, R9, RIPRel(-8)) }},
		{"cmp r8, qword ptr [rip+0x100]", func(a *Asm) { a.OpMem(CMP, R8, RIPRel(0x100)) }},
		{"cmp rcx, qword ptr [rip]", func(a *Asm) { a.OpMem(CMP, RCX, RIPRel(0)) }},
		{"test rdx, rdx", func(a *Asm) { a.Test(RDX, RDX) }},
		{"test r8, rcx", func(a *Asm) { a.Test(R8, RCX) }},
		{"ret", func(a *Asm) { a.Ret() }},
		{"movdqu xmm0, xmmword ptr [rdi+0x210]", func(a *Asm) { a.LoadX(0, M(RDI, 0x210)) }},
		{"movdqu xmm9, xmmword ptr [r8+rcx]", func(a *Asm) { a.LoadX(9, MI(R8, RCX, 0)) }},
		{"movdqu xmmword ptr [rdi+0x10], xmm1", func(a *Asm) { a.StoreX(M(RDI, 16), 1) }},
		{"movdqu xmmword ptr [rdx+rcx], xmm12", func(a *Asm) { a.StoreX(MI(RDX, RCX, 0), 12) }},
		{"pcmpeqb xmm0, xmm1", func(a *Asm) { a.OpX(PCMPEQB, 0, 1) }},
		{"pcmpeqw xmm2, xmm3", func(a *Asm) { a.OpX(PCMPEQW, 2, 3) }},
		{"pcmpeqd xmm8, xmm1", func(a *Asm) { a.OpX(PCMPEQD, 8, 1) }},
		{"pand xmm0, xmm9", func(a *Asm) { a.OpX(PAND, 0, 9) }},
		{"pandn xmm1, xmm0", func(a *Asm) { a.OpX(PANDN, 1, 0) }},
		{"por xmm0, xmm1", func(a *Asm) { a.OpX(POR, 0, 1) }},
		{"pxor xmm2, xmm2", func(a *Asm) { a.OpX(PXOR, 2, 2) }},
		{"pmovmskb eax, xmm0", func(a *Asm) { a.Pmovmskb(RAX, 0) }},
		{"pmovmskb r9d, xmm10", func(a *Asm) { a.Pmovmskb(R9, 10) }},
		{"addsd xmm0, xmm1", func(a *Asm) { a.OpSD(ADDSD, 0, 1) }},
		{"subsd xmm9, xmm2", func(a *Asm) { a.OpSD(SUBSD, 9, 2) }},
		{"mulsd xmm3, xmm10", func(a *Asm) { a.OpSD(MULSD, 3, 10) }},
		{"divsd xmm4, xmm5", func(a *Asm) { a.OpSD(DIVSD, 4, 5) }},
		{"sqrtsd xmm6, xmm7", func(a *Asm) { a.OpSD(SQRTSD, 6, 7) }},
		{"movapd xmm2, xmm11", func(a *Asm) { a.MovX(2, 11) }},
		{"movq xmm1, rax", func(a *Asm) { a.MovqToX(1, RAX) }},
		{"movq xmm8, r9", func(a *Asm) { a.MovqToX(8, R9) }},
		{"movq rdx, xmm3", func(a *Asm) { a.MovqFromX(RDX, 3) }},
		{"movq r10, xmm12", func(a *Asm) { a.MovqFromX(R10, 12) }},
		{"ucomisd xmm0, xmm1", func(a *Asm) { a.Ucomisd(0, 1) }},
		{"cvtsi2sd xmm0, rax", func(a *Asm) { a.Cvtsi2sd(0, RAX) }},
		{"cvtsd2ss xmm0, xmm0", func(a *Asm) { a.Cvtsd2ss(0, 0) }},
		{"cvtsd2ss xmm9, xmm2", func(a *Asm) { a.Cvtsd2ss(9, 2) }},
		{"cvtss2sd xmm1, xmm11", func(a *Asm) { a.Cvtss2sd(1, 11) }},
		{"cvtsi2sd xmm9, r10", func(a *Asm) { a.Cvtsi2sd(9, R10) }},
		{"cvtsd2si rax, xmm0", func(a *Asm) { a.Cvtsd2si(RAX, 0) }},
		{"cvttsd2si r9, xmm10", func(a *Asm) { a.Cvttsd2si(R9, 10) }},
		{"cvttsd2si rax, xmm1", func(a *Asm) { a.Cvttsd2si(RAX, 1) }},
		{"roundsd xmm0, xmm1, 0x9", func(a *Asm) { a.Roundsd(0, 1, RoundDown) }},
		{"roundsd xmm10, xmm2, 0xb", func(a *Asm) { a.Roundsd(10, 2, RoundTrunc) }},
		{"popcnt rax, rcx", func(a *Asm) { a.Popcnt(RAX, RCX) }},
		{"bsr rax, rcx", func(a *Asm) { a.Bsr(RAX, RCX) }},
		{"bsr r9, r10", func(a *Asm) { a.Bsr(R9, R10) }},
		{"bsf rax, rcx", func(a *Asm) { a.Bsf(RAX, RCX) }},
		{"bsf rdx, r8", func(a *Asm) { a.Bsf(RDX, R8) }},
		{"popcnt r8, r10", func(a *Asm) { a.Popcnt(R8, R10) }},
		{"mul rcx", func(a *Asm) { a.Mul(RCX) }},
		{"mul r13", func(a *Asm) { a.Mul(R13) }},
		{"imul rcx", func(a *Asm) { a.Imul1(RCX) }},
		{"imul r8", func(a *Asm) { a.Imul1(R8) }},
		{"div rcx", func(a *Asm) { a.Div(RCX) }},
		{"div r15", func(a *Asm) { a.Div(R15) }},
		{"idiv rcx", func(a *Asm) { a.Idiv(RCX) }},
		{"idiv r9", func(a *Asm) { a.Idiv(R9) }},
		{"cqo", func(a *Asm) { a.Cqo() }},
		{"mfence", func(a *Asm) { a.Mfence() }},
	}
	for _, tt := range tests {
		var a Asm
		tt.emit(&a)
		inst, err := x86asm.Decode(a.Buf, 64)
		if err != nil {
			t.Errorf("%s: % x does not decode: %v", tt.want, a.Buf, err)
			continue
		}
		if inst.Len != len(a.Buf) {
			t.Errorf("%s: % x: decoded %d of %d bytes", tt.want, a.Buf, inst.Len, len(a.Buf))
		}
		if got := x86asm.IntelSyntax(inst, 0, nil); got != tt.want {
			t.Errorf("% x = %q, want %q", a.Buf, got, tt.want)
		}
	}
}

// TestFmaEncodings compares the VEX encodings of Fma, which x86asm does
// not decode, with the bytes GNU objdump decodes as the text beside them.
func TestFmaEncodings(t *testing.T) {
	tests := []struct {
		want []byte // objdump -D -b binary -m i386:x86-64 -M intel
		emit func(a *Asm)
	}{
		{[]byte{0xc4, 0xe2, 0xf1, 0xab, 0xda}, func(a *Asm) { a.Fma(VFMSUB213SD, 3, 1, 2) }},  // vfmsub213sd xmm3,xmm1,xmm2
		{[]byte{0xc4, 0xe2, 0xf1, 0xad, 0xd8}, func(a *Asm) { a.Fma(VFNMADD213SD, 3, 1, 0) }}, // vfnmadd213sd xmm3,xmm1,xmm0
		{[]byte{0xc4, 0x42, 0xb1, 0xa9, 0xc2}, func(a *Asm) { a.Fma(VFMADD213SD, 8, 9, 10) }}, // vfmadd213sd xmm8,xmm9,xmm10
		{[]byte{0xc4, 0xe2, 0x89, 0xa9, 0xe5}, func(a *Asm) { a.Fma(VFMADD213SD, 4, 14, 5) }}, // vfmadd213sd xmm4,xmm14,xmm5
	}
	for _, tt := range tests {
		var a Asm
		tt.emit(&a)
		if !bytes.Equal(a.Buf, tt.want) {
			t.Errorf("% x, want % x", a.Buf, tt.want)
		}
	}
}
