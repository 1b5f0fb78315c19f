package trace

import (
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/internal/vec"
	"github.com/ppc64emu/ppc64emu/regs"
)

// The accepted divergences of QEMU 7.2 from the Power ISA in the Vector
// facility (VMX). Each Match recognises the divergent case from the vector's
// operands, so the other vectors of these ops are still compared. The
// emulator follows the ISA (emulate/vmx_test.go tests it).

var vmxDivergences = []Divergence{
	{
		Ops: []string{"vrldmi"},
		Reason: "vrldmi: QEMU 7.2 does not insert: VRT gets the rotated doubleword ANDed with the mask and 0 elsewhere, " +
			"as vrldnm would give (harness: every vrldmi vector); the ISA (Book I 6.9.4, Vector Rotate Left Doubleword " +
			"then Mask Insert) keeps VRT's bits outside the mask, as the emulator does. Only vectors where the two differ",
		Match: onState(func(l *Line, before, after *regs.Regs, in *decode.Inst) bool {
			if in.NArgs < 3 {
				return false
			}
			a, b, t := before.VR(int(in.Args[1])), before.VR(int(in.Args[2])), before.VR(int(in.Args[0]))
			return vec.RotateMask(a, b, t, 8, true) != vec.RotateMask(a, b, t, 8, false)
		}),
	},
	{
		Ops: []string{"vdiveuq", "vdivesq"},
		Reason: "vdiveuq/vdivesq whose quotient does not fit in 128 bits (undefined in the ISA): QEMU 7.2's 256-by-128-bit " +
			"division returns a value that is not the truncated quotient (harness: vdiveuq of 0x8000000000000001_8000000000000000 " +
			"by 0x01818105800201007fff21ff800e1801 gives 0x327455e7566562f389ea7da8589c44cd); the emulator answers ErrNotEmulated " +
			"there in both profiles (vdivesq of 0x8000…0 by 0x954ac1ac40c23fc6705e3f71b828d8da gives 0xbc2755cb88d1ff046bf5dd1d66bc18be)",
		Match: onState(func(l *Line, before, after *regs.Regs, in *decode.Inst) bool {
			if in.NArgs < 3 {
				return false
			}
			a, b := before.VR(int(in.Args[1])), before.VR(int(in.Args[2]))
			_, undef, special := vec.Divide(a, b, 16, in.Op.String() == "vdivesq", true, false)
			return undef != 0 && special == 0
		}),
	},
}

func init() { Divergences = append(Divergences, vmxDivergences...) }
