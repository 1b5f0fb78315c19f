package system_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/system"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// printer is a memory-mapped device: each byte stored to it is printed.
type printer struct{ w io.Writer }

func (p printer) ReadIO(off uint64, b []byte) error {
	clear(b)
	return nil
}

func (p printer) WriteIO(off uint64, b []byte) error {
	_, err := p.w.Write(b[len(b)-1:])
	return err
}

// Build a machine of RAM and one device, and run a program in
// hypervisor real mode that stores two bytes to the device and stops.
func Example() {
	bus := &system.Bus{}
	ram, _ := bus.AddRAM("ram", 0, 64<<10)
	_ = bus.AddDevice("printer", 0xc000_0000, 0x1000, printer{os.Stdout})

	cpu := system.NewCPU(bus, emulate.Config{})
	cpu.Attn = true // attn (0x00000200) stops the processor
	cpu.Regs.MSR = regs.MSRSF | regs.MSRHV | regs.MSRLE
	prog := []struct {
		op   decode.Op
		args []int64
	}{
		{ppc64asm.ADDI, []int64{4, 0, 0}},      // li r4,0
		{ppc64asm.ORIS, []int64{4, 4, 0xc000}}, // oris r4,r4,0xc000
		{ppc64asm.ADDI, []int64{3, 0, 'h'}},    // li r3,'h'
		{ppc64asm.STB, []int64{3, 0, 4}},       // stb r3,0(r4)
		{ppc64asm.ADDI, []int64{3, 0, 'i'}},    // li r3,'i'
		{ppc64asm.STB, []int64{3, 0, 4}},       // stb r3,0(r4)
		{ppc64asm.ADDI, []int64{3, 0, '\n'}},   // li r3,'\n'
		{ppc64asm.STB, []int64{3, 0, 4}},       // stb r3,0(r4)
	}
	for i, p := range prog {
		w, _, _ := decode.Encode(p.op, p.args...)
		binary.LittleEndian.PutUint32(ram[4*i:], w)
	}
	binary.LittleEndian.PutUint32(ram[4*len(prog):], 0x00000200) // attn

	n, err := cpu.Run(100)
	fmt.Println(n, errors.Is(err, system.ErrAttn))
	// Output:
	// hi
	// 8 true
}

// Replace how one op executes on a CPU (an implementation's own choice):
// here every addi is counted, then executed as usual.
func ExampleCPU_SetOp() {
	bus := &system.Bus{}
	ram, _ := bus.AddRAM("ram", 0, 64<<10)
	cpu := system.NewCPU(bus, emulate.Config{})
	cpu.Regs.MSR = regs.MSRSF | regs.MSRHV | regs.MSRLE
	inc, _, _ := decode.Encode(ppc64asm.ADDI, 3, 3, 2) // addi r3,r3,2
	for a := 0; a < 40; a += 4 {
		binary.LittleEndian.PutUint32(ram[a:], inc)
	}
	count := 0
	cpu.SetOp(ppc64asm.ADDI, func(c *system.CPU, in *decode.Inst) error {
		count++
		return c.Exec(in)
	})
	_, err := cpu.Run(10)
	fmt.Println(count, cpu.Regs.GPR[3], cpu.Regs.NIP, err)
	// Output: 10 20 40 <nil>
}

// A time base of 512 MHz against a nominal 100 million instructions a
// second: 5.12 ticks per step, the fraction carried.
func ExampleCPU_SetTimeBase() {
	bus := &system.Bus{}
	ram, _ := bus.AddRAM("ram", 0, 64<<10)
	cpu := system.NewCPU(bus, emulate.Config{})
	cpu.Regs.MSR = regs.MSRSF | regs.MSRHV | regs.MSRLE
	nop, _, _ := decode.Encode(ppc64asm.ORI, 0, 0, 0)
	for a := 0; a < 4000; a += 4 {
		binary.LittleEndian.PutUint32(ram[a:], nop)
	}
	cpu.SetTimeBase(system.TimeBase{Freq: 512_000_000, IPS: 100_000_000})
	_, _ = cpu.Run(7)
	fmt.Println(cpu.SPR.TB)
	_, _ = cpu.Run(993)
	fmt.Println(cpu.SPR.TB)
	// Output:
	// 35
	// 5120
}

// The hash hashst stores and hashchk checks (Power ISA 3.1B Book I
// 3.3.17), for the operands of Microwatt's tests/hash.
func ExampleHashDigest() {
	fmt.Printf("%#x\n", system.HashDigest(0x4190, 0x0f0e0d0c0b0a0908, 0x123456789abcdef0))
	// Output: 0xcd57657a24afdd14
}
