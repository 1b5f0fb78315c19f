//go:build linux

package linux_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPty returns a new pseudo-terminal's master and slave.
func openPty(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here (%v): termios test skipped", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Skipf("ptsname: %v", err)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("open pts: %v", err)
	}
	return m, s
}

// runOnPty runs name args with a fresh pseudo-terminal as its controlling
// terminal and stdin, stdout and stderr, and returns what it wrote.
func runOnPty(t *testing.T, name string, args ...string) []byte {
	m, s := openPty(t)
	defer m.Close()
	cmd := exec.Command(name, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s, s, s
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		s.Close()
		t.Fatalf("%s: %v", name, err)
	}
	s.Close()
	var out bytes.Buffer
	done := make(chan struct{})
	go func() {
		// The master reads EIO once the program and its descendants
		// have closed the slave.
		_, _ = io.Copy(&out, m)
		close(done)
	}()
	werr := cmd.Wait()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s: output did not end", name)
	}
	var ee *exec.ExitError
	if werr != nil && !errors.As(werr, &ee) {
		t.Fatalf("%s: %v", name, werr)
	}
	if werr != nil {
		t.Errorf("%s: %v\n%s", name, werr, out.Bytes())
	}
	return out.Bytes()
}

// TestTermiosPty runs the corpus program termios.c (tcgetattr/tcsetattr,
// speeds, c_cc, window size on a terminal) on a pseudo-terminal under
// qemu-user and under ppc64emu run, in both byte orders, and requires the
// same output: powerpc's struct termios, flag values and ioctl numbers
// differ from the host's, and the runner translates them.
func TestTermiosPty(t *testing.T) {
	if testing.Short() {
		t.Skip("whole-program test skipped in -short mode")
	}
	comparePtyRuns(t, "termios", runOnPty, "TIOCGWINSZ: 0 33 101 7 9", "qemu's output lacks the window size line: not a terminal?")
}

// comparePtyRuns runs corpus program c-PROG in both byte orders under
// qemu-user and under ppc64emu run, each through run (a pseudo-terminal
// harness), and requires the same output, and qemu's to hold mustHave
// (else the harness did not do its part: lacks says how).
func comparePtyRuns(t *testing.T, prog string, run func(t *testing.T, name string, args ...string) []byte, mustHave, lacks string) {
	emu := buildRunner(t)
	for _, v := range []struct{ tag, qemu string }{{"le", "qemu-ppc64le"}, {"be", "qemu-ppc64"}} {
		t.Run(v.tag, func(t *testing.T) {
			bin := filepath.Join(corpusDir, "c-"+prog+"."+v.tag)
			if _, err := os.Stat(bin); err != nil {
				t.Skipf("no c-%s binary: run scripts/build-corpus.sh first", prog)
			}
			if _, err := exec.LookPath(v.qemu); err != nil {
				t.Skipf("%s not installed: comparison skipped", v.qemu)
			}
			want := run(t, v.qemu, bin)
			got := run(t, emu, "run", bin)
			if !bytes.Equal(got, want) {
				t.Errorf("output differs\n--- runner\n%s\n--- qemu\n%s", got, want)
			}
			if !bytes.Contains(want, []byte(mustHave)) {
				t.Errorf("%s\n%s", lacks, want)
			}
		})
	}
}

// TestTtyForeground runs the corpus program fgsig.c on a pseudo-terminal
// that is its controlling terminal, under qemu-user and under ppc64emu
// run, in both byte orders: it makes a child's group the terminal's
// foreground group, and the INTR character the test writes to the master
// once the child says "ready" must reach that child only. Under the runner
// the host sends the INTR's SIGINT to the runner (its host group is the
// foreground one), which gives it to the guest's foreground group.
func TestTtyForeground(t *testing.T) {
	if testing.Short() {
		t.Skip("whole-program test skipped in -short mode")
	}
	comparePtyRuns(t, "fgsig", interruptOnPty, "child: SIGINT", "qemu's child got no SIGINT:")
}

// TestTtyGroup runs the corpus program ttygroup.c on a pseudo-terminal
// that is its controlling terminal, under qemu-user and under ppc64emu
// run, in both byte orders: the INTR character the test writes to the
// master once the program says "ready" must reach the program and its
// child in its group, not its child in a group of its own. Under the
// runner the host sends the SIGINT to the runner alone, with si_code
// SI_KERNEL (internal/hostsig), and the runner gives it to every guest
// process of its host group (Process.TerminalSignal); where the runner
// cannot tell the si_code (a host other than linux/amd64) the first
// process alone gets it and the run would not end.
func TestTtyGroup(t *testing.T) {
	if testing.Short() {
		t.Skip("whole-program test skipped in -short mode")
	}
	if runtime.GOARCH != "amd64" {
		t.Skip("the runner tells a terminal's signals on linux/amd64 only")
	}
	comparePtyRuns(t, "ttygroup", interruptOnPty, "same group child exited 5", "qemu's child in the program's group got no SIGINT:")
}

// interruptOnPty runs name args on a fresh pseudo-terminal (its
// controlling terminal), writes the INTR character (^C) to the master when
// the program has printed "ready", and returns all it wrote.
//
// The terminal has NOFLSH set and ECHO clear. Without NOFLSH, Linux's
// n_tty flushes the output queue after it has sent the INTR's signal
// (isig), so what the signalled processes wrote before the flush, and
// the master had not read yet, was lost: under load the whole rest of
// the run's output went so, under qemu-user as under the runner. Without
// ECHO the ^C is not echoed, whose place among what the signalled
// processes write would also depend on timing.
func interruptOnPty(t *testing.T, name string, args ...string) []byte {
	m, s := openPty(t)
	defer m.Close()
	tio, err := unix.IoctlGetTermios(int(s.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatalf("TCGETS: %v", err)
	}
	tio.Lflag |= unix.NOFLSH
	tio.Lflag &^= unix.ECHO
	if err := unix.IoctlSetTermios(int(s.Fd()), unix.TCSETS, tio); err != nil {
		t.Fatalf("TCSETS: %v", err)
	}
	cmd := exec.Command(name, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s, s, s
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		s.Close()
		t.Fatalf("%s: %v", name, err)
	}
	s.Close()
	var out []byte
	buf := make([]byte, 256)
	sent := false
	// A run the ^C did not end is killed (its whole session: the
	// runner, or qemu-user's processes), which closes the slave.
	timer := time.AfterFunc(60*time.Second, func() {
		t.Errorf("%s: no end after 60 s", name)
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	})
	defer timer.Stop()
	for {
		n, err := m.Read(buf)
		out = append(out, buf[:n]...)
		if !sent && bytes.Contains(out, []byte("ready\r\n")) {
			if _, err := m.Write([]byte{3}); err != nil {
				t.Fatalf("writing ^C: %v", err)
			}
			sent = true
		}
		if err != nil {
			break // EIO: the program and its children closed the slave
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("%s: %v\n%s", name, err, out)
	}
	return out
}
