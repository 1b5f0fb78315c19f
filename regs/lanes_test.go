package regs_test

import (
	"fmt"
	"testing"

	"github.com/ppc64emu/ppc64emu/regs"
)

// The ISA numbers elements from the most significant end: in a register
// holding the bytes 00 01 … 0f from its most significant byte down, byte i
// is i, halfword 0 is 0x0001, word 3 is 0x0c0d0e0f (Power ISA 3.1B Book I
// 6.2, figure "vector register elements").
var seq = regs.VSR{Hi: 0x0001020304050607, Lo: 0x08090a0b0c0d0e0f}

func TestLaneRead(t *testing.T) {
	for i := range 16 {
		if got := seq.Byte(i); got != uint8(i) {
			t.Errorf("Byte(%d) = %#x, want %#x", i, got, i)
		}
	}
	for i := range 8 {
		want := uint16(2*i)<<8 | uint16(2*i+1)
		if got := seq.Half(i); got != want {
			t.Errorf("Half(%d) = %#x, want %#x", i, got, want)
		}
	}
	words := []uint32{0x00010203, 0x04050607, 0x08090a0b, 0x0c0d0e0f}
	for i, want := range words {
		if got := seq.Word(i); got != want {
			t.Errorf("Word(%d) = %#x, want %#x", i, got, want)
		}
	}
	if seq.DW(0) != seq.Hi || seq.DW(1) != seq.Lo {
		t.Errorf("DW = %#x %#x", seq.DW(0), seq.DW(1))
	}
	// Indexes wrap instead of panicking.
	if seq.Byte(17) != 1 || seq.Half(-1) != 0x0e0f || seq.Word(5) != words[1] || seq.DW(3) != seq.Lo {
		t.Error("out-of-range index does not wrap")
	}
}

func TestLaneWrite(t *testing.T) {
	tests := []struct {
		name string
		got  regs.VSR
		want regs.VSR
	}{
		{"WithByte(0)", seq.WithByte(0, 0xaa), regs.VSR{Hi: 0xaa01020304050607, Lo: seq.Lo}},
		{"WithByte(15)", seq.WithByte(15, 0xaa), regs.VSR{Hi: seq.Hi, Lo: 0x08090a0b0c0d0eaa}},
		{"WithByte(8)", seq.WithByte(8, 0xaa), regs.VSR{Hi: seq.Hi, Lo: 0xaa090a0b0c0d0e0f}},
		{"WithHalf(3)", seq.WithHalf(3, 0xbbcc), regs.VSR{Hi: 0x000102030405bbcc, Lo: seq.Lo}},
		{"WithHalf(4)", seq.WithHalf(4, 0xbbcc), regs.VSR{Hi: seq.Hi, Lo: 0xbbcc0a0b0c0d0e0f}},
		{"WithWord(1)", seq.WithWord(1, 0xdeadbeef), regs.VSR{Hi: 0x00010203deadbeef, Lo: seq.Lo}},
		{"WithWord(2)", seq.WithWord(2, 0xdeadbeef), regs.VSR{Hi: seq.Hi, Lo: 0xdeadbeef0c0d0e0f}},
		{"WithDW(1)", seq.WithDW(1, 7), regs.VSR{Hi: seq.Hi, Lo: 7}},
		{"WithDW(0)", seq.WithDW(0, 7), regs.VSR{Hi: 7, Lo: seq.Lo}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %016x_%016x, want %016x_%016x", tt.name, tt.got.Hi, tt.got.Lo, tt.want.Hi, tt.want.Lo)
		}
	}
	// Every lane round-trips and leaves the others alone.
	for i := range 16 {
		v := seq.WithByte(i, ^uint8(i))
		for j := range 16 {
			want := uint8(j)
			if j == i {
				want = ^uint8(i)
			}
			if v.Byte(j) != want {
				t.Fatalf("WithByte(%d) changed byte %d", i, j)
			}
		}
	}
}

func ExampleVSR_Word() {
	// VR0 after lvx of the bytes 00 01 02 … 0f, in either byte order of the
	// machine: element numbering does not depend on MSR[LE].
	v := regs.VSR{Hi: 0x0001020304050607, Lo: 0x08090a0b0c0d0e0f}
	fmt.Printf("%#x %#x %#x\n", v.Byte(5), v.Word(3), v.WithHalf(0, 0xffff).Hi)
	// Output: 0x5 0xc0d0e0f 0xffff020304050607
}
