package debug_test

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ppc64emu/ppc64emu/debug"
	"github.com/ppc64emu/ppc64emu/decode"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
	"github.com/ppc64emu/ppc64emu/trap"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// thread stands for a traced little-endian ppc64 thread. In a real debugger
// its registers and memory come from ptrace (package debug/ptrace) and cont
// is PTRACE_CONT followed by waitpid; here a small CPU model runs it. The
// model executes load-and-reserve and store-conditional itself, as the
// hardware would, and like the hardware it loses the reservation whenever
// the thread stops.
type thread struct {
	r        regs.Regs
	mem      *mem.Memory
	cpu      *emulate.Emulator
	reserved bool
	resvAddr uint64
}

const (
	codeAddr = 0x10000000
	dataAddr = 0x20000000
)

var le = binary.LittleEndian

func newThread(code ...uint32) *thread {
	text := make([]byte, 4*len(code))
	for i, w := range code {
		le.PutUint32(text[4*i:], w)
	}
	t := &thread{cpu: emulate.New(emulate.Config{})}
	t.mem = mem.New()
	// The code is writable: breakpoints are planted in it.
	_ = t.mem.Map(codeAddr, mem.PageSize, mem.RWX)
	_ = t.mem.Map(dataAddr, mem.PageSize, mem.RW)
	_ = t.mem.Poke(codeAddr, text)
	t.r.NIP = codeAddr
	t.r.MSR = regs.MSRSF | regs.MSRPR | regs.MSRLE
	return t
}

// cont runs the thread until it stops: a trap (SIGTRAP) or a system call
// (here: exit).
func (t *thread) cont() error {
	t.reserved = false // a stop clears the reservation
	for {
		err := t.cpu.Fetch(&t.r, t.mem)
		if errors.Is(err, emulate.ErrNotEmulated) {
			err = t.hardware()
		}
		if err != nil {
			return err
		}
	}
}

// hardware executes lwarx and stwcx. at NIP (if the emulator did not).
func (t *thread) hardware() error {
	var b [4]byte
	if err := t.mem.Read(t.r.NIP, b[:]); err != nil {
		return err
	}
	in, err := decode.Lookup(le.Uint32(b[:]), 0)
	if err != nil {
		return err
	}
	rt, ra, rb := in.Args[0], in.Args[1], in.Args[2]
	ea := t.r.GPR[rb]
	if ra != 0 {
		ea += t.r.GPR[ra]
	}
	switch in.Op {
	case ppc64asm.LWARX:
		if err := t.mem.Read(ea, b[:]); err != nil {
			return err
		}
		t.r.GPR[rt] = uint64(le.Uint32(b[:]))
		t.reserved, t.resvAddr = true, ea
	case ppc64asm.STWCXCC:
		cr0 := uint32(0)
		if t.reserved && t.resvAddr == ea {
			le.PutUint32(b[:], uint32(t.r.GPR[rt]))
			if err := t.mem.Write(ea, b[:]); err != nil {
				return err
			}
			cr0 = 2 // EQ: stored
		}
		t.reserved = false
		t.r.CR = t.r.CR&0x0fffffff | cr0<<28
	default:
		return fmt.Errorf("unexpected %s", in.Op)
	}
	t.r.NIP += 4
	return nil
}

// breakpoints plants trap words and remembers the original instructions.
type breakpoints struct {
	t    *thread
	orig map[uint64][4]byte
}

func (bp *breakpoints) set(addr uint64) {
	var old, w [4]byte
	_ = bp.t.mem.Read(addr, old[:])
	le.PutUint32(w[:], trap.LinuxBreakpoint)
	_ = bp.t.mem.Write(addr, w[:])
	bp.orig[addr] = old
}

func (bp *breakpoints) clear(addr uint64) {
	old := bp.orig[addr]
	_ = bp.t.mem.Write(addr, old[:])
	delete(bp.orig, addr)
}

// original decodes the instruction a breakpoint replaced.
func (bp *breakpoints) original(addr uint64) *decode.Inst {
	old := bp.orig[addr]
	in, _ := decode.Lookup(le.Uint32(old[:]), 0)
	return in
}

// The loop of a debugger with a breakpoint: run to it, report, step over it
// by emulating the original instruction (the breakpoint stays planted),
// continue.
func ExampleStepOver() {
	t := newThread(
		0x38600000, // 0x10000000  li    r3,0
		0x38800003, // 0x10000004  li    r4,3
		0x7c632214, // 0x10000008  add   r3,r3,r4    <- breakpoint
		0x3884ffff, // 0x1000000c  addi  r4,r4,-1
		0x2c240000, // 0x10000010  cmpdi r4,0
		0x4082fff4, // 0x10000014  bne   0x10000008
		0x44000002, // 0x10000018  sc    (exit)
	)
	bp := &breakpoints{t: t, orig: map[uint64][4]byte{}}
	bp.set(0x10000008)
	e := emulate.New(emulate.Config{})
	const slot = 0x10001000 // scratch slot for out-of-line steps (unused here)
	for {
		err := t.cont()
		if errors.Is(err, emulate.ErrMustNotStep) { // sc: the program exits
			fmt.Printf("exit with r3=%d\n", t.r.GPR[3])
			return
		}
		if !errors.Is(err, emulate.ErrTrap) {
			fmt.Println("unexpected:", err)
			return
		}
		fmt.Printf("breakpoint at %#x: r3=%d r4=%d\n", t.r.NIP, t.r.GPR[3], t.r.GPR[4])
		plan, err := debug.StepOver(e, &t.r, t.mem, bp.original(t.r.NIP), slot)
		switch {
		case err != nil:
			fmt.Println("cannot step over:", err)
			return
		case plan != nil:
			fmt.Println("needs an out-of-line step at", plan.Slot)
			return
		}
		fmt.Printf("  stepped over by emulation: r3=%d, now at %#x\n", t.r.GPR[3], t.r.NIP)
	}
	// Output:
	// breakpoint at 0x10000008: r3=0 r4=3
	//   stepped over by emulation: r3=3, now at 0x1000000c
	// breakpoint at 0x10000008: r3=3 r4=2
	//   stepped over by emulation: r3=5, now at 0x1000000c
	// breakpoint at 0x10000008: r3=5 r4=1
	//   stepped over by emulation: r3=6, now at 0x1000000c
	// exit with r3=6
}

// Software single-step through an atomic increment: at every instruction
// the debugger plants a breakpoint on each next PC and continues. At the
// lwarx it plants them after the whole larx … stcx. sequence instead: a
// stop between the two would lose the reservation, and the stwcx. would
// fail every time.
func ExampleFindAtomicSequence() {
	t := newThread(
		0x38800001, // 0x10000000  li     r4,1
		0x7d201828, // 0x10000004  lwarx  r9,0,r3
		0x7d292214, // 0x10000008  add    r9,r9,r4
		0x7d20192d, // 0x1000000c  stwcx. r9,0,r3
		0x4082fff4, // 0x10000010  bne-   0x10000004
		0x44000002, // 0x10000014  sc     (exit)
	)
	t.r.GPR[3] = dataAddr
	_ = t.mem.Write(dataAddr, le.AppendUint32(nil, 41))
	bp := &breakpoints{t: t, orig: map[uint64][4]byte{}}
	var buf [4]byte
	for {
		_ = t.mem.Read(t.r.NIP, buf[:])
		in, _ := decode.Lookup(le.Uint32(buf[:]), 0)
		var targets []uint64
		if debug.IsLoadReserve(in) {
			seq, err := debug.FindAtomicSequence(t.mem, t.r.NIP, t.r.MSR)
			if err != nil {
				fmt.Println(err)
				return
			}
			fmt.Printf("%#x: atomic sequence to %#x, run to %#x\n", t.r.NIP, seq.StoreCond, seq.ExitAddrs())
			targets = seq.ExitAddrs()
		} else {
			next := debug.NextPCs(in, &t.r, false)
			if next.Flow == debug.Syscall {
				fmt.Printf("%#x: sc: exit, counter = %d\n", t.r.NIP, counter(t))
				return
			}
			fmt.Printf("%#x: %s -> %#x\n", t.r.NIP, in.Op, next.Addrs())
			targets = next.Addrs()
		}
		for _, a := range targets {
			bp.set(a)
		}
		err := t.cont()
		for _, a := range targets {
			bp.clear(a)
		}
		if !errors.Is(err, emulate.ErrTrap) {
			fmt.Println("unexpected:", err)
			return
		}
	}
	// Output:
	// 0x10000000: li -> [0x10000004]
	// 0x10000004: atomic sequence to 0x1000000c, run to [0x10000010]
	// 0x10000010: bc -> [0x10000014]
	// 0x10000014: sc: exit, counter = 42
}

// ExampleNextPCs predicts where a conditional branch goes, from the
// registers and ignoring them (for a breakpoint on every possible
// successor).
func ExampleNextPCs() {
	in, _ := decode.DecodeWord(0x4082fff4, 0) // bne .-0xc
	var r regs.Regs
	r.MSR, r.NIP = regs.MSRLinuxUser, 0x10000010
	r.SetCRField(0, regs.CREQ) // the compare found equality: not taken

	n := debug.NextPCs(&in, &r, debug.FromState)
	fmt.Printf("%v %#x\n", n.Flow, n.Addrs())
	n = debug.NextPCs(&in, &r, debug.AnyCondition)
	fmt.Printf("%v %#x\n", n.Flow, n.Addrs())
	// Output:
	// branch [0x10000014]
	// branch [0x10000014 0x10000004]
}

// counter reads the word at dataAddr.
func counter(t *thread) uint32 {
	var b [4]byte
	_ = t.mem.Read(dataAddr, b[:])
	return le.Uint32(b[:])
}
