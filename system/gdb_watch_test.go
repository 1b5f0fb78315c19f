package system

import (
	"net"
	"os/exec"
	"strings"
	"testing"

	"github.com/ppc64emu/ppc64emu/gdbstub"
	"golang.org/x/arch/ppc64/ppc64asm"
)

// GDB's watch, rwatch and awatch against the system-mode stub: GDB (which
// expects POWER's watchpoints to stop before the access, then steps over
// the instruction) shows the store's old and new values after the store,
// the read value after the load, and an access watchpoint that nothing
// accesses lets the program run to its end.
func TestGDBWatchpoints(t *testing.T) {
	gdb, err := exec.LookPath("gdb-multiarch")
	if err != nil {
		t.Skip("gdb-multiarch not installed (scripts/install-deps.sh installs it)")
	}
	c, ram := newTestCPU(t)
	c.Attn = true
	msr := sf | hv | me | le
	c.Regs.MSR = msr
	for i, w := range []uint32{
		enc(t, ppc64asm.ADDI, 5, 0, 0x2000),
		enc(t, ppc64asm.ADDI, 3, 0, 0x1234),
		enc(t, ppc64asm.ADDI, 6, 0, 1),
		enc(t, ppc64asm.STW, 3, 0, 5), // 0xc
		enc(t, ppc64asm.LWZ, 4, 0, 5), // 0x10
		enc(t, ppc64asm.ADDI, 6, 6, 1),
		attnWord,
	} {
		put(ram, 4*uint64(i), w, msr)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() {
		conn, err := ln.Accept()
		ln.Close()
		if err != nil {
			served <- err
			return
		}
		defer conn.Close()
		served <- gdbstub.NewServer(&Debugger{CPU: c}).Serve(conn)
	}()
	out, err := exec.Command(gdb, "-nx", "-batch",
		"-ex", "set architecture powerpc:common64", "-ex", "set endian little",
		"-ex", "target remote "+ln.Addr().String(),
		"-ex", "watch *(int*)0x2000", "-ex", "continue", "-ex", "p/x $pc", "-ex", "delete",
		"-ex", "rwatch *(int*)0x2000", "-ex", "continue", "-ex", "p/x $pc", "-ex", "p/x $r4", "-ex", "delete",
		"-ex", "awatch *(short*)0x2002", "-ex", "continue").CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	<-served
	got := string(out)
	for _, want := range []string{
		"Old value = 0\nNew value = 4660\n", "$1 = 0x10\n", // after the stw at 0xc
		"Value = 4660\n", "$2 = 0x14\n", "$3 = 0x1234\n", // after the lwz at 0x10
		"exited normally",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("GDB's output lacks %q:\n%s", want, got)
		}
	}
}
