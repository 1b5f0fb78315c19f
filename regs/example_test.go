package regs_test

import (
	"encoding/binary"
	"fmt"

	"github.com/ppc64emu/ppc64emu/regs"
)

// Example sets a few registers, encodes the general register set the way
// PTRACE_GETREGSET(NT_PRSTATUS) returns it on ppc64le, and decodes the
// 352-byte PTRACE_GETREGS prefix back.
func Example() {
	var r regs.Regs
	r.MSR = regs.MSRLinuxUserLE
	r.GPR[3] = 0x0102030405060708
	r.NIP = 0x10000400
	r.SetCRField(0, regs.CREQ) // as after a compare that found equality
	r.SetCA(true)

	img := regs.EncodeGPRegs(&r, binary.LittleEndian)
	fmt.Printf("%d bytes; r3 at %d: % x\n", len(img), 8*regs.PT_R3, img[8*regs.PT_R3:8*regs.PT_R3+8])
	fmt.Printf("nip at %d: % x\n", 8*regs.PT_NIP, img[8*regs.PT_NIP:8*regs.PT_NIP+8])
	fmt.Printf("cr %#08x, cr0[eq] %v, xer %#x, 64-bit %v, little-endian %v\n",
		r.CR, r.CRBit(2), r.XER, r.Is64(), r.LittleEndian())

	var back regs.Regs
	if err := regs.DecodeGPRegs(&back, img[:regs.GPRegsPtraceSize], binary.LittleEndian); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("round trip equal:", back == r)

	err := regs.DecodeGPRegs(&back, img[:100], binary.LittleEndian)
	fmt.Println(err)
	// Output:
	// 384 bytes; r3 at 24: 08 07 06 05 04 03 02 01
	// nip at 256: 00 04 00 10 00 00 00 00
	// cr 0x20000000, cr0[eq] true, xer 0x20000000, 64-bit true, little-endian true
	// round trip equal: true
	// regs: NT_PRSTATUS register set is 100 bytes, want [384 352]
}
