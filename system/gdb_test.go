package system

import (
	"encoding/binary"
	"testing"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// debugCPU is a big-endian hypervisor CPU with translation on (the test
// radix tree; page 0x3000 maps to physical 0x5000), stopped at at, where
// prog lies, with attn enabled.
func debugCPU(t *testing.T, prog ...uint32) (*CPU, []byte) {
	t.Helper()
	c, ram := newTestCPU(t)
	mapRadix(c, ram, pteRead|pteRW|pteExec|pteR|pteC)
	msr := sf | hv | me | ir | dr
	c.Attn = true
	c.Regs.NIP, c.Regs.MSR = at, msr
	for i, w := range prog {
		put(ram, at+4*uint64(i), w, msr)
	}
	setPTE(ram, 0x3000, pteValid|pteLeaf|0x5000|pteRead|pteRW|pteR|pteC)
	return c, ram
}

func TestDebugger(t *testing.T) {
	// The debugger sees virtual addresses: 0x3010 is physical 0x5010.
	c, ram := debugCPU(t,
		enc(t, ppc64asm.ADDI, 3, 0, 1),
		enc(t, ppc64asm.ADDI, 3, 3, 1),
		enc(t, ppc64asm.ADDI, 3, 3, 1),
		attnWord)
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

// Watchpoints watch effective addresses through the translation: a write
// watchpoint stops before the store to its bytes (stop reason watch, the
// address), a read watchpoint before the load (rwatch; the first watched
// byte the load reads), not before a store; an access watchpoint before
// either; the instruction has not run (GDB steps over it); resumed there,
// it runs; the debugger's own reads do not trigger them.
func TestDebuggerWatchpoints(t *testing.T) {
	c, ram := debugCPU(t,
		enc(t, ppc64asm.STW, 3, 0, 5),  // at: store to 0x3010 (physical 0x5010)
		enc(t, ppc64asm.LBZ, 4, 2, 5),  // at+4: load 0x3012
		enc(t, ppc64asm.ADDI, 6, 0, 1), // at+8
		enc(t, ppc64asm.STB, 6, 3, 5),  // at+12: store 1 at 0x3013
		attnWord)
	c.Regs.GPR[5], c.Regs.GPR[3] = 0x3010, 0x1234
	d := &Debugger{CPU: c}
	pts := gdbstub.NewPoints()
	for _, z := range []struct{ kind, addr, n uint64 }{{2, 0x3010, 4}, {3, 0x3012, 1}} {
		if err := pts.Insert(int(z.kind), z.addr, z.n); err != nil {
			t.Fatal(err)
		}
	}
	var b [4]byte
	if err := d.ReadMemory(0x3010, b[:]); err != nil {
		t.Fatal(err)
	}
	word := func() uint32 { return binary.BigEndian.Uint32(ram[0x5010:]) }
	for _, want := range []struct {
		reason gdbstub.Reason
		addr   uint64
		nip    uint64
		mem    uint32 // the watched word when stopped (big-endian)
		r4     uint64
	}{
		{gdbstub.ReasonWatch, 0x3010, at, 0, 0},              // before the stw
		{gdbstub.ReasonRWatch, 0x3012, at + 4, 0x1234, 0},    // before the lbz
		{gdbstub.ReasonWatch, 0x3013, at + 12, 0x1234, 0x12}, // before the stb (not the read watchpoint)
	} {
		st := d.Resume(gdbstub.Action{Points: pts})
		if st.Kind != gdbstub.StopSignal || st.Signal != sigTRAP || st.Reason != want.reason || st.Addr != want.addr || c.Regs.NIP != want.nip {
			t.Fatalf("continue: %+v NIP %#x; want reason %d at %#x, NIP %#x", st, c.Regs.NIP, want.reason, want.addr, want.nip)
		}
		if word() != want.mem || c.Regs.GPR[4] != want.r4 {
			t.Errorf("stopped at %#x: memory %#x r4 %#x, want %#x, %#x (the instruction not run)", c.Regs.NIP, word(), c.Regs.GPR[4], want.mem, want.r4)
		}
	}
	pts.Remove(2, 0x3010, 4)
	pts.Remove(3, 0x3012, 1)
	if err := pts.Insert(4, 0x3000, 0x1000); err != nil {
		t.Fatal(err)
	}
	c.Regs.NIP = at + 4 // the lbz again, now under an access watchpoint
	st := d.Resume(gdbstub.Action{Step: true, Points: pts})
	if st.Reason != gdbstub.ReasonAWatch || st.Addr != 0x3012 || c.Regs.NIP != at+4 {
		t.Errorf("step at lbz with an access watchpoint: %+v NIP %#x", st, c.Regs.NIP)
	}
	pts.Remove(4, 0x3000, 0x1000)
	c.Regs.NIP = at + 12
	if st := d.Resume(gdbstub.Action{Points: pts}); st.Kind != gdbstub.StopExited {
		t.Errorf("continue without watchpoints: %+v, want the exit at attn", st)
	}
	if word() != 0x1201 {
		t.Errorf("physical 0x5010 = %#x, want 0x1201 (the stw, then the stb; big-endian)", word())
	}
}
