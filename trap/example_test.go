package trap_test

import (
	"errors"
	"fmt"

	"github.com/ppc64emu/ppc64emu/trap"
)

func Example() {
	var gpr [32]uint64
	gpr[3] = 0x00000000_80000000 // positive doubleword, negative low word
	gpr[4] = 0

	for _, word := range []uint32{
		trap.LinuxBreakpoint,
		trap.GDBBreakpoint,
		0x7e032008, // twlt r3,r4: compares the low words
		0x7e032088, // tdlt r3,r4: compares the doublewords
		0x60000000, // nop
	} {
		in, ok := trap.Classify(word)
		if !ok {
			fmt.Printf("%#08x: not a trap\n", word)
			continue
		}
		fmt.Printf("%#08x: %-12s %-11s fires=%v\n", word, in, in.Kind, in.FiresGPR(&gpr))
	}
	// Output:
	// 0x7fe00008: tw 31,r0,r0  always      fires=true
	// 0x7d821008: tw 12,r2,r2  always      fires=true
	// 0x7e032008: tw 16,r3,r4  conditional fires=true
	// 0x7e032088: td 16,r3,r4  conditional fires=false
	// 0x60000000: not a trap
}

func ExampleFires() {
	// tweq: the low words of both operands are 1.
	fmt.Println(trap.Fires(trap.EQ, 0x12345678_00000001, 0xffffffff_00000001, true))
	// tdeq: the doublewords differ.
	fmt.Println(trap.Fires(trap.EQ, 0x12345678_00000001, 0xffffffff_00000001, false))
	// Output:
	// true
	// false
}

func ExampleUprobe_Check() {
	for _, site := range []struct {
		addr uint64
		word uint32
	}{
		{0x10000100, 0x60000000}, // nop
		{0x10000104, 0x44000002}, // sc
		{0x1000013c, 0x04100000}, // pld prefix in the last word of a 64-byte block
		{0x10000138, 0x04100000}, // the same prefix one word earlier
	} {
		err := trap.Uprobe{}.Check(site.addr, site.word)
		fmt.Printf("%#x: %v (single-step refusal: %v)\n", site.addr, err, errors.Is(err, trap.ErrCannotSingleStep))
	}
	// Output:
	// 0x10000100: <nil> (single-step refusal: false)
	// 0x10000104: trap: instruction must not be single-stepped: uprobe at 0x10000104, word 0x44000002 (sc) (single-step refusal: true)
	// 0x1000013c: decode: prefixed instruction crosses a 64-byte boundary: uprobe at 0x1000013c, word 0x04100000 (single-step refusal: false)
	// 0x10000138: <nil> (single-step refusal: false)
}
