package emulate_test

import (
	"errors"
	"fmt"
	"math"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// Example steps one instruction of a little-endian Linux process and
// tells the outcomes apart.
func Example() {
	m := mem.New()
	_ = m.Map(0x10000000, 0x1000, mem.RX)
	_ = m.Poke(0x10000000, []byte{0x14, 0x2a, 0x64, 0x7c}) // add r3,r4,r5 (little-endian bytes)

	var r regs.Regs
	r.MSR = regs.MSRLinuxUserLE
	r.NIP = 0x10000000
	r.GPR[4], r.GPR[5] = 5, 7

	e := emulate.New(emulate.Config{})
	err := e.Fetch(&r, m)
	switch {
	case err == nil:
		fmt.Printf("r3 = %d, nip = %#x\n", r.GPR[3], r.NIP)
	case errors.Is(err, emulate.ErrNotEmulated):
		fmt.Println("single-step it in hardware:", err)
	case errors.Is(err, emulate.ErrTrap):
		fmt.Println("a trap fired")
	default:
		fmt.Println("stopped:", err)
	}
	// Output:
	// r3 = 12, nip = 0x10000004
}

// Example_linuxUser shows why user code is emulated under MSRLinuxUserLE:
// MSRUser64LE has the floating-point facility off, so the first
// floating-point load of a program is refused.
func Example_linuxUser() {
	m := mem.New()
	_ = m.Map(0x20000000, 0x1000, mem.RW)
	_ = m.Poke(0x20000000, []byte{0, 0, 0, 0, 0, 0, 0xf8, 0x3f}) // 1.5, little-endian
	const lfd = 0xc8240000                                       // lfd f1,0(r4)

	e := emulate.New(emulate.Config{})
	for _, msr := range []uint64{regs.MSRUser64LE, regs.MSRLinuxUserLE} {
		var r regs.Regs
		r.MSR, r.NIP, r.GPR[4] = msr, 0x10000000, 0x20000000
		err := e.StepWord(&r, m, lfd, 0)
		fmt.Printf("MSR %#x: err=%v f1=%v\n", msr, err, math.Float64frombits(r.FPR(1)))
	}
	// Output:
	// MSR 0x900000000000d033: err=emulate: facility unavailable: lfd: FP unavailable f1=0
	// MSR 0x900000000280f033: err=<nil> f1=1.5
}

// Example_fault handles a data access fault: the step reports where and
// why, and leaves the registers as they were.
func Example_fault() {
	m := mem.New()
	_ = m.Map(0x20000000, 0x1000, mem.Read) // read-only data
	const std = 0xf8640000                  // std r3,0(r4)

	var r regs.Regs
	r.MSR, r.NIP = regs.MSRLinuxUser, 0x10000000
	r.GPR[3], r.GPR[4] = 42, 0x20000ff8
	before := r
	err := emulate.New(emulate.Config{}).StepWord(&r, m, std, 0)

	var f *emulate.Fault
	if errors.As(err, &f) {
		fmt.Printf("write fault at %#x (%d bytes), permission: %v, data fault: %v\n",
			f.Addr, f.Size, errors.Is(err, mem.ErrPermission), errors.Is(err, emulate.ErrDataFault))
	}
	fmt.Println("registers unchanged:", r == before)
	// Output:
	// write fault at 0x20000ff8 (8 bytes), permission: true, data fault: true
	// registers unchanged: true
}

// ExampleConfig_sPR supplies the SPRs the register file does not hold
// (here TEXASR, SPR 130) to mfspr; without the hook the read answers
// ErrNotEmulated.
func ExampleConfig_sPR() {
	var r regs.Regs
	r.MSR = regs.MSRLinuxUserLE
	const mfsprR3TEXASR = 0x7c6222a6 // mfspr r3,130

	e := emulate.New(emulate.Config{})
	err := e.StepWord(&r, nil, mfsprR3TEXASR, 0)
	fmt.Println(errors.Is(err, emulate.ErrNotEmulated))

	e = emulate.New(emulate.Config{SPR: func(n int) (uint64, bool) {
		if n == 130 {
			return 0x8800000100000000, true // as a debugger read it from the thread
		}
		return 0, false
	}})
	err = e.StepWord(&r, nil, mfsprR3TEXASR, 0)
	fmt.Printf("%v %#x\n", err, r.GPR[3])
	// Output:
	// true
	// <nil> 0x8800000100000000
}

// ExampleEmulator_SetObserver records what each step changed, and undoes
// a step from its record.
func ExampleEmulator_SetObserver() {
	m := mem.New()
	_ = m.Map(0x20000000, 0x1000, mem.RW)
	var r regs.Regs
	r.MSR, r.NIP = regs.MSRLinuxUser, 0x10000000
	r.GPR[3], r.GPR[4] = 42, 0x20000000

	e := emulate.New(emulate.Config{})
	var last *emulate.StepRecord
	e.SetObserver(emulate.ObserverFunc(func(rec *emulate.StepRecord) {
		last = rec.Clone() // rec is reused by the next step
		for _, w := range rec.Regs {
			fmt.Printf("  %v: %#x -> %#x\n", w.Reg, w.Old.Lo, w.New.Lo)
		}
		for _, w := range rec.Mem {
			fmt.Printf("  mem %#x: % x -> % x\n", w.Addr, w.Old, w.New)
		}
	}))
	fmt.Println("stw r3,0(r4):")
	_ = e.StepWord(&r, m, 0x90640000, 0)
	c := e.Context() // its registers are r; Undo restores the whole Context
	c.Regs = r
	fmt.Println("undo:", last.Undo(c, m), c.Regs.NIP == 0x10000000)
	// Output:
	// stw r3,0(r4):
	//   nip: 0x10000000 -> 0x10000004
	//   mem 0x20000000: 00 00 00 00 -> 00 00 00 2a
	// undo: <nil> true
}

// ExampleContext: a thread's whole state is one value. The emulator steps
// the Context SetContext gave it (the registers are Step's argument, here
// &c.Regs); saving and restoring a thread is an assignment. After xxsetaccz
// primes ACC[0], the hardware profile refuses an FPR access to VSRs 0-3
// (undefined while the accumulator is primed); xxmfacc deprimes it.
func ExampleContext() {
	var c emulate.Context
	c.Regs.MSR = regs.MSRLinuxUserLE
	e := emulate.New(emulate.Config{})
	e.SetContext(&c)
	_ = e.StepWord(&c.Regs, nil, 0x7c030162, 0) // xxsetaccz a0
	saved := c                                  // save the thread
	for _, w := range []uint32{
		0xfc22182a, // fadd f1,f2,f3
		0x7c000162, // xxmfacc a0
		0xfc22182a, // fadd f1,f2,f3
	} {
		err := e.StepWord(&c.Regs, nil, w, 0)
		fmt.Printf("primed %#b, err %v\n", c.Primed, errors.Is(err, emulate.ErrNotEmulated))
	}
	fmt.Println("changed since saved:", c != saved)
	c = saved // restore it
	fmt.Printf("restored: primed %#b, NIP %#x\n", c.Primed, c.Regs.NIP)
	// Output:
	// primed 0b1, err true
	// primed 0b0, err false
	// primed 0b0, err false
	// changed since saved: true
	// restored: primed 0b1, NIP 0x4
}

// ExampleEmulator_FetchInst looks at the instruction at NIP before
// stepping it, as a debugger does: FetchInst reads and decodes it (byte
// order from MSR[LE]) without executing it, and Syntax disassembles it with
// its absolute branch target.
func ExampleEmulator_FetchInst() {
	m := mem.New()
	_ = m.Map(0x10000000, 0x1000, mem.RX)
	_ = m.Poke(0x10000008, []byte{0xf8, 0xff, 0x82, 0x40}) // bne 0x10000000: BD = -8 (little-endian bytes)

	var r regs.Regs
	r.MSR = regs.MSRLinuxUserLE
	r.NIP = 0x10000008
	e := emulate.New(emulate.Config{})

	in, err := e.FetchInst(&r, m)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(in.Syntax(r.NIP, nil), "NIP still", fmt.Sprintf("%#x", r.NIP))
	err = e.Step(&r, m, in) // CR0[EQ] = 0: taken
	fmt.Printf("%v, NIP %#x\n", err, r.NIP)
	// Output:
	// bne 0x10000000 NIP still 0x10000008
	// <nil>, NIP 0x10000000
}
