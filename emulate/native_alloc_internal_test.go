package emulate

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"

	"github.com/ppc64emu/ppc64emu/internal/amd64"
)

// TestNatAsmForms checks what natAsm emits for register-file accesses
// with GPR 3 in RBX, CTR in R12 and CR in R13 allocated (decoded with
// x86asm): register forms for the whole slots, the memory forms for the
// others, and bad for an access of part of an allocated slot.
func TestNatAsmForms(t *testing.T) {
	const rax, rcx = amd64.RAX, amd64.RCX
	tests := []struct {
		emit func(g *natAsm)
		want string // the instructions, "; "-separated ("" with bad)
		bad  bool
	}{
		{func(g *natAsm) { g.Load(64, rax, gprM(3)) }, "mov rax, rbx", false},
		{func(g *natAsm) { g.Load(32, rcx, gprM(3)) }, "mov ecx, ebx", false},
		{func(g *natAsm) { g.LoadSX32(rax, gprM(3)) }, "movsxd rax, ebx", false},
		{func(g *natAsm) { g.Store(64, gprM(3), rcx) }, "mov rbx, rcx", false},
		{func(g *natAsm) { g.StoreImm32(gprM(3), -2) }, "mov rbx, -0x2", false},
		{func(g *natAsm) { g.OpMem(amd64.XOR, rax, gprM(3)) }, "xor rax, rbx", false},
		{func(g *natAsm) { g.Load(64, rax, amd64.M(nRegs, offCTR)) }, "mov rax, r12", false},
		{func(g *natAsm) { g.Load(32, rcx, amd64.M(nRegs, offCR)) }, "mov ecx, r13d", false},
		{func(g *natAsm) { g.Store(32, amd64.M(nRegs, offCR), rcx) }, "mov r13d, ecx", false},
		{func(g *natAsm) { g.Load(64, rax, gprM(4)) }, "mov rax, qword ptr [rdi+0x20]", false},
		{func(g *natAsm) { g.Store(64, amd64.M(nRegs, offLR), rax) }, fmt.Sprintf("mov qword ptr [rdi+%#x], rax", offLR), false},
		{func(g *natAsm) { g.Ret() }, fmt.Sprintf("mov qword ptr [rdi+%#x], rbx; mov qword ptr [rdi+%#x], r12; ret", offGPR+8*3, offCTR), false},
		{func(g *natAsm) { g.Load(8, rax, gprM(3)) }, "", true},
		{func(g *natAsm) { g.Store(32, gprM(3), rax) }, "", true},
		{func(g *natAsm) { g.Load(32, rax, amd64.M(nRegs, offGPR+8*3+4)) }, "", true},
		{func(g *natAsm) { g.LoadX(0, amd64.M(nRegs, offGPR+8*2)) }, "", true},
		{func(g *natAsm) { g.Load(64, rax, amd64.MI(nRegs, rcx, offGPR)) }, "", true},
	}
	for _, tt := range tests {
		var g natAsm
		g.reset()
		g.host[3], g.host[slotCTR], g.host[slotCR], g.n = amd64.RBX, amd64.R12, amd64.R13, 3
		g.wrote[3], g.wrote[slotCTR] = true, true
		tt.emit(&g)
		if g.bad != tt.bad {
			t.Errorf("%q: bad = %v", tt.want, g.bad)
		}
		if tt.bad {
			continue
		}
		var got []string
		for b := g.Buf; len(b) > 0; {
			inst, err := x86asm.Decode(b, 64)
			if err != nil {
				t.Fatalf("%q: % x does not decode: %v", tt.want, g.Buf, err)
			}
			got, b = append(got, x86asm.IntelSyntax(inst, 0, nil)), b[inst.Len:]
		}
		if s := strings.Join(got, "; "); s != tt.want {
			t.Errorf("got %q, want %q", s, tt.want)
		}
	}
}

// TestNatAsmShadows lists amd64.Asm's methods with a memory operand: each
// must be one natAsm has its own method for (an access to the register
// file through a method natAsm does not shadow would read or write the
// register file behind an allocated host register's back).
func TestNatAsmShadows(t *testing.T) {
	shadowed := map[string]bool{"Load": true, "LoadSX32": true, "Store": true, "StoreImm32": true,
		"OpMem": true, "LoadX": true, "StoreX": true, "JmpMem": true,
		"Lea": true, // no access: natAsm leaves it to amd64.Asm
	}
	mt := reflect.TypeOf(amd64.Mem{})
	at := reflect.TypeOf(&amd64.Asm{})
	for i := range at.NumMethod() {
		m := at.Method(i)
		for k := range m.Type.NumIn() {
			if m.Type.In(k) == mt && !shadowed[m.Name] {
				t.Errorf("amd64.Asm.%s takes a Mem: shadow it in natAsm (native_alloc.go) and list it here", m.Name)
			}
		}
	}
}
