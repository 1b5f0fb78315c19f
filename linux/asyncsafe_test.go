//go:build linux

package linux_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestAsyncHostSafe runs the corpus program asyncsafe.c under ppc64emu run
// with a pseudo-terminal slave as its standard input, in both byte orders.
// The guest makes the slave signal-driven with SIGSEGV as its F_SETSIG
// signal and prints "ready"; then no host descriptor of the runner may
// have O_ASYNC (a host fasync entry, through which the host's tty_fasync
// would make the runner the owner and send it the SIGSEGV), which the
// test reads from /proc/PID/fdinfo. The test then writes a line to the
// master while the guest spins: the guest must get its SIGSEGV with
// si_code SI_SIGIO and read the line, and the runner end with status 0.
func TestAsyncHostSafe(t *testing.T) {
	if testing.Short() {
		t.Skip("whole-program test skipped in -short mode")
	}
	emu := buildRunner(t)
	for _, tag := range []string{"le", "be"} {
		t.Run(tag, func(t *testing.T) {
			bin := filepath.Join(corpusDir, "c-asyncsafe."+tag)
			if !fileExists(bin) {
				t.Skip("no c-asyncsafe binary: run scripts/build-corpus.sh first")
			}
			m, s := openPty(t)
			defer m.Close()
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			cmd := exec.Command(emu, "run", bin, "stdin")
			cmd.Stdin, cmd.Stdout, cmd.Stderr = s, w, w
			if err := cmd.Start(); err != nil {
				s.Close()
				w.Close()
				t.Fatal(err)
			}
			s.Close()
			w.Close()
			// A run that never ends (the signal lost) is killed, which
			// closes the pipe.
			timer := time.AfterFunc(60*time.Second, func() {
				t.Errorf("no end after 60 s")
				_ = cmd.Process.Kill()
			})
			defer timer.Stop()
			var out bytes.Buffer
			in := bufio.NewReader(r)
			for {
				line, err := in.ReadString('\n')
				out.WriteString(line)
				if line == "ready\n" {
					break
				}
				if err != nil {
					cmd.Wait()
					t.Fatalf("no ready line:\n%s", out.String())
				}
			}
			for _, fd := range hostAsyncFDs(t, cmd.Process.Pid) {
				t.Errorf("the runner's host descriptor %s has O_ASYNC", fd)
			}
			if _, err := m.Write([]byte("x\n")); err != nil {
				t.Fatalf("writing to the master: %v", err)
			}
			rest, _ := in.ReadString(0) // to the end of the run
			out.WriteString(rest)
			if err := cmd.Wait(); err != nil {
				t.Errorf("runner: %v", err)
			}
			for _, want := range []string{"F_GETSIG: 11\n", "SIGSEGV: code=-5 band=0x41 fd=ok\n", "read: 2\n"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("output lacks %q:\n%s", want, out.String())
				}
			}
		})
	}
}

// hostAsyncFDs returns the descriptors of host process pid whose open
// file descriptions have O_ASYNC (the flags line of /proc/PID/fdinfo).
func hostAsyncFDs(t *testing.T, pid int) []string {
	t.Helper()
	dir := "/proc/" + strconv.Itoa(pid) + "/fdinfo"
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("reading %s: %v", dir, err)
	}
	var fds []string
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue // closed since
		}
		for _, l := range strings.Split(string(b), "\n") {
			v, ok := strings.CutPrefix(l, "flags:")
			if !ok {
				continue
			}
			fl, err := strconv.ParseUint(strings.TrimSpace(v), 8, 64)
			if err != nil {
				t.Fatalf("%s/%s: flags %q: %v", dir, e.Name(), v, err)
			}
			if fl&unix.O_ASYNC != 0 {
				fds = append(fds, e.Name())
			}
		}
	}
	return fds
}
