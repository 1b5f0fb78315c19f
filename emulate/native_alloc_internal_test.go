package emulate

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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

// TestNatAsmExit checks the ways out of a block's code (natAsm.self set):
// each Ret is a jump to the one exit, which writes the written slots
// back, names the block in natBlk and returns.
func TestNatAsmExit(t *testing.T) {
	var g natAsm
	g.reset()
	g.host[3], g.n, g.wrote[3] = amd64.RBX, 1, true
	g.self = 0x12345678
	g.MovImm(amd64.RAX, 1)
	g.Ret()
	g.MovImm(amd64.RAX, 2)
	g.Ret()
	g.exit()
	var got []string
	for b, pc := g.Buf, 0; len(b) > 0; {
		inst, err := x86asm.Decode(b, 64)
		if err != nil {
			t.Fatalf("% x does not decode: %v", g.Buf, err)
		}
		s := x86asm.IntelSyntax(inst, 0, nil)
		if inst.Op == x86asm.JMP {
			s = fmt.Sprintf("jmp %#x", pc+inst.Len+int(inst.Args[0].(x86asm.Rel)))
		}
		got, b, pc = append(got, s), b[inst.Len:], pc+inst.Len
	}
	want := []string{"mov eax, 0x1", "jmp 0x14", "mov eax, 0x2", "jmp 0x14",
		fmt.Sprintf("mov qword ptr [rdi+%#x], rbx", offGPR+8*3), "mov edx, 0x12345678",
		fmt.Sprintf("mov qword ptr [rsi+%#x], rdx", offNatBlk), "ret"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("exit (-want +got):\n%s", diff)
	}
}

// TestNatSameIn checks which chains enter the target's code after its
// loads: when the source has each of the target's guest registers in the
// same host register (the allocation puts a slot in natHost[slot % 6]
// when free).
func TestNatSameIn(t *testing.T) {
	// in allocates the slots (by use: the first most) as allocate does.
	in := func(slots ...int) *block {
		var g natAsm
		g.reset()
		for k, s := range slots {
			g.uses[s] = uint32(100 - k)
		}
		g.allocate(1)
		b := &block{}
		for i, h := range natHost {
			for s := range natSlots {
				if g.host[s] == h {
					b.natIn[i] = uint8(s + 1)
				}
			}
		}
		return b
	}
	tests := []struct {
		name string
		b, t *block
		want bool
	}{
		{"same", in(3, 4, slotCR), in(3, 4, slotCR), true},
		{"same, other use order", in(4, 3, slotCTR), in(slotCTR, 3, 4), true},
		{"a collision, other use order", in(4, slotCR), in(slotCR, 4), false}, // both prefer natHost[4]
		{"target has fewer", in(3, 4, 5), in(4), true},
		{"target has none", in(3), in(), true},
		{"target has one more", in(3), in(3, 4), false},
		{"same slot, other register", in(9, 3), in(3), false}, // 9 and 3 both prefer natHost[3]
		{"source has none", in(), in(3), false},
	}
	for _, tt := range tests {
		if got := natSameIn(tt.b, tt.t); got != tt.want {
			t.Errorf("%s: natSameIn = %v (%v -> %v)", tt.name, got, tt.b.natIn, tt.t.natIn)
		}
	}
}
