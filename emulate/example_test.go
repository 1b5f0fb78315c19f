package emulate_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
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

// ExampleStepRecord_CopyFrom keeps the last 4 steps in a ring of records
// whose storage is reused (no allocation once the ring is full).
func ExampleStepRecord_CopyFrom() {
	m := mem.New()
	var r regs.Regs
	r.MSR, r.NIP = regs.MSRLinuxUser, 0x10000000

	e := emulate.New(emulate.Config{})
	var ring [4]emulate.StepRecord
	n := 0
	e.SetObserver(emulate.ObserverFunc(func(rec *emulate.StepRecord) {
		ring[n%len(ring)].CopyFrom(rec) // rec is reused by the next step
		n++
	}))
	for i := 0; i < 10; i++ {
		_ = e.StepWord(&r, m, 0x38630001, 0) // addi r3,r3,1
	}
	for i := n - len(ring); i < n; i++ {
		fmt.Printf("%#x ", ring[i%len(ring)].Addr)
	}
	fmt.Println(r.GPR[3])
	// Output:
	// 0x10000018 0x1000001c 0x10000020 0x10000024 10
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

// magicCode is a ppc64le function: it returns 0 in r3 unless its buffer
// (r3, length r4) starts with "PPC!", in which case it traps: the bug a
// fuzzer should find. Its words are binutils' assembly of
//
//	        cmpdi r4,4
//	        blt fail
//	        lbz r5,K(r3); cmpwi r5,C; bne fail   (for each byte C of "PPC!" at K)
//	        trap
//	fail:   li r3,0
//	        blr
var magicCode = func() []uint32 {
	const fail = 15 * 4 // fail's offset
	w := []uint32{0x2c240004, 0x41800000 | (fail - 4)}
	for k, c := range []byte("PPC!") {
		bne := uint32(len(w)*4 + 8)
		w = append(w, 0x88a30000|uint32(k), 0x2c050000|uint32(c), 0x40820000|(fail-bne))
	}
	return append(w, 0x7fe00008, 0x38600000, 0x4e800020)
}()

// The addresses of the example machine: magicCode, its input buffer and
// the return address the caller's LR holds (Run's stop address).
const (
	magicAt  = 0x10000
	bufAt    = 0x20000
	returnTo = 0x30000
)

// magicMachine maps magicCode and an input buffer holding in.
func magicMachine(in []byte) (*mem.Memory, regs.Regs) {
	m := mem.New()
	_ = m.Map(magicAt, mem.PageSize, mem.RX)
	for i, w := range magicCode {
		_ = m.Poke(magicAt+4*uint64(i), binary.LittleEndian.AppendUint32(nil, w))
	}
	_ = m.Map(bufAt, mem.PageSize, mem.RW)
	_ = m.Poke(bufAt, in[:min(len(in), mem.PageSize)])
	r := regs.Regs{MSR: regs.MSRLinuxUserLE, NIP: magicAt, LR: returnTo}
	r.GPR[3], r.GPR[4] = bufAt, uint64(len(in))
	return m, r
}

// An instruction-count profiler: a code hook on the function counts the
// instructions executed at each address, printed with their text.
func ExampleHooks_profiler() {
	m, r := magicMachine([]byte("PPx!")) // two bytes match: 13 instructions
	counts := map[uint64]int{}
	hooks := &emulate.Hooks{Code: []emulate.CodeHook{{
		Lo: magicAt, Hi: magicAt + 4*uint64(len(magicCode)),
		Fn: func(r *regs.Regs, in *decode.Inst) error { counts[r.NIP]++; return nil },
	}}}
	e := emulate.New(emulate.Config{})
	n, err := e.Run(&r, m, emulate.RunOptions{Until: []uint64{returnTo}, Hooks: hooks})
	fmt.Println(n, err, r.GPR[3])
	lines, _ := decode.Disassemble(m, magicAt, magicAt+4*uint64(len(magicCode)), binary.LittleEndian)
	for _, l := range lines {
		if c := counts[l.Addr]; c != 0 {
			fmt.Printf("%5d  %x  %s\n", c, l.Addr, l.Inst.Syntax(l.Addr, nil))
		}
	}
	// Output:
	// 13 <nil> 0
	//     1  10000  cmpdi r4,4
	//     1  10004  blt 0x1003c
	//     1  10008  lbz r5,0(r3)
	//     1  1000c  cmpwi r5,80
	//     1  10010  bne 0x1003c
	//     1  10014  lbz r5,1(r3)
	//     1  10018  cmpwi r5,80
	//     1  1001c  bne 0x1003c
	//     1  10020  lbz r5,2(r3)
	//     1  10024  cmpwi r5,67
	//     1  10028  bne 0x1003c
	//     1  1003c  li r3,0
	//     1  10040  blr
}

// covers are distinct Go functions: calling covers[k] marks Go coverage
// counter k, which Go's native fuzzer sees. An edge of the emulated code
// becomes one of them.
var covers = [16]func(){func() { coverHits[0]++ }, func() { coverHits[1]++ }, func() { coverHits[2]++ }, func() { coverHits[3]++ }, func() { coverHits[4]++ }, func() { coverHits[5]++ }, func() { coverHits[6]++ }, func() { coverHits[7]++ }, func() { coverHits[8]++ }, func() { coverHits[9]++ }, func() { coverHits[10]++ }, func() { coverHits[11]++ }, func() { coverHits[12]++ }, func() { coverHits[13]++ }, func() { coverHits[14]++ }, func() { coverHits[15]++ }}

var coverHits [16]int

// FuzzMagic is a coverage-guided fuzz harness for the ppc64 function
// magicCode: a block hook turns each edge the emulated code takes (the
// previous block and this one, hashed as AFL does) into a Go coverage
// counter, so that go test -fuzz=FuzzMagic keeps the inputs that take the
// function along new edges, byte by byte, up to the one that traps
// ("PPC!", found in about 2 s and 5000 runs). Go's fuzzer also sees the
// emulator's own coverage, whose hit counts grow as more of a function
// runs, and on this small function that finds the input without the hook
// as well; the block hook's edges name the guest's control flow itself.
func FuzzMagic(f *testing.F) {
	f.Add([]byte("hello"))
	f.Fuzz(func(t *testing.T, in []byte) {
		m, r := magicMachine(in)
		prev := uint64(0)
		hooks := &emulate.Hooks{Block: []emulate.BlockHook{{
			Lo: magicAt, Hi: magicAt + mem.PageSize,
			Fn: func(_ *regs.Regs, addr uint64) error {
				covers[(prev^addr>>2)%uint64(len(covers))]()
				prev = addr >> 3
				return nil
			},
		}}}
		e := emulate.New(emulate.Config{})
		_, err := e.Run(&r, m, emulate.RunOptions{Until: []uint64{returnTo}, MaxSteps: 1000, Hooks: hooks})
		if errors.Is(err, emulate.ErrTrap) {
			t.Fatalf("the function traps on %q", in)
		}
		if err != nil {
			t.Fatal(err)
		}
	})
}

// ExampleEngine runs the same loop (addi r3,r3,1; bdnz .-4, 1000 times)
// with Run under each engine, for its 2000 instructions: the outcomes are
// the same, only the speed differs (EngineBlock is the default;
// EngineNative runs this loop as generated code on linux/amd64; a Run
// with stop addresses or an Observer steps one instruction at a time).
func ExampleEngine() {
	for _, g := range []emulate.Engine{emulate.EngineBlock, emulate.EngineCached, emulate.EngineStep, emulate.EngineNative} {
		m := mem.New()
		_ = m.Map(0x10000000, 0x1000, mem.RX)
		code := binary.LittleEndian.AppendUint32(nil, 0x38630001) // addi r3,r3,1
		code = binary.LittleEndian.AppendUint32(code, 0x4200fffc) // bdnz .-4
		_ = m.Poke(0x10000000, code)
		r := regs.Regs{MSR: regs.MSRLinuxUserLE, NIP: 0x10000000, CTR: 1000}
		e := emulate.New(emulate.Config{Engine: g})
		n, err := e.Run(&r, m, emulate.RunOptions{MaxSteps: 2000})
		fmt.Printf("%s: %d instructions, r3 = %d, NIP = %#x, %v\n", g, n, r.GPR[3], r.NIP, err)
	}
	// Output:
	// block: 2000 instructions, r3 = 1000, NIP = 0x10000008, emulate: step limit reached
	// cached: 2000 instructions, r3 = 1000, NIP = 0x10000008, emulate: step limit reached
	// step: 2000 instructions, r3 = 1000, NIP = 0x10000008, emulate: step limit reached
	// native: 2000 instructions, r3 = 1000, NIP = 0x10000008, emulate: step limit reached
}
