//go:build linux

package linux

import (
	"os"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
)

// TestWakeMask checks the result of an AIO poll that completes after a
// wait: the events asked for with their normal-data companions.
func TestWakeMask(t *testing.T) {
	for _, c := range []struct {
		revents, events, want int16
	}{
		{unix.POLLIN | abi.POLLRDNORM, unix.POLLIN | unix.POLLERR | unix.POLLHUP, unix.POLLIN | abi.POLLRDNORM},
		{unix.POLLOUT | abi.POLLWRNORM, unix.POLLOUT, unix.POLLOUT | abi.POLLWRNORM},
		{unix.POLLHUP, unix.POLLIN | unix.POLLHUP, unix.POLLHUP},
		{abi.POLLRDNORM, unix.POLLOUT, 0},
	} {
		if got := wakeMask(c.revents, c.events); got != c.want {
			t.Errorf("wakeMask(%#x, %#x) = %#x, want %#x", c.revents, c.events, got, c.want)
		}
	}
}

// TestNowaitRefused checks which files refuse RWF_NOWAIT as Linux 6.1's
// lack FMODE_NOWAIT: pipes and sockets, not regular files or eventfds.
func TestNowaitRefused(t *testing.T) {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	sv, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.CreateTemp(t.TempDir(), "nowait")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ev, err := unix.Eventfd(0, unix.EFD_CLOEXEC)
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range []int{p[0], p[1], sv[0], sv[1], ev} {
		defer unix.Close(fd)
	}
	for _, c := range []struct {
		name string
		fd   int
		want bool
	}{
		{"pipe read end", p[0], true},
		{"pipe write end", p[1], true},
		{"socket", sv[0], true},
		{"regular file", int(f.Fd()), false},
		{"eventfd", ev, false},
	} {
		if got := nowaitRefused(c.fd); got != c.want {
			t.Errorf("%s: nowaitRefused = %v, want %v", c.name, got, c.want)
		}
	}
}
