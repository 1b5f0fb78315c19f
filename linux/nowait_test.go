//go:build linux

package linux

import (
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// TestNowaitTTY checks which files nowaitTTY opens again (a terminal's
// slave, as a second description of the same terminal, with O_NONBLOCK)
// and which it leaves (-1: a pty master, whose reopening would make a new
// pair, and files that are not terminals), and that a write through the
// description it gives to a full terminal is EAGAIN, not a wait.
func TestNowaitTTY(t *testing.T) {
	m, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	defer unix.Close(m)
	if err := unix.IoctlSetPointerInt(m, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetUint32(m, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := unix.Open("/dev/pts/"+itoa(int(n)), unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(s)
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	defer unix.Close(p[0])
	defer unix.Close(p[1])
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for _, c := range []struct {
		name   string
		fd     int
		reopen bool
	}{
		{"pty slave", s, true},
		{"pty master", m, false},
		{"pipe", p[0], false},
		{"/dev/null", int(null.Fd()), false},
	} {
		nfd := nowaitTTY(c.fd)
		if (nfd >= 0) != c.reopen {
			t.Errorf("%s: nowaitTTY = %d, want a descriptor: %v", c.name, nfd, c.reopen)
		}
		if nfd < 0 {
			continue
		}
		var st, nst unix.Stat_t
		if unix.Fstat(c.fd, &st) != nil || unix.Fstat(nfd, &nst) != nil || st.Rdev != nst.Rdev {
			t.Errorf("%s: the second description is not the same terminal", c.name)
		}
		if !nonblocking(nfd) || nonblocking(c.fd) {
			t.Errorf("%s: O_NONBLOCK: second %v, first %v; want true, false", c.name, nonblocking(nfd), nonblocking(c.fd))
		}
		// Fill the terminal (nobody reads the master): the writes end
		// with EAGAIN.
		buf := make([]byte, 4096)
		var werr error
		for i := 0; i < 1024 && werr == nil; i++ {
			_, werr = unix.Write(nfd, buf)
		}
		if werr != unix.EAGAIN {
			t.Errorf("%s: writes to the full terminal ended with %v, want EAGAIN", c.name, werr)
		}
		unix.Close(nfd)
	}
}
