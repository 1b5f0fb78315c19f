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

// A fuzzer's reset loop: run a target from one state on input after
// input, putting the thread (an emulate.Context) and the memory (a
// Snapshot) back after each run. Restore costs the pages the run wrote.
func Example_snapshot() {
	m := mem.New()
	_ = m.Map(0x10000000, 0x1000, mem.RX) // text
	_ = m.Map(0x10001000, 0x1000, mem.RW) // data: the input, then a counter
	// lwz r3,0(r4) ; lwz r5,4(r4) ; add r5,r5,r3 ; stw r5,4(r4)   (big-endian words)
	_ = m.Poke(0x10000000, []byte{
		0x80, 0x64, 0x00, 0x00, 0x80, 0xa4, 0x00, 0x04,
		0x7c, 0xa5, 0x1a, 0x14, 0x90, 0xa4, 0x00, 0x04,
	})
	_ = m.Poke(0x10001004, []byte{0, 0, 0, 100}) // the counter starts at 100

	e := emulate.New(emulate.Config{})
	var c emulate.Context
	c.Regs.MSR = regs.MSRLinuxUser
	c.Regs.NIP = 0x10000000
	c.Regs.GPR[4] = 0x10001000
	e.SetContext(&c)

	start, snap := c, m.Snapshot()
	for _, input := range []byte{1, 2, 3} {
		_ = m.Write(0x10001000, []byte{0, 0, 0, input})
		_, err := e.Run(&c.Regs, m, emulate.RunOptions{MaxSteps: 4})
		var out [4]byte
		_ = m.Read(0x10001004, out[:])
		fmt.Println(input, out[3], errors.Is(err, emulate.ErrStepLimit), c.Regs.NIP == start.Regs.NIP)
		c = start // the thread, as it was
		m.Restore(snap)
	}
	// Output:
	// 1 101 true false
	// 2 102 true false
	// 3 103 true false
}
