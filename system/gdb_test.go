package system

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"golang.org/x/arch/ppc64/ppc64asm"
)

func TestDebugger(t *testing.T) {
	c, ram := newTestCPU(t)
	mapRadix(c, ram, pteRead|pteRW|pteExec|pteR|pteC)
	msr := sf | hv | me | ir | dr
	c.Attn = true
	c.Regs.NIP, c.Regs.MSR = at, msr
	for i, w := range []uint32{
		enc(t, ppc64asm.ADDI, 3, 0, 1),
		enc(t, ppc64asm.ADDI, 3, 3, 1),
		enc(t, ppc64asm.ADDI, 3, 3, 1),
		attnWord,
	} {
		put(ram, at+4*uint64(i), w, msr)
	}
	// Page 0x3000 maps to physical 0x5000: the debugger sees the
	// virtual address.
	setPTE(ram, 0x3000, pteValid|pteLeaf|0x5000|pteRead|pteRW|pteR|pteC)
	binary.BigEndian.PutUint32(ram[0x5010:], 0xfeedf00d)
	d := &Debugger{CPU: c}
	var b [4]byte
	if err := d.ReadMemory(0x3010, b[:]); err != nil || binary.BigEndian.Uint32(b[:]) != 0xfeedf00d {
		t.Errorf("ReadMemory(0x3010): %x, %v", b, err)
	}
	if err := d.WriteMemory(0x3ffe, []byte{1, 2, 3, 4}); err != nil || ram[0x5ffe] != 1 || ram[0x4000] != 3 {
		t.Errorf("WriteMemory across pages: %v, %x %x", err, ram[0x5ffe:0x6000], ram[0x4000:0x4002])
	}
	if err := d.ReadMemory(1<<40, b[:]); err == nil {
		t.Error("ReadMemory outside the tree: no error")
	}
	for cmd, want := range map[string]string{
		"phys 0x5010 4":    "0x5010: feedf00d\n",
		"translate 0x3010": "0x3010 -> 0x5010\n",
	} {
		if got, err := d.Monitor(cmd); got != want || err != nil {
			t.Errorf("monitor %s: %q, %v; want %q", cmd, got, err, want)
		}
	}
	if _, err := d.Monitor("phys 0x7fffffff 16"); err == nil {
		t.Error("monitor phys beyond RAM: no error")
	}
	st := d.Resume(gdbstub.Action{Step: true})
	if st.Kind != gdbstub.StopSignal || st.Signal != sigTRAP || c.Regs.NIP != at+4 || c.Regs.GPR[3] != 1 {
		t.Errorf("step: %+v NIP %#x r3 %d", st, c.Regs.NIP, c.Regs.GPR[3])
	}
	pts := gdbstub.NewPoints()
	if err := pts.Insert(0, at+8, 4); err != nil {
		t.Fatal(err)
	}
	st = d.Resume(gdbstub.Action{Points: pts})
	if st.Reason != gdbstub.ReasonSWBreak || c.Regs.NIP != at+8 || c.Regs.GPR[3] != 2 {
		t.Errorf("continue to breakpoint: %+v NIP %#x r3 %d", st, c.Regs.NIP, c.Regs.GPR[3])
	}
	st = d.Resume(gdbstub.Action{Points: pts})
	if st.Kind != gdbstub.StopExited || c.Regs.GPR[3] != 3 || len(d.Threads()) != 0 {
		t.Errorf("continue to attn: %+v r3 %d", st, c.Regs.GPR[3])
	}
}
