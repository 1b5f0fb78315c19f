package ptrace_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/ppc64emu/ppc64emu/debug/ptrace"
	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/mem"
	"github.com/ppc64emu/ppc64emu/regs"
)

// tracee stands in for the kernel and a stopped thread, so that the example
// runs on any host: its memory as doublewords, and its register images by
// request (what PTRACE_GET* returns; PTRACE_SET* replaces them). On
// linux/ppc64le or linux/ppc64 a program uses ptrace.System{} (or
// ptrace.NewThread) instead.
type tracee struct {
	mem  map[uint64][ptrace.WordSize]byte
	sets map[[2]uint64][]byte // by {GET request, note type}
}

var errFault = errors.New("input/output error") // what PEEKDATA gives for an unmapped address (EIO)

func (t *tracee) PeekWord(pid int, addr uint64) ([ptrace.WordSize]byte, error) {
	w, ok := t.mem[addr]
	if !ok {
		return w, errFault
	}
	return w, nil
}

func (t *tracee) PokeWord(pid int, addr uint64, w [ptrace.WordSize]byte) error {
	if _, ok := t.mem[addr]; !ok {
		return errFault
	}
	t.mem[addr] = w
	return nil
}

func (t *tracee) ReadVM(pid int, addr uint64, p []byte) (int, error) {
	return 0, errors.ErrUnsupported
}

func (t *tracee) WriteVM(pid int, addr uint64, p []byte) (int, error) {
	return 0, errors.ErrUnsupported
}

func (t *tracee) Transfer(req int, pid int, addr uint64, buf []byte) error {
	switch req {
	case ptrace.PTRACE_SETREGS, ptrace.PTRACE_SETFPREGS, ptrace.PTRACE_SETVRREGS,
		ptrace.PTRACE_SETVSRREGS, ptrace.PTRACE_SETREGSET:
		t.sets[[2]uint64{uint64(req - 1), addr}] = slices.Clone(buf) // each SET is its GET + 1
		return nil
	}
	clear(buf)
	copy(buf, t.sets[[2]uint64{uint64(req), addr}])
	return nil
}

// Example emulates the instruction at a stopped thread's NIP: Thread.Step
// loads its registers, fetches the instruction through its Memory, runs it
// and stores the registers back.
func Example() {
	const pc = 0x10000000
	tr := &tracee{mem: map[uint64][ptrace.WordSize]byte{}, sets: map[[2]uint64][]byte{}}
	for a := uint64(pc); a < pc+64; a += ptrace.WordSize {
		tr.mem[a] = [ptrace.WordSize]byte{}
	}
	t := &ptrace.Thread{Pid: 4242, Sys: tr, Order: binary.LittleEndian}

	// The thread's state: add r3,r4,r5 at pc, r4 = 5, r5 = 7.
	if err := t.Memory().Write(pc, binary.LittleEndian.AppendUint32(nil, 0x7c642a14)); err != nil {
		fmt.Println(err)
		return
	}
	var r regs.Regs
	r.MSR = regs.MSRLinuxUserLE
	r.NIP = pc
	r.GPR[4], r.GPR[5] = 5, 7
	if err := t.StoreRegs(&r); err != nil {
		fmt.Println(err)
		return
	}

	if err := t.Step(emulate.New(emulate.Config{})); err != nil {
		fmt.Println(err)
		return
	}
	var after regs.Regs
	if err := t.LoadRegs(&after); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("r3 = %d, NIP = %#x\n", after.GPR[3], after.NIP)

	// An address the tracee does not have: an *mem.AccessError names
	// the first byte that failed.
	var b [4]byte
	err := t.Memory().Read(0x20000000, b[:])
	var ae *mem.AccessError
	if errors.As(err, &ae) {
		fmt.Printf("fault at %#x: %v\n", ae.Addr, ae.Err)
	}
	// Output:
	// r3 = 12, NIP = 0x10000004
	// fault at 0x20000000: input/output error
}
