package mem_test

import (
	"errors"
	"fmt"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Map code and data, run two instructions, and see a store to a read-only
// page fault with the address of the faulting byte.
func Example() {
	m := mem.New()
	_ = m.Map(0x10000000, 0x1000, mem.RX) // text
	_ = m.Map(0x10001000, 0x1000, mem.RW) // data, adjacent
	// li r3,42 ; std r3,-4(r4)   (big-endian words)
	_ = m.Poke(0x10000000, []byte{0x38, 0x60, 0x00, 0x2a, 0xf8, 0x64, 0xff, 0xfc})

	var r regs.Regs
	r.MSR = regs.MSRLinuxUser // a big-endian Linux process
	r.NIP = 0x10000000
	r.GPR[4] = 0x10001000 // the store straddles text and data
	e := emulate.New(emulate.Config{})
	fmt.Println(e.Fetch(&r, m), r.GPR[3])
	err := e.Fetch(&r, m)
	var f *emulate.Fault
	if errors.As(err, &f) {
		fmt.Printf("fault at %#x (access at %#x), permission: %v\n", f.Addr, f.EA, errors.Is(err, mem.ErrPermission))
	}
	// Output:
	// <nil> 42
	// fault at 0x10000ffc (access at 0x10000ffc), permission: true
}
