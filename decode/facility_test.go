package decode

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// TestFacility checks the resolved facility and element size of encodings
// against the ISA pseudo-code of each instruction (Power ISA 3.1B Book I:
// "if MSR.FP=0 then FP_Unavailable()", the TX/SX tests of the ISA 3.0 VSX
// forms and moves). The words were assembled by GNU as (-mpower9).
func TestFacility(t *testing.T) {
	tests := []struct {
		word uint32
		asm  string
		fac  Facility
		elem uint8
	}{
		{0xf4a00001, "lxv vs5,0(0)", FacVSX, 0},
		{0xf5000009, "lxv vs40,0(0)", FacVEC, 0},
		{0x7c230066, "mfvsrd r3,vs1", FacFP, 8},
		{0x7c230067, "mfvsrd r3,vs33", FacVEC, 8},
		{0xf0403ad0, "xxspltib vs2,7", FacVSX, 1},
		{0xf0403ad1, "xxspltib vs34,7", FacVEC, 1},
		{0xfc22182a, "fadd f1,f2,f3", FacFP, 0},
		{0x10221800, "vaddubm v1,v2,v3", FacVEC, 1},
		{0xf0221b00, "xvadddp vs1,vs2,vs3", FacVSX, 8},
		{0xe4640002, "lxsd v3,0(r4)", FacVEC, 8},
		{0x7c221a14, "add r1,r2,r3", 0, 0},
		{0xec221804, "dadd f1,f2,f3", FacFP, 0},
		{0x7d002699, "lxvd2x vs40,0,r4", FacVSX, 8},
	}
	// The sign extensions name two element sizes, the source's and the
	// result's (Power ISA 3.1B Book I 6.9.1: "Vector Extend Sign Byte To
	// Word"); words assembled from the VX-form (VRT=1, VRB=2).
	for _, tt := range []struct {
		word     uint32
		asm      string
		elem, to uint8
	}{
		{0x10301602, "vextsb2w v1,v2", 1, 4},
		{0x10311602, "vextsh2w v1,v2", 2, 4},
		{0x10381602, "vextsb2d v1,v2", 1, 8},
		{0x10391602, "vextsh2d v1,v2", 2, 8},
		{0x103a1602, "vextsw2d v1,v2", 4, 8},
		{0x103b1602, "vextsd2q v1,v2", 8, 16},
		{0x10221800, "vaddubm v1,v2,v3", 1, 0},
	} {
		in, err := DecodeWord(tt.word, 0)
		if err != nil || in.Elem != tt.elem || in.ElemTo != tt.to {
			t.Errorf("%08x (%s): %v Elem %d ElemTo %d, %v; want Elem %d ElemTo %d", tt.word, tt.asm, in.Op, in.Elem, in.ElemTo, err, tt.elem, tt.to)
		}
	}
	for _, tt := range tests {
		in, err := DecodeWord(tt.word, 0)
		if err != nil {
			t.Errorf("%08x (%s): %v", tt.word, tt.asm, err)
			continue
		}
		type res struct {
			Fac  []string
			Elem uint8
		}
		if diff := cmp.Diff(res{tt.fac.Names(), tt.elem}, res{in.Facility.Names(), in.Elem}); diff != "" {
			t.Errorf("%08x (%s, decoded as %v) (-want +got):\n%s", tt.word, tt.asm, in.Op, diff)
		}
	}
}

// TestFacilityConsistent checks the facility column against the classes:
// FP ops and FP loads/stores need FP, VMX ops and vector loads/stores VEC,
// VSX computation VSX (alone or split), and integer ops nothing.
func TestFacilityConsistent(t *testing.T) {
	for i := 1; i < numOps; i++ {
		op := ppc64asm.Op(i)
		info := opTable[op]
		f := info.Facility
		var ok bool
		switch {
		case info.Class == ClassFP, info.Flags&FlagFloat != 0:
			ok = f == FacFP
		case info.Class == ClassVMX, info.Flags&FlagVector != 0:
			ok = f == FacVEC
		case info.Class == ClassVSX, info.Flags&FlagVSX != 0:
			ok = f == FacVSX || f == FacVEC || f == FacVSX|FacVEC|FacSplit || f == FacFP|FacVEC|FacSplit
		case info.Class == ClassMMA:
			ok = f == FacVSX
		case info.Class == ClassDFP:
			ok = f == FacFP || f == FacVEC || f == 0
		default:
			ok = f == 0
		}
		if !ok {
			t.Errorf("%v (%v, %v): facility %v", op, info.Class, info.Flags.Names(), f.Names())
		}
		if info.Elem != 0 && f&(FacVEC|FacVSX) == 0 {
			t.Errorf("%v: element size %d without a vector facility", op, info.Elem)
		}
		switch info.Elem {
		case 0, 1, 2, 4, 8, 16:
		default:
			t.Errorf("%v: element size %d", op, info.Elem)
		}
	}
}
