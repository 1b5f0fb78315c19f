package trace_test

import (
	"fmt"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/trace"
)

// Example parses one line of a QEMU 7.2 reference trace (from
// testdata/scratch.le.txt: ld r3,0(r4) from the seeded scratch memory)
// and replays it on the emulator under the QEMU profile.
func Example() {
	l, err := trace.ParseLine("ldseed0 insn=e8640000 r4=50000000 => st=ok sig=05 code=01 addr=0000000040080004 nip=0000000040080004 r3=e220a8397b1dcdaf")
	if err != nil {
		fmt.Println(err)
		return
	}
	v := trace.Replay(&l, true, emulate.QEMU) // a little-endian file
	fmt.Println(v.Op, v.Kind)
	// Output:
	// ld agree
}

// Build a vector from a register state, as a harness or a fuzzer that
// holds a regs.Regs would, and run it on the vector's machine.
func ExampleNewVector() {
	var r regs.Regs
	r.GPR[4] = 5
	r.GPR[5] = 7
	v := trace.NewVector("add1", 0x7c642a14, 0, &r) // add r3,r4,r5
	fmt.Println(v.String())
	m := v.Machine(true)
	fmt.Println(m.Regs.GPR[4], m.Regs.GPR[5])
	// Output:
	// add1 insn=7c642a14 r4=0000000000000005 r5=0000000000000007 vscr=00000000
	// 5 7
}
