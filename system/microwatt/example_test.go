package microwatt_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"

	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/system/microwatt"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// Run a small image on the Microwatt SoC: it writes a line to the 16550
// UART's transmit register and stops with attn.
func Example() {
	var image []byte
	emit := func(op decode.Op, args ...int64) {
		w, _, _ := decode.Encode(op, args...)
		image = binary.LittleEndian.AppendUint32(image, w) // Microwatt starts little-endian
	}
	emit(ppc64asm.ADDI, 4, 0, 0)
	emit(ppc64asm.ORIS, 4, 4, microwatt.UARTBase>>16)
	emit(ppc64asm.ORI, 4, 4, microwatt.UARTBase&0xffff) // r4 = the UART
	for _, ch := range "hello\n" {
		emit(ppc64asm.ADDI, 3, 0, int64(ch))
		emit(ppc64asm.STB, 3, 0, 4)
	}
	image = binary.LittleEndian.AppendUint32(image, 0x00000200) // attn

	m, err := microwatt.New(microwatt.Config{Console: os.Stdout})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.Load(image); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Run(1000), m.CPU.Steps) // 15 instructions before attn
	// Output:
	// hello
	// <nil> 15
}

// Microwatt's estimate of 1/1.0 (fre): the table entry for the interval
// [1, 1+1/256), as a double.
func ExampleEstimate() {
	sig, exp := microwatt.Estimate(false, math.Float64bits(1.0))
	fmt.Printf("%#x\n", math.Float64bits(math.Ldexp(float64(sig), exp-63)))
	// Output: 0x3feff00400000000
}
