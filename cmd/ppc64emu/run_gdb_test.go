package main

import (
	"bufio"
	"io"
	"net"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRunGDB: run -gdb waits for a client, reports the program stopped at
// its entry with SIGTRAP, and ends when the client kills it.
func TestRunGDB(t *testing.T) {
	const cc = "powerpc64le-linux-gnu-gcc"
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("%s not installed (scripts/install-deps.sh installs it)", cc)
	}
	prog := filepath.Join(t.TempDir(), "prog")
	if b, err := exec.Command(cc, "-static", "-O1", "-o", prog, "../../gdbstub/testdata/prog.c", "-lpthread").CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cc, err, b)
	}
	pr, pw := io.Pipe()
	code := make(chan int, 1)
	go func() {
		code <- runRun([]string{"-gdb", "127.0.0.1:0", prog}, io.Discard, pw)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "ppc64emu: waiting for gdb on ")
	if err != nil || !ok {
		t.Fatalf("first line %q, %v", line, err)
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	rd := bufio.NewReader(c)
	if _, err := io.WriteString(c, "$?#3f"); err != nil {
		t.Fatal(err)
	}
	reply, err := rd.ReadString('#')
	if err != nil || !strings.HasPrefix(reply, "+$T05thread:") {
		t.Fatalf("reply to ?: %q, %v", reply, err)
	}
	if _, err := io.WriteString(c, "+$k#6b"); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-code:
		if got != exitOK {
			t.Errorf("exit code %d after kill, want %d", got, exitOK)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("run -gdb did not end after the kill")
	}
}
