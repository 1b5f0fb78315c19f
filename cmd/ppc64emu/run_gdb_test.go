//go:build linux

package main

import (
	"bufio"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestRunGDB: run -gdb waits for a client, reports the program stopped at
// its entry with SIGTRAP, and ends when the client kills it; on the
// loopback address when ADDR names no host, on a Unix socket only the user
// can open for unix:PATH.
func TestRunGDB(t *testing.T) {
	const cc = "powerpc64le-linux-gnu-gcc"
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("%s not installed (scripts/install-deps.sh installs it)", cc)
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "prog")
	if b, err := exec.Command(cc, "-static", "-O1", "-o", prog, "../../gdbstub/testdata/prog.c", "-lpthread").CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cc, err, b)
	}
	sock := filepath.Join(dir, "gdb.sock")
	for _, tc := range []struct {
		arg     string
		network string
		addr    *regexp.Regexp // the address the runner says it waits on
	}{
		{"127.0.0.1:0", "tcp", regexp.MustCompile(`^127\.0\.0\.1:[0-9]+$`)},
		{":0", "tcp", regexp.MustCompile(`^127\.0\.0\.1:[0-9]+$`)},
		{"unix:" + sock, "unix", regexp.MustCompile("^" + regexp.QuoteMeta(sock) + "$")},
	} {
		t.Run(tc.arg, func(t *testing.T) {
			pr, pw := io.Pipe()
			code := make(chan int, 1)
			go func() {
				code <- runRun([]string{"-gdb", tc.arg, prog}, io.Discard, pw)
				pw.Close()
			}()
			line, err := bufio.NewReader(pr).ReadString('\n')
			go func() { _, _ = io.Copy(io.Discard, pr) }()
			addr, ok := strings.CutPrefix(strings.TrimSpace(line), "ppc64emu: waiting for gdb on ")
			if err != nil || !ok || !tc.addr.MatchString(addr) {
				t.Fatalf("first line %q, %v; want the address to match %v", line, err, tc.addr)
			}
			if tc.network == "unix" {
				if fi, err := os.Stat(addr); err != nil || fi.Mode().Perm() != 0o600 {
					t.Errorf("socket %s: %v, %v; want mode 0600", addr, fi.Mode(), err)
				}
			}
			c, err := net.Dial(tc.network, addr)
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
			if tc.network == "unix" {
				if _, err := os.Stat(addr); !os.IsNotExist(err) {
					t.Errorf("socket %s left behind: %v", addr, err)
				}
			}
		})
	}
}

// gdbNetAddr: no host means loopback; a path means a Unix socket.
func TestGDBNetAddr(t *testing.T) {
	for _, tc := range []struct{ in, network, addr string }{
		{":1234", "tcp", "127.0.0.1:1234"},
		{"1234", "tcp", "127.0.0.1:1234"},
		{"localhost:1234", "tcp", "localhost:1234"},
		{"0.0.0.0:1234", "tcp", "0.0.0.0:1234"},
		{"[::]:1234", "tcp", "[::]:1234"},
		{"unix:/tmp/gdb.sock", "unix", "/tmp/gdb.sock"},
		{"unix:gdb.sock", "unix", "gdb.sock"},
		{"./gdb.sock", "unix", "./gdb.sock"},
	} {
		if n, a := gdbNetAddr(tc.in); n != tc.network || a != tc.addr {
			t.Errorf("gdbNetAddr(%q) = %s %s, want %s %s", tc.in, n, a, tc.network, tc.addr)
		}
	}
}

// An address other than a loopback one draws a warning; a loopback one
// does not.
func TestGDBListenWarns(t *testing.T) {
	for _, tc := range []struct {
		addr string
		warn bool
	}{
		{"127.0.0.1:0", false},
		{":0", false},
		{"0.0.0.0:0", true},
	} {
		var errOut strings.Builder
		ln, err := gdbListen(tc.addr, &errOut)
		if err != nil {
			t.Fatalf("%s: %v", tc.addr, err)
		}
		ln.Close()
		if got := strings.Contains(errOut.String(), "without authentication"); got != tc.warn {
			t.Errorf("%s: stderr %q, want a warning: %v", tc.addr, errOut.String(), tc.warn)
		}
	}
}
